// The knowledge centre's v2 API (plugins-and-infrastructure.md §7 "Knowledge centre v2"): GET calls with
// their options in the query, the session in the `x-session-id` header both ways, answers unwrapped.
import {
  caller,
  categorySchema,
  documentIn,
  documentSchema,
  kbSchema,
  list,
  listIn,
  recordSchema,
  searchSchema,
  seg,
  sessionSchema,
  suggestionSchema,
  v,
  type KnowledgeApi,
  type KnowledgeContext,
} from './shared.ts';
import { KNOWLEDGE_HEADERS as H } from './types.ts';

export function createV2(context: KnowledgeContext): KnowledgeApi {
  const { config, keptId } = context;
  const call = caller(context, {
    headers: (mediaType) => ({
      [H.apiKey]: config.apikey,
      [H.contactCenterId]: config.tenantId,
      [H.sessionId]: keptId(),
      [H.mediaType]: mediaType,
    }),
  });
  const ok = v.unknown();

  return {
    ping: () => call('/health/v2/ping', ok),
    startSession: (body) => call('/session/v2/sessions/', sessionSchema, { method: 'POST', body }),
    updateSession: (sessionId, body) => call(`/session/v2/sessions/${seg(sessionId)}`, sessionSchema, { method: 'PATCH', body }),
    knowledgebases: () => call('/config/v2/kbs/', listIn(kbSchema, 'kbs', 'knowledgebases')),
    trending: ({ lang, kbs }, n) =>
      call('/search/v2/docs/top/', listIn(documentSchema, 'docs', 'documents'), { query: { locale: lang, kbs: list(kbs), n, outputFormat: 'TEXT' } }),
    search: ({ lang, kbs, media }, { query, categories, filters, size, mediaType }) =>
      call('/search/v2/search/', searchSchema, {
        query: { locale: lang, kbs: list(kbs), query, media: list(media), cats: list(categories), filters, size, outputFormat: 'TEXT' },
        mediaType,
      }),
    suggestions: ({ lang, kbs, media }, { text, categories, filters }) =>
      call('/search/v2/suggest/', listIn(suggestionSchema, 'suggestions'), {
        query: { locale: lang, kbs: list(kbs), text, cats: list(categories), filters, media: list(media) },
      }),
    categories: ({ lang, kbs, media }) =>
      call(`/browse/v2/locales/${seg(lang)}/cats/`, listIn(categorySchema, 'categories', 'cats'), { query: { kbs: list(kbs), media: list(media) } }),
    document: (lang, ref) =>
      call(`/browse/v2/locales/${seg(lang)}/kbs/${seg(ref.kbId)}/docs/${seg(ref.docId)}`, documentIn, { query: { outputFormat: 'HTML' } }),
    visit: (lang, { kbId, docId }) => call('/feedback/v2/view', ok, { method: 'POST', body: { locale: lang, kbId, docId } }),
    vote: (lang, { kbId, docId, relevant, searchId, query }) =>
      call(`/feedback/v2/${relevant ? 'like' : 'dislike'}`, recordSchema, { method: 'POST', body: { locale: lang, kbId, docId, searchId, query } }),
    rate: (lang, { kbId, docId, voteId, rating, comment }) =>
      call('/feedback/v2/rating', recordSchema, { method: 'POST', body: { locale: lang, kbId, docId, voteId, rating, comment } }),
    unanswered: (lang, { query, searchId }) => call('/feedback/v2/notfound', ok, { method: 'POST', body: { locale: lang, searchId, query } }),
  };
}
