import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';

const key = { apikey: 'demo-key' };
const ask = (sim, form = { _customer_number: '+48600100200', _provide_code: 'true' }) => call(sim, '/api/clicktocall', { form, headers: key });

test('leases the pool in order, each number with a code, a tel: link and the expiry; a JSON body too', async () => {
  const { sim } = makeSim();
  const first = await ask(sim);
  assert.equal(first.status, 200);
  assert.deepEqual(
    { ...first.body, _id: undefined },
    { _id: undefined, _access_number: '+48 22 100 30 01', _access_code: '1000', _tel_url: 'tel:+48221003001,,1000#', _expiration_time: 120 },
  );
  const second = await call(sim, '/api/clicktocall', { json: { _customer_number: '+48600100201', _provide_code: false }, headers: key });
  assert.equal(second.body._access_number, '+48 22 100 30 02');
  assert.equal(second.body._access_code, '');
  assert.equal(second.body._tel_url, 'tel:+48221003002');
  assert.deepEqual((await call(sim, '/__control')).body.clickToCall, { expirySeconds: 120, poolSize: 5, leases: 2, issued: 2 });
});

test('refuses with a service exception: no apikey, no number, a number that is not one, the pool used up', async () => {
  const { sim } = makeSim();
  const noKey = await call(sim, '/api/clicktocall', { form: { _customer_number: '+48600100200' } });
  assert.deepEqual([noKey.status, noKey.body], [401, { exception: 'MissingApiKey', message: 'An API key is required' }]);
  assert.equal((await ask(sim, {})).body.message, 'Please enter a phone number');
  assert.equal((await ask(sim, { _customer_number: '+48 600' })).body.exception, 'InvalidNumber');
  await call(sim, '/__control/clicktocall', { json: { poolSize: 1 } });
  assert.equal((await ask(sim)).status, 200);
  const busy = await ask(sim);
  assert.deepEqual([busy.status, busy.body.exception], [503, 'NoNumberAvailable']);
  assert.equal((await call(sim, '/api/clicktocall')).status, 405);
});

test('an expired lease goes back to the pool; release gives every one back', async () => {
  const { sim, clock } = makeSim();
  await call(sim, '/__control/clicktocall', { json: { poolSize: 1, expirySeconds: 10 } });
  assert.equal((await ask(sim)).body._expiration_time, 10);
  clock.advance(9_999);
  assert.equal((await ask(sim)).status, 503);
  clock.advance(1);
  assert.equal((await ask(sim)).status, 200);
  await call(sim, '/__control/clicktocall', { json: { release: true } });
  assert.equal((await ask(sim)).status, 200);
});

test('a bad control value is refused and changes nothing; faults apply under the key clicktocall', async () => {
  const { sim } = makeSim();
  const bad = await call(sim, '/__control/clicktocall', { json: { poolSize: 3, expirySeconds: 0 } });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error, /expirySeconds must be a whole number from 1 to 3600/);
  assert.equal((await call(sim, '/__control')).body.clickToCall.poolSize, 5);
  await call(sim, '/__control/faults', { json: { endpoint: 'clicktocall', failureRate: 1 } });
  assert.equal((await ask(sim)).status, 503);
  assert.equal((await call(sim, '/__control')).body.clickToCall.leases, 0);
});
