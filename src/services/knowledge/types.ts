// The knowledge service's vocabulary (plugins-and-infrastructure.md §3): the configuration, the one
// document shape both API versions are read into, the session, the messages and the errors. Shared by
// the service entry (index.ts), both versions and every importer that needs only the types.
import type { CookieJar } from '../../app/storage.ts';

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
