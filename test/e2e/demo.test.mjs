// End-to-end smoke test of the demo in headless Chromium: node --test test/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { launchChromium } from '../chromium.mjs';
import { waitFor } from '../helpers/wait.mjs';
import { startServer } from '../../demo/server.mjs';

const LIBRARY_FILE = new URL('../../dist/live-assist.js', import.meta.url);
const LIBRARY_BUILT = existsSync(LIBRARY_FILE);
/** The library may be (re)built while the tests run: judge a /dist 404 by the file's presence now. */
const libraryMissingNow = () => !existsSync(LIBRARY_FILE);
const SKIP_LIBRARY = LIBRARY_BUILT ? false : 'dist/live-assist.js is not built yet (run npm run build) — library-loading assertions skipped';

let server;
let browser;
before(async () => {
  server = await startServer({ port: 0, simulator: { chat: { agentJoinDelayMs: 100, botJoinDelayMs: 50, typingDelayMs: 20, replyDelayMs: 20 } } });
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Open a page, collecting console errors and page errors. While the library is not built, the one
 * expected failure (the 404 of /dist/live-assist.js) is ignored.
 * @param {string} path
 */
async function visit(path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const where = msg.location()?.url || '';
    if (where.includes('/dist/') && libraryMissingNow()) return;
    problems.push(`console: ${msg.text()} (${where})`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('requestfailed', (req) => {
    if (req.url().includes('/dist/') && libraryMissingNow()) return;
    problems.push(`requestfailed: ${req.url()} ${req.failure()?.errorText}`);
  });
  // Every request the page made (the library's chunks, statistics …) has answered: late errors are in.
  const response = await page.goto(server.url + path, { waitUntil: 'networkidle' });
  return { page, context, problems, response };
}

for (const [path, heading] of [
  ['/', 'Pracownicze plany kapitałowe bez tajemnic'],
  ['/en', 'Every widget, in English'],
  ['/kontakt', 'Napisz do nas'],
  ['/agent', 'Konsola konsultanta'],
]) {
  test(`${path} loads with no console errors and no page errors`, async () => {
    const { page, context, problems, response } = await visit(path);
    try {
      assert.equal(response.status(), 200);
      assert.equal(await page.locator('h1').first().textContent(), heading);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

for (const path of ['/', '/en', '/kontakt']) {
  test(`${path} fits a 390 px phone screen: no sideways scrolling, the launcher on screen`, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 780 }, isMobile: true, hasTouch: true });
    try {
      const page = await context.newPage();
      await page.goto(server.url + path, { waitUntil: 'load' });
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.ok(scroll <= client, `the page is ${scroll} px wide in a ${client} px viewport`);
      if (path === '/') {
        const button = page.locator('la-sidebar').getByRole('button').first();
        await button.waitFor();
        const box = await button.boundingBox();
        assert.ok(box && box.x + box.width <= client, `the sidebar button ends at ${box && box.x + box.width} px`);
      }
    } finally {
      await context.close();
    }
  });
}

test('/ has the deployment config before the library, and the sidebar element', async () => {
  const { page, context } = await visit('/');
  try {
    const cfg = await page.evaluate(() => window.liveAssistConfig);
    assert.equal(cfg.main.lang, 'pl');
    assert.deepEqual(
      cfg.sidebar.channels.map((c) => c.name),
      ['CallUs', 'Callback', 'WebChat', 'SendMessage', 'Search'],
    );
    assert.deepEqual(cfg.sidebar.channels[3].clickOptions, { url: '/kontakt' });
    assert.equal(cfg.calendar.numberOfDays, 5);
    assert.equal(await page.locator('la-sidebar').count(), 1);
  } finally {
    await context.close();
  }
});

test('the library boots on / (window.LiveAssist ready, la-sidebar defined)', { skip: SKIP_LIBRARY }, async () => {
  const { page, context, problems } = await visit('/');
  try {
    await page.waitForFunction(() => window.LiveAssist);
    // A command's round trip through the bus, not just the API's presence.
    const state = await page.evaluate(async () => {
      await window.LiveAssist.ready;
      const main = await window.LiveAssist.command('App.getConfig', { section: 'main' });
      return { lang: main.lang, defined: Boolean(customElements.get('la-sidebar')) };
    });
    assert.deepEqual(state, { lang: 'pl', defined: true });
    assert.deepEqual(problems, []);
    // The page really requires Trusted Types (so every e2e test runs under it): a plain string into an
    // HTML sink throws, and only the library's policy may exist.
    const enforced = await page.evaluate(() => {
      const probe = document.createElement('div');
      try {
        probe.innerHTML = '<b>x</b>';
        return 'accepted a string';
      } catch (error) {
        return error instanceof TypeError ? 'refused' : String(error);
      }
    });
    assert.equal(enforced, 'refused');
    const otherPolicy = await page.evaluate(() => {
      try {
        window.trustedTypes.createPolicy('someone-else', { createHTML: (s) => s });
        return 'created';
      } catch {
        return 'refused';
      }
    });
    assert.equal(otherPolicy, 'refused');
  } finally {
    await context.close();
  }
});

test('/en buttons never throw: a command shows its result or rejection in the status line', async () => {
  const { page, context, problems } = await visit('/en');
  try {
    await page.getByRole('button', { name: 'Offers.open' }).click();
    await page.waitForFunction(() => (document.getElementById('status')?.textContent || '').includes('Offers.open'));
    const status = await page.locator('#status').textContent();
    assert.match(status, /Offers\.open: (resolved|rejected)|window\.LiveAssist is not available/);
    await page.getByRole('button', { name: 'Set Warsaw time to 18:00 (closed)' }).click();
    await page.waitForFunction(() => (document.getElementById('status')?.textContent || '').includes('simulator clock'));
    assert.match(await page.locator('#status').textContent(), /T18:00/);
    await page.getByRole('button', { name: 'Reset the simulator' }).click();
    await page.waitForFunction(() => (document.getElementById('status')?.textContent || '').includes('simulator reset'));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('simulator answers from the page context as documented', async () => {
  const { page, context } = await visit('/');
  try {
    // A known open time: Monday 10:00 in Warsaw.
    await fetch(server.url + '/__control/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ time: '2025-03-03T10:00:00+01:00' }),
    });
    const answers = await page.evaluate(async () => {
      const ewt = await (await fetch('/api/ewt/group?name=PPK_Chat')).json();
      const slots = await (await fetch('/api/callback/v3/availability/ppk-callback?start=2025-03-03&numberOfDays=1')).json();
      const cb = await fetch('/api/callback/v3/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'demo-key' },
        body: JSON.stringify({ serviceName: 'ppk-callback', phoneNumber: '600000041' }),
      });
      const sm = await fetch('/api/sendmessage', { method: 'POST', body: new URLSearchParams({ firstName: 'A' }) });
      return {
        ewt,
        slotKeys: Object.keys(slots.data.slots[0] || {}),
        cbStatus: cb.status,
        cbCode: (await cb.json()).code,
        smStatus: sm.status,
        smCodes: (await sm.json()).errors.map((e) => e.code),
      };
    });
    assert.equal(answers.ewt.ewt, 45);
    assert.equal(typeof answers.ewt.time, 'number');
    assert.deepEqual(answers.slotKeys, ['utcTime', 'localTime', 'capacity']);
    assert.deepEqual([answers.cbStatus, answers.cbCode], [429, 7041]);
    assert.deepEqual([answers.smStatus, answers.smCodes], [400, [103, 104, 181, 182]]);
  } finally {
    await fetch(server.url + '/__control/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await context.close();
  }
});

test('/kontakt fallback form submits to the simulator and shows the answer (when <la-send-message> is not defined)', async () => {
  const { page, context, problems } = await visit('/kontakt');
  try {
    const defined = await page.evaluate(() => Boolean(customElements.get('la-send-message')));
    if (defined) {
      assert.equal(await page.locator('la-send-message .fallback').isVisible(), false, 'fallback hidden once the element exists');
      return;
    }
    await page.getByLabel('Imię').fill('Anna');
    await page.getByLabel('Nazwisko').fill('Nowak');
    await page.getByLabel('E-mail').fill('anna@example.com');
    await page.getByLabel('Temat').fill('Wpłaty');
    await page.getByLabel('Treść wiadomości').fill('Ile wynosi dopłata roczna?');
    await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await page.waitForFunction(() => (document.getElementById('kontakt-status')?.textContent || '').includes('Dziękujemy'));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('agent console: a chat started over plain HTTP appears, is accepted and answered in real time', async () => {
  await fetch(server.url + '/__control/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scriptedAgent: false }),
  });
  const form = (o) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(o).toString() });
  const start = await (await fetch(server.url + '/api/chat/customer-chat', form({ firstName: 'Zofia', subject: 'Rezygnacja' }))).json();
  const creds = { alias: start.alias, userId: start.userId, secureKey: start.secureKey };
  const { page, context, problems } = await visit('/agent');
  try {
    // The console asks for the agent token (printed by npm start) before it lists anyone's chats.
    await page.getByLabel('Token', { exact: true }).fill(server.agentToken);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    const item = page.locator('#chats li', { hasText: 'Zofia' });
    await item.getByRole('button', { name: 'Przyjmij' }).click();
    await fetch(`${server.url}/api/chat/customer-chat/${start.chatId}/startTyping`, form({ ...creds, message: 'Jak zrezyg' }));
    await page.waitForFunction(() => (document.getElementById('typing')?.textContent || '').includes('Jak zrezyg'));
    await fetch(`${server.url}/api/chat/customer-chat/${start.chatId}/send`, form({ ...creds, message: 'Jak zrezygnować z PPK?' }));
    await page.locator('#transcript li', { hasText: 'Jak zrezygnować z PPK?' }).waitFor();
    await page.getByLabel('Odpowiedź').fill('Wystarczy złożyć deklarację.');
    await page.getByRole('button', { name: 'Wyślij', exact: true }).click();
    const reply = await waitFor(
      async () => {
        const r = await (await fetch(`${server.url}/api/chat/customer-chat/${start.chatId}/refresh`, form(creds))).json();
        return r.messages.find((m) => m.type === 'Message' && m.from.type === 'Agent');
      },
      { what: "the agent's reply" },
    );
    assert.equal(reply?.text, 'Wystarczy złożyć deklarację.');
    await page.getByRole('button', { name: 'Zakończ czat' }).click();
    await page.waitForFunction(() => (document.getElementById('conv-info')?.textContent || '').includes('zakończona'));
    const end = await (await fetch(`${server.url}/api/chat/customer-chat/${start.chatId}/refresh`, form(creds))).json();
    assert.equal(end.chatEnded, true);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await fetch(server.url + '/__control/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  }
});
