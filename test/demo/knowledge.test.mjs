import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call, BASE } from './helpers.mjs';
import { ARTICLES, CATEGORIES, FILES } from '../../demo/simulator/knowledge-base.js';
import { foldText, stem, queryTerms } from '../../demo/simulator/knowledge.js';

const KEY = { 'x-api-key': 'demo-key' };
const v2 = (sim, path, init = {}) => call(sim, '/api/kc' + path, { ...init, headers: { ...KEY, ...(init.headers || {}) } });
const v1 = (sim, path, init = {}) => call(sim, '/api/kc1' + path, init);
const state = async (sim) => (await call(sim, '/__control/knowledge', { headers: { authorization: `Bearer ${sim.agentToken}` } })).body;
const ids = (docs) => docs.map((d) => d.id);

test('knowledge base: at least 30 Polish articles, 8 in English, unique ids, known categories, safe HTML, attachments', () => {
  assert.ok(ARTICLES.length >= 30, `${ARTICLES.length} articles`);
  assert.ok(ARTICLES.filter((a) => a.en).length >= 8);
  assert.equal(new Set(ARTICLES.map((a) => a.id)).size, ARTICLES.length);
  const cats = new Set(CATEGORIES.map((c) => c.id));
  for (const a of ARTICLES) {
    assert.ok(a.categories.length && a.categories.every((c) => cats.has(c)), a.id);
    for (const t of [a.pl, a.en].filter(Boolean)) {
      assert.ok(t.title.endsWith('?'), `${a.id} title is a question`);
      for (const tag of t.answer.match(/<[^>]*>/g)) {
        assert.match(tag, /^<\/?(p|ul|li|strong)>$|^<a href="https:\/\/[^"<>]+">$|^<\/a>$/, `${a.id}: ${tag}`);
      }
    }
  }
  const attached = ARTICLES.flatMap((a) => a.attachments || []);
  assert.ok(attached.length >= 3);
  for (const f of attached) assert.ok(f.path === '/ochrona-danych.pdf' || f.path.slice('/api/kc/files/'.length) in FILES, f.path);
});

test('v2 api key: 401 JSON without it (in the request language), 403 for invalid-key; ping has no session', async () => {
  const { sim } = makeSim();
  const none = await call(sim, '/api/kc/health/v2/ping');
  assert.equal(none.status, 401);
  assert.deepEqual(none.body, { error: 'API key required: send the x-api-key header', status: 401 });
  const pl = await call(sim, '/api/kc/search/v2/search/?query=a', { headers: { 'accept-language': 'pl-PL,pl;q=0.9' } });
  assert.equal(pl.status, 401);
  assert.equal(pl.body.error, 'Wymagany klucz API: wyślij nagłówek x-api-key');
  assert.equal(pl.res.headers.get('content-language'), 'pl');
  assert.equal((await v2(sim, '/health/v2/ping', { headers: { 'x-api-key': 'invalid-key' } })).status, 403);
  const ok = await v2(sim, '/health/v2/ping');
  assert.equal(ok.status, 200);
  assert.equal(ok.body.status, 'ok');
  assert.equal(ok.res.headers.get('x-session-id'), null);
  assert.equal((await state(sim)).sessions.length, 0, 'a refused call and a ping start no session');
});

test('v2 session header: the first call gets a new session, the id sent back is kept, an unknown id gets a new one; CORS exposes it', async () => {
  const { sim } = makeSim();
  const first = await v2(sim, '/config/v2/kbs/', { headers: { 'x-customer-id': 'c-7', 'x-api-client-id': 'gwidget', 'x-contact-center-id': 'cc-1' } });
  const id = first.res.headers.get('x-session-id');
  assert.match(id, /^[0-9a-f-]{36}$/);
  assert.match(first.res.headers.get('access-control-expose-headers'), /x-session-id/);
  assert.equal(first.res.headers.get('access-control-allow-origin'), '*');
  const again = await v2(sim, '/search/v2/suggest/?text=w', { headers: { 'x-session-id': id } });
  assert.equal(again.res.headers.get('x-session-id'), id);
  const stranger = await v2(sim, '/search/v2/suggest/?text=w', { headers: { 'x-session-id': 'forgotten' } });
  assert.notEqual(stranger.res.headers.get('x-session-id'), 'forgotten');
  const sessions = (await state(sim)).sessions;
  assert.equal(sessions.length, 2);
  assert.deepEqual([sessions[0].customer, sessions[0].apiClientId, sessions[0].contactCenterId], ['c-7', 'gwidget', 'cc-1']);
  const pre = await sim.handle(new Request(BASE + '/api/kc/search/v2/search/', { method: 'OPTIONS' }));
  assert.equal(pre.status, 204);
  assert.match(pre.headers.get('access-control-allow-headers'), /x-api-key/);
  assert.match(pre.headers.get('access-control-allow-headers'), /x-session-id/);
});

test('v2 sessions: POST creates (201, header), PATCH changes, GET reads, unknown 404; the language becomes the default locale', async () => {
  const { sim } = makeSim();
  const created = await v2(sim, '/session/v2/sessions/', { json: { language: 'pl', customer: 'jan', media: 'selfservice', tenantId: 't1' } });
  assert.equal(created.status, 201);
  const id = created.body.sessionId;
  assert.equal(created.res.headers.get('x-session-id'), id);
  assert.deepEqual([created.body.language, created.body.customer, created.body.media, created.body.tenantId], ['pl', 'jan', 'selfservice', 't1']);
  const kbs = await v2(sim, '/config/v2/kbs/', { headers: { 'x-session-id': id } });
  assert.equal(kbs.body.kbs[0].name, 'PPK — pracownicze plany kapitałowe', 'no locale: the session language');
  const patched = await v2(sim, `/session/v2/sessions/${id}`, { method: 'PATCH', json: { language: 'en-GB' } });
  assert.deepEqual([patched.status, patched.body.language, patched.body.customer], [200, 'en', 'jan']);
  assert.equal((await v2(sim, `/session/v2/sessions/${id}`)).body.language, 'en');
  const media = await v2(sim, `/session/v2/sessions/${id}`, { method: 'PATCH', json: { media: ['selfservice', 'chat'] } });
  assert.deepEqual([media.body.media, media.body.tenantId], [['selfservice', 'chat'], 't1']);
  assert.equal((await v2(sim, '/session/v2/sessions/nope', { method: 'PATCH', json: {} })).status, 404);
  assert.equal((await v2(sim, '/session/v2/sessions/', { json: { language: 'de' } })).status, 400);
  assert.equal((await v2(sim, '/session/v2/sessions/')).status, 405);
});

test('v2 browse: knowledge bases, categories per language, unknown locale 400, unknown path 404', async () => {
  const { sim } = makeSim();
  const kbs = await v2(sim, '/config/v2/kbs/');
  assert.deepEqual(
    kbs.body.kbs.map((k) => [k.id, k.languages]),
    [['ppk', ['pl', 'en']]],
  );
  const pl = await v2(sim, '/browse/v2/locales/pl/cats/?kbs=ppk&media=selfservice');
  assert.ok(pl.body.categories.length >= 8);
  assert.deepEqual(
    pl.body.categories.find((c) => c.id === 'wplaty'),
    { id: 'wplaty', kbId: 'ppk', name: 'Wpłaty', path: '/Wpłaty' },
  );
  const en = await v2(sim, '/browse/v2/locales/en-US/cats/');
  assert.equal(en.body.categories.find((c) => c.id === 'wplaty').name, 'Contributions');
  assert.deepEqual((await v2(sim, '/browse/v2/locales/pl/cats/?kbs=other')).body.categories, []);
  const de = await v2(sim, '/browse/v2/locales/de/cats/');
  assert.equal(de.status, 400);
  assert.match(de.body.error, /Unsupported locale 'de'/);
  assert.equal((await v2(sim, '/nope/v2/x')).status, 404);
});

test('v2 document: HTML or TEXT answer, categories, absolute attachment URLs, English falls back to Polish, 404s', async () => {
  const { sim } = makeSim();
  const d = await v2(sim, '/browse/v2/locales/pl/kbs/ppk/docs/ppk-009');
  assert.equal(d.status, 200);
  assert.equal(d.body.title, 'Jak wygląda wypłata z PPK po 60. roku życia?');
  assert.match(d.body.answer, /^<p>/);
  assert.equal(d.body.feedbackType, 'VOTE');
  assert.deepEqual(d.body.categories, [{ id: 'wyplaty', kbId: 'ppk', name: 'Wypłaty', path: '/Wypłaty' }]);
  assert.deepEqual(d.body.attachments, [{ url: BASE + '/api/kc/files/wyplaty-z-ppk.pdf', fileName: 'wyplaty-z-ppk.pdf' }]);
  const text = await v2(sim, '/browse/v2/locales/pl/kbs/ppk/docs/ppk-009?outputFormat=TEXT');
  assert.doesNotMatch(text.body.answer, /[<>]/);
  assert.match(text.body.answer, /\n• 25% jednorazowo/);
  const en = await v2(sim, '/browse/v2/locales/en/kbs/ppk/docs/ppk-009');
  assert.deepEqual([en.body.lang, en.body.title], ['en', 'How is PPK money paid out after the age of 60?']);
  const fallback = await v2(sim, '/browse/v2/locales/en/kbs/ppk/docs/ppk-008');
  assert.equal(fallback.body.lang, 'pl');
  assert.equal((await v2(sim, '/browse/v2/locales/pl/kbs/ppk/docs/ppk-999')).status, 404);
  assert.equal((await v2(sim, '/browse/v2/locales/pl/kbs/other/docs/ppk-001')).status, 404);
  assert.equal((await v2(sim, '/browse/v2/locales/pl/kbs/ppk/docs/ppk-001?outputFormat=XML')).status, 400);
  const pdf = await call(sim, '/api/kc/files/wyplaty-z-ppk.pdf');
  assert.equal(pdf.res.headers.get('content-type'), 'application/pdf');
  assert.match(pdf.body, /^%PDF-1\.4/);
  assert.equal((await call(sim, '/api/kc/files/nope.pdf')).status, 404);
});

test('folding and stemming: Polish letters and case folded, a term matches words starting with max(4, len − 2) of its letters', () => {
  assert.equal(foldText('Zażółć GĘŚLĄ jaźń Łódź'), 'zazolc gesla jazn lodz');
  assert.equal(stem('wyplata'), 'wypla');
  assert.equal(stem('ppk'), 'ppk');
  assert.equal(stem('rezygnacja'), 'rezygnac');
  assert.deepEqual(queryTerms('Jak wygląda WYPŁATA, jak?'), ['wyglada', 'wyplata'], 'stop words and duplicates dropped');
});

test('v2 search: "wypłata", "wyplata" and "WYPŁATY" find the same withdrawal articles, title matches first', async () => {
  const { sim } = makeSim();
  const search = async (query, extra = '') => (await v2(sim, `/search/v2/search/?locale=pl&kbs=ppk&query=${encodeURIComponent(query)}${extra}`)).body;
  const a = await search('wypłata');
  const b = await search('wyplata');
  const c = await search('WYPŁATY');
  assert.ok(a.documents.length >= 3);
  assert.deepEqual(ids(b.documents), ids(a.documents));
  assert.deepEqual(ids(c.documents), ids(a.documents));
  assert.equal(a.query, 'wypłata');
  assert.match(a.searchId, /^[0-9a-f-]{36}$/);
  // The word (or its category, Wypłaty) is in every result.
  assert.ok(a.documents.every((d) => /wypła/i.test(d.title + d.answer + d.categories.map((x) => x.name).join(' '))));
  // Articles with the word in the title rank before those with it only in the body.
  const inTitle = a.documents.map((d) => /wypła/i.test(d.title));
  assert.equal(inTitle[0], true);
  assert.deepEqual(
    inTitle,
    [...inTitle].sort((x, y) => Number(y) - Number(x)),
    'no title match after a body-only match',
  );
  assert.ok(a.categories.some((cat) => cat.id === 'wyplaty'));
  // 'rezygnacji' (genitive) finds 'rezygnacja' / 'rezygnacji' / 'rezygnacją'.
  assert.ok(ids((await search('rezygnacji')).documents).includes('ppk-007'));
  assert.equal((await search('rozwód')).documents[0].id, 'ppk-028');
  assert.equal((await search('komornik')).documents[0].id, 'ppk-034');
});

test('v2 search: size limits (the rest are suggestions), categories filter, TEXT, no match → empty, bad input 400', async () => {
  const { sim } = makeSim();
  const all = (await v2(sim, '/search/v2/search/?locale=pl&query=wyp%C5%82ata&size=100')).body;
  assert.equal(all.count, all.documents.length);
  const three = (await v2(sim, '/search/v2/search/?locale=pl&query=wyp%C5%82ata&size=3')).body;
  assert.equal(three.documents.length, 3);
  assert.deepEqual(ids(three.documents), ids(all.documents).slice(0, 3));
  assert.deepEqual(
    three.suggestions,
    all.documents.slice(3, 8).map((d) => d.title),
  );
  const cat = (await v2(sim, '/search/v2/search/?locale=pl&query=wyp%C5%82ata&cats=podatki')).body;
  assert.ok(cat.documents.length >= 1 && cat.documents.every((d) => d.categories.some((x) => x.id === 'podatki')));
  const text = (await v2(sim, '/search/v2/search/?locale=pl&query=rezygnacja&outputFormat=TEXT')).body;
  assert.ok(text.documents.every((d) => !/[<>]/.test(d.answer)));
  const none = await v2(sim, '/search/v2/search/?locale=pl&query=xyzzy%20kwark');
  assert.deepEqual([none.status, none.body.documents, none.body.count], [200, [], 0]);
  assert.deepEqual((await v2(sim, '/search/v2/search/?locale=pl&query=jak%20czy')).body.documents, [], 'only stop words');
  const en = (await v2(sim, '/search/v2/search/?locale=en&query=withdraw')).body;
  assert.ok(en.documents.length >= 2 && en.documents.every((d) => d.lang === 'en'));
  assert.equal((await v2(sim, '/search/v2/search/?locale=pl')).status, 400);
  assert.equal((await v2(sim, '/search/v2/search/?locale=pl&query=a&size=0')).status, 400);
  assert.equal((await v2(sim, '/search/v2/search/?locale=pl&query=' + 'a'.repeat(501))).status, 400);
  assert.equal((await state(sim)).searches.length, 7, 'every search answered is remembered (not the refused ones)');
});

test('v2 suggest: at most 5 questions for what is typed, from one character, in the locale', async () => {
  const { sim } = makeSim();
  for (const text of ['w', 'wy', 'wyp', 'c', 'czy mo']) {
    const r = await v2(sim, `/search/v2/suggest/?locale=pl&kbs=ppk&text=${encodeURIComponent(text)}`);
    assert.equal(r.status, 200);
    assert.ok(r.body.suggestions.length >= 1 && r.body.suggestions.length <= 5, `${text}: ${r.body.suggestions.length}`);
    assert.ok(r.body.suggestions.every((s) => typeof s === 'string' && ARTICLES.some((a) => a.pl.title === s)));
  }
  const wyp = (await v2(sim, '/search/v2/suggest/?locale=pl&text=wyp%C5%82')).body.suggestions;
  assert.ok(
    wyp.every((s) => /wypł/i.test(s)),
    wyp.join(' | '),
  );
  const czy = (await v2(sim, '/search/v2/suggest/?locale=pl&text=Czy%20mog%C4%99%20wyp')).body.suggestions;
  assert.equal(czy[0].startsWith('Czy mogę wypłacić'), true, 'titles starting with the typed text first');
  const en = (await v2(sim, '/search/v2/suggest/?locale=en&text=what')).body.suggestions;
  assert.ok(en.length >= 1 && en.every((s) => s.startsWith('What')));
  assert.deepEqual((await v2(sim, '/search/v2/suggest/?locale=pl&text=qqq')).body.suggestions, []);
  assert.equal((await v2(sim, '/search/v2/suggest/?locale=pl&text=')).status, 400);
});

test('v2 trending: by views, then the base order; n limits', async () => {
  const { sim } = makeSim();
  const top = async (q = '') => ids((await v2(sim, `/search/v2/docs/top/?locale=pl&kbs=ppk${q}`)).body.documents);
  const base = ARTICLES.map((a) => a.id);
  assert.deepEqual(await top(), base.slice(0, 5), 'default n 5');
  assert.deepEqual(await top('&n=2'), base.slice(0, 2));
  for (const docId of ['ppk-030', 'ppk-030', 'ppk-020']) {
    const r = await v2(sim, '/feedback/v2/view', { json: { locale: 'pl', kbId: 'ppk', docId } });
    assert.match(r.body.recordId, /^[0-9a-f-]{36}$/);
  }
  assert.deepEqual(await top('&n=3'), ['ppk-030', 'ppk-020', 'ppk-001']);
  const en = (await v2(sim, '/search/v2/docs/top/?locale=en&n=3&outputFormat=TEXT')).body.documents;
  assert.deepEqual(ids(en), ['ppk-020', 'ppk-001', 'ppk-002'], 'English: only articles with an English version');
  assert.ok(en.every((d) => !/[<>]/.test(d.answer)));
  assert.equal((await v2(sim, '/search/v2/docs/top/?n=101')).status, 400);
});

test('v2 feedback: views, likes, dislikes, not-found and ratings arrive in /__control/knowledge', async () => {
  const { sim } = makeSim();
  const headers = { 'x-session-id': (await call(sim, '/api/kc/session/v2/sessions/', { json: { language: 'pl' }, headers: KEY })).body.sessionId };
  const v2 = (sim, path, init = {}) => call(sim, '/api/kc' + path, { ...init, headers: { ...KEY, ...headers } });
  const s = (await v2(sim, '/search/v2/search/?locale=pl&query=wyp%C5%82ata')).body;
  const like = await v2(sim, '/feedback/v2/like', { json: { locale: 'pl', kbId: 'ppk', docId: 'ppk-009', searchId: s.searchId } });
  assert.equal(like.status, 200);
  await v2(sim, '/feedback/v2/dislike', { json: { locale: 'pl', kbId: 'ppk', docId: 'ppk-011', searchId: s.searchId, query: 'inne pytanie' } });
  const nf = (await v2(sim, '/search/v2/search/?locale=pl&query=kwark')).body;
  await v2(sim, '/feedback/v2/notfound', { json: { locale: 'pl', searchId: nf.searchId } });
  const rated = await v2(sim, '/feedback/v2/rating', { json: { voteId: like.body.recordId, rating: 4, comment: 'Jasne' } });
  assert.deepEqual([rated.status, rated.body.average, rated.body.count, rated.body.likes], [200, 4, 1, 1]);
  await v2(sim, '/feedback/v2/rating', { json: { kbId: 'ppk', docId: 'ppk-009', rating: '5' } });
  const k = await state(sim);
  assert.deepEqual(
    k.votes.map((v) => [v.docId, v.relevant, v.query, v.searchId === s.searchId, v.api, v.sessionId]),
    [
      ['ppk-009', true, 'wypłata', true, 'v2', headers['x-session-id']],
      ['ppk-011', false, 'inne pytanie', true, 'v2', headers['x-session-id']],
    ],
  );
  assert.deepEqual(
    k.notFound.map((n) => [n.searchId, n.query]),
    [[nf.searchId, 'kwark']],
  );
  assert.deepEqual(
    k.ratings.map((r) => [r.docId, r.rating, r.comment, r.voteId]),
    [
      ['ppk-009', 4, 'Jasne', like.body.recordId],
      ['ppk-009', 5, '', null],
    ],
  );
  const doc = (await v2(sim, '/browse/v2/locales/pl/kbs/ppk/docs/ppk-009')).body;
  assert.deepEqual(doc.rating, { average: 4.5, count: 2, likes: 1, dislikes: 0, views: 0 });
  assert.deepEqual((await v2(sim, '/feedback/v2/rating?kbId=ppk&docId=ppk-009')).body.average, 4.5);
  assert.deepEqual((await call(sim, '/__control')).body.knowledge, { sessions: 1, searches: 2, views: 0, votes: 2, ratings: 2, notFound: 1 });
  // Refusals store nothing.
  assert.equal((await v2(sim, '/feedback/v2/like', { json: { locale: 'pl', kbId: 'ppk', docId: 'ppk-999' } })).status, 404);
  assert.equal((await v2(sim, '/feedback/v2/like', { json: { locale: 'pl', kbId: 'ppk' } })).status, 400);
  assert.equal((await v2(sim, '/feedback/v2/notfound', { json: { locale: 'pl' } })).status, 400);
  assert.equal((await v2(sim, '/feedback/v2/rating', { json: { kbId: 'ppk', docId: 'ppk-009', rating: 6 } })).status, 400);
  assert.equal((await v2(sim, '/feedback/v2/rating', { json: { voteId: 'nope', rating: 3 } })).status, 404);
  assert.equal((await v2(sim, '/feedback/v2/view')).status, 405);
  const after = await state(sim);
  assert.deepEqual([after.votes.length, after.ratings.length, after.notFound.length], [2, 2, 1]);
});

test('v1: every route answers { response, status, error, sessionId }', async () => {
  const { sim } = makeSim();
  const wrap = (r) => {
    assert.deepEqual(Object.keys(r.body).sort(), ['error', 'response', 'sessionId', 'status']);
    return r.body.response;
  };
  assert.deepEqual(wrap(await v1(sim, '/management/ping')), { status: 'ok', version: 'v1' });
  const created = await v1(sim, '/sessions/new', { method: 'PUT', json: { language: 'pl', customer: 'anna' } });
  assert.deepEqual([created.status, created.body.status, created.body.error], [201, 201, null]);
  const sessionId = created.body.response.sessionId;
  assert.equal(created.body.sessionId, sessionId);
  const kbs = await v1(sim, `/kbs?sessionId=${sessionId}&lang=pl&tenantId=t`);
  assert.equal(wrap(kbs)[0].name, 'PPK — pracownicze plany kapitałowe');
  assert.equal(kbs.body.sessionId, sessionId);
  const cats = wrap(await v1(sim, '/kbs/langs/pl/categories', { json: { knowledgebases: ['ppk'], media: 'selfservice', sessionId } }));
  assert.ok(cats.some((c) => c.name === 'Wpłaty'));
  assert.deepEqual(ids(wrap(await v1(sim, '/kbs/langs/pl/top', { json: { knowledgebases: ['ppk'], n: 2 } }))), ['ppk-001', 'ppk-002']);
  const found = wrap(
    await v1(sim, '/kbs/langs/pl/search', {
      json: { query: 'wyplata', knowledgebases: ['ppk'], categories: [], media: 'selfservice', filters: [], sessionId },
    }),
  );
  assert.ok(found.documents.length >= 3 && found.searchId);
  assert.deepEqual(ids(found.documents), ids((await v2(sim, '/search/v2/search/?locale=pl&query=wyp%C5%82ata')).body.documents), 'one base, one ranking');
  const sug = wrap(await v1(sim, '/kbs/langs/pl/suggestions', { json: { text: 'rez' } }));
  assert.ok(sug.length >= 1 && sug.length <= 5);
  const doc = wrap(await v1(sim, '/kbs/ppk/documents/ppk-007?lang=en'));
  assert.equal(doc.title, 'How do I opt out of PPK contributions?');
  assert.ok(wrap(await v1(sim, '/feedback/ppk/documents/ppk-007/visit', { json: { sessionId } })).recordId);
  const vote = wrap(await v1(sim, '/feedback/ppk/documents/ppk-007/vote', { json: { relevant: true, searchId: found.searchId, sessionId } }));
  assert.ok(vote.recordId);
  await v1(sim, '/feedback/ppk/documents/ppk-007/vote', { json: { relevant: 'false' } });
  const rated = wrap(await v1(sim, '/feedback/ppk/documents/ppk-007/rating', { json: { rating: 3, comment: 'ok', voteId: vote.recordId } }));
  assert.equal(rated.average, 3);
  assert.deepEqual(wrap(await v1(sim, '/kbs/ppk/documents/ppk-007/rating')), {
    kbId: 'ppk',
    docId: 'ppk-007',
    average: 3,
    count: 1,
    likes: 1,
    dislikes: 1,
    views: 1,
  });
  assert.ok(wrap(await v1(sim, '/feedback/unanswered', { json: { query: 'kwark', lang: 'pl' } })).recordId);
  const changed = await v1(sim, `/sessions/${sessionId}`, { json: { language: 'en' } });
  assert.deepEqual([changed.body.response.language, changed.body.response.customer, changed.body.sessionId], ['en', 'anna', sessionId]);
  const k = await state(sim);
  assert.deepEqual(
    k.votes.map((v) => [v.api, v.docId, v.relevant, v.query, v.sessionId]),
    [
      ['v1', 'ppk-007', true, 'wyplata', sessionId],
      ['v1', 'ppk-007', false, null, null],
    ],
  );
  assert.deepEqual([k.views.length, k.notFound[0].query, k.sessions.filter((x) => x.api === 'v1').length], [1, 'kwark', 1]);
});

test('v1 errors come in the same wrapper; no api key is needed', async () => {
  const { sim } = makeSim();
  const missing = await v1(sim, '/kbs/ppk/documents/ppk-999', { headers: { 'accept-language': 'pl' } });
  assert.equal(missing.status, 404);
  assert.deepEqual(missing.body, { response: null, status: 404, error: 'Nie znaleziono dokumentu', sessionId: null });
  assert.equal((await v1(sim, '/kbs/langs/pl/search', { json: {} })).body.error, 'Parameter query is required');
  assert.equal((await v1(sim, '/feedback/ppk/documents/ppk-001/vote', { json: { relevant: 'maybe' } })).status, 400);
  assert.equal((await v1(sim, '/sessions/nope', { json: {} })).status, 404);
  assert.equal((await v1(sim, '/sessions/new', { json: {} })).status, 405, 'new sessions are PUT');
  assert.equal((await v1(sim, '/kbs/langs/xx/top', { json: {} })).status, 400);
  assert.equal((await v1(sim, '/nope')).body.status, 404);
});

test('faults: knowledge.search fails (503, Polish for a Polish request), a prefix covers both versions, drop and latency; unknown keys refused', async () => {
  const { sim } = makeSim();
  assert.equal((await call(sim, '/__control/faults', { json: { endpoint: 'knowledge.search', failureRate: 1 } })).status, 200);
  const f = await v2(sim, '/search/v2/search/?locale=pl&query=wyplata', { headers: { 'accept-language': 'pl' } });
  assert.deepEqual([f.status, f.body], [503, { error: 'Symulowana awaria serwera', status: 503 }]);
  assert.equal(f.res.headers.get('access-control-allow-origin'), '*', 'a failure is still readable cross-origin');
  assert.equal((await v1(sim, '/kbs/langs/pl/search', { json: { query: 'wyplata' } })).status, 503);
  assert.equal((await call(sim, '/api/kc/search/v2/search/?query=a')).status, 503, 'a server that is down answers before the key check');
  assert.equal((await v2(sim, '/search/v2/suggest/?locale=pl&text=w')).status, 200, 'other knowledge endpoints unaffected');
  await call(sim, '/__control/faults', { method: 'DELETE' });
  await call(sim, '/__control/faults', { json: { endpoint: 'knowledge', failureRate: 1, status: 500 } });
  assert.equal((await v2(sim, '/health/v2/ping')).status, 500);
  assert.equal((await v1(sim, '/management/ping')).status, 500);
  await call(sim, '/__control/faults', { json: { faults: { knowledge: null, 'knowledge.feedback': { dropRate: 1 } } } });
  const drop = await v2(sim, '/feedback/v2/like', { json: { kbId: 'ppk', docId: 'ppk-001' } });
  assert.equal(drop.res.type, 'error');
  assert.equal((await state(sim)).votes.length, 0);
  await call(sim, '/__control/faults', { json: { endpoint: 'knowledge.ping', latencyMs: 60, clear: false } });
  const t0 = Date.now();
  assert.equal((await v2(sim, '/health/v2/ping')).status, 200);
  assert.ok(Date.now() - t0 >= 55);
  const bad = await call(sim, '/__control/faults', { json: { endpoint: 'knowledge.nope' } });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error, /knowledge\.search/);
});

test('reset clears sessions, searches, views, votes, ratings and not-found reports; trending is back to the base order', async () => {
  const { sim } = makeSim();
  const s = await v2(sim, '/search/v2/search/?locale=pl&query=rezygnacja');
  await v2(sim, '/feedback/v2/view', { json: { locale: 'pl', kbId: 'ppk', docId: 'ppk-033' } });
  await v2(sim, '/feedback/v2/like', { json: { kbId: 'ppk', docId: 'ppk-033', searchId: s.body.searchId } });
  await v2(sim, '/feedback/v2/rating', { json: { kbId: 'ppk', docId: 'ppk-033', rating: 2 } });
  await v2(sim, '/feedback/v2/notfound', { json: { searchId: s.body.searchId } });
  assert.equal(ids((await v2(sim, '/search/v2/docs/top/?locale=pl&n=1')).body.documents)[0], 'ppk-033');
  await call(sim, '/__control/reset', { json: {} });
  const k = await state(sim);
  assert.deepEqual([k.sessions, k.searches, k.views, k.votes, k.ratings, k.notFound, k.viewCounts], [[], [], [], [], [], [], {}]);
  assert.equal(ids((await v2(sim, '/search/v2/docs/top/?locale=pl&n=1')).body.documents)[0], 'ppk-001');
  assert.equal((await v2(sim, `/session/v2/sessions/${s.res.headers.get('x-session-id')}`)).status, 404, 'the old session is gone');
});

test('bounds: each record list keeps maxKnowledgeRecords and sessions maxKnowledgeSessions, the oldest dropped', async () => {
  const { sim } = makeSim({ maxKnowledgeRecords: 3, maxKnowledgeSessions: 2 });
  const docs = ['ppk-001', 'ppk-002', 'ppk-003', 'ppk-004', 'ppk-005'];
  const headers = { 'x-session-id': (await v2(sim, '/session/v2/sessions/', { json: {} })).body.sessionId };
  for (const docId of docs) {
    await v2(sim, '/feedback/v2/like', { json: { kbId: 'ppk', docId }, headers });
    await v2(sim, '/feedback/v2/view', { json: { kbId: 'ppk', docId }, headers });
    await v2(sim, '/search/v2/search/?query=ppk', { headers });
  }
  const k = await state(sim);
  assert.deepEqual(
    k.votes.map((v) => v.docId),
    docs.slice(2),
  );
  assert.deepEqual(
    k.views.map((v) => v.docId),
    docs.slice(2),
  );
  assert.equal(k.searches.length, 3);
  assert.equal(Object.keys(k.viewCounts).length, 5, 'view counts are one per article, bounded by the base');
  const ids3 = [];
  for (let i = 0; i < 3; i++) ids3.push((await v2(sim, '/session/v2/sessions/', { json: {} })).body.sessionId);
  assert.deepEqual(
    (await state(sim)).sessions.map((s) => s.sessionId),
    ids3.slice(1),
  );
  const old = await v2(sim, '/search/v2/suggest/?text=w', { headers: { 'x-session-id': ids3[0] } });
  assert.notEqual(old.res.headers.get('x-session-id'), ids3[0], 'an evicted session id is replaced');
});

test('malformed bodies, queries and paths never crash the knowledge routes', async () => {
  const errors = [];
  const { sim } = makeSim({ onError: (e) => errors.push(e) });
  const routes = [
    ['POST', '/api/kc/feedback/v2/like'],
    ['POST', '/api/kc/feedback/v2/rating'],
    ['POST', '/api/kc/session/v2/sessions/'],
    ['PATCH', '/api/kc/session/v2/sessions/%E0%A4%A'],
    ['GET', '/api/kc/browse/v2/locales/%E0%A4%A/kbs/%/docs/%ZZ'],
    ['GET', '/api/kc/search/v2/search/?query=%E0%A4%A&size=-1&kbs=%'],
    ['POST', '/api/kc1/kbs/langs/pl/search'],
    ['POST', '/api/kc1/feedback/%/documents/%E0/vote'],
    ['PUT', '/api/kc1/sessions/new'],
    ['POST', '/api/kc1/feedback/unanswered'],
  ];
  const bodies = [
    ['application/json', '{"broken":'],
    ['application/json', '[1,2]'],
    ['application/json', 'null'],
    [
      'application/json',
      JSON.stringify({ query: { a: 1 }, knowledgebases: { x: 1 }, relevant: [true], rating: {}, language: ['pl'], size: [3], kbId: 1, docId: null }),
    ],
    ['application/x-www-form-urlencoded', '%%%=%ZZ&&=&a'],
    ['text/xml', '<a/>'],
    ['multipart/form-data; boundary=b', '--b\r\n'],
  ];
  for (const [method, path] of routes) {
    for (const [type, body] of bodies) {
      const res = await sim.handle(
        new Request(BASE + path, { method, headers: { 'content-type': type, 'x-api-key': 'k' }, body: method === 'GET' ? undefined : body }),
      );
      assert.ok(res.status < 500, `${method} ${path} ${type} → ${res.status}`);
      const json = await res.json();
      if (res.status >= 400) assert.ok(json.error, `${method} ${path} error text`);
    }
  }
  assert.deepEqual(errors, []);
});
