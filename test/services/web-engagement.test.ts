import { expect } from '@esm-bundle/chai';
import { http, HttpResponse } from 'msw';
import { createEngagementService, trackerUrl, type Disposition } from '../../src/services/web-engagement.ts';
import { HttpError } from '../../src/http/request.ts';
import { MalformedAnswer } from '../../src/services/answer.ts';
import { createManualClock } from '../../demo/simulator/index.js';
import { controlData, startSimulator } from '../helpers/simulator.ts';
import { NODE_ORIGIN } from '../helpers/msw.ts';

const endpoint = `${NODE_ORIGIN}/api/gwe/`;
const ids = { visitID: 'visit-1', pageID: 'page-1', alias: 'anna' };
const control = (body: unknown) =>
  fetch('/__control/engagement', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const state = async () =>
  (await (await controlData('/__control/engagement')).json()) as { dispositions: Record<string, unknown>[]; requests: Record<string, unknown>[] };

describe('web engagement service against the simulator', () => {
  const clock = createManualClock();
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  const seen: Array<{ url: string; init?: RequestInit }> = [];
  const recording: typeof fetch = (input, init) => {
    seen.push({ url: String(input), init });
    return fetch(input, init);
  };
  const service = createEngagementService({ endpoint, fetch: recording });

  before(async () => {
    sim = await startSimulator({ clock });
  });
  beforeEach(async () => {
    seen.length = 0;
    await control({ reset: true });
  });
  after(() => sim.dispose());

  it('asks {endpoint}/server/data/invites with credentials and the visit ids', async () => {
    expect(await service.invites(ids)).to.deep.equal([]);
    const url = new URL(seen[0]!.url);
    expect(url.pathname).to.equal('/api/gwe/server/data/invites');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      result: 'pending',
      media: 'chat',
      visitID: 'visit-1',
      pageID: 'page-1',
      alias: 'anna',
      engagementID: '',
      webengagement: 'true',
    });
    expect(seen[0]!.init?.credentials).to.equal('include');
    expect((await state()).requests).to.have.length(1);
  });

  it('hands out a rule’s invite after its seconds on the page, once', async () => {
    await control({ rules: [{ afterSeconds: 20, invite: { subject: 'Questions about PPK?', inviteTimeout: 15000 } }] });
    expect(await service.invites(ids)).to.deep.equal([]);
    clock.advance(20_000);
    const [invite] = await service.invites(ids);
    expect(invite).to.include({ subject: 'Questions about PPK?', inviteTimeout: 15000, media: 'chat' });
    expect(invite!.engagementID).to.match(/^engagement-/);
    expect(await service.invites(ids)).to.deep.equal([]);
    // The engagement's own invite, asked by its id.
    expect(await service.invites(ids, invite!.engagementID)).to.deep.equal([invite]);
    expect(new URL(seen.at(-1)!.url).searchParams.get('result')).to.equal('invite');
  });

  it('an invite queued by the control API comes with the next request; an offer one carries the feed’s offer', async () => {
    await control({ offer: true });
    const [invite] = await service.invites(ids);
    expect(invite!.offer).to.deep.include({ cta: { command: 'Callback.open' } });
  });

  it('posts a disposition with the visit ids, and a beacon’s text body is taken as well', async () => {
    const disposition: Disposition = { actionID: 'a1', engagementID: 'e1', media: 'chat', result: 'accept', code: 'OK' };
    await service.sendDisposition(disposition, ids);
    expect(seen[0]!.init?.credentials).to.equal('include');
    const beacons: Array<{ url: string; data: string }> = [];
    const beaconing = createEngagementService({ endpoint, sendBeacon: (url, data) => (beacons.push({ url, data }), true) });
    expect(beaconing.beaconDisposition({ ...disposition, result: 'pageExit', code: undefined }, ids)).to.equal(true);
    expect(beacons[0]!.url).to.equal(`${NODE_ORIGIN}/api/gwe/server/data/dispositions`);
    // What the browser's beacon sends: the string as text/plain.
    await fetch(beacons[0]!.url, { method: 'POST', body: beacons[0]!.data });
    const { dispositions } = await state();
    expect(dispositions.map(({ result, code, visitID, beacon }) => ({ result, code, visitID, beacon }))).to.deep.equal([
      { result: 'accept', code: 'OK', visitID: 'visit-1', beacon: false },
      { result: 'pageExit', code: undefined, visitID: 'visit-1', beacon: true },
    ]);
  });

  it('without sendBeacon the beacon says it was not sent', () => {
    expect(createEngagementService({ endpoint }).beaconDisposition({ actionID: '', engagementID: '', media: 'chat', result: 'pageExit' }, ids)).to.equal(false);
  });

  it('names the tracking script of an endpoint', () => {
    expect(trackerUrl('https://gwe.example.com/')).to.equal('https://gwe.example.com/server/resources/js/build/GTCJ.min.js');
  });
});

describe('web engagement service failures', () => {
  before(() => startSimulator());

  it('a malformed invites answer names where it is wrong', async () => {
    const service = createEngagementService({
      endpoint: 'https://gwe.test',
      fetch: async () => HttpResponse.json({ invites: [{ subject: 42 }] }),
    });
    const error = await service.invites(ids).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(MalformedAnswer);
    expect((error as Error).message).to.equal('The invites answer is malformed at invites[0].subject: must be a string');
  });

  it('an error status is an HttpError of kind status', async () => {
    const { worker } = await startSimulator();
    worker.use(http.get('*/api/gwe/server/data/invites', () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    const error = await createEngagementService({ endpoint })
      .invites(ids)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).to.be.instanceOf(HttpError);
    expect((error as HttpError).kind).to.equal('status');
    expect((error as HttpError).status).to.equal(503);
  });
});
