// The knowledge-centre service (plugins-and-infrastructure.md §3, §7 "Knowledge centre v2" and "v1",
// §8 "Knowledge centre"): both API versions (v1.ts, v2.ts) behind one interface, the version picked
// once from the configuration; the arguments checked, the session kept (in a cookie, through the
// store) and each call's scope decided here, the same for both. It knows nothing about machines,
// views or the bus.
import { has, type CallScope, type KnowledgeApi, type KnowledgeContext } from './shared.ts';
import {
  KnowledgeError,
  knowledgeMessages,
  type KnowledgeApiVersion,
  type KnowledgeCategory,
  type KnowledgeConfig,
  type KnowledgeDocument,
  type KnowledgeDocumentRef,
  type KnowledgeScope,
  type KnowledgeSearchOptions,
  type KnowledgeSearchResult,
  type KnowledgeSession,
  type KnowledgeSuggestionOptions,
  type KnowledgeUnanswered,
  type KnowledgeVote,
  type KnowledgeVoteRecord,
  type SessionStore,
} from './types.ts';
import { createV1 } from './v1.ts';
import { createV2 } from './v2.ts';

export * from './types.ts';

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

const MAX_QUERY = 500;
const MAX_COMMENT = 2000;
const MAX_SESSION_ID = 200;
const SESSION_ID = /^[\w.:~+/=-]{1,200}$/;

/** A list option a page gave: a list of texts (others left out) or one text; anything else is none. */
const names = (value: unknown): string[] | undefined => {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  const out = items.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim());
  return out.length ? out.slice(0, 50) : undefined;
};

/** The chat text a junk-free search sends: letters, digits, spaces and hyphens, at most 200 characters. */
export const junkFree = (query: string): string =>
  query
    .replace(/https?:\/\/\S+/gi, ' ')
    .replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200)
    .trim();

const howMany = (requested: number | undefined, fallback: number | undefined, standard: number) => {
  const n = requested ?? fallback ?? standard;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 100) : standard;
};
const checkRef = (ref: KnowledgeDocumentRef) => {
  if (!ref || !has(ref.kbId) || !has(ref.docId)) throw new KnowledgeError('arguments', knowledgeMessages.missingArguments);
};

/**
 * The service for one configuration. `store` keeps the session id between pages (the plugin gives its
 * host-only cookie); without it the session lives as long as the service.
 */
export function createKnowledgeService(config: KnowledgeConfig, store?: SessionStore, fetchImpl?: typeof fetch): KnowledgeService {
  const version: KnowledgeApiVersion = config.apiVersion ?? 'v2';
  const lang = (override?: string) => override || config.lang || 'en';
  const memory: { id?: string } = {};
  const sessions: SessionStore = store ?? { get: () => memory.id, set: (value) => void (memory.id = value), clear: () => void delete memory.id };
  let known: { lang: string; kbs: Promise<string[]> } | undefined;
  let starting: Promise<KnowledgeSession> | undefined;

  /** The kept session id, unless it is not one (a cookie edited by hand): it is sent to the server. */
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
  const adopt = (sessionId: unknown) => {
    if (typeof sessionId === 'string' && sessionId.length <= MAX_SESSION_ID && SESSION_ID.test(sessionId) && sessionId !== keptId()) {
      sessions.set(sessionId);
    }
  };

  const context: KnowledgeContext = { config, fetchImpl, keptId, adopt, startSession };
  const api: KnowledgeApi = version === 'v2' ? createV2(context) : createV1(context);

  function startSession(): Promise<KnowledgeSession> {
    const kept = session();
    if (kept) return Promise.resolve(kept);
    starting ??= (async () => {
      try {
        const answer = await api.startSession({
          language: lang(),
          customer: config.customerId,
          media: config.media?.length ? config.media : undefined,
          tenantId: config.tenantId,
        });
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
    await api.updateSession(current.sessionId, { language: current.language, customer: current.customer, media: current.media, tenantId: current.tenantId });
    return session() ?? current;
  }

  function knowledgebases(language?: string): Promise<string[]> {
    if (config.knowledgebases?.length) return Promise.resolve([...config.knowledgebases]);
    const l = lang(language);
    if (known?.lang === l) return known.kbs;
    const kbs = api.knowledgebases(l);
    known = { lang: l, kbs };
    // A failed listing is asked again by the next call.
    kbs.catch(() => {
      if (known?.kbs === kbs) known = undefined;
    });
    return kbs;
  }

  /** The scope of one call: its language, knowledge bases and media; the session started first. */
  async function scope(options: KnowledgeScope = {}): Promise<CallScope> {
    if (!has(config.host)) throw new KnowledgeError('configuration', knowledgeMessages.notConfigured);
    await startSession();
    const l = lang(typeof options.lang === 'string' ? options.lang : undefined);
    const kbs = names(options.knowledgebases) ?? (await knowledgebases(l));
    const media = names(options.media) ?? (config.media?.length ? config.media : undefined);
    return { lang: l, kbs, media };
  }

  async function trending(options: KnowledgeScope & { maxResults?: number } = {}): Promise<KnowledgeDocument[]> {
    const where = await scope(options);
    const n = howMany(options.maxResults, config.maxTrendingResults, 5);
    return (await api.trending(where, n)).slice(0, n);
  }

  async function search(given: KnowledgeSearchOptions): Promise<KnowledgeSearchResult> {
    const options: Partial<KnowledgeSearchOptions> = given ?? {};
    const raw = typeof options.query === 'string' ? options.query : '';
    const query = (options.junkfree ? junkFree(raw) : raw).trim();
    if (!query) throw new KnowledgeError('arguments', knowledgeMessages.noQuery);
    if (query.length > MAX_QUERY) throw new KnowledgeError('arguments', knowledgeMessages.queryTooLong);
    const where = await scope(options);
    const size = howMany(options.maxResults, config.maxSearchResults, 3);
    const answer = await api.search(where, {
      query,
      categories: names(options.categories),
      filters: typeof options.filters === 'string' ? options.filters : undefined,
      size,
      mediaType:
        typeof options.apiClientMediaType === 'string' && /^[\x20-\x7e]{1,100}$/.test(options.apiClientMediaType) ? options.apiClientMediaType : undefined,
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
    const where = await scope(options);
    return api.suggestions(where, { text, categories: names(options.categories), filters: typeof options.filters === 'string' ? options.filters : undefined });
  }

  async function categories(options: KnowledgeScope = {}): Promise<KnowledgeCategory[]> {
    return api.categories(await scope(options));
  }

  async function document(ref: KnowledgeDocumentRef): Promise<KnowledgeDocument> {
    checkRef(ref);
    const { lang: l } = await scope(ref);
    return api.document(l, ref);
  }

  async function visit(ref: KnowledgeDocumentRef): Promise<void> {
    checkRef(ref);
    const { lang: l } = await scope(ref);
    await api.visit(l, ref);
  }

  async function vote(options: KnowledgeVote): Promise<KnowledgeVoteRecord> {
    checkRef(options);
    const { kbId, docId, searchId, query, relevant, rating, comment, voteId } = options;
    const rates = rating !== undefined;
    if (relevant !== undefined && typeof relevant !== 'boolean') throw new KnowledgeError('arguments', knowledgeMessages.missingArguments);
    if (relevant === undefined && !rates) throw new KnowledgeError('arguments', knowledgeMessages.missingArguments);
    if (rates && !(Number.isInteger(rating) && rating >= 1 && rating <= 5)) throw new KnowledgeError('arguments', knowledgeMessages.badRating);
    if (comment !== undefined && (typeof comment !== 'string' || comment.length > MAX_COMMENT))
      throw new KnowledgeError('arguments', knowledgeMessages.commentTooLong);
    const { lang: l } = await scope(options);
    const record: KnowledgeVoteRecord = {};
    if (relevant !== undefined) {
      const answer = await api.vote(l, { kbId, docId, relevant, searchId, query });
      const recordId = answer?.recordId ?? answer?.id;
      if (recordId) record.recordId = recordId;
    }
    if (rates) {
      const answer = await api.rate(l, { kbId, docId, voteId: voteId || record.recordId, rating, comment: comment?.trim() || undefined });
      const ratingId = answer?.recordId ?? answer?.id;
      if (ratingId) record[relevant === undefined ? 'recordId' : 'ratingId'] = ratingId;
    }
    return record;
  }

  async function unanswered(report: KnowledgeUnanswered): Promise<void> {
    const query = typeof report?.query === 'string' ? report.query.trim() : '';
    if (!query && !has(report?.searchId)) throw new KnowledgeError('arguments', knowledgeMessages.missingArguments);
    const { lang: l } = await scope(report);
    await api.unanswered(l, { query: query || undefined, searchId: report.searchId });
  }

  async function ping(): Promise<void> {
    await api.ping();
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

  return {
    version,
    ping,
    knowledgebases,
    trending,
    search,
    suggestions,
    categories,
    document,
    visit,
    vote,
    unanswered,
    startSession,
    updateSession,
    sessionInfo,
    reset,
  };
}
