// The load graph's tables of plugins (src/load-graph.ts COMPANIONS, AFTER_OPEN) read from its source, for
// the plain .mjs tools that do not import TypeScript: the bench's load levels (test/bench/bench.mjs) and
// the loader e2e test's check that each listed plugin is one its window commands.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../../src/load-graph.ts', import.meta.url));

/** The table `name` ('COMPANIONS' or 'AFTER_OPEN'): plugin → the plugins it lists, in source order. */
export function loadGraphTable(/** @type {string} */ name) {
  const body = new RegExp(`${name}[^=]*= \\{([^}]*)\\}`).exec(readFileSync(SOURCE, 'utf8'))?.[1] ?? '';
  return Object.fromEntries([...body.matchAll(/(\w+): \[([^\]]*)\]/g)].map(([, plugin, list]) => [plugin, [...list.matchAll(/'(\w+)'/g)].map((m) => m[1])]));
}
