import { expect } from '@esm-bundle/chai';
import { http, HttpResponse } from 'msw';
import { startSimulator } from '../helpers/simulator.ts';
import { createManualClock } from '../../demo/simulator/index.js';
import { startMocks } from '../helpers/msw.ts';
import { checkClickToCallConfig, requestNumber, type ClickToCallFailure, type ClickToCallServiceConfig } from '../../src/services/click-to-call.ts';

const config: ClickToCallServiceConfig = { dataURL: '/api/clicktocall', apikey: 'demo-key', timeout: 3000, userData: { source: 'test' } };
const form = { firstname: 'Jan', lastname: 'Kowalski', phonenumber: '+48600100200' };

const failureOf = async (promise: Promise<unknown>): Promise<ClickToCallFailure> => {
  try {
    await promise;
  } catch (error) {
    return (error as { failure: ClickToCallFailure }).failure;
  }
  throw new Error('expected the request to fail');
};
const control = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('click-to-call service against the simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let clock: ReturnType<typeof createManualClock>;
  beforeEach(async () => {
    clock = createManualClock();
    sim = await startSimulator({ clock });
  });
  afterEach(() => sim.dispose());

  it('leases a number from the pool with an access code, a tel: link that dials it, and the seconds it lasts', async () => {
    const answer = await requestNumber(config, form);
    expect(answer.number).to.equal('+48 22 100 30 01');
    expect(answer.code).to.match(/^\d{4}$/);
    expect(answer.telHref).to.equal(`tel:+48221003001,,${answer.code}#`);
    expect(answer.expiresIn).to.equal(120);
    const second = await requestNumber(config, form);
    expect(second.number).to.equal('+48 22 100 30 02');
  });

  it('sends the spec fields, the form and the user data, form-encoded with the apikey header', async () => {
    let seen: { body: URLSearchParams; apikey: string | null } | undefined;
    await startMocks(
      http.post('/api/clicktocall', async ({ request }) => {
        seen = { body: new URLSearchParams(await request.text()), apikey: request.headers.get('apikey') };
        return HttpResponse.json({ _access_number: '+48221003001', _access_code: '1', _tel_url: 'tel:+48221003001', _expiration_time: 5 });
      }),
    );
    await requestNumber({ ...config, provideAccessCode: false }, { ...form, userData: { page: '/pricing' } });
    expect(seen?.apikey).to.equal('demo-key');
    expect(Object.fromEntries(seen!.body)).to.deep.equal({
      source: 'test',
      page: '/pricing',
      firstname: 'Jan',
      lastname: 'Kowalski',
      _call_direction: 'USERORIGINATED',
      _wait_for_agent: 'false',
      _wait_for_user_confirm: 'false',
      _provide_code: 'false',
      _customer_number: '+48600100200',
    });
  });

  it('without a code or auto-dial the link dials the number alone', async () => {
    const noCode = await requestNumber({ ...config, provideAccessCode: false }, form);
    expect(noCode.code).to.equal('');
    expect(noCode.telHref).to.equal('tel:+48221003001');
    const noAutoDial = await requestNumber({ ...config, autoDialAccessCode: false }, form);
    expect(noAutoDial.code).to.match(/^\d{4}$/);
    expect(noAutoDial.telHref).to.equal('tel:+48221003002');
  });

  it('answers a service exception with its message (a refusal), as the simulator words it', async () => {
    expect(await failureOf(requestNumber(config, { ...form, phonenumber: '12' }))).to.deep.equal({
      kind: 'refused',
      message: 'This phone number is not valid. Please check it and try again.',
    });
    expect(await failureOf(requestNumber({ ...config, apikey: undefined }, form))).to.deep.equal({ kind: 'refused', message: 'An API key is required' });
    await control('/__control/clicktocall', { poolSize: 1 });
    await requestNumber(config, form);
    const busy = await failureOf(requestNumber(config, form));
    expect(busy.kind).to.equal('refused');
    expect(busy.message).to.match(/numbers are in use/);
  });

  it('gives a number back to the pool once it expired', async () => {
    await control('/__control/clicktocall', { poolSize: 1, expirySeconds: 30 });
    const first = await requestNumber(config, form);
    expect(first.expiresIn).to.equal(30);
    clock.advance(29_999);
    expect(await failureOf(requestNumber(config, form))).to.include({ kind: 'refused' });
    clock.advance(1);
    const again = await requestNumber(config, form);
    expect(again.number).to.equal(first.number);
  });

  it('sorts injected faults, timeouts and malformed answers into a network failure', async () => {
    await control('/__control/faults', { endpoint: 'clicktocall', failureRate: 1 });
    expect(await failureOf(requestNumber(config, form))).to.deep.equal({ kind: 'network' });
    await control('/__control/faults', { endpoint: 'clicktocall', clear: true });
    await control('/__control/faults', { endpoint: 'clicktocall', dropRequestRate: 1 });
    expect(await failureOf(requestNumber(config, form))).to.deep.equal({ kind: 'network' });
    await control('/__control/faults', { endpoint: 'clicktocall', clear: true });
    await control('/__control/faults', { endpoint: 'clicktocall', latencyMs: 300 });
    expect(await failureOf(requestNumber({ ...config, timeout: 50 }, form))).to.deep.equal({ kind: 'network' });
  });

  it('never puts anything but a tel: link in the href, and refuses an answer without a number', async () => {
    await startMocks(
      http.post('/api/clicktocall', () =>
        HttpResponse.json({ _access_number: '+48221003001', _access_code: '1', _tel_url: 'javascript:alert(1)', _expiration_time: 5 }),
      ),
    );
    expect((await requestNumber(config, form)).telHref).to.equal('tel:+48221003001');
    await startMocks(http.post('/api/clicktocall', () => HttpResponse.json({ _access_code: '1', _expiration_time: 5 })));
    expect(await failureOf(requestNumber(config, form))).to.deep.equal({ kind: 'network' });
  });

  it('without a dataURL the API is not available', async () => {
    expect(checkClickToCallConfig({})).to.equal('API is not available');
    let error: unknown;
    await requestNumber({}, form).catch((e: unknown) => (error = e));
    expect((error as Error).message).to.equal('API is not available');
  });
});
