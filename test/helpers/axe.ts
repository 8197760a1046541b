import type { AxeResults, RunOptions } from 'axe-core';

type Axe = { run(context: Element | Document, options: RunOptions): Promise<AxeResults> };

let loading: Promise<Axe> | undefined;

/** axe-core is a UMD script: load it once as a classic script (web-test-runner serves node_modules). */
function loadAxe(): Promise<Axe> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = '/node_modules/axe-core/axe.min.js';
    script.onload = () => resolve((window as unknown as { axe: Axe }).axe);
    script.onerror = () => reject(new Error('axe-core could not be loaded'));
    document.head.append(script);
  });
  return loading;
}

/**
 * Runs axe on an element (shadow roots included) and fails with a readable list of violations.
 * `enable` switches on rules axe leaves off by default (e.g. 'target-size', WCAG 2.2 2.5.8).
 */
export async function expectAccessible(context: Element | Document = document, enable: string[] = []): Promise<void> {
  const axe = await loadAxe();
  const rules: NonNullable<RunOptions['rules']> = { region: { enabled: false } };
  for (const id of enable) rules[id] = { enabled: true };
  const results = await axe.run(context, { resultTypes: ['violations'], rules });
  if (results.violations.length === 0) return;
  const lines = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  throw new Error(`axe found ${results.violations.length} violation(s):\n${lines.join('\n')}`);
}
