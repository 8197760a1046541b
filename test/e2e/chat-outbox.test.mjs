// End-to-end: the chat's outbox across a real reload (issue 13 items 1 and 2) on the Polish deployment (`/`),
// against `npm start`'s demo server and simulator with its fault injection. Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { visitChat } from './chat-visit.mjs';

const demo = useDemo();
async function startChat() {
  await demo.control('/__control/faults', undefined, 'DELETE');
  const { page, context, problems, chat } = await visitChat(demo, '/');
  await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
  await chat.locator('[name=firstname]').fill('Anna');
  await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
  await chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();
  const { chatId } = await page.evaluate(() => window.LiveAssist.command('WebChatService.getSessionData'));
  return { page, context, chat, problems, chatId };
}

/** How many times the simulator holds the visitor's `text` in chat `chatId`. */
const stored = (chatId, text) =>
  demo.server.simulator.state.chat.sessions.get(chatId).transcript.filter((m) => m.type === 'Message' && m.from.type === 'Client' && m.text === text).length;

const until = async (check, what, timeout = 20_000) => {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

test('/: sent while the server is down, then a reload: still pending (and the draft in the input), delivered once when the server is back', async () => {
  const { page, context, chat, problems, chatId } = await startChat();
  try {
    await demo.control('/__control/faults', { endpoint: 'chat', dropRequestRate: 1 });
    const input = chat.locator('textarea');
    await input.fill('Czy mogę zrezygnować z PPK?');
    await input.press('Enter');
    const pending = chat.locator('[data-pending]');
    await pending.getByText('Wysyłanie…').waitFor();
    assert.equal(await input.inputValue(), '');
    await input.fill('Jeszcze piszę');
    await page.waitForTimeout(400);

    await page.reload({ waitUntil: 'load' });
    // The chat comes back (offline: every chat call is still dropped) with the message pending and the draft.
    await chat.locator('[data-pending]').getByText('Czy mogę zrezygnować z PPK?').waitFor({ timeout: 15_000 });
    await until(async () => (await chat.locator('textarea').inputValue()) === 'Jeszcze piszę', 'the draft back in the input');
    assert.equal(stored(chatId, 'Czy mogę zrezygnować z PPK?'), 0);

    await demo.control('/__control/faults', undefined, 'DELETE');
    const log = chat.getByRole('log');
    await until(
      async () => (await chat.locator('[data-pending]').count()) === 0 && (await log.innerText()).includes('Czy mogę zrezygnować z PPK?'),
      'the message delivered',
    );
    assert.equal(stored(chatId, 'Czy mogę zrezygnować z PPK?'), 1);
    assert.equal((await log.innerText()).split('Czy mogę zrezygnować z PPK?').length, 2, 'shown once');
    assert.equal(await chat.locator('textarea').inputValue(), 'Jeszcze piszę');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/: the server stores the message but its answer is lost, then a reload: it is not sent twice', async () => {
  const { page, context, chat, problems, chatId } = await startChat();
  try {
    await demo.control('/__control/faults', { endpoint: 'chat.send', dropResponseRate: 1 });
    const input = chat.locator('textarea');
    await input.fill('Tylko jeden raz');
    await input.press('Enter');
    await until(() => stored(chatId, 'Tylko jeden raz') === 1, 'the server to store it');
    const sends = [];
    await page.reload({ waitUntil: 'load' });
    page.on('request', (request) => request.method() === 'POST' && request.url().endsWith('/send') && sends.push(request.url()));
    await demo.control('/__control/faults', undefined, 'DELETE');
    const log = chat.getByRole('log');
    // The server's copy (the visitor's name, not the outbox's 'Ty'), and no 'Wysyłanie…' left.
    await log.getByRole('article', { name: /^Anna, .*: Tylko jeden raz$/ }).waitFor({ timeout: 15_000 });
    await until(async () => (await chat.locator('[data-pending]').count()) === 0, 'the outbox empty');
    // Give a resend the time it would take (the first back-off step and more).
    await page.waitForTimeout(1500);
    assert.equal(stored(chatId, 'Tylko jeden raz'), 1);
    // Found in the restored transcript before a resend: not even asked again (the simulator's idempotency is not needed).
    assert.deepEqual(sends, []);
    assert.equal((await log.innerText()).split('Tylko jeden raz').length, 2, 'shown once');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
