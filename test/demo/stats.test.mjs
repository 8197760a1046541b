import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';

test('group EWT answers ewt in seconds and server time in seconds', async () => {
  const { sim, clock } = makeSim();
  const r = await call(sim, '/api/ewt/group?name=PPK_Chat');
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { ewt: 45, time: Math.floor(clock.now() / 1000) });
});

test('group EWT: unknown queue is -1, several names give the largest and per-queue values', async () => {
  const { sim } = makeSim();
  assert.equal((await call(sim, '/api/ewt/group?name=Nope')).body.ewt, -1);
  const r = await call(sim, '/api/ewt/group?name=PPK_Chat,PPK_Callback,Nope');
  assert.equal(r.body.ewt, 45);
  assert.deepEqual(r.body.queues, { PPK_Chat: 45, PPK_Callback: 30, Nope: -1 });
});

test('group EWT without a name is 400 with an error body', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/ewt/group');
  assert.equal(r.status, 400);
  assert.match(r.body.error, /name/);
});

test('stats v1: ?name=&aqt= with apikey header → data[] with estimatedWaitTime', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/stats/v1?name=PPK_Chat&aqt=30', { headers: { apikey: 'demo-key' } });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { data: [{ virtualQueue: 'PPK_Chat', estimatedWaitTime: 45 }] });
  assert.equal((await call(sim, '/api/stats/v1?name=PPK_Chat&aqt=x', { headers: { apikey: 'k' } })).status, 400);
});

test('stats v2: /{mode}?vq=a,b → data[] with ewt', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/stats/v2/mode1?vq=PPK_Chat,PPK_Callback', { headers: { apikey: 'demo-key' } });
  assert.deepEqual(r.body.data, [
    { virtualQueue: 'PPK_Chat', ewt: 45 },
    { virtualQueue: 'PPK_Callback', ewt: 30 },
  ]);
  assert.equal((await call(sim, '/api/stats/v2/bogus?vq=a', { headers: { apikey: 'k' } })).status, 400);
  assert.equal((await call(sim, '/api/stats/v2/mode2', { headers: { apikey: 'k' } })).status, 400);
});

test('stats v3: ?virtual-queues=&mode= with x-api-key → both field names', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/stats/v3?virtual-queues=PPK_Chat&mode=mode2', { headers: { 'x-api-key': 'demo-key' } });
  assert.deepEqual(r.body.data, [{ virtualQueue: 'PPK_Chat', estimatedWaitTime: 45, ewt: 45 }]);
});

test('stats api keys: missing header 401, the documented invalid key 403, wrong header name counts as missing', async () => {
  const { sim } = makeSim();
  assert.equal((await call(sim, '/api/stats/v1?name=PPK_Chat')).status, 401);
  assert.equal((await call(sim, '/api/stats/v1?name=PPK_Chat', { headers: { apikey: 'invalid-key' } })).status, 403);
  const v3 = await call(sim, '/api/stats/v3?virtual-queues=PPK_Chat', { headers: { apikey: 'demo-key' } });
  assert.equal(v3.status, 401);
  assert.match(v3.body.error, /x-api-key/);
});

test('stats: POST is 405', async () => {
  const { sim } = makeSim();
  assert.equal((await call(sim, '/api/ewt/group?name=a', { method: 'POST', body: 'x' })).status, 405);
});
