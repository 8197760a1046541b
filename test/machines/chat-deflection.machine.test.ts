import { expect } from '@esm-bundle/chai';
import { createActor, fromPromise } from 'xstate';
import {
  chatDeflectionMachine,
  deflectionUserData,
  MAX_QUEUED,
  type ArticleRef,
  type DeflectionInput,
  type DeflectionKeys,
  type DeflectionSearchOutput,
  type VoteRequest,
} from '../../machines/chat-deflection.machine.ts';
import type { KnowledgeDocument } from '../../src/services/knowledge/types.ts';

const doc = (id: string, kbId = 'ppk'): KnowledgeDocument => ({ id, kbId, title: `Pytanie ${id}`, answer: 'Odpowiedź', attachments: [], categories: [] });
const found = (query: string, documents: KnowledgeDocument[]): DeflectionSearchOutput => ({
  result: { documents, categories: [], searchId: `s-${query}`, query, suggestions: [] },
  session: { sessionId: 'kc-1', language: 'pl' },
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const REPORTING: DeflectionKeys = {
  session: 'kc_session',
  language: 'kc_language',
  country: 'kc_country',
  question: 'kc_question',
  knowledgebase: 'kc_knowledgebase',
  customer: 'kc_customer',
};
const WORKSPACE: DeflectionKeys = {
  session: 'Knowledge session',
  language: 'Knowledge language',
  country: 'Knowledge country',
  question: 'Knowledge question',
  knowledgebase: 'Knowledge base',
  customer: 'Knowledge customer',
};

interface Fakes {
  search?: (query: string) => Promise<DeflectionSearchOutput>;
  article?: (ref: ArticleRef) => Promise<KnowledgeDocument>;
  vote?: (request: VoteRequest) => Promise<{ recordId?: string }>;
}

const start = (input: Partial<DeflectionInput> = {}, fakes: Fakes = {}) => {
  const calls = { search: [] as string[], article: [] as ArticleRef[], vote: [] as VoteRequest[] };
  const actor = createActor(
    chatDeflectionMachine.provide({
      actors: {
        search: fromPromise(async ({ input: i }) => (calls.search.push(i.query), (fakes.search ?? (async (q) => found(q, [doc('1'), doc('2')])))(i.query))),
        fetchArticle: fromPromise(
          async ({ input: i }) => (calls.article.push(i), (fakes.article ?? (async (r) => ({ ...doc(r.docId), answer: '<p>HTML</p>' })))(i)),
        ),
        sendVote: fromPromise(async ({ input: i }) => (calls.vote.push(i), (fakes.vote ?? (async () => ({ recordId: 'v-1' })))(i))),
      },
    }),
    { input: { enabled: true, keys: [REPORTING], language: 'pl', country: 'PL', customer: 'ppk-demo', knowledgebases: [], ...input } },
  ).start();
  const emitted: Array<{ type: string } & Record<string, unknown>> = [];
  actor.on('*', (e) => emitted.push(e as never));
  const types = () => emitted.map((e) => e.type);
  const deflecting = () => actor.getSnapshot().hasTag('deflecting');
  return { actor, calls, emitted, types, deflecting, ctx: () => actor.getSnapshot().context };
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('chat deflection machine', () => {
  it('starts on the chat start only when enabled', () => {
    const off = start({ enabled: false });
    off.actor.send({ type: 'chat.started' });
    expect(off.deflecting()).to.equal(false);
    off.actor.send({ type: 'chat.message', text: 'wypłata' });
    expect(off.calls.search).to.deep.equal([]);
    expect(off.emitted).to.deep.equal([]);

    const on = start();
    expect(on.deflecting()).to.equal(false);
    // A visitor message before the chat started is not searched either.
    on.actor.send({ type: 'chat.message', text: 'wypłata' });
    expect(on.calls.search).to.deep.equal([]);
    on.actor.send({ type: 'chat.started' });
    expect(on.deflecting()).to.equal(true);
    expect(on.types()).to.deep.equal(['started', 'userData']);
  });

  it('configure switches it on for the next chat and off (ending a running deflection)', () => {
    const { actor, deflecting, types, emitted } = start({ enabled: false });
    actor.send({ type: 'configure', enabled: true });
    actor.send({ type: 'chat.started' });
    expect(deflecting()).to.equal(true);
    actor.send({ type: 'configure', enabled: false });
    expect(deflecting()).to.equal(false);
    expect(types()).to.deep.equal(['started', 'userData', 'ended']);
    expect(emitted.at(-1)).to.deep.equal({ type: 'ended', reason: 'disabled' });
  });

  it('searches every visitor message before the agent, in order, one at a time', async () => {
    const first = deferred<DeflectionSearchOutput>();
    let n = 0;
    const { actor, calls, emitted, ctx } = start({}, { search: (q) => (n++ === 0 ? first.promise : Promise.resolve(found(q, [doc('9', 'kb-en')]))) });
    actor.send({ type: 'chat.started' });
    actor.send({ type: 'chat.message', text: '  Jak wypłacić środki?  ' });
    actor.send({ type: 'chat.message', text: 'rezygnacja' });
    actor.send({ type: 'chat.message', text: '   ' });
    expect(calls.search).to.deep.equal(['Jak wypłacić środki?']);
    expect(actor.getSnapshot().hasTag('searching')).to.equal(true);
    first.resolve(found('Jak wypłacić środki?', [doc('1'), doc('2')]));
    await tick();
    await tick();
    expect(calls.search).to.deep.equal(['Jak wypłacić środki?', 'rezygnacja']);
    const suggested = emitted.filter((e) => e.type === 'suggested');
    expect(suggested.map((e) => e.query)).to.deep.equal(['Jak wypłacić środki?', 'rezygnacja']);
    expect((suggested[0]!.documents as KnowledgeDocument[]).map((d) => d.id)).to.deep.equal(['1', '2']);
    expect(suggested[0]!.searchId).to.equal('s-Jak wypłacić środki?');
    expect(ctx().searches).to.equal(2);
    expect(actor.getSnapshot().hasTag('searching')).to.equal(false);
  });

  it('keeps at most the newest queued messages while a search runs', async () => {
    const first = deferred<DeflectionSearchOutput>();
    let n = 0;
    const { actor, calls } = start({}, { search: (q) => (n++ === 0 ? first.promise : Promise.resolve(found(q, []))) });
    actor.send({ type: 'chat.started' });
    for (let i = 0; i < MAX_QUEUED + 3; i++) actor.send({ type: 'chat.message', text: `q${i}` });
    first.resolve(found('q0', []));
    for (let i = 0; i < 20; i++) await tick();
    // q0 ran; of the 7 waiting, the newest 5 are searched.
    expect(calls.search).to.deep.equal(['q0', 'q3', 'q4', 'q5', 'q6', 'q7']);
  });

  it('stops on the agent: later messages are not searched, a late answer still shows, a new chat starts again', async () => {
    const pending = deferred<DeflectionSearchOutput>();
    const { actor, calls, emitted, types, deflecting } = start({}, { search: () => pending.promise });
    actor.send({ type: 'chat.started' });
    actor.send({ type: 'chat.message', text: 'wpłata' });
    actor.send({ type: 'chat.message', text: 'dopłata' });
    actor.send({ type: 'agent.connected' });
    expect(deflecting()).to.equal(false);
    expect(emitted.at(-1)).to.deep.equal({ type: 'ended', reason: 'agent' });
    actor.send({ type: 'chat.message', text: 'wypłata' });
    pending.resolve(found('wpłata', [doc('1')]));
    await tick();
    expect(calls.search).to.deep.equal(['wpłata']);
    // The search running when the agent came was stopped with its state: no bubble after the agent.
    expect(types()).to.not.include('suggested');
    expect(actor.getSnapshot().can({ type: 'agent.connected' })).to.equal(false);

    actor.send({ type: 'chat.started' });
    expect(deflecting()).to.equal(true);
    expect(types().filter((t) => t === 'started')).to.have.length(2);
  });

  it('stops when the chat ends', () => {
    const { actor, emitted, deflecting, calls } = start();
    actor.send({ type: 'chat.started' });
    actor.send({ type: 'chat.ended' });
    expect(deflecting()).to.equal(false);
    expect(emitted.at(-1)).to.deep.equal({ type: 'ended', reason: 'chatEnded' });
    actor.send({ type: 'chat.message', text: 'wypłata' });
    expect(calls.search).to.deep.equal([]);
    // Ending when not deflecting emits nothing.
    actor.send({ type: 'chat.ended' });
    actor.send({ type: 'agent.connected' });
    expect(emitted.filter((e) => e.type === 'ended')).to.have.length(1);
  });

  it('a restored chat resumes without a welcome only while no agent is connected', () => {
    const waiting = start();
    waiting.actor.send({ type: 'chat.restored', agentConnected: false });
    expect(waiting.deflecting()).to.equal(true);
    expect(waiting.types()).to.deep.equal([]);
    const served = start();
    served.actor.send({ type: 'chat.restored', agentConnected: true });
    expect(served.deflecting()).to.equal(false);
    const disabled = start({ enabled: false });
    disabled.actor.send({ type: 'chat.restored', agentConnected: false });
    expect(disabled.deflecting()).to.equal(false);
  });

  it('a failed search is reported and the next message is searched', async () => {
    let n = 0;
    const { actor, emitted, calls } = start(
      {},
      { search: async (q) => (n++ === 0 ? Promise.reject(new Error('Knowledge Center Server is currently not available')) : found(q, [doc('1')])) },
    );
    actor.send({ type: 'chat.started' });
    actor.send({ type: 'chat.message', text: 'pierwsze' });
    await tick();
    expect(emitted.at(-1)).to.deep.equal({ type: 'searchFailed', query: 'pierwsze', message: 'Knowledge Center Server is currently not available' });
    actor.send({ type: 'chat.message', text: 'drugie' });
    await tick();
    expect(calls.search).to.deep.equal(['pierwsze', 'drugie']);
    expect(emitted.filter((e) => e.type === 'suggested')).to.have.length(1);
  });

  it('user data: the reporting keys at the start, then with the session, question and knowledge base after each search', async () => {
    const { actor, emitted } = start({ keys: [REPORTING, WORKSPACE], knowledgebases: ['ppk', 'ppk-en'] });
    actor.send({ type: 'chat.started' });
    const atStart = emitted.find((e) => e.type === 'userData')!.data;
    expect(atStart).to.deep.equal({
      kc_language: 'pl',
      kc_country: 'PL',
      kc_knowledgebase: 'ppk,ppk-en',
      kc_customer: 'ppk-demo',
      'Knowledge language': 'pl',
      'Knowledge country': 'PL',
      'Knowledge base': 'ppk,ppk-en',
      'Knowledge customer': 'ppk-demo',
    });
    actor.send({ type: 'chat.message', text: 'Czy mogę zrezygnować?' });
    await tick();
    const afterSearch = emitted.filter((e) => e.type === 'userData').at(-1)!.data as Record<string, string>;
    expect(afterSearch.kc_session).to.equal('kc-1');
    expect(afterSearch.kc_question).to.equal('Czy mogę zrezygnować?');
    expect(afterSearch.kc_knowledgebase).to.equal('ppk');
    expect(afterSearch['Knowledge question']).to.equal('Czy mogę zrezygnować?');
    expect(Object.keys(afterSearch)).to.have.length(12);
  });

  it('deflectionUserData leaves out unknown facts and disabled sets', () => {
    expect(deflectionUserData([], { session: 's', question: 'q' })).to.deep.equal({});
    expect(deflectionUserData([REPORTING], { session: 's', question: '', country: null })).to.deep.equal({ kc_session: 's' });
  });

  it('the article: open → loading → shown; the vote once; Back; a failed load; a bad ref refused', async () => {
    const { actor, calls, emitted } = start();
    expect(actor.getSnapshot().can({ type: 'article.open', kbId: '', docId: '1' })).to.equal(false);
    actor.send({ type: 'article.open', kbId: 'ppk', docId: '7', searchId: 's-1', query: 'wypłata' });
    expect(actor.getSnapshot().hasTag('articleLoading')).to.equal(true);
    await tick();
    expect(actor.getSnapshot().hasTag('articleShown')).to.equal(true);
    expect(calls.article).to.deep.equal([{ kbId: 'ppk', docId: '7' }]);
    expect(emitted.at(-1)).to.deep.equal({ type: 'articleOpened', kbId: 'ppk', docId: '7', title: 'Pytanie 7' });
    actor.send({ type: 'article.vote', relevant: true });
    expect(actor.getSnapshot().hasTag('voting')).to.equal(true);
    await tick();
    expect(calls.vote).to.deep.equal([{ kbId: 'ppk', docId: '7', relevant: true, searchId: 's-1', query: 'wypłata' }]);
    expect(actor.getSnapshot().hasTag('voted')).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'article.vote', relevant: false })).to.equal(false);
    expect(emitted.at(-1)).to.deep.equal({ type: 'voted', kbId: 'ppk', docId: '7', relevant: true });
    actor.send({ type: 'article.back' });
    expect(actor.getSnapshot().hasTag('articleClosed')).to.equal(true);
    expect(actor.getSnapshot().context.article.ref).to.equal(null);
    expect(emitted.at(-1)).to.deep.equal({ type: 'articleClosed' });
    expect(actor.getSnapshot().can({ type: 'article.back' })).to.equal(false);

    const failing = start({}, { article: () => Promise.reject(new Error('The request timed out after 3000 ms')) });
    failing.actor.send({ type: 'article.open', kbId: 'ppk', docId: '7' });
    await tick();
    expect(failing.actor.getSnapshot().hasTag('articleFailed')).to.equal(true);
    expect(failing.ctx().article.problem).to.equal('load');
    expect(failing.emitted.at(-1)).to.deep.equal({ type: 'articleFailed', kbId: 'ppk', docId: '7', message: 'The request timed out after 3000 ms' });
  });

  it('a failed vote lets the visitor vote again; the article is independent of deflection ending', async () => {
    let n = 0;
    const { actor, calls, ctx } = start({}, { vote: async () => (n++ === 0 ? Promise.reject(new Error('503')) : { recordId: 'v-2' }) });
    actor.send({ type: 'chat.started' });
    actor.send({ type: 'article.open', kbId: 'ppk', docId: '3' });
    await tick();
    actor.send({ type: 'agent.connected' });
    expect(actor.getSnapshot().hasTag('articleShown')).to.equal(true);
    actor.send({ type: 'article.vote', relevant: false });
    await tick();
    expect(ctx().article.problem).to.equal('vote');
    expect(ctx().article.relevant).to.equal(null);
    actor.send({ type: 'article.vote', relevant: false });
    await tick();
    expect(calls.vote.map((v) => v.relevant)).to.deep.equal([false, false]);
    expect(actor.getSnapshot().hasTag('voted')).to.equal(true);
  });
});
