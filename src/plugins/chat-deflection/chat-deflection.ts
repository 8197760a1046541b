import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { readSection } from '../../app/section.ts';
import {
  chatDeflectionMachine,
  suggestionBubble,
  type DeflectionInput,
  type DeflectionSearchOutput,
  type KnowledgeBubble,
} from '../../../machines/chat-deflection.machine.ts';
import { chatDeflectionSection, enabledKeys, readChatDeflectionSection, type ChatDeflectionSection } from './chat-deflection-config.ts';
import { isAgentJoined, isVisitorMessage } from '../../app/participants.ts';
import { isRecord } from '../../app/records.ts';

/** The plugin's rejections. */
export const chatDeflectionMessages = {
  invalidConfiguration: 'Invalid configuration',
  missingArguments: 'All mandatory arguments must be provided',
  notOpen: 'The article is not open',
} as const;

export type ChatDeflectionActor = ActorRefFrom<typeof chatDeflectionMachine>;

/** What `<la-chat>` reads: the machine (the article overlay's state) to render and to send the visitor's intent to. */
export interface ChatDeflectionController {
  actor: ChatDeflectionActor;
}

/** What `getState` answers. */
export interface ChatDeflectionState {
  enabled: boolean;
  /** Suggesting now: a chat runs and no agent has connected yet. */
  deflecting: boolean;
  /** Searches of the current (or last) chat. */
  searches: number;
  /** The article open in the chat window, if any. */
  article: { kbId: string; docId: string } | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const texts = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : typeof value === 'string' && value ? [value] : [];

/**
 * The ChatDeflection plugin (plugins-and-infrastructure.md §2, §4, §7 "Chat deflection via the bus",
 * §9): while a visitor waits for an agent, each of their chat messages is searched in the knowledge
 * centre and the answers appear in the chat as the knowledge assistant's bubbles. Off by default
 * (`chatdeflection.enabled`); the WebChat plugin loads this chunk when it is on. It talks to the chat
 * only through the bus (WebChatService.sendCustomNotice, updateUserData, getAgents and its events) and
 * to the knowledge centre through KnowledgeCenterService.search, getFullContent, visit, vote and
 * sessionInfo. See docs/chat-deflection.md.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('ChatDeflection');
  let settings: ChatDeflectionSection = readChatDeflectionSection(app.section('chatdeflection'));

  /** The facts known without a search: the knowledge section's language, customer and bases, the country. */
  const facts = (): Omit<DeflectionInput, 'enabled' | 'keys'> => {
    const kc = app.section('knowledgecenter');
    const pageLang = app.environment.value.lang;
    const region = /^[a-z]{2,3}[-_]([A-Za-z]{2})\b/.exec(app.window.navigator.language ?? '')?.[1]?.toUpperCase() ?? '';
    return {
      language: text(kc.lang) || pageLang,
      country: settings.country ?? region,
      customer: text(kc.customerId),
      knowledgebases: texts(kc.knowledgebases),
    };
  };
  const input = (): DeflectionInput => ({ enabled: settings.enabled, keys: enabledKeys(settings), ...facts() });

  const actor: ChatDeflectionActor = createActor(
    chatDeflectionMachine.provide({
      actors: {
        search: fromPromise<DeflectionSearchOutput, { query: string }>(async ({ input: { query } }) => {
          const result = await plugin.command('KnowledgeCenterService.search', { query, junkfree: true, apiClientMediaType: settings.apiClientMediaType });
          // The session the search started or used, for the reporting keys.
          const session = await plugin.command('KnowledgeCenterService.sessionInfo').catch(() => undefined);
          return { result, ...(session ? { session } : {}) };
        }),
        fetchArticle: fromPromise(async ({ input: ref }) => {
          const document = await plugin.command('KnowledgeCenterService.getFullContent', ref);
          void plugin.command('KnowledgeCenterService.visit', ref).catch(() => undefined);
          return document;
        }),
        sendVote: fromPromise(async ({ input: vote }) => plugin.command('KnowledgeCenterService.vote', vote)),
      },
    }),
    { input: input() },
  ).start();

  const t = (key: string, values?: Record<string, string | number>) => app.t.t(key, values);
  const fail = (during: 'search' | 'article' | 'notice' | 'userData') => (error: unknown) => plugin.publish('error', { during, message: messageOf(error) });

  /** A knowledge-assistant line in the chat window's transcript (this page only; never sent). */
  const show = (knowledge: KnowledgeBubble, summary: string) => {
    plugin
      .command('WebChat.addKnowledge', { knowledge, summary })
      .catch((error: unknown) => console.error('[live-assist] a knowledge line was not shown', error));
  };
  /** The bubble's words for the live region and the line's label. */
  const summaryOf = (bubble: KnowledgeBubble) =>
    [
      t('chat.knowledge.intro'),
      ...(bubble.suggested ? [t('chat.knowledge.suggested'), bubble.suggested.title] : []),
      ...(bubble.links.length ? [t('chat.knowledge.more'), ...bubble.links.map((l) => l.title)] : []),
    ].join(' ');

  /** A readable custom notice for the agent, while a chat runs (`agentTranscript: 'readable'`). */
  const tellAgent = (message: string) => {
    if (settings.agentTranscript !== 'readable') return;
    void app.whenProvided('WebChatService').then((service) => {
      if (service.session.value.active) plugin.command('WebChatService.sendCustomNotice', { message }).catch(fail('notice'));
    });
  };

  /**
   * The welcome bubble waits for the chat's first messages ('Chat started', the bot's greeting) so it
   * follows them in the transcript instead of coming before the chat's start line.
   */
  let welcomePending = false;
  const welcome = () => {
    if (!welcomePending) return;
    welcomePending = false;
    show({ kind: 'welcome', links: [] }, t('chat.knowledge.welcome'));
  };

  actor.on('*', (emitted) => {
    switch (emitted.type) {
      case 'started':
        plugin.command('WebChatService.sendCustomNotice', { message: t('chat.knowledge.notice.started') }).catch(fail('notice'));
        welcomePending = true;
        return plugin.publish('started', undefined);
      case 'suggested': {
        const count = emitted.documents.length;
        if (count) {
          const bubble = suggestionBubble(emitted.query, emitted.documents, emitted.searchId);
          show(bubble, summaryOf(bubble));
          // The agent reads the visitor's question just above; the notice names what was offered.
          tellAgent(t('chat.knowledge.notice.suggested', { titles: emitted.documents.map((d, i) => `${i + 1}. ${d.title}`).join('; ') }));
        }
        return plugin.publish('searched', { query: emitted.query, count, ...(emitted.searchId ? { searchId: emitted.searchId } : {}) });
      }
      case 'searchFailed':
        return fail('search')(new Error(emitted.message));
      case 'userData':
        if (Object.keys(emitted.data).length) plugin.command('WebChatService.updateUserData', emitted.data).catch(fail('userData'));
        return undefined;
      case 'ended':
        welcomePending = false;
        return plugin.publish('ended', { reason: emitted.reason });
      case 'articleOpened':
        tellAgent(t('chat.knowledge.notice.opened', { title: emitted.title }));
        return plugin.publish('articleOpened', { kbId: emitted.kbId, docId: emitted.docId, title: emitted.title });
      case 'articleFailed':
        return fail('article')(new Error(emitted.message));
      case 'articleClosed':
        return plugin.publish('articleClosed', undefined);
      case 'voted':
        tellAgent(
          t(emitted.relevant ? 'chat.knowledge.notice.helpful' : 'chat.knowledge.notice.notHelpful', {
            title: actor.getSnapshot().context.article.document?.title ?? emitted.docId,
          }),
        );
        return plugin.publish('voted', { kbId: emitted.kbId, docId: emitted.docId, relevant: emitted.relevant });
      default:
        return undefined;
    }
  });

  /* ---------------------------------------------------------------- the chat's events */

  app.bus.subscribe('WebChatService.*', (event) => {
    switch (event.name) {
      case 'WebChatService.started':
        actor.send({ type: 'configure', ...facts() });
        actor.send({ type: 'chat.started' });
        break;
      case 'WebChatService.restored':
        void plugin.command('WebChatService.getAgents').then(
          (agents) => actor.send({ type: 'chat.restored', agentConnected: Object.values(agents).some((a) => a.connected) }),
          () => undefined,
        );
        break;
      case 'WebChatService.messageReceived': {
        const { messages, restoring, history } = event.data;
        if (restoring || history) break;
        welcome();
        // In transcript order: a visitor's message after the agent joined (same batch) is not searched.
        for (const message of [...messages].sort((a, b) => a.index - b.index)) {
          if (isAgentJoined(message)) actor.send({ type: 'agent.connected' });
          else if (isVisitorMessage(message)) actor.send({ type: 'chat.message', text: message.text });
        }
        break;
      }
      case 'WebChatService.agentConnected':
        if (Object.values(event.data.agents).some((a) => a.connected)) actor.send({ type: 'agent.connected' });
        break;
      case 'WebChatService.ended':
        actor.send({ type: 'chat.ended' });
        break;
      default:
        break;
    }
  });
  // The article overlay belongs to the open window.
  app.bus.subscribe('WebChat.closed', () => {
    if (actor.getSnapshot().hasTag('article')) actor.send({ type: 'article.back' });
  });
  app.bus.subscribe('App.configured', (event) => {
    if (event.data.section !== 'chatdeflection') return;
    settings = readChatDeflectionSection(app.section('chatdeflection'));
    actor.send({ type: 'configure', ...input() });
  });
  // A chat that was already running when this chunk loaded (it loads with the chat window): resume it.
  void app.whenProvided('WebChatService').then((service) => {
    if (!service.session.value.active || !actor.getSnapshot().hasTag('off')) return;
    void plugin.command('WebChatService.getAgents').then(
      (agents) => {
        if (actor.getSnapshot().hasTag('off')) actor.send({ type: 'chat.restored', agentConnected: Object.values(agents).some((a) => a.connected) });
      },
      () => undefined,
    );
  });

  /* ---------------------------------------------------------------- commands */

  plugin.registerCommand('configure', (options) => {
    if (!isRecord(options) || !Object.keys(options).length) throw new Error(chatDeflectionMessages.invalidConfiguration);
    const next = { ...app.section('chatdeflection'), ...options };
    const [issue] = readSection('chatdeflection', next, chatDeflectionSection, () => undefined).issues;
    if (issue) throw new Error(`${chatDeflectionMessages.invalidConfiguration}: ${issue.path} ${issue.message}`);
    app.configure('chatdeflection', next);
  });
  plugin.registerCommand('getState', (): ChatDeflectionState => {
    const snapshot = actor.getSnapshot();
    const ref = snapshot.context.article.ref;
    return {
      enabled: snapshot.context.enabled,
      deflecting: snapshot.hasTag('deflecting'),
      searches: snapshot.context.searches,
      article: snapshot.hasTag('article') && ref ? { ...ref } : null,
    };
  });
  plugin.registerCommand('openArticle', (options) => {
    const kbId = isRecord(options) ? options.kbId : undefined;
    const docId = isRecord(options) ? options.docId : undefined;
    if (typeof kbId !== 'string' || !kbId || typeof docId !== 'string' || !docId) throw new Error(chatDeflectionMessages.missingArguments);
    actor.send({ type: 'article.open', kbId, docId });
  });
  plugin.registerCommand('closeArticle', () => {
    if (!actor.getSnapshot().hasTag('article')) throw new Error(chatDeflectionMessages.notOpen);
    actor.send({ type: 'article.back' });
  });

  app.provide('ChatDeflection', { actor });
  plugin.ready();
}
