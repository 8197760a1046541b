// The cloud guest chat API (demo/simulator/cloud.js): its REST calls on the pure handlers, its WebSocket
// event stream on the demo server (the `ws` package on both ends). One chat model, another wire format.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { makeSim, call } from './helpers.mjs';
import { waitFor } from '../helpers/wait.mjs';
import { createManualClock } from '../../demo/simulator/index.js';
import { startServer } from '../../demo/server.mjs';
import { CLOUD_PATH, CLOUD_MAX_RESULTS, CLOUD_HEARTBEAT } from '../../demo/simulator/cloud.js';

const OPTIONS = {
  organizationId: 'ppk-org',
  deploymentId: 'ppk-webchat',
  routingTarget: { targetType: 'QUEUE', targetAddress: 'customer-chat-bot', language: 'pl', priority: 5 },
  memberInfo: {
    displayName: 'Jan',
    role: 'CUSTOMER',
    customFields: { firstName: 'Jan', lastName: 'Kowalski', email: 'jan@example.com', subject: 'Wpłaty', languageCode: 'pl' },
  },
  journeyContext: { customer: { id: 'c-1', idType: 'cookie' } },
};
const types = (entities) => entities.map((m) => m.bodyType);

/** Creates a conversation; returns its answer and the Authorization header. */
async function create(sim, options = OPTIONS) {
  const r = await call(sim, CLOUD_PATH, { json: options });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return { ...r.body, auth: { authorization: `Bearer ${r.body.jwt}` } };
}
const messages = (sim, c, query = '') => call(sim, `${CLOUD_PATH}/${c.id}/messages${query}`, { headers: c.auth });
const send = (sim, c, body, headers = {}) =>
  call(sim, `${CLOUD_PATH}/${c.id}/members/${c.member.id}/messages`, { json: { body, bodyType: 'standard' }, headers: { ...c.auth, ...headers } });

test('create: the conversation options start a chat of the one model; the answer is id, an HS256 jwt, the stream URI and the member id', async () => {
  const { sim } = makeSim();
  const c = await create(sim);
  assert.deepEqual(Object.keys(c).sort(), ['auth', 'eventStreamUri', 'id', 'jwt', 'member']);
  const [header, payload, signature] = c.jwt.split('.');
  assert.deepEqual(JSON.parse(Buffer.from(header, 'base64url').toString()), { alg: 'HS256', typ: 'JWT' });
  assert.deepEqual(Object.keys(JSON.parse(Buffer.from(payload, 'base64url').toString())).sort(), ['cid', 'exp', 'iat', 'sub']);
  assert.equal(JSON.parse(Buffer.from(payload, 'base64url').toString()).cid, c.id);
  assert.equal(Buffer.from(signature, 'base64url').length, 32);
  assert.match(c.eventStreamUri, new RegExp(`^ws://sim\\.test/api/v2/webchat/guest/stream/${c.id}\\?token=[0-9a-f]{32}$`));
  const chat = sim.state.chat.sessions.get(c.id);
  assert.equal(chat.userId, c.member.id);
  assert.equal(chat.service, 'customer-chat-bot');
  assert.deepEqual(chat.visitor, {
    nickname: 'Jan',
    firstName: 'Jan',
    lastName: 'Kowalski',
    emailAddress: 'jan@example.com',
    subject: 'Wpłaty',
    endpoint: 'customer-chat-bot',
  });
  assert.equal(chat.userData.routingLanguage, 'pl');
  assert.equal(chat.userData.routingPriority, '5');
  assert.deepEqual(JSON.parse(chat.userData.journeyContext), OPTIONS.journeyContext);
});

test('create refuses bad conversation options with 400 and the reason; an unavailable chat is 503', async () => {
  const { sim } = makeSim();
  const cases = [
    [{ organizationId: 'other' }, 'Unknown organizationId'],
    [{ deploymentId: 'other' }, 'Unknown deploymentId'],
    [{ routingTarget: { targetType: 'USER', targetAddress: 'customer-chat' } }, 'routingTarget.targetType must be QUEUE'],
    [{ routingTarget: { targetAddress: 'nowhere' } }, 'Unknown routingTarget.targetAddress (a queue)'],
    [{ memberInfo: { displayName: '' } }, 'memberInfo.displayName is required'],
    [{ memberInfo: { displayName: 'X', role: 'AGENT' } }, 'memberInfo.role must be CUSTOMER'],
  ];
  for (const [change, message] of cases) {
    const r = await call(sim, CLOUD_PATH, { json: { ...OPTIONS, ...change } });
    assert.equal(r.status, 400, message);
    assert.deepEqual(r.body, { status: 400, code: 'bad.request', message });
  }
  assert.equal((await call(sim, CLOUD_PATH, { body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status, 415);
  assert.equal((await call(sim, CLOUD_PATH)).status, 405);
  sim.state.chat.available = false;
  const unavailable = await call(sim, CLOUD_PATH, { json: OPTIONS });
  assert.equal(unavailable.status, 503);
  assert.equal(unavailable.body.code, 'service.unavailable');
  assert.equal(sim.state.chat.sessions.size, 0);
});

test("the jwt is checked on every call: missing or wrong 401, another conversation's 401, an unknown conversation 404, another member 403", async () => {
  const { sim } = makeSim();
  const c = await create(sim);
  const other = await create(sim);
  const paths = [
    ['GET', `${CLOUD_PATH}/${c.id}/members`],
    ['GET', `${CLOUD_PATH}/${c.id}/members/${c.member.id}`],
    ['GET', `${CLOUD_PATH}/${c.id}/messages`],
    ['POST', `${CLOUD_PATH}/${c.id}/members/${c.member.id}/messages`],
    ['POST', `${CLOUD_PATH}/${c.id}/members/${c.member.id}/typing`],
    ['DELETE', `${CLOUD_PATH}/${c.id}/members/${c.member.id}`],
  ];
  for (const [method, path] of paths) {
    const json = method === 'POST' ? { body: 'x' } : undefined;
    assert.equal((await call(sim, path, { method, json })).status, 401, `${method} ${path} without a jwt`);
    assert.equal((await call(sim, path, { method, json, headers: { authorization: `Bearer ${c.jwt}x` } })).status, 401, 'a wrong jwt');
    assert.equal((await call(sim, path, { method, json, headers: other.auth })).status, 401, "another conversation's jwt");
  }
  assert.equal((await call(sim, `${CLOUD_PATH}/nope/messages`, { headers: c.auth })).status, 404);
  const asAnother = await call(sim, `${CLOUD_PATH}/${c.id}/members/bot-1/messages`, { json: { body: 'x' }, headers: c.auth });
  assert.equal(asAnother.status, 403);
  assert.equal(sim.state.chat.sessions.get(c.id).ended, false, 'nothing acted');
});

test('messages: sequence is the transcript index; pages after / before of up to 100 with next / previousPage; typing is not a message', async () => {
  const { sim, clock } = makeSim();
  sim.state.chat.scriptedAgent = false;
  const c = await create(sim, { ...OPTIONS, routingTarget: { targetAddress: 'customer-chat' } });
  await call(sim, `${CLOUD_PATH}/${c.id}/members/${c.member.id}/typing`, { method: 'POST', headers: c.auth });
  for (let i = 0; i < 120; i++) assert.equal((await send(sim, c, `m${i}`)).status, 200);
  clock.advance(10);
  const all = (await messages(sim, c, '?after=0&maxResults=100')).body;
  assert.equal(all.entities.length, 100);
  assert.deepEqual(types(all.entities.slice(0, 3)), ['member-join', 'notice', 'standard']);
  const model = sim.state.chat.sessions.get(c.id).transcript;
  assert.ok(
    model.some((m) => m.type === 'TypingStarted'),
    'the model has the typing notice',
  );
  const listed = model.filter((m) => m.type !== 'TypingStarted').map((m) => m.index);
  assert.deepEqual(
    all.entities.map((m) => m.sequence),
    listed.slice(0, 100),
  );
  assert.equal(all.next, `${CLOUD_PATH}/${c.id}/messages?after=${listed[99]}&maxResults=100`);
  const rest = (await messages(sim, c, `?after=${listed[99]}`)).body;
  assert.deepEqual(
    rest.entities.map((m) => m.sequence),
    listed.slice(100),
  );
  assert.equal(rest.next, undefined, 'the last page has no next');
  const newest = (await messages(sim, c, '?maxResults=10')).body;
  assert.deepEqual(
    newest.entities.map((m) => m.sequence),
    listed.slice(-10),
  );
  assert.equal(newest.previousPage, `${CLOUD_PATH}/${c.id}/messages?before=${listed.at(-10)}&maxResults=10`);
  const older = (await messages(sim, c, `?before=${listed.at(-10)}&maxResults=5`)).body;
  assert.deepEqual(
    older.entities.map((m) => m.body),
    ['m105', 'm106', 'm107', 'm108', 'm109'],
  );
  const first = all.entities[2];
  assert.deepEqual(Object.keys(first).sort(), ['body', 'bodyType', 'conversation', 'id', 'sender', 'sequence', 'timestamp']);
  assert.equal(first.sender.id, c.member.id);
  assert.ok(!Number.isNaN(Date.parse(first.timestamp)));
  // Every parameter sent empty (the official SDK's way) is the same as none; after / before take a message id too.
  assert.deepEqual(
    (await messages(sim, c, '?after=&before=&sortOrder=&maxResults=')).body.entities.map((m) => m.sequence),
    listed.slice(-100),
  );
  assert.deepEqual(
    (await messages(sim, c, `?after=${c.id}-${listed[99]}&before=`)).body.entities.map((m) => m.sequence),
    listed.slice(100),
  );
  assert.deepEqual(
    (await messages(sim, c, '?maxResults=3&sortOrder=descending')).body.entities.map((m) => m.sequence),
    listed.slice(-3).reverse(),
  );
  for (const bad of ['?after=1&before=5', '?maxResults=101', '?maxResults=0', '?after=-1', '?before=0', '?after=x', '?sortOrder=sideways', `?after=other-1`]) {
    assert.equal((await messages(sim, c, bad)).status, 400, bad);
  }
  assert.equal(CLOUD_MAX_RESULTS, 100);
});

test('send: Idempotency-Key honoured (the same answer, stored once); empty or non-standard bodies refused; after the end 404', async () => {
  const { sim } = makeSim();
  const c = await create(sim);
  const once = await send(sim, c, 'Pytanie', { 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' });
  assert.equal(once.status, 200);
  assert.equal(once.body.bodyType, 'standard');
  const again = await send(sim, c, 'Pytanie', { 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' });
  assert.deepEqual(again.body, once.body);
  assert.equal(again.res.headers.get('idempotent-replayed'), 'true');
  assert.equal(sim.state.chat.sessions.get(c.id).transcript.filter((m) => m.text === 'Pytanie').length, 1);
  assert.equal((await send(sim, c, 'Pytanie')).body.sequence > once.body.sequence, true, 'without a key: a new message');
  assert.equal((await send(sim, c, '   ')).status, 400);
  const notice = await call(sim, `${CLOUD_PATH}/${c.id}/members/${c.member.id}/messages`, { json: { body: 'x', bodyType: 'notice' }, headers: c.auth });
  assert.equal(notice.status, 400);
  const end = await call(sim, `${CLOUD_PATH}/${c.id}/members/${c.member.id}`, { method: 'DELETE', headers: c.auth });
  assert.equal(end.status, 204);
  const late = await send(sim, c, 'Za późno');
  assert.equal(late.status, 404);
  assert.equal(late.body.code, 'chat.ended');
});

test('members: roles and states through the bot hand-over, the scripted agent and the end; typing reaches the model', async () => {
  const { sim, clock } = makeSim();
  const c = await create(sim);
  clock.advance(600);
  const members = async () => (await call(sim, `${CLOUD_PATH}/${c.id}/members`, { headers: c.auth })).body.entities.map((m) => `${m.role}:${m.state}`);
  assert.deepEqual(await members(), ['CUSTOMER:CONNECTED', 'WORKFLOW:CONNECTED']);
  const typing = await call(sim, `${CLOUD_PATH}/${c.id}/members/${c.member.id}/typing`, { method: 'POST', headers: c.auth });
  assert.equal(typing.status, 200);
  assert.equal(sim.state.chat.sessions.get(c.id).visitorTyping.typing, true);
  await send(sim, c, 'Chcę rozmawiać z konsultantem');
  for (let i = 0; i < 12; i++) clock.advance(1000);
  assert.deepEqual(await members(), ['CUSTOMER:CONNECTED', 'WORKFLOW:DISCONNECTED', 'AGENT:CONNECTED']);
  const one = await call(sim, `${CLOUD_PATH}/${c.id}/members/${c.member.id}`, { headers: c.auth });
  assert.deepEqual(one.body, { id: c.member.id, displayName: 'Jan', role: 'CUSTOMER', state: 'CONNECTED' });
  assert.equal((await call(sim, `${CLOUD_PATH}/${c.id}/members/nobody`, { headers: c.auth })).status, 404);
  const history = (await messages(sim, c)).body.entities;
  assert.deepEqual(types(history), [
    'member-join',
    'member-join',
    'standard',
    'standard',
    'standard',
    'member-leave',
    'notice',
    'member-join',
    'standard',
    'standard',
  ]);
  assert.equal((await call(sim, `${CLOUD_PATH}/${c.id}/members/${c.member.id}`, { method: 'DELETE', headers: c.auth })).status, 204);
  assert.deepEqual(await members(), ['CUSTOMER:DISCONNECTED', 'WORKFLOW:DISCONNECTED', 'AGENT:DISCONNECTED']);
  assert.equal((await messages(sim, c)).body.entities.at(-1).sender.id, c.member.id, 'the visitor leaving is the last message');
});

/* ------------------------------------------------------------------ the event stream on the demo server */

let server;
let clock;
before(async () => {
  clock = createManualClock('2025-03-03T10:00:00+01:00');
  server = await startServer({ port: 0, simulator: { clock, random: () => 0 } });
});
after(() => server.close());

const control = (body) =>
  fetch(`${server.url}/__control/cloud`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A conversation on the demo server and a socket on its stream, keeping every frame and the close code. */
async function stream(options = OPTIONS) {
  const r = await fetch(`${server.url}${CLOUD_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options) });
  const c = await r.json();
  const socket = await connect(c.eventStreamUri);
  return { c, ...socket };
}
async function connect(url) {
  const ws = new WebSocket(url);
  const frames = [];
  const closed = { code: 0 };
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  ws.on('close', (code) => (closed.code = code));
  await new Promise((resolve) => {
    ws.once('open', resolve);
    ws.once('close', resolve);
  });
  return { ws, frames, closed };
}
const events = (frames) => frames.filter((f) => f.topicName !== 'channel.metadata');

test('stream: member-change, typing-indicator and message frames in transcript order, each with its sequence', async () => {
  const { c, ws, frames } = await stream();
  clock.advance(600);
  await waitFor(() => events(frames).length >= 2, { what: 'the bot joins and greets' });
  await fetch(`${server.url}${CLOUD_PATH}/${c.id}/members/${c.member.id}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${c.jwt}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body: 'Chcę rozmawiać z konsultantem', bodyType: 'standard' }),
  });
  for (let i = 0; i < 10; i++) clock.advance(1000);
  await waitFor(() => events(frames).some((f) => f.metadata.type === 'member-change' && f.eventBody.member.state === 'DISCONNECTED'), {
    what: 'the bot leaves',
  });
  const list = events(frames);
  assert.deepEqual(
    list.slice(0, 2).map((f) => f.metadata.type),
    ['member-change', 'message'],
  );
  assert.deepEqual(list[0].eventBody.member, { id: 'bot-1', state: 'CONNECTED' });
  assert.equal(list[0].topicName, `v2.conversations.chats.${c.id}.members`);
  assert.equal(list[1].topicName, `v2.conversations.chats.${c.id}.messages`);
  assert.ok(
    list.some((f) => f.metadata.type === 'typing-indicator' && f.eventBody.sender.id === 'bot-1'),
    'the bot typed',
  );
  const sequences = list.map((f) => f.eventBody.sequence);
  assert.deepEqual(
    sequences,
    [...sequences].sort((a, b) => a - b),
  );
  assert.equal(new Set(sequences).size, sequences.length);
  const model = server.simulator.state.chat.sessions.get(c.id).transcript;
  assert.deepEqual(
    sequences,
    model.filter((m) => m.index >= 2 && m.type !== 'TypingStopped').map((m) => m.index),
    'every event of the model after the socket opened, typing stops aside',
  );
  ws.close();
});

test('stream: a heartbeat every heartbeatMs; stopped heartbeats; a silenced socket sends nothing more; a dropped socket; a close with 4503', async () => {
  assert.equal((await control({ heartbeatMs: 100 })).status, 200);
  try {
    const one = await stream();
    await waitFor(() => one.frames.filter((f) => f.topicName === 'channel.metadata').length >= 3, { what: 'three heartbeats' });
    assert.deepEqual(
      one.frames.find((f) => f.topicName === 'channel.metadata'),
      { topicName: 'channel.metadata', eventBody: { message: CLOUD_HEARTBEAT } },
    );
    assert.equal((await control({ heartbeats: false })).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const count = one.frames.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(one.frames.length, count, 'no heartbeat while stopped');
    await control({ heartbeats: true });
    await waitFor(() => one.frames.length > count, { what: 'heartbeats again' });
    const snapshot = await (await control({ silence: true })).json();
    assert.equal(snapshot.silent, snapshot.sockets);
    const silent = one.frames.length;
    clock.advance(600);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(one.frames.length, silent, 'a silenced socket: no heartbeat, no event');
    assert.equal(one.ws.readyState, WebSocket.OPEN, 'still open');
    const two = await stream();
    await waitFor(() => two.frames.length > 0, { what: 'a new socket is live' });
    await control({ drop: true });
    await waitFor(() => one.closed.code && two.closed.code, { what: 'both dropped' });
    assert.equal(two.closed.code, 1006, 'dropped without a close frame');
    const three = await stream();
    await control({ close: 4503 });
    await waitFor(() => three.closed.code, { what: 'closed' });
    assert.equal(three.closed.code, 4503);
    assert.equal((await control({ nonsense: true })).status, 400);
    assert.equal((await control({ close: 1000 })).status, 400);
    assert.equal((await control({ heartbeatMs: 5 })).status, 400);
  } finally {
    await control({ heartbeatMs: 5000, heartbeats: true });
  }
});

test('stream: a wrong token 4401, an unknown conversation 4404, an ended one 4410; other upgrade paths are refused', async () => {
  const { c, ws, closed } = await stream();
  const wrong = await connect(c.eventStreamUri.replace(/token=\w+/, 'token=nope'));
  await waitFor(() => wrong.closed.code, { what: 'refused' });
  assert.equal(wrong.closed.code, 4401);
  const unknown = await connect(c.eventStreamUri.replace(c.id, 'nope'));
  await waitFor(() => unknown.closed.code, { what: 'refused' });
  assert.equal(unknown.closed.code, 4404);
  await fetch(`${server.url}${CLOUD_PATH}/${c.id}/members/${c.member.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${c.jwt}` } });
  const late = await connect(c.eventStreamUri);
  await waitFor(() => late.closed.code, { what: 'refused' });
  assert.equal(late.closed.code, 4410);
  assert.equal(closed.code, 0, 'the open socket stays until the client closes it');
  ws.close();
  const elsewhere = new WebSocket(`${server.url.replace('http', 'ws')}/api/cometd`);
  const error = await new Promise((resolve) => elsewhere.once('error', resolve));
  assert.match(String(error.message), /404/);
});

test('faults (cloud.* keys): a failed create is 503; a send whose request is dropped stores nothing, one whose response is dropped stores once and the same key gets the first answer; a duplicated page', async () => {
  const { sim } = makeSim();
  const faults = (body) => call(sim, '/__control/faults', { json: body });
  assert.equal((await faults({ endpoint: 'cloud.create', failureRate: 1 })).status, 200);
  const failed = await call(sim, CLOUD_PATH, { json: OPTIONS });
  assert.equal(failed.status, 503);
  assert.equal(failed.body.code, 'service.unavailable');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  const c = await create(sim);
  await faults({ endpoint: 'cloud.send', chatId: c.id, dropRequestRate: 1 });
  assert.equal((await send(sim, c, 'Zgubione żądanie', { 'idempotency-key': 'k-1' })).res.type, 'error');
  assert.equal(
    sim.state.chat.sessions.get(c.id).transcript.some((m) => m.text === 'Zgubione żądanie'),
    false,
    'nothing stored',
  );
  await faults({ faults: { 'cloud.send': { chatId: c.id, clear: true } } });
  await faults({ endpoint: 'cloud.send', chatId: c.id, dropResponseRate: 1 });
  assert.equal((await send(sim, c, 'Zgubiona odpowiedź', { 'idempotency-key': 'k-2' })).res.type, 'error');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  const retry = await send(sim, c, 'Zgubiona odpowiedź', { 'idempotency-key': 'k-2' });
  assert.equal(retry.status, 200);
  assert.deepEqual(
    sim.state.chat.sessions
      .get(c.id)
      .transcript.filter((m) => m.text === 'Zgubiona odpowiedź')
      .map((m) => m.index),
    [retry.body.sequence],
    'stored once',
  );
  await faults({ endpoint: 'cloud.messages', duplicateRate: 1 });
  const page = (await messages(sim, c, '?after=0')).body.entities.map((m) => m.sequence);
  assert.equal(page.length, new Set(page).size + 1, 'one message twice');
  const injected = (await call(sim, '/__control/faults')).body.injected;
  assert.ok(injected.failure >= 1 && injected.dropRequest >= 1 && injected.dropResponse >= 1 && injected.duplicate >= 1, JSON.stringify(injected));
  await call(sim, '/__control/faults', { method: 'DELETE' });
});

test('stream faults (cloud.stream): disconnectRate drops the socket at a push; duplicateRate sends a frame twice', async () => {
  const faults = (body) =>
    fetch(`${server.url}/__control/faults`, {
      method: body ? 'POST' : 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
  try {
    const one = await stream();
    await faults({ endpoint: 'cloud.stream', chatId: one.c.id, duplicateRate: 1 });
    clock.advance(600);
    await waitFor(() => events(one.frames).length >= 3, { what: 'the bot frames' });
    const sequences = events(one.frames).map((f) => f.eventBody.sequence);
    assert.ok(sequences.length > new Set(sequences).size, `a frame twice: ${sequences}`);
    await faults({ endpoint: 'cloud.stream', chatId: one.c.id, disconnectRate: 1 });
    await fetch(`${server.url}${CLOUD_PATH}/${one.c.id}/members/${one.c.member.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${one.c.jwt}`, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Czy ktoś tam jest?' }),
    });
    await waitFor(() => one.closed.code, { what: 'dropped at the push' });
    assert.equal(one.closed.code, 1006);
  } finally {
    await faults();
  }
});
