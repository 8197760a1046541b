// End-to-end: one chat in several tabs of one browser (issue 13 item 4, docs/reliability.md "One connection
// for all tabs") — real Chromium tabs of one context on the demo's Polish deployment (`/`, legacy REST):
// one tab polls, the others follow it over a BroadcastChannel; closing the leading tab hands over; the
// window state follows; another deployment (`/en`, deployment id ppk-en) keeps its own chat and its own
// connection. Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { QUICK, until } from './chat-visit.mjs';

const demo = useDemo({ port: 0, cometd: { timeout: 5000 } });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A quiet chat backs its polls off to one every 3 s (web-chat.md §9): a window this long sees at least two.
const TWO_QUIET_POLLS = 2 * 3000 + 500;

/** A tab of the context: its legacy REST polls (refresh calls) counted with their times. */
async function openTab(context, path = '/') {
  const page = await context.newPage();
  const polls = [];
  const bayeux = [];
  const problems = [];
  page.on('request', (r) => {
    if (/\/refresh$/.test(new URL(r.url()).pathname)) polls.push({ at: Date.now(), url: r.url() });
    if (new URL(r.url()).pathname.startsWith('/api/cometd')) bayeux.push({ at: Date.now(), url: r.url() });
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(demo.url + path, { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  return { page, polls, bayeux, problems, chat: page.locator('la-chat') };
}

/** The transcript the page's service holds: index, type and text of each message, in order. */
const transcript = (page) =>
  page.evaluate(() => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.map((m) => `${m.index} ${m.type} ${m.text}`)));
const chatIdOf = (page) => page.evaluate(() => window.LiveAssist.command('WebChatService.getSessionData').then((s) => s.chatId ?? null));
const has = (page, text) => page.evaluate((x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), text);

/** The agent API (accept, send, transcript) for one chat. */
function agent(chatId) {
  let key = '';
  const call = async (op, body) => {
    const response = await fetch(`${demo.url}/api/agent/chats/${chatId}/${op}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${demo.server.agentToken}`, 'Content-Type': 'application/x-www-form-urlencoded', 'x-agent-key': key },
      body: body ? new URLSearchParams(body) : undefined,
    });
    assert.equal(response.status, 200, `agent ${op}: ${response.status}`);
    return response.json();
  };
  return {
    async accept() {
      key = (await call('accept', { name: 'Ewa' })).agentKey;
    },
    send: (text) => call('send', { text }),
    typing: (typing) => call('typing', { typing: String(typing) }),
    end: () => call('end', {}),
    /** The server's transcript: index and text of every Message. */
    messages: async () => (await call('transcript?from=1')).messages.filter((m) => m.type === 'Message'),
  };
}

const messagesOf = (lines) => lines.filter((line) => / Message /.test(line));
const pollsSince = (tab, since) => tab.polls.filter((p) => p.at >= since).length;

test('/ in three tabs: one connection, the same transcript after 200 messages, sending from a follower, the window state, the hand-over when the leader closes; /en keeps its own chat', async () => {
  await demo.control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  await demo.control('/__control/chat', QUICK);
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    // Tab A starts the chat.
    const a = await openTab(context);
    await a.page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await a.chat.locator('[name=firstname]').fill('Ola');
    await a.chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    await a.chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();
    const chatId = await chatIdOf(a.page);
    assert.ok(chatId);

    // Tab B opens the same page: it shows the same chat, restored from the leading tab.
    const b = await openTab(context);
    await until(b.page, (id) => window.LiveAssist.command('WebChatService.getSessionData').then((s) => s.chatId === id), chatId, { what: "B's chat" });
    await b.chat.getByRole('log').getByText('Jestem wirtualnym asystentem').waitFor();

    const person = agent(chatId);
    await person.accept();

    // One connection: over 4 s only A polls.
    let since = Date.now();
    await sleep(4000);
    assert.ok(pollsSince(a, since) >= 2, `A polls (${pollsSince(a, since)})`);
    assert.equal(pollsSince(b, since), 0, 'B does not poll');

    // 200 messages from the agent: both transcripts equal, every message once, in order.
    since = Date.now();
    for (let i = 1; i <= 200; i++) await person.send(`Wiadomość ${i}`);
    await until(a.page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), 'Wiadomość 200', {
      what: "A's 200th",
    });
    await until(b.page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), 'Wiadomość 200', {
      what: "B's 200th",
    });
    const [atA, atB] = [await transcript(a.page), await transcript(b.page)];
    assert.deepEqual(atB, atA, 'both tabs show the same transcript');
    const texts = messagesOf(atA).map((line) => line.replace(/^\d+ Message /, ''));
    const sent = texts.filter((t) => t.startsWith('Wiadomość '));
    assert.deepEqual(
      sent,
      Array.from({ length: 200 }, (_, i) => `Wiadomość ${i + 1}`),
      'all 200 once, in order',
    );
    const indexes = atA.map((line) => Number(line.split(' ')[0]));
    assert.deepEqual(
      indexes,
      [...new Set(indexes)].sort((x, y) => x - y),
    );
    assert.equal(pollsSince(b, since), 0, 'B still does not poll');

    // Sending from the follower: the message reaches the server once and shows in both tabs.
    const input = b.chat.locator('textarea');
    await input.fill('Pytanie z drugiej karty');
    await input.press('Enter');
    await until(a.page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), 'Pytanie z drugiej karty', {
      what: 'the follower’s message in A',
    });
    await until(b.page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), 'Pytanie z drugiej karty', {
      what: 'the follower’s message in B',
    });
    assert.equal((await person.messages()).filter((m) => m.text === 'Pytanie z drugiej karty').length, 1, 'on the server once');
    assert.equal(pollsSince(b, since), 0, 'B sent through the leader and still does not poll');

    // The agent's typing shows in both tabs.
    await person.typing(true);
    await a.chat.getByText('Ewa pisze…').waitFor({ timeout: 10_000 });
    await b.chat.getByText('Ewa pisze…').waitFor({ timeout: 10_000 });
    await person.typing(false);
    await b.chat.getByText('Ewa pisze…').waitFor({ state: 'detached', timeout: 10_000 });

    // The window state follows: minimised in A → minimised in B; unread counted alike, also in a tab that comes later.
    await a.page.evaluate(() => window.LiveAssist.command('WebChat.minimize'));
    await b.chat.locator('.la-window--minimized').waitFor({ timeout: 5000 });
    for (let i = 1; i <= 3; i++) await person.send(`Nieprzeczytana ${i}`);
    await a.chat.getByText('3 nowe wiadomości').waitFor({ timeout: 10_000 });
    await b.chat.getByText('3 nowe wiadomości').waitFor({ timeout: 10_000 });
    const c = await openTab(context);
    await c.chat.locator('.la-window--minimized').waitFor({ timeout: 10_000 });
    await c.chat.getByText('3 nowe wiadomości').waitFor({ timeout: 10_000 });
    // Restored in C → restored everywhere, the count cleared.
    await c.page.evaluate(() => window.LiveAssist.command('WebChat.minimize'));
    for (const tab of [a, b]) {
      await tab.chat.locator('textarea').waitFor({ timeout: 5000 });
      assert.equal(await tab.chat.locator('.la-window--minimized').count(), 0);
    }

    // The leader closes right after the agent wrote: the next tab leads within 2 s and nothing is lost.
    for (let i = 1; i <= 5; i++) await person.send(`Przed zamknięciem ${i}`);
    const closedAt = Date.now();
    await a.page.close();
    const deadline = closedAt + 2000;
    while (Date.now() < deadline && pollsSince(b, closedAt) + pollsSince(c, closedAt) === 0) await sleep(20);
    const firstPoll = Math.min(...[...b.polls, ...c.polls].filter((p) => p.at >= closedAt).map((p) => p.at));
    assert.ok(firstPoll - closedAt <= 2000, `a follower polls within 2 s of the close (${firstPoll - closedAt} ms)`);
    console.log(`hand-over: the first poll of the new leader ${firstPoll - closedAt} ms after the leading tab closed`);
    await person.send('Po zamknięciu');
    for (const tab of [b, c]) {
      await until(tab.page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), 'Po zamknięciu', {
        what: 'the message after the hand-over',
      });
    }
    const server = (await person.messages()).map((m) => `${m.index} ${m.text}`);
    const [atB2, atC2] = [await transcript(b.page), await transcript(c.page)];
    assert.deepEqual(atC2, atB2, 'B and C show the same transcript');
    assert.deepEqual(
      messagesOf(atB2).map((line) => line.replace(' Message ', ' ')),
      server,
      "every server message once, in order, as the server's",
    );

    // Exactly one of the remaining tabs polls.
    since = Date.now();
    await sleep(TWO_QUIET_POLLS);
    const [pb, pc] = [pollsSince(b, since), pollsSince(c, since)];
    assert.ok(pb > 0 !== pc > 0, `exactly one tab polls (B ${pb}, C ${pc})`);

    // Another deployment in the same browser (/en: ppk-en) has its own lock and channel: its tab leads its own
    // chat and polls while the Polish chat's leader polls too; nothing of one chat shows in the other.
    const en = await openTab(context, '/en');
    await en.page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await en.chat.locator('[name=firstname]').fill('Anna');
    await en.chat.locator('[name=lastname]').fill('Smith');
    await en.chat.getByRole('button', { name: 'Start Chat' }).click();
    await until(en.page, () => window.LiveAssist.command('WebChatService.getSessionData').then((s) => s.sessionActive), undefined, { what: 'the /en chat' });
    const enChatId = await chatIdOf(en.page);
    assert.notEqual(enChatId, chatId);
    since = Date.now();
    await sleep(TWO_QUIET_POLLS);
    assert.ok(pollsSince(en, since) >= 2, '/en polls its own chat');
    assert.ok(pollsSince(b, since) + pollsSince(c, since) >= 2, 'the Polish chat is still polled');
    assert.ok(
      en.polls.every((p) => p.url.includes(enChatId)),
      '/en polls only its chat',
    );
    assert.ok(
      [...b.polls, ...c.polls].every((p) => p.url.includes(chatId)),
      '/ polls only its chat',
    );
    assert.equal(await has(en.page, 'Wiadomość 1'), false);
    await person.send('Tylko dla polskiego czatu');
    await until(
      b.page,
      (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)),
      'Tylko dla polskiego czatu',
      { what: 'the last Polish message' },
    );
    await sleep(1500);
    assert.equal(await has(en.page, 'Tylko dla polskiego czatu'), false);
    assert.ok((await transcript(en.page)).length > 0, '/en shows its own chat');
    assert.deepEqual(await transcript(b.page), await transcript(c.page), 'the /en chat shows in neither Polish tab');

    // The agent ends the Polish chat: every tab shows the end; the /en chat goes on.
    await person.end();
    for (const tab of [b, c]) {
      await tab.chat.getByRole('log').getByText('Czat zakończony').waitFor({ timeout: 10_000 });
      await until(tab.page, () => window.LiveAssist.command('WebChatService.getSessionData').then((s) => !s.sessionActive), undefined, {
        what: 'the end in every tab',
      });
    }
    assert.equal(await chatIdOf(en.page), enChatId);

    assert.deepEqual([...a.problems, ...b.problems, ...c.problems, ...en.problems], []);
  } finally {
    await context.close();
  }
});

test('/en?transport=cometd in two tabs: one Bayeux connection, the same transcript, sending from the follower, the hand-over to a new connection', async () => {
  await demo.control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  await demo.control('/__control/chat', QUICK);
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const a = await openTab(context, '/en?transport=cometd');
    await a.page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await a.chat.locator('[name=firstname]').fill('Anna');
    await a.chat.locator('[name=lastname]').fill('Smith');
    await a.chat.getByRole('button', { name: 'Start Chat' }).click();
    await a.chat.getByRole('log').getByText('I am the virtual assistant').waitFor();
    const chatId = await chatIdOf(a.page);
    const b = await openTab(context, '/en?transport=cometd');
    await until(b.page, (id) => window.LiveAssist.command('WebChatService.getSessionData').then((s) => s.chatId === id), chatId, { what: "B's chat" });
    await b.chat.getByRole('log').getByText('I am the virtual assistant').waitFor();

    const person = agent(chatId);
    await person.accept();
    for (let i = 1; i <= 20; i++) await person.send(`Message ${i}`);
    for (const tab of [a, b]) {
      await until(tab.page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), 'Message 20', {
        what: 'the 20th message',
      });
    }
    assert.deepEqual(await transcript(b.page), await transcript(a.page), 'both tabs show the same transcript');
    assert.ok(a.bayeux.length > 0, 'the leader holds the Bayeux connection');
    assert.equal(b.bayeux.length, 0, 'the follower never talks to the Bayeux server');

    const input = b.chat.locator('textarea');
    await input.fill('From the second tab');
    await input.press('Enter');
    for (const tab of [a, b]) {
      await until(tab.page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), 'From the second tab', {
        what: "the follower's message",
      });
    }
    assert.equal((await person.messages()).filter((m) => m.text === 'From the second tab').length, 1, 'on the server once');
    assert.equal(b.bayeux.length, 0, 'sent through the leader');

    // The leader closes right after the agent wrote: the follower connects within 2 s and misses nothing.
    for (let i = 1; i <= 3; i++) await person.send(`Before the close ${i}`);
    const closedAt = Date.now();
    await a.page.close();
    while (Date.now() < closedAt + 2000 && b.bayeux.length === 0) await sleep(20);
    assert.ok(b.bayeux.length > 0 && b.bayeux[0].at - closedAt <= 2000, 'the follower opens its connection within 2 s');
    console.log(`CometD hand-over: the new leader's first Bayeux request ${b.bayeux[0].at - closedAt} ms after the leading tab closed`);
    await person.send('After the close');
    await until(b.page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), 'After the close', {
      what: 'the message after the hand-over',
    });
    const server = (await person.messages()).map((m) => `${m.index} ${m.text}`);
    assert.deepEqual(
      messagesOf(await transcript(b.page)).map((line) => line.replace(' Message ', ' ')),
      server,
      "every server message once, in order, as the server's",
    );
    assert.deepEqual([...a.problems, ...b.problems], []);
  } finally {
    await context.close();
  }
});
