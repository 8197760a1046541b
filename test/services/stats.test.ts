import { expect } from '@esm-bundle/chai';
import { http, HttpResponse, delay } from 'msw';
import { fetchGroupWait, fetchQueueWaits, StatsError, statsMessages } from '../../src/services/stats.ts';
import { startSimulator } from '../helpers/simulator.ts';
import { createManualClock } from '../../demo/simulator/index.js';
import { startMocks } from '../helpers/msw.ts';

const fail = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );

describe('stats service against the simulator', () => {
  const clock = createManualClock();
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  before(async () => {
    sim = await startSimulator({ clock });
  });
  after(() => sim.dispose());

  it('v1: GET ?name=&aqt= with the apikey header', async () => {
    expect(await fetchQueueWaits({ apiVersion: 'v1', dataURL: '/api/stats/v1', apikey: 'demo-key', aqt: 30 }, ['PPK_Chat', 'PPK_Callback'])).to.deep.equal([
      { virtualQueue: 'PPK_Chat', ewt: 45 },
      { virtualQueue: 'PPK_Callback', ewt: 30 },
    ]);
  });

  it('v2: GET /{mode}?vq= with the apikey header', async () => {
    expect(await fetchQueueWaits({ apiVersion: 'v2', dataURL: '/api/stats/v2', apikey: 'demo-key', mode: 'mode2' }, 'PPK_Chat')).to.deep.equal([
      { virtualQueue: 'PPK_Chat', ewt: 45 },
    ]);
  });

  it('v3: GET ?virtual-queues=&mode= with the x-api-key header (v1 is the default)', async () => {
    expect(await fetchQueueWaits({ apiVersion: 'v3', dataURL: '/api/stats/v3', apikey: 'demo-key' }, ['Unknown_Q'])).to.deep.equal([
      { virtualQueue: 'Unknown_Q', ewt: -1 },
    ]);
    // The v1 header sent to v3 is refused by the simulator (401): the request failed.
    expect(await fail(fetchQueueWaits({ apiVersion: 'v1', dataURL: '/api/stats/v3', apikey: 'demo-key' }, ['PPK_Chat']))).to.equal(statsMessages.failed);
  });

  it("the deployment's group EWT answers the wait and the server time, and follows the simulator's clock", async () => {
    const config = { groupEWT: { url: '/api/ewt/group', queue: 'PPK_Chat' } };
    const first = await fetchGroupWait(config);
    expect(first.ewt).to.equal(45);
    await fetch('/__control/wait', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ queue: 'PPK_Chat', ewt: 12000 }),
    });
    clock.advance(60_000);
    const later = await fetchGroupWait(config);
    expect(later).to.deep.equal({ ewt: 12000, time: first.time + 60 });
  });

  it('rejects a bad configuration or queue list before any request', async () => {
    expect(await fail(fetchQueueWaits({}, ['Q']))).to.equal('Invalid EWT configuration');
    expect(await fail(fetchQueueWaits({ dataURL: '/x', apiVersion: 'v9' as 'v1' }, ['Q']))).to.equal('Invalid EWT configuration');
    expect(await fail(fetchQueueWaits({ dataURL: '/x' }, []))).to.equal('Invalid Stats vqname configuration');
    expect(await fail(fetchQueueWaits({ dataURL: '/x' }, [42]))).to.equal('Invalid Stats vqname configuration');
    expect(await fail(fetchGroupWait({}))).to.equal('Invalid EWT configuration');
    expect(await fail(fetchGroupWait({ groupEWT: { url: '/api/ewt/group' } }))).to.equal('Invalid Stats vqname configuration');
  });
});

describe('stats service failures', () => {
  const v1 = { dataURL: '/stats', apikey: 'k', timeout: 200 };
  const group = { groupEWT: { url: '/ewt', queue: 'Q', timeout: 200 } };

  it('a timeout (3000 ms by default, here 200 ms) fails with the spec message', async () => {
    await startMocks(
      http.get('/stats', async () => (await delay(1000), HttpResponse.json({ data: [] }))),
      http.get('/ewt', async () => (await delay(1000), HttpResponse.json({}))),
    );
    expect(await fail(fetchQueueWaits(v1, ['Q']))).to.equal(statsMessages.failed);
    expect(await fail(fetchGroupWait(group))).to.equal(statsMessages.failed);
  });

  it('a 5xx fails with the spec message', async () => {
    await startMocks(
      http.get('/stats', () => new HttpResponse('down', { status: 503 })),
      http.get('/ewt', () => HttpResponse.json({ error: 'x' }, { status: 500 })),
    );
    expect(await fail(fetchQueueWaits(v1, ['Q']))).to.equal(statsMessages.failed);
    expect(await fail(fetchGroupWait(group))).to.equal(statsMessages.failed);
  });

  it('an empty answer is rejected', async () => {
    await startMocks(
      http.get('/stats', () => new HttpResponse('', { status: 200 })),
      http.get('/ewt', () => HttpResponse.json({})),
    );
    expect(await fail(fetchQueueWaits(v1, ['Q']))).to.equal(statsMessages.empty);
    expect(await fail(fetchGroupWait(group))).to.equal(statsMessages.empty);
    await startMocks(http.get('/stats', () => HttpResponse.json({ data: [] })));
    expect(await fail(fetchQueueWaits(v1, ['Q']))).to.equal(statsMessages.empty);
  });

  it('a malformed answer is a clear error naming where it went wrong', async () => {
    await startMocks(
      http.get('/stats', () => new HttpResponse('{oops', { status: 200 })),
      http.get('/ewt', () => HttpResponse.json({ ewt: 'soon', time: 1 })),
    );
    expect(await fail(fetchQueueWaits(v1, ['Q']))).to.equal('The EWT response is not JSON');
    expect(await fail(fetchGroupWait(group))).to.equal('The EWT response is malformed at ewt: must be a number of seconds');
    await startMocks(
      http.get('/stats', () => HttpResponse.json({ data: [{ virtualQueue: 'A', ewt: 3 }, { virtualQueue: 'Q' }] })),
      http.get('/ewt', () => HttpResponse.json({ ewt: 5 })),
    );
    expect(await fail(fetchQueueWaits(v1, ['Q']))).to.equal('The EWT response is malformed at data[1]: must have estimatedWaitTime or ewt in seconds');
    expect(await fail(fetchGroupWait(group))).to.equal('The EWT response is malformed at time: is missing');
    await startMocks(http.get('/stats', () => HttpResponse.json({ data: { Q: 5 } })));
    const error = await fetchQueueWaits(v1, ['Q']).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StatsError);
    expect((error as StatsError).kind).to.equal('malformed');
    expect((error as StatsError).message).to.equal('The EWT response is malformed at data: must be a list');
  });

  it('reads estimatedWaitTime or ewt', async () => {
    await startMocks(
      http.get('/stats', () =>
        HttpResponse.json({
          data: [
            { virtualQueue: 'A', ewt: 5 },
            { virtualQueue: 'B', estimatedWaitTime: 7, ewt: 1 },
          ],
        }),
      ),
    );
    expect(await fetchQueueWaits(v1, 'A,B')).to.deep.equal([
      { virtualQueue: 'A', ewt: 5 },
      { virtualQueue: 'B', ewt: 7 },
    ]);
  });
});
