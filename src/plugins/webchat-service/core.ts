import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import type { PluginHandle } from '../../bus/bus.ts';
import { chatSessionMachine, type ChatSessionEvent } from '../../../machines/chat-session.machine.ts';
import {
  ChatFailure,
  type ChatTransport,
  type PollResult,
  type SessionData,
  type StartRequest,
  type StartResult,
  type TransportFactory,
  type TransportType,
} from '../../services/chat/types.ts';
import { cookieSessionStore, pageSessionStore, type ChatMetadata, type SessionStore, type StoredSession } from '../../services/chat/session-store.ts';
import type { CloudOptions } from '../../services/chat/transports/cloud/index.ts';
import { createTabs, tabsName, type LockManagerLike, type Tabs } from '../../services/chat/tabs.ts';
import type { StorageEvents } from '../../services/chat/outbox.ts';
import { transportTypeOf, type WebChatServiceSettings } from '../shared/webchat-config.ts';
import { readServiceSettings } from './settings.ts';
import { errorEvent, failureOf, HISTORY_PAGE, webChatServiceMessages } from './messages.ts';
import type { ChatSessionInfo } from './webchat-service.api.ts';

export type ChatSessionActor = ActorRefFrom<typeof chatSessionMachine>;
export type TransportModules = Partial<Record<TransportType, () => Promise<{ createTransport: TransportFactory }>>>;

/**
 * The chat service's state and the helpers every part of it uses: one object, so the plugin's parts
 * (outbox, commands, uploads, tabs …) share one session instead of each holding a copy.
 */
export interface ChatService {
  readonly app: App;
  readonly plugin: PluginHandle<'WebChatService'>;
  readonly actor: ChatSessionActor;
  readonly tabs: Tabs;
  /** The `storage` event's readers of the outbox, also called when another app in this document changed it. */
  readonly outboxReaders: Set<(event: { key: string | null }) => void>;
  readonly outboxEvents: StorageEvents;
  settings: WebChatServiceSettings;
  store: SessionStore;
  transport: ChatTransport | undefined;
  transportType: TransportType;
  /** The running chat as stored for a reload. */
  stored: StoredSession | undefined;
  metadata: ChatMetadata;
  /** The typing preview (`sendTyping`, a registered preview input). */
  preview: string;
  /** `registerPreProcessor`: each changes the visitor's text before it is queued. */
  readonly preprocessors: Array<(text: string) => string>;
  restoring: boolean;
  /** The restore running takes up a chat another tab started or restored (tab-relay.ts): its failure is TransferFailed. */
  handover: boolean;
  /** A start is under way: an error the machine emits now is the start's. */
  starting: boolean;
  isAsync(): boolean;
  active(): boolean;
  requireActive(): void;
  sessionOf(): SessionData;
  /** Whether the session machine streams: a push transport, or any chat of a tab that follows. */
  streamMode(type: TransportType): boolean;
  loadTransport(type: TransportType): Promise<ChatTransport>;
  storeFor(settings: WebChatServiceSettings): SessionStore;
  saveMetadata(change: Partial<ChatMetadata>): void;
  info(): ChatSessionInfo;
  persistPing(): void;
  persistSession(session: SessionData): void;
  /** The chat is over here: its stored session and upload counts go (hooks add their own parts). */
  forget(): void;
  readonly onForget: Set<() => void>;
}

/**
 * Transports that feed the session machine themselves (`subscribe`): CometD, cloud and Web Messaging
 * (their WebSocket) push; the next-generation REST transport polls with its own timing (web-chat.md §9: 1000 ms, +1000 ms
 * after errors).
 */
const streams = (type: TransportType): boolean => type === 'cometd' || type === 'ngrest' || type === 'cloud' || type === 'webmessaging';

/** The cloud transport's conversation options (web-chat.md §3) from `webchat.transport`. */
const cloudOptions = ({ organizationId, deploymentId, routingTarget, memberInfo, journeyContext }: WebChatServiceSettings['transport']): CloudOptions => ({
  ...(organizationId ? { organizationId } : {}),
  ...(deploymentId ? { deploymentId } : {}),
  routingTarget: {
    targetType: routingTarget.targetType,
    ...(routingTarget.targetAddress ? { targetAddress: routingTarget.targetAddress } : {}),
    ...(routingTarget.skills.length ? { skills: routingTarget.skills } : {}),
    ...(routingTarget.language ? { language: routingTarget.language } : {}),
    ...(routingTarget.priority !== undefined ? { priority: routingTarget.priority } : {}),
  },
  memberInfo: { displayName: memberInfo.displayName, customFields: memberInfo.customFields },
  ...(journeyContext ? { journeyContext } : {}),
});

/** The session machine with the configured transport, the tabs, and the chat's stored state. The actor is not started. */
export function createChatService(app: App, plugin: PluginHandle<'WebChatService'>, transports: TransportModules): ChatService {
  const settings = readServiceSettings(app.section('webchat'));
  // The keys last no longer than a restore could use them (an asynchronous chat restores at any time).
  const cookieStore = cookieSessionStore(app.cookies, () =>
    svc.settings.async.enabled || svc.settings.transport.async ? undefined : Math.ceil(svc.settings.restoreTimeout / 1000),
  );
  const storeFor = (s: WebChatServiceSettings): SessionStore => {
    const { getSessionData, setSessionData } = s.async;
    return s.async.enabled && getSessionData && setSessionData
      ? pageSessionStore(getSessionData as () => unknown, setSessionData as (data: StoredSession | null) => void, cookieStore)
      : cookieStore;
  };
  const store = storeFor(settings);

  // One connection for all tabs (docs/reliability.md): the tab that holds the deployment's lock polls or
  // holds the socket; the others follow its broadcasts (their session machine streams them).
  const win = app.window as Window & typeof globalThis;
  const tabs: Tabs = createTabs({
    name: tabsName(app.config.main.deploymentID || 'la'),
    locks: win.navigator?.locks as LockManagerLike | undefined,
    channel: typeof win.BroadcastChannel === 'function' ? (name) => new win.BroadcastChannel(name) : undefined,
    page: win,
    load: (type) => svc.loadTransport(type),
  });
  const outboxReaders = new Set<(event: { key: string | null }) => void>();

  /** The transport for a type, its chunk loaded once. */
  const loadTransport = async (type: TransportType): Promise<ChatTransport> => {
    if (svc.transport && svc.transportType === type) return svc.transport;
    const load = transports[type];
    if (!load) throw new Error(`Invalid transport configuration: the '${type}' transport is not available yet`);
    const { createTransport } = await load();
    const { dataURL = '', apikey, headers, timeout } = svc.settings.transport;
    const { cometURL = '', channel, apiURL, websocketEnabled, logLevel } = svc.settings.cometD;
    // Wrapped for the tabs: the leading tab talks to the network, the others through it.
    svc.transport = tabs.wrap(
      createTransport({
        dataURL,
        apikey,
        headers,
        timeout,
        lang: () => app.t.lang,
        ...(type === 'cometd' ? { cometD: { url: cometURL, channel, apiURL, websocketEnabled, logLevel } } : {}),
        ...(type === 'ngrest'
          ? {
              pollTimeout: svc.settings.transport.pollTimeout,
              pageSize: svc.settings.transport.pageSize,
              ...(svc.settings.transport.stream ? { stream: svc.settings.transport.stream } : {}),
            }
          : {}),
        ...(type === 'cloud' ? { cloud: cloudOptions(svc.settings.transport) } : {}),
        ...(type === 'webmessaging'
          ? {
              webMessaging: {
                deploymentId: svc.settings.transport.deploymentId ?? '',
                ...(svc.settings.transport.region ? { region: svc.settings.transport.region } : {}),
              },
            }
          : {}),
      }),
    );
    svc.transportType = type;
    return svc.transport;
  };

  const machine = chatSessionMachine.provide({
    actors: {
      startChat: fromPromise<StartResult, StartRequest>(async ({ input }) => {
        const t = await loadTransport(transportTypeOf(svc.settings));
        return t.start(input);
      }),
      restoreChat: fromPromise<PollResult, { session: SessionData; fromIndex: number }>(async ({ input }) => {
        const t = await loadTransport(svc.stored?.type ?? transportTypeOf(svc.settings));
        // An asynchronous chat may be long: its last page comes back, `fetchHistory` pages further back.
        const from = svc.isAsync() && svc.stored ? Math.max(input.fromIndex, svc.stored.index - HISTORY_PAGE + 1) : input.fromIndex;
        return t.restore(input.session, from);
      }),
      pollChat: fromPromise<PollResult, { session: SessionData; fromIndex: number }>(async ({ input }) => {
        const result = await svc.transport!.poll(input.session, input.fromIndex);
        if (!result.empty) svc.persistPing();
        return result;
      }),
      endChat: fromPromise<void, { session: SessionData }>(async ({ input }) => {
        await svc.transport!.disconnect(input.session);
      }),
      // A push transport (CometD): its subscription feeds the machine instead of polls.
      streamChat: fromCallback<ChatSessionEvent, { session: SessionData; fromIndex: number }>(({ input, sendBack }) => {
        const { transport } = svc;
        if (!transport?.subscribe) {
          sendBack({ type: 'stream.failed', error: new ChatFailure('rejected', `The '${svc.transportType}' transport does not push messages`) });
          return undefined;
        }
        return transport.subscribe(input.session, input.fromIndex, {
          messages: (answer) => sendBack({ type: 'stream.messages', answer }),
          status: (status) => sendBack({ type: status === 'connected' ? 'connection.restored' : 'connection.lost' }),
          failed: (failure) => sendBack({ type: 'stream.failed', error: failure }),
        });
      }),
    },
    actions: {
      sendTyping: (_, params: { typing: boolean }) => {
        const session = actor.getSnapshot().context.session;
        const { transport } = svc;
        if (!session || !transport) return;
        transport.typing(session, params.typing, params.typing ? svc.preview : undefined).catch((error: unknown) => {
          plugin.publish('error', errorEvent(failureOf(error), params.typing ? 'startTyping' : 'stopTyping'));
        });
      },
    },
  });

  const streamMode = (type: TransportType): boolean => !tabs.isLeader() || streams(type);
  const isAsync = () => svc.settings.async.enabled || svc.settings.transport.async;
  const actor: ChatSessionActor = createActor(machine, {
    input: {
      pollExceptionLimit: settings.pollExceptionLimit,
      restoreTimeout: settings.restoreTimeout,
      async: settings.async.enabled || settings.transport.async,
      prefilters: [],
      stream: streamMode(transportTypeOf(settings)),
    },
  });

  const svc: ChatService = {
    app,
    plugin,
    actor,
    tabs,
    outboxReaders,
    outboxEvents: {
      addEventListener(type, listener) {
        outboxReaders.add(listener);
        app.window.addEventListener?.(type, listener);
      },
      removeEventListener(type, listener) {
        outboxReaders.delete(listener);
        app.window.removeEventListener?.(type, listener);
      },
    },
    settings,
    store,
    transport: undefined,
    transportType: transportTypeOf(settings),
    stored: undefined,
    metadata: store.loadMetadata(),
    preview: '',
    preprocessors: [],
    restoring: false,
    handover: false,
    starting: false,
    isAsync,
    active: () => actor.getSnapshot().hasTag('active'),
    requireActive: () => {
      if (!svc.active()) throw new Error(webChatServiceMessages.noSession);
    },
    sessionOf: () => {
      const session = actor.getSnapshot().context.session;
      if (!session) throw new ChatFailure('ended', webChatServiceMessages.noSession);
      return session;
    },
    streamMode,
    loadTransport,
    storeFor,
    saveMetadata: (change) => {
      svc.metadata = { ...svc.metadata, ...change };
      svc.store.saveMetadata(svc.metadata);
    },
    info: () => {
      const { session } = actor.getSnapshot().context;
      return svc.active() && session
        ? { sessionActive: true, chatId: String(session.chatId), type: svc.transportType, started: svc.stored?.started ?? svc.metadata.started }
        : { sessionActive: false };
    },
    persistPing: () => {
      if (!svc.stored) return;
      svc.stored = { ...svc.stored, ping: Date.now(), index: actor.getSnapshot().context.lastIndex };
      svc.store.touch(svc.stored.index, svc.stored.ping);
    },
    persistSession: (session) => {
      const { prefilters, lastIndex } = actor.getSnapshot().context;
      const filters = prefilters.map((f): [string, string] => [f.source, f.flags]);
      svc.stored = { type: svc.transportType, session, started: svc.stored?.started ?? Date.now(), index: lastIndex, ping: Date.now(), filters };
      svc.store.save(svc.stored);
    },
    onForget: new Set(),
    forget: () => {
      svc.stored = undefined;
      svc.store.clear();
      for (const hook of svc.onForget) hook();
    },
  };
  return svc;
}
