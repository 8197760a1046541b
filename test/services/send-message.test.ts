import { expect } from '@esm-bundle/chai';
import { delay, http, HttpResponse } from 'msw';
import { startMocks } from '../helpers/msw.ts';
import { startSimulator } from '../helpers/simulator.ts';
import { createSendMessageService, SendMessageFailure, type SendMessageFormData } from '../../src/services/send-message.ts';

const URL_ = '/api/sendmessage';
const form = (extra: Partial<SendMessageFormData> = {}): SendMessageFormData => ({
  firstName: 'Anna',
  lastName: 'Nowak',
  email: 'anna@example.com',
  subject: 'Wpłaty',
  text: 'Ile wynosi dopłata roczna?',
  userData: { source: 'kontakt', page: '/en' },
  ...extra,
});
const txt = (name: string, bytes: number, type = 'text/plain') => new File(['x'.repeat(bytes)], name, { type });
const failureOf = async (promise: Promise<unknown>): Promise<SendMessageFailure> => {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(SendMessageFailure);
    return error as SendMessageFailure;
  }
  throw new Error('expected a failure');
};

const control = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('SendMessageService against the simulator', () => {
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  beforeEach(async () => {
    sim = await startSimulator();
  });

  it('sends form-encoded without files and reads the interactionId', async () => {
    const service = createSendMessageService({ dataURL: URL_, contactCenterId: 'cc-7' });
    const { interactionId } = await service.sendForm(form());
    expect(interactionId).to.be.a('string').and.not.equal('');
    const stored = sim.state.messages.at(-1)!;
    expect(stored).to.include({ firstName: 'Anna', lastName: 'Nowak', fromAddress: 'anna@example.com', subject: 'Wpłaty', contactCenterId: 'cc-7' });
    expect(stored.userData).to.deep.equal({ source: 'kontakt', page: '/en' });
    expect(stored.files).to.deep.equal([]);
  });

  it('sends multipart with the files', async () => {
    const service = createSendMessageService({ dataURL: URL_ });
    await service.sendForm(form({ files: [txt('a.txt', 5), new File(['%PDF'], 'b.pdf', { type: 'application/pdf' })] }));
    const stored = sim.state.messages.at(-1)!;
    expect((stored.files as Array<{ name: string; size: number }>).map((f) => [f.name, f.size])).to.deep.equal([
      ['a.txt', 5],
      ['b.pdf', 4],
    ]);
  });

  it('reads a 400 with an errors list (each by code) for 201, 202 and 203', async () => {
    const control = await fetch('/__control/sendmessage', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ maxFiles: 1, maxTotalSize: 8 }),
    });
    expect(control.status, await control.clone().text()).to.equal(200);
    const service = createSendMessageService({ dataURL: URL_ });
    const failure = await failureOf(
      service.sendForm(form({ files: [txt('a.txt', 5), txt('b.txt', 5), new File(['MZ'], 'run.exe', { type: 'application/x-msdownload' })] })),
    );
    expect(failure.kind).to.equal('rejected');
    expect(failure.status).to.equal(400);
    expect(failure.errors.map((e) => e.code)).to.deep.equal([201, 202, 203]);
    expect(failure.errors[0]!.message).to.equal('Total number of attachments exceeds limit: 1');
    // The allowed count and size are read out of the server's text once, here, as a typed field.
    expect(failure.errors.map((e) => e.limit)).to.deep.equal([1, 8, undefined]);
  });

  it('reads every field code and 381 from the simulator', async () => {
    const service = createSendMessageService({ dataURL: URL_ });
    const empty = await failureOf(service.sendForm(form({ firstName: '', lastName: '', subject: '', email: '', text: '' })));
    expect(empty.errors.map((e) => e.code)).to.have.members([102, 103, 104, 181, 182]);
    const malformed = await failureOf(service.sendForm(form({ email: 'anna@' })));
    expect(malformed.errors.map((e) => e.code)).to.deep.equal([381]);
  });

  it('reads the server limits', async () => {
    const service = createSendMessageService({ dataURL: URL_ });
    expect(await service.getLimits(`${URL_}/limits`)).to.deep.equal({ maxFiles: 3, maxTotalSize: 5242880 });
  });

  it('a server slower than the timeout, then a retry with the same idempotency key: the message is stored once', async () => {
    await control('/__control/faults', { endpoint: 'sendmessage', latencyMs: 400 });
    const config = { dataURL: URL_, timeout: 100 };
    const service = createSendMessageService(config);
    const key = 'retry-key-1';
    expect((await failureOf(service.sendForm(form(), key))).kind).to.equal('timeout');
    expect(sim.state.messages).to.have.length(0); // still on its way
    config.timeout = 3000; // the retry waits long enough (the server answers it once the first try is done)
    const { interactionId } = await service.sendForm(form(), key);
    expect(sim.state.messages.map((m) => m.interactionId)).to.deep.equal([interactionId]);
    // A new key is a new submission.
    await control('/__control/faults', { endpoint: 'sendmessage', clear: true });
    await service.sendForm(form(), 'another-key');
    expect(sim.state.messages).to.have.length(2);
  });

  it("sends the page's language: a Polish page gets the server's own failure text in Polish", async () => {
    await control('/__control/faults', { endpoint: 'sendmessage', failureRate: 1, status: 503 });
    const pl = await failureOf(createSendMessageService({ dataURL: URL_, lang: () => 'pl' }).sendForm(form()));
    expect([pl.kind, pl.message]).to.deep.equal(['server', 'Symulowana awaria serwera']);
    const en = await failureOf(createSendMessageService({ dataURL: URL_, lang: () => 'en' }).sendForm(form()));
    expect(en.message).to.equal('Simulated failure');
  });

  it("rejects 'No formData found' without data", async () => {
    const service = createSendMessageService({ dataURL: URL_ });
    for (const data of [undefined, null, {}]) {
      const error = await service.sendForm(data as never).catch((e: Error) => e);
      expect((error as Error).message).to.equal('No formData found');
    }
  });
});

describe('SendMessageService with hand-written answers', () => {
  it('sends the apikey and ContactCenterId headers and every multipart field', async () => {
    let seen: { headers: Record<string, string | null>; fields: Array<[string, string]> } | undefined;
    await startMocks(
      http.post(URL_, async ({ request }) => {
        const body = await request.formData();
        seen = {
          headers: { apikey: request.headers.get('apikey'), cc: request.headers.get('ContactCenterId') },
          fields: [...body].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}:${v.size}`]),
        };
        return HttpResponse.json({ interactionId: 'x1' });
      }),
    );
    const service = createSendMessageService({ dataURL: URL_, apikey: 'k', contactCenterId: 'cc' });
    expect(await service.sendForm(form({ files: [txt('a.txt', 3), txt('b.txt', 4)] }))).to.deep.equal({ interactionId: 'x1' });
    expect(seen!.headers).to.deep.equal({ apikey: 'k', cc: 'cc' });
    expect(seen!.fields).to.deep.equal([
      ['lastName', 'Nowak'],
      ['firstName', 'Anna'],
      ['fromAddress', 'anna@example.com'],
      ['subject', 'Wpłaty'],
      ['text', 'Ile wynosi dopłata roczna?'],
      ['userData', 'source=kontakt'],
      ['userData', 'page=/en'],
      ['files', 'file:a.txt:3'],
      ['files', 'file:b.txt:4'],
    ]);
  });

  it('sends form-encoded without files and without optional headers', async () => {
    let type: string | null = null;
    let headers: Array<string | null> = [];
    await startMocks(
      http.post(URL_, ({ request }) => {
        type = request.headers.get('content-type');
        headers = [request.headers.get('apikey'), request.headers.get('ContactCenterId')];
        return HttpResponse.json({ interactionId: 'x2' });
      }),
    );
    await createSendMessageService({ dataURL: URL_ }).sendForm(form());
    expect(type).to.match(/^application\/x-www-form-urlencoded/);
    expect(headers).to.deep.equal([null, null]);
  });

  it('times out after the configured time (3000 ms by default)', async () => {
    await startMocks(http.post(URL_, async () => (await delay(2000), HttpResponse.json({ interactionId: 'late' }))));
    const started = performance.now();
    const failure = await failureOf(createSendMessageService({ dataURL: URL_, timeout: 150 }).sendForm(form()));
    expect(failure.kind).to.equal('timeout');
    expect(performance.now() - started).to.be.lessThan(1500);
  });

  it('a network error is a network failure', async () => {
    await startMocks(http.post(URL_, () => HttpResponse.error()));
    expect((await failureOf(createSendMessageService({ dataURL: URL_ }).sendForm(form()))).kind).to.equal('network');
  });

  it('a 5xx reads the server reason, or is unknown without one', async () => {
    await startMocks(http.post(URL_, () => HttpResponse.json({ reason: 'Mailbox unavailable' }, { status: 503 })));
    const withReason = await failureOf(createSendMessageService({ dataURL: URL_ }).sendForm(form()));
    expect([withReason.kind, withReason.message, withReason.status]).to.deep.equal(['server', 'Mailbox unavailable', 503]);
    await startMocks(http.post(URL_, () => new HttpResponse('', { status: 500 })));
    expect((await failureOf(createSendMessageService({ dataURL: URL_ }).sendForm(form()))).kind).to.equal('unknown');
    await startMocks(http.post(URL_, () => new HttpResponse('<html>', { status: 502 })));
    expect((await failureOf(createSendMessageService({ dataURL: URL_ }).sendForm(form()))).kind).to.equal('unknown');
  });

  it('a 400 with an errors list is rejected by code; a 200 with only an error is a server failure', async () => {
    await startMocks(http.post(URL_, () => HttpResponse.json({ errors: [{ code: 383, message: 'Invalid email - To address.' }] }, { status: 400 })));
    const rejected = await failureOf(createSendMessageService({ dataURL: URL_ }).sendForm(form()));
    expect([rejected.kind, rejected.errors]).to.deep.equal(['rejected', [{ code: 383, message: 'Invalid email - To address.' }]]);
    await startMocks(http.post(URL_, () => HttpResponse.json({ error: 'Queue closed' })));
    const server = await failureOf(createSendMessageService({ dataURL: URL_ }).sendForm(form()));
    expect([server.kind, server.message]).to.deep.equal(['server', 'Queue closed']);
  });

  it('limits that cannot be read are undefined; malformed ones are reported by path', async () => {
    await startMocks(http.get(`${URL_}/limits`, () => new HttpResponse('', { status: 500 })));
    expect(await createSendMessageService({ dataURL: URL_ }).getLimits(`${URL_}/limits`)).to.equal(undefined);
    await startMocks(http.get(`${URL_}/limits`, () => HttpResponse.json({ maxFiles: 'three', maxTotalSize: 100 })));
    const errors: string[] = [];
    const { error } = console;
    console.error = (message: string) => errors.push(message);
    try {
      expect(await createSendMessageService({ dataURL: URL_ }).getLimits(`${URL_}/limits`)).to.equal(undefined);
    } finally {
      console.error = error;
    }
    expect(errors).to.deep.equal(['[live-assist] The attachment-limits answer is malformed at maxFiles: must be a number of files']);
  });

  it('a malformed answer to a send is a clear failure naming where, never a success', async () => {
    const send = () => failureOf(createSendMessageService({ dataURL: URL_ }).sendForm(form()));
    await startMocks(http.post(URL_, () => HttpResponse.json({ interactionId: 42 })));
    expect([(await send()).kind, (await send()).message]).to.deep.equal(['unknown', 'The send-message answer is malformed at interactionId: must be a string']);
    await startMocks(http.post(URL_, () => HttpResponse.json({ errors: [{ code: 'soon', message: 'x' }] })));
    expect((await send()).message).to.equal('The send-message answer is malformed at errors[0].code: must be a numeric code');
    await startMocks(http.post(URL_, () => HttpResponse.json('ok')));
    expect((await send()).message).to.equal('The send-message answer is malformed: must be an object');
    await startMocks(http.post(URL_, () => HttpResponse.json({ status: 'ok' })));
    expect((await send()).message).to.equal('The send-message answer has no interactionId');
    // Codes may come as digits; a 202's allowed size is read as a number.
    await startMocks(
      http.post(URL_, () => HttpResponse.json({ errors: [{ code: '202', message: 'Total size of attachments exceeds limit: 5242880' }] }, { status: 400 })),
    );
    expect((await send()).errors).to.deep.equal([{ code: 202, message: 'Total size of attachments exceeds limit: 5242880', limit: 5242880 }]);
  });
});
