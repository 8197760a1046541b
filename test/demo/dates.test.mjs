// Bad dates are a 400 with a message, never a 500 (issue 10, item 19: start=+275760-09-13 answered
// 500 RangeError), and impossible or far-off dates are not silently rolled into other ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';
import { parseIso } from '../../demo/simulator/tz.js';

const v3 = (q) => `/api/callback/v3/availability/ppk-callback?${q}`;
const v1 = (q) => `/api/callback/v1/ppk-callback/availability?${q}`;

test('availability: expanded, impossible, malformed and out-of-range start / end dates are 400 code 501 naming the parameter', async () => {
  const errors = [];
  const { sim } = makeSim({ onError: (e) => errors.push(e) });
  const bad = [
    ['start=+275760-09-13', /start/],
    ['start=275760-09-13', /start/],
    ['start=-000001-01-01', /start/],
    ['start=2025-02-30', /start/],
    ['start=2025-13-01', /start/],
    ['start=2025-03-04T25:00:00Z', /start/],
    ['start=March%204%2C%202025', /start/],
    ['start=1969-12-31', /years 1970 to 9999/],
    ['start=2025-03-04&end=%2B275760-09-13', /end/],
    ['start=2025-03-04&end=2025-02-29', /end/],
  ];
  for (const [query, message] of bad) {
    for (const path of [v3(query), v1(query)]) {
      const r = await call(sim, path);
      assert.equal(r.status, 400, path);
      assert.equal(r.body.code, 501, path);
      assert.match(r.body.message, message, path);
    }
  }
  const edge = await call(sim, v3('start=9999-12-31&numberOfDays=31'));
  assert.equal(edge.status, 200, 'the last supported day, with days past it, still answers');
  assert.deepEqual(errors, [], 'no handler threw');
});

test('availability: good dates still work (date, UTC date-time, offset, zone-less = Warsaw wall time)', async () => {
  const { sim } = makeSim();
  for (const start of ['2025-03-04', '2025-03-04T00:00:00Z', '2025-03-04T08:00:00%2B01:00', '2025-03-04T09:00']) {
    const r = await call(sim, v3(`start=${start}&numberOfDays=1`));
    assert.equal(r.status, 200, start);
    assert.equal(r.body.data.slots[0].localTime, '2025-03-04T09:00:00+01:00', start);
  }
});

test('create: a desired time that is expanded, impossible, malformed or date-only is 501, not booked', async () => {
  const { sim } = makeSim();
  for (const desiredTime of ['+275760-09-13T10:00:00Z', '275760-09-13T10:00:00Z', '2025-02-30T10:00:00Z', '2025-03-04T24:00:00Z', '2025-03-04', 'tomorrow']) {
    const r3 = await call(sim, '/api/callback/v3/create', {
      json: { serviceName: 'ppk-callback', phoneNumber: '600100200', desiredTime },
      headers: { 'x-api-key': 'k' },
    });
    assert.deepEqual([r3.status, r3.body.code], [400, 501], `v3 ${desiredTime}`);
    const r1 = await call(sim, '/api/callback/v1/ppk-callback', {
      form: { _customer_number: '600100201', _desired_time: desiredTime },
      headers: { apikey: 'k' },
    });
    assert.deepEqual([r1.status, r1.body.code], [400, 501], `v1 ${desiredTime}`);
  }
  assert.equal(sim.state.callbacks.length, 0);
  const ok = await call(sim, '/api/callback/v3/create', {
    json: { serviceName: 'ppk-callback', phoneNumber: '600100200', desiredTime: '2025-03-04T09:15:00Z' },
    headers: { 'x-api-key': 'k' },
  });
  assert.equal(ok.status, 200);
});

test('control clock and slot capacities: out-of-range or impossible dates are 400 and leave the clock working', async () => {
  const errors = [];
  const { sim } = makeSim({ onError: (e) => errors.push(e) });
  const bad = [
    ['/__control/clock', { time: '+275760-09-13T00:00:00Z' }],
    ['/__control/clock', { time: 8.64e15 }],
    ['/__control/clock', { time: -1 }],
    ['/__control/clock', { time: '2025-03-04' }],
    ['/__control/clock', { offsetMs: -1e13 }],
    ['/__control/clock', { warsawTime: '10:00', date: '9999-99-99' }],
    ['/__control/clock', { warsawTime: '10:00', date: '2025-02-30' }],
    ['/__control/clock', { warsawTime: '24:00' }],
    ['/__control/slots', { capacities: { '+275760-09-13T00:00:00Z': 1 } }],
    ['/__control/slots', { capacities: { '2025-03-04': 1 } }],
  ];
  for (const [path, body] of bad) {
    const r = await call(sim, path, { json: body });
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.ok(r.body.error, JSON.stringify(body));
  }
  assert.equal(sim.state.clockOffsetMs, 0);
  assert.equal(sim.state.slots.overrides.size, 0);
  assert.equal((await call(sim, v3('start=2025-03-04'))).status, 200);
  assert.deepEqual(errors, []);
});

test('control: a refused wait or capacity list changes nothing (bounds are checked before anything is stored)', async () => {
  const { sim } = makeSim();
  const waits = Object.fromEntries(Array.from({ length: 1200 }, (_, i) => [`Q${i}`, 1]));
  assert.equal((await call(sim, '/__control/wait', { json: { waits } })).status, 400);
  assert.equal(sim.state.waits.size, 2, 'no queue of the refused call was kept');
  const capacities = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [new Date(Date.UTC(2025, 2, 4) + i * 60000).toISOString(), 1]));
  assert.equal((await call(sim, '/__control/slots', { json: { capacities } })).status, 400);
  assert.equal(sim.state.slots.overrides.size, 0);
});

test('parseIso: strict ISO 8601 within years 1970-9999', () => {
  assert.equal(parseIso('2025-03-04T10:00:00Z').epoch, Date.parse('2025-03-04T10:00:00Z'));
  assert.equal(parseIso('2025-03-04T10:00:00.5+02:00').epoch, Date.parse('2025-03-04T08:00:00.500Z'));
  assert.equal(parseIso('2025-07-01T10:00').epoch, Date.parse('2025-07-01T08:00:00Z'), 'zone-less is Warsaw summer time');
  assert.equal(parseIso('2025-03-04').dateOnly, true);
  for (const bad of ['+275760-09-13', '2025-3-4', '2025-03-04T10', '2025-03-04 10:00', '2025-03-04T10:00:00+24:00', '1969-12-31T23:59:59Z', 'now', '', 5]) {
    assert.equal(parseIso(bad), null, String(bad));
  }
});
