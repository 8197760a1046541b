// @ts-check
/**
 * The side-by-side tables of `npm run bench` (issue 17 item 4), each runnable alone
 * (`npm run bench -- --skip-build --only bytes,host`):
 *
 * - bytes       (a) bytes before any interaction on the demo's Polish page, per preload mode, from
 *                   the DevTools network log (wire bytes, brotli as the demo server sends them), with
 *                   the ratio to the reference page (budgets.json `reference`, 297 KB);
 * - host        (b) an article page without widgets, with live-assist in each preload mode, and with
 *                   the peers installed by `npm run bench:peers` (test/bench/.peers/, skipped with a
 *                   note when absent): long tasks, script time and JS heap at 4× CPU, ratio to live-assist;
 * - lighthouse  (c) Lighthouse (from .peers/, mobile preset, Debian's Chromium through chrome-launcher)
 *                   on the demo's Polish page with and without the widgets;
 * - click       (d) open → usable window (a form field visible and enabled, the frame rendered), cold, warm (a new
 *                   tab, HTTP cache warm) and reopen (the second open in that tab), 1× and 4×, per window;
 * - memory      (e) each window opened and closed 20 times, then 20 more: JS heap after a precise GC, what grew
 *                   (compiled code, shapes, JS values), DOM nodes, listeners and detached DOM nodes;
 * (f), the chat at 5,000 messages, is bench.mjs's transcript table.
 *
 * Timings are information, medians with ranges, never asserted (DESIGN.md §8).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath, launchChromium } from '../chromium.mjs';
import { launchBare } from './bare-tab.mjs';
import { PEER_PACKAGES, PEERS_DIR, peerPath } from './peers.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

// ───────────────────────────────────────────── helpers

/** @param {(number | null | undefined)[]} values */
export function stats(values) {
  const v = /** @type {number[]} */ (values.filter((x) => typeof x === 'number' && Number.isFinite(x))).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const median = v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  return { median, min: v[0], max: v[v.length - 1], n: v.length };
}

/** "median (min–max)" or "—". */
const mr = (/** @type {(number | null | undefined)[]} */ values, digits = 0) => {
  const s = stats(values);
  if (!s) return '—';
  return s.n === 1 || s.min === s.max ? s.median.toFixed(digits) : `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
};
const med = (/** @type {(number | null | undefined)[]} */ values) => stats(values)?.median ?? null;
/** A ratio "3.2×" (a / b), or "—" when either is missing or b is 0. */
const ratio = (/** @type {number | null} */ a, /** @type {number | null} */ b) =>
  a == null || b == null || b <= 0 ? '—' : `${(a / b).toFixed(a / b >= 10 ? 0 : 1)}×`;

export function table(/** @type {string[]} */ header, /** @type {string[][]} */ body, /** @type {('l'|'r')[]} */ align) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ cells) =>
    '| ' + cells.map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ') + ' |';
  const rule = '|' + widths.map((w, i) => (align[i] === 'r' ? '-'.repeat(w + 1) + ':' : ':' + '-'.repeat(w + 1))).join('|') + '|';
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** Wire bytes per request through the DevTools protocol (encodedDataLength: headers and body as sent). */
async function wireLog(
  /** @type {{ send: (method: string, params?: object) => Promise<unknown>, on: (event: string, handler: (e: any) => void) => unknown }} */ cdp,
) {
  await cdp.send('Network.enable');
  /** @type {Map<string, string>} */ const urls = new Map();
  /** @type {{ url: string, bytes: number }[]} */ const done = [];
  let inFlight = 0;
  let last = performance.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    last = performance.now();
    if (!e.request.url.startsWith('data:')) {
      urls.set(e.requestId, e.request.url);
      inFlight++;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    last = performance.now();
    const url = urls.get(e.requestId);
    if (url !== undefined) {
      inFlight--;
      urls.delete(e.requestId);
      done.push({ url, bytes: e.encodedDataLength });
    }
  });
  cdp.on('Network.loadingFailed', (e) => {
    last = performance.now();
    if (urls.delete(e.requestId)) inFlight--;
  });
  return {
    done,
    /** Resolves once nothing has been in flight for quietMs (long polls aside: at most timeoutMs). */
    async quiet(quietMs = 1000, timeoutMs = 15_000) {
      const start = performance.now();
      while (performance.now() - start < timeoutMs && !(inFlight <= 0 && performance.now() - last >= quietMs)) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

/**
 * Forces `main.preload` (and, for the timed windows, drops the availability rule so the chat opens at
 * any hour, and turns the chat's side button and auto-invite off, which load the chat’s plugin and session (no React since issue 17) and the chat
 * before any interaction) in the demo's own configuration as its script assigns it: the page is otherwise the demo's.
 */
export const configOverride = (/** @type {{ preload?: string, anyHour?: boolean, noChatButton?: boolean }} */ o) => `(() => {
  let config;
  Object.defineProperty(window, 'liveAssistConfig', { configurable: true, get: () => config, set: (value) => {
    config = value;
    ${o.preload ? `config.main = { ...config.main, preload: ${JSON.stringify(o.preload)} };` : ''}
    ${o.anyHour ? 'if (config.stats) delete config.stats.availability;' : ''}
    ${o.noChatButton ? 'if (config.webchat) { config.webchat.chatButton = { ...config.webchat.chatButton, enabled: false }; config.webchat.autoInvite = { ...config.webchat.autoInvite, enabled: false }; }' : ''}
  } });
})();`;

async function demoServer() {
  const { startServer } = await import('../../demo/server.mjs');
  return startServer({ port: 0 });
}

// ───────────────────────────────────────────── (a) bytes before interaction

const MODES = /** @type {const} */ (['intent', 'idle']);

export async function bytesTable(/** @type {{ runs: number, referenceKB: number }} */ o) {
  const demo = await demoServer();
  const browser = await launchChromium();
  /** @type {Record<string, { total: number, widgets: number, files: number, names: string[] }[]>} */
  const results = { none: [], intent: [], idle: [], 'intent-quiet': [] };
  try {
    for (let i = 0; i < o.runs; i++) {
      for (const mode of Object.keys(results)) {
        const context = await browser.newContext();
        const page = await context.newPage();
        if (mode === 'none') await page.route(/\/(dist\/|assets\/deployment-config\.js)/, (r) => r.abort());
        else await page.addInitScript({ content: configOverride({ preload: mode.replace('-quiet', ''), noChatButton: mode.endsWith('-quiet') }) });
        const log = await wireLog(await context.newCDPSession(page));
        await page.goto(`${demo.url.replace(/\/$/, '')}/`, { waitUntil: 'load' });
        // 'idle' prefetches after load, pluginLoadDelay and an idle moment: wait for the network to be quiet.
        await page.waitForTimeout(3000);
        await log.quiet(1000);
        const widgets = log.done.filter((d) => new URL(d.url).pathname.startsWith('/dist/'));
        results[mode].push({
          total: log.done.reduce((s, d) => s + d.bytes, 0),
          widgets: widgets.reduce((s, d) => s + d.bytes, 0),
          files: widgets.length,
          names: widgets.map((d) => `${new URL(d.url).pathname.slice(6)} ${(d.bytes / 1000).toFixed(1)}`),
        });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await demo.close();
  }
  const base = med(results.none.map((r) => r.total));
  const rows = Object.entries(results).map(([mode, runs]) => {
    const widgets = med(runs.map((r) => r.widgets));
    return [
      mode === 'none'
        ? 'demo page without the widgets'
        : mode === 'intent-quiet'
          ? "live-assist, 'intent', chat button and invite off"
          : `live-assist, preload '${mode}'`,
      mr(
        runs.map((r) => r.total / 1000),
        1,
      ),
      mode === 'none'
        ? '—'
        : mr(
            runs.map((r) => r.widgets / 1000),
            1,
          ),
      mode === 'none' ? '—' : String(med(runs.map((r) => r.files))),
      mode === 'none' || widgets == null ? '—' : `${((widgets / 1000 / o.referenceKB) * 100).toFixed(1)} %`,
    ];
  });
  return {
    results,
    text:
      `(a) Bytes before any interaction: the demo's Polish page (demo server: brotli, immutable chunks), fresh context, load + 3 s + 1 s of quiet network; ` +
      `wire bytes (DevTools encodedDataLength), median (range) of ${o.runs}; page without widgets ${base == null ? '—' : (base / 1000).toFixed(1)} KB\n\n` +
      table(['page', 'all KB', 'live-assist KB (/dist/)', 'files', `of the reference (${o.referenceKB} KB)`], rows, ['l', 'r', 'r', 'r', 'r']) +
      `\n  fetched in 'intent' mode (KB): ${results.intent[0]?.names.join(', ') ?? '—'}` +
      `\n  (the demo configures the chat's side button and an auto-invite, which load the chat's plugin and session code (no React, no view) before any interaction; the last row turns both off)`,
  };
}

// ───────────────────────────────────────────── (b) host-page cost with the peers

const ARTICLE = `<main><h1>An article</h1>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.</p>'.repeat(40)}</main>`;
const shell = (/** @type {string} */ head, /** @type {string} */ body = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Article</title><link rel="icon" href="data:,">${head}</head><body>${ARTICLE}${body}</body></html>`;
const laConfig = (/** @type {string} */ preload) =>
  `window.liveAssistConfig = ${JSON.stringify({
    main: { lang: 'en', preload },
    sidebar: { channels: ['CallUs', 'Callback', 'SendMessage', 'Search'].map((name) => ({ name, clickCommand: `${name}.open` })) },
    callus: { contacts: [{ number: '+48 22 100 20 30' }] },
    callback: { dataURL: '/callback' },
    sendmessage: { dataURL: '/send-message' },
    search: { dataURL: '/search' },
  })};`;

/**
 * The peers, each as its documentation embeds it, served from test/bench/.peers/ (`/peers/<package>/…`).
 * None has a back end here: each talks to this server (404) or to nothing; what is measured is what
 * the embed costs the host page before a visitor does anything.
 */
const PEERS = [
  {
    id: 'webchat',
    label: 'BotFramework-WebChat',
    pkg: 'botframework-webchat',
    note: 'renders the whole chat (it has no launcher) over a Direct Line stand-in that never answers',
    page: () =>
      shell(
        '<script src="/peers/botframework-webchat/dist/webchat.js"></script>',
        `<div id="webchat" style="height:600px"></div><script>
const observable = (start) => ({ subscribe(o) { const next = typeof o === 'function' ? o : (v) => o && o.next && o.next(v); if (start) start(next); return { unsubscribe() {}, closed: false }; } });
const directLine = { activity$: observable(), connectionStatus$: observable((next) => { next(0); next(1); next(2); }), postActivity: () => observable((next) => next('id')), end() {} };
window.WebChat.renderWebChat({ directLine }, document.getElementById('webchat'));
</script>`,
      ),
  },
  {
    id: 'rocketchat',
    label: 'Rocket.Chat Livechat',
    pkg: '@rocket.chat/livechat',
    note: 'its embed script and the widget iframe it opens (build/ served as /rc/livechat)',
    page: () =>
      shell(
        '',
        `<script>
(function (w, d, s, u) { w.RocketChat = function (c) { w.RocketChat._.push(c); }; w.RocketChat._ = []; w.RocketChat.url = u;
  var h = d.getElementsByTagName(s)[0], j = d.createElement(s); j.async = true; j.src = '/rc/livechat/rocketchat-livechat.min.js'; h.parentNode.insertBefore(j, h);
})(window, document, 'script', location.origin + '/rc/livechat');
</script>`,
      ),
  },
  {
    id: 'typebot',
    label: 'Typebot bubble',
    pkg: '@typebot.io/js',
    note: 'Typebot.initBubble with apiHost on this server',
    page: () =>
      shell(
        `<script type="module">import Typebot from '/peers/@typebot.io/js/dist/web.js'; Typebot.initBubble({ typebot: 'bench', apiHost: location.origin });</script>`,
      ),
  },
  {
    id: 'botpress',
    label: 'Botpress webchat',
    pkg: '@botpress/webchat',
    note: 'its React components (Fab and Webchat) bundled by esbuild with React 19, as its inject script renders them',
    page: () =>
      shell('<link rel="stylesheet" href="/peers/@botpress/webchat/dist/style.css"><script type="module" src="/botpress.js"></script>', '<div id="bp"></div>'),
  },
  {
    id: 'n8n',
    label: 'n8n chat',
    pkg: '@n8n/chat',
    note: "createChat in 'window' mode (its launcher) with a webhook on this server",
    page: () =>
      shell(
        `<link rel="stylesheet" href="/peers/@n8n/chat/dist/style.css"><script type="module">import { createChat } from '/peers/@n8n/chat/dist/chat.bundle.es.js'; createChat({ webhookUrl: location.origin + '/n8n-webhook' });</script>`,
      ),
  },
];

const BOTPRESS_ENTRY = `import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { Fab, Webchat } from '@botpress/webchat';
createRoot(document.getElementById('bp')).render([
  createElement(Fab, { key: 'fab' }),
  createElement('div', { key: 'chat', style: { display: 'none' } }, createElement(Webchat, { clientId: '00000000-0000-4000-8000-000000000000', apiUrl: location.origin + '/botpress' })),
]);`;

async function bundleBotpress() {
  const { build } = await import('esbuild');
  const out = await build({
    stdin: { contents: BOTPRESS_ENTRY, resolveDir: PEERS_DIR, loader: 'js' },
    nodePaths: [join(PEERS_DIR, 'node_modules')],
    bundle: true,
    format: 'esm',
    write: false,
    minify: true,
    target: 'es2022',
    logLevel: 'silent',
    loader: { '.css': 'empty', '.png': 'dataurl', '.svg': 'dataurl', '.woff2': 'dataurl', '.woff': 'dataurl' },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return Buffer.from(out.outputFiles[0].contents);
}

const TYPES = /** @type {Record<string, string>} */ ({
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
});

/** The article pages, dist/ and the peers' folders, gzip, hashed files cached as a CDN would. */
async function hostServer(/** @type {string} */ dist, /** @type {Buffer | null} */ botpress) {
  /** @type {Map<string, Buffer>} */ const zipped = new Map();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = decodeURIComponent(url.pathname);
    /** @type {Buffer | undefined} */ let body;
    let type = 'text/html; charset=utf-8';
    const file = (/** @type {string} */ base, /** @type {string} */ rel) => {
      const f = normalize(join(base, rel));
      if (f.startsWith(base + sep) && existsSync(f) && !f.endsWith(sep)) {
        body = readFileSync(f);
        type = `${TYPES[extname(f)] ?? 'application/octet-stream'}; charset=utf-8`;
      }
    };
    const mode = /^\/la-(intent|idle)$/.exec(path)?.[1];
    const peer = PEERS.find((p) => path === `/peer/${p.id}`);
    if (path === '/article') body = Buffer.from(shell(''));
    else if (mode)
      body = Buffer.from(
        shell(`<script defer src="/config-${mode}.js"></script><script type="module" src="/dist/live-assist.js"></script>`, '<la-sidebar></la-sidebar>'),
      );
    else if (/^\/config-(intent|idle)\.js$/.test(path)) [body, type] = [Buffer.from(laConfig(path.slice(8, -3))), 'text/javascript'];
    else if (peer) body = Buffer.from(peer.page());
    else if (path === '/botpress.js' && botpress) [body, type] = [botpress, 'text/javascript'];
    else if (path.startsWith('/dist/')) file(dist, path.slice(6));
    else if (path === '/rc/livechat') {
      const dir = peerPath('@rocket.chat/livechat');
      if (dir) file(join(dir, 'build'), 'index.html');
    } else if (path.startsWith('/rc/livechat/')) {
      const dir = peerPath('@rocket.chat/livechat');
      if (dir) file(join(dir, 'build'), path.slice(13));
    } else if (path.startsWith('/peers/')) {
      const name = Object.keys(PEER_PACKAGES).find((n) => path.startsWith(`/peers/${n}/`));
      const dir = name && peerPath(name);
      if (name && dir) file(dir, path.slice(8 + name.length));
    }
    if (!body) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (!zipped.has(path)) zipped.set(path, gzipSync(body, { level: 6 }));
    const gz = /** @type {Buffer} */ (zipped.get(path));
    const hashed = /-[\w-]{8}\.js$|\.[0-9a-f]{5}\.js$/.test(path) || path.startsWith('/peers/');
    res.writeHead(200, {
      'content-type': type,
      'content-encoding': 'gzip',
      'content-length': gz.length,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(gz);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  return { origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => server.close() };
}

/**
 * One fresh load at `cpu`×: load + 3 s; long tasks, script and task time, JS heap, wire bytes. In a tab
 * without the DevTools Runtime domain (bare-tab.mjs), as a visitor's browser runs the page: uncaught
 * errors are counted by the page's own listeners.
 */
async function hostRun(/** @type {Awaited<ReturnType<typeof launchBare>>} */ browser, /** @type {string} */ url, /** @type {number} */ cpu) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const { cdp } = tab;
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const log = await wireLog(cdp);
    await tab.addInitScript({
      content: `(() => {
        const long = [], errors = [];
        Object.defineProperty(window, '__long', { value: long });
        Object.defineProperty(window, '__errors', { value: errors });
        addEventListener('error', (e) => errors.push(String(e.message)));
        addEventListener('unhandledrejection', (e) => errors.push(String(e.reason && e.reason.message || e.reason)));
        new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration))).observe({ type: 'longtask', buffered: true });
      })();`,
    });
    await tab.goto(url, { timeout: 60_000 });
    await tab.waitForTimeout(3000);
    const metrics = Object.fromEntries(
      /** @type {{ metrics: { name: string, value: number }[] }} */ (await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]),
    );
    const { long, errors } = /** @type {{ long: number[], errors: string[] }} */ (
      await tab.evaluate(() => ({ long: /** @type {any} */ (window).__long, errors: /** @type {any} */ (window).__errors }))
    );
    return {
      kb: log.done.reduce((s, d) => s + d.bytes, 0) / 1000,
      longMs: long.reduce((s, d) => s + d, 0),
      scriptMs: metrics.ScriptDuration * 1000,
      taskMs: metrics.TaskDuration * 1000,
      heapKB: metrics.JSHeapUsedSize / 1024,
      errors,
    };
  } finally {
    await context.close();
  }
}

export async function hostTable(/** @type {{ runs: number, cpu: number, dist: string, peers: boolean }} */ o) {
  const notes = [];
  const peers = o.peers
    ? PEERS.filter((p) => {
        if (peerPath(p.pkg)) return true;
        notes.push(`${p.label}: not installed (npm run bench:peers), skipped`);
        return false;
      })
    : [];
  if (!o.peers) notes.push('peers not measured: test/bench/.peers/ is not installed (npm run bench:peers)');
  let botpress = null;
  if (peers.some((p) => p.id === 'botpress')) {
    try {
      botpress = await bundleBotpress();
    } catch (error) {
      notes.push(`Botpress webchat: the bundle failed (${String(error).split('\n')[0]}), skipped`);
      peers.splice(
        peers.findIndex((p) => p.id === 'botpress'),
        1,
      );
    }
  }
  const server = await hostServer(o.dist, botpress);
  const browser = await launchBare();
  const pages = [
    { id: 'article', label: 'article, no widgets', url: '/article', note: '' },
    ...MODES.map((m) => ({ id: m, label: `live-assist, preload '${m}'`, url: `/la-${m}`, note: '' })),
    ...peers.map((p) => ({ id: p.id, label: `${p.label} ${PEER_PACKAGES[p.pkg].version}`, url: `/peer/${p.id}`, note: p.note })),
  ];
  /** @type {Record<string, Awaited<ReturnType<typeof hostRun>>[]>} */
  const results = Object.fromEntries(pages.map((p) => [p.id, []]));
  try {
    // Interleaved, so a slow moment of the machine falls on every page alike.
    for (let i = 0; i < o.runs; i++) {
      for (const p of pages) {
        try {
          results[p.id].push(await hostRun(browser, server.origin + p.url, o.cpu));
        } catch (error) {
          notes.push(`${p.label}: run ${i + 1} failed: ${String(error).split('\n')[0]}`);
        }
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  const base = (/** @type {'longMs'|'scriptMs'|'heapKB'} */ k) => med(results.article.map((r) => r[k])) ?? 0;
  const delta = (/** @type {string} */ id, /** @type {'longMs'|'scriptMs'|'heapKB'} */ k) => {
    const m = med(results[id].map((r) => r[k]));
    return m == null ? null : Math.max(0, m - base(k));
  };
  const body = pages.map((p) => {
    const runs = results[p.id];
    return [
      p.label,
      mr(
        runs.map((r) => r.kb),
        1,
      ),
      mr(runs.map((r) => r.longMs)),
      mr(runs.map((r) => r.scriptMs)),
      mr(runs.map((r) => r.heapKB)),
      p.id === 'article' ? '—' : ratio(delta(p.id, 'longMs'), delta('idle', 'longMs')),
      p.id === 'article' ? '—' : ratio(delta(p.id, 'scriptMs'), delta('idle', 'scriptMs')),
      p.id === 'article' ? '—' : ratio(delta(p.id, 'heapKB'), delta('idle', 'heapKB')),
      String(new Set(runs.flatMap((r) => r.errors)).size),
    ];
  });
  for (const p of pages.filter((x) => x.note)) notes.push(`${p.label}: ${p.note}`);
  return {
    results,
    text:
      `(b) Host article page at ${o.cpu}× CPU, median (range) of ${o.runs} fresh loads (pages interleaved), load + 3 s; ` +
      `ratios compare what each adds to the bare article with what live-assist adds in its default mode, 'idle'; in tabs without the DevTools Runtime domain (bare-tab.mjs)\n\n` +
      table(['page', 'wire KB', 'long tasks ms', 'script ms', 'JS heap KB', 'long tasks ×', 'script ×', 'heap ×', 'page errors'], body, [
        'l',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
      ]) +
      (notes.length ? `\n${notes.map((n) => `  note: ${n}`).join('\n')}` : ''),
  };
}

// ───────────────────────────────────────────── (f) BotFramework-WebChat at 5,000 messages

/** WebChat over a Direct Line stand-in whose activity stream the bench feeds (`window.__wc`). */
const WEBCHAT_TRANSCRIPT_PAGE = shell(
  '<script src="/peers/botframework-webchat/dist/webchat.js"></script>',
  `<div id="webchat" style="height:640px;width:400px"></div><script>
let push = () => {};
const observable = (start) => ({ subscribe(o) { const next = typeof o === 'function' ? o : (v) => o && o.next && o.next(v); if (start) start(next); return { unsubscribe() {}, closed: false }; } });
const directLine = { activity$: observable((next) => { push = next; }), connectionStatus$: observable((next) => { next(0); next(1); next(2); }), postActivity: () => observable((next) => next('id')), end() {} };
window.WebChat.renderWebChat({ directLine }, document.getElementById('webchat'));
let n = 0;
const start = Date.now() - 10 * 3600000;
const activity = () => { n++; return { type: 'message', id: 'a' + n, from: n % 3 ? { id: 'bot', role: 'bot', name: 'Anna' } : { id: 'user', role: 'user', name: 'Jan' }, text: 'Message ' + n + ': a line of the conversation, with an address www.example.com/' + n + ' now and then', timestamp: new Date(start + n * 7000).toISOString() }; };
const frameEnd = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
const shows = (text) => new Promise((resolve) => { const check = () => document.getElementById('webchat').textContent.includes(text); if (check()) return resolve(); const o = new MutationObserver(() => { if (check()) { o.disconnect(); resolve(); } }); o.observe(document.getElementById('webchat'), { childList: true, subtree: true, characterData: true }); });
window.__wc = {
  stop: false,
  async fill(count, batch) { for (let i = 0; i < count && !this.stop; i++) { push(activity()); if (i % batch === batch - 1) await frameEnd(); } const last = 'Message ' + n + ':'; await shows(last); await frameEnd(); return { shown: n, nodes: document.getElementsByTagName('*').length }; },
  async append() { const t0 = performance.now(); push(activity()); await shows('Message ' + n + ':'); await frameEnd(); return performance.now() - t0; },
  nextKeystroke() { return new Promise((resolve) => { let t0 = 0; document.addEventListener('keydown', () => { t0 = performance.now(); }, { once: true, capture: true }); document.addEventListener('input', async () => { await frameEnd(); resolve(performance.now() - t0); }, { once: true, capture: true }); }); },
};
</script>`,
);

export async function webchatTranscriptTable(/** @type {{ messages: number, samples: number, budgetMs: number }} */ o) {
  if (!peerPath('botframework-webchat'))
    return { results: null, text: `  BotFramework-WebChat at ${o.messages} messages: skipped — not installed in test/bench/.peers/ (npm run bench:peers).` };
  const server = await hostServer(join(ROOT, 'dist'), null);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route('**/wc-transcript', (r) => r.fulfill({ contentType: 'text/html', body: WEBCHAT_TRANSCRIPT_PAGE }));
    await page.goto(`${server.origin}/wc-transcript`, { waitUntil: 'load' });
    await page.waitForFunction(() => /** @type {any} */ (window).__wc, null, { timeout: 30_000 });
    const t0 = Date.now();
    // Fed in batches of 100 with a frame between, as a long conversation arrives (history at once would be one batch).
    const filled = await Promise.race([
      page.evaluate((count) => /** @type {any} */ (window).__wc.fill(count, 100), o.messages),
      new Promise((r) => setTimeout(() => r(null), o.budgetMs)),
    ]);
    /** @type {number} */ let reached = o.messages;
    if (!filled) {
      // Not all in the time allowed: stop feeding, let it render what it has, and measure at that count.
      const partial = await page.evaluate(async () => {
        const wc = /** @type {any} */ (window).__wc;
        wc.stop = true;
        return wc.fill(0, 1);
      });
      reached = partial.shown;
    }
    const fillMs = Date.now() - t0;
    /** @type {number[]} */ const appends = [];
    /** @type {number[]} */ const keys = [];
    for (let i = 0; i < o.samples; i++) appends.push(await page.evaluate(() => /** @type {any} */ (window).__wc.append()));
    const box = page.locator('#webchat').locator('input[type=text], textarea').first();
    await box.focus();
    for (let i = 0; i < o.samples; i++) {
      await page.evaluate(() => {
        /** @type {any} */ (window).__key = /** @type {any} */ (window).__wc.nextKeystroke();
      });
      await page.keyboard.press(i % 2 ? 'b' : 'a');
      keys.push(await page.evaluate(() => /** @type {any} */ (window).__key));
    }
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    const f = (/** @type {number[]} */ v) => mr(v, 1);
    return {
      results: { feasible: reached >= o.messages, reached, fillMs, nodes, appends, keys },
      text:
        `  BotFramework-WebChat ${PEER_PACKAGES['botframework-webchat'].version} at ${reached} messages` +
        (reached < o.messages
          ? ` (not ${o.messages}: feeding it 100 at a time took longer than the bench allows, ${o.budgetMs / 1000} s; it rendered ${reached} in ${(fillMs / 1000).toFixed(0)} s)`
          : ` (fed in ${(fillMs / 1000).toFixed(1)} s)`) +
        `, median (range) of ${o.samples}: ` +
        `append one message → next frame ${f(appends)} ms; keystroke in its send box → next frame ${f(keys)} ms; DOM elements ${nodes}`,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

// ───────────────────────────────────────────── (d) open → usable window, (e) memory

export const WINDOWS = [
  { name: 'Callback', tag: 'la-callback' },
  { name: 'SendMessage', tag: 'la-send-message' },
  { name: 'WebChat', tag: 'la-chat' },
  { name: 'Search', tag: 'la-search' },
];

/**
 * In the page: resolves with performance.now() once a form field of `tag` (shadow roots searched) is
 * visible and enabled, taken after the frame that first shows it has been rendered: the check runs in
 * each animation frame, and the time is read in a task queued from that frame's callback, which runs
 * after the frame's style, layout and paint (read in the callback itself, as before, the time left out
 * that frame's rendering, the window's first layout and paint).
 */
export const USABLE = `(() => {
  const deep = (root, found = []) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches('input:not([type=hidden]), textarea')) found.push(el);
      if (el.shadowRoot) deep(el.shadowRoot, found);
    }
    return found;
  };
  window.__visibleField = (tag) => {
    const host = document.querySelector(tag);
    return Boolean(host && host.shadowRoot && deep(host.shadowRoot).find((f) => !f.disabled && (f.checkVisibility ? f.checkVisibility() : f.offsetParent)));
  };
  window.__usable = (tag) => new Promise((resolve) => {
    const rendered = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { channel.port1.close(); resolve(performance.now()); };
      channel.port2.postMessage(null);
    };
    const tick = () => { if (window.__visibleField(tag)) rendered(); else requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
})();`;

/** In the page: `<Window>.open` until the window is usable (USABLE), ms; null after 30 s. */
export async function openWindow(/** @type {{ evaluate: (fn: Function, arg: any) => Promise<any> }} */ page, /** @type {{ name: string, tag: string }} */ w) {
  return page.evaluate(async ({ name, tag }) => {
    const t0 = performance.now();
    const usable = /** @type {any} */ (window).__usable(tag);
    /** @type {any} */ (window).LiveAssist.command(`${name}.open`).catch(() => {});
    /** @type {ReturnType<typeof setTimeout> | undefined} */ let timer;
    const timeout = new Promise((r) => {
      timer = setTimeout(() => r(null), 30_000);
    });
    const t1 = /** @type {number | null} */ (await Promise.race([usable, timeout]));
    // Cleared, so the memory table does not count 30 s timers (and their closures) of the bench's own.
    clearTimeout(timer);
    return t1 == null ? null : t1 - t0;
  }, w);
}

/** The script every timed open's page starts with: preload 'intent', any hour, the chat's button and invite off, USABLE. */
export const OPEN_PAGE_SCRIPT = configOverride({ preload: 'intent', anyHour: true, noChatButton: true }) + USABLE;

/**
 * A root for another demo server: `dist` (linked, or copied when `copy`, to be changed) with this
 * checkout's locales/ and styles/. The caller removes it.
 */
export function demoRoot(/** @type {string} */ dist, { copy = false } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'la-bench-root-'));
  if (copy) cpSync(dist, join(root, 'dist'), { recursive: true });
  else symlinkSync(resolve(dist), join(root, 'dist'));
  for (const dir of ['locales', 'styles']) symlinkSync(join(ROOT, dir), join(root, dir));
  return root;
}

/**
 * The demo page `url` in a new tab of a bare `context` (bare-tab.mjs), `w` opened until usable: at `cpu`×
 * when given (the time returned), else at 1× and then a moment for the HTTP cache's writes (a warm-up,
 * or a warm open's first tab). `read` runs in the page after the open; its value is returned beside.
 */
export async function openInNewTab(
  /** @type {{ newPage(): Promise<any> }} */ context,
  /** @type {string} */ url,
  /** @type {{ name: string, tag: string }} */ w,
  /** @type {{ cpu?: number, read?: Function }} */ { cpu, read } = {},
) {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: OPEN_PAGE_SCRIPT });
    await page.goto(url);
    await page.evaluate(() => /** @type {any} */ (window).LiveAssist.ready.then(() => true));
    await page.waitForTimeout(700);
    if (cpu) await page.cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const ms = await openWindow(page, w);
    if (cpu) await page.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    else await page.waitForTimeout(500);
    return { ms: cpu ? ms : null, value: read ? await page.evaluate(read) : undefined };
  } finally {
    await page.close();
  }
}

export async function clickTable(/** @type {{ runs: number }} */ o) {
  const demo = await demoServer();
  const browser = await launchBare();
  /** @type {Record<string, (number | null)[]>} */ const results = {};
  /** @type {Record<string, number[]>} */ const before = {};
  try {
    // A warm-up visit, not measured: the demo server compresses each file once, on its first request.
    const warmup = await browser.newContext();
    const page = await warmup.newPage();
    await page.addInitScript({ content: OPEN_PAGE_SCRIPT });
    await page.goto(`${demo.url.replace(/\/$/, '')}/en`);
    await page.waitForFunction(() => /** @type {any} */ (window).LiveAssist, null, { timeout: 15_000 });
    for (const w of WINDOWS) await openWindow(page, w);
    await warmup.close();
    for (let i = 0; i < o.runs; i++) {
      for (const w of WINDOWS) {
        for (const cpu of [1, 4]) {
          // Cold: a fresh context (empty HTTP cache), the English demo page loaded and quiet, preload 'intent'.
          // Warm: a new tab of the same context (HTTP cache warm, nothing evaluated yet).
          const context = await browser.newContext();
          try {
            for (const phase of ['cold', 'warm']) {
              const page = await context.newPage();
              await page.addInitScript({ content: OPEN_PAGE_SCRIPT });
              const { cdp } = page;
              const log = await wireLog(cdp);
              await page.goto(`${demo.url.replace(/\/$/, '')}/en`);
              await page.waitForFunction(() => /** @type {any} */ (window).LiveAssist, null, { timeout: 15_000 });
              await page.evaluate(() => /** @type {any} */ (window).LiveAssist.ready.then(() => true));
              await page.waitForTimeout(500);
              await log.quiet(300, 5000);
              (before[phase] ??= []).push(log.done.filter((d) => new URL(d.url).pathname.startsWith('/dist/')).length);
              await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
              const ms = await openWindow(page, w);
              (results[`${w.name}|${cpu}|${phase}`] ??= []).push(ms);
              await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
              if (phase === 'warm') {
                // Reopen: the same window closed and opened again in this tab, its code evaluated and its
                // element on the page (issue 17's warm open: the visitor's second click).
                await page.evaluate((name) => /** @type {any} */ (window).LiveAssist.command(`${name}.close`).catch(() => {}), w.name);
                await page.waitForFunction((tag) => !(/** @type {any} */ (window).__visibleField(tag)), w.tag, { timeout: 5000 }).catch(() => {});
                await page.waitForTimeout(300);
                await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
                (results[`${w.name}|${cpu}|reopen`] ??= []).push(await openWindow(page, w));
                await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
              }
              await page.close();
            }
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    await demo.close();
  }
  const PHASES = ['cold', 'warm', 'reopen'];
  const body = WINDOWS.map((w) => [w.name, ...[1, 4].flatMap((cpu) => PHASES.map((phase) => mr(results[`${w.name}|${cpu}|${phase}`] ?? [])))]);
  return {
    results,
    text:
      `(d) Open → usable window (LiveAssist.command('<Window>.open'), as a sidebar click sends it, until a form field of the window is visible ` +
      `and enabled, in a rendered frame), the demo's English page, preload 'intent' (the open is the intent), ms, median (range) of ${o.runs}; cold: a fresh context; ` +
      `warm: a new tab of the same context (HTTP cache warm, but the module map empty: every module is evaluated again); ` +
      `reopen: in the warm tab, the window closed and opened again (its code evaluated, its element on the page); ` +
      `in tabs without the DevTools Runtime domain, as a visitor's browser runs them (bare-tab.mjs); ` +
      `the CPU slowed after load; the chat's side button and auto-invite off\n\n` +
      table(['window', '1× cold', '1× warm', '1× reopen', '4× cold', '4× warm', '4× reopen'], body, ['l', 'r', 'r', 'r', 'r', 'r', 'r']) +
      `\n  files of /dist/ fetched before the open: ${mr(before.cold ?? [])} (6: the loader, the language pack, the translator, after-boot, the elements' parts and the sidebar's launchers)`,
  };
}

/** V8's compiled code and feedback ('code' nodes), hidden classes, and JS values, in bytes, from a heap snapshot. */
function heapParts(/** @type {any} */ snapshot) {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const [type, size] = [fields.indexOf('type'), fields.indexOf('self_size')];
  const values = new Set(['object', 'closure', 'array', 'string', 'concatenated string', 'sliced string', 'number', 'regexp', 'symbol', 'bigint']);
  const parts = { code: 0, shapes: 0, values: 0 };
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const kind = types[snapshot.nodes[i + type]];
    if (kind === 'code') parts.code += snapshot.nodes[i + size];
    else if (kind === 'object shape') parts.shapes += snapshot.nodes[i + size];
    else if (values.has(kind)) parts.values += snapshot.nodes[i + size];
  }
  return parts;
}

export async function memoryTable(/** @type {{ cycles: number }} */ o) {
  const demo = await demoServer();
  const browser = await launchChromium();
  /**
   * @typedef {{ heapKB: number, codeKB: number, shapesKB: number, valuesKB: number, nodes: number, listeners: number, detached: number | null, templates: number | null }} Held
   * @type {{ window: string, before: Held, after: Held, after2: Held, failures: number, stillOpen: number }[]}
   */
  const results = [];
  try {
    for (const w of WINDOWS) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        await page.addInitScript({ content: OPEN_PAGE_SCRIPT });
        const cdp = await context.newCDPSession(page);
        await page.goto(`${demo.url.replace(/\/$/, '')}/en`, { waitUntil: 'load' });
        await page.waitForFunction(() => /** @type {any} */ (window).LiveAssist, null, { timeout: 15_000 });
        await page.evaluate(() => /** @type {any} */ (window).LiveAssist.ready);
        /** @returns {Promise<Held>} */
        const measure = async () => {
          // A heap snapshot collects garbage precisely (HeapProfiler.collectGarbage alone can leave a
          // closed window's nodes to a later collection, which counted them as held).
          await cdp.send('HeapProfiler.enable');
          /** @type {string[]} */ const chunks = [];
          const onChunk = (/** @type {{ chunk: string }} */ e) => chunks.push(e.chunk);
          cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
          await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
          cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
          const parts = heapParts(JSON.parse(chunks.join('')));
          const heap = await cdp.send('Runtime.getHeapUsage');
          const counters = await cdp.send('Memory.getDOMCounters');
          /** @type {number | null} */ let detached = null;
          /** @type {number | null} */ let templates = null;
          try {
            // Chromium 127+: the DOM nodes no longer in the document but still reachable. <template>s are
            // counted apart (a template cache, as lit-html kept before the loader dropped it, would show there).
            const d = /** @type {any} */ (await cdp.send(/** @type {any} */ ('DOM.getDetachedDomNodes')));
            const names = (d.detachedNodes ?? []).map((/** @type {any} */ n) => n.treeNode.nodeName);
            templates = names.filter((/** @type {string} */ n) => n === 'TEMPLATE').length;
            detached = names.length - templates;
          } catch {
            /* older Chromium */
          }
          return {
            heapKB: heap.usedSize / 1024,
            codeKB: parts.code / 1024,
            shapesKB: parts.shapes / 1024,
            valuesKB: parts.values / 1024,
            nodes: counters.nodes,
            listeners: counters.jsEventListeners,
            detached,
            templates,
          };
        };
        // One open and close first, so the code is loaded and the baseline holds what any later cycle needs.
        let failures = 0;
        let stillOpen = 0;
        const cycle = async () => {
          const ms = await openWindow(page, w);
          if (ms == null) failures++;
          await page.evaluate((name) => /** @type {any} */ (window).LiveAssist.command(`${name}.close`).catch(() => {}), w.name);
          await page.waitForTimeout(150);
          // Closed means no field of the window visible any more (else the next open would measure nothing).
          if (await page.evaluate((tag) => /** @type {any} */ (window).__visibleField(tag), w.tag)) stillOpen++;
        };
        await cycle();
        await page.waitForTimeout(500);
        const before = await measure();
        for (let i = 0; i < o.cycles; i++) await cycle();
        await page.waitForTimeout(500);
        const after = await measure();
        // As many again: a leak grows as much in the second span; V8 warming code up mostly in the first.
        for (let i = 0; i < o.cycles; i++) await cycle();
        await page.waitForTimeout(500);
        const after2 = await measure();
        results.push({ window: w.name, before, after, after2, failures, stillOpen });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await demo.close();
  }
  const kb = (/** @type {number} */ v) => (Math.round(v) || 0).toFixed(0);
  const body = results.map(({ window, before, after, after2, failures, stillOpen }) => [
    window,
    kb(before.heapKB),
    kb(after.heapKB),
    kb(after.heapKB - before.heapKB),
    kb(after.codeKB - before.codeKB),
    kb(after.shapesKB - before.shapesKB),
    kb(after.valuesKB - before.valuesKB),
    kb(after2.heapKB - after.heapKB),
    kb(after2.valuesKB - after.valuesKB),
    String(before.nodes),
    String(after2.nodes),
    after2.detached == null ? '—' : `${after2.detached} (+${after2.templates})`,
    String(after2.listeners - before.listeners),
    String(failures),
    String(stillOpen),
  ]);
  return {
    results,
    text:
      `(e) Memory: each window opened (until usable) and closed ${o.cycles} times after a first open, then ${o.cycles} times more, the demo's English page; ` +
      `after a precise GC (a heap snapshot): JS heap (Runtime.getHeapUsage), and from the snapshot what grew: V8's compiled code ` +
      `and feedback, hidden classes (shapes), JS values (objects, closures, arrays, strings); DOM nodes and listeners (Memory.getDOMCounters), ` +
      `detached nodes still reachable (DOM.getDetachedDomNodes; in brackets the <template>s among them, counted apart)\n\n` +
      table(
        [
          'window',
          'heap before KB',
          `heap after ${o.cycles} KB`,
          'Δ KB',
          'Δ code KB',
          'Δ shapes KB',
          'Δ JS values KB',
          `Δ KB next ${o.cycles}`,
          'Δ JS values KB next',
          'nodes before',
          `nodes after ${2 * o.cycles}`,
          'detached after',
          'Δ listeners',
          'opens timed out',
          'still open after close',
        ],
        body,
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ) +
      `\n  (V8 compiles and optimises the window's functions as they get hot: compiled code and shapes grow over the first cycles and level off; a leak grows JS values and nodes with every cycle)`,
  };
}

// ───────────────────────────────────────────── (c) Lighthouse

export async function lighthouseTable(/** @type {{ runs: number }} */ o) {
  const lhDir = peerPath('lighthouse');
  const clDir = peerPath('chrome-launcher');
  if (!lhDir || !clDir) return { results: null, text: '(c) Lighthouse: skipped — not installed in test/bench/.peers/ (npm run bench:peers).' };
  const { default: lighthouse } = await import(join(lhDir, 'core/index.js'));
  const chromeLauncher = await import(join(clDir, 'dist/index.js'));
  const demo = await demoServer();
  /** @type {Record<string, { score: number, tbt: number, cls: number, lcp: number, kb: number }[]>} */
  const results = { without: [], with: [] };
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...chromiumArgs] });
  try {
    for (let i = 0; i < o.runs; i++) {
      for (const variant of Object.keys(results)) {
        const result = await lighthouse(`${demo.url.replace(/\/$/, '')}/`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // Without the widgets: the loader and the deployment's configuration are never fetched.
          blockedUrlPatterns: variant === 'without' ? ['*/dist/*', '*/assets/deployment-config.js'] : [],
        });
        const audits = result.lhr.audits;
        results[variant].push({
          score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
          tbt: audits['total-blocking-time'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          lcp: audits['largest-contentful-paint'].numericValue,
          kb: audits['total-byte-weight'].numericValue / 1000,
        });
      }
    }
  } finally {
    await chrome.kill();
    await demo.close();
  }
  const body = Object.entries(results).map(([v, runs]) => [
    `demo Polish page ${v} the widgets`,
    mr(runs.map((r) => r.score)),
    mr(runs.map((r) => r.tbt)),
    mr(
      runs.map((r) => r.cls),
      3,
    ),
    mr(runs.map((r) => r.lcp)),
    mr(
      runs.map((r) => r.kb),
      1,
    ),
  ]);
  const lhVersion = JSON.parse(readFileSync(join(lhDir, 'package.json'), 'utf8')).version;
  return {
    results,
    text:
      `(c) Lighthouse ${lhVersion} (mobile preset: simulated slow 4G, 4× CPU) on the demo's Polish page, Debian's Chromium via chrome-launcher, ` +
      `median (range) of ${o.runs}; without = the loader and the deployment configuration blocked\n\n` +
      table(['page', 'performance score', 'TBT ms', 'CLS', 'LCP ms', 'transfer KB'], body, ['l', 'r', 'r', 'r', 'r', 'r']),
  };
}

export const peersInstalled = () => existsSync(join(PEERS_DIR, 'package.json'));
