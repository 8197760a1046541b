// End-to-end: the chat over CometD on the English page (`/en?transport=cometd`) in Chromium — the official
// cometd client in the page, the demo's Bayeux endpoint (cometd-nodejs-server) and the one chat model.
// Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { assertWhole, transcript, until, visitChat } from './chat-visit.mjs';

const demo = useDemo({ port: 0, cometd: { timeout: 5000 } });

async function visit(path = '/en?transport=cometd') {
  const requests = [];
  // What the page logged and said over Bayeux, printed when a test fails (the library logs its errors).
  const trace = [];
  const visited = await visitChat(demo, path, (page) => {
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => trace.push(m.text().slice(0, 300)));
    page.on('request', (r) => {
      if (r.url().includes('/api/cometd')) trace.push(`> ${r.url().split('/api/')[1]} ${(r.postData() ?? '').slice(0, 300)}`);
    });
  });
  return { ...visited, requests, trace };
}

test('/en?transport=cometd: greets, hands over, the agent answers; a reload keeps the same chat without duplicates; End chat ends it', async () => {
  const { page, context, problems, requests, trace, chat } = await visit();
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').fill('Anna');
    await chat.locator('[name=lastname]').fill('Smith');
    await chat.getByRole('button', { name: 'Start Chat' }).click();
    const log = chat.getByRole('log');
    await log.getByText('I am the virtual assistant').waitFor();
    const info = await page.evaluate(() => window.LiveAssist.command('WebChatService.getSessionData'));
    assert.equal(info.type, 'cometd');
    // The Bayeux endpoint carried it (long-polling: the Node server has no WebSocket), not the REST API.
    assert.ok(requests.some((u) => u.includes('/api/cometd/handshake')));
    assert.ok(requests.some((u) => u.includes('/api/cometd/connect')));
    assert.ok(!requests.some((u) => /\/api\/chat\/[^/]+\/[^/]+\/(refresh|send)/.test(u)), 'no REST polling');

    const input = chat.locator('textarea');
    await input.fill('How much does the employer pay?');
    await input.press('Enter');
    await log.getByText('passing the conversation to an agent').waitFor({ timeout: 15_000 });
    await log.getByText('Hello, my name is Anna').waitFor({ timeout: 15_000 });
    await log.getByText('1.5%').first().waitFor({ timeout: 15_000 });
    const before = await transcript(page);
    assertWhole(before);

    await page.reload({ waitUntil: 'load' });
    await page.evaluate(() => {
      window.__chatEvents = [];
      window.LiveAssist.subscribe('WebChatService.*', (e) => window.__chatEvents.push(e.name));
    });
    // The same chat comes back (restored from its cookies over a new page's Bayeux client).
    try {
      await until(page, (id) => window.LiveAssist.command('WebChatService.getSessionData').then((s) => s.chatId === id), info.chatId, {
        what: 'the restored chat',
      });
    } catch (error) {
      console.log(trace.join('\n'), await page.evaluate(() => window.__chatEvents.join()));
      throw error;
    }
    await until(page, (n) => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.length >= n), before.length, {
      what: 'the restored transcript',
    });
    const restored = await transcript(page);
    assertWhole(restored);
    assert.deepEqual(
      restored.slice(0, before.length).map((m) => m.index),
      before.map((m) => m.index),
    );
    const texts = restored.filter((m) => m.type === 'Message').map((m) => m.text);
    assert.equal(texts.filter((t) => t === 'How much does the employer pay?').length, 1, 'no duplicate after the reload');

    // The window comes back open; a message after the reload goes out and is answered.
    await chat.locator('textarea').waitFor();
    await chat.locator('textarea').fill('Thank you');
    await chat.locator('textarea').press('Enter');
    await until(
      page,
      () => window.LiveAssist.command('WebChatService.getTranscript').then((t) => t.filter((m) => m.from.type === 'Agent' && m.type === 'Message').length >= 3),
      undefined,
      { what: 'the third agent message' },
    );

    await page.evaluate(() => window.LiveAssist.command('WebChatService.endChat'));
    await until(page, () => window.LiveAssist.command('WebChatService.getSessionData').then((s) => !s.sessionActive), undefined, { what: 'the end' });
    const s = demo.server.simulator.state.chat.sessions.get(info.chatId);
    assert.equal(s.ended, true, 'the server ended the chat');
    // With no chat the client leaves the Bayeux server; the next chat handshakes again.
    for (let i = 0; i < 50 && demo.server.cometd.sessions > 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(demo.server.cometd.sessions, 0, 'no Bayeux session left');
    const next = await page.evaluate(() => window.LiveAssist.command('WebChatService.startChat', { firstName: 'Anna', lastName: 'Smith' }));
    assert.equal(next.type, 'cometd');
    assert.notEqual(next.chatId, info.chatId);
    await page.evaluate(() => window.LiveAssist.command('WebChatService.endChat'));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/en?transport=cometd with a person at /agent: messages both ways; a forced disconnect mid-chat re-handshakes with no gap and no duplicate', async () => {
  const { page, context, problems, chat } = await visit();
  await demo.control('/__control/chat', { scriptedAgent: false });
  const agentContext = await demo.browser.newContext();
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').fill('Zenon');
    await chat.locator('[name=lastname]').fill('Bayeux');
    await chat.getByRole('button', { name: 'Start Chat' }).click();
    const log = chat.getByRole('log');
    await log.getByText('I am the virtual assistant').waitFor();
    await chat.locator('textarea').fill('I want to talk to a person');
    await chat.locator('textarea').press('Enter');

    const agent = await agentContext.newPage();
    await agent.goto(`${demo.url}/agent#token=${demo.server.agentToken}`, { waitUntil: 'load' });
    await agent.locator('#agent-name').fill('Ewa');
    await agent.locator('#chats li', { hasText: 'Zenon' }).getByRole('button', { name: 'Przyjmij' }).click();
    await agent.locator('#transcript').getByText('I want to talk to a person').waitFor();
    await agent.locator('#reply-text').fill('Hello, Ewa here.');
    await agent.getByRole('button', { name: 'Wyślij', exact: true }).click();
    await log.getByText('Hello, Ewa here.').waitFor({ timeout: 15_000 });

    // The server forgets every Bayeux session and drops the held long poll; the agent writes meanwhile.
    const { disconnected } = await demo.control('/__control/cometd/disconnect', {});
    assert.ok(disconnected >= 1);
    await agent.locator('#reply-text').fill('Written while you were away.');
    await agent.getByRole('button', { name: 'Wyślij', exact: true }).click();
    await log.getByText('Written while you were away.').waitFor({ timeout: 20_000 });

    await chat.locator('textarea').fill('Got it after the reconnect');
    await chat.locator('textarea').press('Enter');
    await agent.locator('#transcript').getByText('Got it after the reconnect').waitFor({ timeout: 15_000 });
    const messages = await transcript(page);
    assertWhole(messages);
    const server = demo.server.simulator.state.chat.sessions.get(
      messages[0] ? (await page.evaluate(() => window.LiveAssist.command('WebChatService.getSessionData'))).chatId : '',
    );
    const visible = server.transcript.filter((m) => !['TypingStarted', 'TypingStopped'].includes(m.type)).map((m) => m.index);
    assert.deepEqual(
      messages.map((m) => m.index),
      visible,
      'the page has every message the server has, once',
    );
    assert.deepEqual(problems, []);
  } finally {
    await demo.control('/__control/chat', { scriptedAgent: true });
    await agentContext.close();
    await context.close();
  }
});

test('/en (REST) never loads the CometD client', async () => {
  const { page, context, requests } = await visit('/en');
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await page.locator('la-chat [name=firstname]').waitFor();
    const manifest = JSON.parse(await (await fetch(demo.url + '/dist/bundle-manifest.json')).text());
    const cometdFiles = manifest.chunks.filter((c) => c.modules.some((m) => m.startsWith('node_modules/cometd/'))).map((c) => c.file);
    assert.equal(cometdFiles.length, 1, 'the official client is one chunk');
    assert.ok(!requests.some((u) => cometdFiles.some((f) => u.endsWith('/' + f))), 'not loaded by the REST page');
  } finally {
    await context.close();
  }
});

test('MessagingClient on the bus: the bus rules, status events, a service channel conversation, errors as events (not shown)', async () => {
  const { page, context, problems } = await visit('/en');
  try {
    const refusal = (command, options) =>
      page.evaluate(
        ([c, o]) =>
          window.LiveAssist.command(c, o).then(
            () => 'resolved',
            (e) => e.message,
          ),
        [command, options],
      );
    await page.evaluate(() => {
      window.__messaging = [];
      window.LiveAssist.subscribe('MessagingClient.*', (e) => window.__messaging.push({ name: e.name, data: e.data }));
    });
    const events = () => page.evaluate(() => window.__messaging);
    assert.match(await refusal('MessagingClient.publish', { channel: '/service/x', data: {} }), /disconnected/);
    assert.match(
      await refusal('MessagingClient.configure', { url: 'http://bad_host.example/cometd' }),
      /host name: bad_host\.example \(letters, digits, dot and hyphen only\)/,
    );
    assert.equal(await refusal('MessagingClient.configure', { url: '/api/cometd', logLevel: 'warn' }), 'resolved');
    assert.equal(
      await refusal('MessagingClient.subscribe', { channel: '/service/chatV2/customer-support' }),
      'Subscribe refused: the messaging client is disconnected',
    );
    assert.equal(await refusal('MessagingClient.connect'), 'resolved');
    await until(page, () => window.__messaging.some((e) => e.name === 'MessagingClient.status' && e.data.status === 'connected'), undefined, {
      what: 'the connected status event',
    });
    const statuses = (await events()).filter((e) => e.name === 'MessagingClient.status').map((e) => e.data.status);
    assert.equal(statuses[0], 'handshaking', statuses.join());
    assert.equal(await page.evaluate(() => window.LiveAssist.command('MessagingClient.getStatus')), 'connected');
    assert.equal(await refusal('MessagingClient.publish', { channel: '/meta/connect', data: {} }), 'Publishing on meta channels is refused');
    assert.equal(await refusal('MessagingClient.subscribe', { channel: '/service/chatV2/customer-support' }), 'resolved');
    assert.equal(
      await refusal('MessagingClient.publish', {
        channel: '/service/chatV2/customer-support',
        data: { operation: 'requestChat', requestId: 'bus-1', firstName: 'Bus' },
      }),
      'resolved',
    );
    await page.waitForFunction(() => window.__messaging.some((e) => e.name === 'MessagingClient.message' && e.data.data.requestId === 'bus-1'));
    const reply = (await events()).find((e) => e.name === 'MessagingClient.message' && e.data.data.requestId === 'bus-1').data;
    assert.equal(reply.channel, '/service/chatV2/customer-support');
    assert.equal(reply.data.statusCode, 0);
    await page.waitForFunction(() =>
      window.__messaging.some(
        (e) =>
          e.name === 'MessagingClient.message' && Array.isArray(e.data.data.messages) && e.data.data.messages.length > 0 && e.data.data.requestId === undefined,
      ),
    );
    // The server denies a broadcast channel: the publish rejects, the error is an event and a console line.
    assert.match(await refusal('MessagingClient.publish', { channel: '/chat/all', data: { text: 'x' } }), /publish to \/chat\/all failed/);
    assert.ok((await events()).some((e) => e.name === 'MessagingClient.error'));
    assert.equal(await refusal('MessagingClient.disconnect'), 'resolved');
    assert.equal(await page.evaluate(() => window.LiveAssist.command('MessagingClient.getStatus')), 'disconnected');
    assert.equal((await events()).filter((e) => e.name === 'MessagingClient.status').at(-1).data.status, 'disconnected');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
