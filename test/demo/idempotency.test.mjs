// Idempotency-Key on callback create (v1, v3) and send message (issue 10, item 17, server side): a
// visitor's retry with the key of the first try gets the first answer and stores nothing new.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';
import { startServer } from '../../demo/server.mjs';

const v3 = (sim, key, body = {}) =>
  call(sim, '/api/callback/v3/create', {
    json: { serviceName: 'ppk-callback', phoneNumber: '600100200', desiredTime: '2025-03-04T09:15:00Z', userData: { firstname: 'Jan' }, ...body },
    headers: { 'x-api-key': 'k', ...(key ? { 'idempotency-key': key } : {}) },
  });
const v1 = (sim, key, form = {}) =>
  call(sim, '/api/callback/v1/ppk-callback', {
    form: { _customer_number: '600100201', subject: 'Wpłaty', ...form },
    headers: { apikey: 'k', ...(key ? { 'idempotency-key': key } : {}) },
  });
const message = (sim, key, fields = {}) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ firstName: 'Anna', lastName: 'Nowak', fromAddress: 'anna@example.com', subject: 'Wpłaty', text: 'Ile?', ...fields }))
    fd.append(k, v);
  fd.append('files', new File(['notatka'], 'notatka.txt', { type: 'text/plain' }));
  return call(sim, '/api/sendmessage', { multipart: fd, headers: key ? { 'idempotency-key': key } : {} });
};

test('v3 create: a repeat with the same key answers the first result (same status and body) and books nothing new', async () => {
  const { sim } = makeSim();
  const first = await v3(sim, 'k-3f1a');
  assert.equal(first.status, 200);
  const repeat = await v3(sim, 'k-3f1a');
  assert.equal(repeat.status, 200);
  assert.deepEqual(repeat.body, first.body, 'same booking id');
  assert.equal(repeat.res.headers.get('idempotent-replayed'), 'true');
  assert.equal(first.res.headers.get('idempotent-replayed'), null);
  assert.equal(sim.state.callbacks.length, 1);
  assert.equal(sim.state.slots.booked.get('2025-03-04T09:15:00.000Z'), 1, 'the slot was lowered once');
  const without = await v3(sim);
  assert.deepEqual([without.status, without.body.code], [400, 7035], 'without a key a second booking is still refused as a duplicate');
});

test('v1 create and send message: same key → first answer, one record; a new key → a new submission', async () => {
  const { sim } = makeSim();
  const a = await v1(sim, '"b5c0e7d2"'); // a structured-field string, as the IETF draft writes it
  const b = await v1(sim, 'b5c0e7d2');
  assert.deepEqual([b.status, b.body], [a.status, a.body]);
  assert.equal(sim.state.callbacks.length, 1);

  const m1 = await message(sim, 'msg-1');
  const m2 = await message(sim, 'msg-1');
  assert.equal(m1.status, 200);
  assert.deepEqual(m2.body, m1.body, 'same interactionId');
  assert.equal(sim.state.messages.length, 1, 'stored once (FormData retried with a new boundary is the same submission)');
  const m3 = await message(sim, 'msg-2');
  assert.notEqual(m3.body.interactionId, m1.body.interactionId);
  assert.equal(sim.state.messages.length, 2);
});

test('a first answer that was a refusal (4xx) is replayed too: the same key cannot turn it into a booking', async () => {
  const { sim } = makeSim();
  const full = { desiredTime: '2025-03-04T09:30:00Z' }; // 10:30 in Warsaw: full every day
  const first = await v3(sim, 'full-slot', full);
  assert.deepEqual([first.status, first.body.code], [429, 7041]);
  await call(sim, '/__control/slots', { json: { fullTimes: [] } });
  const repeat = await v3(sim, 'full-slot', full);
  assert.deepEqual([repeat.status, repeat.body], [first.status, first.body], 'the first answer, not a booking');
  assert.equal(sim.state.callbacks.length, 0);
  assert.equal((await v3(sim, 'new-key', full)).status, 200, 'a new key is a new submission');
});

test('the same key for a different submission is 422; keys are per endpoint', async () => {
  const { sim } = makeSim();
  await v3(sim, 'shared');
  const other = await v3(sim, 'shared', { phoneNumber: '600100999' });
  assert.equal(other.status, 422);
  assert.match(other.body.error, /different request/);
  assert.equal(sim.state.callbacks.length, 1);
  const msg = await message(sim, 'shared');
  assert.equal(msg.status, 200, 'the send-message endpoint has its own keys');
  assert.equal((await message(sim, 'shared', { text: 'Inna treść' })).status, 422);
});

test('a malformed key is 400 and stores nothing', async () => {
  const { sim } = makeSim();
  for (const key of ['', '""', 'x'.repeat(256), 'spaces in key']) {
    const r = await call(sim, '/api/sendmessage', {
      form: { firstName: 'A', lastName: 'B', fromAddress: 'a@b.pl', subject: 'S', text: 'T' },
      headers: { 'idempotency-key': key },
    });
    assert.equal(r.status, 400, JSON.stringify(key));
    assert.match(r.body.error, /Idempotency-Key/);
  }
  assert.equal(sim.state.messages.length, 0);
});

test('a retry while the first try is still running (server slower than the client timeout) waits for it and gets its answer', async () => {
  const { sim } = makeSim();
  await call(sim, '/__control/faults', { json: { endpoint: 'sendmessage', latencyMs: 150 } });
  const [first, retry] = await Promise.all([message(sim, 'slow-1'), new Promise((r) => setTimeout(r, 30)).then(() => message(sim, 'slow-1'))]);
  assert.equal(first.status, 200);
  assert.deepEqual(retry.body, first.body);
  assert.equal(retry.res.headers.get('idempotent-replayed'), 'true');
  assert.equal(sim.state.messages.length, 1);
});

test('after an injected failure, a drop or a 5xx the key is released: the retry runs again', async () => {
  const { sim } = makeSim();
  await call(sim, '/__control/faults', { json: { endpoint: 'callback.create', failureRate: 1, status: 503 } });
  assert.equal((await v3(sim, 'after-failure')).status, 503);
  await call(sim, '/__control/faults', { json: { endpoint: 'callback.create', dropRate: 1 } });
  assert.equal((await v3(sim, 'after-failure')).res.type, 'error');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  assert.equal((await v3(sim, 'after-failure')).status, 200);
  assert.equal(sim.state.callbacks.length, 1);
  const crash = await v3(sim, 'http-500', { phoneNumber: '600000500' });
  assert.equal(crash.status, 500);
  assert.equal(sim.state.idempotency.size, 1, 'only the answered submission is remembered');
});

test('keys are bounded in number and age, and reset forgets them', async () => {
  const { sim, clock } = makeSim({ maxIdempotencyKeys: 3, maxIdempotencyAgeMs: 60000 });
  for (let i = 0; i < 5; i++) await v3(sim, `key-${i}`, { phoneNumber: `60010030${i}`, desiredTime: undefined });
  assert.equal(sim.state.idempotency.size, 3);
  assert.equal(
    (await v3(sim, 'key-0', { phoneNumber: '600100300', desiredTime: undefined })).body.code,
    7035,
    'the oldest key was evicted: the repeat runs (and is a duplicate)',
  );
  clock.advance(61000);
  assert.equal((await call(sim, '/__control')).body.counts.idempotencyKeys, 0, 'expired keys are gone');
  await v3(sim, 'key-9', { phoneNumber: '600100309', desiredTime: undefined });
  assert.equal(sim.state.idempotency.size, 1);
  await call(sim, '/__control/reset', { json: {} });
  assert.equal(sim.state.idempotency.size, 0);
});

test('over HTTP: the header passes through the demo server and the replay is byte-identical', async () => {
  const server = await startServer({ port: 0 });
  try {
    const send = () =>
      fetch(server.url + '/api/callback/v3/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'demo-key', 'idempotency-key': 'http-1' },
        body: JSON.stringify({ serviceName: 'ppk-callback', phoneNumber: '600100200' }),
      });
    await fetch(server.url + '/__control/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ warsawTime: '10:00' }),
    });
    const a = await send();
    const b = await send();
    assert.equal(a.status, 200);
    assert.equal(b.status, a.status);
    assert.equal(await b.text(), await a.text());
    assert.equal(server.simulator.state.callbacks.length, 1);
  } finally {
    await server.close();
  }
});
