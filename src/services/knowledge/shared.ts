// What both knowledge-centre API versions share (plugins-and-infrastructure.md §7, §8): the interface
// each version implements, the schemas their answers are read with, and one request that turns every
// failure into a KnowledgeError. A version adds only its paths, headers and envelope.
import { httpUrl } from '../../app/urls.ts';
import { isRecord } from '../../app/records.ts';
import { HttpError, requestJson, type RequestOptions } from '../../http/request.ts';
import { MalformedAnswer, objectMessage, readAnswer, v } from '../answer.ts';
import {
  KNOWLEDGE_HEADERS,
  KnowledgeError,
  knowledgeMessages,
  MAX_ERROR_TEXT,
  type KnowledgeCategory,
  type KnowledgeConfig,
  type KnowledgeDocument,
  type KnowledgeDocumentRef,
  type KnowledgeRating,
  type KnowledgeSession,
} from './types.ts';

export { v };

/* ------------------------------------------------------------------ answers */

const id = v.pipe(
  v.union([v.string('must be a string'), v.number('must be a string')], 'must be a string'),
  v.transform(String),
  v.nonEmpty('must not be empty'),
);
const optionalText = v.optional(v.nullable(v.string('must be a string')));
/** An http(s) link, absolute or relative (src/app/urls.ts). */
const safeLink = (url: string) => httpUrl(url, 'https://host.invalid/') !== undefined;

export const categorySchema = v.pipe(
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
export const ratingSchema = v.union(
  [
    v.pipe(
      v.number(),
      v.finite(),
      v.transform((average): KnowledgeRating => ({ average })),
    ),
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

export const documentSchema = v.pipe(
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
  v.transform((d): KnowledgeDocument => ({
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
  })),
);
const documentsSchema = v.array(documentSchema, 'must be a list');
/** A suggestion: a text, or `{ text }` / `{ title }`. */
export const suggestionSchema = v.union(
  [
    v.string(),
    v.pipe(
      v.looseObject({ text: v.string() }),
      v.transform((s) => s.text),
    ),
    v.pipe(
      v.looseObject({ title: v.string() }),
      v.transform((s) => s.title),
    ),
  ],
  'must be a text or { text }',
);
const suggestionsSchema = v.array(suggestionSchema, 'must be a list');

/** A search answer: `documents` (or v2's `docs`), `searchId`, and optionally categories and suggestions. */
export const searchSchema = v.pipe(
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
export type SearchAnswer = v.InferOutput<typeof searchSchema>;

/** Reads an answer (or its part at `at`) into a value, or throws a MalformedAnswer naming where. */
export type Reader<T> = (body: unknown, at: string) => T;

/** A list answer: the list itself, or an object holding it under the first of `keys` it has. */
export const listIn =
  <S extends v.GenericSchema>(item: S, ...keys: string[]): Reader<v.InferOutput<S>[]> =>
  (body, at) => {
    const key = isRecord(body) ? keys.find((k) => k in body) : undefined;
    if (!Array.isArray(body) && key === undefined)
      throw new MalformedAnswer(knowledgeMessages.answer, at, `must be a list or an object with ${keys.join(' or ')}`);
    const [list, where] = key === undefined ? [body, at] : [(body as Record<string, unknown>)[key], at ? `${at}.${key}` : key];
    return readAnswer(knowledgeMessages.answer, list, v.array(item, 'must be a list'), where);
  };
export const kbSchema = v.union(
  [
    v.pipe(v.string(), v.nonEmpty()),
    v.pipe(
      v.looseObject({ id }),
      v.transform((kb) => kb.id),
    ),
    v.pipe(
      v.looseObject({ kbId: id }),
      v.transform((kb) => kb.kbId),
    ),
  ],
  'must be a knowledge base id or { id }',
);
export const recordSchema = v.optional(v.nullable(v.looseObject({ recordId: v.optional(v.nullable(id)), id: v.optional(v.nullable(id)) }, objectMessage)));
export const sessionSchema = v.optional(
  v.nullable(
    v.looseObject({ sessionId: v.optional(v.nullable(v.string('must be a string'))), id: v.optional(v.nullable(v.string('must be a string'))) }, objectMessage),
  ),
);
export type RecordAnswer = v.InferOutput<typeof recordSchema>;
export type SessionAnswer = v.InferOutput<typeof sessionSchema>;

/** A document, or an object holding it as `document`. */
export const documentIn: Reader<KnowledgeDocument> = (body, at) =>
  isRecord(body) && isRecord(body.document)
    ? readAnswer(knowledgeMessages.answer, body.document, documentSchema, at ? `${at}.document` : 'document')
    : readAnswer(knowledgeMessages.answer, body, documentSchema, at);

/* ------------------------------------------------------------------ one version */

export const seg = encodeURIComponent;
export const list = (values: string[] | undefined) => (values?.length ? values.join(',') : undefined);
export const has = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The scope of one call, decided by the service: its language, knowledge bases and media. */
export interface CallScope {
  lang: string;
  kbs: string[];
  media?: string[];
}
/** What a session request carries (§3 "Session"). */
export interface SessionBody {
  language: string;
  customer?: string;
  media?: string[];
  tenantId?: string;
}
/**
 * One API version (v1.ts, v2.ts): its path, query and body for each call, its answers read into the
 * shared shapes. The service (index.ts) checks the arguments, keeps the session and decides each
 * call's scope before it asks the version.
 */
export interface KnowledgeApi {
  ping(): Promise<unknown>;
  /** The answer may name the session; a v2 answer's header is kept by the request itself. */
  startSession(body: SessionBody): Promise<SessionAnswer>;
  updateSession(sessionId: string, body: SessionBody): Promise<unknown>;
  /** Every knowledge base the server lists in `lang`. */
  knowledgebases(lang: string): Promise<string[]>;
  trending(scope: CallScope, n: number): Promise<KnowledgeDocument[]>;
  /** A search as the service checked and cleaned it. */
  search(scope: CallScope, search: { query: string; categories?: string[]; filters?: string; size: number; mediaType?: string }): Promise<SearchAnswer>;
  suggestions(scope: CallScope, options: { text: string; categories?: string[]; filters?: string }): Promise<string[]>;
  categories(scope: CallScope): Promise<KnowledgeCategory[]>;
  /** The document with its answer as HTML. */
  document(lang: string, ref: KnowledgeDocumentRef): Promise<KnowledgeDocument>;
  visit(lang: string, ref: KnowledgeDocumentRef): Promise<unknown>;
  /** 'Was this helpful?': a like or a dislike. */
  vote(lang: string, vote: KnowledgeDocumentRef & { relevant: boolean; searchId?: string; query?: string }): Promise<RecordAnswer>;
  /** Stars (1 to 5) with a comment, for the vote `voteId` names. */
  rate(lang: string, rating: KnowledgeDocumentRef & { voteId?: string; rating: number; comment?: string }): Promise<RecordAnswer>;
  unanswered(lang: string, report: { query?: string; searchId?: string }): Promise<unknown>;
}

/** What the service gives a version: the configuration and the kept session. */
export interface KnowledgeContext {
  readonly config: KnowledgeConfig;
  readonly fetchImpl?: typeof fetch;
  /** The kept session id, unless it is not one (a cookie edited by hand). */
  keptId(): string | undefined;
  /** A session id the server named (a response header, a v1 answer's `sessionId`) replaces the kept one. */
  adopt(sessionId: unknown): void;
  /** The session, started unless one is kept (v1 lists its knowledge bases in one). */
  startSession(): Promise<KnowledgeSession>;
}

/** What a version adds to every request: its own headers, the session in the query (v1), and an envelope to open (v1). */
export interface Wire {
  headers(mediaType?: string): Record<string, string | undefined>;
  query?(query: RequestOptions['query']): RequestOptions['query'];
  /** The part a call reads with its schema, and its path in the answer ('' for the answer itself). */
  open?(body: unknown): [unknown, string];
}

export type CallOptions = Pick<RequestOptions, 'method' | 'query' | 'body'> & { mediaType?: string };
export type Call = <T>(path: string, schema: v.GenericSchema<unknown, T> | Reader<T>, options?: CallOptions) => Promise<T>;

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
 * A version's request: the answer read with `schema` (after the wire opens its envelope), the session
 * id a response header names kept, and every failure a KnowledgeError.
 */
export function caller({ config, fetchImpl, adopt }: KnowledgeContext, wire: Wire): Call {
  const base = (config.host ?? '').replace(/\/+$/, '');
  const timeoutMs = config.timeout ?? 3000;
  return async <T>(path: string, schema: v.GenericSchema<unknown, T> | Reader<T>, options: CallOptions = {}): Promise<T> => {
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
        query: wire.query ? wire.query(options.query) : options.query,
        body: options.body,
        headers: {
          [KNOWLEDGE_HEADERS.customerId]: config.customerId,
          [KNOWLEDGE_HEADERS.apiClientId]: config.apiClientId ?? 'gwidget',
          ...wire.headers(options.mediaType),
        },
        timeoutMs,
        fetch: capture,
      });
      adopt(response?.headers.get(KNOWLEDGE_HEADERS.sessionId));
      const [part, at] = wire.open ? wire.open(body) : [body, ''];
      return read(part, at);
    } catch (error) {
      throw await failure(error, response);
    }
  };
}
