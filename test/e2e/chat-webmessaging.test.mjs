// End-to-end: the chat over Genesys Cloud Messenger's Web Messaging guest API on the English page
// (`/en?transport=webmessaging`) in Chromium — the webmessaging transport chunk, the simulator's socket at /v1
// and its JWT history (demo/simulator/webmessaging.js) over the one chat model. Needs the built library
// (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { assertWhole, sessionData, transcript, until, visitChat } from './chat-visit.mjs';

const demo = useDemo({ port: 0 });

test('/en?transport=webmessaging: bot, a person takes over, messages both ways over the socket, a reload resumes with no gap and no duplicate', async () => {
  const frames = [];
  const requests = [];
  const { page, context, problems, chat } = await visitChat(demo, '/en?transport=webmessaging', (p) => {
    p.on('request', (r) => requests.push({ method: r.method(), url: r.url(), auth: r.headers().authorization }));
    p.on('websocket', (ws) => {
      frames.push({ url: ws.url() });
      ws.on('framesent', (f) => frames.push({ sent: String(f.payload) }));
    });
  });
  await demo.control('/__control/chat', { scriptedAgent: false });
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').fill('Wanda');
    await chat.locator('[name=lastname]').fill('Messaging');
    await chat.getByRole('button', { name: 'Start Chat' }).click();
    const log = chat.getByRole('log');
    await log.getByText('I am the virtual assistant').waitFor({ timeout: 15_000 });
    const info = await sessionData(page);
    assert.equal(info.type, 'webmessaging');
    assert.ok(
      frames.some((f) => f.url && /\/v1\?deploymentId=ppk-messaging$/.test(f.url)),
      'one socket to /v1?deploymentId=',
    );
    const sent = frames.filter((f) => f.sent).map((f) => JSON.parse(f.sent));
    assert.ok(
      sent.some((f) => f.action === 'configureSession' && f.deploymentId === 'ppk-messaging' && f.token),
      'configureSession with a token',
    );
    assert.ok(
      sent.some(
        (f) =>
          f.action === 'onMessage' && f.message?.events?.[0]?.presence?.type === 'Join' && f.message.channel?.metadata?.customAttributes?.firstName === 'Wanda',
      ),
      'the Join carries the form',
    );
    assert.ok(!requests.some((r) => /\/api\/(chat|ngrest|v2\/webchat)\//.test(r.url)), 'none of the other chat APIs');

    await chat.locator('textarea').fill('I want to talk to a person');
    await chat.locator('textarea').press('Enter');
    await log.getByText('passing the conversation to an agent').waitFor({ timeout: 15_000 });
    const texts = frames
      .filter((f) => f.sent)
      .map((f) => JSON.parse(f.sent))
      .filter((f) => f.message?.type === 'Text' && f.message.text === 'I want to talk to a person');
    assert.ok(texts.length >= 1 && texts.every((f) => (f.message.metadata?.customMessageId ?? '').length >= 16), 'sent with a customMessageId');
    assert.ok(
      requests.some((r) => r.url.includes('/api/v2/webmessaging/messages') && /^Bearer \S+/.test(r.auth ?? '')),
      'the history read with the socket’s JWT',
    );

    const server = [...demo.server.simulator.state.chat.sessions.values()].at(-1);
    const auth = { Authorization: `Bearer ${demo.server.agentToken}`, 'Content-Type': 'application/json' };
    const accepted = await (
      await fetch(`${demo.url}/api/agent/chats/${server.chatId}/accept`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Ewa' }) })
    ).json();
    const say = (text) =>
      fetch(`${demo.url}/api/agent/chats/${server.chatId}/send`, {
        method: 'POST',
        headers: { ...auth, 'x-agent-key': accepted.agentKey },
        body: JSON.stringify({ text }),
      });
    await say('Hello, Ewa here.');
    await log.getByText('Hello, Ewa here.').waitFor({ timeout: 15_000 });
    await chat.locator('textarea').fill('Nice to meet you');
    await chat.locator('textarea').press('Enter');
    await until(page, () => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === 'Nice to meet you')), undefined, {
      what: 'the visitor’s message in the transcript',
    });
    const before = await transcript(page);
    assertWhole(before);

    await page.reload({ waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);
    await say('Written during your reload.');
    await until(page, (id) => window.LiveAssist.command('WebChatService.getSessionData').then((s) => s.chatId === id), info.chatId, {
      what: 'the restored chat',
    });
    await until(
      page,
      () => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === 'Written during your reload.')),
      undefined,
      { what: 'the message written during the reload' },
    );
    const restored = await transcript(page);
    assertWhole(restored);
    assert.deepEqual(
      restored.slice(0, before.length).map((m) => m.index),
      before.map((m) => m.index),
      'no gap',
    );
    assert.equal(restored.filter((m) => m.text === 'Nice to meet you').length, 1, 'no duplicate after the reload');
    const said = server.transcript.filter((m) => m.type === 'Message').map((m) => m.text);
    assert.deepEqual(
      restored.filter((m) => m.type === 'Message').map((m) => m.text),
      said,
      'the page has every message the server has, once, in order',
    );
    await say('And one more, live.');
    await chat.getByRole('log').getByText('And one more, live.').waitFor({ timeout: 15_000 });
    assert.deepEqual(problems, []);
  } finally {
    await demo.control('/__control/chat', { scriptedAgent: true });
    await context.close();
  }
});

test('/en?transport=webmessaging in two tabs: one socket (the leader’s), the same transcript, a message from the follower stored once', async () => {
  await demo.control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  await demo.control('/__control/chat', { botJoinDelayMs: 100, scriptedAgent: false });
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const open = async () => {
    const page = await context.newPage();
    const sockets = [];
    const problems = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${demo.url}/en?transport=webmessaging`, { waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);
    return { page, sockets, problems, chat: page.locator('la-chat') };
  };
  const lines = (page) => page.evaluate(() => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.map((m) => `${m.index} ${m.text}`)));
  const holds = (page, text) =>
    until(page, (x) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.some((m) => m.text === x)), text, { what: text });
  try {
    const a = await open();
    await a.page.evaluate(() => window.LiveAssist.command('WebChatService.startChat', { firstName: 'Tabitha', lastName: 'Tabs' }));
    await until(a.page, () => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.length > 0), undefined, { what: 'the bot’s greeting' });
    const chatId = (await sessionData(a.page)).chatId;
    const b = await open();
    await until(b.page, (id) => window.LiveAssist.command('WebChatService.getSessionData').then((s) => s.chatId === id), chatId, { what: "B's chat" });
    await b.page.evaluate(() => window.LiveAssist.command('WebChatService.sendMessage', { message: 'From the second tab' }));
    for (const tab of [a, b]) await holds(tab.page, 'From the second tab');
    const server = [...demo.server.simulator.state.chat.sessions.values()].at(-1);
    assert.equal(server.transcript.filter((m) => m.text === 'From the second tab').length, 1, 'on the server once');
    assert.deepEqual(await lines(b.page), await lines(a.page), 'both tabs show the same transcript');
    assert.ok(a.sockets.length >= 1, 'the leader holds the socket');
    assert.equal(b.sockets.length, 0, 'the follower never opens one');
    assert.deepEqual([...a.problems, ...b.problems], []);
  } finally {
    await context.close();
  }
});
