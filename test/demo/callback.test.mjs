import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';

const KEY3 = { 'x-api-key': 'demo-key' };
const KEY1 = { apikey: 'demo-key' };
// Manual clock: Monday 2025-03-03 10:00 Warsaw (UTC+1).
const SLOT_1100 = '2025-03-03T10:00:00.000Z'; // 11:00 Warsaw

const v3 = (sim, json, headers = KEY3) => call(sim, '/api/callback/v3/create', { json, headers });
const v1 = (sim, form, headers = KEY1, service = 'ppk-callback') => call(sim, `/api/callback/v1/${service}`, { form, headers });

test('v3 availability: 15-minute slots 09:00-17:00 Warsaw with utcTime, localTime and capacity; past and some slots full', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/callback/v3/availability/ppk-callback?start=2025-03-03&numberOfDays=1');
  assert.equal(r.status, 200);
  const slots = r.body.data.slots;
  assert.equal(slots.length, 32);
  assert.deepEqual(slots[0], { utcTime: '2025-03-03T08:00:00.000Z', localTime: '2025-03-03T09:00:00+01:00', capacity: 0 }, 'past slot');
  assert.equal(slots.at(-1).localTime, '2025-03-03T16:45:00+01:00');
  const byLocal = Object.fromEntries(slots.map((s) => [s.localTime.slice(11, 16), s.capacity]));
  assert.equal(byLocal['10:30'], 0, 'a full slot');
  assert.equal(byLocal['11:00'], 3);
  assert.equal(byLocal['13:00'], 0);
});

test('availability follows summer time (UTC+2 after 30 March)', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/callback/v3/availability/ppk-callback?start=2025-03-31&numberOfDays=1&maxTimeSlots=1');
  assert.deepEqual(r.body.data.slots, [{ utcTime: '2025-03-31T07:00:00.000Z', localTime: '2025-03-31T09:00:00+02:00', capacity: 3 }]);
});

test('v1 availability: a map of UTC slot time → capacity; number-of-days, max-time-slots and end', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/callback/v1/ppk-callback/availability?start=2025-03-04T00:00:00%2B01:00&number-of-days=5&max-time-slots=200');
  assert.equal(r.status, 200);
  const keys = Object.keys(r.body);
  assert.equal(keys.length, 5 * 32);
  assert.equal(keys[0], '2025-03-04T08:00:00.000Z');
  assert.equal(r.body['2025-03-04T09:30:00.000Z'], 0, '10:30 Warsaw is full');
  const limited = await call(sim, '/api/callback/v1/ppk-callback/availability?start=2025-03-04&number-of-days=2&max-time-slots=3');
  assert.equal(Object.keys(limited.body).length, 3);
  const ended = await call(sim, '/api/callback/v1/ppk-callback/availability?start=2025-03-04&end=2025-03-04T09:00:00Z');
  assert.deepEqual(Object.keys(ended.body), ['2025-03-04T08:00:00.000Z', '2025-03-04T08:15:00.000Z', '2025-03-04T08:30:00.000Z', '2025-03-04T08:45:00.000Z']);
});

test('availability without start uses the server clock; bad parameters are 501', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/callback/v3/availability/ppk-callback');
  assert.equal(r.body.data.slots[0].localTime.slice(0, 10), '2025-03-03');
  for (const q of ['start=yesterday', 'numberOfDays=0', 'numberOfDays=abc', 'maxTimeSlots=-1', 'start=2025-03-04&end=2025-03-03']) {
    const bad = await call(sim, `/api/callback/v3/availability/ppk-callback?${q}`);
    assert.equal(bad.status, 400, q);
    assert.equal(bad.body.code, 501, q);
  }
});

test('availability for an unknown service is 7040', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/callback/v3/availability/other-service?start=2025-03-04');
  assert.equal(r.status, 400);
  assert.equal(r.body.code, 7040);
});

test('v3 create: ASAP and scheduled; booking reduces the capacity', async () => {
  const { sim } = makeSim();
  const asap = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200', userData: { firstname: 'Jan', subject: 'PPK' } });
  assert.equal(asap.status, 200);
  assert.equal(asap.body.data.state, 'QUEUED');
  assert.equal(asap.body.data.userData.firstname, 'Jan');
  const sched = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100201', desiredTime: SLOT_1100 });
  assert.equal(sched.body.data.state, 'SCHEDULED');
  assert.equal(sched.body.data.desiredTime, SLOT_1100);
  const r = await call(sim, '/api/callback/v1/ppk-callback/availability?start=2025-03-03');
  assert.equal(r.body[SLOT_1100], 2);
});

test('v1 create: form-encoded with apikey; other fields are user data', async () => {
  const { sim } = makeSim();
  const r = await v1(sim, {
    _customer_number: '+48600100200',
    _desired_time: SLOT_1100,
    _call_direction: 'USERTERMINATED',
    subject: 'Wpłaty',
    email: 'jan@example.com',
  });
  assert.equal(r.status, 200);
  assert.equal(r.body._callback_state, 'SCHEDULED');
  assert.ok(r.body._id);
  const listed = await call(sim, '/__control/callbacks', { headers: { authorization: `Bearer ${sim.agentToken}` } });
  assert.equal(listed.body.callbacks[0].userData.subject, 'Wpłaty');
  assert.equal(listed.body.callbacks[0].national, '600100200');
});

test('error 501: missing customer number (message names it), bad desired time, time in the past, wrong body type', async () => {
  const { sim } = makeSim();
  const missing = await v1(sim, { subject: 'x' });
  assert.equal(missing.status, 400);
  assert.equal(missing.body.code, 501);
  assert.match(missing.body.message, /customer number/);
  assert.equal((await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200', desiredTime: 'tomorrow' })).body.code, 501);
  assert.equal((await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200', desiredTime: '2025-03-01T10:00:00Z' })).body.code, 501);
  assert.equal((await v3(sim, ['not', 'an', 'object'])).body.code, 501);
  assert.equal((await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200', userData: 'x' })).body.code, 501);
  const broken = await call(sim, '/api/callback/v3/create', { body: '{"serviceName":', headers: { ...KEY3, 'content-type': 'application/json' } });
  assert.equal(broken.status, 400);
  assert.equal(broken.body.code, 501);
});

test('errors 503 (v1) and 1103 (v3): missing api key', async () => {
  const { sim } = makeSim();
  const a = await v1(sim, { _customer_number: '600100200' }, {});
  assert.deepEqual([a.status, a.body.code], [400, 503]);
  const b = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200' }, {});
  assert.deepEqual([b.status, b.body.code], [400, 1103]);
});

test('error 7030: invalid phone number', async () => {
  const { sim } = makeSim();
  for (const phone of ['123', '+48 abc', '60010020012345678']) {
    const r = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: phone });
    assert.equal(r.body.code, 7030, phone);
  }
});

test('errors 7036, 7037 and 7041 (HTTP 429) by documented phone numbers, with or without +48', async () => {
  const { sim } = makeSim();
  assert.equal((await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600000036' })).body.code, 7036);
  assert.equal((await v1(sim, { _customer_number: '+48600000037' })).body.code, 7037);
  const busy = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600 000 041' });
  assert.equal(busy.status, 429);
  assert.equal(busy.body.code, 7041);
  assert.ok(busy.body.proposedTimes.length > 0);
  assert.match(busy.body.message, /Too many requests at this time/);
});

test('error 7041 (429) for a full slot, proposing free slots', async () => {
  const { sim } = makeSim();
  const r = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200', desiredTime: '2025-03-03T09:30:00.000Z' }); // 10:30 Warsaw
  assert.equal(r.status, 429);
  assert.equal(r.body.code, 7041);
  assert.deepEqual(r.body.proposedTimes, ['2025-03-03T09:45:00.000Z', '2025-03-03T10:00:00.000Z', '2025-03-03T10:15:00.000Z']);
  assert.match(r.body.message, /Please propose another time slot/);
});

test('error 7040: unknown service name (v3 body and v1 path)', async () => {
  const { sim } = makeSim();
  assert.equal((await v3(sim, { serviceName: 'unknown', phoneNumber: '600100200' })).body.code, 7040);
  assert.equal((await v1(sim, { _customer_number: '600100200' }, KEY1, 'unknown')).body.code, 7040);
});

test('error 7042: a time outside 09:00-17:00, and ASAP while the office is closed', async () => {
  const { sim } = makeSim();
  const late = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200', desiredTime: '2025-03-03T18:30:00+01:00' });
  assert.equal(late.body.code, 7042);
  assert.match(late.body.message, /Office closed/);
  await call(sim, '/__control/clock', { json: { warsawTime: '18:00' } });
  const asap = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200' });
  assert.equal(asap.body.code, 7042);
});

test('already-queued conflict: second request for the same number, and the documented number', async () => {
  const { sim } = makeSim();
  assert.equal((await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600100200' })).status, 200);
  const again = await v1(sim, { _customer_number: '+48 600 100 200' });
  assert.equal(again.status, 400);
  assert.equal(again.body.code, 7035);
  assert.match(again.body.message, /already queued/);
  assert.match((await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600000409' })).body.message, /already queued/);
});

test('HTTP 500 without a JSON body for the documented number 600000500', async () => {
  const { sim } = makeSim();
  const r = await v3(sim, { serviceName: 'ppk-callback', phoneNumber: '600000500' });
  assert.equal(r.status, 500);
  assert.equal(r.res.headers.get('content-type'), 'text/plain; charset=utf-8');
});

test('wrong methods and unknown callback paths', async () => {
  const { sim } = makeSim();
  assert.equal((await call(sim, '/api/callback/v3/create')).status, 405);
  assert.equal((await call(sim, '/api/callback/v1/ppk-callback/availability', { form: {} })).status, 405);
  assert.equal((await call(sim, '/api/callback/v2/x')).status, 404);
});
