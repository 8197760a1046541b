// The knowledge-centre service (plugins-and-infrastructure.md §3, §7 "Knowledge centre v2" and "v1",
// §8 "Knowledge centre"): every call of both API versions behind one interface, their answers checked
// with valibot and turned into one document shape, the session kept in a cookie. It knows nothing
// about machines, views or the bus.
import { httpUrl } from '../app/urls.ts';
import { HttpError, requestJson, type RequestOptions } from '../http/request.ts';
import type { CookieJar } from '../app/storage.ts';
import { MalformedAnswer, objectMessage, readAnswer, v } from './answer.ts';

export type KnowledgeApiVersion = 'v1' | 'v2';

/** The knowledge-centre settings (§3); the plugin fills in the defaults (§9). */
export interface KnowledgeConfig {
  /** 'v2' (default) or 'v1'. */
  apiVersion?: KnowledgeApiVersion;
  /** The service's base URL (`/api/kc`, `https://kc.example.com`). */
  host?: string;
  /** Sent as the api client id header (default 'gwidget'). */
  apiClientId?: string;
  /** The v1 media type header (default 'selfservice'); v2 sends one only for a search that names its own. */
  apiClientMediaType?: string;
  /** The media searched; empty or absent = all. */
  media?: string[];
  /** The knowledge bases' language (default 'en'). */
  lang?: string;
  /** The knowledge bases searched; empty or absent = every one the server lists. */
  knowledgebases?: string[];
  /** Trending documents asked for (default 5). */
  maxTrendingResults?: number;
  /** Search results asked for (default 3). */
  maxSearchResults?: number;
  /** The contact centre (tenant): the v2 contact-centre id header, the v1 `tenantId` query. */
  tenantId?: string;
  /** v2: the `x-api-key` header. */
  apikey?: string;
  /** The customer id header and the session's customer. */
  customerId?: string;
  /** ms per request (default 3000). */
  timeout?: number;
}

export interface KnowledgeAttachment {
  url: string;
  fileName: string;
}

export interface KnowledgeCategory {
  id: string;
  kbId?: string;
  name: string;
  /** Where the category sits, as the server words it (`Wypłaty/Po 60. roku życia`). */
  path?: string;
}

/** A knowledge document (§3), the same for both versions. */
export interface KnowledgeDocument {
  id: string;
  kbId: string;
  /** The question (`title` or `question` on the wire). */
  title: string;
  /**
   * The answer (`answer`, `answerContent` or `descriptionContent` on the wire): HTML from
   * getFullContent, plain text (a snippet) from getTrending and search. Network content: render it
   * only as text or through the sanitiser.
   */
  answer: string;
  /** http(s) or relative links only; an attachment with any other link is left out. */
  attachments: KnowledgeAttachment[];
  /** Its categories and related categories. */
  categories: KnowledgeCategory[];
  /** How the visitor may give feedback: 'NONE', 'VOTE', 'EITHER' or another the server names. */
  feedbackType?: string;
  /** The document's rating and feedback counts, when the server gives them. */
  rating?: KnowledgeRating;
}

/** A document's rating (§3 "additional rating"): average stars and counts, each when the server gives it. */
export interface KnowledgeRating {
  /** Average stars (0 when none yet). */
  average?: number;
  /** How many ratings. */
  count?: number;
  likes?: number;
  dislikes?: number;
  views?: number;
}

/** A search's answer (§3 "Search result"). */
export interface KnowledgeSearchResult {
  documents: KnowledgeDocument[];
  categories: KnowledgeCategory[];
  /** Identifies the search in votes and unanswered reports. */
  searchId?: string;
  query: string;
  suggestions: string[];
}

/** The knowledge-centre session (§3 "Session"). */
export interface KnowledgeSession {
  sessionId: string;
  language: string;
  customer?: string;
  media?: string[];
  tenantId?: string;
}

/** Options most calls take, each overriding the configured value for that call. */
export interface KnowledgeScope {
  lang?: string;
  knowledgebases?: string[];
  media?: string[];
}

export interface KnowledgeSearchOptions extends KnowledgeScope {
  query: string;
  /** Category ids the search is limited to. */
  categories?: string[];
  /** Server-side filters, passed through (`filters` query or body member). */
  filters?: string;
  /** At most this many documents (default: maxSearchResults). */
  maxResults?: number;
  /**
   * The query is free text typed in a chat: it is cleaned before it is sent (only letters, digits,
   * spaces and hyphens are kept, at most 200 characters), as chat deflection asks (§7).
   */
  junkfree?: boolean;
  /** This search's api client media type (chat deflection sends its own). */
  apiClientMediaType?: string;
}

export interface KnowledgeDocumentRef {
  kbId: string;
  docId: string;
  lang?: string;
}

/**
 * A vote and/or a rating (§3 "Vote and rating"). `relevant` is 'Was this helpful?' (Yes: like, No:
 * dislike); `rating` (1 to 5 stars) with an optional `comment` rates the document — of the vote
 * given with it, or of an earlier one named by `voteId`. At least one of `relevant` and `rating`.
 */
export interface KnowledgeVote extends KnowledgeDocumentRef {
  relevant?: boolean;
  searchId?: string;
  query?: string;
  /** Stars, a whole number from 1 to 5. */
  rating?: number;
  /** At most 2000 characters. */
  comment?: string;
  /** The vote a rating belongs to (the `recordId` an earlier vote answered). */
  voteId?: string;
}

/** What a vote recorded: the vote's record id and the rating's, when the server gives them. */
export interface KnowledgeVoteRecord {
  recordId?: string;
  ratingId?: string;
}

export interface KnowledgeUnanswered {
  query: string;
  searchId?: string;
  lang?: string;
}

export interface KnowledgeSuggestionOptions extends KnowledgeScope {
  /** The typed text (at least 1 character). */
  text: string;
  categories?: string[];
  filters?: string;
}

/** Where the session id lives between pages: the plugin's host-only cookie. */
export interface SessionStore {
  get(): string | undefined;
  set(sessionId: string): void;
  clear(): void;
}

/**
 * The session cookie, `<deploymentID>_knowledge_session`: host-only (storage.ts `hostOnly`), as the
 * chat's, since any sibling subdomain could otherwise plant a session of its own choosing and read
 * what the visitor searches in it. No max-age: it ends with the browser session.
 */
export const SESSION_COOKIE = 'knowledge_session';

export function cookieSessionStore(cookies: CookieJar): SessionStore {
  const hostOnly = { hostOnly: true } as const;
  return {
    get: () => cookies.get(SESSION_COOKIE, hostOnly),
    set: (sessionId) => cookies.set(SESSION_COOKIE, sessionId, hostOnly),
    clear: () => cookies.remove(SESSION_COOKIE, hostOnly),
  };
}

export const knowledgeMessages = {
  notConfigured: 'KnowledgeCenterService is not configured',
  noSession: 'Knowledge center session is not started yet',
  missingArguments: 'All mandatory arguments must be provided',
  badRating: 'The rating must be a whole number of stars from 1 to 5',
  commentTooLong: 'The comment must be at most 2000 characters long',
  noQuery: 'A search needs a query',
  queryTooLong: 'The query must be at most 500 characters long',
  noText: 'Suggestions need the typed text',
  notJson: 'The knowledge centre answer is not JSON',
  answer: 'The knowledge centre answer',
} as const;

/**
 * Why a call failed: not configured (or missing arguments) before any request, the server answered
 * an error status (the message is the answer's text plus the code and status text, §8), a v1 answer
 * carried an `error`, the answer was malformed (the message names where), or the request timed out or
 * never reached the server.
 */
export type KnowledgeFailure = 'configuration' | 'arguments' | 'session' | 'status' | 'server' | 'malformed' | 'timeout' | 'network';

export class KnowledgeError extends Error {
  constructor(
    readonly kind: KnowledgeFailure,
    message: string,
    /** The HTTP status of a failed request. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'KnowledgeError';
  }
}

/** The header names of both versions (§7); the simulator's contract is in demo/SIMULATOR.md. */
export const KNOWLEDGE_HEADERS = {
  apiKey: 'x-api-key',
  contactCenterId: 'x-contact-center-id',
  sessionId: 'x-session-id',
  customerId: 'x-customer-id',
  apiClientId: 'x-api-client-id',
  mediaType: 'x-api-client-media-type',
} as const;

/** The longest response text an HTTP error message quotes (an HTML error page can be long). */
export const MAX_ERROR_TEXT = 500;
const MAX_QUERY = 500;
const MAX_COMMENT = 2000;
const MAX_SESSION_ID = 200;
const SESSION_ID = /^[\w.:~+/=-]{1,200}$/;

/* ------------------------------------------------------------------ answers */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const id = v.pipe(
  v.union([v.string('must be a string'), v.number('must be a string')], 'must be a string'),
  v.transform(String),
  v.nonEmpty('must not be empty'),
);
const optionalText = v.optional(v.nullable(v.string('must be a string')));
/** An http(s) link, absolute or relative (src/app/urls.ts). */
const safeLink = (url: string) => httpUrl(url, 'https://host.invalid/') !== undefined;

const categorySchema = v.pipe(
  v.looseObject({ id, kbId: v.optional(id), name: v.string('must be a string'), path: optionalText }, objectMessage),
  v.transform((c): KnowledgeCategory => ({ id: c.id, name: c.name, ...(c.kbId ? { kbId: c.kbId } : {}), ...(c.path ? { path: c.path } : {}) })),
);
const categoriesSchema = v.optional(
  v.pipe(
    v.nullable(v.array(categorySchema, 'must be a list')),
    v.transform((list) => list ?? []),
  ),
  () => [],
);

const attachmentSchema = v.looseObject({ url: v.string('must be a string'), fileName: optionalText }, objectMessage);

const amount = v.optional(v.nullable(v.pipe(v.number('must be a number'), v.finite('must be a number'))));
/** A rating: `{ average, count, likes, dislikes, views }`, or a bare number of stars. */
const ratingSchema = v.union(
  [
    v.pipe(v.number(), v.finite(), v.transform((average): KnowledgeRating => ({ average }))),
    v.pipe(
      v.looseObject({ average: amount, rating: amount, count: amount, likes: amount, dislikes: amount, views: amount }),
      v.transform((r): KnowledgeRating => {
        const out: KnowledgeRating = {};
        const average = r.average ?? r.rating;
        if (typeof average === 'number') out.average = average;
        for (const key of ['count', 'likes', 'dislikes', 'views'] as const) if (typeof r[key] === 'number') out[key] = r[key];
        return out;
      }),
    ),
  ],
  'must be a number of stars or { average, count }',
);

const documentSchema = v.pipe(
  v.looseObject(
    {
      id,
      kbId: id,
      title: optionalText,
      question: optionalText,
      answer: optionalText,
      answerContent: optionalText,
      descriptionContent: optionalText,
      attachments: v.optional(v.nullable(v.array(attachmentSchema, 'must be a list'))),
      categories: categoriesSchema,
      relatedCategories: categoriesSchema,
      feedbackType: optionalText,
      rating: v.optional(v.nullable(ratingSchema)),
    },
    objectMessage,
  ),
  v.check((d) => Boolean(d.title ?? d.question), 'must have a title or a question'),
  v.transform(
    (d): KnowledgeDocument => ({
      id: d.id,
      kbId: d.kbId,
      title: d.title ?? d.question ?? '',
      answer: d.answer ?? d.answerContent ?? d.descriptionContent ?? '',
      attachments: (d.attachments ?? [])
        .filter((a) => safeLink(a.url))
        .map((a) => ({ url: a.url, fileName: a.fileName || decodeURIComponent(a.url.split(/[?#]/)[0].split('/').pop() || a.url) })),
      categories: [...d.categories, ...d.relatedCategories.filter((r) => !d.categories.some((c) => c.id === r.id && c.kbId === r.kbId))],
      ...(d.feedbackType ? { feedbackType: d.feedbackType } : {}),
      ...(d.rating ? { rating: d.rating } : {}),
    }),
  ),
);
const documentsSchema = v.array(documentSchema, 'must be a list');
/** A suggestion: a text, or `{ text }` / `{ title }`. */
const suggestionSchema = v.union(
  [v.string(), v.pipe(v.looseObject({ text: v.string() }), v.transform((s) => s.text)), v.pipe(v.looseObject({ title: v.string() }), v.transform((s) => s.title))],
  'must be a text or { text }',
);
const suggestionsSchema = v.array(suggestionSchema, 'must be a list');

/** A search answer: `documents` (or v2's `docs`), `searchId`, and optionally categories and suggestions. */
const searchSchema = v.pipe(
  v.looseObject(
    {
      documents: v.optional(documentsSchema),
      docs: v.optional(documentsSchema),
      categories: categoriesSchema,
      searchId: v.optional(v.nullable(id)),
      query: optionalText,
      suggestions: v.optional(v.nullable(suggestionsSchema)),
    },
    objectMessage,
  ),
  v.check((s) => s.documents !== undefined || s.docs !== undefined, 'must have documents'),
);
/** Reads an answer (or its part at `at`) into a value, or throws a MalformedAnswer naming where. */
type Reader<T> = (body: unknown, at: string) => T;

/** A list answer: the list itself, or an object holding it under the first of `keys` it has. */
const listIn =
  <S extends v.GenericSchema>(item: S, ...keys: string[]): Reader<v.InferOutput<S>[]> =>
  (body, at) => {
    const key = isRecord(body) ? keys.find((k) => k in body) : undefined;
    if (!Array.isArray(body) && key === undefined) throw new MalformedAnswer(knowledgeMessages.answer, at, `must be a list or an object with ${keys.join(' or ')}`);
    const [list, where] = key === undefined ? [body, at] : [(body as Record<string, unknown>)[key], at ? `${at}.${key}` : key];
    return readAnswer(knowledgeMessages.answer, list, v.array(item, 'must be a list'), where);
  };
const kbSchema = v.union([v.pipe(v.string(), v.nonEmpty()), v.pipe(v.looseObject({ id }), v.transform((kb) => kb.id)), v.pipe(v.looseObject({ kbId: id }), v.transform((kb) => kb.kbId))], 'must be a knowledge base id or { id }');
const recordSchema = v.optional(v.nullable(v.looseObject({ recordId: v.optional(v.nullable(id)), id: v.optional(v.nullable(id)) }, objectMessage)));
const sessionSchema = v.optional(v.nullable(v.looseObject({ sessionId: v.optional(v.nullable(v.string('must be a string'))), id: v.optional(v.nullable(v.string('must be a string'))) }, objectMessage)));

/** The v1 envelope: `{ response, status, error, sessionId }`. */
const v1Envelope = v.pipe(
  v.unknown(),
  v.check((body) => isRecord(body), 'must be an object: { response, status, error, sessionId }'),
  v.looseObject(
    {
      response: v.optional(v.unknown()),
      status: v.optional(v.nullable(v.union([v.string(), v.number()], 'must be a text or a number'))),
      error: v.optional(v.unknown()),
      sessionId: v.optional(v.nullable(v.string('must be a string'))),
    },
    objectMessage,
  ),
);

/* ------------------------------------------------------------------ service */

export interface KnowledgeService {
  readonly version: KnowledgeApiVersion;
  ping(): Promise<void>;
  /** The knowledge bases a call searches: the configured ones, or every one the server lists (asked once). */
  knowledgebases(lang?: string): Promise<string[]>;
  trending(options?: KnowledgeScope & { maxResults?: number }): Promise<KnowledgeDocument[]>;
  search(options: KnowledgeSearchOptions): Promise<KnowledgeSearchResult>;
  suggestions(options: KnowledgeSuggestionOptions): Promise<string[]>;
  categories(options?: KnowledgeScope): Promise<KnowledgeCategory[]>;
  document(ref: KnowledgeDocumentRef): Promise<KnowledgeDocument>;
  visit(ref: KnowledgeDocumentRef): Promise<void>;
  vote(vote: KnowledgeVote): Promise<KnowledgeVoteRecord>;
  unanswered(report: KnowledgeUnanswered): Promise<void>;
  /** Starts a session unless one is kept (the cookie); resolves with it. */
  startSession(): Promise<KnowledgeSession>;
  /** Tells the server the session's language or customer changed. */
  updateSession(): Promise<KnowledgeSession>;
  /** The session, or a 'Knowledge center session is not started yet' rejection. */
  sessionInfo(): KnowledgeSession;
  /** Forgets the session (and the listed knowledge bases): the next call starts a new one. */
  reset(): void;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
const seg = encodeURIComponent;
const list = (values: string[] | undefined) => (values?.length ? values.join(',') : undefined);
/** A list option a page gave: a list of texts (others left out) or one text; anything else is none. */
const names = (value: unknown): string[] | undefined => {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const out = items.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim());
  return out.length ? out.slice(0, 50) : undefined;
};
const has = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The chat text a junk-free search sends: letters, digits, spaces and hyphens, at most 200 characters. */
export const junkFree = (query: string): string =>
  query
    .replace(/https?:\/\/\S+/gi, ' ')
    .replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
    .trim();

/** Status texts for answers without one (HTTP/2 has none; some servers send none). */
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The message of a failed request (§8): the answer's text, then its code and status text. */
async function failure(error: unknown, response: Response | undefined): Promise<KnowledgeError> {
  if (error instanceof MalformedAnswer) return new KnowledgeError('malformed', error.message);
  if (error instanceof KnowledgeError) return error;
  if (!(error instanceof HttpError)) return new KnowledgeError('network', error instanceof Error ? error.message : String(error));
  if (error.kind === 'timeout' || error.kind === 'network') return new KnowledgeError(error.kind, error.message);
  if (error.kind === 'malformed' && (error.status ?? 200) < 300) return new KnowledgeError('malformed', knowledgeMessages.notJson);
  let text = '';
  try {
    text = ((await response?.text()) ?? '').trim();
  } catch {
    /* the body could not be read */
  }
  if (text.length > MAX_ERROR_TEXT) text = `${text.slice(0, MAX_ERROR_TEXT)}…`;
  const status = error.status ?? response?.status;
  const statusText = response?.statusText || (status ? STATUS_TEXT[status] : undefined);
  return new KnowledgeError('status', [text, status, statusText].filter((part) => part !== undefined && part !== '').join(' '), status);
}

/**
 * The service for one configuration. `store` keeps the session id between pages (the plugin gives its
 * host-only cookie); without it the session lives as long as the service.
 */
export function createKnowledgeService(config: KnowledgeConfig, store?: SessionStore, fetchImpl?: typeof fetch): KnowledgeService {
  const version: KnowledgeApiVersion = config.apiVersion ?? 'v2';
  const v2 = version === 'v2';
  const base = trimSlash(config.host ?? '');
  const lang = (override?: string) => override || config.lang || 'en';
  const timeoutMs = config.timeout ?? 3000;
  const memory: { id?: string } = {};
  const sessions: SessionStore = store ?? { get: () => memory.id, set: (value) => void (memory.id = value), clear: () => void delete memory.id };
  let known: { lang: string; kbs: Promise<string[]> } | undefined;
  let starting: Promise<KnowledgeSession> | undefined;

  /** The kept session id, unless it is not one (a cookie edited by hand): it is sent as a header. */
  const keptId = (): string | undefined => {
    const sessionId = sessions.get();
    return sessionId && SESSION_ID.test(sessionId) ? sessionId : undefined;
  };
  const session = (): KnowledgeSession | undefined => {
    const sessionId = keptId();
    if (!sessionId) return undefined;
    return {
      sessionId,
      language: lang(),
      ...(config.customerId ? { customer: config.customerId } : {}),
      ...(config.media?.length ? { media: [...config.media] } : {}),
      ...(config.tenantId ? { tenantId: config.tenantId } : {}),
    };
  };
  /** A session id the server named (a response header, a v1 answer's `sessionId`) replaces the kept one. */
  const adopt = (sessionId: unknown) => {
    if (typeof sessionId === 'string' && sessionId.length <= MAX_SESSION_ID && SESSION_ID.test(sessionId) && sessionId !== keptId()) {
      sessions.set(sessionId);
    }
  };

  const headers = (mediaType?: string): Record<string, string | undefined> => {
    const H = KNOWLEDGE_HEADERS;
    const common = { [H.customerId]: config.customerId, [H.apiClientId]: config.apiClientId ?? 'gwidget' };
    if (!v2) return { ...common, [H.mediaType]: mediaType ?? config.apiClientMediaType ?? 'selfservice' };
    return { ...common, [H.apiKey]: config.apikey, [H.contactCenterId]: config.tenantId, [H.sessionId]: keptId(), [H.mediaType]: mediaType };
  };

  /**
   * One request: the answer read with `schema` (v1: its envelope unwrapped first), the session id a
   * response names kept, and every failure a KnowledgeError.
   */
  async function call<T>(
    path: string,
    schema: v.GenericSchema<unknown, T> | Reader<T>,
    options: Pick<RequestOptions, 'method' | 'query' | 'body'> & { mediaType?: string } = {},
  ): Promise<T> {
    const read: Reader<T> = typeof schema === 'function' ? schema : (body, at) => readAnswer(knowledgeMessages.answer, body, schema, at);
    if (!has(config.host)) throw new KnowledgeError('configuration', knowledgeMessages.notConfigured);
    let response: Response | undefined;
    const capture: typeof fetch = async (input, init) => {
      const answer = await (fetchImpl ?? fetch)(input, init);
      // Its headers (the session id) are read from it; a failure's text from a copy (requestJson reads the body).
      response = answer.ok ? answer : answer.clone();
      return answer;
    };
    try {
      const body = await requestJson(`${base}${path}`, {
        method: options.method,
        // v1 names the session in the query (v2 in its header).
        query: v2 ? options.query : { ...options.query, sessionId: keptId() },
        body: options.body,
        headers: headers(options.mediaType),
        timeoutMs,
        fetch: capture,
      });
      adopt(response?.headers.get(KNOWLEDGE_HEADERS.sessionId));
      if (v2) return read(body, '');
      const envelope = readAnswer(knowledgeMessages.answer, body, v1Envelope);
      adopt(envelope.sessionId);
      const error = envelope.error;
      const status = envelope.status;
      const failed = (error !== undefined && error !== null && error !== '' && error !== false) || (typeof status === 'string' ? !/^(ok|success)$/i.test(status) : typeof status === 'number' && (status < 200 || status >= 300));
      if (failed) {
        const message = typeof error === 'string' ? error : error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' ? error.message : `status ${String(status)}`;
        throw new KnowledgeError('server', message);
      }
      return read(envelope.response, 'response');
    } catch (error) {
      throw await failure(error, response);
    }
  }

  function startSession(): Promise<KnowledgeSession> {
    const kept = session();
    if (kept) return Promise.resolve(kept);
    starting ??= (async () => {
      try {
        const body = { language: lang(), customer: config.customerId, media: config.media?.length ? config.media : undefined, tenantId: config.tenantId };
        const answer = v2
          ? await call('/session/v2/sessions/', sessionSchema, { method: 'POST', body })
          : await call('/sessions/new', sessionSchema, { method: 'PUT', body });
        adopt(answer?.sessionId ?? answer?.id);
        const started = session();
        if (!started) throw new KnowledgeError('session', `${knowledgeMessages.noSession}: the server named no session id`);
        return started;
      } finally {
        starting = undefined;
      }
    })();
    return starting;
  }

  async function updateSession(): Promise<KnowledgeSession> {
    const current = session();
    if (!current) return startSession();
    const body = { language: current.language, customer: current.customer, media: current.media, tenantId: current.tenantId };
    if (v2) await call(`/session/v2/sessions/${seg(current.sessionId)}`, sessionSchema, { method: 'PATCH', body });
    else await call(`/sessions/${seg(current.sessionId)}`, sessionSchema, { method: 'POST', body });
    return session() ?? current;
  }

  function knowledgebases(language?: string): Promise<string[]> {
    if (config.knowledgebases?.length) return Promise.resolve([...config.knowledgebases]);
    const l = lang(language);
    if (known?.lang === l) return known.kbs;
    const kbs = (async () => {
      if (v2) return call('/config/v2/kbs/', listIn(kbSchema, 'kbs', 'knowledgebases'));
      const { sessionId } = await startSession();
      return call('/kbs', listIn(kbSchema, 'kbs', 'knowledgebases'), { query: { sessionId, lang: l, tenantId: config.tenantId } });
    })();
    known = { lang: l, kbs };
    // A failed listing is asked again by the next call.
    kbs.catch(() => {
      if (known?.kbs === kbs) known = undefined;
    });
    return kbs;
  }

  /** The scope of one call: its language, knowledge bases and media; the session started first. */
  async function scope(options: KnowledgeScope = {}) {
    if (!has(config.host)) throw new KnowledgeError('configuration', knowledgeMessages.notConfigured);
    await startSession();
    const l = lang(typeof options.lang === 'string' ? options.lang : undefined);
    const kbs = names(options.knowledgebases) ?? (await knowledgebases(l));
    const media = names(options.media) ?? (config.media?.length ? config.media : undefined);
    return { lang: l, kbs, media };
  }

  const howMany = (requested: number | undefined, fallback: number | undefined, standard: number) => {
    const n = requested ?? fallback ?? standard;
    return Number.isInteger(n) && n >= 1 ? Math.min(n, 100) : standard;
  };

  async function trending(options: KnowledgeScope & { maxResults?: number } = {}): Promise<KnowledgeDocument[]> {
    const { lang: l, kbs, media } = await scope(options);
    const n = howMany(options.maxResults, config.maxTrendingResults, 5);
    const documents = v2
      ? await call('/search/v2/docs/top/', listIn(documentSchema, 'docs', 'documents'), { query: { locale: l, kbs: list(kbs), n, outputFormat: 'TEXT' } })
      : await call(`/kbs/langs/${seg(l)}/top`, listIn(documentSchema, 'documents', 'docs'), { method: 'POST', body: { media, knowledgebases: kbs, size: n, outputFormat: 'TEXT' } });
    return documents.slice(0, n);
  }

  async function search(given: KnowledgeSearchOptions): Promise<KnowledgeSearchResult> {
    const options: Partial<KnowledgeSearchOptions> = given ?? {};
    const raw = typeof options.query === 'string' ? options.query : '';
    const query = (options.junkfree ? junkFree(raw) : raw).trim();
    if (!query) throw new KnowledgeError('arguments', knowledgeMessages.noQuery);
    if (query.length > MAX_QUERY) throw new KnowledgeError('arguments', knowledgeMessages.queryTooLong);
    const { lang: l, kbs, media } = await scope(options);
    const size = howMany(options.maxResults, config.maxSearchResults, 3);
    const categories = names(options.categories);
    const mediaType = typeof options.apiClientMediaType === 'string' && /^[\x20-\x7e]{1,100}$/.test(options.apiClientMediaType) ? options.apiClientMediaType : undefined;
    const filters = typeof options.filters === 'string' ? options.filters : undefined;
    const answer = v2
      ? await call('/search/v2/search/', searchSchema, {
          query: { locale: l, kbs: list(kbs), query, media: list(media), cats: list(categories), filters, size, outputFormat: 'TEXT' },
          mediaType,
        })
      : await call(`/kbs/langs/${seg(l)}/search`, searchSchema, {
          method: 'POST',
          body: { query, categories, media, filters, knowledgebases: kbs, size, outputFormat: 'TEXT' },
          mediaType,
        });
    return {
      documents: (answer.documents ?? answer.docs ?? []).slice(0, size),
      categories: answer.categories,
      ...(answer.searchId ? { searchId: answer.searchId } : {}),
      query,
      suggestions: answer.suggestions ?? [],
    };
  }

  async function suggestions(given: KnowledgeSuggestionOptions): Promise<string[]> {
    const options: Partial<KnowledgeSuggestionOptions> = given ?? {};
    const text = typeof options.text === 'string' ? options.text.trim() : '';
    if (!text) throw new KnowledgeError('arguments', knowledgeMessages.noText);
    if (text.length > MAX_QUERY) throw new KnowledgeError('arguments', knowledgeMessages.queryTooLong);
    const { lang: l, kbs, media } = await scope(options);
    const categories = names(options.categories);
    const filters = typeof options.filters === 'string' ? options.filters : undefined;
    const schema = listIn(suggestionSchema, 'suggestions');
    return v2
      ? call('/search/v2/suggest/', schema, { query: { locale: l, kbs: list(kbs), text, cats: list(categories), filters, media: list(media) } })
      : call(`/kbs/langs/${seg(l)}/suggestions`, schema, { method: 'POST', body: { text, categories, media, filters, knowledgebases: kbs } });
  }

  async function categories(options: KnowledgeScope = {}): Promise<KnowledgeCategory[]> {
    const { lang: l, kbs, media } = await scope(options);
    return v2
      ? call(`/browse/v2/locales/${seg(l)}/cats/`, listIn(categorySchema, 'categories', 'cats'), { query: { kbs: list(kbs), media: list(media) } })
      : call(`/kbs/langs/${seg(l)}/categories`, listIn(categorySchema, 'categories', 'cats'), { method: 'POST', body: { knowledgebases: kbs, media } });
  }

  const checkRef = (ref: KnowledgeDocumentRef) => {
    if (!ref || !has(ref.kbId) || !has(ref.docId)) throw new KnowledgeError('arguments', knowledgeMessages.missingArguments);
  };
  /** A document, or an object holding it as `document`. */
  const documentIn: Reader<KnowledgeDocument> = (body, at) =>
    isRecord(body) && isRecord(body.document)
      ? readAnswer(knowledgeMessages.answer, body.document, documentSchema, at ? `${at}.document` : 'document')
      : readAnswer(knowledgeMessages.answer, body, documentSchema, at);

  async function document(ref: KnowledgeDocumentRef): Promise<KnowledgeDocument> {
    checkRef(ref);
    const { lang: l } = await scope(ref);
    if (v2) return call(`/browse/v2/locales/${seg(l)}/kbs/${seg(ref.kbId)}/docs/${seg(ref.docId)}`, documentIn, { query: { outputFormat: 'HTML' } });
    const path = `/kbs/${seg(ref.kbId)}/documents/${seg(ref.docId)}`;
    const [doc, rating] = await Promise.all([
      call(path, documentIn, { query: { lang: l, outputFormat: 'HTML' } }),
      // The rating is extra: a document whose rating cannot be read is shown with what it carries.
      call(`${path}/rating`, ratingSchema).catch(() => undefined),
    ]);
    return rating ? { ...doc, rating } : doc;
  }

  async function visit(ref: KnowledgeDocumentRef): Promise<void> {
    checkRef(ref);
    const { lang: l } = await scope(ref);
    if (v2) await call('/feedback/v2/view', v.unknown(), { method: 'POST', body: { locale: l, kbId: ref.kbId, docId: ref.docId } });
    else await call(`/feedback/${seg(ref.kbId)}/documents/${seg(ref.docId)}/visit`, v.unknown(), { method: 'POST', body: { lang: l } });
  }

  async function vote(options: KnowledgeVote): Promise<KnowledgeVoteRecord> {
    checkRef(options);
    const { kbId, docId, searchId, query, relevant, rating, comment, voteId } = options;
    const rates = rating !== undefined;
    if (relevant !== undefined && typeof relevant !== 'boolean') throw new KnowledgeError('arguments', knowledgeMessages.missingArguments);
    if (relevant === undefined && !rates) throw new KnowledgeError('arguments', knowledgeMessages.missingArguments);
    if (rates && !(Number.isInteger(rating) && rating >= 1 && rating <= 5)) throw new KnowledgeError('arguments', knowledgeMessages.badRating);
    if (comment !== undefined && (typeof comment !== 'string' || comment.length > MAX_COMMENT)) throw new KnowledgeError('arguments', knowledgeMessages.commentTooLong);
    const { lang: l } = await scope(options);
    const record: KnowledgeVoteRecord = {};
    if (relevant !== undefined) {
      const answer = v2
        ? await call(`/feedback/v2/${relevant ? 'like' : 'dislike'}`, recordSchema, { method: 'POST', body: { locale: l, kbId, docId, searchId, query } })
        : await call(`/feedback/${seg(kbId)}/documents/${seg(docId)}/vote`, recordSchema, { method: 'POST', body: { relevant, searchId, query, lang: l } });
      const recordId = answer?.recordId ?? answer?.id;
      if (recordId) record.recordId = recordId;
    }
    if (rates) {
      const body = { voteId: voteId || record.recordId, rating, comment: comment?.trim() || undefined };
      const answer = v2
        ? await call('/feedback/v2/rating', recordSchema, { method: 'POST', body: { locale: l, kbId, docId, ...body } })
        : await call(`/feedback/${seg(kbId)}/documents/${seg(docId)}/rating`, recordSchema, { method: 'POST', body: { ...body, lang: l } });
      const ratingId = answer?.recordId ?? answer?.id;
      if (ratingId) record[relevant === undefined ? 'recordId' : 'ratingId'] = ratingId;
    }
    return record;
  }

  async function unanswered(report: KnowledgeUnanswered): Promise<void> {
    const query = typeof report?.query === 'string' ? report.query.trim() : '';
    if (!query && !has(report?.searchId)) throw new KnowledgeError('arguments', knowledgeMessages.missingArguments);
    const { lang: l } = await scope(report);
    if (v2) await call('/feedback/v2/notfound', v.unknown(), { method: 'POST', body: { locale: l, searchId: report.searchId, query: query || undefined } });
    else await call('/feedback/unanswered', v.unknown(), { method: 'POST', body: { query: query || undefined, searchId: report.searchId, lang: l } });
  }

  async function ping(): Promise<void> {
    await call(v2 ? '/health/v2/ping' : '/management/ping', v.unknown());
  }

  function sessionInfo(): KnowledgeSession {
    const current = session();
    if (!current) throw new KnowledgeError('session', knowledgeMessages.noSession);
    return current;
  }

  function reset(): void {
    sessions.clear();
    known = undefined;
    starting = undefined;
  }

  return { version, ping, knowledgebases, trending, search, suggestions, categories, document, visit, vote, unanswered, startSession, updateSession, sessionInfo, reset };
}
