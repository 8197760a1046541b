import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';

const SERVER = '/api/ngrest/ppk';
let op = 0;
const opId = () => `op-${++op}`;
const types = (msgs) => msgs.map((m) => `${m.from.type}:${m.type}`);

/** base64url JSON → object */
const decode = (clientToken) => JSON.parse(Buffer.from(clientToken, 'base64url').toString('utf8'));

async function start(sim, data = {}) {
  const r = await call(sim, SERVER, {
    json: {
      operationId: opId(),
      data: { form: { firstName: 'Jan', lastName: 'Kowalski' }, userData: { languageCode: 'pl' }, endpoint: 'customer-chat-bot', clientType: 'web', ...data },
    },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const session = decode(r.body.data.clientToken);
  return { ...session, clientToken: r.body.data.clientToken, headers: { 'x-client-token': session.token } };
}
const messages = (sim, s, query = '', id = opId()) => call(sim, `${SERVER}/${s.sessionId}/messages?operationId=${id}${query}`, { headers: s.headers });
const send = (sim, s, text, id = opId(), type = 'text') =>
  call(sim, `${SERVER}/${s.sessionId}/messages`, { json: { operationId: id, data: { type, text } }, headers: s.headers });

test('start: the client token decodes into token, sessionId and participantId of a chat of the one model', async () => {
  const { sim } = makeSim();
  const s = await start(sim, { stream: 'ppk' });
  assert.ok(s.token && s.sessionId && s.participantId);
  const chat = sim.state.chat.sessions.get(s.sessionId);
  assert.ok(chat, 'the chat model has the session');
  assert.equal(chat.userId, s.participantId);
  assert.equal(chat.service, 'customer-chat-bot');
  assert.deepEqual(chat.userData, { languageCode: 'pl', clientType: 'web', stream: 'ppk' });
  assert.equal(chat.visitor.firstName, 'Jan');
});

test('poll delivers each message once; the bot greets; a lost answer is replayed by its operationId', async () => {
  const { sim, clock } = makeSim();
  const s = await start(sim);
  const first = await messages(sim, s);
  assert.equal(first.status, 200);
  assert.deepEqual(types(first.body.data.messages), ['Client:ParticipantJoined']);
  clock.advance(600);
  const again = opId();
  const second = await messages(sim, s, '', again);
  assert.deepEqual(types(second.body.data.messages), ['Bot:ParticipantJoined', 'Bot:Message']);
  assert.equal(second.body.data.nextIndex, 4);
  assert.equal(typeof second.body.data.idleTimerExpire, 'number');
  assert.deepEqual((await messages(sim, s)).body.data.messages, [], 'nothing new');
  const replay = await messages(sim, s, '', again);
  assert.deepEqual(replay.body, second.body, 'the same operationId gets the same answer');
});

test('send: the bot hands over to the agent; a retried send (same operationId) is not a second message', async () => {
  const { sim, clock } = makeSim();
  const s = await start(sim);
  clock.advance(600);
  await messages(sim, s);
  const id = opId();
  const sent = await send(sim, s, 'Chcę rozmawiać z konsultantem', id);
  assert.equal(sent.status, 200);
  assert.equal(typeof sent.body.data.index, 'number');
  const retried = await send(sim, s, 'Chcę rozmawiać z konsultantem', id);
  assert.deepEqual(retried.body, sent.body);
  const chat = sim.state.chat.sessions.get(s.sessionId);
  assert.equal(chat.transcript.filter((m) => m.type === 'Message' && m.from.type === 'Client').length, 1);
  clock.advance(20000);
  const r = await messages(sim, s);
  assert.ok(types(r.body.data.messages).includes('Agent:ParticipantJoined'), types(r.body.data.messages).join());
});

test('restore: POST with the token header answers the same client token; count gives the last messages; index + count pages back', async () => {
  const { sim, clock } = makeSim();
  const s = await start(sim);
  clock.advance(600);
  for (let i = 0; i < 5; i++) await send(sim, s, `pytanie ${i}`);
  clock.advance(30000);
  const restored = await call(sim, SERVER, { json: { operationId: opId(), data: {} }, headers: s.headers });
  assert.equal(restored.status, 200);
  assert.equal(restored.body.data.clientToken, s.clientToken);
  const all = sim.state.chat.sessions.get(s.sessionId).transcript;
  const last = await messages(sim, s, '&count=4');
  assert.deepEqual(
    last.body.data.messages.map((m) => m.index),
    all.slice(-4).map((m) => m.index),
  );
  const before = last.body.data.messages[0].index;
  const page = await messages(sim, s, `&index=${before}&count=3`);
  assert.deepEqual(
    page.body.data.messages.map((m) => m.index),
    [before - 3, before - 2, before - 1],
  );
  assert.deepEqual((await messages(sim, s)).body.data.messages, [], 'the restore moved the poll cursor to the end');
  assert.equal((await messages(sim, s, '&count=0')).status, 400);
  assert.equal((await messages(sim, s, '&index=3')).status, 400, 'index needs count');
});

test('the token header is required and checked; an unknown session is 404 with chatEnded', async () => {
  const { sim } = makeSim();
  const s = await start(sim);
  const none = await call(sim, `${SERVER}/${s.sessionId}/messages?operationId=${opId()}`);
  assert.equal(none.status, 401);
  assert.equal(none.body.errors[0].code, 'INVALID_TOKEN');
  const wrong = await call(sim, `${SERVER}/${s.sessionId}/messages?operationId=${opId()}`, { headers: { 'x-client-token': 'nope' } });
  assert.equal(wrong.status, 401);
  const unknown = await call(sim, `${SERVER}/no-such/messages?operationId=${opId()}`, { headers: s.headers });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.chatEnded, true);
  const restore = await call(sim, SERVER, { json: { operationId: opId(), data: {} }, headers: { 'x-client-token': 'gone' } });
  assert.equal(restore.status, 404);
});

test('operationId is required on every call', async () => {
  const { sim } = makeSim();
  const s = await start(sim);
  const r = await call(sim, `${SERVER}/${s.sessionId}/messages`, { headers: s.headers });
  assert.equal(r.status, 400);
  const startNoOp = await call(sim, SERVER, { json: { data: { form: { firstName: 'Jan' }, endpoint: 'customer-chat' } } });
  assert.equal(startNoOp.status, 400);
});

test('the start codes: INVALID_NICKNAME, INVALID_ENDPOINT, INVALID_CONTACT_CENTER', async () => {
  const { sim } = makeSim();
  const noName = await call(sim, SERVER, { json: { operationId: opId(), data: { form: { lastName: 'K' }, endpoint: 'customer-chat' } } });
  assert.equal(noName.status, 400);
  assert.deepEqual(noName.body.errors, [{ code: 'INVALID_NICKNAME', message: 'First Name is required' }]);
  const endpoint = await call(sim, SERVER, { json: { operationId: opId(), data: { form: { firstName: 'Jan' }, endpoint: 'elsewhere' } } });
  assert.equal(endpoint.body.errors[0].code, 'INVALID_ENDPOINT');
  const center = await call(sim, '/api/ngrest/other', { json: { operationId: opId(), data: { form: { firstName: 'Jan' }, endpoint: 'customer-chat' } } });
  assert.equal(center.status, 404);
  assert.equal(center.body.errors[0].code, 'INVALID_CONTACT_CENTER');
  assert.equal(sim.state.chat.sessions.size, 0, 'no chat was started');
});

test('images: multipart, images only (INVALID_FILE_TYPE), LIMIT_FILE_SIZE, LIMIT_FILE_COUNT', async () => {
  const { sim, clock } = makeSim({
    chat: { fileLimits: { types: ['jpg', 'jpeg', 'png', 'gif', 'pdf'], needAgent: false, maxFileSize: 1000, maxFiles: 2, maxTotalSize: 100000 } },
  });
  const s = await start(sim, { endpoint: 'customer-chat' });
  clock.advance(10000);
  const upload = (name, bytes, type = 'image/png') => {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], name, { type }));
    form.append('operationId', opId());
    return call(sim, `${SERVER}/${s.sessionId}/images`, { multipart: form, headers: s.headers });
  };
  const pdf = await upload('a.pdf', 10, 'application/pdf');
  assert.deepEqual(pdf.body.errors, [{ code: 'INVALID_FILE_TYPE', message: 'Only Images are allowed' }]);
  const big = await upload('big.png', 2000);
  assert.equal(big.status, 413);
  assert.equal(big.body.errors[0].code, 'LIMIT_FILE_SIZE');
  const one = await upload('a.png', 10);
  assert.equal(one.status, 200, JSON.stringify(one.body));
  assert.equal(typeof one.body.data.fileId, 'string');
  assert.equal((await upload('b.png', 10)).status, 200);
  const third = await upload('c.png', 10);
  assert.equal(third.body.errors[0].code, 'LIMIT_FILE_COUNT');
  const r = await messages(sim, s);
  assert.equal(r.body.data.messages.filter((m) => m.type === 'FileUploaded').length, 2);
});

test('userdata, typing, custom notice, and the end by DELETE participants/{participantId}', async () => {
  const { sim, clock } = makeSim();
  const s = await start(sim, { endpoint: 'customer-chat' });
  const put = await call(sim, `${SERVER}/${s.sessionId}/userdata`, {
    method: 'PUT',
    json: { operationId: opId(), data: { userData: { plan: 'gold' } } },
    headers: s.headers,
  });
  assert.equal(put.status, 200);
  const chat = sim.state.chat.sessions.get(s.sessionId);
  assert.equal(chat.userData.plan, 'gold');
  await send(sim, s, 'pisze…', opId(), 'typingStarted');
  assert.equal(chat.visitorTyping.typing, true);
  await send(sim, s, '', opId(), 'typingStopped');
  assert.equal(chat.visitorTyping.typing, false);
  await send(sim, s, 'notka', opId(), 'customNotice');
  assert.ok(chat.transcript.some((m) => m.type === 'CustomNotice' && m.text === 'notka'));
  assert.equal((await send(sim, s, 'x', opId(), 'bogus')).status, 400);
  const wrong = await call(sim, `${SERVER}/${s.sessionId}/participants/someone?operationId=${opId()}`, { method: 'DELETE', headers: s.headers });
  assert.equal(wrong.status, 404);
  const end = await call(sim, `${SERVER}/${s.sessionId}/participants/${s.participantId}?operationId=${opId()}`, { method: 'DELETE', headers: s.headers });
  assert.equal(end.status, 200);
  assert.equal(chat.ended, true);
  clock.advance(1000);
  const after = await messages(sim, s);
  assert.equal(after.body.data.chatEnded, true);
  assert.equal((await send(sim, s, 'halo')).status, 404, 'no message into an ended chat');
});

test('faults of the chat model apply: a failing refresh is a 503 with a code, a dropped one drops', async () => {
  const { sim } = makeSim();
  const s = await start(sim);
  await call(sim, '/__control/faults', { json: { faults: { 'chat.refresh': { failureRate: 1 } } } });
  const failed = await messages(sim, s);
  assert.equal(failed.status, 503);
  assert.equal(failed.body.errors[0].code, 'SERVICE_UNAVAILABLE');
  await call(sim, '/__control/faults', { json: { faults: { 'chat.refresh': { dropRate: 1 } } } });
  const dropped = await messages(sim, s);
  assert.equal(dropped.res.type, 'error');
});
