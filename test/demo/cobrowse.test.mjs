import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';
import { COBROWSE_LIMITS } from '../../demo/simulator/cobrowse.js';

const agent = (sim) => ({ authorization: `Bearer ${sim.agentToken}` });
const meta = { type: 4, data: { href: 'http://x/', width: 800, height: 600 }, timestamp: 1 };
const full = { type: 2, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } }, timestamp: 2 };
const move = (n) => ({ type: 3, data: { source: 1, positions: [{ x: n, y: n, id: 1, timeOffset: 0 }] }, timestamp: 3 + n });

async function open(sim) {
  const r = await call(sim, '/api/cobrowse/sessions', { json: {} });
  assert.equal(r.status, 201);
  assert.match(r.body.token, /^\d{9}$/);
  return r.body.token;
}

test('online follows office hours by default and the control API forces it on or off', async () => {
  const { sim, clock } = makeSim(); // Monday 10:00 Warsaw
  assert.deepEqual((await call(sim, '/api/cobrowse/status')).body, { online: true });
  clock.set(Date.parse('2025-03-03T19:00:00+01:00'));
  assert.deepEqual((await call(sim, '/api/cobrowse/status')).body, { online: false });
  assert.equal((await call(sim, '/api/cobrowse/sessions', { json: {} })).status, 503);
  const on = await call(sim, '/__control/cobrowse', { json: { online: true } });
  assert.equal(on.status, 200);
  assert.equal(on.body.online, true);
  assert.deepEqual((await call(sim, '/api/cobrowse/status')).body, { online: true });
  assert.equal((await call(sim, '/__control/cobrowse', { json: { online: 'yes' } })).status, 400);
  assert.equal((await call(sim, '/__control')).body.cobrowse.mode, true);
});

test('a session relays the visitor events to the agent in order, from a cursor', async () => {
  const { sim } = makeSim();
  const token = await open(sim);
  assert.equal((await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [meta, full, move(1)] })).status, 204);
  const first = await call(sim, `/api/agent/cobrowse/${token}?after=0`, { headers: agent(sim) });
  assert.equal(first.status, 200);
  assert.deepEqual(first.body.events, [meta, full, move(1)]);
  assert.equal(first.body.next, 3);
  assert.equal(first.body.ended, null);
  await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [move(2)] });
  const second = await call(sim, `/api/agent/cobrowse/${token}?after=3`, { headers: agent(sim) });
  assert.deepEqual(second.body.events, [move(2)]);
  const list = await call(sim, '/api/agent/cobrowse', { headers: agent(sim) });
  assert.deepEqual(
    list.body.sessions.map((s) => s.token),
    [token],
  );
});

test('the agent API needs the agent token; the relay refuses another site and malformed batches', async () => {
  const { sim } = makeSim();
  const token = await open(sim);
  assert.equal((await call(sim, `/api/agent/cobrowse/${token}`)).status, 401);
  const cross = await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [meta], headers: { origin: 'http://evil.test' } });
  assert.equal(cross.status, 403);
  assert.equal((await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: { type: 4 } })).status, 400);
  assert.equal((await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [{ nope: 1 }] })).status, 400);
  assert.equal((await call(sim, '/api/cobrowse/sessions/123/events', { json: [meta] })).status, 404);
});

test('a new full snapshot drops what came before it: the relay keeps one replayable stretch', async () => {
  const { sim } = makeSim();
  const token = await open(sim);
  await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [meta, full, move(1), move(2)] });
  await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [meta, full, move(3)] });
  const late = await call(sim, `/api/agent/cobrowse/${token}?after=0`, { headers: agent(sim) });
  assert.deepEqual(late.body.events, [meta, full, move(3)]);
  assert.equal(late.body.next, 7);
  // An agent who read up to 2 is behind the new snapshot: it gets it whole, and is told to restart.
  const behind = await call(sim, `/api/agent/cobrowse/${token}?after=2`, { headers: agent(sim) });
  assert.equal(behind.body.restart, true);
  assert.deepEqual(behind.body.events, [meta, full, move(3)]);
});

test("the visitor's Stop ends the session at once and the agent is told; later batches are refused", async () => {
  const { sim } = makeSim();
  const token = await open(sim);
  await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [meta, full] });
  assert.equal((await call(sim, `/api/cobrowse/sessions/${token}`, { method: 'DELETE' })).status, 204);
  const seen = await call(sim, `/api/agent/cobrowse/${token}?after=0`, { headers: agent(sim) });
  assert.equal(seen.body.ended, 'visitor');
  assert.deepEqual(seen.body.events, [], 'nothing of the page is kept after the end');
  const late = await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [move(1)] });
  assert.equal(late.status, 410);
  assert.equal(late.body.reason, 'visitor');
});

test('the agent ends a session: the visitor learns it from the next batch (410, reason agent)', async () => {
  const { sim } = makeSim();
  const token = await open(sim);
  assert.deepEqual((await call(sim, `/api/agent/cobrowse/${token}/end`, { method: 'POST', headers: agent(sim) })).body, { ended: 'agent' });
  const r = await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [move(1)] });
  assert.equal(r.status, 410);
  assert.equal(r.body.reason, 'agent');
});

test('bounded in size: a session past its bytes ends (413, reason size)', async () => {
  const { sim } = makeSim();
  const token = await open(sim);
  const big = { type: 3, data: { source: 0, texts: [{ id: 1, value: 'x'.repeat(1024 * 1024) }] }, timestamp: 5 };
  let last;
  for (let i = 0; i < Math.ceil(COBROWSE_LIMITS.maxBytes / (1024 * 1024)) + 1; i++) {
    last = await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [big] });
    if (last.status !== 204) break;
  }
  assert.equal(last.status, 413);
  assert.equal(last.body.reason, 'size');
  const seen = await call(sim, `/api/agent/cobrowse/${token}?after=0`, { headers: agent(sim) });
  assert.equal(seen.body.ended, 'size');
  const oversized = await open(sim);
  const huge = await call(sim, `/api/cobrowse/sessions/${oversized}/events`, {
    body: 'x'.repeat(COBROWSE_LIMITS.maxBatchBytes + 1),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(huge.status, 413);
});

test('bounded in time: idle and old sessions end; ended ones are forgotten; the number open is capped', async () => {
  const { sim, clock } = makeSim();
  const idle = await open(sim);
  clock.advance(COBROWSE_LIMITS.idleMs + 1);
  assert.equal((await call(sim, `/api/agent/cobrowse/${idle}`, { headers: agent(sim) })).body.ended, 'idle');
  const old = await open(sim);
  for (let t = 0; t <= COBROWSE_LIMITS.maxAgeMs; t += COBROWSE_LIMITS.idleMs / 2) {
    clock.advance(COBROWSE_LIMITS.idleMs / 2);
    await call(sim, `/api/cobrowse/sessions/${old}/events`, { json: [move(1)] });
  }
  assert.equal((await call(sim, `/api/agent/cobrowse/${old}`, { headers: agent(sim) })).body.ended, 'time');
  clock.advance(COBROWSE_LIMITS.keepEndedMs + 1);
  assert.equal((await call(sim, `/api/agent/cobrowse/${idle}`, { headers: agent(sim) })).status, 404);
  for (let i = 0; i < COBROWSE_LIMITS.maxSessions; i++) await open(sim);
  assert.equal((await call(sim, '/api/cobrowse/sessions', { json: {} })).status, 429);
});

test('forced offline ends the open sessions', async () => {
  const { sim } = makeSim();
  const token = await open(sim);
  await call(sim, '/__control/cobrowse', { json: { online: false } });
  const r = await call(sim, `/api/cobrowse/sessions/${token}/events`, { json: [move(1)] });
  assert.equal(r.status, 410);
});
