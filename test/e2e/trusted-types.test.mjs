// The built bundle on pages that enforce Trusted Types (issue 10 item 14): the library's own policy
// 'live-assist' and lit-html's 'lit-html' (the launchers' templates) are all it needs; a page that
// allows no policy at all gets console messages, text instead of HTML content and an alert in the
// sidebar instead of its strip, never a dead page. Needs `npm run build` first.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { launchChromium, serve, hostPage } from './browser.mjs';

const channels = [{ name: 'CallUs', clickCommand: 'CallUs.open' }];
const callus = { contacts: [{ number: '+48 22 100 20 30' }] };
const strict = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:";
let browser;

before(async () => {
  assert.ok(existsSync('dist/live-assist.js'), 'dist/live-assist.js is missing: run `npm run build` first');
  browser = await launchChromium();
});
after(() => browser?.close());

/** Opens the README's host page under the strict CSP plus `trustedTypes` directives. */
async function open(trustedTypes) {
  const pages = hostPage({ main: { lang: 'en', preload: 'intent' }, sidebar: { channels }, callus });
  pages['/'].headers = { 'Content-Security-Policy': `${strict}; ${trustedTypes}` };
  const server = await serve(pages);
  const page = await browser.newPage();
  page.setDefaultTimeout(8000);
  const console = [];
  const errors = [];
  page.on('console', (m) => console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + '/', { waitUntil: 'load' });
  return {
    page,
    console,
    errors,
    close: async () => {
      await page.close();
      await server.close();
    },
  };
}

/** Opens an overlay and a toaster with HTML content through the public API. */
async function openHtmlWindows(page) {
  await page.evaluate(async () => {
    await window.LiveAssist.ready;
    await window.LiveAssist.command('Overlay.open', {
      title: 'Offer',
      html: '<p>An <strong>offer</strong> <a href="/\\evil.example">terms</a><img src="x" onerror="window.pwned = true"></p>',
    });
    await window.LiveAssist.command('Toaster.open', { title: 'Hello', html: '<p>A <em>toast</em></p>' });
  });
}

test("with trusted-types 'live-assist lit-html' the sidebar, an HTML overlay and a toaster work, with no errors", async () => {
  const host = await open("require-trusted-types-for 'script'; trusted-types live-assist lit-html");
  try {
    await host.page.locator('la-sidebar').getByRole('button', { name: 'Call Us' }).waitFor();
    await openHtmlWindows(host.page);
    const overlay = host.page.locator('la-overlay');
    await overlay.locator('strong', { hasText: 'offer' }).waitFor();
    assert.equal(await overlay.getByRole('link', { name: 'terms' }).getAttribute('href'), '#', 'the off-site link is neutralised');
    await host.page.locator('la-toaster').locator('em', { hasText: 'toast' }).waitFor();
    // A second overlay after the first: the policy is created once (a duplicate would throw).
    await host.page.evaluate(() => window.LiveAssist.command('Overlay.open', { title: 'Again', html: '<p><b>second</b></p>' }));
    await overlay.locator('b', { hasText: 'second' }).waitFor();
    assert.deepEqual(host.errors, []);
    assert.equal(await host.page.evaluate(() => window.pwned), undefined);
    // The only errors allowed: the missing favicon, and the CSP refusing the content's own onerror
    // attribute while DOMParser parses it (before the sanitiser removes it; as under any strict CSP).
    const problems = host.console.filter((m) => m.startsWith('error:') && !/favicon|404 \(Not Found\)|Executing inline event handler/.test(m));
    assert.deepEqual(problems, []);
    assert.ok(!host.console.some((m) => /Trusted|trusted-types/.test(m)), host.console.join('\n'));
  } finally {
    await host.close();
  }
});

test("a page whose trusted-types list omits ours ('none') gets console messages, text content and a sidebar alert, not a broken page", async () => {
  const host = await open("require-trusted-types-for 'script'; trusted-types 'none'");
  try {
    assert.equal(await host.page.evaluate(() => typeof window.LiveAssist), 'object');
    // lit-html cannot create its policy, so the launchers' chunk does not run: the sidebar says so.
    const alert = host.page.locator('la-sidebar').getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.textContent(), /could not be loaded/);
    assert.ok(
      host.console.some((m) => m.startsWith('error:') && m.includes("'lit-html'")),
      host.console.join('\n'),
    );
    await openHtmlWindows(host.page);
    const overlay = host.page.locator('la-overlay');
    await overlay.getByText('An offer terms').waitFor();
    assert.equal(await overlay.locator('strong, a, img').count(), 0, 'no markup from the content');
    await host.page.locator('la-toaster').getByText('A toast').waitFor();
    assert.ok(
      host.console.some((m) => m.startsWith('error:') && m.includes("Trusted Types policy 'live-assist'")),
      host.console.join('\n'),
    );
    assert.deepEqual(host.errors, []);
    // The windows still work: a channel's command opens its React window.
    await host.page.evaluate(() => window.LiveAssist.command('Overlay.close'));
    await host.page.locator('la-overlay').getByRole('dialog').waitFor({ state: 'detached' });
    await host.page.evaluate(() => window.LiveAssist.command('CallUs.open'));
    await host.page.locator('la-overlay').getByRole('heading', { name: 'Call Us' }).waitFor();
    assert.deepEqual(host.errors, []);
  } finally {
    await host.close();
  }
});

test("the page's stylesheet (main.customStylesheetID, a same-origin <link>) restyles a window under the strict CSP with Trusted Types", async () => {
  const main = { lang: 'en', preload: 'intent', themes: { brand: 'cx-theme-brand' }, theme: 'brand', customStylesheetID: 'site-looks' };
  const pages = hostPage({ main, sidebar: { channels }, callus });
  pages['/'].body = pages['/'].body.replace('</head>', '<link rel="stylesheet" id="site-looks" href="/site-looks.css"></head>');
  pages['/'].headers = { 'Content-Security-Policy': `${strict}; require-trusted-types-for 'script'; trusted-types live-assist lit-html` };
  pages['/site-looks.css'] = {
    body: '.cx-widget.cx-theme-brand .cx-titlebar { background-color: rgb(0, 0, 0); color: rgb(255, 255, 255); }',
    headers: { 'Content-Type': 'text/css' },
  };
  const server = await serve(pages);
  const page = await browser.newPage();
  page.setDefaultTimeout(8000);
  const messages = [];
  const errors = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(server.url + '/', { waitUntil: 'load' });
    await page.evaluate(async () => {
      await window.LiveAssist.ready;
      await window.LiveAssist.command('CallUs.open');
    });
    const titlebar = page.locator('la-overlay').locator('.cx-widget.cx-theme-brand .cx-titlebar');
    await titlebar.waitFor();
    await page.waitForFunction(() => {
      const bar = document.querySelector('la-overlay')?.shadowRoot?.querySelector('.cx-titlebar');
      return bar && getComputedStyle(bar).backgroundColor === 'rgb(0, 0, 0)';
    });
    assert.equal(await page.evaluate(() => document.querySelector('la-overlay').shadowRoot.querySelector('style')), null);
    assert.deepEqual(errors, []);
    const problems = messages.filter((m) => /^(error|warning):/.test(m) && !/favicon|404 \(Not Found\)/.test(m));
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
    await server.close();
  }
});
