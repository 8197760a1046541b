// Idempotent chat sends (issue 13 item 2, the simulator's half): a visitor message carries a client message id —
// the Idempotency-Key header on legacy REST `…/send` and next-gen REST `POST …/messages`, `clientMessageId` in
// CometD's sendMessage — and a repeat within the chat stores nothing new and answers the first index.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CometD, AckExtension } from 'cometd';
import { makeSim, call, startChat, op } from './helpers.mjs';
import { waitFor } from '../helpers/wait.mjs';
import { installCometdWindow } from '../helpers/cometd-node.mjs';
import { createManualClock } from '../../demo/simulator/index.js';
import { startServer } from '../../demo/server.mjs';

installCometdWindow();

const texts = (sim, chatId) =>
  sim.state.chat.sessions
    .get(chatId)
    .transcript.filter((m) => m.type === 'Message')
    .map((m) => m.text);

test('legacy REST: the same Idempotency-Key again stores nothing and answers the same index (marked replayed); a new key is a new message', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  const send = (key, message) =>
    call(sim, `/api/chat/${chat.service}/${chat.chatId}/send`, {
      form: { ...chat.creds, message },
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const first = await send('m-1', 'Dzień dobry');
  assert.equal(first.body.statusCode, 0);
  assert.equal(typeof first.body.index, 'number');
  assert.equal(first.res.headers.get('idempotent-replayed'), null);
  const again = await send('m-1', 'Dzień dobry');
  assert.deepEqual(again.body, first.body, 'the first answer, the same index');
  assert.equal(again.res.headers.get('idempotent-replayed'), 'true');
  const quoted = await send('"m-1"', 'Dzień dobry');
  assert.equal(quoted.body.index, first.body.index, 'the structured-field form of the same key');
  const second = await send('m-2', 'Dzień dobry');
  assert.equal(second.body.index, first.body.index + 1, 'a new key, a new message (the same text may be sent twice on purpose)');
  const plain = await send(undefined, 'Dzień dobry');
  assert.equal(plain.body.index, second.body.index + 1, 'no key: as before');
  assert.deepEqual(texts(sim, chat.chatId), ['Dzień dobry', 'Dzień dobry', 'Dzień dobry']);
});

test('legacy REST: the same key with another message is refused (422, statusCode 2) and stores nothing; a malformed key is 400', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  const send = (key, message) =>
    call(sim, `/api/chat/${chat.service}/${chat.chatId}/send`, { form: { ...chat.creds, message }, headers: { 'idempotency-key': key } });
  assert.equal((await send('k', 'one')).body.statusCode, 0);
  const other = await send('k', 'two');
  assert.equal(other.status, 422);
  assert.equal(other.body.statusCode, 2);
  assert.match(other.body.errors[0].message, /Idempotency-Key already used/);
  const bad = await send('a b', 'three');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.statusCode, 2);
  assert.deepEqual(texts(sim, chat.chatId), ['one']);
});

test('legacy REST: a response dropped after the server acted, then the retry with the same key: one message, the retry gets its index', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  const send = () =>
    call(sim, `/api/chat/${chat.service}/${chat.chatId}/send`, { form: { ...chat.creds, message: 'lost answer' }, headers: { 'idempotency-key': 'id-1' } });
  await call(sim, '/__control/faults', { json: { endpoint: 'chat.send', chatId: chat.chatId, dropResponseRate: 1 } });
  assert.equal((await send()).res.type, 'error');
  assert.equal((await send()).res.type, 'error', 'dropped again');
  assert.deepEqual(texts(sim, chat.chatId), ['lost answer'], 'stored once');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  const retry = await send();
  assert.equal(retry.body.statusCode, 0);
  assert.equal(retry.body.index, sim.state.chat.sessions.get(chat.chatId).transcript.find((m) => m.text === 'lost answer').index);
  assert.deepEqual(texts(sim, chat.chatId), ['lost answer']);
  // A dropped request (the server never acted) or a failure answer leaves the key free: the retry stores it.
  await call(sim, '/__control/faults', { json: { endpoint: 'chat.send', dropRequestRate: 1 } });
  const send2 = () =>
    call(sim, `/api/chat/${chat.service}/${chat.chatId}/send`, { form: { ...chat.creds, message: 'second' }, headers: { 'idempotency-key': 'id-2' } });
  assert.equal((await send2()).res.type, 'error');
  await call(sim, '/__control/faults', { json: { endpoint: 'chat.send', failureRate: 1 } });
  assert.equal((await send2()).body.statusCode, 1);
  await call(sim, '/__control/faults', { method: 'DELETE' });
  assert.equal((await send2()).body.statusCode, 0);
  assert.deepEqual(texts(sim, chat.chatId), ['lost answer', 'second']);
});

test('legacy REST: two sends of one key at the same time (a retry while the first still runs): one message, both answers the same index', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  const send = () =>
    call(sim, `/api/chat/${chat.service}/${chat.chatId}/send`, { form: { ...chat.creds, message: 'racing' }, headers: { 'idempotency-key': 'race' } });
  const answers = await Promise.all([send(), send(), send()]);
  assert.deepEqual(new Set(answers.map((a) => a.body.index)).size, 1);
  assert.equal(answers.filter((a) => a.res.headers.get('idempotent-replayed') === 'true').length, 2);
  assert.deepEqual(texts(sim, chat.chatId), ['racing']);
});

test('the key is scoped to the chat; keys are bounded per chat (maxTranscript) and go with the chat; an ended chat still answers a repeat', async () => {
  const { sim } = makeSim({ maxTranscript: 5 });
  const a = await startChat(sim);
  const b = await startChat(sim);
  const send = (chat, key, message) =>
    call(sim, `/api/chat/${chat.service}/${chat.chatId}/send`, { form: { ...chat.creds, message }, headers: { 'idempotency-key': key } });
  const inA = await send(a, 'same', 'hello');
  const inB = await send(b, 'same', 'hello');
  assert.equal(inA.body.statusCode, 0);
  assert.equal(inB.body.statusCode, 0);
  assert.equal(inB.res.headers.get('idempotent-replayed'), null, 'another chat: another message');
  assert.deepEqual(texts(sim, a.chatId), ['hello']);
  assert.deepEqual(texts(sim, b.chatId), ['hello']);
  for (let i = 0; i < 8; i++) await send(a, `k-${i}`, `m-${i}`);
  const session = sim.state.chat.sessions.get(a.chatId);
  assert.equal(session.sends.size, 5, 'at most maxTranscript keys');
  assert.ok(!session.sends.has('same') && session.sends.has('k-7'), 'the oldest went first');
  // After the chat ended: a repeat gets the first answer, a new message is refused.
  const last = await send(a, 'k-7', 'm-7');
  assert.equal((await op(sim, a, 'disconnect')).body.chatEnded, true);
  assert.deepEqual((await send(a, 'k-7', 'm-7')).body, last.body);
  const late = await send(a, 'k-new', 'late');
  assert.equal(late.body.statusCode, 2);
  assert.equal(late.body.chatEnded, true);
  // The chat goes away (reset / eviction): its keys with it.
  await call(sim, '/__control/reset', { json: {} });
  assert.equal(sim.state.chat.sessions.size, 0);
});

test("next-gen REST: POST …/messages with the same Idempotency-Key and a new operationId stores one message and answers the same index; the key is the legacy send's", async () => {
  const { sim } = makeSim();
  const start = await call(sim, '/api/ngrest/ppk', { json: { operationId: 'op-start', data: { form: { firstName: 'Jan' }, endpoint: 'customer-chat' } } });
  const { token, sessionId, participantId } = JSON.parse(Buffer.from(start.body.data.clientToken, 'base64url').toString());
  const send = (operationId, key, text = 'ng message') =>
    call(sim, `/api/ngrest/ppk/${sessionId}/messages`, {
      json: { operationId, data: { type: 'text', text } },
      headers: { 'x-client-token': token, 'idempotency-key': key },
    });
  const first = await send('op-1', 'cm-1');
  assert.equal(first.status, 200);
  const again = await send('op-2', 'cm-1');
  assert.equal(again.status, 200);
  assert.equal(again.body.operationId, 'op-2');
  assert.equal(again.body.data.index, first.body.data.index);
  assert.deepEqual(texts(sim, sessionId), ['ng message']);
  const other = await send('op-3', 'cm-1', 'another text');
  assert.equal(other.status, 400);
  assert.equal(other.body.errors[0].code, 'INVALID_REQUEST');
  const bad = await send('op-4', 'bad key');
  assert.equal(bad.status, 400);
  // A dropped answer, then the client's retry (new operationId, same key).
  await call(sim, '/__control/faults', { json: { endpoint: 'ngrest.send', dropResponseRate: 1 } });
  assert.equal((await send('op-5', 'cm-2', 'second')).res.type, 'error');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  const retry = await send('op-6', 'cm-2', 'second');
  assert.equal(retry.body.data.index, first.body.data.index + 1);
  assert.deepEqual(texts(sim, sessionId), ['ng message', 'second']);
  // The same chat over legacy REST: the same key is the same message.
  const legacy = await call(sim, `/api/chat/customer-chat/${sessionId}/send`, {
    form: {
      userId: participantId,
      secureKey: sim.state.chat.sessions.get(sessionId).secureKey,
      alias: sim.state.chat.sessions.get(sessionId).alias,
      message: 'second',
    },
    headers: { 'idempotency-key': 'cm-2' },
  });
  assert.equal(legacy.body.index, retry.body.data.index);
  assert.deepEqual(texts(sim, sessionId), ['ng message', 'second']);
});

/* ------------------------------------------------------------------- CometD */

let server;
before(async () => {
  server = await startServer({ port: 0, simulator: { clock: createManualClock('2025-03-03T10:00:00+01:00'), random: () => 0 }, cometd: { timeout: 2000 } });
});
after(() => server.close());

test('CometD: sendMessage with the same clientMessageId stores one message and answers the same index; without it, as before', async () => {
  const channel = '/service/chatV2/customer-support';
  const cometd = new CometD();
  cometd.registerExtension('ack', new AckExtension());
  cometd.configure({ url: `${server.url}/api/cometd`, logLevel: 'error' });
  const replies = new Map();
  cometd.addListener(channel, (m) => {
    if (m.data.requestId !== undefined) replies.set(m.data.requestId, m.data);
  });
  await new Promise((resolve, reject) => cometd.handshake((reply) => (reply.successful ? resolve() : reject(new Error(reply.error)))));
  let seq = 0;
  const opC = (operation, data = {}) => {
    const requestId = ++seq;
    cometd.publish(channel, { operation, requestId, ...data });
    return waitFor(() => replies.get(requestId), { what: `the ${operation} reply` });
  };
  try {
    const chat = await opC('requestChat', { firstName: 'Jan' });
    const creds = { chatId: chat.chatId, secureKey: chat.secureKey, userId: chat.userId, alias: chat.alias };
    const first = await opC('sendMessage', { ...creds, message: 'over bayeux', clientMessageId: 'c-1' });
    assert.equal(first.statusCode, 0);
    const again = await opC('sendMessage', { ...creds, message: 'over bayeux', clientMessageId: 'c-1' });
    assert.equal(again.statusCode, 0);
    assert.equal(again.index, first.index);
    const other = await opC('sendMessage', { ...creds, message: 'over bayeux', clientMessageId: 'c-2' });
    assert.equal(other.index, first.index + 1);
    const plain = await opC('sendMessage', { ...creds, message: 'over bayeux' });
    assert.equal(plain.index, first.index + 2);
    const bad = await opC('sendMessage', { ...creds, message: 'x', clientMessageId: 'has space' });
    assert.equal(bad.statusCode, 2);
    const messages = server.simulator.state.chat.sessions.get(chat.chatId).transcript.filter((m) => m.type === 'Message');
    assert.deepEqual(
      messages.map((m) => m.text),
      ['over bayeux', 'over bayeux', 'over bayeux'],
    );
    // A dropped answer after the send, then the retry with the same id: still one message, the same index.
    await fetch(server.url + '/__control/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'cometd.publish.sendMessage', chatId: chat.chatId, dropResponseRate: 1 }),
    });
    cometd.publish(channel, { operation: 'sendMessage', requestId: ++seq, ...creds, message: 'answer lost', clientMessageId: 'c-3' });
    await waitFor(() => server.simulator.state.chat.sessions.get(chat.chatId).transcript.some((m) => m.text === 'answer lost'), { what: 'stored' });
    await fetch(server.url + '/__control/faults', { method: 'DELETE' });
    const retry = await opC('sendMessage', { ...creds, message: 'answer lost', clientMessageId: 'c-3' });
    const stored = server.simulator.state.chat.sessions.get(chat.chatId).transcript.filter((m) => m.text === 'answer lost');
    assert.equal(stored.length, 1);
    assert.equal(retry.index, stored[0].index);
  } finally {
    await new Promise((resolve) => cometd.disconnect(() => resolve()));
  }
});
