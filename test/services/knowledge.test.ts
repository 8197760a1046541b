import { expect } from '@esm-bundle/chai';
import { http, HttpResponse, delay } from 'msw';
import { createCookieJar } from '../../src/app/storage.ts';
import {
  cookieSessionStore,
  createKnowledgeService,
  junkFree,
  KnowledgeError,
  knowledgeMessages,
  type KnowledgeConfig,
} from '../../src/services/knowledge/index.ts';
import { startSimulator, controlData } from '../helpers/simulator.ts';
import { NODE_ORIGIN, startMocks } from '../helpers/msw.ts';

const fail = (work: Promise<unknown> | (() => unknown)) =>
  Promise.resolve()
    .then(typeof work === 'function' ? work : () => work)
    .then(
      () => 'resolved',
      (e: Error) => e.message,
    );

/**
 * A page's `document.cookie` for createCookieJar in Node: cookies keyed by name and domain, `max-age=0`
 * removes, and every write is kept so a test can read its attributes.
 */
function fakeDocument(hostname = 'pomoc.ppk.test') {
  const jar = new Map<string, string>();
  const writes: string[] = [];
  const doc = {
    location: { hostname, protocol: 'http:' },
    get cookie() {
      return [...jar.entries()].map(([key, value]) => `${key.split('|')[0]}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair, ...attributes] = line.split('; ');
      const at = pair.indexOf('=');
      const key = `${pair.slice(0, at)}|${attributes.find((a) => a.startsWith('domain=')) ?? ''}`;
      if (attributes.includes('max-age=0')) jar.delete(key);
      else jar.set(key, pair.slice(at + 1));
    },
  };
  return { doc: doc as unknown as Document, writes };
}

/** Every request a service sends: method, path and the headers the spec names (§7). */
function recorder() {
  const sent: Array<{ method: string; path: string; query: URLSearchParams; headers: Headers; body?: unknown }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input), NODE_ORIGIN);
    const text = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: text ? JSON.parse(text) : undefined,
    });
    return fetch(input, init);
  };
  return { sent, fetchImpl };
}

type Sim = Awaited<ReturnType<typeof startSimulator>>;
interface Snapshot {
  sessions: Array<{
    sessionId: string;
    api: string;
    language: string;
    customer: string | null;
    contactCenterId: string | null;
    apiClientId: string | null;
    apiClientMediaType: string | null;
  }>;
  votes: Array<{
    api: string;
    kbId: string;
    docId: string;
    relevant: boolean;
    searchId: string | null;
    query: string | null;
    sessionId: string | null;
    recordId: string;
  }>;
  ratings: Array<{ api: string; docId: string; voteId: string | null; rating: number; comment: string }>;
  views: Array<{ api: string; docId: string; sessionId: string | null }>;
  notFound: Array<{ api: string; query: string | null; searchId: string | null }>;
}
const knowledge = async (): Promise<Snapshot> => (await controlData('/__control/knowledge')).json() as Promise<Snapshot>;

const V2: KnowledgeConfig = { host: '/api/kc', apikey: 'demo-key', lang: 'pl', tenantId: 'ppk-cc', customerId: 'c-42' };
const V1: KnowledgeConfig = { apiVersion: 'v1', host: '/api/kc1', lang: 'pl', tenantId: 'ppk-cc', customerId: 'c-42' };

describe('knowledge service v2 against the simulator', () => {
  let sim: Sim;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.dispose());

  it('sends the v2 headers: x-api-key, contact-centre id, session id, customer id, api client id', async () => {
    const { sent, fetchImpl } = recorder();
    const service = createKnowledgeService(V2, undefined, fetchImpl);
    await service.trending();
    const [start, ...rest] = sent;
    expect(`${start.method} ${start.path}`).to.equal('POST /api/kc/session/v2/sessions/');
    expect(start.body).to.deep.equal({ language: 'pl', customer: 'c-42', tenantId: 'ppk-cc' });
    const { sessionId } = service.sessionInfo();
    for (const request of rest) {
      expect(request.headers.get('x-api-key')).to.equal('demo-key');
      expect(request.headers.get('x-contact-center-id')).to.equal('ppk-cc');
      expect(request.headers.get('x-customer-id')).to.equal('c-42');
      expect(request.headers.get('x-api-client-id')).to.equal('gwidget');
      expect(request.headers.get('x-session-id')).to.equal(sessionId);
    }
    expect(rest.map((r) => `${r.method} ${r.path}`)).to.deep.equal(['GET /api/kc/config/v2/kbs/', 'GET /api/kc/search/v2/docs/top/']);
    const [session] = (await knowledge()).sessions;
    expect(session).to.deep.include({ sessionId, api: 'v2', language: 'pl', customer: 'c-42', contactCenterId: 'ppk-cc', apiClientId: 'gwidget' });
  });

  it('keeps the session id the server answers in x-session-id in a host-only cookie named with the deployment prefix', async () => {
    const { doc, writes } = fakeDocument();
    const cookies = createCookieJar(doc, 'ppk');
    const first = createKnowledgeService(V2, cookieSessionStore(cookies));
    expect(await fail(() => first.sessionInfo())).to.equal('Knowledge center session is not started yet');
    await first.search({ query: 'wypłata' });
    const { sessionId } = first.sessionInfo();
    expect(sessionId).to.match(/^[\w-]{8,}$/);
    const write = writes.find((line) => line.startsWith('ppk_knowledge_session='));
    expect(write).to.equal(`ppk_knowledge_session=${sessionId}; path=/; SameSite=Lax`);
    // The next page: the same cookie, no new session.
    const next = createKnowledgeService(V2, cookieSessionStore(createCookieJar(doc, 'ppk')));
    expect(next.sessionInfo().sessionId).to.equal(sessionId);
    await next.trending();
    const { sessions } = await knowledge();
    expect(sessions.map((s) => s.sessionId)).to.deep.equal([sessionId]);
    // reset forgets it (the cookie too); the next call starts another.
    next.reset();
    expect(cookies.get('knowledge_session', { hostOnly: true })).to.equal(undefined);
    expect(await fail(() => next.sessionInfo())).to.equal(knowledgeMessages.noSession);
    await next.trending();
    expect(next.sessionInfo().sessionId).to.not.equal(sessionId);
    expect((await knowledge()).sessions).to.have.length(2);
  });

  it('a kept id that is not a session id (a cookie edited by hand) is never sent: a new session starts', async () => {
    const { sent, fetchImpl } = recorder();
    let kept = 'x\r\nInjected: 1';
    const service = createKnowledgeService(V2, { get: () => kept, set: (id) => void (kept = id), clear: () => undefined }, fetchImpl);
    await service.categories();
    expect(`${sent[0].method} ${sent[0].path}`).to.equal('POST /api/kc/session/v2/sessions/');
    expect(sent[0].headers.get('x-session-id')).to.equal(null);
    expect(kept).to.match(/^[\w-]+$/);
  });

  it('list options a page passes loosely: one id as text, lists of texts; other values are left out', async () => {
    const { sent, fetchImpl } = recorder();
    const service = createKnowledgeService(V2, undefined, fetchImpl);
    await service.search({ query: 'wypłata', knowledgebases: 'ppk' as never, categories: ['wyplaty', 7, ''] as never, media: { a: 1 } as never });
    const search = sent.find((r) => r.path === '/api/kc/search/v2/search/')!;
    expect([search.query.get('kbs'), search.query.get('cats'), search.query.get('media')]).to.deep.equal(['ppk', 'wyplaty', null]);
    expect(sent.map((r) => r.path)).to.not.include('/api/kc/config/v2/kbs/');
  });

  it('adopts a session id the server names in a later answer (a session the server no longer knows)', async () => {
    let kept = 'stale-session';
    const service = createKnowledgeService(V2, { get: () => kept, set: (id) => void (kept = id), clear: () => undefined });
    await service.categories();
    const { sessions } = await knowledge();
    expect(sessions.map((s) => s.sessionId)).to.deep.equal([kept]);
    expect(kept).to.not.equal('stale-session');
  });

  it('getTrending: at most maxTrendingResults (5 by default), answers as text', async () => {
    const service = createKnowledgeService(V2);
    const documents = await service.trending();
    expect(documents).to.have.length(5);
    for (const d of documents) {
      expect(d.kbId).to.equal('ppk');
      expect(d.title).to.be.a('string').and.not.equal('');
      expect(d.answer).to.not.match(/</);
    }
    expect(await createKnowledgeService({ ...V2, maxTrendingResults: 2 }).trending()).to.have.length(2);
    expect(await service.trending({ maxResults: 1 })).to.have.length(1);
  });

  it("search: 'wypłata' and 'wyplata' find the withdrawal articles, at most maxSearchResults (3); a searchId; no match is no documents", async () => {
    const service = createKnowledgeService(V2);
    const result = await service.search({ query: 'wypłata' });
    expect(result.query).to.equal('wypłata');
    expect(result.documents).to.have.length(3);
    expect(result.documents[0].title).to.match(/wypłat/i);
    expect(result.searchId).to.be.a('string');
    const folded = await service.search({ query: 'wyplata' });
    expect(folded.documents.map((d) => d.id)).to.deep.equal(result.documents.map((d) => d.id));
    expect((await service.search({ query: 'wypłata', maxResults: 1 })).documents).to.have.length(1);
    const none = await service.search({ query: 'kryptowaluty teleportacja' });
    expect(none.documents).to.deep.equal([]);
  });

  it('search junkfree (chat deflection) sends the cleaned text with its own media type', async () => {
    const { sent, fetchImpl } = recorder();
    const service = createKnowledgeService(V2, undefined, fetchImpl);
    const result = await service.search({ query: 'Hej!!! 🙂 jak wygląda wypłata??? https://example.pl/x', junkfree: true, apiClientMediaType: 'chat' });
    expect(result.query).to.equal('Hej jak wygląda wypłata');
    const search = sent.find((r) => r.path === '/api/kc/search/v2/search/')!;
    expect(search.query.get('query')).to.equal('Hej jak wygląda wypłata');
    expect(search.query.get('size')).to.equal('3');
    expect(search.query.get('outputFormat')).to.equal('TEXT');
    expect(search.query.get('locale')).to.equal('pl');
    expect(search.query.get('kbs')).to.equal('ppk');
    expect(search.headers.get('x-api-client-media-type')).to.equal('chat');
    expect(result.documents.length).to.be.greaterThan(0);
    expect(junkFree('<script>alert(1)</script> wypłata')).to.equal('script alert 1 script wypłata');
  });

  it('getSuggestions: questions for the typed text, at most 5', async () => {
    const suggestions = await createKnowledgeService(V2).suggestions({ text: 'wyp' });
    expect(suggestions.length).to.be.within(1, 5);
    for (const s of suggestions) expect(s).to.match(/wyp/i);
  });

  it('getFullContent: the answer as HTML, categories and attachments', async () => {
    const document = await createKnowledgeService(V2).document({ kbId: 'ppk', docId: 'ppk-009' });
    expect(document.title).to.match(/wypłata/i);
    expect(document.answer).to.match(/^<p>/);
    expect(document.categories.length).to.be.greaterThan(0);
    expect(document.categories[0]).to.have.keys(['id', 'kbId', 'name', 'path']);
    expect(document.attachments).to.deep.equal([{ url: 'http://live-assist.test/api/kc/files/wyplaty-z-ppk.pdf', fileName: 'wyplaty-z-ppk.pdf' }]);
    expect(document.feedbackType).to.equal('VOTE');
    expect(document.rating).to.include({ average: 0, count: 0 });
  });

  it('getCategories, visit, vote (like, dislike, rating with a comment) and unanswered reach the server', async () => {
    const service = createKnowledgeService(V2);
    const categories = await service.categories();
    expect(categories.map((c) => c.name)).to.include('Wpłaty');
    const { searchId } = await service.search({ query: 'wypłata' });
    await service.visit({ kbId: 'ppk', docId: 'ppk-009' });
    const liked = await service.vote({ kbId: 'ppk', docId: 'ppk-009', relevant: true, searchId, query: 'wypłata' });
    await service.vote({ kbId: 'ppk', docId: 'ppk-010', relevant: false, searchId });
    const rated = await service.vote({ kbId: 'ppk', docId: 'ppk-009', voteId: liked.recordId, rating: 4, comment: ' Pomocne ' });
    await service.unanswered({ query: 'kryptowaluty', searchId });
    const { sessionId } = service.sessionInfo();
    const state = await knowledge();
    expect(state.views.map((v) => [v.api, v.docId, v.sessionId])).to.deep.equal([['v2', 'ppk-009', sessionId]]);
    expect(state.votes.map((v) => [v.docId, v.relevant, v.searchId, v.query, v.sessionId])).to.deep.equal([
      ['ppk-009', true, searchId, 'wypłata', sessionId],
      ['ppk-010', false, searchId, 'wypłata', sessionId],
    ]);
    expect(liked.recordId).to.equal(state.votes[0].recordId);
    expect(state.ratings.map((r) => [r.docId, r.voteId, r.rating, r.comment])).to.deep.equal([['ppk-009', liked.recordId, 4, 'Pomocne']]);
    expect(rated.recordId).to.be.a('string');
    expect(state.notFound.map((n) => [n.query, n.searchId])).to.deep.equal([['kryptowaluty', searchId]]);
    // A vote and a rating at once: the rating names the vote.
    const both = await service.vote({ kbId: 'ppk', docId: 'ppk-001', relevant: true, rating: 5 });
    const after = await knowledge();
    expect(after.ratings.at(-1)).to.include({ docId: 'ppk-001', voteId: both.recordId, rating: 5 });
    expect(both.ratingId).to.be.a('string');
  });

  it('updateSession sends a new language with PATCH; ping answers', async () => {
    const store = {
      id: undefined as string | undefined,
      get: () => store.id,
      set: (id: string) => void (store.id = id),
      clear: () => void (store.id = undefined),
    };
    await createKnowledgeService(V2, store).startSession();
    await createKnowledgeService({ ...V2, lang: 'en' }, store).updateSession();
    const [session] = (await knowledge()).sessions;
    expect(session).to.include({ sessionId: store.id, language: 'en' });
    await createKnowledgeService(V2).ping();
  });

  it('a missing api key is the HTTP error: the answer text, the code and the status text', async () => {
    const service = createKnowledgeService({ ...V2, apikey: undefined });
    const error = await service.categories().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(KnowledgeError);
    expect((error as KnowledgeError).kind).to.equal('status');
    expect((error as KnowledgeError).status).to.equal(401);
    // The simulator answers in the request's language; no Accept-Language: English.
    expect((error as Error).message).to.equal('{"error":"API key required: send the x-api-key header","status":401} 401 Unauthorized');
    expect(await fail(createKnowledgeService(V2).document({ kbId: 'ppk', docId: 'ppk-999' }))).to.equal(
      '{"error":"Document not found","status":404} 404 Not Found',
    );
  });

  it('a fault injected on the search (503) rejects with its text and code', async () => {
    await fetch('/__control/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint: 'knowledge.search', failureRate: 1 }),
    });
    const message = await fail(createKnowledgeService(V2).search({ query: 'wypłata' }));
    expect(message).to.match(/^\{"error":".+","status":503\} 503 Service Unavailable$/);
  });
});

describe('knowledge service v1 against the simulator', () => {
  let sim: Sim;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.dispose());

  it('sends the v1 headers (customer id, api client id, media type), starts with PUT /sessions/new and names the session in the query', async () => {
    const { sent, fetchImpl } = recorder();
    const service = createKnowledgeService(V1, undefined, fetchImpl);
    await service.trending();
    expect(sent.map((r) => `${r.method} ${r.path}`)).to.deep.equal(['PUT /api/kc1/sessions/new', 'GET /api/kc1/kbs', 'POST /api/kc1/kbs/langs/pl/top']);
    const { sessionId } = service.sessionInfo();
    for (const request of sent) {
      expect(request.headers.get('x-customer-id')).to.equal('c-42');
      expect(request.headers.get('x-api-client-id')).to.equal('gwidget');
      expect(request.headers.get('x-api-client-media-type')).to.equal('selfservice');
      expect(request.headers.get('x-api-key')).to.equal(null);
    }
    expect(sent[1].query.get('sessionId')).to.equal(sessionId);
    expect(sent[1].query.get('lang')).to.equal('pl');
    expect(sent[1].query.get('tenantId')).to.equal('ppk-cc');
    expect(sent[2].body).to.deep.equal({ knowledgebases: ['ppk'], size: 5, outputFormat: 'TEXT' });
    const [session] = (await knowledge()).sessions;
    expect(session).to.include({ sessionId, api: 'v1', customer: 'c-42', tenantId: 'ppk-cc', apiClientId: 'gwidget', apiClientMediaType: 'selfservice' });
  });

  it('unwraps { response, status, error, sessionId }: search, suggestions, categories, full content with its rating', async () => {
    const service = createKnowledgeService(V1);
    const result = await service.search({ query: 'wyplata' });
    expect(result.documents).to.have.length(3);
    expect(result.documents[0].title).to.match(/wypłat/i);
    expect(result.documents[0].answer).to.not.match(/</);
    expect((await service.suggestions({ text: 'wyp' })).length).to.be.within(1, 5);
    expect((await service.categories()).map((c) => c.id)).to.include('wplaty');
    await service.vote({ kbId: 'ppk', docId: 'ppk-009', relevant: true, rating: 5, comment: 'Dzięki' });
    const document = await service.document({ kbId: 'ppk', docId: 'ppk-009' });
    expect(document.answer).to.match(/^<p>/);
    expect(document.rating).to.include({ average: 5, count: 1, likes: 1 });
    expect(document.attachments[0].fileName).to.equal('wyplaty-z-ppk.pdf');
  });

  it('visit, vote and unanswered are recorded under the session; the session update is POST /sessions/{id}', async () => {
    const store = {
      id: undefined as string | undefined,
      get: () => store.id,
      set: (id: string) => void (store.id = id),
      clear: () => void (store.id = undefined),
    };
    const service = createKnowledgeService(V1, store);
    const { searchId } = await service.search({ query: 'rezygnacja' });
    await service.visit({ kbId: 'ppk', docId: 'ppk-007' });
    const vote = await service.vote({ kbId: 'ppk', docId: 'ppk-007', relevant: false, searchId });
    await service.unanswered({ query: 'kryptowaluty' });
    const state = await knowledge();
    expect(state.views.map((v) => [v.api, v.docId, v.sessionId])).to.deep.equal([['v1', 'ppk-007', store.id]]);
    expect(state.votes.map((v) => [v.api, v.relevant, v.searchId, v.sessionId, v.recordId])).to.deep.equal([['v1', false, searchId, store.id, vote.recordId]]);
    expect(state.notFound.map((n) => [n.api, n.query])).to.deep.equal([['v1', 'kryptowaluty']]);
    await createKnowledgeService({ ...V1, lang: 'en' }, store).updateSession();
    expect((await knowledge()).sessions[0]).to.include({ sessionId: store.id, language: 'en' });
    await service.ping();
  });

  it('an unknown document is the HTTP error with the v1 envelope as its text', async () => {
    const service = createKnowledgeService(V1);
    await service.startSession();
    const { sessionId } = service.sessionInfo();
    expect(await fail(service.document({ kbId: 'ppk', docId: 'nope' }))).to.equal(
      `{"response":null,"status":404,"error":"Document not found","sessionId":"${sessionId}"} 404 Not Found`,
    );
  });
});

describe('knowledge service refusals and malformed answers', () => {
  it('without a host every call rejects "KnowledgeCenterService is not configured" and sends nothing', async () => {
    const { sent, fetchImpl } = recorder();
    const service = createKnowledgeService({ apikey: 'k' }, undefined, fetchImpl);
    const calls = [
      service.ping(),
      service.trending(),
      service.search({ query: 'x' }),
      service.suggestions({ text: 'x' }),
      service.categories(),
      service.document({ kbId: 'ppk', docId: 'a' }),
      service.visit({ kbId: 'ppk', docId: 'a' }),
      service.vote({ kbId: 'ppk', docId: 'a', relevant: true }),
      service.unanswered({ query: 'x' }),
      service.startSession(),
    ];
    for (const call of calls) expect(await fail(call)).to.equal('KnowledgeCenterService is not configured');
    expect(sent).to.deep.equal([]);
  });

  it('missing or bad arguments are refused before any request', async () => {
    const { sent, fetchImpl } = recorder();
    const service = createKnowledgeService(V2, undefined, fetchImpl);
    expect(await fail(service.document({ kbId: 'ppk', docId: '' }))).to.equal('All mandatory arguments must be provided');
    expect(await fail(service.document(undefined as never))).to.equal('All mandatory arguments must be provided');
    expect(await fail(service.visit({ kbId: '', docId: 'a' }))).to.equal('All mandatory arguments must be provided');
    expect(await fail(service.vote({ kbId: 'ppk', docId: 'a' }))).to.equal('All mandatory arguments must be provided');
    expect(await fail(service.vote({ kbId: 'ppk', docId: 'a', rating: 6 }))).to.equal('The rating must be a whole number of stars from 1 to 5');
    expect(await fail(service.vote({ kbId: 'ppk', docId: 'a', rating: 3, comment: 'x'.repeat(2001) }))).to.equal(
      'The comment must be at most 2000 characters long',
    );
    expect(await fail(service.search({ query: '   ' }))).to.equal('A search needs a query');
    expect(await fail(service.search({ query: '?!', junkfree: true }))).to.equal('A search needs a query');
    expect(await fail(service.search({ query: 'x'.repeat(501) }))).to.equal('The query must be at most 500 characters long');
    expect(await fail(service.suggestions({ text: '' }))).to.equal('Suggestions need the typed text');
    expect(await fail(service.unanswered({ query: '' }))).to.equal('All mandatory arguments must be provided');
    // What a page's script may pass at the command boundary.
    expect(await fail(service.search(undefined as never))).to.equal('A search needs a query');
    expect(await fail(service.search({ query: 42 } as never))).to.equal('A search needs a query');
    expect(await fail(service.suggestions(null as never))).to.equal('Suggestions need the typed text');
    expect(await fail(service.unanswered(undefined as never))).to.equal('All mandatory arguments must be provided');
    expect(sent).to.deep.equal([]);
  });

  const session = () =>
    new HttpResponse(JSON.stringify({ sessionId: 's-1' }), { status: 201, headers: { 'content-type': 'application/json', 'x-session-id': 's-1' } });
  const mocked = { host: '/kc', apikey: 'k', knowledgebases: ['ppk'], timeout: 200 };

  it('a malformed answer is a clear error naming where', async () => {
    await startMocks(
      http.post('/kc/session/v2/sessions/', session),
      http.get('/kc/search/v2/search/', () =>
        HttpResponse.json({
          docs: [
            { id: 'a', kbId: 'ppk', title: 'A' },
            { id: 'b', kbId: 'ppk', answer: 'no title' },
          ],
          searchId: 's',
        }),
      ),
      http.get('/kc/search/v2/docs/top/', () => new HttpResponse('<html>not json</html>', { status: 200 })),
      http.get('/kc/search/v2/suggest/', () => HttpResponse.json({ suggestions: 'wypłata' })),
      http.get('/kc/browse/v2/locales/en/cats/', () => HttpResponse.json({ categories: [{ id: 1, name: 7 }] })),
    );
    const service = createKnowledgeService(mocked);
    const error = await service.search({ query: 'a' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(KnowledgeError);
    expect((error as KnowledgeError).kind).to.equal('malformed');
    expect((error as Error).message).to.equal('The knowledge centre answer is malformed at docs[1]: must have a title or a question');
    expect(await fail(service.trending())).to.equal('The knowledge centre answer is not JSON');
    expect(await fail(service.suggestions({ text: 'w' }))).to.equal('The knowledge centre answer is malformed at suggestions: must be a list');
    expect(await fail(service.categories())).to.equal('The knowledge centre answer is malformed at categories[0].name: must be a string');
  });

  it('v1: an answer carrying an error rejects with it; a malformed response is named under response', async () => {
    await startMocks(
      http.put('/kc1/sessions/new', () => HttpResponse.json({ response: { sessionId: 'v1-s' }, status: 201, error: null, sessionId: 'v1-s' })),
      http.post('/kc1/kbs/langs/en/search', () => HttpResponse.json({ response: null, status: 'ERROR', error: 'Index is rebuilding', sessionId: 'v1-s' })),
      http.post('/kc1/kbs/langs/en/top', () =>
        HttpResponse.json({
          response: [
            { id: 'a', kbId: 'ppk', title: 'A' },
            { id: '', kbId: 'ppk', title: 'B' },
          ],
          status: 200,
          error: null,
        }),
      ),
      http.post('/kc1/kbs/langs/en/categories', () => HttpResponse.json([])),
    );
    const service = createKnowledgeService({ ...mocked, apiVersion: 'v1', host: '/kc1' });
    const error = await service.search({ query: 'a' }).catch((e: unknown) => e);
    expect((error as KnowledgeError).kind).to.equal('server');
    expect((error as Error).message).to.equal('Index is rebuilding');
    expect(service.sessionInfo().sessionId).to.equal('v1-s');
    expect(await fail(service.trending())).to.equal('The knowledge centre answer is malformed at response[1].id: must not be empty');
    expect(await fail(service.categories())).to.equal('The knowledge centre answer is malformed: must be an object: { response, status, error, sessionId }');
  });

  it('HTTP errors: the response text, the code and the status text (the standard one when the answer has none)', async () => {
    await startMocks(
      http.post('/kc/session/v2/sessions/', session),
      http.get('/kc/search/v2/docs/top/', () => new HttpResponse('<html>upstream down</html>', { status: 502 })),
      http.get('/kc/search/v2/suggest/', () => new HttpResponse('', { status: 500, statusText: 'Kaput' })),
      http.get('/kc/browse/v2/locales/en/cats/', () => new HttpResponse('x'.repeat(600), { status: 503 })),
    );
    const service = createKnowledgeService(mocked);
    expect(await fail(service.trending())).to.equal('<html>upstream down</html> 502 Bad Gateway');
    expect(await fail(service.suggestions({ text: 'w' }))).to.equal('500 Kaput');
    expect(await fail(service.categories())).to.equal(`${'x'.repeat(500)}… 503 Service Unavailable`);
  });

  it('a timeout and a dropped connection reject with their reason', async () => {
    await startMocks(
      http.post('/kc/session/v2/sessions/', session),
      http.get('/kc/search/v2/docs/top/', async () => (await delay(1000), HttpResponse.json({ documents: [] }))),
      http.get('/kc/search/v2/suggest/', () => HttpResponse.error()),
    );
    const service = createKnowledgeService(mocked);
    const timeout = await service.trending().catch((e: unknown) => e);
    expect((timeout as KnowledgeError).kind).to.equal('timeout');
    expect((timeout as Error).message).to.equal('The request timed out after 200 ms');
    expect(((await service.suggestions({ text: 'w' }).catch((e: unknown) => e)) as KnowledgeError).kind).to.equal('network');
  });

  it('an attachment whose link is not http(s) or relative is left out; a session that names no id is an error', async () => {
    await startMocks(
      http.post('/kc/session/v2/sessions/', session),
      http.get('/kc/browse/v2/locales/en/kbs/ppk/docs/a', () =>
        HttpResponse.json({
          id: 'a',
          kbId: 'ppk',
          question: 'Q?',
          answerContent: '<p>A</p>',
          attachments: [
            { url: 'javascript:alert(1)', fileName: 'x.pdf' },
            { url: '/files/ok%20file.pdf' },
            { url: 'https://example.pl/b.pdf', fileName: 'b.pdf' },
          ],
          relatedCategories: [{ id: 'c', name: 'C' }],
          rating: 3.5,
        }),
      ),
    );
    const document = await createKnowledgeService(mocked).document({ kbId: 'ppk', docId: 'a' });
    expect(document).to.deep.equal({
      id: 'a',
      kbId: 'ppk',
      title: 'Q?',
      answer: '<p>A</p>',
      attachments: [
        { url: '/files/ok%20file.pdf', fileName: 'ok file.pdf' },
        { url: 'https://example.pl/b.pdf', fileName: 'b.pdf' },
      ],
      categories: [{ id: 'c', name: 'C' }],
      rating: { average: 3.5 },
    });
    await startMocks(http.post('/kc/session/v2/sessions/', () => HttpResponse.json({})));
    expect(await fail(createKnowledgeService(mocked).startSession())).to.equal('Knowledge center session is not started yet: the server named no session id');
  });
});
