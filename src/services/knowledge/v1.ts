// The knowledge centre's v1 API (plugins-and-infrastructure.md §7 "Knowledge centre v1"): POST calls with
// their options in the body, the session in every request's `sessionId` query, and every answer in an
// envelope `{ response, status, error, sessionId }` whose error rejects the call.
import { isRecord } from '../../app/records.ts';
import { objectMessage, readAnswer } from '../answer.ts';
import {
  caller,
  categorySchema,
  documentIn,
  documentSchema,
  kbSchema,
  listIn,
  ratingSchema,
  recordSchema,
  searchSchema,
  seg,
  sessionSchema,
  suggestionSchema,
  v,
  type KnowledgeApi,
  type KnowledgeContext,
} from './shared.ts';
import { KNOWLEDGE_HEADERS as H, KnowledgeError, knowledgeMessages } from './types.ts';

/** The v1 envelope: `{ response, status, error, sessionId }`. */
const envelopeSchema = v.pipe(
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

/** The answer inside an envelope; an `error`, or a status other than 2xx / OK, rejects with the error's text. */
function unwrap(body: unknown, adopt: KnowledgeContext['adopt']): [unknown, string] {
  const { response, status, error, sessionId } = readAnswer(knowledgeMessages.answer, body, envelopeSchema);
  adopt(sessionId);
  const failed =
    (error !== undefined && error !== null && error !== '' && error !== false) ||
    (typeof status === 'string' ? !/^(ok|success)$/i.test(status) : typeof status === 'number' && (status < 200 || status >= 300));
  if (failed) {
    const message = typeof error === 'string' ? error : isRecord(error) && typeof error.message === 'string' ? error.message : `status ${String(status)}`;
    throw new KnowledgeError('server', message);
  }
  return [response, 'response'];
}

export function createV1(context: KnowledgeContext): KnowledgeApi {
  const { config, keptId, adopt } = context;
  const call = caller(context, {
    headers: (mediaType) => ({ [H.mediaType]: mediaType ?? config.apiClientMediaType ?? 'selfservice' }),
    query: (query) => ({ ...query, sessionId: keptId() }),
    open: (body) => unwrap(body, adopt),
  });
  const ok = v.unknown();
  const feedback = (kbId: string, docId: string, what: string) => `/feedback/${seg(kbId)}/documents/${seg(docId)}/${what}`;

  return {
    ping: () => call('/management/ping', ok),
    startSession: (body) => call('/sessions/new', sessionSchema, { method: 'PUT', body }),
    updateSession: (sessionId, body) => call(`/sessions/${seg(sessionId)}`, sessionSchema, { method: 'POST', body }),
    knowledgebases: async (lang) => {
      const { sessionId } = await context.startSession();
      return call('/kbs', listIn(kbSchema, 'kbs', 'knowledgebases'), { query: { sessionId, lang, tenantId: config.tenantId } });
    },
    trending: ({ lang, kbs, media }, n) =>
      call(`/kbs/langs/${seg(lang)}/top`, listIn(documentSchema, 'documents', 'docs'), {
        method: 'POST',
        body: { media, knowledgebases: kbs, size: n, outputFormat: 'TEXT' },
      }),
    search: ({ lang, kbs, media }, { query, categories, filters, size, mediaType }) =>
      call(`/kbs/langs/${seg(lang)}/search`, searchSchema, {
        method: 'POST',
        body: { query, categories, media, filters, knowledgebases: kbs, size, outputFormat: 'TEXT' },
        mediaType,
      }),
    suggestions: ({ lang, kbs, media }, { text, categories, filters }) =>
      call(`/kbs/langs/${seg(lang)}/suggestions`, listIn(suggestionSchema, 'suggestions'), {
        method: 'POST',
        body: { text, categories, media, filters, knowledgebases: kbs },
      }),
    categories: ({ lang, kbs, media }) =>
      call(`/kbs/langs/${seg(lang)}/categories`, listIn(categorySchema, 'categories', 'cats'), { method: 'POST', body: { knowledgebases: kbs, media } }),
    document: async (lang, { kbId, docId }) => {
      const path = `/kbs/${seg(kbId)}/documents/${seg(docId)}`;
      const [doc, rating] = await Promise.all([
        call(path, documentIn, { query: { lang, outputFormat: 'HTML' } }),
        // The rating is extra: a document whose rating cannot be read is shown with what it carries.
        call(`${path}/rating`, ratingSchema).catch(() => undefined),
      ]);
      return rating ? { ...doc, rating } : doc;
    },
    visit: (lang, { kbId, docId }) => call(feedback(kbId, docId, 'visit'), ok, { method: 'POST', body: { lang } }),
    vote: (lang, { kbId, docId, relevant, searchId, query }) =>
      call(feedback(kbId, docId, 'vote'), recordSchema, { method: 'POST', body: { relevant, searchId, query, lang } }),
    rate: (lang, { kbId, docId, voteId, rating, comment }) =>
      call(feedback(kbId, docId, 'rating'), recordSchema, { method: 'POST', body: { voteId, rating, comment, lang } }),
    unanswered: (lang, { query, searchId }) => call('/feedback/unanswered', ok, { method: 'POST', body: { query, searchId, lang } }),
  };
}
