// End-to-end: <la-click-to-call> on /en against the demo server and its simulator (node --test test/e2e/).
// Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';

const demo = useDemo();
const control = (body) =>
  fetch(`${demo.url}/__control/clicktocall`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

test('/en: a number to dial, kept across a reload until it expires, under the page’s strict CSP', async () => {
  await control({ expirySeconds: 120, poolSize: 5, release: true });
  // The demo's own Content-Security-Policy (no bypass): the window and its drag need no inline style.
  const context = await demo.browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (/Content.Security.Policy|Trusted Type/i.test(message.text())) problems.push(message.text());
  });
  try {
    await page.goto(`${demo.url}/en`, { waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);
    await page.getByRole('button', { name: 'ClickToCall.open' }).click();
    const win = page.locator('la-click-to-call [part=window]');
    await win.waitFor();
    assert.equal(await win.locator('h2').textContent(), 'Click to Call');
    await win.getByLabel('First name').fill('Anna');
    await win.getByLabel('Phone number').pressSequentially('+48 600-100-200');
    assert.equal(await win.getByLabel('Phone number').inputValue(), '+48600100200');
    await win.getByRole('button', { name: 'Request a number' }).click();
    const dial = win.getByRole('link', { name: /Dial in now/ });
    await dial.waitFor();
    const href = await dial.getAttribute('href');
    assert.match(href, /^tel:\+48221003001,,\d{4}#$/);
    assert.match(await win.locator('.la-c2c__countdown').textContent(), /^Number expires in (2:00|1:\d\d)$/);
    const lease = demo.server.simulator.state.clickToCall.leases.get('+48 22 100 30 01');
    assert.equal(lease.customer, '+48600100200');
    assert.equal(href, `tel:+48221003001,,${lease.code}#`);

    // A reload opens the window straight into the same number (the deployment's cookies), asking for none.
    const issued = demo.server.simulator.state.clickToCall.issued;
    await page.reload({ waitUntil: 'load' });
    const again = page.locator('la-click-to-call [part=window]').getByRole('link', { name: /Dial in now/ });
    await again.waitFor();
    assert.equal(await again.getAttribute('href'), href);
    // Reopened by the app, not by the visitor: the page keeps its focus.
    assert.notEqual(await page.evaluate(() => document.activeElement?.localName), 'la-click-to-call');
    assert.equal(demo.server.simulator.state.clickToCall.issued, issued, 'no second request');

    // Closed, the open flag is gone (the next page opens nothing); the number is still kept for the next open.
    await page.locator('la-click-to-call').getByRole('button', { name: 'Close', exact: true }).click();
    await page.locator('la-click-to-call [part=window]').waitFor({ state: 'detached' });
    const names = (await context.cookies()).map((cookie) => cookie.name);
    assert.equal(names.includes('ppk-en_clicktocall_open'), false);
    assert.equal(names.includes('ppk-en_clicktocall_number'), true);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/en: the number expires, the expired dialog asks for a new one, the pool gives the next', async () => {
  await control({ expirySeconds: 2, poolSize: 5, release: true });
  const context = await demo.browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${demo.url}/en`, { waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);
    await page.evaluate(() => window.LiveAssist.command('ClickToCall.open', { form: { firstname: 'Anna', phonenumber: '+48600100200' } }));
    const win = page.locator('la-click-to-call [part=window]');
    await win.getByRole('button', { name: 'Request a number' }).click();
    await win.locator('.la-c2c__countdown--warning').waitFor();
    const dialog = win.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 6000 });
    assert.match(await dialog.textContent(), /Phone number has expired!/);
    await control({ expirySeconds: 120 });
    await dialog.getByRole('button', { name: 'Request a new number' }).click();
    const dial = win.getByRole('link', { name: /Dial in now/ });
    await dial.waitFor();
    assert.match(await dial.textContent(), /\+48 22 100 30 0\d/);
  } finally {
    await context.close();
  }
});
