// The bench's tab driver without the DevTools Runtime domain (test/bench/bare-tab.mjs): what the click,
// host-page and compare-open timings rely on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { launchBare } from '../bench/bare-tab.mjs';

const PAGE = `<!doctype html><title>bare</title><script>
  window.seenInit = window.__init === 'set before the page';
  localStorage.setItem('visits', String(Number(localStorage.getItem('visits') ?? 0) + 1));
  setTimeout(() => { window.later = true; }, 150);
</script>`;

test('bare tabs: init script, navigation, evaluation, waiting, throttling, isolated contexts, and no Runtime domain', async () => {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  const browser = await launchBare();
  try {
    const context = await browser.newContext();
    const tab = await context.newPage();
    /** @type {string[]} */ const runtimeEvents = [];
    for (const event of ['Runtime.consoleAPICalled', 'Runtime.executionContextCreated', 'Runtime.exceptionThrown'])
      tab.cdp.on(event, () => runtimeEvents.push(event));
    await tab.addInitScript({ content: `window.__init = 'set before the page';` });
    await tab.goto(url);
    assert.equal(await tab.evaluate(() => /** @type {any} */ (window).seenInit), true, 'the init script runs before the page');
    assert.equal(await tab.evaluate((n) => Promise.resolve(n * 2), 21), 42, 'evaluate passes its argument and awaits');
    await assert.rejects(
      tab.evaluate(() => {
        throw new Error('from the page');
      }),
      /from the page/,
    );
    assert.equal(await tab.waitForFunction(() => /** @type {any} */ (window).later === true, null, { timeout: 5000 }), true);
    await tab.cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The point of the driver: the Runtime domain is never enabled, so its events never come.
    await tab.evaluate(() => {
      console.log('a message');
      setTimeout(() => {
        throw new Error('uncaught');
      });
    });
    await tab.waitForTimeout(200);
    assert.deepEqual(runtimeEvents, []);
    const second = await context.newPage();
    await second.goto(url);
    assert.equal(await second.evaluate(() => localStorage.getItem('visits')), '2', 'tabs of one context share storage');
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(url);
    assert.equal(await fresh.evaluate(() => localStorage.getItem('visits')), '1', 'a new context starts empty');
    await other.close();
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }
});
