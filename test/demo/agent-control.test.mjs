import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call, startChat, refresh, op } from './helpers.mjs';

/** The agent API's bearer token header (every /api/agent/* call needs it). */
const auth = (sim, headers = {}) => ({ authorization: `Bearer ${sim.agentToken}`, ...headers });
const agentCall = (sim, chatId, name, key, json) =>
  call(sim, `/api/agent/chats/${chatId}/${name}`, { json: json ?? {}, headers: auth(sim, key ? { 'x-agent-key': key } : {}) });

test('agent console: list, accept (scripted agent disabled for that chat), see typing, exchange messages, end', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim, 'customer-chat', { firstName: 'Ewa', subject: 'Wypłata' });
  const list = await call(sim, '/api/agent/chats', { headers: auth(sim) });
  assert.equal(list.body.chats.length, 1);
  assert.deepEqual([list.body.chats[0].state, list.body.chats[0].visitorName, list.body.chats[0].subject], ['waiting', 'Ewa', 'Wypłata']);
  const acc = await agentCall(sim, chat.chatId, 'accept', null, { name: 'Marek' });
  assert.equal(acc.status, 200);
  const key = acc.body.agentKey;
  assert.equal((await agentCall(sim, chat.chatId, 'accept', null, { name: 'Inny' })).status, 409);
  clock.advance(60000); // the scripted agent would have joined by now
  let r = await refresh(sim, chat);
  const agents = r.messages.filter((m) => m.type === 'ParticipantJoined' && m.from.type === 'Agent');
  assert.deepEqual(
    agents.map((m) => m.from.name),
    ['Marek'],
  );

  await op(sim, chat, 'startTyping', { message: 'Kiedy mog' });
  let t = await call(sim, `/api/agent/chats/${chat.chatId}/transcript?from=1`, { headers: auth(sim, { 'x-agent-key': key }) });
  assert.deepEqual([t.body.visitorTyping, t.body.visitorTypingText], [true, 'Kiedy mog']);
  await op(sim, chat, 'send', { message: 'Kiedy mogę wypłacić?' });
  t = await call(sim, `/api/agent/chats/${chat.chatId}/transcript?from=1`, { headers: auth(sim, { 'x-agent-key': key }) });
  assert.equal(t.body.visitorTyping, false);
  assert.equal(t.body.messages.filter((m) => m.type === 'Message').at(-1).text, 'Kiedy mogę wypłacić?');

  assert.equal((await agentCall(sim, chat.chatId, 'typing', key, { typing: true })).status, 200);
  assert.equal((await agentCall(sim, chat.chatId, 'send', key, { text: 'Po 60. urodzinach.' })).status, 200);
  assert.equal((await agentCall(sim, chat.chatId, 'file', key)).status, 200);
  clock.advance(60000);
  r = await refresh(sim, chat);
  const agentMsgs = r.messages.filter((m) => m.from.type === 'Agent' && m.type === 'Message').map((m) => m.text);
  assert.deepEqual(agentMsgs, ['Po 60. urodzinach.'], 'no scripted replies once a person took the chat');
  assert.ok(r.messages.some((m) => m.type === 'TypingStarted' && m.from.name === 'Marek'));
  assert.ok(r.messages.some((m) => m.type === 'FileUploaded' && m.from.name === 'Marek'));

  const end = await agentCall(sim, chat.chatId, 'end', key, { survey: true });
  assert.equal(end.body.chatEnded, true);
  r = await refresh(sim, chat);
  assert.equal(r.chatEnded, true);
  assert.ok(r.messages.some((m) => m.type === 'CustomNotice' && JSON.parse(m.text).Survey_URL));
  assert.equal((await call(sim, '/api/agent/chats', { headers: auth(sim) })).body.chats.length, 0);
  assert.equal((await call(sim, '/api/agent/chats?ended=1', { headers: auth(sim) })).body.chats.length, 1);
});

test('agent taking over from the scripted agent or the bot: they leave first', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim, 'customer-chat-bot');
  clock.advance(1000);
  const acc = await agentCall(sim, chat.chatId, 'accept', null, { name: 'Ola' });
  assert.equal(acc.status, 200);
  const r = await refresh(sim, chat);
  const seq = r.messages.map((m) => `${m.from.type}:${m.type}`);
  assert.ok(seq.indexOf('Bot:ParticipantLeft') < seq.indexOf('Agent:ParticipantJoined'));
});

test('agent API errors: wrong key 403, unknown chat 404, bad input 400, ended chat 409', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  assert.equal((await agentCall(sim, chat.chatId, 'send', 'nope', { text: 'x' })).status, 403);
  assert.equal((await agentCall(sim, 'missing', 'accept', null)).status, 404);
  const key = (await agentCall(sim, chat.chatId, 'accept', null)).body.agentKey;
  assert.equal((await agentCall(sim, chat.chatId, 'send', key, { text: '' })).status, 400);
  assert.equal((await agentCall(sim, chat.chatId, 'typing', key, { typing: 'maybe' })).status, 400);
  assert.equal((await call(sim, `/api/agent/chats/${chat.chatId}/transcript?from=x`, { headers: auth(sim, { 'x-agent-key': key }) })).status, 400);
  await op(sim, chat, 'disconnect');
  assert.equal((await agentCall(sim, chat.chatId, 'send', key, { text: 'x' })).status, 409);
  assert.equal((await call(sim, '/api/agent/other', { headers: auth(sim) })).status, 404);
});

test('control: wait per queue changes the next stats answers', async () => {
  const { sim } = makeSim();
  await call(sim, '/__control/wait', { json: { queue: 'PPK_Chat', ewt: 12000 } });
  assert.equal((await call(sim, '/api/ewt/group?name=PPK_Chat')).body.ewt, 12000);
  await call(sim, '/__control/wait', { json: { waits: { PPK_Callback: 5, New: 7 } } });
  const v2 = await call(sim, '/api/stats/v2/mode1?vq=PPK_Callback,New', { headers: { apikey: 'k' } });
  assert.deepEqual(
    v2.body.data.map((d) => d.ewt),
    [5, 7],
  );
  await call(sim, '/__control/wait', { json: { waits: { New: null } } });
  assert.equal((await call(sim, '/api/ewt/group?name=New')).body.ewt, -1);
  assert.equal((await call(sim, '/__control/wait', { json: { queue: 'PPK_Chat', ewt: 'lots' } })).status, 400);
});

test('control: the server clock (18:00 Warsaw) changes the group-EWT time and the slots', async () => {
  const { sim, clock } = makeSim();
  const s = await call(sim, '/__control/clock', { json: { warsawTime: '18:00' } });
  assert.equal(s.body.warsawTime, '2025-03-03T18:00:00+01:00');
  const ewt = await call(sim, '/api/ewt/group?name=PPK_Chat');
  assert.equal(ewt.body.time, Date.parse('2025-03-03T17:00:00Z') / 1000);
  const slots = (await call(sim, '/api/callback/v3/availability/ppk-callback?start=2025-03-03')).body.data.slots;
  assert.ok(
    slots.every((x) => x.capacity === 0),
    'every slot of today is over',
  );
  clock.advance(60000);
  assert.equal((await call(sim, '/api/ewt/group?name=PPK_Chat')).body.time, Date.parse('2025-03-03T17:01:00Z') / 1000, 'time keeps flowing');
  await call(sim, '/__control/clock', { json: { time: '2025-06-02T09:00:00+02:00' } });
  assert.equal(sim.serverNow(), Date.parse('2025-06-02T07:00:00Z'));
  await call(sim, '/__control/clock', { json: { warsawTime: '08:00', date: '2025-03-08' } });
  assert.equal(new Date(sim.serverNow()).toISOString(), '2025-03-08T07:00:00.000Z');
  await call(sim, '/__control/clock', { json: { reset: true } });
  assert.equal(sim.serverNow(), clock.now());
  for (const bad of [{}, { time: 'noon' }, { warsawTime: '25:99' }, { warsawTime: '10:00', date: '3/3/2025' }]) {
    assert.equal((await call(sim, '/__control/clock', { json: bad })).status, 400, JSON.stringify(bad));
  }
});

test('control: slot capacities, full times, default capacity, bookings and opening hours', async () => {
  const { sim } = makeSim();
  const slot = '2025-03-04T10:00:00.000Z';
  await call(sim, '/__control/slots', { json: { defaultCapacity: 1, fullTimes: ['09:00'], capacities: { [slot]: 0 } } });
  const map = (await call(sim, '/api/callback/v1/ppk-callback/availability?start=2025-03-04')).body;
  assert.equal(map[slot], 0);
  assert.equal(map['2025-03-04T08:00:00.000Z'], 0);
  assert.equal(map['2025-03-04T08:15:00.000Z'], 1);
  await call(sim, '/__control/slots', { json: { callbackHours: { open: '08:00', close: '10:00', intervalMinutes: 30, days: [1, 2, 3, 4, 5] } } });
  const hours = (await call(sim, '/api/callback/v1/ppk-callback/availability?start=2025-03-04')).body;
  assert.deepEqual(Object.keys(hours), ['2025-03-04T07:00:00.000Z', '2025-03-04T07:30:00.000Z', '2025-03-04T08:00:00.000Z', '2025-03-04T08:30:00.000Z']);
  assert.deepEqual(Object.keys((await call(sim, '/api/callback/v1/ppk-callback/availability?start=2025-03-08')).body), [], 'Saturday closed');
  assert.equal((await call(sim, '/__control/slots', { json: { fullTimes: ['noon'] } })).status, 400);
  assert.equal((await call(sim, '/__control/slots', { json: { capacities: { nope: 1 } } })).status, 400);
});

test('control: failure rate, drop rate and latency per endpoint (and chat failures are statusCode 1)', async () => {
  const { sim } = makeSim();
  await call(sim, '/__control/faults', { json: { endpoint: 'ewt.group', failureRate: 1, status: 502 } });
  const f = await call(sim, '/api/ewt/group?name=PPK_Chat');
  assert.equal(f.status, 502);
  assert.equal((await call(sim, '/api/stats/v1?name=a', { headers: { apikey: 'k' } })).status, 200, 'other endpoints unaffected');
  await call(sim, '/__control/faults', { json: { endpoint: 'chat', failureRate: 1 } });
  const c = await call(sim, '/api/chat/customer-chat', { form: { firstName: 'A' } });
  assert.deepEqual([c.status, c.body.statusCode], [200, 1]);
  await call(sim, '/__control/faults', { json: { endpoint: 'sendmessage', dropRate: 1 } });
  const d = await call(sim, '/api/sendmessage', { form: {} });
  assert.equal(d.res.type, 'error');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  await call(sim, '/__control/faults', { json: { endpoint: '*', latencyMs: 60 } });
  const t0 = Date.now();
  await call(sim, '/api/ewt/group?name=PPK_Chat');
  assert.ok(Date.now() - t0 >= 55);
  assert.equal((await call(sim, '/__control/faults', { json: { endpoint: 'nope' } })).status, 400);
  assert.equal((await call(sim, '/__control/faults', { json: { endpoint: 'chat', failureRate: 2 } })).status, 400);
});

test('control: reset restores defaults and drops every session', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  await call(sim, '/__control/wait', { json: { queue: 'PPK_Chat', ewt: 1 } });
  await call(sim, '/__control/clock', { json: { warsawTime: '20:00' } });
  const r = await call(sim, '/__control/reset', { json: {} });
  assert.equal(r.body.waits.PPK_Chat, 45);
  assert.equal(r.body.clockOffsetMs, 0);
  assert.equal(r.body.chat.sessions, 0);
  assert.equal(clock.pending(), 0);
  assert.equal((await refresh(sim, chat)).errors[0].code, 404);
});

test('control: state snapshot, unknown operation 404, wrong method 405, disabled control API', async () => {
  const { sim } = makeSim();
  const s = await call(sim, '/__control');
  assert.equal(s.body.waits.PPK_Chat, 45);
  assert.equal(s.body.chat.maxSessions, 500);
  assert.equal((await call(sim, '/__control/bogus', { json: {} })).status, 404);
  assert.equal((await call(sim, '/__control/reset')).status, 405);
  const off = makeSim({ control: false });
  assert.equal((await call(off.sim, '/__control')).status, 404);
});
