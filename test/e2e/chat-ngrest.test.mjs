// End-to-end: the chat over the next-generation REST API on the English page (`/en?transport=ngrest`) in
// Chromium — the ngrest transport chunk in the page, the simulator's /api/ngrest/ppk and the one chat model.
// Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { assertWhole, sessionData, transcript, until, visitChat } from './chat-visit.mjs';

const demo = useDemo({ port: 0 });

async function visit(path = '/en?transport=ngrest') {
  const requests = [];
  const visited = await visitChat(demo, path, (page) =>
    page.on('request', (r) => requests.push({ method: r.method(), url: r.url(), token: r.headers()['x-client-token'], at: Date.now() })),
  );
  return { ...visited, requests };
}

test('/en?transport=ngrest: bot, hand-over to a person at /agent, messages both ways, a reload restores with no gap and no duplicate, End chat ends it', async () => {
  const { page, context, problems, requests, chat } = await visit();
  await demo.control('/__control/chat', { scriptedAgent: false });
  const agentContext = await demo.browser.newContext();
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').fill('Nina');
    await chat.locator('[name=lastname]').fill('Nextgen');
    await chat.getByRole('button', { name: 'Start Chat' }).click();
    const log = chat.getByRole('log');
    await log.getByText('I am the virtual assistant').waitFor();
    const info = await sessionData(page);
    assert.equal(info.type, 'ngrest');
    const api = requests.filter((r) => r.url.includes('/api/'));
    assert.ok(
      api.some((r) => r.method === 'POST' && r.url.endsWith('/api/ngrest/ppk')),
      'started at the server URL',
    );
    const polls = api.filter((r) => r.method === 'GET' && r.url.includes(`/api/ngrest/ppk/${info.chatId}/messages?operationId=`));
    assert.ok(polls.length >= 1, 'polled the messages');
    assert.ok(
      polls.every((r) => r.token && r.token.length > 8),
      'with the token header',
    );
    assert.ok(!api.some((r) => /\/api\/chat\//.test(r.url)), 'not the legacy REST API');

    await chat.locator('textarea').fill('I want to talk to a person');
    await chat.locator('textarea').press('Enter');
    await log.getByText('passing the conversation to an agent').waitFor({ timeout: 15_000 });

    const agent = await agentContext.newPage();
    await agent.goto(`${demo.url}/agent#token=${demo.server.agentToken}`, { waitUntil: 'load' });
    await agent.locator('#agent-name').fill('Ewa');
    await agent.locator('#chats li', { hasText: 'Nina' }).getByRole('button', { name: 'Przyjmij' }).click();
    await agent.locator('#transcript').getByText('I want to talk to a person').waitFor();
    await agent.locator('#reply-text').fill('Hello, Ewa here.');
    await agent.getByRole('button', { name: 'Wyślij', exact: true }).click();
    await log.getByText('Hello, Ewa here.').waitFor({ timeout: 15_000 });
    await chat.locator('textarea').fill('Nice to meet you');
    await chat.locator('textarea').press('Enter');
    await agent.locator('#transcript').getByText('Nice to meet you').waitFor({ timeout: 15_000 });
    const before = await transcript(page);
    assertWhole(before);

    await page.reload({ waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);
    // The agent writes while the page is loading: the restore or the first poll brings it.
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
    const visible = server.transcript.filter((m) => !['TypingStarted', 'TypingStopped'].includes(m.type)).map((m) => m.index);
    assert.deepEqual(
      restored.map((m) => m.index),
      visible,
      'the page has every message the server has, once',
    );

    await chat.locator('textarea').waitFor();
    await chat.locator('textarea').fill('After the reload');
    await chat.locator('textarea').press('Enter');
    await agent.locator('#transcript').getByText('After the reload').waitFor({ timeout: 15_000 });

    await page.evaluate(() => window.LiveAssist.command('WebChatService.endChat'));
    await until(page, () => window.LiveAssist.command('WebChatService.getSessionData').then((s) => !s.sessionActive), undefined, { what: 'the end' });
    assert.equal(server.ended, true, 'the server ended the chat');
    assert.ok(
      requests.some((r) => r.method === 'DELETE' && r.url.includes(`/api/ngrest/ppk/${info.chatId}/participants/`)),
      'ended by DELETE participants/{participantId}',
    );
    assert.deepEqual(problems, []);
  } finally {
    await demo.control('/__control/chat', { scriptedAgent: true });
    await agentContext.close();
    await context.close();
  }
});

test('/en?transport=ngrest: polls that get no answer show Connection lost; when they answer again it says Connection restored and every missed message arrives once', async () => {
  const { page, context, problems, requests, chat } = await visit();
  try {
    await page.evaluate(() => window.LiveAssist.command('WebChat.open'));
    await chat.locator('[name=firstname]').fill('Lena');
    await chat.locator('[name=lastname]').fill('Lost');
    await chat.getByRole('button', { name: 'Start Chat' }).click();
    const log = chat.getByRole('log');
    await log.getByText('I am the virtual assistant').waitFor();
    const info = await sessionData(page);
    // Every poll is dropped (no answer at all) while the visitor asks: the question goes out, the answers wait.
    await demo.control('/__control/faults', { faults: { 'chat.refresh': { dropRate: 1 } } });
    const dropsFrom = requests.length;
    await chat.locator('textarea').fill('How much does the employer pay?');
    await chat.locator('textarea').press('Enter');
    await chat.locator('.la-transcript__connection', { hasText: 'Connection lost' }).waitFor({ timeout: 10_000 });
    // Let the agent answer meanwhile, and two polls fail in a row (back-off: 2 s, then 3 s): wait for the
    // second dropped poll rather than a fixed time, then check the gap between them is the back-off's.
    const server = demo.server.simulator.state.chat.sessions.get(info.chatId);
    for (let i = 0; i < 100 && !server.transcript.some((m) => m.type === 'Message' && m.from.type === 'Agent' && /1[.,]5%/.test(m.text)); i++)
      await new Promise((r) => setTimeout(r, 100));
    const droppedPolls = () => requests.slice(dropsFrom).filter((r) => r.method === 'GET' && r.url.includes('/messages?'));
    for (let i = 0; i < 80 && droppedPolls().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    const dropped = droppedPolls();
    assert.ok(dropped.length >= 2, `polls went on while lost (${dropped.length})`);
    assert.ok(dropped[1].at - dropped[0].at >= 1800, `with the back-off, not every second (${dropped[1].at - dropped[0].at} ms apart)`);
    await demo.control('/__control/faults', undefined, 'DELETE');
    await log.getByText('1.5%').first().waitFor({ timeout: 10_000 });
    await chat.locator('.la-transcript__connection', { hasText: 'Connection restored' }).waitFor({ timeout: 5_000 });
    const messages = await transcript(page);
    assertWhole(messages);
    const visible = server.transcript.filter((m) => !['TypingStarted', 'TypingStopped'].includes(m.type)).map((m) => m.index);
    assert.deepEqual(
      messages.map((m) => m.index),
      visible.slice(0, messages.length),
      'every missed message, once, in order',
    );
    await page.evaluate(() => window.LiveAssist.command('WebChatService.endChat'));
    assert.deepEqual(problems, []);
  } finally {
    await demo.control('/__control/faults', undefined, 'DELETE');
    await context.close();
  }
});

test('/en?transport=ngrest: the start form without a first name is refused by the server (INVALID_NICKNAME, First Name is required)', async () => {
  const { page, context, chat } = await visit();
  try {
    // The form requires the first name; the bus command goes past it to the server's INVALID_NICKNAME.
    const refusal = await page.evaluate(() =>
      window.LiveAssist.command('WebChatService.startChat', { lastName: 'Nobody' }).then(
        () => 'started',
        (e) => e.message,
      ),
    );
    assert.equal(refusal, 'First Name is required');
    assert.equal((await sessionData(page)).sessionActive, false);
    assert.ok(chat);
  } finally {
    await context.close();
  }
});
