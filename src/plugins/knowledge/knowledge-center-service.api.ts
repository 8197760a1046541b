/**
 * The KnowledgeCenterService plugin's public vocabulary, type-only: its bus commands and events.
 * `src/index.ts` re-exports this module so the published types declare them (see src/bus/types.ts).
 * Behaviour and messages: docs/knowledge-service.md.
 */
import type {
  KnowledgeApiVersion,
  KnowledgeCategory,
  KnowledgeConfig,
  KnowledgeDocument,
  KnowledgeDocumentRef,
  KnowledgeFailure,
  KnowledgeScope,
  KnowledgeSearchOptions,
  KnowledgeSearchResult,
  KnowledgeSession,
  KnowledgeSuggestionOptions,
  KnowledgeUnanswered,
  KnowledgeVote,
  KnowledgeVoteRecord,
} from '../../services/knowledge/types.ts';

/** What a failed command publishes as `KnowledgeCenterService.error`. */
export interface KnowledgeErrorEvent {
  /** The command that failed, or 'ping' (the check after loading or a new server). */
  command: string;
  kind: KnowledgeFailure;
  /** The rejection's message. */
  message: string;
}

declare module '../../bus/types.ts' {
  interface Commands {
    /** Merges options into the `knowledgecenter` section; empty options or a bad one reject ('KnowledgeCenterService is not configured'). */
    'KnowledgeCenterService.configure': { options: KnowledgeConfig; result: void };
    /** The most viewed documents (at most maxTrendingResults, default 5), answers as text. */
    'KnowledgeCenterService.getTrending': { options: (KnowledgeScope & { maxResults?: number }) | void; result: { documents: KnowledgeDocument[] } };
    /** A search (at most maxSearchResults documents, default 3), answers as text snippets. */
    'KnowledgeCenterService.search': { options: KnowledgeSearchOptions; result: KnowledgeSearchResult };
    /** Forgets the session (its cookie too): the next call starts a new one. */
    'KnowledgeCenterService.reset': { options: void; result: void };
    /** One document with its answer as HTML (sanitise before rendering), categories and attachments. */
    'KnowledgeCenterService.getFullContent': { options: KnowledgeDocumentRef; result: KnowledgeDocument };
    'KnowledgeCenterService.getCategories': { options: KnowledgeScope | void; result: KnowledgeCategory[] };
    /** Records that the visitor opened a document. */
    'KnowledgeCenterService.visit': { options: KnowledgeDocumentRef; result: void };
    /** 'Was this helpful?': relevant true (like) or false (dislike); and/or a 1–5 star rating with a comment. */
    'KnowledgeCenterService.vote': { options: KnowledgeVote; result: KnowledgeVoteRecord };
    /** Reports a question the knowledge base did not answer. */
    'KnowledgeCenterService.unanswered': { options: KnowledgeUnanswered; result: void };
    /** The session; rejects 'Knowledge center session is not started yet' before the first call started one. */
    'KnowledgeCenterService.sessionInfo': { options: void; result: KnowledgeSession };
    /** Autocomplete: questions that match the typed text. */
    'KnowledgeCenterService.getSuggestions': { options: KnowledgeSuggestionOptions; result: string[] };
  }
  interface Events {
    /** The server answered its ping (after loading, and after a new host or version). */
    'KnowledgeCenterService.ready': { apiVersion: KnowledgeApiVersion };
    'KnowledgeCenterService.configured': { apiVersion: KnowledgeApiVersion; host?: string };
    /** A session began (the server named a new session id). */
    'KnowledgeCenterService.sessionStarted': { sessionId: string };
    'KnowledgeCenterService.trending': { count: number };
    'KnowledgeCenterService.searched': { query: string; searchId?: string; count: number };
    'KnowledgeCenterService.visited': { kbId: string; docId: string };
    /** A vote (`relevant`) and/or a rating (`rating` stars) was recorded. */
    'KnowledgeCenterService.voted': { kbId: string; docId: string; relevant?: boolean; rating?: number; recordId?: string; ratingId?: string };
    'KnowledgeCenterService.unanswered': { query: string; searchId?: string };
    'KnowledgeCenterService.reset': void;
    'KnowledgeCenterService.error': KnowledgeErrorEvent;
  }
}
