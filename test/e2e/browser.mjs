// Shared by the Node-side end-to-end tests: Debian's Chromium through Playwright, and a tiny static
// server for the built library (dist/) plus pages a test writes in memory.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { before, after } from 'node:test';
import { extname, join, normalize } from 'node:path';

import { launchChromium } from '../chromium.mjs';

export { chromiumArgs, launchChromium } from '../chromium.mjs';

const types = { '.js': 'text/javascript', '.json': 'application/json', '.map': 'application/json', '.html': 'text/html; charset=utf-8' };

/**
 * Serves `/dist/*` from the repository and `pages` (path → { body, headers }) from memory, on
 * 127.0.0.1 and a free port.
 */
export async function serve(pages) {
  const root = process.cwd();
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const page = pages[path];
    if (page) {
      response.writeHead(200, { 'Content-Type': types[extname(path)] ?? types['.html'], ...page.headers });
      response.end(page.body);
      return;
    }
    const file = normalize(join(root, path));
    if (path.startsWith('/dist/') && file.startsWith(join(root, 'dist'))) {
      try {
        const body = await readFile(file);
        response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
        response.end(body);
        return;
      } catch {
        /* fall through to 404 */
      }
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A host page as the README shows it: a config script, the module script tag, and the element. */
export function hostPage(config, body = '<la-sidebar></la-sidebar>') {
  return {
    '/config.js': { body: `window.liveAssistConfig = ${JSON.stringify(config)};` },
    '/': {
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script src="/config.js"></script>
<script type="module" src="/dist/live-assist.js"></script></head>
<body><main><h1>Host page</h1><a href="#top">A link before the sidebar</a></main>${body}</body></html>`,
      headers: {
        'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:",
      },
    },
  };
}

/**
 * The demo server (with its simulator) on a free port and a Chromium, for one test file: registers
 * the before/after hooks and returns the handles once they exist.
 *
 *   const demo = useDemo();
 *   test('…', async () => { const page = await demo.browser.newPage(); await page.goto(demo.url + '/'); });
 */
export function useDemo(options = { port: 0 }) {
  const demo = {
    url: '',
    browser: undefined,
    server: undefined,
    /** The agent token, as the control API's data routes (callbacks, messages, knowledge) ask it: fetch's init. */
    agentAuth() {
      return { headers: { authorization: `Bearer ${demo.server?.agentToken ?? ''}` } };
    },
    /** POST (or another method) a JSON body to the simulator's control API; fails the test on an error. */
    async control(path, body, method = 'POST') {
      const response = await fetch(demo.url + path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
      return response.json().catch(() => undefined);
    },
  };
  before(async () => {
    if (!existsSync('dist/live-assist.js')) throw new Error('dist/live-assist.js is missing: run `npx rollup -c` first');
    const { startServer } = await import('../../demo/server.mjs');
    demo.server = await startServer(options);
    demo.url = demo.server.url;
    demo.browser = await launchChromium();
  });
  after(async () => {
    await demo.browser?.close();
    await demo.server?.close();
  });
  return demo;
}

/**
 * Holds back the page's requests that match `pattern` until `release()`: each is recorded in `asked` (its
 * path) as it comes, and goes on to the server once released. For checks that a window is usable without
 * a chunk, that the chunk is asked for when it should be, and what waits for it. Call before the request.
 */
export async function holdBack(page, pattern) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const asked = [];
  await page.route(pattern, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  return { asked, release };
}

/**
 * Resolves once the page has passed the moment the library preloads at when idle (boot.ts: after
 * load, `main.pluginLoadDelay` ms, then an idle callback): this page's timer and idle callback queue
 * behind the library's, so whatever the library would have requested then has been requested — and
 * Playwright has reported it — when this resolves. For checks that something did not load.
 */
export function pastIdlePreload(page, pluginLoadDelay = 100) {
  return page.evaluate(
    (delay) =>
      new Promise((resolve) => {
        const idle = () => setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 5000 }), delay);
        if (document.readyState === 'complete') idle();
        else addEventListener('load', idle, { once: true });
      }),
    pluginLoadDelay,
  );
}

/**
 * Resolves once the page has rendered `count` more frames, so the effects of what is on screen
 * (React's passive effects run before the next frame) have run. For checks that something did not
 * happen after a render, such as focus moving.
 */
export function renderedFrames(page, count = 2) {
  return page.evaluate(
    (n) =>
      new Promise((resolve) => {
        const frame = () => (n-- > 0 ? requestAnimationFrame(frame) : resolve());
        frame();
      }),
    count,
  );
}
