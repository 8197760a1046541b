// The site's own code named in `main` (issue 38 item 4): plugin scripts `{pluginsPath}{name}.min.js`,
// modules `{pluginsPath}{name}.mod.js` and extensions, on a page that enforces Trusted Types: the
// scripts get a TrustedScriptURL from the library's policy 'live-assist' (src/app/trusted-types.ts), so
// 'live-assist' is all the page lists. Files on another origin than the page's (and main.pluginOrigins')
// are refused before any request; a missing file gets the spec's message. Needs `npx rollup -c` first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { launchChromium, serve } from './browser.mjs';

const csp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; require-trusted-types-for 'script'; trusted-types live-assist lit-html";
let browser;

before(async () => {
  assert.ok(existsSync('dist/live-assist.js'), 'dist/live-assist.js is missing: run `npx rollup -c` first');
  browser = await launchChromium();
});
after(() => browser?.close());

async function open(main, files) {
  const requests = [];
  const server = await serve({
    '/config.js': {
      body: `window.liveAssistConfig = { main: Object.assign(${JSON.stringify(main)}, {
        extensions: Object.assign(${JSON.stringify(main.extensions ?? {})}, {
          inline: function (bus) { window.inlineExtension = typeof bus.command; },
        }),
      }) };`,
    },
    '/': {
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script src="/config.js"></script><script type="module" src="/dist/live-assist.js"></script></head><body><main><h1>Host</h1></main></body></html>`,
      headers: { 'Content-Security-Policy': csp },
    },
    ...files,
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(8000);
  const messages = [];
  const errors = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) =>
    requests.push(new URL(r.url()).pathname + (new URL(r.url()).host === new URL(server.url).host ? '' : ` @${new URL(r.url()).host}`)),
  );
  await page.goto(server.url + '/', { waitUntil: 'load' });
  return { page, messages, errors, requests, close: () => page.close().then(() => server.close()) };
}

const files = {
  // A plugin script registers itself on the bus through the public API, as a site's own plugin would.
  '/plugins/hello.min.js': { body: "window.helloPlugin = 'ran'; window.LiveAssist.ready.then(() => { window.helloReady = true; });" },
  '/plugins/stats.mod.js': { body: 'window.statsModule = import.meta.url; export const loaded = true;' },
  '/ext/greet.js': { body: "window.greetExtension = 'ran';" },
};

test("under require-trusted-types-for 'script', plugin scripts, modules and extensions load through the 'live-assist' policy", async () => {
  const host = await open(
    {
      lang: 'en',
      preload: 'intent',
      plugins: ['hello', 'missing'],
      pluginModules: ['stats'],
      pluginsPath: '/plugins/',
      extensions: { greet: '/ext/greet.js' },
    },
    files,
  );
  try {
    await host.page.waitForFunction(
      () => window.helloPlugin === 'ran' && window.helloReady === true && window.statsModule && window.greetExtension && window.inlineExtension,
    );
    assert.match(await host.page.evaluate(() => window.statsModule), /\/plugins\/stats\.mod\.js$/);
    assert.equal(await host.page.evaluate(() => window.inlineExtension), 'function', 'a function extension gets the bus');
    // The missing plugin: the spec's message, with its name and URL; nothing else broke.
    const missing = () =>
      host.messages.find((m) => m.startsWith('error:') && m.includes('Could not load plugin file in given location. Check your plugins path option.'));
    for (let i = 0; i < 40 && !missing(); i += 1) await new Promise((r) => setTimeout(r, 100));
    assert.match(missing() ?? host.messages.join('\n'), /missing.*\/plugins\/missing\.min\.js/s);
    assert.deepEqual(host.errors, []);
    assert.ok(!host.messages.some((m) => /TrustedScriptURL|Trusted Type/.test(m)), host.messages.join('\n'));
    // The extensions are taken: registering one of their names again is refused with the spec's message.
    const again = await host.page.evaluate(() =>
      window.LiveAssist.command('App.registerExtension', { name: 'greet', extension: () => undefined }).catch((e) => e.message),
    );
    assert.equal(again, 'The Extension name: greet, is already taken. Please use another name.');
  } finally {
    await host.close();
  }
});

test('a pluginsPath on another origin is refused before any request, unless main.pluginOrigins lists it', async () => {
  const host = await open({ lang: 'en', preload: 'intent', plugins: ['hello'], pluginModules: ['stats'], pluginsPath: 'http://plugins.invalid/js/' }, {});
  try {
    await host.page.waitForFunction(() => window.inlineExtension);
    const refusals = () => host.messages.filter((m) => m.startsWith('error:') && m.includes("is not on this page's origin nor in main.pluginOrigins"));
    for (let i = 0; i < 40 && refusals().length < 2; i += 1) await new Promise((r) => setTimeout(r, 100));
    assert.equal(refusals().length, 2, host.messages.join('\n'));
    assert.match(refusals().join('\n'), /Could not load plugin file in given location/);
    assert.match(refusals().join('\n'), /Could not load module/);
    assert.ok(!host.requests.some((r) => r.includes('plugins.invalid')), host.requests.join('\n'));
    assert.equal(await host.page.evaluate(() => window.helloPlugin), undefined);
  } finally {
    await host.close();
  }
  // Listed: the same origin is asked (and, being unreachable, fails with the spec's message).
  const listed = await open(
    { lang: 'en', preload: 'intent', plugins: ['hello'], pluginsPath: 'http://plugins.invalid/js/', pluginOrigins: ['http://plugins.invalid'] },
    {},
  );
  try {
    const failed = () =>
      listed.messages.find(
        (m) => m.startsWith('error:') && m.includes('Could not load plugin file in given location') && m.includes('http://plugins.invalid/js/hello.min.js'),
      );
    for (let i = 0; i < 80 && !failed(); i += 1) await new Promise((r) => setTimeout(r, 100));
    assert.ok(failed(), listed.messages.join('\n'));
    assert.ok(!listed.messages.some((m) => m.includes("is not on this page's origin")), listed.messages.join('\n'));
  } finally {
    await listed.close();
  }
});
