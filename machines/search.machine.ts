import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { deferred } from './deferred.ts';
import { snippet, SNIPPET_LENGTH } from './snippet.ts';
import type { KnowledgeDocument, KnowledgeSearchResult, KnowledgeVoteRecord } from '../src/services/knowledge/types.ts';

/**
 * The knowledge search window 'Ask a Question' (plugins-and-infrastructure.md §2 "Knowledge search
 * window", §4, §5, §9): closed, then open with two parallel regions —
 *
 * - `suggest`: autocomplete. Every `query.change` restarts the named `suggestDelay`; once it has run
 *   with at least `MIN_SUGGEST_LENGTH` (1) typed character the `fetchSuggestions` actor asks for
 *   questions, of which at most `MAX_SUGGESTIONS` (5) are kept. A newer keystroke cancels a pending
 *   answer (the invoked actor is stopped), so an old answer never replaces a newer one.
 * - `view`: collapsed (before the first search) → searching → results | noResults | failure; a
 *   result's 'More' (or the `Search.openDocument` command) → document (loading → shown); Back returns
 *   to the list (or to the collapsed box when there is none), Close closes the window.
 *
 * In the document: 'Was this helpful?' Yes / No is sent once (`sendVote`; after it `vote` is refused,
 * so the buttons are disabled, and the `voted` tag shows the thank-you); a 1–5 star rating and a
 * comment are sent together only when both exist (`sendRating`). Network work is the plugin's
 * (`search`, `fetchSuggestions`, `fetchDocument`, `sendVote`, `sendRating`), provided by name.
 */

/** Autocomplete starts at 1 typed character (§5: "Search window uses a minimum of 1"). */
export { snippet, SNIPPET_LENGTH };
export const MIN_SUGGEST_LENGTH = 1;
/** At most 5 suggestions (§2, §9). */
export const MAX_SUGGESTIONS = 5;
/** ms between the last keystroke and asking for suggestions (the debounce). */
export const SUGGEST_DELAY_MS = 250;
/** The longest question the service takes ('The query must be at most 500 characters long'). */
export const MAX_QUERY_LENGTH = 500;
/** The longest rating comment the service takes. */
export const MAX_COMMENT_LENGTH = 2000;
export const MAX_STARS = 5;

/** Command rejections (spec §5 for openDocument; the others worded as the other windows'). */
export const searchMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  missingArguments: 'All mandatory arguments must be provided',
  invalidConfiguration: 'Invalid configuration',
} as const;

/** A document as a list shows it (the search answers plain text). */
export type SearchDocument = KnowledgeDocument;

export interface DocumentRef {
  kbId: string;
  docId: string;
}

export interface SearchFeedback {
  /** The visitor's 'Was this helpful?' answer once sent. */
  relevant: boolean | null;
  /** The vote's record, named by a later rating. */
  recordId: string | null;
  /** Stars chosen (0: none yet). */
  rating: number;
  comment: string;
  /** What failed to send, shown under the buttons (the visitor may try again). */
  problem: 'vote' | 'rating' | null;
}

export interface SearchContext {
  /** What is typed in the question box. */
  query: string;
  /** The question of the last search. */
  asked: string;
  suggestions: string[];
  documents: SearchDocument[];
  searchId: string | null;
  /** Increments with every finished search (the live region announces each). */
  searches: number;
  /** The document asked for (`document.open`) and, once loaded, the document. */
  ref: DocumentRef | null;
  document: KnowledgeDocument | null;
  /** The failure's message (the view shows the spec's texts; this is for the `failed` event). */
  failure: string | null;
  feedback: SearchFeedback;
}

export type SearchEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'query.change'; value: string }
  | { type: 'query.clear' }
  | { type: 'suggestions.dismiss' }
  /** Ask: the typed question, or `query` (a picked suggestion, the open command's question). */
  | { type: 'search'; query?: string }
  | ({ type: 'document.open' } & DocumentRef)
  | { type: 'back' }
  | { type: 'vote'; relevant: boolean }
  | { type: 'rating.change'; rating: number }
  | { type: 'comment.change'; value: string }
  | { type: 'rating.submit' };

export type SearchEmitted =
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'searched'; query: string; count: number; searchId?: string }
  | { type: 'failed'; message: string }
  | { type: 'documentOpened'; kbId: string; docId: string; title: string }
  | { type: 'voted'; kbId: string; docId: string; relevant: boolean }
  | { type: 'rated'; kbId: string; docId: string; rating: number };

export interface SearchRequest {
  query: string;
}
export interface VoteRequest extends DocumentRef {
  relevant: boolean;
  searchId?: string;
  query?: string;
}
export interface RatingRequest extends DocumentRef {
  rating: number;
  comment: string;
  voteId?: string;
}

/** Suggestions as shown: texts only, trimmed, no duplicates, at most 5. */
export function keepSuggestions(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  for (const item of list) {
    if (typeof item !== 'string' || item.trim() === '') continue;
    seen.add(item.trim());
    if (seen.size === MAX_SUGGESTIONS) break;
  }
  return [...seen];
}

const questionOf = (context: SearchContext, event: { query?: string }) => (event.query ?? context.query).trim();
const blankFeedback = (): SearchFeedback => ({ relevant: null, recordId: null, rating: 0, comment: '', problem: null });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const ratingComplete = (feedback: SearchFeedback) =>
  Number.isInteger(feedback.rating) && feedback.rating >= 1 && feedback.rating <= MAX_STARS && feedback.comment.trim() !== '';

/** The actors' stand-in: the Search plugin provides each by name (tests provide fakes). */
const provided = <O, I>() =>
  fromPromise<O, I>(async () => {
    throw new Error('provided by the Search plugin');
  });

const searchSetup = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    emitted: {} as SearchEmitted,
  },
  actors: {
    search: provided<KnowledgeSearchResult, SearchRequest>(),
    fetchSuggestions: provided<string[], { text: string }>(),
    fetchDocument: provided<KnowledgeDocument, DocumentRef>(),
    sendVote: provided<KnowledgeVoteRecord, VoteRequest>(),
    sendRating: provided<KnowledgeVoteRecord, RatingRequest>(),
  },
  delays: {
    suggestDelay: SUGGEST_DELAY_MS,
  },
  guards: {
    canSearch: ({ context, event }) => {
      assertEvent(event, 'search');
      const question = questionOf(context, event);
      return question !== '' && question.length <= MAX_QUERY_LENGTH;
    },
    suggestible: ({ event }) => {
      assertEvent(event, 'query.change');
      return event.value.trim().length >= MIN_SUGGEST_LENGTH;
    },
    hasRef: ({ event }) => {
      assertEvent(event, 'document.open');
      return !!event.kbId && !!event.docId;
    },
    hasResults: ({ context }) => context.documents.length > 0,
    foundDocuments: (_, params: { result: KnowledgeSearchResult }) => params.result.documents.length > 0,
    ratingComplete: ({ context }) => ratingComplete(context.feedback),
    validStars: ({ event }) => {
      assertEvent(event, 'rating.change');
      return Number.isInteger(event.rating) && event.rating >= 1 && event.rating <= MAX_STARS;
    },
  },
  actions: {
    setQuery: assign(({ event }) => {
      assertEvent(event, 'query.change');
      return { query: event.value.slice(0, MAX_QUERY_LENGTH) };
    }),
    clearQuery: assign({ query: '', suggestions: [] }),
    clearSuggestions: assign({ suggestions: [] }),
    setSuggestions: assign((_, params: { list: unknown }) => ({ suggestions: keepSuggestions(params.list) })),
    ask: assign(({ context, event }) => {
      assertEvent(event, 'search');
      const question = questionOf(context, event);
      return { query: question, asked: question, suggestions: [], failure: null };
    }),
    setResults: assign(({ context }, params: { result: KnowledgeSearchResult }) => ({
      documents: params.result.documents,
      searchId: params.result.searchId ?? null,
      searches: context.searches + 1,
    })),
    publishSearched: emit(({ context }) => ({
      type: 'searched' as const,
      query: context.asked,
      count: context.documents.length,
      ...(context.searchId ? { searchId: context.searchId } : {}),
    })),
    fail: assign((_, params: { error: unknown }) => ({ failure: messageOf(params.error), document: null })),
    publishFailed: emit(({ context }) => ({ type: 'failed' as const, message: context.failure ?? '' })),
    setRef: assign(({ event }) => {
      assertEvent(event, 'document.open');
      return { ref: { kbId: event.kbId, docId: event.docId }, document: null, failure: null, feedback: blankFeedback() };
    }),
    setDocument: assign((_, params: { document: KnowledgeDocument }) => ({ document: params.document })),
    publishDocumentOpened: emit(({ context }) => ({ type: 'documentOpened' as const, ...context.ref!, title: context.document?.title ?? '' })),
    leaveDocument: assign({ ref: null, document: null }),
    chooseVote: assign(({ context, event }) => {
      assertEvent(event, 'vote');
      return { feedback: { ...context.feedback, relevant: event.relevant === true, problem: null } };
    }),
    recordVote: assign(({ context }, params: { record: KnowledgeVoteRecord | undefined }) => ({
      feedback: { ...context.feedback, recordId: params.record?.recordId ?? null },
    })),
    voteFailed: assign(({ context }) => ({ feedback: { ...context.feedback, relevant: null, problem: 'vote' as const } })),
    publishVoted: emit(({ context }) => ({ type: 'voted' as const, ...context.ref!, relevant: context.feedback.relevant === true })),
    setRating: assign(({ context, event }) => {
      assertEvent(event, 'rating.change');
      return { feedback: { ...context.feedback, rating: event.rating } };
    }),
    setComment: assign(({ context, event }) => {
      assertEvent(event, 'comment.change');
      return { feedback: { ...context.feedback, comment: event.value.slice(0, MAX_COMMENT_LENGTH) } };
    }),
    feedbackProblem: assign(({ context }, params: { problem: 'vote' | 'rating' }) => ({ feedback: { ...context.feedback, problem: params.problem } })),
    clearProblem: assign(({ context }) => ({ feedback: { ...context.feedback, problem: null } })),
    publishRated: emit(({ context }) => ({ type: 'rated' as const, ...context.ref!, rating: context.feedback.rating })),
    reset: assign({
      query: '',
      asked: '',
      suggestions: [],
      documents: [],
      searchId: null,
      ref: null,
      document: null,
      failure: null,
      feedback: blankFeedback(),
    }),
    publish: emit((_, params: { type: 'opened' | 'closed' }) => ({ type: params.type })),
  },
});

export const searchMachine = deferred(searchSetup, (s) =>
  s.createMachine({
    id: 'search',
    context: {
      query: '',
      asked: '',
      suggestions: [],
      documents: [],
      searchId: null,
      searches: 0,
      ref: null,
      document: null,
      failure: null,
      feedback: blankFeedback(),
    },
    initial: 'closed',
    states: {
      closed: {
        tags: ['closed'],
        on: { open: { target: 'open', actions: ['reset', { type: 'publish', params: { type: 'opened' } }] } },
      },
      open: {
        type: 'parallel',
        on: { close: { target: 'closed', actions: { type: 'publish', params: { type: 'closed' } } } },
        states: {
          suggest: {
            initial: 'idle',
            on: {
              'query.change': [
                { guard: 'suggestible', target: '.waiting', actions: 'setQuery' },
                { target: '.idle', actions: ['setQuery', 'clearSuggestions'] },
              ],
              'query.clear': { target: '.idle', actions: 'clearQuery' },
              'suggestions.dismiss': { target: '.idle', actions: 'clearSuggestions' },
              search: { guard: 'canSearch', target: '.idle' },
            },
            states: {
              idle: {},
              waiting: {
                after: { suggestDelay: 'fetching' },
                // Each keystroke restarts the delay (a self-transition; one on the region would leave the
                // whole parallel `open` state, resetting the view too).
                on: {
                  'query.change': [
                    { guard: 'suggestible', target: 'waiting', reenter: true, actions: 'setQuery' },
                    { target: 'idle', actions: ['setQuery', 'clearSuggestions'] },
                  ],
                },
              },
              fetching: {
                invoke: {
                  src: 'fetchSuggestions',
                  input: ({ context }) => ({ text: context.query.trim() }),
                  onDone: { target: 'idle', actions: { type: 'setSuggestions', params: ({ event }) => ({ list: event.output }) } },
                  // No suggestions is not an error the visitor needs to see: the box works without them.
                  onError: { target: 'idle', actions: 'clearSuggestions' },
                },
              },
            },
          },
          view: {
            initial: 'collapsed',
            on: {
              search: { guard: 'canSearch', target: '.searching', actions: 'ask' },
              'document.open': { guard: 'hasRef', target: '.document', actions: 'setRef' },
            },
            states: {
              collapsed: { tags: ['collapsed'] },
              searching: {
                tags: ['busy'],
                // A newer question restarts the search (the running one is stopped, its answer dropped).
                on: { search: { guard: 'canSearch', target: 'searching', reenter: true, actions: 'ask' } },
                invoke: {
                  src: 'search',
                  input: ({ context }) => ({ query: context.asked }),
                  onDone: [
                    {
                      guard: { type: 'foundDocuments', params: ({ event }) => ({ result: event.output }) },
                      target: 'results',
                      actions: [{ type: 'setResults', params: ({ event }) => ({ result: event.output }) }, 'publishSearched'],
                    },
                    {
                      target: 'noResults',
                      actions: [{ type: 'setResults', params: ({ event }) => ({ result: event.output }) }, 'publishSearched'],
                    },
                  ],
                  onError: { target: 'failure', actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, 'publishFailed'] },
                },
              },
              results: { tags: ['results'] },
              noResults: { tags: ['noResults'] },
              failure: { tags: ['failure'] },
              document: {
                on: {
                  'document.open': { guard: 'hasRef', target: 'document', reenter: true, actions: 'setRef' },
                  back: [
                    { guard: 'hasResults', target: 'results', actions: 'leaveDocument' },
                    { target: 'collapsed', actions: 'leaveDocument' },
                  ],
                },
                initial: 'loading',
                states: {
                  loading: {
                    tags: ['busy', 'document'],
                    invoke: {
                      src: 'fetchDocument',
                      input: ({ context }) => context.ref!,
                      onDone: {
                        target: 'shown',
                        actions: [{ type: 'setDocument', params: ({ event }) => ({ document: event.output }) }, 'publishDocumentOpened'],
                      },
                      onError: {
                        target: '#search.open.view.failure',
                        actions: [{ type: 'fail', params: ({ event }) => ({ error: event.error }) }, 'publishFailed'],
                      },
                    },
                  },
                  shown: {
                    type: 'parallel',
                    tags: ['document'],
                    states: {
                      vote: {
                        initial: 'idle',
                        states: {
                          idle: {
                            on: { vote: { target: 'sending', actions: 'chooseVote' } },
                          },
                          sending: {
                            tags: ['voting'],
                            invoke: {
                              src: 'sendVote',
                              input: ({ context }) => ({
                                ...context.ref!,
                                relevant: context.feedback.relevant === true,
                                ...(context.searchId ? { searchId: context.searchId } : {}),
                                ...(context.asked ? { query: context.asked } : {}),
                              }),
                              onDone: {
                                target: 'done',
                                actions: [{ type: 'recordVote', params: ({ event }) => ({ record: event.output }) }, 'publishVoted'],
                              },
                              onError: { target: 'idle', actions: 'voteFailed' },
                            },
                          },
                          done: { tags: ['voted'] },
                        },
                      },
                      rating: {
                        initial: 'editing',
                        states: {
                          editing: {
                            on: {
                              'rating.change': { guard: 'validStars', actions: 'setRating' },
                              'comment.change': { actions: 'setComment' },
                              'rating.submit': { guard: 'ratingComplete', target: 'sending' },
                            },
                          },
                          sending: {
                            tags: ['rating'],
                            entry: 'clearProblem',
                            invoke: {
                              src: 'sendRating',
                              input: ({ context }) => ({
                                ...context.ref!,
                                rating: context.feedback.rating,
                                comment: context.feedback.comment.trim(),
                                ...(context.feedback.recordId ? { voteId: context.feedback.recordId } : {}),
                              }),
                              onDone: { target: 'done', actions: 'publishRated' },
                              onError: { target: 'editing', actions: { type: 'feedbackProblem', params: { problem: 'rating' } } },
                            },
                          },
                          done: { tags: ['rated'] },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  }),
);

export type SearchMachine = typeof searchMachine;
