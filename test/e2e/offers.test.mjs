// The Polish page's PPK offer (issue 36) against the demo: 20 s after load (Playwright's clock fast-forwards
// them) an overlay on a desktop and a toaster on a phone, whose call to action opens the callback.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { launchChromium } from '../chromium.mjs';
import { serve, hostPage } from './browser.mjs';
import { startServer } from '../../demo/server.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 } };

let server;
let browser;
before(async () => {
  server = await startServer({ port: 0 });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The offer's box inside the toaster or overlay, or null. */
const offerIn = (tag) => document.querySelector(tag)?.shadowRoot?.querySelector('la-offer')?.shadowRoot?.querySelector('.la-offer')?.className ?? null;

async function visit(device) {
  const context = await browser.newContext({ ...device, locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => (msg.type() === 'error' || msg.type() === 'warning') && problems.push(`console: ${msg.text()}`));
  await page.clock.install();
  await page.goto(server.url + '/', { waitUntil: 'networkidle' });
  return { context, page, problems };
}

test('desktop: the PPK offer shows in the overlay after 20 s, and its call to action opens the callback', async () => {
  const { context, page, problems } = await visit(DESKTOP);
  try {
    await page.clock.fastForward(19000);
    assert.equal(await page.evaluate(offerIn, 'la-overlay'), null, 'not before 20 s');
    await page.clock.fastForward(1500);
    await page.waitForFunction(offerIn, 'la-overlay', { timeout: 10000 });
    assert.match(await page.evaluate(offerIn, 'la-overlay'), /la-offer--overlay la-offer--leftText/);
    const cta = page.locator('la-overlay la-offer .la-offer__cta');
    assert.equal(await cta.textContent(), 'Zamów rozmowę');
    await cta.click();
    await page.locator('la-callback [part=window]').waitFor({ timeout: 10000 });
    assert.equal(await page.evaluate(offerIn, 'la-overlay'), null, 'the offer closed');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('phone: the same offer is a toaster, after the chat invite that holds the toaster closes', async () => {
  const { context, page, problems } = await visit(PHONE);
  try {
    await page.clock.fastForward(20500);
    await page.locator('la-toaster').getByRole('button', { name: 'Nie, dziękuję' }).waitFor({ timeout: 10000 });
    assert.equal(await page.evaluate(offerIn, 'la-toaster'), null, 'the invite holds the toaster');
    await page.locator('la-toaster').getByRole('button', { name: 'Nie, dziękuję' }).click();
    await page.clock.runFor(1000);
    await page.waitForFunction(offerIn, 'la-toaster', { timeout: 10000 });
    assert.match(await page.evaluate(offerIn, 'la-toaster'), /la-offer--toaster/);
    assert.equal(await page.evaluate(offerIn, 'la-overlay'), null);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/en: the Offers.open button shows its offer in the toaster', async () => {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  try {
    await page.goto(server.url + '/en', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Offers.open' }).click();
    await page.waitForFunction(() => (document.getElementById('status')?.textContent || '').includes('Offers.open'));
    assert.match(await page.locator('#status').textContent(), /Offers\.open: resolved/);
    await page.waitForFunction(offerIn, 'la-toaster', { timeout: 10000 });
    assert.equal(await page.locator('la-toaster la-offer h3').textContent(), 'Save for later');
  } finally {
    await context.close();
  }
});

test('strict CSP and Trusted Types: the documented frame-src lets the YouTube player in; its postMessage play stops the countdown', async () => {
  const pages = hostPage({ main: { lang: 'en', preload: 'intent' } }, '');
  pages['/'].headers = {
    'Content-Security-Policy':
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-src https://www.youtube-nocookie.com https://player.vimeo.com; require-trusted-types-for 'script'; trusted-types live-assist lit-html",
  };
  const host = await serve(pages);
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  // A stand-in for the player: it answers the listening handshake with "playing", as YouTube's does.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': "script-src 'unsafe-inline'" },
      body: `<!doctype html><script>addEventListener('message', (e) => { if (JSON.parse(e.data).event === 'listening') parent.postMessage(JSON.stringify({ event: 'onStateChange', info: 1 }), '*'); });</script>`,
    }),
  );
  try {
    await page.goto(host.url + '/', { waitUntil: 'load' });
    await page.waitForFunction(() => window.LiveAssist?.ready);
    const played = page.evaluate(
      () => new Promise((resolve) => window.LiveAssist.subscribe('Offers.videoPlayed', (e) => resolve(e.data.metadata.videoPlayed))),
    );
    await page.evaluate(() =>
      window.LiveAssist.command('Offers.open', { mode: 'overlay', headline: 'Watch', timeout: 20000, video: 'https://youtu.be/dQw4w9WgXcQ' }),
    );
    const frame = page.locator('la-overlay la-offer iframe');
    assert.match(await frame.getAttribute('src'), /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?enablejsapi=1/);
    assert.equal(await played, true);
    await page.locator('la-overlay la-offer .la-offer__countdown').waitFor({ state: 'detached' });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await host.close();
  }
});
