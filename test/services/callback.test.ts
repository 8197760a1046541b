import { expect } from '@esm-bundle/chai';
import { http, HttpResponse, delay } from 'msw';
import { startSimulator, controlData } from '../helpers/simulator.ts';
import { startMocks } from '../helpers/msw.ts';
import {
  anonymousId,
  checkCallbackConfig,
  createCallbackService,
  mapCallbackError,
  reduceAvailability,
  stripProposals,
  type CallbackFailure,
  type CallbackServiceConfig,
} from '../../src/services/callback.ts';
import { HttpError } from '../../src/http/request.ts';

// The simulator's manual clock: Monday 2025-03-03 10:00 in Warsaw.
const v3: CallbackServiceConfig = {
  apiVersion: 'v3',
  dataURL: '/api/callback/v3',
  serviceName: 'ppk-callback',
  apikey: 'demo-key',
  timeout: 3000,
  userData: { service: 'PPK' },
};
const v1: CallbackServiceConfig = {
  apiVersion: 'v1',
  dataURL: '/api/callback/v1/ppk-callback',
  serviceName: 'ppk-callback',
  apikey: 'demo-key',
  ewt: { queue: 'PPK_Callback' },
};
const form = { firstname: 'Jan', lastname: 'Kowalski', phonenumber: '+48600100200', subject: 'Wpłaty' };

const failureOf = async (promise: Promise<unknown>): Promise<CallbackFailure> => {
  try {
    await promise;
  } catch (error) {
    return (error as { failure: CallbackFailure }).failure;
  }
  throw new Error('expected the request to fail');
};
const booked = async () =>
  (await (await controlData('/__control/callbacks')).json()) as { callbacks: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
const list = async () => {
  const body = await booked();
  return Array.isArray(body) ? body : body.callbacks;
};

const control = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('CallbackService against the simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.dispose());

  it('v3: POSTs {dataURL}/create with serviceName, the number without +48, desiredTime and userData', async () => {
    const receipt = await createCallbackService(v3).submit({ ...form, desiredTime: '2025-03-04T09:00:00.000Z', userData: { page: '/' } });
    expect(receipt.state).to.equal('SCHEDULED');
    const [record] = await list();
    expect(record).to.deep.include({ serviceName: 'ppk-callback', phoneNumber: '600100200', desiredTime: '2025-03-04T09:00:00.000Z' });
    expect(record!.userData).to.deep.equal({ service: 'PPK', page: '/', firstname: 'Jan', lastname: 'Kowalski', subject: 'Wpłaty' });
  });

  it('v3: ASAP (desiredTime now) is queued', async () => {
    const receipt = await createCallbackService(v3).submit({ ...form, desiredTime: 'now' });
    expect(receipt.state).to.equal('QUEUED');
  });

  it('v1: form-encoded with the apikey header and the v1 fields', async () => {
    const receipt = await createCallbackService(v1).submit({ ...form, phonenumber: '+48600100201' });
    expect(receipt.state).to.equal('QUEUED');
    const [record] = await list();
    expect(record).to.deep.include({ version: 'v1', phoneNumber: '600100201' });
    expect(record!.userData).to.deep.include({ firstname: 'Jan', subject: 'Wpłaty' });
  });

  it('maps every simulator error code to its message', async () => {
    const s = createCallbackService(v3);
    expect(await failureOf(s.submit({ ...form, phonenumber: '+48123' }))).to.deep.equal({ code: 'invalidPhone', field: 'phonenumber' });
    expect(await failureOf(s.submit({ ...form, phonenumber: '+48600000036' }))).to.deep.equal({ code: 'numberNotPossible' });
    expect(await failureOf(s.submit({ ...form, phonenumber: '600000037' }))).to.deep.equal({ code: 'numberNotAllowed' });
    const busy = await failureOf(s.submit({ ...form, phonenumber: '+48600000041' }));
    expect(busy.code).to.equal('tooManyRequests');
    expect(busy.times).to.have.length(3); // the proposed free slots
    expect(await failureOf(s.submit({ ...form, desiredTime: '2025-03-04T19:00:00.000Z' }))).to.deep.equal({ code: 'officeClosed' });
    expect(await failureOf(s.submit({ ...form, phonenumber: '+48600000409' }))).to.deep.equal({ code: 'alreadyQueued' });
    expect(await failureOf(s.submit({ ...form, phonenumber: '+48600000500' }))).to.deep.equal({ code: 'unknownError' });
    expect(await failureOf(createCallbackService({ ...v3, serviceName: 'nope' }).submit(form))).to.deep.equal({ code: 'invalidService' });
    expect(await failureOf(createCallbackService({ ...v3, apikey: undefined }).submit(form))).to.deep.equal({ code: 'missingApiKey' });
    expect(await failureOf(createCallbackService({ ...v1, apikey: undefined }).submit(form))).to.deep.equal({ code: 'missingApiKey' });
  });

  it('a full slot: 7041 names the full slot and the free times the server proposes', async () => {
    const failure = await failureOf(createCallbackService(v3).submit({ ...form, desiredTime: '2025-03-04T09:30:00.000Z' })); // 10:30 Warsaw
    expect(failure).to.deep.equal({
      code: 'tooManyRequests',
      slot: '2025-03-04T09:30:00.000Z',
      times: ['2025-03-04T09:45:00.000Z', '2025-03-04T10:00:00.000Z', '2025-03-04T10:15:00.000Z'],
    });
  });

  it('a server slower than the timeout, then a retry with the same idempotency key: one callback, booked', async () => {
    await control('/__control/faults', { endpoint: 'callback.create', latencyMs: 400 });
    for (const config of [v3, v1]) {
      const before = (await list()).length;
      const phonenumber = config === v3 ? '+48600100200' : '+48600100201';
      const key = `key-${config.apiVersion}`;
      const slow = createCallbackService({ ...config, timeout: 100 });
      expect(await failureOf(slow.submit({ ...form, phonenumber, idempotencyKey: key }))).to.deep.equal({ code: 'timeout' });
      // Without the key the retry would be refused 'already in the callback queue'.
      const receipt = await createCallbackService(config).submit({ ...form, phonenumber, idempotencyKey: key });
      expect(receipt.state).to.equal('QUEUED');
      expect((await list()).length - before).to.equal(1);
    }
  });

  it('a second callback for the same number is already queued', async () => {
    const s = createCallbackService(v3);
    await s.submit(form);
    expect(await failureOf(s.submit(form))).to.deep.equal({ code: 'alreadyQueued' });
  });

  it('an empty phone is "phone number required" without a request', async () => {
    expect(await failureOf(createCallbackService(v3).submit({ ...form, phonenumber: '+48' }))).to.deep.equal({
      code: 'phoneNumberRequired',
      field: 'phonenumber',
    });
    expect(await list()).to.deep.equal([]);
  });

  it('availability v3 and v1, reduced to time → capacity', async () => {
    const three = await createCallbackService(v3).availability({ startDate: '2025-03-04', numberOfDays: 1 });
    expect(Object.keys(three)).to.have.length(32);
    expect(three['2025-03-04T08:00:00.000Z']).to.equal(3);
    expect(three['2025-03-04T09:30:00.000Z']).to.equal(0); // 10:30 Warsaw is full
    const one = await createCallbackService(v1).availability({ startDate: '2025-03-04', numberOfDays: 1 });
    expect(one).to.deep.equal(three);
  });

  it('the callback queue wait (group EWT)', async () => {
    expect(await createCallbackService(v1).wait()).to.equal(30);
    expect(await createCallbackService({ ...v1, ewt: {} }).wait()).to.equal(undefined);
  });
});

describe('CallbackService with hand-written answers', () => {
  it("sends the page's language and the idempotency key as headers (submit, availability, wait)", async () => {
    const seen: Array<[string, string | null, string | null]> = [];
    const record = ({ request }: { request: Request }) => {
      seen.push([new URL(request.url).pathname, request.headers.get('accept-language'), request.headers.get('idempotency-key')]);
    };
    await startMocks(
      http.post('/h/create', (info) => (record(info), HttpResponse.json({ data: { id: '1' } }))),
      http.get('/h/availability/ppk-callback', (info) => (record(info), HttpResponse.json({ data: { slots: [] } }))),
      http.get('/api/ewt/group', (info) => (record(info), HttpResponse.json({ ewt: 5 }))),
    );
    const service = createCallbackService({ ...v3, dataURL: '/h', ewt: { queue: 'Q' }, lang: () => 'pl' });
    await service.submit({ ...form, idempotencyKey: 'k-1' });
    await service.availability({ startDate: '2025-03-04' });
    await service.wait();
    await createCallbackService({ ...v3, dataURL: '/h' }).submit(form);
    expect(seen).to.deep.equal([
      ['/h/create', 'pl', 'k-1'],
      ['/h/availability/ppk-callback', 'pl', null],
      ['/api/ewt/group', 'pl', null],
      ['/h/create', null, null],
    ]);
  });

  it('stripProposals reads the proposed times from the text when the answer has no list', () => {
    const message =
      'Too many requests at this time. The time slot 2025-03-04T09:30:00.000Z is full. Proposed time slots: 2025-03-04T09:45:00.000Z, 2025-03-04T10:00:00Z. Please propose another time slot.';
    expect(stripProposals(message)).to.deep.equal({
      text: 'Too many requests at this time. The time slot 2025-03-04T09:30:00.000Z is full.',
      slot: '2025-03-04T09:30:00.000Z',
      times: ['2025-03-04T09:45:00.000Z', '2025-03-04T10:00:00Z'],
    });
    expect(stripProposals('Too many requests at this time.')).to.deep.equal({ text: 'Too many requests at this time.', slot: undefined, times: [] });
  });

  it('a timeout, a 5xx, an empty and a malformed answer are the generic error', async () => {
    await startMocks(
      http.post('/slow/create', async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );
    // A timeout is not a failure: the callback may have been booked (the visitor may retry with the same key).
    expect(await failureOf(createCallbackService({ ...v3, dataURL: '/slow', timeout: 100 }).submit(form))).to.deep.equal({ code: 'timeout' });
    await startMocks(http.post('/err/create', () => HttpResponse.json({ code: 7042, message: 'x' }, { status: 503 })));
    expect(await failureOf(createCallbackService({ ...v3, dataURL: '/err' }).submit(form))).to.deep.equal({ code: 'unknownError' });
    await startMocks(http.post('/bad/create', () => new HttpResponse('{oops', { status: 400 })));
    expect(await failureOf(createCallbackService({ ...v3, dataURL: '/bad' }).submit(form))).to.deep.equal({ code: 'unknownError' });
    await startMocks(http.post('/empty/create', () => new HttpResponse('', { status: 200 })));
    expect(await createCallbackService({ ...v3, dataURL: '/empty' }).submit(form)).to.deep.equal({ id: undefined, desiredTime: undefined, state: undefined });
  });

  it('the server message for an unknown 400 code; a missing customer number is phone required', async () => {
    await startMocks(http.post('/m/create', () => HttpResponse.json({ code: 999, message: 'Odmowa serwera' }, { status: 400 })));
    expect(await failureOf(createCallbackService({ ...v3, dataURL: '/m' }).submit(form))).to.deep.equal({ code: 'unknownError', message: 'Odmowa serwera' });
    await startMocks(http.post('/n/create', () => HttpResponse.json({ code: 501, message: 'Invalid parameters: missing customer number' }, { status: 400 })));
    expect(await failureOf(createCallbackService({ ...v3, dataURL: '/n' }).submit(form))).to.deep.equal({ code: 'phoneNumberRequired', field: 'phonenumber' });
    await startMocks(http.post('/p/create', () => HttpResponse.json({ code: 501, message: 'Invalid parameters' }, { status: 400 })));
    expect(await failureOf(createCallbackService({ ...v3, dataURL: '/p' }).submit(form))).to.deep.equal({ code: 'invalidParameters' });
  });

  it('availability: an answer without slots and a malformed body are rejected, naming where', async () => {
    await startMocks(
      http.get('/a/availability/ppk-callback', () => HttpResponse.json({ data: 'none' })),
      http.get('/b/availability/ppk-callback', () => new HttpResponse('<html>', { status: 200 })),
      http.get('/c/availability/ppk-callback', () =>
        HttpResponse.json({
          data: {
            slots: [
              { utcTime: '2025-03-04T08:00:00.000Z', capacity: 2 },
              { utcTime: '2025-03-04T08:15:00.000Z', capacity: 'full' },
            ],
          },
        }),
      ),
    );
    const fail = async (p: Promise<unknown>) =>
      p.then(
        () => 'resolved',
        (e: HttpError) => [e.kind, e.message],
      );
    const ask = (dataURL: string) => fail(createCallbackService({ ...v3, dataURL }).availability({ startDate: '2025-03-04' }));
    expect(await ask('/a')).to.deep.equal(['malformed', 'The availability answer is malformed at data: must be a list of slots or a map of times to capacity']);
    expect(await ask('/b')).to.deep.equal(['malformed', 'The server answered with malformed JSON']);
    expect(await ask('/c')).to.deep.equal(['malformed', 'The availability answer is malformed at data.slots[1].capacity: must be a number']);
  });

  it('a malformed submit answer is the generic failure for the visitor, with a message naming where', async () => {
    await startMocks(
      http.post('/r/create', () => HttpResponse.json({ data: { id: 17 } })),
      http.post('/v1', () => HttpResponse.json('queued')),
    );
    const error = await createCallbackService({ ...v3, dataURL: '/r' })
      .submit(form)
      .catch((e: unknown) => e);
    expect((error as { failure: CallbackFailure }).failure).to.deep.equal({ code: 'unknownError' });
    expect((error as Error).message).to.equal('The callback answer is malformed at data.id: must be a string');
    const v1error = await createCallbackService({ ...v1, dataURL: '/v1' })
      .submit(form)
      .catch((e: unknown) => e);
    expect((v1error as Error).message).to.equal('The callback answer is malformed: must be an object');
  });

  it('a malformed wait answer is rejected, naming what is wrong; -1 is an unknown wait', async () => {
    await startMocks(
      http.get('/ewt', ({ request }) =>
        new URL(request.url).searchParams.get('name') === 'Q1' ? HttpResponse.json({ ewt: 'soon' }) : HttpResponse.json({ ewt: -1, time: 1 }),
      ),
    );
    const fail = async (p: Promise<unknown>) =>
      p.then(
        () => 'resolved',
        (e: HttpError) => [e.kind, e.message],
      );
    expect(await fail(createCallbackService({ ...v1, ewt: { url: '/ewt', queue: 'Q1' } }).wait())).to.deep.equal([
      'malformed',
      'The wait-time answer is malformed at ewt: must be a number of seconds',
    ]);
    expect(await createCallbackService({ ...v1, ewt: { url: '/ewt', queue: 'Q2' } }).wait()).to.equal(undefined);
  });
});

describe('callback service helpers', () => {
  it('configuration: v3 needs a serviceName, every version a data URL', () => {
    expect(checkCallbackConfig({ ...v3, serviceName: '' })).to.equal('Invalid configuration');
    expect(checkCallbackConfig({ apiVersion: 'v1' })).to.equal('API is not available');
    expect(checkCallbackConfig(v3)).to.equal(undefined);
  });

  it('reduces v3 slots (utcTime or localTime) and v1 maps (members that are not times left aside)', () => {
    expect(
      reduceAvailability({
        data: {
          serviceName: 'x',
          slots: [
            { localTime: '2025-03-04T09:00:00+01:00', capacity: 2 },
            { utcTime: '2025-03-04T08:15:00.000Z', capacity: 0 },
          ],
        },
      }),
    ).to.deep.equal({ '2025-03-04T09:00:00+01:00': 2, '2025-03-04T08:15:00.000Z': 0 });
    expect(reduceAvailability({ '2025-03-04T08:00:00.000Z': 3, serviceName: 'ppk' })).to.deep.equal({ '2025-03-04T08:00:00.000Z': 3 });
    expect(reduceAvailability({ slots: [] })).to.deep.equal({});
    expect(() => reduceAvailability({ data: { slots: [{ utcTime: 'a', capacity: 1 }] } })).to.throw(
      'The availability answer is malformed at data.slots[0].utcTime: must be a date-time',
    );
    expect(() => reduceAvailability({ slots: [{ capacity: 1 }] })).to.throw(
      'The availability answer is malformed at slots[0]: must have a utcTime or a localTime',
    );
  });

  it('maps non-HTTP failures to the generic text, a timeout to an unconfirmed outcome', () => {
    expect(mapCallbackError(new TypeError('x'))).to.deep.equal({ code: 'unknownError' });
    expect(mapCallbackError(new HttpError('network', 'x'))).to.deep.equal({ code: 'unknownError' });
    expect(mapCallbackError(new HttpError('timeout', 'x'))).to.deep.equal({ code: 'timeout' });
  });

  it('anonymous ids are a GUID with an anonymous-domain suffix', () => {
    expect(anonymousId()).to.match(/^[0-9a-f-]{36}@anonymous\.live-assist$/);
  });
});
