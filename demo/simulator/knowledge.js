// @ts-check
/**
 * Knowledge centre, API v2 (under /api/kc) and v1 (under /api/kc1), over one knowledge base
 * (knowledge-base.js): browse, trending, a real search (tokens, Polish diacritics and case folded,
 * prefix stemming, title weighted over body), suggestions, views, votes, ratings, not-found reports
 * and sessions. Web-standard only.
 */
import { HttpError, json, readBody, randomId } from './http.js';
import { buildPdf } from './pdf.js';
import { requestLanguage } from './texts.js';
import { ARTICLES, CATEGORIES, FILES, KNOWLEDGE_BASES } from './knowledge-base.js';

/** @typedef {import('./index.js').Sim} Sim */
/** @typedef {import('./knowledge-base.js').Lang} Lang */
/** @typedef {import('./knowledge-base.js').Article} Article */

export const KC_V2 = '/api/kc';
export const KC_V1 = '/api/kc1';
/** Response (and request) header carrying the v2 session id. */
export const SESSION_HEADER = 'x-session-id';
/** Request headers the v2 API reads (besides x-api-key and x-session-id); kept with the session. */
export const CLIENT_HEADERS = Object.freeze({
  contactCenterId: 'x-contact-center-id',
  customerId: 'x-customer-id',
  apiClientId: 'x-api-client-id',
  apiClientMediaType: 'x-api-client-media-type',
});
/** The api key the simulator refuses with 403 (any other non-empty key is accepted). */
export const INVALID_KEY = 'invalid-key';

/** Fault keys (`/__control/faults`); `knowledge` covers all of them. v1 and v2 share them. */
export const KNOWLEDGE_ENDPOINT_KEYS = Object.freeze([
  'knowledge.ping',
  'knowledge.kbs',
  'knowledge.categories',
  'knowledge.top',
  'knowledge.document',
  'knowledge.search',
  'knowledge.suggest',
  'knowledge.feedback',
  'knowledge.rating',
  'knowledge.session',
  'knowledge.file',
]);

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, OPTIONS',
  'access-control-allow-headers': ['content-type', 'accept-language', 'x-api-key', SESSION_HEADER, ...Object.values(CLIENT_HEADERS)].join(', '),
  'access-control-expose-headers': `${SESSION_HEADER}, content-language`,
  'access-control-max-age': '600',
};

/** The knowledge centre's own messages, in the request's language. */
const KC_TEXTS = {
  en: {
    apiKeyRequired: 'API key required: send the x-api-key header',
    apiKeyInvalid: 'Invalid API key',
    unknownDocument: 'Document not found',
    unknownKb: 'Knowledge base not found',
    unknownSession: 'Session not found',
    unknownFile: 'File not found',
    /** @param {string} v */
    unsupportedLocale: (v) => `Unsupported locale '${v}': use pl or en`,
    /** @param {string} name @param {number} min @param {number} max */
    badNumber: (name, min, max) => `Invalid parameter ${name}: expected an integer from ${min} to ${max}`,
    /** @param {string} name */
    required: (name) => `Parameter ${name} is required`,
    /** @param {string} name @param {number} max */
    tooLong: (name, max) => `Parameter ${name} is longer than ${max} characters`,
    badOutputFormat: 'Invalid parameter outputFormat: expected HTML or TEXT',
    badRating: 'Invalid parameter rating: expected an integer from 1 to 5',
    badRelevant: 'Invalid parameter relevant: expected true or false',
    unknownVote: 'Vote not found',
    methodNotAllowed: 'Method not allowed',
    notFound: 'Not found',
  },
  pl: {
    apiKeyRequired: 'Wymagany klucz API: wyślij nagłówek x-api-key',
    apiKeyInvalid: 'Nieprawidłowy klucz API',
    unknownDocument: 'Nie znaleziono dokumentu',
    unknownKb: 'Nie znaleziono bazy wiedzy',
    unknownSession: 'Nie znaleziono sesji',
    unknownFile: 'Nie znaleziono pliku',
    /** @param {string} v */
    unsupportedLocale: (v) => `Nieobsługiwany język '${v}': użyj pl lub en`,
    /** @param {string} name @param {number} min @param {number} max */
    badNumber: (name, min, max) => `Nieprawidłowy parametr ${name}: oczekiwano liczby całkowitej od ${min} do ${max}`,
    /** @param {string} name */
    required: (name) => `Parametr ${name} jest wymagany`,
    /** @param {string} name @param {number} max */
    tooLong: (name, max) => `Parametr ${name} jest dłuższy niż ${max} znaków`,
    badOutputFormat: 'Nieprawidłowy parametr outputFormat: oczekiwano HTML lub TEXT',
    badRating: 'Nieprawidłowy parametr rating: oczekiwano liczby całkowitej od 1 do 5',
    badRelevant: 'Nieprawidłowy parametr relevant: oczekiwano true lub false',
    unknownVote: 'Nie znaleziono głosu',
    methodNotAllowed: 'Niedozwolona metoda',
    notFound: 'Nie znaleziono',
  },
};

const MAX_QUERY = 500;
const MAX_TEXT = 2000;
const MAX_ID = 100;
const MAX_SUGGESTIONS = 5;

// ---------------------------------------------------------------------------------------------
// State

/** A fresh knowledge-centre state (index.js keeps it under state.knowledge; reset() renews it). */
export function initialKnowledgeState() {
  return {
    /** @type {Map<string, KnowledgeSession>} */
    sessions: new Map(),
    /** @type {Map<string, {searchId: string, query: string, lang: Lang, kbs: string[], count: number, at: number, sessionId: string | null}>} */
    searches: new Map(),
    /** @type {Array<{recordId: string, api: 'v1' | 'v2', kbId: string, docId: string, lang: Lang, sessionId: string | null, at: number}>} */
    views: [],
    /** @type {Array<{recordId: string, api: 'v1' | 'v2', kbId: string, docId: string, lang: Lang, searchId: string | null, query: string | null, relevant: boolean, sessionId: string | null, at: number}>} */
    votes: [],
    /** @type {Array<{recordId: string, api: 'v1' | 'v2', kbId: string, docId: string, voteId: string | null, rating: number, comment: string, sessionId: string | null, at: number}>} */
    ratings: [],
    /** @type {Array<{recordId: string, api: 'v1' | 'v2', searchId: string | null, query: string | null, lang: Lang, sessionId: string | null, at: number}>} */
    notFound: [],
    /** @type {Map<string, number>} "kbId/docId" → views (drives trending) */
    viewCounts: new Map(),
  };
}

/**
 * @typedef {object} KnowledgeSession
 * @property {string} sessionId
 * @property {'v1' | 'v2'} api
 * @property {Lang} language
 * @property {string | null} customer
 * @property {string | string[] | null} media a medium or a list of them (at most 20)
 * @property {string | null} tenantId
 * @property {string | null} contactCenterId
 * @property {string | null} apiClientId
 * @property {string | null} apiClientMediaType
 * @property {number} createdAt
 * @property {number} updatedAt
 */

/** @param {Sim} sim */
const kstate = (sim) => sim.state.knowledge;

/**
 * Push a record into a bounded list (the oldest goes first).
 * @template T
 * @param {Sim} sim
 * @param {T[]} list
 * @param {T} record
 */
function keep(sim, list, record) {
  list.push(record);
  while (list.length > sim.options.maxKnowledgeRecords) list.shift();
  return record;
}

/**
 * Remember a key in a bounded Map (the oldest goes first).
 * @template V
 * @param {Map<string, V>} map
 * @param {string} key
 * @param {V} value
 * @param {number} max
 */
function remember(map, key, value, max) {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(/** @type {string} */ (map.keys().next().value));
}

/** What `/__control/knowledge` answers. @param {Sim} sim */
export function knowledgeSnapshot(sim) {
  const k = kstate(sim);
  return {
    sessions: [...k.sessions.values()],
    searches: [...k.searches.values()],
    views: k.views,
    votes: k.votes,
    ratings: k.ratings,
    notFound: k.notFound,
    viewCounts: Object.fromEntries(k.viewCounts),
    limits: { maxRecords: sim.options.maxKnowledgeRecords, maxSessions: sim.options.maxKnowledgeSessions },
  };
}

/** Counts for the control snapshot. @param {Sim} sim */
export function knowledgeCounts(sim) {
  const k = kstate(sim);
  return {
    sessions: k.sessions.size,
    searches: k.searches.size,
    views: k.views.length,
    votes: k.votes.length,
    ratings: k.ratings.length,
    notFound: k.notFound.length,
  };
}

// ---------------------------------------------------------------------------------------------
// Text: folding, tokens, stemming

/** Lower case, Polish diacritics folded (ą→a … ł→l … ź/ż→z), other marks dropped. @param {string} s */
export function foldText(s) {
  return s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l');
}

/** Words (letters and digits) of a text, folded. @param {string} s */
export function tokenize(s) {
  return foldText(s).match(/[a-z0-9]+/g) || [];
}

/** Words too common to say anything (folded; Polish and English). */
const STOPWORDS = new Set(
  (
    'a aby ale albo bo by byc co czy dla do gdy i ich ile in jak jaki jakie jest jestem juz ktore ktory ' +
    'lub ma mam mi mnie moge moj moja moje mozna na nad nie o od po pod przez przy sa sie ta tak to tu ' +
    'w we z za ze ' +
    'an and are as at be by can do does for from how i if in is it me my of on or the to what when where which who why will with you your'
  ).split(' '),
);

/** The part of a query term a word must start with: the first max(4, length − 2) letters. @param {string} term */
export const stem = (term) => term.slice(0, Math.max(4, term.length - 2));

/** Remove tags and decode the few entities the articles use; list items become lines. @param {string} html */
export function htmlToText(html) {
  return html
    .replace(/<li>/g, '\n• ')
    .replace(/<\/p>\s*/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/**
 * One article in one language, ready for search.
 * @typedef {{ article: Article, lang: Lang, order: number, title: string, answer: string, text: string, titleWords: string[], bodyWords: string[] }} Entry
 */

/** @type {Map<Lang, Entry[]>} built once (the base is static) */
const INDEX = new Map();

/** @param {Lang} lang */
function entries(lang) {
  let list = INDEX.get(lang);
  if (!list) {
    list = [];
    ARTICLES.forEach((article, order) => {
      const t = article[lang];
      if (!t) return;
      const text = htmlToText(t.answer);
      const catNames = article.categories.map((c) => CATEGORIES.find((x) => x.id === c)?.name[lang] || '').join(' ');
      list?.push({ article, lang, order, title: t.title, answer: t.answer, text, titleWords: tokenize(t.title), bodyWords: tokenize(text + ' ' + catNames) });
    });
    INDEX.set(lang, list);
  }
  return list;
}

/** The query's terms worth matching: folded, without stop words and duplicates. @param {string} query */
export function queryTerms(query) {
  return [...new Set(tokenize(query).filter((t) => !STOPWORDS.has(t)))];
}

/** @param {string[]} words @param {string} prefix */
const hits = (words, prefix) => words.reduce((n, w) => n + (w.startsWith(prefix) ? 1 : 0), 0);

/**
 * Score an entry for a query's terms: per term, 3 per title word and 1 per body word (at most 3)
 * starting with the term's stem, times the share of terms that matched at all. 0 = no match.
 * @param {Entry} e
 * @param {string[]} terms
 */
function score(e, terms) {
  let total = 0;
  let matched = 0;
  for (const term of terms) {
    const p = stem(term);
    const s = 3 * hits(e.titleWords, p) + Math.min(3, hits(e.bodyWords, p));
    if (s) matched++;
    total += s;
  }
  return matched ? (total * matched) / terms.length : 0;
}

/**
 * Ranked matches of a query (best first; ties in the base's order).
 * @param {Lang} lang
 * @param {string} query
 * @param {{ kbs: string[], cats: string[] }} filter
 */
export function searchEntries(lang, query, filter) {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  return entries(lang)
    .filter((e) => inFilter(e, filter))
    .map((e) => ({ e, s: score(e, terms) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.e.order - b.e.order)
    .map((x) => x.e);
}

/** @param {Entry} e @param {{ kbs: string[], cats: string[] }} filter */
function inFilter(e, filter) {
  return filter.kbs.includes(KNOWLEDGE_BASES[0].id) && (!filter.cats.length || e.article.categories.some((c) => filter.cats.includes(c)));
}

/**
 * Questions (titles) for what a visitor is typing: every complete word must match a title word by
 * its stem, the last (perhaps unfinished) word as a plain prefix; titles where the typed text starts
 * the title first, then by search score. At most 5.
 * @param {Lang} lang
 * @param {string} text
 * @param {{ kbs: string[], cats: string[] }} filter
 */
export function suggest(lang, text, filter) {
  const words = tokenize(text);
  if (!words.length) return [];
  const last = /** @type {string} */ (words.pop());
  const complete = words.filter((w) => !STOPWORDS.has(w));
  const folded = foldText(text).trim();
  return entries(lang)
    .filter((e) => inFilter(e, filter))
    .filter((e) => e.titleWords.some((w) => w.startsWith(last)) && complete.every((t) => e.titleWords.some((w) => w.startsWith(stem(t)))))
    .map((e) => ({ e, starts: foldText(e.title).startsWith(folded) ? 1 : 0, s: score(e, [...complete, last]) }))
    .sort((a, b) => b.starts - a.starts || b.s - a.s || a.e.order - b.e.order)
    .slice(0, MAX_SUGGESTIONS)
    .map((x) => x.e.title);
}

// ---------------------------------------------------------------------------------------------
// Answers

/** @param {string} lang */
function kcTexts(lang) {
  return KC_TEXTS[/** @type {Lang} */ (lang)] || KC_TEXTS.en;
}

/**
 * An error of the knowledge centre in the request's language.
 * @param {Request} request
 * @param {number} status
 * @param {(t: typeof KC_TEXTS.en) => string} pick
 */
function kcError(request, status, pick) {
  const lang = requestLanguage(request);
  return new HttpError(status, pick(kcTexts(lang)), undefined, { 'content-language': lang });
}

/** @param {string} v @param {Request} request @returns {Lang} */
function parseLocale(v, request) {
  const primary = v.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'pl' || primary === 'en') return primary;
  throw kcError(request, 400, (t) => t.unsupportedLocale(v.slice(0, 20)));
}

/**
 * A list parameter: comma-separated and/or repeated, or a JSON array in a v1 body.
 * @param {unknown} v
 * @returns {string[]}
 */
function list(v) {
  const items = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return [
    ...new Set(
      items
        .flatMap((x) => String(x).split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 50);
}

/**
 * @param {unknown} v
 * @param {string} name
 * @param {number} min
 * @param {number} max
 * @param {number} dflt
 * @param {Request} request
 */
function intParam(v, name, min, max, dflt, request) {
  if (v === undefined || v === null || v === '') return dflt;
  const s = String(v).trim();
  if (!/^\d+$/.test(s) || Number(s) < min || Number(s) > max) throw kcError(request, 400, (t) => t.badNumber(name, min, max));
  return Number(s);
}

/** @param {unknown} v @param {Request} request @returns {'HTML' | 'TEXT'} */
function outputFormat(v, request) {
  if (v === undefined || v === null || v === '') return 'HTML';
  const f = String(v).toUpperCase();
  if (f === 'HTML' || f === 'TEXT') return f;
  throw kcError(request, 400, (t) => t.badOutputFormat);
}

/** @param {unknown} v @param {string} name @param {number} max @param {Request} request */
function text(v, name, max, request) {
  const s = v === undefined || v === null ? '' : String(v).trim();
  if (s.length > max) throw kcError(request, 400, (t) => t.tooLong(name, max));
  return s;
}

/** @param {unknown} v @param {string} name @param {number} max @param {Request} request */
function required(v, name, max, request) {
  const s = text(v, name, max, request);
  if (!s) throw kcError(request, 400, (t) => t.required(name));
  return s;
}

/** @param {string} id @param {Lang} lang */
function category(id, lang) {
  const c = CATEGORIES.find((x) => x.id === id);
  const name = c ? c.name[lang] : id;
  return { id, kbId: KNOWLEDGE_BASES[0].id, name, path: `/${name}` };
}

/** @param {Sim} sim @param {string} kbId @param {string} docId */
function ratingOf(sim, kbId, docId) {
  const k = kstate(sim);
  const rs = k.ratings.filter((r) => r.kbId === kbId && r.docId === docId);
  const votes = k.votes.filter((v) => v.kbId === kbId && v.docId === docId);
  return {
    average: rs.length ? Math.round((rs.reduce((s, r) => s + r.rating, 0) / rs.length) * 10) / 10 : 0,
    count: rs.length,
    likes: votes.filter((v) => v.relevant).length,
    dislikes: votes.filter((v) => !v.relevant).length,
    views: k.viewCounts.get(`${kbId}/${docId}`) || 0,
  };
}

/**
 * The wire form of a document.
 * @param {Sim} sim
 * @param {Entry} e
 * @param {'HTML' | 'TEXT'} format
 * @param {string} origin attachment URLs are absolute on the simulator's origin
 */
function docJson(sim, e, format, origin) {
  const kbId = KNOWLEDGE_BASES[0].id;
  return {
    id: e.article.id,
    kbId,
    lang: e.lang,
    title: e.title,
    answer: format === 'TEXT' ? e.text : e.answer,
    categories: e.article.categories.map((c) => category(c, e.lang)),
    attachments: (e.article.attachments || []).map((a) => ({ url: origin + a.path, fileName: a.fileName })),
    feedbackType: 'VOTE',
    rating: ratingOf(sim, kbId, e.article.id),
  };
}

/** @param {Lang} lang @param {string} docId @returns {Entry | undefined} in `lang`, else in Polish */
function findEntry(lang, docId) {
  return entries(lang).find((e) => e.article.id === docId) || entries('pl').find((e) => e.article.id === docId);
}

/**
 * Trending documents: most viewed first, then the base's order.
 * @param {Sim} sim
 * @param {Lang} lang
 * @param {{ kbs: string[], cats: string[] }} filter
 * @param {number} n
 */
function trending(sim, lang, filter, n) {
  const counts = kstate(sim).viewCounts;
  const kbId = KNOWLEDGE_BASES[0].id;
  return entries(lang)
    .filter((e) => inFilter(e, filter))
    .map((e) => ({ e, v: counts.get(`${kbId}/${e.article.id}`) || 0 }))
    .sort((a, b) => b.v - a.v || a.e.order - b.e.order)
    .slice(0, n)
    .map((x) => x.e);
}

/** Every category used in a language (those with at least one article). @param {Lang} lang @param {string[]} kbs */
function categoriesOf(lang, kbs) {
  if (!kbs.includes(KNOWLEDGE_BASES[0].id)) return [];
  const used = new Set(entries(lang).flatMap((e) => e.article.categories));
  return CATEGORIES.filter((c) => used.has(c.id)).map((c) => category(c.id, lang));
}

/** @param {Lang} lang */
function kbsJson(lang) {
  return KNOWLEDGE_BASES.map((kb) => ({
    id: kb.id,
    name: kb.name[lang],
    description: kb.description[lang],
    languages: kb.languages,
    documents: entries(lang).length,
  }));
}

/** @type {Map<string, Uint8Array>} */
const PDF_CACHE = new Map();

/** @param {string} name @param {Request} request */
function file(name, request) {
  const doc = /** @type {Record<string, {title: string, paragraphs: string[], author?: string}>} */ (FILES)[name];
  if (!doc) throw kcError(request, 404, (t) => t.unknownFile);
  let bytes = PDF_CACHE.get(name);
  if (!bytes) PDF_CACHE.set(name, (bytes = buildPdf(doc)));
  return new Response(/** @type {BodyInit} */ (/** @type {unknown} */ (bytes)), {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${name}"`, 'cache-control': 'no-store' },
  });
}

// ---------------------------------------------------------------------------------------------
// Operations shared by both versions

/**
 * @typedef {object} Ctx
 * @property {Sim} sim
 * @property {Request} request
 * @property {'v1' | 'v2'} api
 * @property {string | null} sessionId
 * @property {string} origin
 */

/**
 * Run a search and remember it (votes and not-found reports refer to its searchId).
 * @param {Ctx} c
 * @param {{ lang: Lang, query: string, kbs: string[], cats: string[], size: number, format: 'HTML' | 'TEXT' }} q
 */
function runSearch(c, q) {
  const found = searchEntries(q.lang, q.query, q);
  const searchId = randomId();
  remember(
    kstate(c.sim).searches,
    searchId,
    { searchId, query: q.query, lang: q.lang, kbs: q.kbs, count: found.length, at: c.sim.serverNow(), sessionId: c.sessionId },
    c.sim.options.maxKnowledgeRecords,
  );
  const documents = found.slice(0, q.size);
  const cats = [...new Set(documents.flatMap((e) => e.article.categories))];
  return {
    documents: documents.map((e) => docJson(c.sim, e, q.format, c.origin)),
    categories: cats.map((id) => category(id, q.lang)),
    searchId,
    query: q.query,
    count: found.length,
    suggestions: found.slice(q.size, q.size + MAX_SUGGESTIONS).map((e) => e.title),
  };
}

/** @param {Ctx} c @param {string} kbId @param {string} docId */
function knownDoc(c, kbId, docId) {
  if (!KNOWLEDGE_BASES.some((kb) => kb.id === kbId)) throw kcError(c.request, 404, (t) => t.unknownKb);
  if (!ARTICLES.some((a) => a.id === docId)) throw kcError(c.request, 404, (t) => t.unknownDocument);
}

/** @param {Ctx} c @param {{ kbId: string, docId: string, lang: Lang }} v */
function recordView(c, v) {
  knownDoc(c, v.kbId, v.docId);
  const k = kstate(c.sim);
  const key = `${v.kbId}/${v.docId}`;
  k.viewCounts.set(key, (k.viewCounts.get(key) || 0) + 1);
  return keep(c.sim, k.views, { recordId: randomId(), api: c.api, ...v, sessionId: c.sessionId, at: c.sim.serverNow() });
}

/** @param {Ctx} c @param {{ kbId: string, docId: string, lang: Lang, searchId: string | null, query: string | null, relevant: boolean }} v */
function recordVote(c, v) {
  knownDoc(c, v.kbId, v.docId);
  const search = v.searchId ? kstate(c.sim).searches.get(v.searchId) : undefined;
  return keep(c.sim, kstate(c.sim).votes, {
    recordId: randomId(),
    api: c.api,
    ...v,
    query: v.query || search?.query || null,
    sessionId: c.sessionId,
    at: c.sim.serverNow(),
  });
}

/** @param {Ctx} c @param {{ kbId: string, docId: string, voteId: string | null, rating: unknown, comment: string }} v */
function recordRating(c, v) {
  let { kbId, docId } = v;
  if (v.voteId) {
    const vote = kstate(c.sim).votes.find((x) => x.recordId === v.voteId);
    if (!vote) throw kcError(c.request, 404, (t) => t.unknownVote);
    kbId ||= vote.kbId;
    docId ||= vote.docId;
  }
  if (!kbId) throw kcError(c.request, 400, (t) => t.required('kbId'));
  if (!docId) throw kcError(c.request, 400, (t) => t.required('docId'));
  knownDoc(c, kbId, docId);
  const r = String(v.rating ?? '').trim();
  if (!/^[1-5]$/.test(r)) throw kcError(c.request, 400, (t) => t.badRating);
  return keep(c.sim, kstate(c.sim).ratings, {
    recordId: randomId(),
    api: c.api,
    kbId,
    docId,
    voteId: v.voteId,
    rating: Number(r),
    comment: v.comment,
    sessionId: c.sessionId,
    at: c.sim.serverNow(),
  });
}

/** @param {Ctx} c @param {{ searchId: string | null, query: string | null, lang: Lang }} v */
function recordNotFound(c, v) {
  if (!v.searchId && !v.query) throw kcError(c.request, 400, (t) => t.required('searchId'));
  const search = v.searchId ? kstate(c.sim).searches.get(v.searchId) : undefined;
  return keep(c.sim, kstate(c.sim).notFound, {
    recordId: randomId(),
    api: c.api,
    searchId: v.searchId,
    query: v.query || search?.query || null,
    lang: v.lang,
    sessionId: c.sessionId,
    at: c.sim.serverNow(),
  });
}

/**
 * Create a session, or change one.
 * @param {Ctx} c
 * @param {Record<string, unknown>} b
 * @param {KnowledgeSession} [existing]
 */
function saveSession(c, b, existing) {
  const h = c.request.headers;
  const now = c.sim.serverNow();
  /** @param {string} name @param {string | null | undefined} fallback */
  const opt = (name, fallback) => {
    const v = b[name];
    return v === undefined || v === null || v === '' ? (fallback ?? null) : text(typeof v === 'object' ? JSON.stringify(v) : v, name, MAX_ID, c.request);
  };
  const lang = b.language ?? b.lang;
  /** @type {KnowledgeSession} */
  const s = {
    sessionId: existing?.sessionId || randomId(),
    api: existing?.api || c.api,
    language: lang !== undefined && lang !== null && lang !== '' ? parseLocale(String(lang), c.request) : existing?.language || 'en',
    customer: opt('customer', existing?.customer ?? h.get(CLIENT_HEADERS.customerId)),
    media:
      b.media === undefined || b.media === null || b.media === ''
        ? (existing?.media ?? null)
        : Array.isArray(b.media)
          ? list(b.media)
              .slice(0, 20)
              .map((m) => text(m, 'media', MAX_ID, c.request))
          : opt('media', null),
    tenantId: opt('tenantId', existing?.tenantId),
    contactCenterId: h.get(CLIENT_HEADERS.contactCenterId)?.slice(0, MAX_ID) ?? existing?.contactCenterId ?? null,
    apiClientId: h.get(CLIENT_HEADERS.apiClientId)?.slice(0, MAX_ID) ?? existing?.apiClientId ?? null,
    apiClientMediaType: h.get(CLIENT_HEADERS.apiClientMediaType)?.slice(0, MAX_ID) ?? existing?.apiClientMediaType ?? null,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  remember(kstate(c.sim).sessions, s.sessionId, s, c.sim.options.maxKnowledgeSessions);
  return s;
}

/** @param {KnowledgeSession} s */
const sessionJson = (s) => ({
  sessionId: s.sessionId,
  language: s.language,
  customer: s.customer,
  media: s.media,
  tenantId: s.tenantId,
  createdAt: new Date(s.createdAt).toISOString(),
  updatedAt: new Date(s.updatedAt).toISOString(),
});

/**
 * A request body as an object: JSON as it is, a form as its first values.
 * @param {Request} request
 * @returns {Promise<Record<string, unknown>>}
 */
async function bodyOf(request) {
  const b = await readBody(request, { allowMultipart: false });
  if (b.json !== undefined) return b.json && typeof b.json === 'object' && !Array.isArray(b.json) ? /** @type {Record<string, unknown>} */ (b.json) : {};
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [k, v] of b.fields) out[k] = v.length > 1 ? v : v[0];
  return out;
}

/** @param {unknown} v @param {Request} request */
function relevantParam(v, request) {
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw kcError(request, 400, (t) => t.badRelevant);
}

/** @param {Record<string, unknown>} b @param {string} name @param {Request} request */
const optional = (b, name, request) => text(b[name], name, MAX_QUERY, request) || null;

// ---------------------------------------------------------------------------------------------
// Dispatch

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleKnowledge(sim, request, url) {
  const p = url.pathname;
  const v2 = p === KC_V2 || p.startsWith(KC_V2 + '/');
  const v1 = p === KC_V1 || p.startsWith(KC_V1 + '/');
  if (!v2 && !v1) return undefined;
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  let response;
  try {
    response = v2 ? await routeV2(sim, request, url, p.slice(KC_V2.length)) : await routeV1(sim, request, url, p.slice(KC_V1.length));
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const body =
      e.body ||
      (v1 ? { response: null, status: e.status, error: e.message, sessionId: v1SessionId(sim, request, url) } : { error: e.message, status: e.status });
    response = json(body, e.status, /** @type {Record<string, string>} */ (e.headers || {}));
  }
  if (response.type === 'error') return response; // an injected drop
  const headers = new Headers(response.headers);
  for (const [k, v] of Object.entries(CORS)) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** @param {string} path @param {RegExp} re */
const match = (path, re) => re.exec(path.replace(/\/+$/, '') || '/');

/** A path segment decoded; a malformed escape stays as it is (and names nothing known). @param {string} s */
function decode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * @param {Ctx} c
 * @param {string} method
 * @param {string} allowed
 */
function method(c, method, allowed) {
  if (method !== allowed) throw kcError(c.request, 405, (t) => t.methodNotAllowed);
}

/** @param {Sim} sim @param {Request} request @param {string} key @param {() => Promise<Response>} fn */
const guarded = (sim, request, key, fn) => sim.guard(key, request, fn);

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @param {string} path after the prefix
 */
async function routeV2(sim, request, url, path) {
  const q = url.searchParams;
  const m = request.method;
  /** @type {RegExpExecArray | null} */
  let r;
  // Attachments are links a browser opens: no api key.
  if ((r = match(path, /^\/files\/([a-z0-9-]+\.pdf)$/))) {
    const name = r[1];
    return guarded(sim, request, 'knowledge.file', async () => {
      if (m !== 'GET' && m !== 'HEAD') throw kcError(request, 405, (t) => t.methodNotAllowed);
      return file(name, request);
    });
  }
  /** @type {{ key: string, run: (c: Ctx) => Promise<Response> } | undefined} */
  let route;
  if (match(path, /^\/health\/v2\/ping$/)) {
    route = {
      key: 'knowledge.ping',
      run: async (c) => (method(c, m, 'GET'), json({ status: 'ok', version: 'v2', time: new Date(sim.serverNow()).toISOString() })),
    };
  } else if (match(path, /^\/config\/v2\/kbs$/)) {
    route = { key: 'knowledge.kbs', run: async (c) => (method(c, m, 'GET'), json({ kbs: kbsJson(langOf(c, q.get('locale'))) })) };
  } else if ((r = match(path, /^\/browse\/v2\/locales\/([^/]+)\/cats$/))) {
    const lang = r[1];
    route = {
      key: 'knowledge.categories',
      run: async (c) => (method(c, m, 'GET'), json({ categories: categoriesOf(parseLocale(decode(lang), request), kbsOf(q.getAll('kbs'))) })),
    };
  } else if (match(path, /^\/search\/v2\/docs\/top$/)) {
    route = {
      key: 'knowledge.top',
      run: async (c) => {
        method(c, m, 'GET');
        const lang = langOf(c, q.get('locale'));
        const n = intParam(q.get('n'), 'n', 1, 100, 5, request);
        const docs = trending(sim, lang, { kbs: kbsOf(q.getAll('kbs')), cats: list(q.getAll('cats')) }, n);
        const format = outputFormat(q.get('outputFormat'), request);
        return json({ documents: docs.map((e) => docJson(sim, e, format, c.origin)) });
      },
    };
  } else if ((r = match(path, /^\/browse\/v2\/locales\/([^/]+)\/kbs\/([^/]+)\/docs\/([^/]+)$/))) {
    const [, lang, kbId, docId] = r.map((x) => decode(x));
    route = {
      key: 'knowledge.document',
      run: async (c) => {
        method(c, m, 'GET');
        const l = parseLocale(lang, request);
        knownDoc(c, kbId, docId);
        const e = /** @type {Entry} */ (findEntry(l, docId));
        return json(docJson(sim, e, outputFormat(q.get('outputFormat'), request), c.origin));
      },
    };
  } else if (match(path, /^\/search\/v2\/search$/)) {
    route = {
      key: 'knowledge.search',
      run: async (c) => {
        method(c, m, 'GET');
        return json(
          runSearch(c, {
            lang: langOf(c, q.get('locale')),
            query: required(q.get('query'), 'query', MAX_QUERY, request),
            kbs: kbsOf(q.getAll('kbs')),
            cats: list(q.getAll('cats')),
            size: intParam(q.get('size'), 'size', 1, 100, 10, request),
            format: outputFormat(q.get('outputFormat'), request),
          }),
        );
      },
    };
  } else if (match(path, /^\/search\/v2\/suggest$/)) {
    route = {
      key: 'knowledge.suggest',
      run: async (c) => {
        method(c, m, 'GET');
        const typed = required(q.get('text'), 'text', MAX_QUERY, request);
        return json({ suggestions: suggest(langOf(c, q.get('locale')), typed, { kbs: kbsOf(q.getAll('kbs')), cats: list(q.getAll('cats')) }), text: typed });
      },
    };
  } else if ((r = match(path, /^\/feedback\/v2\/(view|like|dislike|notfound|rating)$/))) {
    const op = r[1];
    route = {
      key: op === 'rating' ? 'knowledge.rating' : 'knowledge.feedback',
      run: async (c) => {
        if (op === 'rating' && m === 'GET') {
          const kbId = required(q.get('kbId'), 'kbId', MAX_ID, request);
          const docId = required(q.get('docId'), 'docId', MAX_ID, request);
          knownDoc(c, kbId, docId);
          return json({ kbId, docId, ...ratingOf(sim, kbId, docId) });
        }
        method(c, m, 'POST');
        const b = await bodyOf(request);
        return json(feedback(c, op, b, langOf(c, b.locale)));
      },
    };
  } else if (match(path, /^\/session\/v2\/sessions$/)) {
    route = {
      key: 'knowledge.session',
      run: async (c) => {
        method(c, m, 'POST');
        const s = saveSession(c, await bodyOf(request));
        return json(sessionJson(s), 201, { [SESSION_HEADER]: s.sessionId });
      },
    };
  } else if ((r = match(path, /^\/session\/v2\/sessions\/([^/]+)$/))) {
    const id = decode(r[1]);
    route = {
      key: 'knowledge.session',
      run: async (c) => {
        const existing = kstate(sim).sessions.get(id);
        if (!existing) throw kcError(request, 404, (t) => t.unknownSession);
        if (m === 'GET') return json(sessionJson(existing), 200, { [SESSION_HEADER]: id });
        method(c, m, 'PATCH');
        const s = saveSession(c, await bodyOf(request), existing);
        return json(sessionJson(s), 200, { [SESSION_HEADER]: s.sessionId });
      },
    };
  }
  if (!route) throw kcError(request, 404, (t) => t.notFound);
  const { key, run } = route;
  return guarded(sim, request, key, async () => {
    const apiKey = request.headers.get('x-api-key');
    if (!apiKey) throw kcError(request, 401, (t) => t.apiKeyRequired);
    if (apiKey === INVALID_KEY) throw kcError(request, 403, (t) => t.apiKeyInvalid);
    const isSessionRoute = key === 'knowledge.session' || key === 'knowledge.ping';
    /** @type {Ctx} */
    const c = { sim, request, api: 'v2', sessionId: isSessionRoute ? null : v2Session(sim, request), origin: url.origin };
    const response = await run(c);
    if (c.sessionId && !response.headers.has(SESSION_HEADER)) response.headers.set(SESSION_HEADER, c.sessionId);
    return response;
  });
}

/**
 * The v2 session of a request: the one its x-session-id names, or a new one (a client that has no
 * session yet gets one with its first call and keeps the id from the response header).
 * @param {Sim} sim
 * @param {Request} request
 */
function v2Session(sim, request) {
  const id = request.headers.get(SESSION_HEADER);
  const known = id ? kstate(sim).sessions.get(id) : undefined;
  if (known) return known.sessionId;
  return saveSession({ sim, request, api: 'v2', sessionId: null, origin: '' }, {}).sessionId;
}

/** @param {Ctx} c @param {unknown} v @returns {Lang} */
function langOf(c, v) {
  if (v !== undefined && v !== null && v !== '') return parseLocale(String(v), c.request);
  const s = c.sessionId ? kstate(c.sim).sessions.get(c.sessionId) : undefined;
  return s?.language || 'en';
}

/** Knowledge bases asked for (all when none is named). @param {unknown} v */
function kbsOf(v) {
  const kbs = list(v);
  return kbs.length ? kbs : KNOWLEDGE_BASES.map((kb) => kb.id);
}

/**
 * view / like / dislike / notfound / rating, both versions.
 * @param {Ctx} c
 * @param {string} op
 * @param {Record<string, unknown>} b
 * @param {Lang} lang
 */
function feedback(c, op, b, lang) {
  const request = c.request;
  if (op === 'notfound') {
    const rec = recordNotFound(c, { searchId: optional(b, 'searchId', request), query: optional(b, 'query', request), lang });
    return { recordId: rec.recordId };
  }
  if (op === 'rating') {
    const rec = recordRating(c, {
      kbId: text(b.kbId, 'kbId', MAX_ID, request),
      docId: text(b.docId, 'docId', MAX_ID, request),
      voteId: optional(b, 'voteId', request),
      rating: b.rating,
      comment: text(b.comment, 'comment', MAX_TEXT, request),
    });
    return { recordId: rec.recordId, ...ratingOf(c.sim, rec.kbId, rec.docId) };
  }
  const kbId = required(b.kbId, 'kbId', MAX_ID, request);
  const docId = required(b.docId, 'docId', MAX_ID, request);
  if (op === 'view') return { recordId: recordView(c, { kbId, docId, lang }).recordId };
  const relevant = op === 'like' ? true : op === 'dislike' ? false : relevantParam(b.relevant, request);
  const rec = recordVote(c, { kbId, docId, lang, searchId: optional(b, 'searchId', request), query: optional(b, 'query', request), relevant });
  return { recordId: rec.recordId };
}

// ---------------------------------------------------------------------------------------------
// v1

/** The v1 session named by a request (query or header sessionId), if the simulator knows it. @param {Sim} sim @param {Request} request @param {URL} url */
function v1SessionId(sim, request, url) {
  const id = url.searchParams.get('sessionId') || request.headers.get(SESSION_HEADER);
  return id && kstate(sim).sessions.has(id) ? id : null;
}

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @param {string} path after the prefix
 */
async function routeV1(sim, request, url, path) {
  const q = url.searchParams;
  const m = request.method;
  /** @type {RegExpExecArray | null} */
  let r;
  /**
   * @param {string} key
   * @param {string} allowed
   * @param {(c: Ctx, b: Record<string, unknown>) => unknown | Promise<unknown>} run answers the `response` part
   * @param {number} [status]
   */
  const route = (key, allowed, run, status = 200) =>
    guarded(sim, request, key, async () => {
      /** @type {Ctx} */
      const c = { sim, request, api: 'v1', sessionId: v1SessionId(sim, request, url), origin: url.origin };
      if (m !== allowed) throw kcError(request, 405, (t) => t.methodNotAllowed);
      const b = m === 'GET' ? Object.fromEntries(q) : await bodyOf(request);
      if (!c.sessionId && typeof b.sessionId === 'string' && kstate(sim).sessions.has(b.sessionId)) c.sessionId = b.sessionId;
      const response = await run(c, b);
      const sessionId = c.sessionId;
      return json({ response, status, error: null, sessionId }, status, sessionId ? { [SESSION_HEADER]: sessionId } : {});
    });
  /** @param {Ctx} c @param {unknown} v */
  const lang1 = (c, v) => (v === undefined || v === null || v === '' ? langOf(c, undefined) : parseLocale(String(v), c.request));

  if (match(path, /^\/management\/ping$/)) return route('knowledge.ping', 'GET', () => ({ status: 'ok', version: 'v1' }));
  if (match(path, /^\/kbs$/)) return route('knowledge.kbs', 'GET', (c, b) => kbsJson(lang1(c, b.lang)));
  if ((r = match(path, /^\/kbs\/langs\/([^/]+)\/(categories|top|search|suggestions)$/))) {
    const [, lang, op] = r;
    const key = { categories: 'knowledge.categories', top: 'knowledge.top', search: 'knowledge.search', suggestions: 'knowledge.suggest' }[op] || '';
    return route(key, 'POST', (c, b) => {
      const l = parseLocale(decode(lang), request);
      const filter = { kbs: kbsOf(b.knowledgebases), cats: list(b.categories) };
      if (op === 'categories') return categoriesOf(l, filter.kbs);
      if (op === 'top') {
        const n = intParam(b.n ?? b.size, 'n', 1, 100, 5, request);
        return trending(sim, l, filter, n).map((e) => docJson(sim, e, outputFormat(b.outputFormat, request), c.origin));
      }
      if (op === 'suggestions') return suggest(l, required(b.text ?? b.query, 'text', MAX_QUERY, request), filter);
      return runSearch(c, {
        lang: l,
        query: required(b.query, 'query', MAX_QUERY, request),
        ...filter,
        size: intParam(b.size, 'size', 1, 100, 10, request),
        format: outputFormat(b.outputFormat, request),
      });
    });
  }
  if ((r = match(path, /^\/kbs\/([^/]+)\/documents\/([^/]+)(\/rating)?$/))) {
    const [, kbId, docId] = r.slice(0, 3).map((x) => decode(x));
    if (r[3]) return route('knowledge.rating', 'GET', (c) => (knownDoc(c, kbId, docId), { kbId, docId, ...ratingOf(sim, kbId, docId) }));
    return route('knowledge.document', 'GET', (c, b) => {
      knownDoc(c, kbId, docId);
      return docJson(sim, /** @type {Entry} */ (findEntry(lang1(c, b.lang), docId)), outputFormat(b.outputFormat, request), c.origin);
    });
  }
  if ((r = match(path, /^\/feedback\/([^/]+)\/documents\/([^/]+)\/(visit|vote|rating)$/))) {
    const [, kbId, docId, op] = r.map((x) => decode(x));
    return route(op === 'rating' ? 'knowledge.rating' : 'knowledge.feedback', 'POST', (c, b) => {
      const l = lang1(c, b.lang ?? b.locale);
      return feedback(c, op === 'visit' ? 'view' : op, { ...b, kbId, docId }, l);
    });
  }
  if (match(path, /^\/feedback\/unanswered$/)) {
    return route('knowledge.feedback', 'POST', (c, b) => feedback(c, 'notfound', b, lang1(c, b.lang ?? b.locale)));
  }
  if (match(path, /^\/sessions\/new$/)) {
    return route(
      'knowledge.session',
      'PUT',
      (c, b) => {
        const s = saveSession(c, b);
        c.sessionId = s.sessionId;
        return sessionJson(s);
      },
      201,
    );
  }
  if ((r = match(path, /^\/sessions\/([^/]+)$/))) {
    const id = decode(r[1]);
    return route('knowledge.session', 'POST', (c, b) => {
      const existing = kstate(sim).sessions.get(id);
      if (!existing) throw kcError(request, 404, (t) => t.unknownSession);
      c.sessionId = id;
      return sessionJson(saveSession(c, b, existing));
    });
  }
  throw kcError(request, 404, (t) => t.notFound);
}
