#!/usr/bin/env node
// @ts-check
/**
 * What live-assist costs a host article page before any interaction, in each preload mode (issue 17
 * items 1 and 2), and what a click on a window then costs: `node test/bench/host-cost.mjs [--dist=DIR]
 * [--runs=5] [--cpu=4]` (build first: `npx rollup -c`). It serves an article page (text, no widgets)
 * and the same page with live-assist (`<la-sidebar>` with four channels, English; hashed chunks cached as a
 * CDN would), loads each in a fresh
 * headless Chromium context with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), waits until
 * load + 3 s, and reads: long tasks (≥ 50 ms, PerformanceObserver 'longtask'), script and task time
 * (CDP Performance.getMetrics ScriptDuration / TaskDuration), JS heap, and the bytes fetched. Then it
 * clicks 'Callback' and times the click to the window's first field (cold: nothing but the loader
 * before; in 'idle' mode the files are in the module map already). Medians (and ranges) are printed;
 * nothing is asserted: timings are information (DESIGN.md §8). `--dist` measures another build (e.g. a
 * checkout of an older commit), so two builds can be compared on the same machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../chromium.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {string} */ fallback) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const DIST = resolve(option('dist', join(ROOT, 'dist')));
const RUNS = Number(option('runs', '5')) || 5;
const CPU = Number(option('cpu', '4')) || 4;

const ARTICLE = `<main><h1>An article</h1>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.</p>'.repeat(40)}</main>`;
const page = (/** @type {string} */ preload) =>
  preload === 'none'
    ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Article</title><link rel="icon" href="data:,"></head><body>${ARTICLE}</body></html>`
    : `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Article</title><link rel="icon" href="data:,">
<script defer src="/config-${preload}.js"></script><script type="module" src="/dist/live-assist.js"></script></head><body>${ARTICLE}<la-sidebar></la-sidebar></body></html>`;
const config = (/** @type {string} */ preload) =>
  `window.liveAssistConfig = ${JSON.stringify({
    main: { lang: 'en', preload },
    sidebar: { channels: ['CallUs', 'Callback', 'SendMessage', 'Search'].map((name) => ({ name, clickCommand: `${name}.open` })) },
    callus: { contacts: [{ number: '+48 22 100 20 30' }] },
    callback: { dataURL: '/callback' },
    sendmessage: { dataURL: '/send-message' },
    search: { dataURL: '/search' },
  })};`;

/** Serves the pages and DIST, gzip-compressed, with long cache headers on the chunks. */
async function serve() {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let body;
    let type = 'text/html; charset=utf-8';
    const mode = /^\/(none|intent|idle)$/.exec(url.pathname)?.[1];
    const configMode = /^\/config-(intent|idle)\.js$/.exec(url.pathname)?.[1];
    if (mode) body = Buffer.from(page(mode));
    else if (configMode) [body, type] = [Buffer.from(config(configMode)), 'text/javascript; charset=utf-8'];
    else if (url.pathname.startsWith('/dist/')) {
      const file = normalize(join(DIST, decodeURIComponent(url.pathname.slice(6))));
      if (file.startsWith(DIST + sep) && existsSync(file))
        [body, type] = [readFileSync(file), file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'application/json'];
    }
    if (!body) return void res.writeHead(404).end();
    const zipped = gzipSync(body, { level: 6 });
    // As a CDN serves them (and the demo server, issue 17 item 5): hashed chunks for a year, the rest revalidated.
    const hashed = /^\/dist\/.+-[\w-]{8}\.js$/.test(url.pathname);
    res.writeHead(200, {
      'content-type': type,
      'content-encoding': 'gzip',
      'content-length': zipped.length,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(zipped);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  return { origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => server.close() };
}

async function oneRun(/** @type {import('playwright').Browser} */ browser, /** @type {string} */ origin, /** @type {string} */ mode) {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await tab.addInitScript(() => {
    /** @type {number[]} */ const long = [];
    Object.defineProperty(window, '__long', { value: long });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration))).observe({ type: 'longtask', buffered: true });
  });
  let bytes = 0;
  tab.on('response', async (r) => {
    const size = Number((await r.allHeaders())['content-length'] ?? 0);
    bytes += size;
  });
  await tab.goto(`${origin}/${mode}`, { waitUntil: 'load' });
  await tab.waitForTimeout(3000);
  const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const long = await tab.evaluate(() => /** @type {number[]} */ (/** @type {any} */ (window).__long));
  const before = {
    bytes,
    longMs: long.reduce((s, d) => s + d, 0),
    longCount: long.length,
    scriptMs: metrics.ScriptDuration * 1000,
    taskMs: metrics.TaskDuration * 1000,
    heapKB: metrics.JSHeapUsedSize / 1024,
  };
  let clickMs = null;
  if (mode !== 'none') {
    const button = tab.locator('la-sidebar').getByRole('button', { name: 'Callback' });
    await button.waitFor();
    const started = Date.now();
    await button.click();
    await tab.locator('la-callback').getByRole('textbox').first().waitFor({ timeout: 30000 });
    clickMs = Date.now() - started;
  }
  await context.close();
  return { ...before, clickMs };
}

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const range = (/** @type {number[]} */ v, digits = 0) => `${median(v).toFixed(digits)} (${Math.min(...v).toFixed(digits)}–${Math.max(...v).toFixed(digits)})`;

const server = await serve();
const browser = await launchChromium();
try {
  /** @type {Record<string, Awaited<ReturnType<typeof oneRun>>[]>} */
  const results = { none: [], intent: [], idle: [] };
  // Interleaved, so a slow moment of the machine falls on every mode alike.
  for (let i = 0; i < RUNS; i++) for (const mode of Object.keys(results)) results[mode].push(await oneRun(browser, server.origin, mode));
  console.log(
    `\nHost article page, ${DIST}, CPU ${CPU}× slower, median (range) of ${RUNS} fresh loads; load + 3 s, then a click on 'Callback' to its first field\n`,
  );
  console.log('| page | fetched KB (wire) | long tasks ms | long tasks | script ms | tasks ms | JS heap KB | click → callback form ms |');
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|');
  for (const [mode, runs] of Object.entries(results)) {
    const col = (/** @type {(r: typeof runs[number]) => number} */ f, digits = 0) => range(runs.map(f), digits);
    console.log(
      `| ${mode === 'none' ? 'article, no widgets' : `live-assist, preload '${mode}'`} | ${col((r) => r.bytes / 1000, 1)} | ${col((r) => r.longMs)} | ${col((r) => r.longCount)} | ${col((r) => r.scriptMs)} | ${col((r) => r.taskMs)} | ${col((r) => r.heapKB)} | ${mode === 'none' ? '—' : col((r) => /** @type {number} */ (r.clickMs))} |`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
