import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';
import { PPK_OFFER } from '../../demo/simulator/engagement.js';

const invites = (sim, query = {}, headers = {}) =>
  call(
    sim,
    `/api/gwe/server/data/invites?${new URLSearchParams({ result: 'pending', media: 'chat', visitID: 'v1', pageID: 'p1', alias: '', engagementID: '', webengagement: 'true', ...query })}`,
    {
      headers,
    },
  );
const agent = (sim) => ({ authorization: `Bearer ${sim.agentToken}` });

test('a rule invites after its seconds on a page whose path it names, once per visit', async () => {
  const { sim, clock } = makeSim();
  const set = await call(sim, '/__control/engagement', { json: { rules: [{ afterSeconds: 20, path: '/en' }] } });
  assert.equal(set.status, 200);
  assert.equal((await invites(sim, {}, { referer: 'http://sim.test/en' })).body.invites.length, 0);
  // Another page of the same visit starts its own count, and the rule does not match its path.
  assert.equal((await invites(sim, { pageID: 'p2' }, { referer: 'http://sim.test/kontakt' })).body.invites.length, 0);
  clock.advance(20_000);
  assert.equal((await invites(sim, { pageID: 'p2' }, { referer: 'http://sim.test/kontakt' })).body.invites.length, 0);
  const due = (await invites(sim)).body.invites;
  assert.equal(due.length, 1);
  assert.equal(due[0].subject, 'Need help?');
  assert.equal(due[0].inviteTimeout, 30000);
  assert.match(due[0].actionID, /^action-/);
  assert.equal((await invites(sim)).body.invites.length, 0, 'handed out once');
  assert.equal((await invites(sim, { visitID: 'v2', pageID: 'p9' }, { referer: 'http://sim.test/en' })).body.invites.length, 0, 'a new visit counts anew');
});

test('the invites route needs the visit ids and media chat', async () => {
  const { sim } = makeSim();
  assert.equal((await invites(sim, { visitID: '' })).status, 400);
  assert.equal((await invites(sim, { media: 'voice' })).status, 400);
});

test('/__control/engagement queues an invite or an offer now, for one visit or the next to ask', async () => {
  const { sim } = makeSim();
  const queued = await call(sim, '/__control/engagement', { json: { invite: { subject: 'Hello' }, visitID: 'v1' } });
  assert.equal(queued.body.invite.subject, 'Hello');
  assert.equal((await invites(sim, { visitID: 'v2' })).body.invites.length, 0);
  assert.equal((await invites(sim)).body.invites[0].engagementID, queued.body.invite.engagementID);
  await call(sim, '/__control/engagement', { json: { offer: true } });
  const [offerInvite] = (await invites(sim, { visitID: 'v3' })).body.invites;
  assert.deepEqual(offerInvite.offer, { ...PPK_OFFER, cta: { ...PPK_OFFER.cta } });
  // The engagement's own invite, asked by its id.
  const byId = await invites(sim, { result: 'invite', engagementID: offerInvite.engagementID });
  assert.equal(byId.body.invites[0].engagementID, offerInvite.engagementID);
});

test('the offers feed answers the PPK offer whose call to action opens the callback', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/gwe/server/data/offers');
  assert.equal(r.status, 200);
  assert.equal(r.body.offer.cta.command, 'Callback.open');
  assert.equal(r.body.offer.mode, 'overlay');
});

test('dispositions (JSON or a beacon’s text) and tracked events are recorded; the control API shows them to the agent only', async () => {
  const { sim } = makeSim();
  const disposition = { actionID: 'a', engagementID: 'e', media: 'chat', result: 'accept', code: 'OK', visitID: 'v1', pageID: 'p1' };
  assert.equal((await call(sim, '/api/gwe/server/data/dispositions', { json: disposition })).status, 204);
  const beacon = await call(sim, '/api/gwe/server/data/dispositions', {
    method: 'POST',
    body: JSON.stringify({ ...disposition, result: 'pageExit' }),
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  });
  assert.equal(beacon.status, 204);
  assert.equal((await call(sim, '/api/gwe/server/data/dispositions', { json: { ...disposition, result: 'maybe' } })).status, 400);
  assert.equal((await call(sim, '/api/gwe/server/data/events', { json: { visitID: 'v1', pageID: 'p1', name: 'WebChat.opened', data: { x: 1 } } })).status, 204);
  assert.equal((await call(sim, '/api/gwe/server/data/events', { json: { name: '<script>' } })).status, 400);
  assert.equal((await call(sim, '/__control/engagement')).status, 401);
  const seen = (await call(sim, '/__control/engagement', { headers: agent(sim) })).body;
  assert.deepEqual(
    seen.dispositions.map(({ result, beacon: b }) => [result, b]),
    [
      ['accept', false],
      ['pageExit', true],
    ],
  );
  assert.deepEqual(
    seen.events.map(({ name, data }) => [name, data]),
    [['WebChat.opened', { x: 1 }]],
  );
});

test('the stand-in tracking script is JavaScript that takes over the _gt queue', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/gwe/server/resources/js/build/GTCJ.min.js');
  assert.equal(r.status, 200);
  assert.match(r.res.headers.get('content-type'), /^text\/javascript/);
  assert.match(r.body, /window\._gt = \{ push:/);
  assert.doesNotMatch(r.body, /eval|innerHTML|new Function/);
});

test('the control route refuses other sites and non-JSON bodies, and bad rules', async () => {
  const { sim } = makeSim();
  assert.equal((await call(sim, '/__control/engagement', { json: { offer: true }, headers: { origin: 'http://evil.test' } })).status, 403);
  assert.equal((await call(sim, '/__control/engagement', { method: 'POST', body: '{}', headers: { 'content-type': 'text/plain' } })).status, 415);
  assert.equal((await call(sim, '/__control/engagement', { json: { rules: [{ afterSeconds: -1 }] } })).status, 400);
  assert.equal((await call(sim, '/__control/engagement', { json: { rules: [{ path: 'en' }] } })).status, 400);
});
