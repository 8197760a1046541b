// Fault injection (demo/simulator/faults.js, issue 13 item 5): every kind per endpoint key and per chat on the
// legacy REST chat, the next-generation REST chat and CometD, chaos, and the injected counts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CometD, AckExtension } from 'cometd';
import { makeSim, call, startChat, refresh, op } from './helpers.mjs';
import { waitFor } from '../helpers/wait.mjs';
import { installCometdWindow } from '../helpers/cometd-node.mjs';
import { createManualClock } from '../../demo/simulator/index.js';
import { startServer } from '../../demo/server.mjs';
import { applyToBatch, decideFault, lookup, FAULT_KINDS } from '../../demo/simulator/faults.js';

installCometdWindow();

/** A seeded pseudo-random source (mulberry32), so a rate below 1 is exercised and repeatable. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const faults = (sim, body) => call(sim, '/__control/faults', { json: body });
const injected = async (sim) => (await call(sim, '/__control/faults')).body.injected;
const transcriptOf = (sim, chat) => sim.state.chat.sessions.get(chat.chatId).transcript;
const texts = (sim, chat) =>
  transcriptOf(sim, chat)
    .filter((m) => m.type === 'Message')
    .map((m) => m.text);
const zero = Object.fromEntries(FAULT_KINDS.map((k) => [k, 0]));

test('control: every field is checked (a refused call changes nothing); GET lists the specs and the injected counts; clear, DELETE and reset', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  const spec = {
    latencyMs: 5,
    jitterMs: 5,
    dropRequestRate: 0.1,
    dropResponseRate: 0.2,
    duplicateRate: 0.3,
    reorderRate: 0.4,
    failureRate: 0.5,
    status: 502,
    disconnectRate: 0.6,
    chaos: 0.05,
  };
  assert.equal((await faults(sim, { endpoint: 'chat.refresh', ...spec })).status, 200);
  assert.equal((await faults(sim, { endpoint: 'chat', chatId: chat.chatId, dropRate: 1 })).status, 200);
  let r = await call(sim, '/__control/faults');
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.faults['chat.refresh'], spec);
  assert.deepEqual(r.body.faults[`chat@${chat.chatId}`], { dropRequestRate: 1, chatId: chat.chatId }, 'dropRate is the alias of dropRequestRate');
  assert.deepEqual(r.body.injected, zero);
  for (const bad of [
    { endpoint: 'chat.send', duplicateRate: 1.5 },
    { endpoint: 'chat.send', chaos: -0.1 },
    { endpoint: 'chat.send', jitterMs: 'x' },
    { endpoint: 'chat.send', chatId: '' },
    { endpoint: 'chat.send', chatId: 'a b' },
    { endpoint: 'chat.send', dropRate: 0.1, dropRequestRate: 0.2 },
    { endpoint: 'cometd.nope', failureRate: 1 },
    { faults: { 'ngrest.send': { failureRate: 1 }, 'chat.send': 'x' } },
  ]) {
    assert.equal((await faults(sim, bad)).status, 400, JSON.stringify(bad));
  }
  assert.equal(Object.keys((await call(sim, '/__control/faults')).body.faults).length, 2, 'the refused calls stored nothing');
  for (const key of ['ngrest', 'ngrest.poll', 'cometd', 'cometd.push', 'cometd.publish', 'cometd.publish.sendMessage']) {
    assert.equal((await faults(sim, { endpoint: key, failureRate: 0 })).status, 200, key);
  }
  // Faults happen and are counted: the chat's own drop.
  assert.equal((await op(sim, chat, 'send', { message: 'x' })).res.type, 'error');
  assert.equal((await injected(sim)).dropRequest, 1);
  // clear one (the chat's, by its chatId), then DELETE all: the counts stay until DELETE …/injected or a reset.
  await faults(sim, { endpoint: 'chat', chatId: chat.chatId, clear: true });
  r = await call(sim, '/__control/faults');
  assert.equal(r.body.faults[`chat@${chat.chatId}`], undefined);
  assert.ok(r.body.faults['chat.refresh']);
  await call(sim, '/__control/faults', { method: 'DELETE' });
  r = await call(sim, '/__control/faults');
  assert.deepEqual(r.body.faults, {});
  assert.equal(r.body.injected.dropRequest, 1);
  assert.deepEqual((await call(sim, '/__control/faults/injected', { method: 'DELETE' })).body.injected, zero);
  await faults(sim, { endpoint: '*', dropRate: 1 });
  await op(sim, chat, 'send', { message: 'y' });
  assert.equal((await injected(sim)).dropRequest, 1);
  await call(sim, '/__control/reset', { json: {} });
  r = await call(sim, '/__control/faults');
  assert.deepEqual(r.body, { faults: {}, injected: zero });
});

test('legacy REST: a dropped request stores nothing; a dropped response stores the message before the connection drops; a failure is statusCode 1 and stores nothing', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  await faults(sim, { endpoint: 'chat.send', dropRequestRate: 1 });
  let r = await op(sim, chat, 'send', { message: 'never' });
  assert.equal(r.res.type, 'error', 'a network error');
  assert.deepEqual(texts(sim, chat), []);

  await faults(sim, { endpoint: 'chat.send', dropResponseRate: 1 });
  r = await op(sim, chat, 'send', { message: 'acted' });
  assert.equal(r.res.type, 'error', 'the client sees a network error');
  assert.deepEqual(texts(sim, chat), ['acted'], 'the server acted');

  await faults(sim, { endpoint: 'chat.send', failureRate: 1 });
  r = await op(sim, chat, 'send', { message: 'failed' });
  assert.equal(r.status, 200);
  assert.equal(r.body.statusCode, 1);
  await faults(sim, { endpoint: 'chat.send', failureRate: 1, status: 503 });
  r = await op(sim, chat, 'send', { message: 'failed' });
  assert.equal(r.status, 503);
  assert.equal(r.body.statusCode, 1);
  assert.deepEqual(texts(sim, chat), ['acted']);
  // A key for another endpoint leaves this one alone.
  await call(sim, '/__control/faults', { method: 'DELETE' });
  await faults(sim, { endpoint: 'chat.refresh', dropResponseRate: 1, failureRate: 1 });
  assert.equal((await op(sim, chat, 'send', { message: 'fine' })).body.statusCode, 0);
  assert.deepEqual(await injected(sim), { ...zero, dropRequest: 1, dropResponse: 1, failure: 2 });
});

test('legacy REST: duplicate delivers one message of a refresh twice (same index); reorder shuffles the batch; both counted; requestNotifications too', async () => {
  const { sim } = makeSim({ random: seeded(7) });
  const chat = await startChat(sim);
  for (const m of ['a', 'b', 'c']) await op(sim, chat, 'send', { message: m });
  const clean = (await refresh(sim, chat)).messages;
  assert.ok(clean.length >= 5);

  await faults(sim, { endpoint: 'chat.refresh', duplicateRate: 1 });
  let got = (await refresh(sim, chat)).messages;
  assert.equal(got.length, clean.length + 1);
  const indexes = got.map((m) => m.index);
  const twice = indexes.filter((i, k) => indexes.indexOf(i) !== k);
  assert.equal(twice.length, 1, 'one index twice');
  assert.deepEqual(got.filter((m) => m.index === twice[0])[0], got.filter((m) => m.index === twice[0])[1], 'the same message');
  assert.deepEqual(
    [...new Set(indexes)],
    clean.map((m) => m.index),
    'otherwise in order, nothing lost',
  );

  await faults(sim, { endpoint: 'chat.refresh', reorderRate: 1 });
  got = (await refresh(sim, chat)).messages;
  assert.notDeepEqual(
    got.map((m) => m.index),
    clean.map((m) => m.index),
    'shuffled',
  );
  assert.deepEqual(
    [...got].sort((x, y) => x.index - y.index),
    clean,
    'the same messages',
  );

  await faults(sim, { endpoint: 'chat.requestNotifications', duplicateRate: 1 });
  got = (await op(sim, chat, 'requestNotifications', { transcriptPosition: '1' })).body.messages;
  assert.equal(got.length, clean.length + 1);
  const counts = await injected(sim);
  assert.equal(counts.duplicate, 2);
  assert.equal(counts.reorder, 1);
  // Duplicate / reorder do not apply to a send (no batch in its answer): nothing drawn, nothing counted.
  await faults(sim, { endpoint: 'chat.send', duplicateRate: 1, reorderRate: 1 });
  assert.equal((await op(sim, chat, 'send', { message: 'd' })).body.statusCode, 0);
  assert.deepEqual(await injected(sim), counts);
});

test('latency (and jitter) delays the answer and is counted', async () => {
  const { sim } = makeSim({ random: () => 0.5 });
  const chat = await startChat(sim);
  await faults(sim, { endpoint: 'chat.refresh', latencyMs: 60, jitterMs: 40 });
  const t0 = performance.now();
  assert.equal((await refresh(sim, chat)).statusCode, 0);
  assert.ok(performance.now() - t0 >= 75, 'latencyMs + half the jitter');
  assert.equal((await injected(sim)).latency, 1);
});

test("per chat: a fault for one chat leaves the other chats alone; the chat's own spec wins over the one for every chat", async () => {
  const { sim } = makeSim();
  const a = await startChat(sim);
  const b = await startChat(sim);
  await faults(sim, { endpoint: 'chat', chatId: a.chatId, dropRequestRate: 1 });
  assert.equal((await op(sim, a, 'send', { message: 'to a' })).res.type, 'error');
  assert.equal((await op(sim, b, 'send', { message: 'to b' })).body.statusCode, 0);
  assert.deepEqual(texts(sim, a), []);
  assert.deepEqual(texts(sim, b), ['to b']);
  // A spec for every chat on a more specific key: chat a still gets its own; chat b the general one.
  await faults(sim, { endpoint: 'chat.send', failureRate: 1 });
  assert.equal((await op(sim, a, 'send', { message: 'to a' })).res.type, 'error');
  assert.equal((await op(sim, b, 'send', { message: 'to b' })).body.statusCode, 1);
  // Two chats, two specs for the same key side by side.
  await faults(sim, { faults: { 'chat.send': { chatId: b.chatId, dropResponseRate: 1 } } });
  const list = (await call(sim, '/__control/faults')).body.faults;
  assert.deepEqual(Object.keys(list).sort(), ['chat.send', `chat.send@${b.chatId}`, `chat@${a.chatId}`].sort());
  assert.equal((await op(sim, b, 'send', { message: 'stored' })).res.type, 'error');
  assert.deepEqual(texts(sim, b), ['to b', 'stored']);
  // The counts, all and by chat.
  assert.deepEqual(await injected(sim), { ...zero, dropRequest: 2, failure: 1, dropResponse: 1 });
  assert.deepEqual((await call(sim, `/__control/faults?chatId=${a.chatId}`)).body.injected, { ...zero, dropRequest: 2 });
  assert.deepEqual((await call(sim, `/__control/faults?chatId=${b.chatId}`)).body.injected, { ...zero, failure: 1, dropResponse: 1 });
  assert.deepEqual((await call(sim, '/__control/faults?chatId=nope')).body.injected, zero);
  // lookup order, directly
  const specs = new Map([
    ['*', { failureRate: 1 }],
    ['chat.send@x', { dropRequestRate: 1 }],
    ['chat', { latencyMs: 1 }],
  ]);
  assert.equal(lookup(specs, ['chat.send'], 'x')[0], 'chat.send@x');
  assert.equal(lookup(specs, ['chat.send'], 'y')[0], 'chat');
  assert.equal(lookup(specs, ['agent'], 'y')[0], '*');
  assert.equal(lookup(specs, ['ngrest.send', 'chat.send'], undefined)[0], 'chat', "a transport's key falls back to the legacy one before *");
});

test('chaos: r of the requests get a fault, of several kinds that apply to the endpoint; the counts add up', async () => {
  const { sim } = makeSim({ random: seeded(8) });
  const chat = await startChat(sim);
  for (const m of ['a', 'b', 'c']) await op(sim, chat, 'send', { message: m });
  await faults(sim, { endpoint: 'chat.refresh', chaos: 1 });
  const n = 24;
  let errors = 0;
  for (let i = 0; i < n; i++) {
    const r = await call(sim, `/api/chat/${chat.service}/${chat.chatId}/refresh`, { form: { ...chat.creds, transcriptPosition: '1' } });
    if (r.res.type === 'error') errors++;
  }
  const counts = await injected(sim);
  const kinds = Object.entries(counts)
    .filter(([, v]) => v > 0)
    .map(([k]) => k)
    .sort();
  assert.deepEqual(kinds, ['dropRequest', 'dropResponse', 'duplicate', 'failure', 'latency', 'reorder'], 'every kind that applies to a refresh, nothing else');
  assert.equal(
    Object.values(counts).reduce((x, y) => x + y, 0),
    n,
    'chaos 1: one fault per request',
  );
  assert.equal(errors, counts.dropRequest + counts.dropResponse);
  // chaos 0.1 over many draws: about a tenth, in equal shares (decideFault directly: no waiting for latency).
  const { sim: sim2 } = makeSim({ random: seeded(3) });
  await faults(sim2, { endpoint: 'chat.send', chaos: 0.1 });
  let hits = 0;
  for (let i = 0; i < 4000; i++) if (decideFault(sim2, 'chat.send', 'c')) hits++;
  assert.ok(hits > 320 && hits < 480, `${hits} of 4000`);
  const c2 = await injected(sim2);
  for (const kind of ['dropRequest', 'dropResponse', 'failure', 'latency']) assert.ok(c2[kind] > 50, `${kind} ${c2[kind]}`);
  assert.equal(c2.duplicate + c2.reorder + c2.disconnect, 0, 'kinds that do not apply to a send are never drawn');
});

test('applyToBatch: a copy of one message behind it, a shuffle that always changes the order, a new array; small batches are left alone', () => {
  const { sim } = makeSim({ random: seeded(1) });
  const batch = [1, 2, 3, 4].map((index) => ({ index }));
  const dup = applyToBatch(sim, batch, { duplicate: true });
  assert.equal(dup.length, 5);
  assert.notEqual(dup, batch);
  assert.deepEqual(
    batch.map((m) => m.index),
    [1, 2, 3, 4],
    'the input is not changed',
  );
  const first = dup.findIndex((m, i) => dup.findIndex((o) => o.index === m.index) !== i);
  assert.ok(first > 0);
  for (let i = 0; i < 20; i++)
    assert.notDeepEqual(
      applyToBatch(sim, batch, { reorder: true }).map((m) => m.index),
      [1, 2, 3, 4],
    );
  assert.deepEqual(applyToBatch(sim, [{ index: 1 }], { reorder: true }), [{ index: 1 }]);
  assert.deepEqual(applyToBatch(sim, [], { duplicate: true }), []);
  assert.equal(applyToBatch(sim, batch, undefined), batch);
});

/* ------------------------------------------------------------ next-gen REST */

const NG = '/api/ngrest/ppk';
let starts = 0;
async function ngStart(sim) {
  const r = await call(sim, NG, { json: { operationId: `start-${++starts}`, data: { form: { firstName: 'Jan' }, endpoint: 'customer-chat' } } });
  const { token, sessionId } = JSON.parse(Buffer.from(r.body.data.clientToken, 'base64url').toString());
  let seq = 0;
  const ng = (path, init = {}) => call(sim, `${NG}/${sessionId}${path}`, { ...init, headers: { 'x-client-token': token, ...(init.headers || {}) } });
  return {
    sessionId,
    chat: { chatId: sessionId },
    send: (text, headers = {}) => ng('/messages', { json: { operationId: `s-${++seq}`, data: { type: 'text', text } }, headers }),
    poll: (query = '') => ng(`/messages?operationId=p-${++seq}${query}`),
  };
}

test('next-gen REST: ngrest.* keys (falling back to the legacy key), per session; drop-response stores, failure is 503 SERVICE_UNAVAILABLE, duplicate / reorder the poll; a * fault applies once', async () => {
  const { sim } = makeSim({ random: seeded(11) });
  const s = await ngStart(sim);
  const other = await ngStart(sim);
  await faults(sim, { endpoint: 'ngrest.send', chatId: s.sessionId, dropResponseRate: 1 });
  assert.equal((await s.send('one')).res.type, 'error');
  assert.deepEqual(texts(sim, s.chat), ['one'], 'stored before the drop');
  assert.equal((await other.send('other')).status, 200, 'another chat is not faulted');

  await call(sim, '/__control/faults', { method: 'DELETE' });
  await faults(sim, { endpoint: 'ngrest', failureRate: 1, status: 503 });
  let r = await s.send('two');
  assert.equal(r.status, 503);
  assert.equal(r.body.errors[0].code, 'SERVICE_UNAVAILABLE');
  assert.match(r.body.operationId, /^s-/);
  r = await s.poll();
  assert.equal(r.status, 503);
  assert.match(r.body.operationId, /^p-/);
  await call(sim, '/__control/faults', { method: 'DELETE' });

  assert.equal((await s.send('two')).status, 200);
  assert.equal((await s.send('three')).status, 200);
  await faults(sim, { endpoint: 'ngrest.poll', duplicateRate: 1 });
  const all = (await s.poll('&count=100')).body.data.messages;
  const idx = all.map((m) => m.index);
  assert.equal(new Set(idx).size, idx.length - 1, 'one message twice');
  await faults(sim, { endpoint: 'ngrest.poll', reorderRate: 1 });
  const shuffled = (await s.poll('&count=100')).body.data.messages.map((m) => m.index);
  assert.notDeepEqual(
    shuffled,
    [...shuffled].sort((x, y) => x - y),
  );
  // The legacy key still reaches next-gen calls, and a fault is applied once (not again on the legacy call).
  await call(sim, '/__control/faults', { method: 'DELETE' });
  await call(sim, '/__control/faults/injected', { method: 'DELETE' });
  await faults(sim, { endpoint: 'chat.send', dropResponseRate: 1 });
  assert.equal((await s.send('four')).res.type, 'error');
  await faults(sim, { endpoint: '*', dropResponseRate: 1 });
  assert.equal((await s.send('five')).res.type, 'error');
  assert.deepEqual(texts(sim, s.chat), ['one', 'two', 'three', 'four', 'five']);
  assert.deepEqual(await injected(sim), { ...zero, dropResponse: 2 });
});

/* ------------------------------------------------------------------- CometD */

let server;
before(async () => {
  server = await startServer({ port: 0, simulator: { clock: createManualClock('2025-03-03T10:00:00+01:00'), random: () => 0 }, cometd: { timeout: 2000 } });
});
after(() => server.close());

const SUPPORT = '/service/chatV2/customer-support';
const control = (path, body, method = 'POST') =>
  fetch(server.url + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) =>
    r.json(),
  );
const creds = (chat) => ({ chatId: chat.chatId, secureKey: chat.secureKey, userId: chat.userId, alias: chat.alias });
const serverTexts = (chatId) =>
  server.simulator.state.chat.sessions
    .get(chatId)
    .transcript.filter((m) => m.type === 'Message')
    .map((m) => m.text);
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

async function visitor() {
  const cometd = new CometD();
  cometd.registerExtension('ack', new AckExtension());
  cometd.configure({ url: `${server.url}/api/cometd`, logLevel: 'error', backoffIncrement: 50, maxBackoff: 300 });
  const replies = new Map();
  const pushes = [];
  const handshakes = [];
  cometd.addListener('/meta/handshake', (m) => handshakes.push(m));
  cometd.addListener(SUPPORT, (m) => {
    if (m.data.requestId !== undefined) replies.set(m.data.requestId, m.data);
    else pushes.push(m.data);
  });
  await new Promise((resolve, reject) => cometd.handshake((reply) => (reply.successful ? resolve() : reject(new Error(reply.error)))));
  let seq = 0;
  const publish = (operation, data = {}) => {
    const requestId = ++seq;
    cometd.publish(SUPPORT, { operation, requestId, ...data });
    return requestId;
  };
  const op = (operation, data) => {
    const id = publish(operation, data);
    return waitFor(() => replies.get(id), { what: `the ${operation} reply` });
  };
  const close = () => new Promise((resolve) => cometd.disconnect(() => resolve()));
  return { cometd, op, publish, replies, pushes, handshakes, close };
}

test('CometD: a dropped publish does nothing and answers nothing; a dropped answer after the operation was done; a failure is statusCode 1 — per chat, cometd.publish.* keys', async () => {
  await control('/__control/reset', {});
  const v = await visitor();
  const chat = await v.op('requestChat', { firstName: 'Jan' });
  const otherVisitor = await visitor();
  const other = await otherVisitor.op('requestChat', { firstName: 'Ola' });
  try {
    await control('/__control/faults', { endpoint: 'cometd.publish.sendMessage', chatId: chat.chatId, dropRequestRate: 1 });
    let id = v.publish('sendMessage', { ...creds(chat), message: 'lost' });
    assert.equal((await otherVisitor.op('sendMessage', { ...creds(other), message: 'fine' })).statusCode, 0, 'the other chat is not faulted');
    await settle();
    assert.equal(v.replies.get(id), undefined);
    assert.deepEqual(serverTexts(chat.chatId), []);

    // A chat's spec on the more specific key would win: clear it.
    await control('/__control/faults', { endpoint: 'cometd.publish.sendMessage', chatId: chat.chatId, clear: true });
    await control('/__control/faults', { endpoint: 'cometd.publish', chatId: chat.chatId, dropResponseRate: 1 });
    id = v.publish('sendMessage', { ...creds(chat), message: 'done' });
    await waitFor(() => serverTexts(chat.chatId).includes('done'), { what: 'the message stored' });
    await waitFor(() => v.pushes.some((p) => p.messages.some((m) => m.text === 'done')), { what: 'the message pushed' });
    assert.equal(v.replies.get(id), undefined, 'no answer');

    await control('/__control/faults', undefined, 'DELETE');
    await control('/__control/faults', { endpoint: 'cometd', chatId: chat.chatId, failureRate: 1 });
    const failed = await v.op('sendMessage', { ...creds(chat), message: 'failed' });
    assert.equal(failed.statusCode, 1);
    assert.deepEqual(serverTexts(chat.chatId), ['done']);
    const { injected: counts } = await control('/__control/faults', undefined, 'GET');
    assert.equal(counts.dropRequest, 1);
    assert.equal(counts.dropResponse, 1);
    assert.equal(counts.failure, 1);
  } finally {
    await control('/__control/faults', undefined, 'DELETE');
    await v.close();
    await otherVisitor.close();
  }
});

test('CometD: a pushed batch reordered; a pushed batch with a message twice (same index); both counted', async () => {
  await control('/__control/reset', {});
  const v = await visitor();
  try {
    // The first push after requestChat carries the chat so far in one batch: Client joined, the message, the notice.
    await control('/__control/faults', { endpoint: 'cometd.push', reorderRate: 1 });
    const chat = await v.op('requestChat', { firstName: 'Jan', text: 'hello' });
    await waitFor(() => v.pushes.length >= 1, { what: 'the first push' });
    const first = v.pushes[0].messages.map((m) => m.index);
    assert.equal(first.length, 3);
    assert.notDeepEqual(first, [1, 2, 3], 'reordered');
    assert.deepEqual([...first].sort(), [1, 2, 3], 'nothing lost');

    // The chat's own spec wins over the one for every chat.
    await control('/__control/faults', { endpoint: 'cometd.push', chatId: chat.chatId, duplicateRate: 1 });
    v.pushes.length = 0;
    await v.op('sendMessage', { ...creds(chat), message: 'twice' });
    await waitFor(() => v.pushes.length >= 1, { what: 'a push' });
    const pushed = v.pushes[0].messages;
    assert.equal(pushed.length, 2);
    assert.equal(pushed[0].text, 'twice');
    assert.deepEqual(pushed[0], pushed[1], 'the same message, the same index');
    const { injected: counts } = await control('/__control/faults', undefined, 'GET');
    assert.equal(counts.reorder, 1);
    assert.equal(counts.duplicate, 1);
  } finally {
    await control('/__control/faults', undefined, 'DELETE');
    await v.close();
  }
});

test("CometD: disconnectRate on the push drops the client's session: it gets its connect refused, re-handshakes, and resyncs with requestNotifications — nothing lost", async () => {
  await control('/__control/reset', {});
  const v = await visitor();
  const chat = await v.op('requestChat', { firstName: 'Jan' });
  await waitFor(() => v.pushes.length >= 1, { what: 'the first push' });
  const handshakes = v.handshakes.filter((m) => m.successful).length;
  try {
    await control('/__control/faults', { endpoint: 'cometd.push', chatId: chat.chatId, disconnectRate: 1 });
    v.publish('sendMessage', { ...creds(chat), message: 'while dropping' });
    await waitFor(() => v.handshakes.filter((m) => m.successful).length > handshakes, { what: 'the re-handshake', timeout: 8000 });
    const { injected: counts } = await control('/__control/faults', undefined, 'GET');
    assert.ok(counts.disconnect >= 1);
  } finally {
    await control('/__control/faults', undefined, 'DELETE');
  }
  const seen = new Set(v.pushes.flatMap((p) => p.messages.map((m) => m.index)));
  const position = Math.min(...[...Array(40).keys()].map((i) => i + 1).filter((i) => !seen.has(i)));
  const resync = await v.op('requestNotifications', { ...creds(chat), transcriptPosition: position });
  assert.equal(resync.statusCode, 0);
  for (const m of resync.messages) seen.add(m.index);
  assert.ok(
    resync.messages.some((m) => m.text === 'while dropping'),
    'the message pushed into the dropped session comes with the resync',
  );
  const all = [...seen].sort((x, y) => x - y);
  assert.deepEqual(
    all,
    all.map((_, i) => i + 1),
    'no gap',
  );
  await v.close();
});

test('a response dropped after a submit acted keeps the answer for its Idempotency-Key: the retry gets it, one record (send message)', async () => {
  const { sim } = makeSim();
  const submit = () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ firstName: 'Anna', lastName: 'Nowak', fromAddress: 'anna@example.com', subject: 'Wpłaty', text: 'Ile?' }))
      fd.append(k, v);
    return call(sim, '/api/sendmessage', { multipart: fd, headers: { 'idempotency-key': 'sm-1' } });
  };
  await faults(sim, { endpoint: 'sendmessage', dropResponseRate: 1 });
  assert.equal((await submit()).res.type, 'error');
  assert.equal(sim.state.messages.length, 1, 'stored before the drop');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  const retry = await submit();
  assert.equal(retry.status, 200);
  assert.equal(retry.res.headers.get('idempotent-replayed'), 'true');
  assert.equal(retry.body.interactionId, sim.state.messages[0].interactionId);
  assert.equal(sim.state.messages.length, 1);
  // A dropped request: nothing stored, the key stays free.
  await faults(sim, { endpoint: 'sendmessage', dropRequestRate: 1 });
  const second = () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries({ firstName: 'Anna', lastName: 'Nowak', fromAddress: 'anna@example.com', subject: 'Inne', text: 'Ile?' }))
      fd.append(k, v);
    return call(sim, '/api/sendmessage', { multipart: fd, headers: { 'idempotency-key': 'sm-2' } });
  };
  assert.equal((await second()).res.type, 'error');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  assert.equal((await second()).res.headers.get('idempotent-replayed'), null);
  assert.equal(sim.state.messages.length, 2);
});
