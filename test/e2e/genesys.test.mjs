// End-to-end: the Genesys Widgets 9 drop-in (src/genesys/, docs/migrating-from-genesys.md) as a Widgets
// site uses it: /genesys is the Polish deployment written as `window._genesys.widgets` with an extension,
// loaded by dist/genesys/widgets.min.js under the demo's strict CSP with Trusted Types; and a page that
// bootstraps with cxbus.min.js and CXBus.loadPlugin('widgets-core'). Needs the built library.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { QUICK, until } from './chat-visit.mjs';

const demo = useDemo();

/** A visit to `path` at Monday 10:00 (the chat's hours), once the widgets are up. */
async function visit(path = '/genesys') {
  await demo.control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  await demo.control('/__control/chat', QUICK);
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  const console = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
  await page.goto(demo.url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => window.LiveAssist);
  await page.evaluate(() => window.LiveAssist.ready);
  return { context, page, problems, console };
}

/** Runs CXBus.command in the page and answers how it settled, through done/fail as Widgets pages do. */
const cx = (page, name, options) =>
  page.evaluate(
    ([name, options]) =>
      new Promise((resolve) =>
        window.CXBus.command(name, options)
          .done((value) => resolve({ done: value ?? null }))
          .fail((reason) => resolve({ fail: String(reason) })),
      ),
    [name, options],
  );

test('/genesys: the Widgets configuration draws the Polish sidebar, the extension runs with jQuery 3 under Trusted Types, onReady gets CXBus', async () => {
  const { context, page, problems, console } = await visit();
  try {
    const sidebar = page.locator('la-sidebar');
    for (const name of ['Zadzwoń', 'Oddzwonimy', 'Czat', 'Napisz', 'Szukaj']) await sidebar.getByRole('button', { name, exact: true }).waitFor();
    const status = await cx(page, 'PpkDemo.status', { from: 'test' });
    assert.deepEqual(
      status,
      { done: { opened: 0, restored: 0, jquery: '3.8.0', commander: 'page', echo: { from: 'test' } } },
      'the extension registered its plugin and command',
    );
    assert.equal(await page.locator('html').getAttribute('data-genesys-ready'), 'CXBus', 'onReady was called with window.CXBus');
    assert.equal(await page.evaluate(() => window._genesys.widgets.bus === window.CXBus), true, '_genesys.widgets.bus is CXBus');
    assert.deepEqual(problems, []);
    assert.deepEqual(
      console.filter((line) => /Content Security Policy|TrustedHTML|Refused/.test(line)),
      [],
      'no CSP or Trusted Types refusal',
    );
    // The deployment's own options (opening hours, the availability rule …) are kept and named once.
    assert.ok(console.some((line) => line.includes('_genesys.widgets.stats.availability is not a Widgets 9 option; it is kept as given')));
    assert.equal(console.filter((line) => line.includes('stats.availability')).length, 1);
  } finally {
    await context.close();
  }
});

test("/genesys: WebChat.open from the sidebar passes the extension's before hook into the chat's user data; subscribers get { event, data }", async () => {
  const { context, page, problems } = await visit();
  try {
    await page.evaluate(() => {
      window.seen = [];
      window.CXBus.subscribe('WebChat.opened', (e) => window.seen.push({ event: e.event, data: e.data ?? null }));
    });
    await page.locator('la-sidebar').getByRole('button', { name: 'Czat', exact: true }).click();
    const chat = page.locator('la-chat');
    // The configuration's validate, `(event, form, input) => Boolean(input && input.val())`, gets jQuery-wrapped
    // elements: an empty first name is refused, with the text a required field has.
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    await chat.getByText('Imię jest wymagane').waitFor();
    assert.equal(await chat.locator('[name=firstname]').getAttribute('aria-invalid'), 'true');
    await chat.locator('[name=firstname]').fill('Gustaw');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();
    const { chatId } = await page.evaluate(() => window.LiveAssist.command('WebChatService.getSessionData'));
    const session = demo.server.simulator.state.chat.sessions.get(chatId);
    assert.equal(session.userData.campaign, 'genesys-demo', "the before('WebChat.open') hook's user data reached the server");
    assert.equal(session.visitor.firstName, 'Gustaw');
    const seen = await page.evaluate(() => window.seen);
    assert.equal(seen.length, 1);
    assert.equal(seen[0].event, 'WebChat.opened');
    assert.equal(await page.locator('html').getAttribute('data-chat-opened'), 'WebChat.opened', "onReady's subscription fired");
    assert.deepEqual((await cx(page, 'PpkDemo.status')).done.opened, 1, "the extension's subscription fired");

    // A reload restores the chat: its window comes back through WebChat.open with restoring set.
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => window.LiveAssist);
    await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();
    const afterReload = (await cx(page, 'PpkDemo.status')).done;
    assert.equal(afterReload.restored, 1, "the before hook saw the restore's restoring: true");
    assert.equal(afterReload.opened, 1, 'WebChat.opened once after the reload');

    // A before hook that refuses cancels the command with a reason, through fail.
    await page.evaluate(() => window.CXBus.registerPlugin('Guard').before('WebChat.close', () => false));
    assert.ok('fail' in (await cx(page, 'WebChat.close')), 'WebChat.close refused by the hook');
    await until(page, () => window.LiveAssist.command('WebChatService.getSessionData').then((s) => s.sessionActive), undefined, { what: 'the chat still on' });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('CXBus WebChat.open with formJSON: a Widgets form drawn by ours, its validate given jQuery, its own input sent as userData', async () => {
  const { context, page, problems } = await visit();
  try {
    await page.evaluate(() => {
      const inputs = [
        { id: 'cx_webchat_form_firstname', name: 'firstName', maxlength: '100', label: '@i18n:webchat.ChatFormFirstName' },
        {
          id: 'cx_webchat_form_pesel',
          name: 'pesel',
          label: 'PESEL',
          maxlength: '11',
          wrapper: '<tr><th>{label}</th><td>{input}</td></tr>',
          validate: (event, form, input, label, $, CXBus, Common) => typeof $.fn.jquery === 'string' && !!CXBus && !!Common && /^\d{11}$/.test(input.val()),
        },
      ];
      window.CXBus.command('WebChat.open', { formJSON: { wrapper: '<table></table>', inputs } });
    });
    const chat = page.locator('la-chat');
    await chat.locator('[name=firstname]').fill('Wanda');
    await chat.getByLabel('PESEL').fill('123');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    await chat.getByText('Sprawdź to pole').waitFor();
    await chat.getByLabel('PESEL').fill('90010112345');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();
    const { chatId } = await page.evaluate(() => window.LiveAssist.command('WebChatService.getSessionData'));
    const session = demo.server.simulator.state.chat.sessions.get(chatId);
    assert.equal(session.visitor.firstName, 'Wanda');
    assert.equal(session.userData.pesel, '90010112345');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("WebChat.open with form.autoSubmit and userData starts the chat without the form, as sites' own chat buttons do", async () => {
  const { context, page, problems } = await visit();
  try {
    const opened = await cx(page, 'WebChat.open', { form: { autoSubmit: true, firstname: 'Zenon' }, userData: { order: '42' } });
    assert.deepEqual(opened, { done: null });
    const chat = page.locator('la-chat');
    await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();
    const { chatId } = await page.evaluate(() => window.LiveAssist.command('WebChatService.getSessionData'));
    const session = demo.server.simulator.state.chat.sessions.get(chatId);
    assert.equal(session.visitor.firstName, 'Zenon');
    assert.equal(session.userData.order, '42', "the command's user data");
    assert.equal(session.userData.campaign, 'genesys-demo', "and the extension's before hook's");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a page that bootstraps with cxbus.min.js and CXBus.loadPlugin('widgets-core') starts only then, and its early commands wait for the start", async () => {
  const context = await demo.browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  // Served in place of a demo page (same origin, so dist/ and the simulator are there), without a CSP.
  await page.route(`${demo.url}/cxbus-bootstrap`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bootstrap</title></head><body>
<script>window._genesys = { widgets: { main: { lang: 'en', theme: 'dark' }, webchat: { dataURL: '/api/chat/customer-chat-bot', endpoint: 'customer-chat-bot' } } };</script>
<script src="/dist/genesys/cxbus.min.js"></script>
<script>
  window.order = [];
  CXBus.command('WebChat.open').done(function () { window.order.push('opened'); }).fail(function (e) { window.order.push('failed ' + e); });
  setTimeout(function () {
    window.order.push(window.LiveAssist ? 'booted early' : 'not booted yet');
    CXBus.configure({ debug: false, pluginsPath: '/dist/genesys/' });
    CXBus.loadPlugin('widgets-core').done(function () { window.order.push('core'); });
  }, 300);
</script></body></html>`,
    }),
  );
  try {
    await page.goto(`${demo.url}/cxbus-bootstrap`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.order.length >= 3, undefined, { timeout: 15_000 });
    const order = await page.evaluate(() => window.order);
    assert.equal(order[0], 'not booted yet', 'cxbus.min.js alone does not start the widgets');
    assert.deepEqual(order.slice(1).sort(), ['core', 'opened'], `the early WebChat.open ran once the core started: ${order}`);
    await page.locator('la-chat').getByRole('button', { name: 'Start Chat' }).waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
