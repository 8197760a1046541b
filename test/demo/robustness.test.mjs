import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call, startChat, refresh, BASE } from './helpers.mjs';

const ENDPOINTS = [
  ['GET', '/api/ewt/group'],
  ['GET', '/api/stats/v1'],
  ['GET', '/api/stats/v2/mode1'],
  ['GET', '/api/stats/v3'],
  ['POST', '/api/callback/v1/ppk-callback'],
  ['POST', '/api/callback/v3/create'],
  ['GET', '/api/callback/v3/availability/ppk-callback'],
  ['GET', '/api/callback/v1/ppk-callback/availability'],
  ['POST', '/api/sendmessage'],
  ['POST', '/api/chat/customer-chat'],
  ['POST', '/api/chat/customer-chat/x/refresh'],
  ['POST', '/api/chat/customer-chat/x/file'],
  ['POST', '/api/agent/chats/x/accept'],
  ['POST', '/__control/wait'],
  ['POST', '/__control/faults'],
  ['POST', '/__control/chat'],
  ['POST', '/__control/slots'],
  ['POST', '/__control/clock'],
];
const BODIES = [
  ['application/json', '{"broken":'],
  ['application/json', '[1,2,3]'],
  ['application/json', 'null'],
  ['application/x-www-form-urlencoded', '%%%=%ZZ&&=&a'],
  ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated'],
  ['multipart/form-data', 'no boundary'],
  ['text/xml', '<a/>'],
  ['application/json', JSON.stringify({ queue: { a: 1 }, ewt: [1], faults: 'x', idle: 5, fileLimits: [], capacities: 3, callbackHours: {} })],
];

test('malformed bodies and queries never crash: every answer is a 4xx (or documented statusCode) with a JSON error body', async () => {
  const errors = [];
  const { sim } = makeSim({ onError: (e) => errors.push(e) });
  for (const [method, path] of ENDPOINTS) {
    for (const [type, body] of BODIES) {
      const res = await sim.handle(
        new Request(BASE + path + '?name=&vq=%E0%A4%A&start=%', {
          method,
          headers: { 'content-type': type, apikey: 'k', 'x-api-key': 'k' },
          body: method === 'GET' ? undefined : body,
        }),
      );
      assert.ok(res, `${method} ${path}`);
      assert.ok(res.status < 500, `${method} ${path} ${type} → ${res.status}`);
      const json = await res.json();
      assert.ok(json && typeof json === 'object', `${method} ${path} JSON body`);
      if (res.status >= 400) assert.ok(json.error || json.errors || json.message, `${method} ${path} error text`);
    }
  }
  assert.deepEqual(errors, [], 'no unexpected handler errors');
});

test('unknown /api paths are 404 JSON; non-API paths are left to the host (undefined)', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/nothing-here');
  assert.equal(r.status, 404);
  assert.equal(r.body.error, 'Not found');
  assert.equal(await sim.handle(new Request(BASE + '/index.html')), undefined);
  assert.equal(await sim.handle(new Request(BASE + '/apix')), undefined);
});

test('oversized declared bodies are refused with 413', async () => {
  const { sim } = makeSim();
  const res = await sim.handle(
    new Request(BASE + '/api/sendmessage', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(100 * 1024 * 1024) },
      body: 'a=1',
    }),
  );
  assert.equal(res.status, 413);
});

test('an unexpected internal error is answered 500 JSON and reported, not thrown', async () => {
  const seen = [];
  const { sim } = makeSim({ onError: (e) => seen.push(e) });
  // Corrupt the state on purpose.
  sim.state.waits = null;
  const r = await call(sim, '/api/ewt/group?name=PPK_Chat');
  assert.equal(r.status, 500);
  assert.equal(r.body.error, 'Internal simulator error');
  assert.equal(seen.length, 1);
});

test('sessions are bounded in number: the oldest are evicted first', async () => {
  const { sim } = makeSim({ maxChatSessions: 5 });
  const chats = [];
  for (let i = 0; i < 8; i++) chats.push(await startChat(sim));
  assert.equal(sim.state.chat.sessions.size, 5);
  assert.equal((await refresh(sim, chats[0])).errors[0].code, 404);
  assert.equal((await refresh(sim, chats[7])).statusCode, 0);
});

test('sessions are bounded in age: older than the limit are evicted lazily, with their timers', async () => {
  const { sim, clock } = makeSim({ maxChatAgeMs: 60 * 60 * 1000 });
  const old = await startChat(sim);
  clock.advance(30 * 60 * 1000);
  const young = await startChat(sim);
  clock.advance(31 * 60 * 1000);
  const r = await refresh(sim, old);
  assert.deepEqual([r.statusCode, r.chatEnded, r.errors[0].code], [2, true, 404]);
  assert.equal((await refresh(sim, young)).statusCode, 0);
  assert.equal(sim.state.chat.sessions.size, 1);
});

test('default bounds: 500 sessions, 2 hours', async () => {
  const { sim } = makeSim();
  assert.equal(sim.options.maxChatSessions, 500);
  assert.equal(sim.options.maxChatAgeMs, 2 * 60 * 60 * 1000);
});

test('a transcript is bounded too (newest kept, indexes still increase)', async () => {
  const { sim } = makeSim({ maxTranscript: 10, chat: { scriptedAgent: false } });
  const chat = await startChat(sim);
  for (let i = 0; i < 30; i++) await call(sim, `/api/chat/customer-chat/${chat.chatId}/send`, { form: { ...chat.creds, message: `m${i}` } });
  const r = await refresh(sim, chat);
  assert.equal(r.messages.length, 10);
  assert.equal(r.messages.at(-1).text, 'm29');
  assert.equal(r.nextPosition, r.messages.at(-1).index + 1);
});

test('callback and send-message records are bounded', async () => {
  const { sim } = makeSim({ maxCallbacks: 3, maxMessages: 2 });
  for (let i = 0; i < 6; i++) {
    await call(sim, '/api/callback/v3/create', { json: { serviceName: 'ppk-callback', phoneNumber: `60010020${i}` }, headers: { 'x-api-key': 'k' } });
    await call(sim, '/api/sendmessage', { form: { firstName: 'a', lastName: 'b', fromAddress: 'a@b.pl', subject: 's', text: 't' } });
  }
  assert.equal(sim.state.callbacks.length, 3);
  assert.equal(sim.state.messages.length, 2);
});
