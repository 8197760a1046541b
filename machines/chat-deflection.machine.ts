import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { snippet } from './snippet.ts';
import type { KnowledgeDocument, KnowledgeSearchResult, KnowledgeSession, KnowledgeVoteRecord } from '../src/services/knowledge/types.ts';
import type { KnowledgeBubble } from './chat-knowledge.ts';

export type { KnowledgeBubble, KnowledgeLink, KnowledgeMessage } from './chat-knowledge.ts';

/**
 * Chat deflection (plugins-and-infrastructure.md §2 "Chat deflection", §4 "Chat deflection", §7 "Chat
 * deflection via the bus", §9): knowledge suggestions in the chat while the visitor waits for an agent.
 * Two parallel regions —
 *
 * - `deflection`: `off` until the chat starts (`chat.started`) with deflection enabled; then `active`
 *   (emits `started`: the plugin sends the welcome notice and shows the welcome bubble, and the first
 *   user data). In `active` every visitor message (`chat.message`) is queued (at most `MAX_QUEUED`) and
 *   searched in turn (`search`, provided by the plugin): each answer is emitted as `suggested` (the
 *   bubble) followed by `userData` (the reporting keys with the question). It ends — back to `off`,
 *   emitting `ended` with the reason — when an agent connects (`agent.connected`), the chat ends
 *   (`chat.ended`) or deflection is switched off (`configure`). Messages after that are not searched.
 *   A chat restored on a new page (`chat.restored`) resumes without a second welcome while no agent
 *   is connected.
 * - `article`: the full-article overlay. `article.open` (a question link or the suggested document)
 *   loads the document (`fetchArticle`) and shows it; 'Was this helpful?' is sent once (`sendVote`;
 *   after it `article.vote` is refused, so the buttons are disabled); `article.back` closes it.
 *
 * No DOM, no network, no bus: the plugin (src/plugins/chat-deflection/chat-deflection.ts) forwards the chat's events
 * and provides the actors by name.
 */

/** The bubble of a search's answer: the top document suggested, the others as question links. */
export function suggestionBubble(query: string, documents: readonly KnowledgeDocument[], searchId?: string): KnowledgeBubble {
  const [top, ...rest] = documents.map((d) => ({ kbId: d.kbId, docId: d.id, title: d.title, snippet: snippet(d.answer) }));
  return { kind: 'suggestions', query, ...(searchId ? { searchId } : {}), ...(top ? { suggested: top } : {}), links: rest };
}

/** Visitor messages waiting for their search; older ones beyond this are dropped (the newest count). */
export const MAX_QUEUED = 5;
/** The search service's limit on a query ('The query must be at most 500 characters long'). */
export const MAX_QUERY_LENGTH = 500;

/** The facts the reporting and workspace keys name (§9: session, language, country, question, knowledge base, customer id). */
export type DeflectionFact = 'session' | 'language' | 'country' | 'question' | 'knowledgebase' | 'customer';
export const DEFLECTION_FACTS: readonly DeflectionFact[] = ['session', 'language', 'country', 'question', 'knowledgebase', 'customer'];
/** One enabled key set: the user-data key for each fact. */
export type DeflectionKeys = Record<DeflectionFact, string>;

export interface ArticleRef {
  kbId: string;
  docId: string;
}

export interface DeflectionInput {
  enabled: boolean;
  /** The enabled key sets (reporting, workspace), each naming the key of every fact. */
  keys: DeflectionKeys[];
  /** The visitor's language (the page's), until the knowledge session names its own. */
  language: string;
  country: string;
  customer: string;
  /** The configured knowledge bases (reported until a search names the suggested document's). */
  knowledgebases: string[];
}

export interface DeflectionArticle {
  ref: ArticleRef | null;
  document: KnowledgeDocument | null;
  /** The search that suggested it (the vote names it). */
  searchId: string | null;
  query: string | null;
  /** 'Was this helpful?' once sent. */
  relevant: boolean | null;
  /** The vote failed (the visitor may try again), or the article could not be loaded. */
  problem: 'vote' | 'load' | null;
}

export interface DeflectionContext extends DeflectionInput {
  queue: string[];
  /** The question being searched, then the last one searched. */
  question: string | null;
  session: string | null;
  knowledgebase: string | null;
  /** Finished searches of this chat. */
  searches: number;
  article: DeflectionArticle;
}

export type DeflectionEndReason = 'agent' | 'chatEnded' | 'disabled';

export type DeflectionEvent =
  | { type: 'configure'; enabled?: boolean; keys?: DeflectionKeys[]; language?: string; country?: string; customer?: string; knowledgebases?: string[] }
  | { type: 'chat.started' }
  | { type: 'chat.restored'; agentConnected: boolean }
  /** A visitor's message the chat server delivered (its text as typed). */
  | { type: 'chat.message'; text: string }
  | { type: 'agent.connected' }
  | { type: 'chat.ended' }
  | ({ type: 'article.open'; searchId?: string; query?: string } & ArticleRef)
  | { type: 'article.back' }
  | { type: 'article.vote'; relevant: boolean };

export type DeflectionEmitted =
  | { type: 'started' }
  | { type: 'suggested'; query: string; documents: KnowledgeDocument[]; searchId?: string }
  | { type: 'searchFailed'; query: string; message: string }
  | { type: 'userData'; data: Record<string, string> }
  | { type: 'ended'; reason: DeflectionEndReason }
  | { type: 'articleOpened'; kbId: string; docId: string; title: string }
  | { type: 'articleFailed'; kbId: string; docId: string; message: string }
  | { type: 'articleClosed' }
  | { type: 'voted'; kbId: string; docId: string; relevant: boolean };

/** What the plugin's `search` actor answers: the search and, when one exists, the knowledge session. */
export interface DeflectionSearchOutput {
  result: KnowledgeSearchResult;
  session?: KnowledgeSession;
}

export interface VoteRequest extends ArticleRef {
  relevant: boolean;
  searchId?: string;
  query?: string;
}

/**
 * The user data for the enabled key sets: every fact that is known, under each set's key (a fact not
 * known yet is left out rather than sent empty). Pure: the machine test pins the keys.
 */
export function deflectionUserData(keys: readonly DeflectionKeys[], facts: Partial<Record<DeflectionFact, string | null>>): Record<string, string> {
  const data: Record<string, string> = {};
  for (const set of keys) {
    for (const fact of DEFLECTION_FACTS) {
      const value = facts[fact];
      if (typeof value === 'string' && value !== '') data[set[fact]] = value;
    }
  }
  return data;
}

const factsOf = (context: DeflectionContext): Partial<Record<DeflectionFact, string | null>> => ({
  session: context.session,
  language: context.language,
  country: context.country,
  question: context.question,
  knowledgebase: context.knowledgebase ?? (context.knowledgebases.length ? context.knowledgebases.join(',') : null),
  customer: context.customer,
});

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const blankArticle = (): DeflectionArticle => ({ ref: null, document: null, searchId: null, query: null, relevant: null, problem: null });
const notProvided = (what: string) =>
  fromPromise<never>(async () => {
    throw new Error(`${what} is provided by the ChatDeflection plugin`);
  });

export const chatDeflectionMachine = setup({
  types: {
    context: {} as DeflectionContext,
    events: {} as DeflectionEvent,
    emitted: {} as DeflectionEmitted,
    input: {} as DeflectionInput,
  },
  actors: {
    search: fromPromise<DeflectionSearchOutput, { query: string }>(notProvided('search') as never),
    fetchArticle: fromPromise<KnowledgeDocument, ArticleRef>(notProvided('fetchArticle') as never),
    sendVote: fromPromise<KnowledgeVoteRecord, VoteRequest>(notProvided('sendVote') as never),
  },
  guards: {
    enabled: ({ context }) => context.enabled,
    resumes: ({ context, event }) => {
      assertEvent(event, 'chat.restored');
      return context.enabled && !event.agentConnected;
    },
    disabling: ({ event }) => {
      assertEvent(event, 'configure');
      return event.enabled === false;
    },
    hasText: ({ event }) => {
      assertEvent(event, 'chat.message');
      return typeof event.text === 'string' && event.text.trim() !== '';
    },
    queued: ({ context }) => context.queue.length > 0,
    hasRef: ({ event }) => {
      assertEvent(event, 'article.open');
      return typeof event.kbId === 'string' && event.kbId !== '' && typeof event.docId === 'string' && event.docId !== '';
    },
  },
  actions: {
    configure: assign(({ context, event }) => {
      assertEvent(event, 'configure');
      const { type: _type, ...change } = event;
      const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      return { ...context, ...defined };
    }),
    newChat: assign({ queue: [], question: null, knowledgebase: null, searches: 0 }),
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'chat.message');
      const text = event.text.trim().slice(0, MAX_QUERY_LENGTH);
      return { queue: [...context.queue, text].slice(-MAX_QUEUED) };
    }),
    take: assign(({ context }) => ({ question: context.queue[0] ?? null, queue: context.queue.slice(1) })),
    clearQueue: assign({ queue: [] }),
    found: assign(({ context }, params: { output: DeflectionSearchOutput }) => ({
      searches: context.searches + 1,
      session: params.output.session?.sessionId ?? context.session,
      language: params.output.session?.language || context.language,
      knowledgebase: params.output.result.documents[0]?.kbId ?? context.knowledgebase,
    })),
    emitStarted: emit({ type: 'started' as const }),
    emitSuggested: emit(({ context }, params: { output: DeflectionSearchOutput }) => ({
      type: 'suggested' as const,
      query: context.question ?? '',
      documents: params.output.result.documents,
      ...(params.output.result.searchId ? { searchId: params.output.result.searchId } : {}),
    })),
    emitSearchFailed: emit(({ context }, params: { error: unknown }) => ({
      type: 'searchFailed' as const,
      query: context.question ?? '',
      message: messageOf(params.error),
    })),
    emitUserData: emit(({ context }) => ({ type: 'userData' as const, data: deflectionUserData(context.keys, factsOf(context)) })),
    emitEnded: emit((_, params: { reason: DeflectionEndReason }) => ({ type: 'ended' as const, reason: params.reason })),
    setArticle: assign(({ event }) => {
      assertEvent(event, 'article.open');
      return { article: { ...blankArticle(), ref: { kbId: event.kbId, docId: event.docId }, searchId: event.searchId ?? null, query: event.query ?? null } };
    }),
    setDocument: assign(({ context }, params: { document: KnowledgeDocument }) => ({ article: { ...context.article, document: params.document } })),
    articleProblem: assign(({ context }, params: { problem: 'vote' | 'load' }) => ({ article: { ...context.article, problem: params.problem } })),
    chooseVote: assign(({ context, event }) => {
      assertEvent(event, 'article.vote');
      return { article: { ...context.article, relevant: event.relevant === true, problem: null } };
    }),
    voteFailed: assign(({ context }) => ({ article: { ...context.article, relevant: null, problem: 'vote' as const } })),
    clearArticle: assign({ article: blankArticle() }),
    emitArticleOpened: emit(({ context }) => ({
      type: 'articleOpened' as const,
      kbId: context.article.ref?.kbId ?? '',
      docId: context.article.ref?.docId ?? '',
      title: context.article.document?.title ?? '',
    })),
    emitArticleFailed: emit(({ context }, params: { error: unknown }) => ({
      type: 'articleFailed' as const,
      kbId: context.article.ref?.kbId ?? '',
      docId: context.article.ref?.docId ?? '',
      message: messageOf(params.error),
    })),
    emitArticleClosed: emit({ type: 'articleClosed' as const }),
    emitVoted: emit(({ context }) => ({
      type: 'voted' as const,
      kbId: context.article.ref?.kbId ?? '',
      docId: context.article.ref?.docId ?? '',
      relevant: context.article.relevant === true,
    })),
  },
}).createMachine({
  id: 'chatDeflection',
  context: ({ input }) => ({
    ...input,
    queue: [],
    question: null,
    session: null,
    knowledgebase: null,
    searches: 0,
    article: blankArticle(),
  }),
  type: 'parallel',
  on: {
    configure: { actions: 'configure' },
  },
  states: {
    deflection: {
      initial: 'off',
      states: {
        off: {
          tags: ['off'],
          on: {
            'chat.started': { guard: 'enabled', target: 'active', actions: ['newChat', 'emitStarted', 'emitUserData'] },
            'chat.restored': { guard: 'resumes', target: 'active' },
          },
        },
        active: {
          tags: ['deflecting'],
          on: {
            'chat.message': { guard: 'hasText', actions: 'enqueue' },
            'agent.connected': { target: 'off', actions: ['clearQueue', { type: 'emitEnded', params: { reason: 'agent' } }] },
            'chat.ended': { target: 'off', actions: ['clearQueue', { type: 'emitEnded', params: { reason: 'chatEnded' } }] },
            // A new chat (the previous one's end was missed): a fresh start with its welcome.
            'chat.started': { target: 'active', reenter: true, actions: ['newChat', 'emitStarted', 'emitUserData'] },
            configure: { guard: 'disabling', target: 'off', actions: ['configure', 'clearQueue', { type: 'emitEnded', params: { reason: 'disabled' } }] },
          },
          initial: 'listening',
          states: {
            listening: {
              always: { guard: 'queued', target: 'searching' },
            },
            searching: {
              tags: ['searching'],
              entry: 'take',
              invoke: {
                src: 'search',
                input: ({ context }) => ({ query: context.question ?? '' }),
                onDone: {
                  target: 'listening',
                  actions: [
                    { type: 'found', params: ({ event }) => ({ output: event.output }) },
                    { type: 'emitSuggested', params: ({ event }) => ({ output: event.output }) },
                    'emitUserData',
                  ],
                },
                onError: { target: 'listening', actions: { type: 'emitSearchFailed', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
      },
    },
    article: {
      initial: 'closed',
      on: {
        'article.open': { guard: 'hasRef', target: '.loading', actions: 'setArticle' },
      },
      states: {
        closed: { tags: ['articleClosed'] },
        loading: {
          tags: ['article', 'articleLoading'],
          on: { 'article.back': { target: 'closed', actions: ['clearArticle', 'emitArticleClosed'] } },
          invoke: {
            src: 'fetchArticle',
            input: ({ context }) => context.article.ref!,
            onDone: { target: 'shown', actions: [{ type: 'setDocument', params: ({ event }) => ({ document: event.output }) }, 'emitArticleOpened'] },
            onError: {
              target: 'failed',
              actions: [
                { type: 'articleProblem', params: { problem: 'load' } },
                { type: 'emitArticleFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        failed: {
          tags: ['article', 'articleFailed'],
          on: { 'article.back': { target: 'closed', actions: ['clearArticle', 'emitArticleClosed'] } },
        },
        shown: {
          tags: ['article', 'articleShown'],
          on: { 'article.back': { target: 'closed', actions: ['clearArticle', 'emitArticleClosed'] } },
          initial: 'idle',
          states: {
            idle: {
              on: { 'article.vote': { target: 'sending', actions: 'chooseVote' } },
            },
            sending: {
              tags: ['voting'],
              invoke: {
                src: 'sendVote',
                input: ({ context }) => ({
                  ...context.article.ref!,
                  relevant: context.article.relevant === true,
                  ...(context.article.searchId ? { searchId: context.article.searchId } : {}),
                  ...(context.article.query ? { query: context.article.query } : {}),
                }),
                onDone: { target: 'done', actions: 'emitVoted' },
                onError: { target: 'idle', actions: 'voteFailed' },
              },
            },
            done: { tags: ['voted'] },
          },
        },
      },
    },
  },
});
