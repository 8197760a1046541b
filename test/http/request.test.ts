import { expect } from '@esm-bundle/chai';
import { http, HttpResponse, delay } from 'msw';
import { requestJson, HttpError } from '../../src/http/request.ts';
import { startMocks } from '../helpers/msw.ts';

const failure = async (promise: Promise<unknown>): Promise<HttpError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error('expected a failure');
};

describe('requestJson', () => {
  let worker: Awaited<ReturnType<typeof startMocks>>;
  before(async () => {
    worker = await startMocks();
  });
  afterEach(() => worker.resetHandlers());

  it('sends JSON with the given headers and query, and parses the answer', async () => {
    let seen: { body: unknown; apikey: string | null; type: string | null; q: string | null } | undefined;
    worker.use(
      http.post('/api/echo', async ({ request }) => {
        seen = {
          body: await request.json(),
          apikey: request.headers.get('apikey'),
          type: request.headers.get('content-type'),
          q: new URL(request.url).searchParams.get('q'),
        };
        return HttpResponse.json({ ok: true });
      }),
    );
    const answer = await requestJson('/api/echo', { body: { a: 1 }, headers: { apikey: 'k' }, query: { q: 'x y' } });
    expect(answer).to.deep.equal({ ok: true });
    expect(seen).to.deep.equal({ body: { a: 1 }, apikey: 'k', type: 'application/json', q: 'x y' });
  });

  it('sends URLSearchParams form-encoded', async () => {
    let text = '';
    worker.use(
      http.post('/api/form', async ({ request }) => {
        text = await request.text();
        return HttpResponse.json({});
      }),
    );
    await requestJson('/api/form', { body: new URLSearchParams({ firstname: 'Anna', phonenumber: '+48 600' }) });
    expect(text).to.equal('firstname=Anna&phonenumber=%2B48+600');
  });

  it('times out', async () => {
    worker.use(
      http.get('/api/slow', async () => {
        await delay(500);
        return HttpResponse.json({});
      }),
    );
    const error = await failure(requestJson('/api/slow', { timeoutMs: 50 }));
    expect(error.kind).to.equal('timeout');
  });

  it('reports a 5xx with its status and JSON body', async () => {
    worker.use(http.get('/api/down', () => HttpResponse.json({ code: 1103 }, { status: 503 })));
    const error = await failure(requestJson('/api/down'));
    expect([error.kind, error.status, error.body]).to.deep.equal(['status', 503, { code: 1103 }]);
  });

  it('reports malformed JSON', async () => {
    worker.use(http.get('/api/bad', () => new HttpResponse('{"oops"', { headers: { 'Content-Type': 'application/json' } })));
    expect((await failure(requestJson('/api/bad'))).kind).to.equal('malformed');
  });

  it('reports a network error', async () => {
    worker.use(http.get('/api/gone', () => HttpResponse.error()));
    expect((await failure(requestJson('/api/gone'))).kind).to.equal('network');
  });

  it('resolves undefined for an empty body', async () => {
    worker.use(http.get('/api/empty', () => new HttpResponse(null, { status: 204 })));
    expect(await requestJson('/api/empty')).to.equal(undefined);
  });
});
