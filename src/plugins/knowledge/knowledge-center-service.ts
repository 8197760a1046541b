import type { App } from '../../app/app.ts';
import { readSection } from '../../app/section.ts';
import { cookieSessionStore, createKnowledgeService, KnowledgeError, knowledgeMessages, type KnowledgeService } from '../../services/knowledge/index.ts';
import { knowledgeConfig, knowledgeSection, readKnowledgeSection, type KnowledgeSection } from './knowledge-config.ts';

const isEmpty = (value: unknown): boolean =>
  !value || typeof value !== 'object' || Object.values(value).every((v) => v === undefined || v === null || v === '');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Options whose change starts a new session on the new server (or tenant) rather than updating the kept one. */
const SERVER = ['host', 'apiVersion', 'tenantId', 'apikey'] as const;
/** Options the session carries (§3 "Session"): a change is sent to the server as a session update. */
const SESSION = ['lang', 'customerId', 'media'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The KnowledgeCenterService plugin: the knowledge-centre service (v2 or v1, from the
 * `knowledgecenter` section) on the bus, with the session id in a host-only cookie. Commands reject
 * with the spec's messages; each failure also publishes `error` with the command's name. See
 * docs/knowledge-service.md.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('KnowledgeCenterService');
  const store = cookieSessionStore(app.cookies);

  let settings: KnowledgeSection = readKnowledgeSection(app.section('knowledgecenter'));
  let service: KnowledgeService = createKnowledgeService(knowledgeConfig(settings), store);
  let lastSession = store.get();

  /** Announces a session the server started (or replaced). */
  const noteSession = () => {
    const now = store.get();
    if (now && now !== lastSession) plugin.publish('sessionStarted', { sessionId: now });
    lastSession = now;
  };
  /** Runs a command's work; a failure is published as `error` and rejects with its message. */
  async function run<T>(command: string, work: () => Promise<T> | T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const kind = error instanceof KnowledgeError ? error.kind : 'network';
      plugin.publish('error', { command, kind, message: messageOf(error) });
      throw error instanceof Error ? error : new Error(messageOf(error));
    } finally {
      noteSession();
    }
  }
  /** Checks the server answers; publishes `ready` when it does (the failure is an `error` of `ping`). */
  const ping = () => {
    if (!settings.host) return;
    const current = service;
    run('ping', () => current.ping()).then(
      () => current === service && plugin.publish('ready', { apiVersion: current.version }),
      () => undefined,
    );
  };

  /** A new section (LiveAssist.configure or the configure command): a new server drops the session, a new language or customer updates it. */
  async function apply(next: KnowledgeSection): Promise<void> {
    const previous = settings;
    settings = next;
    service = createKnowledgeService(knowledgeConfig(next), store);
    if (SERVER.some((key) => !same(previous[key], next[key]))) {
      store.clear();
      lastSession = undefined;
      ping();
    } else if (store.get() && SESSION.some((key) => !same(previous[key], next[key]))) {
      await run('configure', () => service.updateSession()).catch(() => undefined);
    }
  }

  let applied = Promise.resolve();
  app.bus.subscribe('App.configured', (event) => {
    if (event.data.section !== 'knowledgecenter') return;
    applied = apply(readKnowledgeSection(app.section('knowledgecenter')));
  });

  plugin.registerCommand('configure', async (options) => {
    if (isEmpty(options)) throw new Error(knowledgeMessages.notConfigured);
    const next = { ...app.section('knowledgecenter'), ...options };
    // Refused whole when an option is bad, naming it (the section is left as it was).
    const [issue] = readSection('knowledgecenter', next, knowledgeSection, () => undefined).issues;
    if (issue) throw new Error(`${knowledgeMessages.notConfigured}: ${issue.path} ${issue.message}`);
    app.configure('knowledgecenter', next);
    await applied;
    plugin.publish('configured', { apiVersion: settings.apiVersion, host: settings.host });
  });
  plugin.registerCommand('getTrending', (options) =>
    run('getTrending', async () => {
      const documents = await service.trending(options ?? {});
      plugin.publish('trending', { count: documents.length });
      return { documents };
    }),
  );
  plugin.registerCommand('search', (options) =>
    run('search', async () => {
      const result = await service.search(options);
      plugin.publish('searched', { query: result.query, searchId: result.searchId, count: result.documents.length });
      return result;
    }),
  );
  plugin.registerCommand('getSuggestions', (options) => run('getSuggestions', () => service.suggestions(options)));
  plugin.registerCommand('getCategories', (options) => run('getCategories', () => service.categories(options ?? {})));
  plugin.registerCommand('getFullContent', (options) => run('getFullContent', () => service.document(options)));
  plugin.registerCommand('visit', (options) =>
    run('visit', async () => {
      await service.visit(options);
      plugin.publish('visited', { kbId: options.kbId, docId: options.docId });
    }),
  );
  plugin.registerCommand('vote', (options) =>
    run('vote', async () => {
      const record = await service.vote(options);
      const { kbId, docId, relevant, rating } = options;
      plugin.publish('voted', { kbId, docId, ...(relevant !== undefined ? { relevant } : {}), ...(rating !== undefined ? { rating } : {}), ...record });
      return record;
    }),
  );
  plugin.registerCommand('unanswered', (options) =>
    run('unanswered', async () => {
      await service.unanswered(options);
      plugin.publish('unanswered', { query: options.query, searchId: options.searchId });
    }),
  );
  // A question, not work: no session yet is its answer ('Knowledge center session is not started yet'), not an `error`.
  plugin.registerCommand('sessionInfo', () => service.sessionInfo());
  plugin.registerCommand('reset', () => {
    service.reset();
    lastSession = undefined;
    plugin.publish('reset', undefined);
  });
  plugin.ready();
  ping();
}
