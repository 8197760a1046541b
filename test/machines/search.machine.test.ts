import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  keepSuggestions,
  MAX_QUERY_LENGTH,
  searchMachine,
  snippet,
  SUGGEST_DELAY_MS,
  type DocumentRef,
  type RatingRequest,
  type VoteRequest,
} from '../../machines/search.machine.ts';
import type { KnowledgeDocument, KnowledgeSearchResult } from '../../src/services/knowledge/types.ts';

const doc = (id: string, answer = 'Odpowiedź'): KnowledgeDocument => ({ id, kbId: 'ppk', title: `Pytanie ${id}`, answer, attachments: [], categories: [] });
const result = (query: string, documents: KnowledgeDocument[]): KnowledgeSearchResult => ({
  documents,
  categories: [],
  searchId: 's-1',
  query,
  suggestions: [],
});

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

interface Fakes {
  search?: (query: string) => Promise<KnowledgeSearchResult>;
  suggest?: (text: string) => Promise<string[]>;
  document?: (ref: DocumentRef) => Promise<KnowledgeDocument>;
  vote?: (request: VoteRequest) => Promise<{ recordId?: string }>;
  rating?: (request: RatingRequest) => Promise<{ recordId?: string }>;
}

const start = (fakes: Fakes = {}) => {
  const clock = new SimulatedClock();
  const calls = { search: [] as string[], suggest: [] as string[], document: [] as DocumentRef[], vote: [] as VoteRequest[], rating: [] as RatingRequest[] };
  const actor = createActor(
    searchMachine.provide({
      actors: {
        search: fromPromise(
          async ({ input }) => (calls.search.push(input.query), (fakes.search ?? (async (q) => result(q, [doc('1'), doc('2')])))(input.query)),
        ),
        fetchSuggestions: fromPromise(
          async ({ input }) => (calls.suggest.push(input.text), (fakes.suggest ?? (async (t) => [`${t} 1`, `${t} 2`]))(input.text)),
        ),
        fetchDocument: fromPromise(async ({ input }) => (calls.document.push(input), (fakes.document ?? (async (r) => doc(r.docId, '<p>HTML</p>')))(input))),
        sendVote: fromPromise(async ({ input }) => (calls.vote.push(input), (fakes.vote ?? (async () => ({ recordId: 'v-1' })))(input))),
        sendRating: fromPromise(async ({ input }) => (calls.rating.push(input), (fakes.rating ?? (async () => ({ recordId: 'r-1' })))(input))),
      },
    }),
    { clock },
  ).start();
  const emitted: Array<{ type: string } & Record<string, unknown>> = [];
  actor.on('*', (e) => emitted.push(e as never));
  const tags = () => [...actor.getSnapshot().tags].sort();
  return { actor, clock, calls, emitted, tags, ctx: () => actor.getSnapshot().context };
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('search machine', () => {
  it('opens collapsed, refuses a second open, closes, refuses close when closed', () => {
    const { actor, emitted, tags } = start();
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false);
    expect(tags()).to.deep.equal(['closed']);
    actor.send({ type: 'open' });
    expect(tags()).to.deep.equal(['collapsed']);
    expect(actor.getSnapshot().can({ type: 'open' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(true);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(emitted.map((e) => e.type)).to.deep.equal(['opened', 'closed']);
  });

  it('asks for suggestions from 1 typed character, only after the debounce, keeping at most 5', async () => {
    const { actor, clock, calls, ctx } = start({ suggest: async () => ['a', 'b', 'b', ' ', 'c', 'd', 'e', 'f', 'g'] });
    actor.send({ type: 'open' });
    actor.send({ type: 'query.change', value: 'w' });
    clock.increment(SUGGEST_DELAY_MS - 1);
    expect(calls.suggest).to.deep.equal([]);
    actor.send({ type: 'query.change', value: 'wy' });
    clock.increment(SUGGEST_DELAY_MS - 1);
    expect(calls.suggest).to.deep.equal([]);
    clock.increment(1);
    expect(calls.suggest).to.deep.equal(['wy']);
    await tick();
    expect(ctx().suggestions).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
  });

  it('asks nothing for an empty or blank box and clears the suggestions', async () => {
    const { actor, clock, calls, ctx } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'query.change', value: 'w' });
    clock.increment(SUGGEST_DELAY_MS);
    await tick();
    expect(ctx().suggestions).to.deep.equal(['w 1', 'w 2']);
    actor.send({ type: 'query.change', value: '  ' });
    clock.increment(SUGGEST_DELAY_MS * 4);
    expect(calls.suggest).to.deep.equal(['w']);
    expect(ctx().suggestions).to.deep.equal([]);
    expect(ctx().query).to.equal('  ');
  });

  it('drops an answer overtaken by a newer keystroke', async () => {
    const first = deferred<string[]>();
    let n = 0;
    const { actor, clock, ctx } = start({ suggest: async (t) => (n++ === 0 ? first.promise : [`new ${t}`]) });
    actor.send({ type: 'open' });
    actor.send({ type: 'query.change', value: 'w' });
    clock.increment(SUGGEST_DELAY_MS);
    actor.send({ type: 'query.change', value: 'wy' });
    first.resolve(['old']);
    await tick();
    expect(ctx().suggestions).to.deep.equal([]);
    clock.increment(SUGGEST_DELAY_MS);
    await tick();
    expect(ctx().suggestions).to.deep.equal(['new wy']);
  });

  it('Escape (suggestions.dismiss) and a failed suggestion call leave no suggestions', async () => {
    const { actor, clock, ctx } = start({ suggest: async (t) => (t === 'x' ? Promise.reject(new Error('503')) : ['s']) });
    actor.send({ type: 'open' });
    actor.send({ type: 'query.change', value: 'w' });
    clock.increment(SUGGEST_DELAY_MS);
    await tick();
    expect(ctx().suggestions).to.deep.equal(['s']);
    actor.send({ type: 'suggestions.dismiss' });
    expect(ctx().suggestions).to.deep.equal([]);
    actor.send({ type: 'query.change', value: 'x' });
    clock.increment(SUGGEST_DELAY_MS);
    await tick();
    expect(ctx().suggestions).to.deep.equal([]);
  });

  it('a search expands the window: busy, then results; the event names query, count and searchId', async () => {
    const { actor, calls, emitted, tags, ctx } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'query.change', value: ' wypłata ' });
    actor.send({ type: 'search' });
    expect(tags()).to.deep.equal(['busy']);
    expect(ctx().suggestions).to.deep.equal([]);
    await tick();
    expect(tags()).to.deep.equal(['results']);
    expect(calls.search).to.deep.equal(['wypłata']);
    expect(ctx().documents.map((d) => d.id)).to.deep.equal(['1', '2']);
    expect(ctx().searches).to.equal(1);
    expect(emitted.at(-1)).to.deep.equal({ type: 'searched', query: 'wypłata', count: 2, searchId: 's-1' });
  });

  it('a picked suggestion searches for itself and fills the box', async () => {
    const { actor, calls, ctx } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'query.change', value: 'wy' });
    actor.send({ type: 'search', query: 'Jak wygląda wypłata?' });
    await tick();
    expect(calls.search).to.deep.equal(['Jak wygląda wypłata?']);
    expect(ctx().query).to.equal('Jak wygląda wypłata?');
  });

  it('refuses an empty or too long question', () => {
    const { actor } = start();
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().can({ type: 'search' })).to.equal(false);
    actor.send({ type: 'query.change', value: '   ' });
    expect(actor.getSnapshot().can({ type: 'search' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'search', query: 'x'.repeat(MAX_QUERY_LENGTH + 1) })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'search', query: 'x'.repeat(MAX_QUERY_LENGTH) })).to.equal(true);
    actor.send({ type: 'query.change', value: 'y'.repeat(MAX_QUERY_LENGTH + 10) });
    expect(actor.getSnapshot().context.query.length).to.equal(MAX_QUERY_LENGTH);
  });

  it('no match shows no results; a failure shows the failure view and publishes failed', async () => {
    let fail = false;
    const { actor, emitted, tags, ctx } = start({ search: async (q) => (fail ? Promise.reject(new Error('Simulated failure 503')) : result(q, [])) });
    actor.send({ type: 'open' });
    actor.send({ type: 'search', query: 'xyzzy' });
    await tick();
    expect(tags()).to.deep.equal(['noResults']);
    expect(emitted.at(-1)).to.deep.equal({ type: 'searched', query: 'xyzzy', count: 0, searchId: 's-1' });
    fail = true;
    actor.send({ type: 'search', query: 'wypłata' });
    await tick();
    expect(tags()).to.deep.equal(['failure']);
    expect(ctx().failure).to.equal('Simulated failure 503');
    expect(emitted.at(-1)).to.deep.equal({ type: 'failed', message: 'Simulated failure 503' });
    // Asking again from the failure view works.
    fail = false;
    actor.send({ type: 'search', query: 'wypłata' });
    await tick();
    expect(tags()).to.deep.equal(['noResults']);
  });

  it('a newer search replaces one still running', async () => {
    const slow = deferred<KnowledgeSearchResult>();
    const { actor, ctx } = start({ search: async (q) => (q === 'slow' ? slow.promise : result(q, [doc('9')])) });
    actor.send({ type: 'open' });
    actor.send({ type: 'search', query: 'slow' });
    actor.send({ type: 'search', query: 'fast' });
    await tick();
    slow.resolve(result('slow', [doc('1')]));
    await tick();
    expect(ctx().documents.map((d) => d.id)).to.deep.equal(['9']);
    expect(ctx().asked).to.equal('fast');
  });

  it("'More' opens the document (busy, then shown), Back returns to the list, Close closes", async () => {
    const { actor, calls, emitted, tags, ctx } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'search', query: 'wypłata' });
    await tick();
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '2' });
    expect(tags()).to.deep.equal(['busy', 'document']);
    await tick();
    expect(tags()).to.deep.equal(['document']);
    expect(calls.document).to.deep.equal([{ kbId: 'ppk', docId: '2' }]);
    expect(ctx().document?.answer).to.equal('<p>HTML</p>');
    expect(emitted.at(-1)).to.deep.equal({ type: 'documentOpened', kbId: 'ppk', docId: '2', title: 'Pytanie 2' });
    actor.send({ type: 'back' });
    expect(tags()).to.deep.equal(['results']);
    expect(ctx().document).to.equal(null);
    expect(ctx().documents.length).to.equal(2);
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '1' });
    await tick();
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(emitted.at(-1)).to.deep.equal({ type: 'closed' });
  });

  it('a document without a list (the openDocument command) goes Back to the collapsed box; a missing id is refused', async () => {
    const { actor, tags } = start();
    actor.send({ type: 'open' });
    expect(actor.getSnapshot().can({ type: 'document.open', kbId: 'ppk', docId: '' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'document.open', kbId: '', docId: '1' })).to.equal(false);
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '1' });
    await tick();
    actor.send({ type: 'back' });
    expect(tags()).to.deep.equal(['collapsed']);
  });

  it('a document that cannot be loaded shows the failure view', async () => {
    const { actor, tags, emitted } = start({ document: async () => Promise.reject(new Error('Document not found')) });
    actor.send({ type: 'open' });
    actor.send({ type: 'document.open', kbId: 'ppk', docId: 'nope' });
    await tick();
    expect(tags()).to.deep.equal(['failure']);
    expect(emitted.at(-1)).to.deep.equal({ type: 'failed', message: 'Document not found' });
  });

  it('votes once: Yes is sent with the search, then vote is refused (buttons disabled) and the thank-you shows', async () => {
    const { actor, calls, emitted, tags, ctx } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'search', query: 'wypłata' });
    await tick();
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '1' });
    await tick();
    expect(actor.getSnapshot().can({ type: 'vote', relevant: true })).to.equal(true);
    actor.send({ type: 'vote', relevant: true });
    expect(tags()).to.deep.equal(['document', 'voting']);
    expect(actor.getSnapshot().can({ type: 'vote', relevant: false })).to.equal(false);
    await tick();
    expect(tags()).to.deep.equal(['document', 'voted']);
    expect(calls.vote).to.deep.equal([{ kbId: 'ppk', docId: '1', relevant: true, searchId: 's-1', query: 'wypłata' }]);
    expect(ctx().feedback.relevant).to.equal(true);
    expect(ctx().feedback.recordId).to.equal('v-1');
    expect(emitted.at(-1)).to.deep.equal({ type: 'voted', kbId: 'ppk', docId: '1', relevant: true });
    expect(actor.getSnapshot().can({ type: 'vote', relevant: false })).to.equal(false);
  });

  it('a vote that fails can be sent again (No), and says so', async () => {
    let fail = true;
    const { actor, tags, ctx } = start({ vote: async () => (fail ? Promise.reject(new Error('503')) : { recordId: 'v-2' }) });
    actor.send({ type: 'open' });
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '1' });
    await tick();
    actor.send({ type: 'vote', relevant: false });
    await tick();
    expect(ctx().feedback.problem).to.equal('vote');
    expect(ctx().feedback.relevant).to.equal(null);
    expect(actor.getSnapshot().can({ type: 'vote', relevant: false })).to.equal(true);
    fail = false;
    actor.send({ type: 'vote', relevant: false });
    await tick();
    expect(ctx().feedback.problem).to.equal(null);
    expect(ctx().feedback.relevant).to.equal(false);
    expect(tags()).to.include('voted');
  });

  it('submits a rating only when both stars and a comment exist, naming the vote; then it is done', async () => {
    const { actor, calls, emitted, tags } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '1' });
    await tick();
    const canSubmit = () => actor.getSnapshot().can({ type: 'rating.submit' });
    expect(canSubmit()).to.equal(false);
    actor.send({ type: 'rating.change', rating: 6 });
    actor.send({ type: 'rating.change', rating: 0 });
    expect(actor.getSnapshot().context.feedback.rating).to.equal(0);
    actor.send({ type: 'rating.change', rating: 4 });
    expect(canSubmit()).to.equal(false);
    actor.send({ type: 'comment.change', value: '   ' });
    expect(canSubmit()).to.equal(false);
    actor.send({ type: 'comment.change', value: ' Jasne ' });
    expect(canSubmit()).to.equal(true);
    actor.send({ type: 'vote', relevant: true });
    await tick();
    actor.send({ type: 'rating.submit' });
    expect(tags()).to.include('rating');
    await tick();
    expect(tags()).to.include('rated');
    expect(calls.rating).to.deep.equal([{ kbId: 'ppk', docId: '1', rating: 4, comment: 'Jasne', voteId: 'v-1' }]);
    expect(emitted.at(-1)).to.deep.equal({ type: 'rated', kbId: 'ppk', docId: '1', rating: 4 });
    expect(canSubmit()).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'rating.change', rating: 2 })).to.equal(false);
  });

  it('a rating that fails stays editable with its problem', async () => {
    const { actor, ctx } = start({ rating: async () => Promise.reject(new Error('503')) });
    actor.send({ type: 'open' });
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '1' });
    await tick();
    actor.send({ type: 'rating.change', rating: 2 });
    actor.send({ type: 'comment.change', value: 'Nie' });
    actor.send({ type: 'rating.submit' });
    await tick();
    expect(ctx().feedback.problem).to.equal('rating');
    expect(actor.getSnapshot().can({ type: 'rating.submit' })).to.equal(true);
  });

  it('each document starts with fresh feedback; reopening the window starts empty', async () => {
    const { actor, ctx, tags } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'search', query: 'wypłata' });
    await tick();
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '1' });
    await tick();
    actor.send({ type: 'vote', relevant: true });
    await tick();
    actor.send({ type: 'back' });
    actor.send({ type: 'document.open', kbId: 'ppk', docId: '2' });
    await tick();
    expect(ctx().feedback).to.deep.equal({ relevant: null, recordId: null, rating: 0, comment: '', problem: null });
    expect(actor.getSnapshot().can({ type: 'vote', relevant: true })).to.equal(true);
    actor.send({ type: 'close' });
    actor.send({ type: 'open' });
    expect(tags()).to.deep.equal(['collapsed']);
    expect(ctx().documents).to.deep.equal([]);
    expect(ctx().query).to.equal('');
  });

  it('typing and query.clear keep the view; clear empties the box and the suggestions', async () => {
    const { actor, clock, ctx, tags } = start();
    actor.send({ type: 'open' });
    actor.send({ type: 'search', query: 'wypłata' });
    await tick();
    actor.send({ type: 'query.change', value: 'w' });
    actor.send({ type: 'query.change', value: 'wy' });
    // Typing keeps the list (a transition on the parallel region would reset the view).
    expect(tags()).to.deep.equal(['results']);
    clock.increment(SUGGEST_DELAY_MS);
    await tick();
    expect(ctx().suggestions).to.deep.equal(['wy 1', 'wy 2']);
    expect(ctx().documents.length).to.equal(2);
    actor.send({ type: 'query.clear' });
    expect(ctx().query).to.equal('');
    expect(ctx().suggestions).to.deep.equal([]);
    expect(tags()).to.deep.equal(['results']);
  });

  it('nothing but open is accepted while closed', () => {
    const { actor } = start();
    for (const event of [
      { type: 'search', query: 'a' },
      { type: 'document.open', kbId: 'ppk', docId: '1' },
      { type: 'back' },
      { type: 'vote', relevant: true },
      { type: 'query.change', value: 'a' },
    ] as const) {
      expect(actor.getSnapshot().can(event), event.type).to.equal(false);
    }
  });
});

describe('search helpers', () => {
  it('cuts snippets to 250 characters plus an ellipsis', () => {
    expect(snippet('krótko')).to.equal('krótko');
    expect(snippet('a'.repeat(250))).to.equal('a'.repeat(250));
    expect(snippet('ą'.repeat(251))).to.equal(`${'ą'.repeat(250)}…`);
  });

  it('keeps at most 5 distinct text suggestions', () => {
    expect(keepSuggestions(null)).to.deep.equal([]);
    expect(keepSuggestions(['a', 1, 'a ', 'b', 'c', 'd', 'e', 'f'])).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
  });
});
