// The launcher on the Polish demo page against the simulator (issue 4): the deployment's availability
// rule shows five channels inside opening hours, four without chat at 18:00 (search is offered at any
// hour), and the full list when the statistics fail. Needs `npx rollup -c` first (npm test builds).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { waitFor } from '../helpers/wait.mjs';

const demo = useDemo();
const control = (path, body, method) => demo.control(path, body, method);

/** Opens `/` and waits until the Sidebar plugin has applied the availability answer. */
async function openDemo(options = {}, adjust) {
  const context = await demo.browser.newContext(options);
  const page = await context.newPage();
  // Adjusts the deployment's configuration as the page sets it (before the library reads it).
  if (adjust) {
    await page.addInitScript(`{ let c; Object.defineProperty(window, 'liveAssistConfig', { configurable: true,
      get: () => c, set: (v) => { c = v; (${adjust})(c); } }); }`);
  }
  page.setDefaultTimeout(10000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(demo.url + '/', { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  await waitFor(async () => (await page.evaluate(() => window.LiveAssist.command('Sidebar.getState'))).availability !== 'pending', {
    timeout: 10000,
    what: 'the availability answer',
  });
  // The channels shown: those the availability rule leaves out keep their (hidden) buttons.
  const names = () => page.locator('la-sidebar').locator('li:not([hidden]) .la-sidebar__name').allTextContents();
  return { page, context, errors, names, close: () => context.close() };
}

test('inside opening hours: five channels (call us, callback, chat, write to us, search)', async () => {
  await control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  const demo = await openDemo();
  try {
    assert.deepEqual(await demo.names(), ['Zadzwoń', 'Oddzwonimy', 'Czat', 'Napisz', 'Szukaj']);
    // Hover expands the strip (250 ms) and leaving contracts it (500 ms).
    const nav = demo.page.locator('la-sidebar nav');
    await nav.hover();
    await demo.page.waitForFunction(() => document.querySelector('la-sidebar').shadowRoot.querySelector('nav').getBoundingClientRect().width >= 132);
    await demo.page.mouse.move(10, 10);
    await demo.page.waitForFunction(() => document.querySelector('la-sidebar').shadowRoot.querySelector('nav').getBoundingClientRect().width === 48);
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
  }
});

test('at 18:00 server time: four channels, no chat', async () => {
  await control('/__control/clock', { warsawTime: '18:00', date: '2025-03-03' });
  const demo = await openDemo();
  try {
    assert.deepEqual(await demo.names(), ['Zadzwoń', 'Oddzwonimy', 'Napisz', 'Szukaj']);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test('when the wait-time statistics fail: the full list', async () => {
  await control('/__control/clock', { warsawTime: '18:00', date: '2025-03-03' });
  await control('/__control/faults', { endpoint: 'ewt.group', failureRate: 1, status: 503 });
  const demo = await openDemo();
  try {
    assert.equal((await demo.page.evaluate(() => window.LiveAssist.command('Sidebar.getState'))).availability, 'failed');
    assert.deepEqual(await demo.names(), ['Zadzwoń', 'Oddzwonimy', 'Czat', 'Napisz', 'Szukaj']);
  } finally {
    await demo.close();
    await control('/__control/faults', undefined, 'DELETE');
    await control('/__control/clock', { reset: true });
  }
});

test('mobile mode: one button opens the overlay "Potrzebujesz pomocy?" with the channels; Escape closes it', async () => {
  await control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  const demo = await openDemo({ viewport: { width: 390, height: 700 } }, (config) => (config.main.mobileMode = true));
  try {
    const button = demo.page.locator('la-sidebar').getByRole('button', { name: 'Potrzebujesz pomocy?' });
    await button.click();
    const dialog = demo.page.locator('la-overlay').getByRole('dialog', { name: 'Potrzebujesz pomocy?' });
    await dialog.waitFor();
    assert.deepEqual(await dialog.locator('li:not([hidden]) .la-sidebar__name').allTextContents(), ['Zadzwoń', 'Oddzwonimy', 'Czat', 'Napisz', 'Szukaj']);
    await demo.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test('the CallUs channel opens the call-us panel in the overlay: the helpline number and the opening hours', async () => {
  await control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  const demo = await openDemo();
  try {
    await demo.page
      .locator('la-sidebar')
      .getByRole('button', { name: /Zadzwoń/ })
      .first()
      .click();
    const dialog = demo.page.locator('la-overlay').getByRole('dialog', { name: 'Zadzwoń do nas' });
    await dialog.waitFor();
    const number = dialog.locator('la-call-us .la-callus__number--main');
    assert.equal(await number.textContent(), '+48 22 100 20 30');
    assert.equal(await number.getAttribute('href'), 'tel:+48221002030');
    assert.equal(await dialog.locator('la-call-us .la-callus__main .la-callus__label').textContent(), 'Infolinia PPK');
    assert.deepEqual(await dialog.locator('la-call-us .la-callus__hours li').allTextContents(), ['Poniedziałek–piątek: 8:00–17:00']);
    assert.equal(await dialog.locator('la-call-us .la-callus__available').textContent(), 'Dostępni');
    const size = await number.evaluate((a) => parseFloat(getComputedStyle(a).fontSize));
    assert.ok(size > 0 && size <= 36, `main number at ${size}px`);
    await dialog.locator('la-call-us').getByRole('button', { name: 'Anuluj' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});
