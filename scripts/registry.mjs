// @ts-check
// The registry (src/widgets.ts) for the Node tools that do not import TypeScript: rollup.config.mjs, the
// bench, the docs and e2e tests. src/widgets.ts is pure data that imports nothing, so esbuild strips its
// types and the module is evaluated as it is.
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

const source = readFileSync(new URL('../src/widgets.ts', import.meta.url), 'utf8');
const { code } = transformSync(source, { loader: 'ts', format: 'esm' });
const registry = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);

/** @typedef {{ name: string, plugins: string[], elements?: string[], window?: boolean, companions?: string[], afterOpen?: string[], likely?: { section: string, option?: string }, sideButton?: boolean, chunks?: Record<string, string[]>, launcherTexts?: string[] }} WidgetRow */

/** @type {readonly WidgetRow[]} */
export const WIDGETS = registry.WIDGETS;

/** The locale keys and key prefixes (ending in '.') drawn before any plugin loads: the launchers' texts. */
export const LAUNCHER_TEXTS = [...registry.SHELL_TEXTS, ...WIDGETS.flatMap((row) => row.launcherTexts ?? [])];

/** Whether `key` is one of the launchers' texts. */
export const isLauncherText = (/** @type {string} */ key) => LAUNCHER_TEXTS.some((text) => (text.endsWith('.') ? key.startsWith(text) : key === text));

/** Plugin → the registry's list `field` ('companions' or 'afterOpen') of the row it opens. */
export function tableOf(/** @type {'companions' | 'afterOpen'} */ field) {
  return Object.fromEntries(WIDGETS.flatMap((row) => (row[field] ? [[row.plugins[0], [...row[field]]]] : [])));
}
