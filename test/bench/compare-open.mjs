// Two builds side by side: the time from `LiveAssist.command('<Window>.open')` to a usable window (the
// bench's click table's measure), for this checkout's dist/ (A) and another build's (B: `--dist=DIR`, e.g.
// a worktree of an older commit built with `npx rollup -c`), each served by its own demo server (the same
// pages, simulator and locales; only /dist/ differs), the two interleaved run by run so both see the same
// machine. Warm by default: a new tab of a context that opened the window once (HTTP cache warm, module
// map empty: the click table's 'warm'); `--cold`: a fresh context. Information for a build change (a
// bundling or compile setting), never asserted. In tabs without the DevTools Runtime domain (bare-tab.mjs),
// as the click table measures.
// Usage: node test/bench/compare-open.mjs --dist=DIR [Callback|SendMessage|WebChat|Search ...] [--runs=5] [--cpu=4] [--cold]
import { rmSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBare } from './bare-tab.mjs';
import { demoRoot, openInNewTab, WINDOWS, stats } from './side-by-side.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const other = option('dist', '');
if (!other || !existsSync(join(other, 'live-assist.js'))) {
  console.error('compare-open: --dist=DIR must name another build (a dist/ with live-assist.js)');
  process.exit(2);
}
const runs = Number(option('runs', '5')) || 5;
const cpu = Number(option('cpu', '4')) || 4;
const cold = args.includes('--cold');
const TAGS = Object.fromEntries(WINDOWS.map((w) => [w.name, w.tag]));
const names = args.filter((a) => !a.startsWith('--'));
if (names.some((n) => !TAGS[n])) {
  console.error(`compare-open: windows are ${Object.keys(TAGS).join(', ')}`);
  process.exit(2);
}
if (names.length === 0) names.push(...Object.keys(TAGS));
// B's root: its dist/, this checkout's locales/ and styles/.
const rootB = demoRoot(other);
const { startServer } = await import('../../demo/server.mjs');
const builds = [
  { label: 'A (dist/)', server: await startServer({ port: 0, rootDir: ROOT }) },
  { label: `B (${other})`, server: await startServer({ port: 0, rootDir: rootB }) },
];
const browser = await launchBare();

/** Opens `name` in a new tab of `context`: measured at `cpu`× when `measure` (a warm-up, or a warm open's first tab, otherwise). */
const visit = async (context, url, name, measure) => (await openInNewTab(context, url, { name, tag: TAGS[name] }, { cpu: measure ? cpu : undefined })).ms;

const results = new Map();
try {
  // Not measured: each demo server compresses a file on its first request.
  for (const { server } of builds) {
    const context = await browser.newContext();
    for (const name of names) await visit(context, `${server.url.replace(/\/$/, '')}/en`, name, false);
    await context.close();
  }
  for (let i = 0; i < runs; i++) {
    for (const name of names) {
      for (const { label, server } of builds) {
        const context = await browser.newContext();
        const url = `${server.url.replace(/\/$/, '')}/en`;
        if (!cold) await visit(context, url, name, false);
        const ms = await visit(context, url, name, true);
        await context.close();
        const key = `${name}\t${label}`;
        results.set(key, [...(results.get(key) ?? []), ms]);
      }
    }
  }
} finally {
  await browser.close();
  for (const { server } of builds) await server.close();
  rmSync(rootB, { recursive: true, force: true });
}
console.log(
  `Open → usable window, ${cold ? 'cold (a fresh context)' : 'warm (a new tab, HTTP cache warm)'}, ${cpu}× CPU, the demo's English page, preload 'intent'; ms, median (range) of ${runs}, the two builds interleaved\n`,
);
for (const [key, values] of results) {
  const s = stats(values);
  const timedOut = values.filter((v) => v == null).length;
  console.log(
    `${key.replace('\t', '  ').padEnd(48)} ${s ? `${s.median.toFixed(0).padStart(5)} (${s.min.toFixed(0)}–${s.max.toFixed(0)})` : '    —'}${timedOut ? `, ${timedOut} not usable in 30 s` : ''}`,
  );
}
