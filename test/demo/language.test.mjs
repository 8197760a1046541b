// The simulator's own messages in the language of the request (issue 10, item 20: the Polish pages
// showed 'Simulated failure' in a Polish dialog).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';
import { requestLanguage, SIMULATOR_TEXTS } from '../../demo/simulator/texts.js';
import { startServer } from '../../demo/server.mjs';

const form = { firstName: 'Anna', lastName: 'Nowak', fromAddress: 'anna@example.com', subject: 'Wpłaty', text: 'Ile?' };

test('an injected failure answers in Polish for a Polish request, in English otherwise', async () => {
  const { sim } = makeSim();
  await call(sim, '/__control/faults', { json: { endpoint: '*', failureRate: 1 } });
  const pl = await call(sim, '/api/sendmessage', { form, headers: { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' } });
  assert.equal(pl.status, 503);
  assert.equal(pl.body.error, 'Symulowana awaria serwera');
  assert.equal(pl.res.headers.get('content-language'), 'pl');
  const en = await call(sim, '/api/sendmessage', { form, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
  assert.equal(en.body.error, 'Simulated failure');
  assert.equal(en.res.headers.get('content-language'), 'en');
  assert.equal((await call(sim, '/api/sendmessage', { form })).body.error, 'Simulated failure', 'no Accept-Language: English, as the real services');
  const cb = await call(sim, '/api/callback/v3/create', {
    json: { serviceName: 'ppk-callback', phoneNumber: '600100200' },
    headers: { 'x-api-key': 'k', 'accept-language': 'pl' },
  });
  assert.equal(cb.body.error, 'Symulowana awaria serwera');
  const chat = await call(sim, '/api/chat/customer-chat', { form: { firstName: 'Jan' }, headers: { 'accept-language': 'pl' } });
  assert.deepEqual([chat.body.statusCode, chat.body.errors[0].message], [1, 'Symulowana awaria serwera czatu']);
});

test("the simulator's generic errors (404, 500) follow the request's language too", async () => {
  const { sim } = makeSim({ onError: () => {} });
  const notFound = await call(sim, '/api/nothing', { headers: { 'accept-language': 'pl' } });
  assert.equal(notFound.body.error, 'Nie znaleziono');
  sim.state.waits = null; // break the state on purpose: an unexpected error
  const crash = await call(sim, '/api/ewt/group?name=PPK_Chat', { headers: { 'accept-language': 'pl' } });
  assert.deepEqual([crash.status, crash.body.error], [500, 'Wewnętrzny błąd symulatora']);
});

test("the services' contract messages stay English (the library classifies them; the real services answer in English)", async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/callback/v3/create', { json: { serviceName: 'ppk-callback' }, headers: { 'x-api-key': 'k', 'accept-language': 'pl' } });
  assert.match(r.body.message, /customer number/);
});

test('the demo server answers its own 413 in the request language', async () => {
  const server = await startServer({ port: 0 });
  try {
    const big = await fetch(server.url + '/api/sendmessage', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'pl' },
      body: 'a='.padEnd(26 * 1024 * 1024, 'x'),
    });
    assert.equal(big.status, 413);
    assert.equal((await big.json()).error, 'Treść żądania jest zbyt duża');
  } finally {
    await server.close();
  }
});

test('requestLanguage: the first supported range by q-value; English when none', () => {
  const lang = (value) => requestLanguage(new Request('http://x/', { headers: value === undefined ? {} : { 'accept-language': value } }));
  assert.equal(lang('pl-PL,pl;q=0.9,en-US;q=0.8'), 'pl');
  assert.equal(lang('de-DE,pl;q=0.5,en;q=0.4'), 'pl');
  assert.equal(lang('en;q=0.4,pl;q=0.6'), 'pl');
  assert.equal(lang('en-GB'), 'en');
  assert.equal(lang('de, fr'), 'en');
  assert.equal(lang('pl;q=0'), 'en');
  assert.equal(lang('*'), 'en');
  assert.equal(lang(undefined), 'en');
  assert.deepEqual(Object.keys(SIMULATOR_TEXTS.pl).sort(), Object.keys(SIMULATOR_TEXTS.en).sort(), 'every message in both languages');
});
