import { expect } from '@esm-bundle/chai';
import { App } from '../../src/app/app.ts';
import { register } from '../../src/plugins/knowledge/knowledge-center-service.ts';
import { startSimulator, controlData } from '../helpers/simulator.ts';
import { captureConsole, waitFor } from '../helpers/dom.ts';

type Sim = Awaited<ReturnType<typeof startSimulator>>;

/** The demo's knowledge centre (v2 on the simulator, Polish). */
const v2 = { host: '/api/kc', apikey: 'demo-key', lang: 'pl' };

let seq = 0;
/** A fresh app with the plugin registered, as the lazy loader would; its own cookie prefix per test. */
function start(section?: Record<string, unknown>) {
  const deploymentID = `kc${++seq}${Date.now() % 1000}`;
  const app = new App({
    window,
    config: { main: { lang: 'pl', deploymentID }, ...(section ? { knowledgecenter: section } : {}) },
    plugins: {},
    loadRuntime: async () => undefined,
  });
  const events: Array<{ name: string; data: unknown }> = [];
  app.bus.subscribe('KnowledgeCenterService.*', (event) => events.push({ name: event.name, data: event.data }));
  register(app);
  const cookie = () =>
    document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${deploymentID}_knowledge_session=`))
      ?.split('=')[1];
  return { app, bus: app.bus, events, cookie, names: () => events.map((e) => e.name) };
}
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => error.message,
  );

describe('KnowledgeCenterService on the bus (simulator)', () => {
  let sim: Sim;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.dispose());

  it('unconfigured: every command rejects word for word; configure needs non-empty data', async () => {
    const { bus, events } = start();
    const message = 'KnowledgeCenterService is not configured';
    expect(await rejection(bus.command('KnowledgeCenterService.getTrending'))).to.equal(message);
    expect(await rejection(bus.command('KnowledgeCenterService.search', { query: 'wypłata' }))).to.equal(message);
    expect(await rejection(bus.command('KnowledgeCenterService.getSuggestions', { text: 'w' }))).to.equal(message);
    expect(await rejection(bus.command('KnowledgeCenterService.configure', {}))).to.equal(message);
    expect(await rejection(bus.command('KnowledgeCenterService.configure', undefined as never))).to.equal(message);
    expect(await rejection(bus.command('KnowledgeCenterService.configure', { maxSearchResults: 0 }))).to.equal(
      'KnowledgeCenterService is not configured: knowledgecenter.maxSearchResults must be at least 1',
    );
    expect(await rejection(bus.command('KnowledgeCenterService.sessionInfo'))).to.equal('Knowledge center session is not started yet');
    expect(events.filter((e) => e.name === 'KnowledgeCenterService.error').map((e) => e.data)).to.deep.equal([
      { command: 'getTrending', kind: 'configuration', message },
      { command: 'search', kind: 'configuration', message },
      { command: 'getSuggestions', kind: 'configuration', message },
    ]);
  });

  it('configured: ready after the ping; a search starts the session, kept in its host-only cookie; reset forgets it', async () => {
    const { bus, events, cookie, names } = start(v2);
    await waitFor(() => names().includes('KnowledgeCenterService.ready'), 4000, 'ready');
    expect(events.find((e) => e.name === 'KnowledgeCenterService.ready')?.data).to.deep.equal({ apiVersion: 'v2' });
    const result = await bus.command('KnowledgeCenterService.search', { query: 'wypłata' });
    expect(result.documents).to.have.length(3);
    const session = await bus.command('KnowledgeCenterService.sessionInfo');
    expect(session).to.deep.equal({ sessionId: cookie(), language: 'pl' });
    expect(events.find((e) => e.name === 'KnowledgeCenterService.sessionStarted')?.data).to.deep.equal({ sessionId: session.sessionId });
    expect(events.find((e) => e.name === 'KnowledgeCenterService.searched')?.data).to.deep.equal({ query: 'wypłata', searchId: result.searchId, count: 3 });
    const trending = await bus.command('KnowledgeCenterService.getTrending');
    expect(trending.documents).to.have.length(5);
    await bus.command('KnowledgeCenterService.reset');
    expect(cookie()).to.equal(undefined);
    expect(await rejection(bus.command('KnowledgeCenterService.sessionInfo'))).to.equal('Knowledge center session is not started yet');
    expect(names()).to.include('KnowledgeCenterService.reset');
  });

  it('the visitor opens an article and votes it helpful: the view and the vote reach the simulator, the events say so', async () => {
    const { bus, events } = start(v2);
    const { documents, searchId } = await bus.command('KnowledgeCenterService.search', { query: 'wypłata' });
    const [first] = documents;
    const document = await bus.command('KnowledgeCenterService.getFullContent', { kbId: first.kbId, docId: first.id });
    expect(document.answer).to.match(/^<p>/);
    await bus.command('KnowledgeCenterService.visit', { kbId: first.kbId, docId: first.id });
    const record = await bus.command('KnowledgeCenterService.vote', { kbId: first.kbId, docId: first.id, relevant: true, searchId, query: 'wypłata' });
    await bus.command('KnowledgeCenterService.unanswered', { query: 'kryptowaluty' });
    const state = (await (await controlData('/__control/knowledge')).json()) as {
      votes: Array<Record<string, unknown>>;
      views: unknown[];
      notFound: unknown[];
    };
    expect(state.votes.map((v) => [v.docId, v.relevant, v.searchId, v.recordId])).to.deep.equal([[first.id, true, searchId, record.recordId]]);
    expect(state.views).to.have.length(1);
    expect(state.notFound).to.have.length(1);
    expect(events.find((e) => e.name === 'KnowledgeCenterService.voted')?.data).to.deep.equal({
      kbId: 'ppk',
      docId: first.id,
      relevant: true,
      recordId: record.recordId,
    });
    expect(events.find((e) => e.name === 'KnowledgeCenterService.visited')?.data).to.deep.equal({ kbId: 'ppk', docId: first.id });
    expect(await rejection(bus.command('KnowledgeCenterService.getFullContent', { kbId: 'ppk' } as never))).to.equal(
      'All mandatory arguments must be provided',
    );
  });

  it('configure: a new language updates the session on the server; a new host drops it; v1 works the same', async () => {
    const { bus, cookie, app } = start(v2);
    await bus.command('KnowledgeCenterService.getCategories');
    const first = cookie();
    await bus.command('KnowledgeCenterService.configure', { lang: 'en' });
    expect(cookie()).to.equal(first);
    const state = (await (await controlData('/__control/knowledge')).json()) as { sessions: Array<{ sessionId: string; language: string }> };
    expect(state.sessions.find((s) => s.sessionId === first)?.language).to.equal('en');
    expect(app.section('knowledgecenter')).to.include({ lang: 'en', host: '/api/kc' });
    await bus.command('KnowledgeCenterService.configure', { apiVersion: 'v1', host: '/api/kc1' });
    expect(cookie()).to.equal(undefined);
    const result = await bus.command('KnowledgeCenterService.search', { query: 'withdrawal' });
    expect(result.documents.length).to.be.greaterThan(0);
    expect((await bus.command('KnowledgeCenterService.sessionInfo')).sessionId)
      .to.equal(cookie())
      .and.not.equal(first);
    expect(await bus.command('KnowledgeCenterService.getSuggestions', { text: 'with' })).to.be.an('array');
  });

  it('a bad option in the section is reported once and takes its default; the HTTP error is published with its command', async () => {
    const { errors } = await captureConsole(async () => {
      const { bus, events } = start({ ...v2, apikey: undefined, maxTrendingResults: 'many' });
      const message = await rejection(bus.command('KnowledgeCenterService.getTrending'));
      expect(message).to.match(/^\{"error":".+","status":401\} 401 Unauthorized$/);
      expect(events.find((e) => e.name === 'KnowledgeCenterService.error' && (e.data as { command: string }).command === 'getTrending')?.data).to.deep.equal({
        command: 'getTrending',
        kind: 'status',
        message,
      });
    });
    expect(errors).to.deep.equal(['[live-assist] knowledgecenter.maxTrendingResults: must be a number']);
  });
});
