// What a chunk's top level costs during a window's open: a copy of dist/ in which each top-level statement
// of the chunk named (its file name's start: `callback`, `runtime` …) is preceded by a user-timing mark,
// served by the demo server; a new tab's open (HTTP cache warm) in a tab without the DevTools Runtime
// domain (bare-tab.mjs), at 4× CPU; the time from each mark to the next, summed over the runs, the
// costliest statements printed with their first characters. This is how React-DOM's first Error was found
// to cost 35 ms at 4× in Playwright pages (docs/performance-history.md). Information for the next step, never asserted.
// Usage: node test/bench/chunk-top.mjs <chunk> [Callback|SendMessage|WebChat|Search] [--runs=5] [--cpu=4] [--top=12]
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'rollup/parseAst';
import { launchBare } from './bare-tab.mjs';
import { demoRoot, openInNewTab, WINDOWS } from './side-by-side.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const [chunk, windowName = 'Callback'] = args.filter((a) => !a.startsWith('--'));
const runs = Number(option('runs', '5')) || 5;
const cpu = Number(option('cpu', '4')) || 4;
const top = Number(option('top', '12')) || 12;
const win = WINDOWS.find((w) => w.name === windowName);
const file = chunk && readdirSync(join(ROOT, 'dist')).find((f) => f.startsWith(`${chunk}-`) && f.endsWith('.js'));
if (!file || !win) {
  console.error('chunk-top: name a chunk of dist/ (callback, runtime, xstate …) and a window (Callback, SendMessage, WebChat, Search)');
  process.exit(2);
}

// The copy: dist/ with the chunk instrumented, this checkout's locales/ and styles/.
const root = demoRoot(join(ROOT, 'dist'), { copy: true });
const code = readFileSync(join(root, 'dist', file), 'utf8');
/** @type {string[]} */ const snippets = [];
let out = '';
let last = 0;
const mark = () => `performance.mark('la-top:${snippets.length}');`;
for (const statement of /** @type {any} */ (parseAst(code)).body) {
  // Declarations are hoisted and imports and exports run no code: a mark before each other statement.
  if (statement.type === 'FunctionDeclaration' || statement.type === 'EmptyStatement' || /^(Import|Export)/.test(statement.type)) continue;
  out += code.slice(last, statement.start) + mark();
  snippets.push(code.slice(statement.start, statement.start + 100).replace(/\s+/g, ' '));
  last = statement.start;
}
// The last mark after the last statement (before the exports, which close the chunk).
const end = code.lastIndexOf('export{');
out += code.slice(last, end > last ? end : code.length) + mark() + (end > last ? code.slice(end) : '');
snippets.push('(end)');
writeFileSync(join(root, 'dist', file), out);

const { startServer } = await import('../../demo/server.mjs');
const demo = await startServer({ port: 0, rootDir: root });
const browser = await launchBare();
const url = `${demo.url.replace(/\/$/, '')}/en`;
/** @type {number[]} */ const spent = [];
let opens = 0;
const readMarks = () =>
  performance
    .getEntriesByType('mark')
    .filter((m) => m.name.startsWith('la-top:'))
    .map((m) => [m.name, m.startTime]);
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    // The first tab fills the HTTP cache; the second, a new tab's open, is measured.
    await openInNewTab(context, url, win);
    const { value } = await openInNewTab(context, url, win, { cpu, read: readMarks });
    const marks = /** @type {[string, number][]} */ (value);
    for (let k = 0; k + 1 < marks.length; k++) {
      const index = Number(marks[k][0].slice(7));
      spent[index] = (spent[index] ?? 0) + marks[k + 1][1] - marks[k][1];
    }
    if (marks.length) opens++;
    await context.close();
  }
} finally {
  await browser.close();
  await demo.close();
  rmSync(root, { recursive: true, force: true });
}
if (!opens) {
  console.log(`${file}: its top level did not run in a ${windowName} open`);
} else {
  const total = spent.reduce((s, v) => s + (v ?? 0), 0) / opens;
  console.log(
    `${file}: top level ${total.toFixed(1)} ms in a new tab's ${windowName} open at ${cpu}× CPU (mean of ${opens}); ${snippets.length - 1} statements, the costliest:`,
  );
  spent
    .map((v, i) => [v / opens, i])
    .sort((a, b) => b[0] - a[0])
    .slice(0, top)
    .forEach(([ms, i]) => console.log(`${ms.toFixed(2).padStart(8)} ms  ${snippets[i]}`));
}
