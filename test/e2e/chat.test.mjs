// End-to-end: <la-chat> on the Polish deployment (`/`) as a visitor uses it, against `npm start`'s demo
// server and simulator (node --test test/e2e/). Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { until, visitChat } from './chat-visit.mjs';

const demo = useDemo();
const visit = () => visitChat(demo, '/');

/** The focused element through shadow roots: its tag, or BODY. */
const focused = (page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.tagName ?? 'BODY';
  });

test('/: from the sidebar — first name, the bot, the agent, an emoji, the leaflet downloaded, End chat, No to the survey', async () => {
  const { page, context, problems, chat } = await visit();
  try {
    await page.locator('la-sidebar button[data-channel=WebChat]').click();
    await chat.locator('[name=firstname]').fill('Anna');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    const log = chat.getByRole('log');
    await log.getByText('Jestem wirtualnym asystentem').waitFor();

    const input = chat.locator('textarea');
    await input.fill('Ile wynosi wpłata pracodawcy?');
    await input.press('Enter');
    await log.getByText('pracodawcy 1,5%').waitFor();

    // An emoji from the menu.
    await chat.getByRole('button', { name: 'Emotikony', exact: true }).click();
    await chat.getByRole('menuitem').first().click();
    assert.match(await input.inputValue(), /🙂|👍|🙁/);
    await input.press('Enter');

    // The agent sends the leaflet: its bubble's Download posts the form the browser follows.
    await input.fill('Proszę o plik');
    await input.press('Enter');
    const download = log.getByRole('button', { name: /ppk-w-pigulce\.pdf/ });
    await download.waitFor();
    const served = context.waitForEvent('response', (r) => r.url().includes('/download'));
    await download.click();
    const response = await served;
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['content-type'], 'application/pdf');

    // The survey after the end: the agent says goodbye and ends the chat with the offer.
    const before = demo.server.simulator.state.surveyCancels;
    await input.fill('Do widzenia');
    await input.press('Enter');
    await log.getByText('Czat zakończony').waitFor({ timeout: 15_000 });
    await chat.getByRole('dialog').getByRole('button', { name: 'Nie' }).click();
    await page.waitForFunction(() => true);
    for (let i = 0; i < 50 && demo.server.simulator.state.surveyCancels === before; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(demo.server.simulator.state.surveyCancels, before + 1, 'the cancel POST arrived');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/: the same chat with the keyboard alone; focus never on <body>; a reload shows the same transcript', async () => {
  const { page, context, chat } = await visit();
  try {
    const steps = [];
    const press = async (key) => {
      await page.keyboard.press(key);
      steps.push([key, await focused(page)]);
    };
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').waitFor();
    await page.waitForFunction(() => {
      let el = document.activeElement;
      while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
      return el?.getAttribute('name') === 'firstname';
    });
    await page.keyboard.type('Jan');
    await press('Enter');
    const log = chat.getByRole('log');
    await log.getByText('Jestem wirtualnym asystentem').waitFor();
    await chat.locator('textarea').focus();
    await page.keyboard.type('Ile wynosi wpłata pracodawcy?');
    await press('Enter');
    await log.getByText('pracodawcy 1,5%').waitFor();
    // Into the transcript and through it with the arrow keys.
    await press('Shift+Tab');
    for (let i = 0; i < 4; i++) await press('Shift+Tab');
    await press('Home');
    await press('ArrowDown');
    await press('End');
    assert.ok(
      steps.every(([, tag]) => tag !== 'BODY'),
      JSON.stringify(steps),
    );

    const before = await log.innerText();
    await page.reload({ waitUntil: 'load' });
    await chat.getByRole('log').getByText('pracodawcy 1,5%').waitFor({ timeout: 15_000 });
    const after = await chat.getByRole('log').innerText();
    assert.ok(after.includes('Ile wynosi wpłata pracodawcy?'));
    assert.equal(after.split('pracodawcy 1,5%').length, before.split('pracodawcy 1,5%').length, 'no duplicate after the reload');
  } finally {
    await context.close();
  }
});

test("/: a chat restored by a reload takes no focus: the page keeps it (the focus moves only on the visitor's gesture)", async () => {
  const { page, context, chat } = await visit();
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').fill('Ewa');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();
    await page.reload({ waitUntil: 'load' });
    await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor({ timeout: 15_000 });
    // The window's focus step runs as it mounts; give a late one time to happen.
    await page.waitForTimeout(1000);
    assert.equal(await focused(page), 'BODY', 'the restored window left the focus where the page had it');
    await chat.locator('textarea').waitFor();
  } finally {
    await context.close();
  }
});

test("/: a reload whose page asks the chat service at once, before the window's plugin has loaded: the service restores the chat, and the window comes back with it", async () => {
  const { page, context, chat } = await visit();
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').fill('Ewa');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();
    // After the reload the page's own script asks WebChatService first (a host may), which loads the
    // service; the window's plugin (its chunk held back here) comes after the service has restored.
    let release = () => {};
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\/dist\/webchat-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      const ask = () =>
        window.LiveAssist ? window.LiveAssist.ready.then(() => window.LiveAssist.command('WebChatService.getSessionData')) : setTimeout(ask, 1);
      ask();
    });
    await page.reload({ waitUntil: 'load' });
    await until(
      page,
      () => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => /wirtualnym asystentem/.test(m.text))),
      undefined,
      {
        what: 'the service to restore the chat',
      },
    );
    release();
    await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor({ timeout: 10_000 });
  } finally {
    await context.close();
  }
});

test('/agent: a person accepts the waiting chat and they talk, both ways', async () => {
  const { page, context, chat } = await visit();
  // No scripted agent: the chat waits for the person.
  await demo.control('/__control/chat', { scriptedAgent: false });
  const agentContext = await demo.browser.newContext();
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').fill('Zenon');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    const log = chat.getByRole('log');
    await log.getByText('Jestem wirtualnym asystentem').waitFor();
    await chat.locator('textarea').fill('Chcę porozmawiać z konsultantem');
    await chat.locator('textarea').press('Enter');

    const agent = await agentContext.newPage();
    await agent.goto(`${demo.url}/agent#token=${demo.server.agentToken}`, { waitUntil: 'load' });
    await agent.locator('#agent-name').fill('Ewa');
    const waiting = agent.locator('#chats li', { hasText: 'Zenon' });
    await waiting.getByRole('button', { name: 'Przyjmij' }).click();
    await agent.locator('#transcript').getByText('Chcę porozmawiać z konsultantem').waitFor();
    await agent.locator('#reply-text').fill('Dzień dobry, tu Ewa. W czym pomóc?');
    await agent.getByRole('button', { name: 'Wyślij', exact: true }).click();

    await log.getByText('Dzień dobry, tu Ewa. W czym pomóc?').waitFor({ timeout: 15_000 });
    await chat.locator('textarea').fill('Jak zrezygnować z PPK?');
    await chat.locator('textarea').press('Enter');
    await agent.locator('#transcript').getByText('Jak zrezygnować z PPK?').waitFor({ timeout: 15_000 });
  } finally {
    await demo.control('/__control/chat', { scriptedAgent: true });
    await agentContext.close();
    await context.close();
  }
});
