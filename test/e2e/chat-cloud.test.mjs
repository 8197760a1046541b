// End-to-end: the chat over the cloud guest API on the English page (`/en?transport=cloud`) in Chromium —
// the cloud transport chunk in the page, the simulator's /api/v2/webchat/guest/conversations, its WebSocket
// event stream (the `ws` package on the demo server) and the one chat model. Needs the built library
// (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { assertWhole, sessionData, transcript, until, visitChat } from './chat-visit.mjs';

const demo = useDemo({ port: 0 });
const CONVERSATIONS = '/api/v2/webchat/guest/conversations';

async function visit(path = '/en?transport=cloud') {
  const requests = [];
  const sockets = [];
  const visited = await visitChat(demo, path, (page) => {
    page.on('request', (r) => requests.push({ method: r.method(), url: r.url(), auth: r.headers().authorization, key: r.headers()['idempotency-key'] }));
    page.on('websocket', (ws) => sockets.push(ws.url()));
  });
  return { ...visited, requests, sockets };
}

/** What the page can show of the server's transcript: everything but typing notices. */
const shown = (server) => server.transcript.filter((m) => !['TypingStarted', 'TypingStopped'].includes(m.type)).map((m) => m.index);

async function start(chat, first, last) {
  await chat.page().evaluate(() => window.LiveAssist.command('WebChat.open'));
  await chat.locator('[name=firstname]').fill(first);
  await chat.locator('[name=lastname]').fill(last);
  await chat.getByRole('button', { name: 'Start Chat' }).click();
  const log = chat.getByRole('log');
  await log.getByText('I am the virtual assistant').waitFor();
  return log;
}

test('/en?transport=cloud: bot, hand-over to a person at /agent, messages both ways over the socket, a reload restores with no gap and no duplicate, End chat ends it', async () => {
  const { page, context, problems, requests, sockets, chat } = await visit();
  await demo.control('/__control/chat', { scriptedAgent: false });
  const agentContext = await demo.browser.newContext();
  try {
    const log = await start(chat, 'Clara', 'Cloud');
    const info = await sessionData(page);
    assert.equal(info.type, 'cloud');
    const api = requests.filter((r) => r.url.includes('/api/'));
    assert.ok(
      api.some((r) => r.method === 'POST' && r.url.endsWith(CONVERSATIONS) && !r.auth),
      'created the conversation, no jwt yet',
    );
    const later = api.filter((r) => r.url.includes(`${CONVERSATIONS}/${info.chatId}/`));
    assert.ok(later.length >= 1 && later.every((r) => /^Bearer \S+\.\S+\.\S+$/.test(r.auth ?? '')), 'every later call with Authorization: Bearer {jwt}');
    assert.ok(
      sockets.some((url) => url.startsWith('ws://') && url.includes(`/api/v2/webchat/guest/stream/${info.chatId}`)),
      'the event stream is a WebSocket',
    );
    assert.ok(!api.some((r) => /\/api\/(chat|ngrest)\//.test(r.url)), 'not the REST APIs');

    await chat.locator('textarea').fill('I want to talk to a person');
    await chat.locator('textarea').press('Enter');
    await log.getByText('passing the conversation to an agent').waitFor({ timeout: 15_000 });
    const sends = requests.filter((r) => r.method === 'POST' && r.url.endsWith('/messages'));
    assert.ok(sends.length >= 1 && sends.every((r) => r.key && r.key.length >= 16), 'sent with an Idempotency-Key');

    const agent = await agentContext.newPage();
    await agent.goto(`${demo.url}/agent#token=${demo.server.agentToken}`, { waitUntil: 'load' });
    await agent.locator('#agent-name').fill('Ewa');
    await agent.locator('#chats li', { hasText: 'Clara' }).getByRole('button', { name: 'Przyjmij' }).click();
    await agent.locator('#transcript').getByText('I want to talk to a person').waitFor();
    await agent.locator('#reply-text').fill('Hello, Ewa here.');
    await agent.getByRole('button', { name: 'Wyślij', exact: true }).click();
    await log.getByText('Hello, Ewa here.').waitFor({ timeout: 15_000 });
    await chat.locator('textarea').fill('Nice to meet you');
    await chat.locator('textarea').press('Enter');
    await agent.locator('#transcript').getByText('Nice to meet you').waitFor({ timeout: 15_000 });
    const before = await transcript(page);
    assertWhole(before);
    assert.ok(
      before.some((m) => m.type === 'ParticipantJoined' && m.from.type === 'Agent' && m.from.name === 'Ewa'),
      'the agent joined by member-change',
    );

    await page.reload({ waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);
    // The agent writes while the page is loading: the restore or the socket's resync brings it.
    await agent.locator('#reply-text').fill('Written during your reload.');
    await agent.getByRole('button', { name: 'Wyślij', exact: true }).click();
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
    const server = demo.server.simulator.state.chat.sessions.get(info.chatId);
    assert.deepEqual(
      restored.map((m) => m.index),
      shown(server),
      'the page has every message the server has, once',
    );

    await agent.locator('#reply-text').fill('And one more, live.');
    await agent.getByRole('button', { name: 'Wyślij', exact: true }).click();
    await log.getByText('And one more, live.').waitFor({ timeout: 15_000 });
    await chat.locator('textarea').fill('After the reload');
    await chat.locator('textarea').press('Enter');
    await agent.locator('#transcript').getByText('After the reload').waitFor({ timeout: 15_000 });

    await page.evaluate(() => window.LiveAssist.command('WebChatService.endChat'));
    await until(page, () => window.LiveAssist.command('WebChatService.getSessionData').then((s) => !s.sessionActive), undefined, { what: 'the end' });
    assert.equal(server.ended, true, 'the server ended the chat');
    assert.ok(
      requests.some((r) => r.method === 'DELETE' && r.url.endsWith(`${CONVERSATIONS}/${info.chatId}/members/${server.userId}`)),
      'ended by DELETE members/{memberId}',
    );
    assert.deepEqual(problems, []);
  } finally {
    await demo.control('/__control/chat', { scriptedAgent: true });
    await agentContext.close();
    await context.close();
  }
});

test('/en?transport=cloud: a socket that goes silent (no heartbeats) shows Connection lost within 12 s; the next socket restores it with every missed message once', async () => {
  const { page, context, problems, sockets, chat } = await visit();
  try {
    const log = await start(chat, 'Hanna', 'Heartbeat');
    const info = await sessionData(page);
    const server = demo.server.simulator.state.chat.sessions.get(info.chatId);
    await chat.locator('textarea').fill('I want to talk to a person');
    await chat.locator('textarea').press('Enter');
    await log.getByText('Anna').first().waitFor({ timeout: 15_000 });
    const opened = sockets.length;
    // The event stream goes dead: no heartbeat, no event, the socket still open.
    const silenced = Date.now();
    await demo.control('/__control/cloud', { silence: true });
    await chat.locator('textarea').fill('How much does the employer pay?');
    await chat.locator('textarea').press('Enter');
    await chat.locator('.la-transcript__connection', { hasText: 'Connection lost' }).waitFor({ timeout: 14_000 });
    const lostAfter = Date.now() - silenced;
    assert.ok(lostAfter <= 12_000 + 1500, `Connection lost within 12 s of the last frame (${lostAfter} ms)`);
    // The scripted agent answered over the dead socket meanwhile: the page does not have it yet.
    assert.ok(
      server.transcript.some((m) => m.type === 'Message' && m.from.type === 'Agent' && /1[.,]5%/.test(m.text)),
      'the agent answered on the server',
    );
    // A new socket 5000 ms later pages what the dead one lost.
    await chat.locator('.la-transcript__connection', { hasText: 'Connection restored' }).waitFor({ timeout: 8_000 });
    await log.getByText('1.5%').first().waitFor({ timeout: 5_000 });
    assert.ok(sockets.length > opened, 'a new socket');
    const messages = await transcript(page);
    assertWhole(messages);
    assert.deepEqual(
      messages.map((m) => m.index),
      shown(server).slice(0, messages.length),
      'every missed message, once, in order',
    );
    assert.equal(messages.filter((m) => /1[.,]5%/.test(m.text)).length, 1);
    await page.evaluate(() => window.LiveAssist.command('WebChatService.endChat'));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
