import { createActor, fromCallback, fromPromise } from 'xstate';
import type { App } from '../../app/app.ts';
import { chatSessionMachine, selectNumAgentsConnected, type ChatSessionEvent } from '../../../machines/chat-session.machine.ts';
import { missing } from '../../../machines/chat-transcript.ts';
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
import {
  cookieSessionStore,
  emptyMetadata,
  pageSessionStore,
  type ChatMetadata,
  type SessionStore,
  type StoredSession,
} from '../../services/chat/session-store.ts';
import { anonymousUserId, automaticUserData } from '../../services/chat/user-data.ts';
import type { CloudOptions } from '../../services/chat/transports/cloud/index.ts';
import { createOutbox, createOutboxSender, type OutboxEntry, type StorageEvents, type StorageLike } from '../../services/chat/outbox.ts';
import { createTabs, tabsName, type LockManagerLike, type Tabs } from '../../services/chat/tabs.ts';
import { checkFiles, type FileProblem } from '../../services/chat/files.ts';
import { formatSize } from '../../app/bytes.ts';
import { isRecord } from '../../app/records.ts';
import { readSection } from '../../app/section.ts';
import { readWebChatService, transportProblem, transportTypeOf, webChatServiceSchema, type WebChatServiceSettings } from '../shared/webchat-config.ts';
import type { ChatErrorEvent, ChatSessionInfo, ChatSessionView, ReadableStore, StartChatOptions } from './webchat-service.api.ts';

/** The chat service's rejections, word for word from web-chat.md §8 where it gives them. */
export const webChatServiceMessages = {
  active: 'There is already an active chat session',
  noSession: 'There is no active chat session',
  noText: 'No message text provided',
  tooLong: (max: number) => `Message length exceeds configured threshold of (${max}) characters`,
  invalidConfiguration: 'Invalid configuration',
  malformedUserData: 'malformed JSON provided in userData property',
  noFormData: 'No HTMl5 formData support on your browser',
  restoring: 'Already restoring...',
  noMoreMessages: 'No more messages to fetch',
  historyAsyncOnly: 'Fetching messages history applies to only Asynchronous chat.',
  privateCommand: (command: string) => `Access Denied to private command: ${command}. Only WebChatService may run it.`,
  invalidFilters: 'Missing or invalid filters provided. A filter is a RegExp or an array of them.',
  invalidPreviewInput: 'Invalid typing preview input: it must be a text input or a textarea element.',
  invalidPreProcessor: 'Invalid preprocessor: it must be a function that takes and returns the message text.',
  noFiles: 'No files provided',
  uploadsOff: 'File upload is disabled: set webchat.uploadsEnabled to true',
  noFileId: 'No file id provided',
  notFailed: 'No failed message with this id: only a message that was not sent can be edited',
  noDraftText: 'No draft text provided',
} as const;

/** A pre-upload problem in words (the window shows its own, translated, from the code). */
export function fileProblemMessage(problem: FileProblem): string {
  switch (problem.code) {
    case 201:
      return `Too many files: at most ${problem.max} per chat`;
    case 202:
      return `Total size of attachments exceeds limit: ${formatSize(problem.max)}`;
    case 203:
      return `File type not allowed: ${problem.name}`;
    case 'size':
      return `FileTransferSizeError: ${problem.name} is larger than ${formatSize(problem.max)}`;
    default:
      return 'File upload is possible only when an agent is connected';
  }
}

/** Page size of `fetchHistory` (web-chat.md §9 "async page size 20"). */
export const HISTORY_PAGE = 20;

/** The transport modules, each its own chunk, loaded when a chat needs it. */
const TRANSPORTS: Partial<Record<TransportType, () => Promise<{ createTransport: TransportFactory }>>> = {
  rest: () => import('../../services/chat/transports/legacy-rest.ts'),
  // The official CometD client comes with it: a REST-only page never loads it.
  cometd: () => import('../../services/chat/transports/cometd.ts'),
  ngrest: () => import('../../services/chat/transports/ngrest.ts'),
  // REST + a WebSocket event stream (docs/cloud.md).
  cloud: () => import('../../services/chat/transports/cloud/index.ts'),
};

/**
 * Transports that feed the session machine themselves (`subscribe`): CometD and cloud (its WebSocket)
 * push; the next-generation REST transport polls with its own timing (web-chat.md §9: 1000 ms, +1000 ms
 * after errors).
 */
const streams = (type: TransportType): boolean => type === 'cometd' || type === 'ngrest' || type === 'cloud';

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

const failureOf = (error: unknown): ChatFailure =>
  error instanceof ChatFailure ? error : new ChatFailure('network', error instanceof Error ? error.message : String(error));

/** The bus's form of a failure. */
const errorEvent = (failure: ChatFailure, during: string): ChatErrorEvent => ({
  message: failure.message,
  kind: failure.kind,
  errors: failure.errors.map(({ code, message, key }) => (key ? { code, message, key } : { code, message })),
  during,
});

/** The start options as the transport's request: form names mapped, user data parsed and merged. */
export function startRequest(options: StartChatOptions | void, base: Record<string, string>, endpoint: string | undefined): StartRequest {
  const o: StartChatOptions = isRecord(options) ? options : {};
  let userData: Record<string, string> = {};
  if (typeof o.userData === 'string') {
    let parsed: unknown;
    try {
      parsed = o.userData.trim() ? JSON.parse(o.userData) : {};
    } catch {
      throw new Error(webChatServiceMessages.malformedUserData);
    }
    if (!isRecord(parsed)) throw new Error(webChatServiceMessages.malformedUserData);
    userData = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  } else if (isRecord(o.userData)) {
    userData = Object.fromEntries(Object.entries(o.userData).map(([k, v]) => [k, String(v)]));
  } else if (o.userData !== undefined) {
    throw new Error(webChatServiceMessages.malformedUserData);
  }
  const str = (...values: unknown[]) => {
    const found = values.find((x) => typeof x === 'string' && x.trim() !== '');
    return typeof found === 'string' ? found.trim().slice(0, 100) : '';
  };
  const firstName = str(o.firstName, o.firstname);
  return {
    nickname: str(o.nickname) || firstName,
    firstName,
    // The spec's rule: an empty last name is sent as '.'.
    lastName: str(o.lastName, o.lastname) || '.',
    emailAddress: str(o.emailAddress, o.email),
    subject: str(o.subject),
    text: typeof o.text === 'string' ? o.text : '',
    userData: { ...base, ...userData },
    endpoint: str(o.endpoint) || endpoint,
  };
}

/**
 * The WebChatService plugin (web-chat.md §4 "Chat service lifecycle", §7 "Internal bus", §8): the chat
 * session machine with the configured transport, restore after a reload from its cookies (or the page's
 * functions in asynchronous mode), and the spec's commands and events.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('WebChatService');
  let settings = readWebChatService(app.section('webchat'));
  const cookieStore = cookieSessionStore(app.cookies);
  const storeFor = (s: WebChatServiceSettings): SessionStore => {
    const { getSessionData, setSessionData } = s.async;
    return s.async.enabled && getSessionData && setSessionData
      ? pageSessionStore(getSessionData as () => unknown, setSessionData as (data: StoredSession | null) => void, cookieStore)
      : cookieStore;
  };
  let store = storeFor(settings);
  let transport: ChatTransport | undefined;
  let transportType: TransportType = transportTypeOf(settings);
  let stored: StoredSession | undefined;
  let metadata: ChatMetadata = store.loadMetadata();
  const preprocessors: Array<(text: string) => string> = [];
  let preview = '';
  let restoring = false;
  /** A start is under way: an error the machine emits now is the start's. */
  let starting = false;
  let fileLimits: Promise<import('../../services/chat/types.ts').FileLimits> | undefined;
  let uploaded = { count: 0, bytes: 0 };

  const isAsync = () => settings.async.enabled || settings.transport.async;

  // One connection for all tabs (docs/reliability.md): the tab that holds the deployment's lock polls or
  // holds the socket; the others follow its broadcasts (their session machine streams them).
  const win = app.window as Window & typeof globalThis;
  const tabs: Tabs = createTabs({
    name: tabsName(app.config.main.deploymentID || 'la'),
    locks: win.navigator?.locks as LockManagerLike | undefined,
    channel: typeof win.BroadcastChannel === 'function' ? (name) => new win.BroadcastChannel(name) : undefined,
    page: win,
    load: (type) => loadTransport(type),
  });
  /** Whether the session machine streams: a push transport, or any chat of a tab that follows. */
  const streamMode = (type: TransportType): boolean => !tabs.isLeader() || streams(type);
  // The outbox's readers of the `storage` event (other documents' changes), also called when the tabs'
  // channel says the outbox changed (a second app in this document, where no storage event fires).
  const outboxReaders = new Set<(event: { key: string | null }) => void>();
  const outboxEvents: StorageEvents = {
    addEventListener(type, listener) {
      outboxReaders.add(listener);
      app.window.addEventListener?.(type, listener);
    },
    removeEventListener(type, listener) {
      outboxReaders.delete(listener);
      app.window.removeEventListener?.(type, listener);
    },
  };

  /** The transport for a type, its chunk loaded once. */
  const loadTransport = async (type: TransportType): Promise<ChatTransport> => {
    if (transport && transportType === type) return transport;
    const load = TRANSPORTS[type];
    if (!load) throw new Error(`Invalid transport configuration: the '${type}' transport is not available yet`);
    const { createTransport } = await load();
    const { dataURL = '', apikey, headers, timeout } = settings.transport;
    const { cometURL = '', channel, apiURL, websocketEnabled, logLevel } = settings.cometD;
    // Wrapped for the tabs: the leading tab talks to the network, the others through it.
    transport = tabs.wrap(
      createTransport({
        dataURL,
        apikey,
        headers,
        timeout,
        lang: () => app.t.lang,
        ...(type === 'cometd' ? { cometD: { url: cometURL, channel, apiURL, websocketEnabled, logLevel } } : {}),
        ...(type === 'ngrest'
          ? {
              pollTimeout: settings.transport.pollTimeout,
              pageSize: settings.transport.pageSize,
              ...(settings.transport.stream ? { stream: settings.transport.stream } : {}),
            }
          : {}),
        ...(type === 'cloud' ? { cloud: cloudOptions(settings.transport) } : {}),
      }),
    );
    transportType = type;
    return transport;
  };
  const sessionOf = (): SessionData => {
    const session = actor.getSnapshot().context.session;
    if (!session) throw new ChatFailure('ended', webChatServiceMessages.noSession);
    return session;
  };
  const saveMetadata = (change: Partial<ChatMetadata>) => {
    metadata = { ...metadata, ...change };
    store.saveMetadata(metadata);
  };

  const machine = chatSessionMachine.provide({
    actors: {
      startChat: fromPromise<StartResult, StartRequest>(async ({ input }) => {
        const t = await loadTransport(transportTypeOf(settings));
        return t.start(input);
      }),
      restoreChat: fromPromise<PollResult, { session: SessionData; fromIndex: number }>(async ({ input }) => {
        const t = await loadTransport(stored?.type ?? transportTypeOf(settings));
        // An asynchronous chat may be long: its last page comes back, `fetchHistory` pages further back.
        const from = isAsync() && stored ? Math.max(input.fromIndex, stored.index - HISTORY_PAGE + 1) : input.fromIndex;
        return t.restore(input.session, from);
      }),
      pollChat: fromPromise<PollResult, { session: SessionData; fromIndex: number }>(async ({ input }) => {
        const result = await transport!.poll(input.session, input.fromIndex);
        if (!result.empty) persistPing();
        return result;
      }),
      endChat: fromPromise<void, { session: SessionData }>(async ({ input }) => {
        await transport!.disconnect(input.session);
      }),
      // A push transport (CometD): its subscription feeds the machine instead of polls.
      streamChat: fromCallback<ChatSessionEvent, { session: SessionData; fromIndex: number }>(({ input, sendBack }) => {
        if (!transport?.subscribe) {
          sendBack({ type: 'stream.failed', error: new ChatFailure('rejected', `The '${transportType}' transport does not push messages`) });
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
        if (!session || !transport) return;
        transport.typing(session, params.typing, params.typing ? preview : undefined).catch((error: unknown) => {
          plugin.publish('error', errorEvent(failureOf(error), params.typing ? 'startTyping' : 'stopTyping'));
        });
      },
    },
  });

  const actor = createActor(machine, {
    input: {
      pollExceptionLimit: settings.pollExceptionLimit,
      restoreTimeout: settings.restoreTimeout,
      async: isAsync(),
      prefilters: [],
      stream: streamMode(transportTypeOf(settings)),
    },
  });

  const info = (): ChatSessionInfo => {
    const { session } = actor.getSnapshot().context;
    const active = actor.getSnapshot().hasTag('active');
    return active && session
      ? { sessionActive: true, chatId: String(session.chatId), type: transportType, started: stored?.started ?? metadata.started }
      : { sessionActive: false };
  };
  const persistPing = () => {
    if (!stored) return;
    stored = { ...stored, ping: Date.now(), index: actor.getSnapshot().context.lastIndex };
    store.touch(stored.index, stored.ping);
  };
  const persistSession = (session: SessionData) => {
    const filters = actor.getSnapshot().context.prefilters.map((f): [string, string] => [f.source, f.flags]);
    stored = { type: transportType, session, started: stored?.started ?? Date.now(), index: actor.getSnapshot().context.lastIndex, ping: Date.now(), filters };
    store.save(stored);
  };
  const forget = () => {
    stored = undefined;
    store.clear();
    fileLimits = undefined;
    uploaded = { count: 0, bytes: 0 };
  };

  // The machine's emitted events are the bus events (machines/README.md §2).
  actor.on('*', (event) => {
    switch (event.type) {
      case 'started': {
        persistSession(event.session);
        tabs.post({ t: 'chat', event: 'started', chatId: String(event.session.chatId) });
        saveMetadata({ ...emptyMetadata(), form: metadata.form, proactive: metadata.proactive, opened: metadata.opened, started: Date.now() });
        plugin.publish('started', info());
        break;
      }
      case 'restored':
        restoring = false;
        persistSession(actor.getSnapshot().context.session ?? stored!.session);
        plugin.publish('restored', info());
        break;
      case 'restoredOffline':
        restoring = false;
        plugin.publish('restoredOffline', undefined);
        break;
      case 'restoreTimeout':
        restoring = false;
        forget();
        plugin.publish('restoreTimeout', undefined);
        break;
      case 'restoreFailed':
        restoring = false;
        forget();
        plugin.publish('restoreFailed', undefined);
        break;
      case 'messageReceived': {
        let agent = 0;
        let system = 0;
        if (event.history) {
          plugin.publish('messageReceived', { messages: event.messages, restoring: false, history: true });
          break;
        }
        for (const message of event.messages) {
          if (message.type === 'Message' || message.type === 'PushUrl') {
            if (message.from.type === 'Agent' || message.from.type === 'Supervisor' || message.from.type === 'Bot') agent++;
            else if (message.from.type === 'External') system++;
          } else if (message.type === 'Notice' || message.type === 'CustomNotice') system++;
        }
        if (!event.restoring && (agent || system))
          saveMetadata({ agentMessages: metadata.agentMessages + agent, systemMessages: metadata.systemMessages + system });
        persistPing();
        plugin.publish('messageReceived', {
          messages: event.messages,
          restoring: Boolean(event.restoring),
          ...(event.idle
            ? { idle: { alerts: event.idle.alerts, ...(event.idle.countdownMs !== undefined ? { countdownMs: event.idle.countdownMs } : {}) } }
            : {}),
        });
        break;
      }
      case 'agentConnected': {
        const agents = Object.values(event.agents);
        const first = !metadata.agentReached && agents.some((a) => a.connected);
        saveMetadata({
          numAgents: agents.length,
          agentReached: metadata.agentReached || agents.some((a) => a.connected),
          supervisorReached: metadata.supervisorReached || agents.some((a) => a.connected && a.supervisor),
          waitingForAgent: first && metadata.started ? Date.now() - metadata.started : metadata.waitingForAgent,
        });
        plugin.publish('agentConnected', { agents: event.agents });
        break;
      }
      case 'agentDisconnected':
        plugin.publish('agentDisconnected', { numAgentsConnected: event.numAgentsConnected });
        break;
      case 'ended':
        if (stored) tabs.post({ t: 'chat', event: 'ended', chatId: String(stored.session.chatId) });
        forget();
        saveMetadata({ elapsed: metadata.started ? Date.now() - metadata.started : 0 });
        plugin.publish('ended', { endedBy: event.endedBy });
        break;
      case 'error':
        saveMetadata({ errors: metadata.errors + 1 });
        plugin.publish('error', errorEvent(failureOf(event.failure), starting ? 'startChat' : 'poll'));
        break;
      case 'agentTypingStarted':
        plugin.publish('agentTypingStarted', event.agent ? { agent: event.agent } : {});
        break;
      case 'agentTypingStopped':
      case 'agentTypingTimeout':
      case 'chatServerWentOffline':
      case 'chatServerBackOnline':
      case 'disconnected':
      case 'reconnected':
        plugin.publish(event.type, undefined);
        break;
      default:
        break;
    }
  });
  actor.start();

  /* ---------------------------------------------------------------- the outbox (docs/reliability.md) */

  // What the visitor sent and the server has not acknowledged, and the draft, survive a reload; one
  // message in flight at a time, in order, each with its client message id on every retry.
  const storageOf = (): StorageLike | null => {
    try {
      return app.window.localStorage ?? null;
    } catch {
      return null;
    }
  };
  const outbox = createOutbox({ storage: storageOf(), prefix: app.config.main.deploymentID || 'la', events: outboxEvents });
  /** `sendMessage` commands waiting for their entry. */
  const waiting = new Map<string, { resolve(result: { index?: number }): void; reject(error: unknown): void }>();
  const settleWaiting = (id: string, outcome: { result: { index?: number } } | { error: unknown }) => {
    const waiter = waiting.get(id);
    if (!waiter) return;
    waiting.delete(id);
    if ('result' in outcome) waiter.resolve(outcome.result);
    else waiter.reject(outcome.error);
  };
  /** Only the tab that holds the chat's connection sends (the tabs' leader; without Web Locks every tab leads). */
  const outboxLeader = (): boolean => tabs.isLeader();
  const connectionUp = () => {
    const snapshot = actor.getSnapshot();
    return !snapshot.context.offline && !snapshot.matches({ started: { connection: 'disconnected' } }) && app.window.navigator?.onLine !== false;
  };
  /**
   * After a reload the outbox waits for the restored transcript (it may come after `restored`: a follower tab's
   * comes from the leader), so a message whose answer was lost before the reload is found there, not sent again.
   */
  let transcriptKnown = true;
  let knownTimer: ReturnType<typeof setTimeout> | undefined;
  const knowTranscript = () => {
    if (knownTimer !== undefined) clearTimeout(knownTimer);
    knownTimer = undefined;
    if (transcriptKnown) return;
    transcriptKnown = true;
    queueMicrotask(() => sender.kick());
  };
  const sender = createOutboxSender({
    outbox,
    send: (entry) =>
      transport!.send(sessionOf(), entry.text, { ...entry.options, clientMessageId: entry.id }).catch((error: unknown) => {
        // The answer was lost: a poll now, so the retry (0.5 s on) finds the message if the server has it.
        if (failureOf(error).lost) actor.send({ type: 'poll.now' });
        throw error;
      }),
    transcript: () => actor.getSnapshot().context.transcript.messages,
    isLeader: () => actor.getSnapshot().hasTag('active') && outbox.chatId !== undefined && transcriptKnown && outboxLeader(),
    connected: connectionUp,
    failureOf,
    onSent: (entry, result) => {
      saveMetadata({ userMessages: metadata.userMessages + 1 });
      actor.send({ type: 'message.sent' });
      actor.send({ type: 'activity' });
      actor.send({ type: 'poll.now' });
      settleWaiting(entry.id, { result });
    },
    onFailed: (entry, error) => {
      const failure = failureOf(error);
      saveMetadata({ errors: metadata.errors + 1 });
      plugin.publish('error', errorEvent(failure, 'sendMessage'));
      if (failure.kind === 'ended') actor.send({ type: 'poll.now' });
      settleWaiting(entry.id, { error: failure });
    },
  });
  // Another tab's message, a Retry: the sender looks again (it sends one at a time whatever calls it).
  outbox.subscribe(() => sender.kick());
  // The outbox's entries are the transcript's outgoing rows, with their send state.
  outbox.subscribe(() => actor.send({ type: 'outbox.changed', entries: outbox.entries() }));
  actor.send({ type: 'outbox.changed', entries: outbox.entries() });
  const openOutbox = () => {
    const session = actor.getSnapshot().context.session;
    outbox.open(session ? String(session.chatId) : undefined);
    queueMicrotask(() => sender.kick());
  };
  /** A restored chat: the outbox sends once the transcript is in (or after 3 s without one: offline, all hidden). */
  const reopenOutbox = () => {
    transcriptKnown = false;
    if (knownTimer !== undefined) clearTimeout(knownTimer);
    knownTimer = setTimeout(knowTranscript, 3000);
    openOutbox();
  };
  const closeOutbox = () => {
    sender.stop();
    outbox.clear();
    for (const id of [...waiting.keys()]) settleWaiting(id, { error: new Error(webChatServiceMessages.noSession) });
  };
  actor.on('started', () => {
    knowTranscript();
    openOutbox();
  });
  actor.on('restored', reopenOutbox);
  actor.on('restoredOffline', reopenOutbox);
  actor.on('ended', closeOutbox);
  actor.on('restoreFailed', closeOutbox);
  actor.on('restoreTimeout', closeOutbox);
  // The server's copy of an acknowledged message replaces it.
  actor.on('messageReceived', (event) => {
    outbox.settle(event.messages);
    knowTranscript();
  });
  // The connection is back: what waits goes now, in order.
  actor.on('reconnected', () => sender.resume());
  actor.on('chatServerBackOnline', () => sender.resume());
  app.window.addEventListener?.('online', () => sender.resume());
  // Entries of a chat the session cookie no longer names go (a chat that ended in another page, expired).
  if (!store.load()) outbox.open(undefined);
  const configureMachine = () => {
    if (!transportProblem(settings) && actor.getSnapshot().can({ type: 'configure' }))
      actor.send({ type: 'configure', stream: streamMode(transportTypeOf(settings)) });
  };
  configureMachine();

  const active = () => actor.getSnapshot().hasTag('active');
  const requireActive = () => {
    if (!active()) throw new Error(webChatServiceMessages.noSession);
  };
  /** Runs `fn` only for the service itself, or for anyone in asynchronous mode (web-chat.md §6). */
  const privateCommand = (name: string, commander: string) => {
    if (commander !== 'WebChatService' && !isAsync()) throw new Error(webChatServiceMessages.privateCommand(`WebChatService.${name}`));
  };
  /** Waits for the outcome of a start or restore the machine is running. */
  const outcome = (wanted: ReadonlyArray<string>, failed: ReadonlyArray<string>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const subscriptions = [...wanted, ...failed].map((type) =>
        actor.on(type as 'started', (event: { type: string; failure?: unknown }) => {
          subscriptions.forEach((s) => s.unsubscribe());
          if (wanted.includes(type)) resolve(event);
          else
            reject(
              event.failure
                ? failureOf(event.failure)
                : new Error(type === 'restoreTimeout' ? 'The chat could not be restored: the restore timeout passed' : 'The chat could not be restored'),
            );
        }),
      );
    });

  /** Restores the stored chat (after a reload, or asyncRestore). */
  const restore = async (): Promise<ChatSessionInfo> => {
    if (restoring) throw new Error(webChatServiceMessages.restoring);
    if (active()) throw new Error(webChatServiceMessages.active);
    const found = store.load();
    if (!found) return { sessionActive: false };
    const problem = transportProblem({ ...settings, transport: { ...settings.transport, type: found.type } });
    if (problem) throw new Error(problem);
    stored = found;
    restoring = true;
    // The stored chat's transport decides whether it is polled or pushed.
    actor.send({ type: 'configure', stream: streamMode(found.type) });
    const done = outcome(['restored', 'restoredOffline'], ['restoreFailed', 'restoreTimeout']);
    if (found.filters.length)
      actor.send({
        type: 'prefilter.add',
        filters: found.filters.flatMap(([source, flags]) => {
          try {
            return [new RegExp(source, flags)];
          } catch {
            return [];
          }
        }),
      });
    actor.send({ type: 'restore', session: found.session, position: 1, lastActivity: found.ping, now: Date.now() });
    try {
      await done;
    } finally {
      restoring = false;
    }
    return info();
  };

  plugin.registerCommand('configure', (options) => {
    if (!isRecord(options) || !Object.keys(options).length) throw new Error(webChatServiceMessages.invalidConfiguration);
    const next = { ...app.section('webchat'), ...options };
    const [issue] = readSection('webchat', next, webChatServiceSchema(), () => undefined).issues;
    if (issue) throw new Error(`${webChatServiceMessages.invalidConfiguration}: ${issue.path} ${issue.message}`);
    if (active()) throw new Error(`${webChatServiceMessages.invalidConfiguration}: not while a chat is active`);
    settings = readWebChatService(next);
    store = storeFor(settings);
    // A CometD client of the old settings leaves its server.
    transport?.close?.();
    transport = undefined;
    configureMachine();
  });

  plugin.registerCommand('startChat', async (options) => {
    if (active() || restoring) throw new Error(webChatServiceMessages.active);
    const problem = transportProblem(settings);
    if (problem) throw new Error(problem);
    const base = {
      ...automaticUserData(app.window, { mobile: app.environment.value.mobile, lang: app.t.lang, bot: settings.transport.bot, async: isAsync() }),
      visitorId: anonymousUserId(),
      ...settings.userData,
    };
    const request = startRequest(options, base, settings.transport.endpoint);
    if (!actor.getSnapshot().can({ type: 'start', request })) throw new Error(webChatServiceMessages.active);
    const form: Record<string, boolean> = {
      firstname: Boolean(request.firstName),
      lastname: request.lastName !== '.',
      email: Boolean(request.emailAddress),
      subject: Boolean(request.subject),
    };
    saveMetadata({ form });
    const done = outcome(['started'], ['error']);
    starting = true;
    actor.send({ type: 'start', request });
    try {
      await done;
    } finally {
      starting = false;
    }
    return info();
  });

  plugin.registerCommand('endChat', async () => {
    requireActive();
    const done = outcome(['ended'], []);
    actor.send({ type: 'end' });
    await done;
  });

  /** The visitor's message checked (preprocessors, empty, too long) and put in the outbox; throws when refused. */
  const queue = (message: unknown, options: { messageType?: string; eventAttributes?: string } = {}): OutboxEntry => {
    requireActive();
    if (typeof message !== 'string' || message.trim() === '') throw new Error(webChatServiceMessages.noText);
    let text = message;
    for (const preprocess of preprocessors) {
      try {
        const out = preprocess(text);
        if (typeof out === 'string') text = out;
      } catch (error) {
        console.error('[live-assist] a WebChatService preprocessor threw; its change is skipped', error);
      }
    }
    if (text.trim() === '') throw new Error(webChatServiceMessages.noText);
    if (text.length > settings.maxMessageLength) throw new Error(webChatServiceMessages.tooLong(settings.maxMessageLength));
    const sendOptions = Object.fromEntries(Object.entries(options).filter(([, v]) => typeof v === 'string'));
    const entry = outbox.add(text, sendOptions, actor.getSnapshot().context.lastIndex);
    sender.kick();
    return entry;
  };
  /** Resolves when the outbox's entry is acknowledged, rejects when it is given up (the public command's contract). */
  const acknowledged = (id: string) => new Promise<{ index?: number }>((resolve, reject) => waiting.set(id, { resolve, reject }));
  const send = async (message: unknown, options: { messageType?: string; eventAttributes?: string } = {}) => {
    const entry = queue(message, options);
    const answer = outbox.get(entry.id);
    if (answer?.state === 'sent') return answer.index === undefined ? {} : { index: answer.index };
    return acknowledged(entry.id);
  };

  plugin.registerCommand('sendMessage', (options) => send(options?.message, { messageType: options?.messageType, eventAttributes: options?.eventAttributes }));

  const toFilters = (filters: unknown): RegExp[] => {
    const list = Array.isArray(filters) ? filters : [filters];
    if (!list.length || list.length > 20 || !list.every((f) => f instanceof RegExp)) throw new Error(webChatServiceMessages.invalidFilters);
    return list as RegExp[];
  };
  plugin.registerCommand('addPrefilter', (options) => {
    const filters = toFilters(isRecord(options) ? options.filters : undefined);
    actor.send({ type: 'prefilter.add', filters });
    if (stored) persistSession(stored.session);
  });
  plugin.registerCommand('sendFilteredMessage', async (options) => {
    const filters = toFilters(isRecord(options) ? options.regex : undefined);
    requireActive();
    actor.send({ type: 'prefilter.add', filters });
    if (stored) persistSession(stored.session);
    return send(options.message);
  });

  plugin.registerCommand('sendCustomNotice', async (options) => {
    requireActive();
    const message = isRecord(options) && typeof options.message === 'string' ? options.message : '';
    await transport!.customNotice(sessionOf(), message);
  });

  plugin.registerCommand('sendTyping', (options) => {
    requireActive();
    preview = isRecord(options) && typeof options.message === 'string' ? options.message.slice(0, settings.maxMessageLength) : preview;
    actor.send({ type: 'typing.input' });
    actor.send({ type: 'activity' });
  });

  plugin.registerCommand('updateUserData', async (options) => {
    if (!isRecord(options)) throw new Error(webChatServiceMessages.malformedUserData);
    const data = Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    if (!active()) {
      // Before a chat: kept for the next start.
      settings = { ...settings, userData: { ...settings.userData, ...data } };
      return;
    }
    await transport!.updateUserData(sessionOf(), data);
  });

  plugin.registerCommand('poll', (_, { commander }) => {
    privateCommand('poll', commander);
    requireActive();
    actor.send({ type: 'poll.now' });
  });
  plugin.registerCommand('startPoll', (_, { commander }) => {
    privateCommand('startPoll', commander);
    requireActive();
    actor.send({ type: 'poll.start' });
  });
  plugin.registerCommand('stopPoll', (_, { commander }) => {
    privateCommand('stopPoll', commander);
    requireActive();
    actor.send({ type: 'poll.stop' });
  });
  plugin.registerCommand('restore', (_, { commander }) => {
    privateCommand('restore', commander);
    return restore();
  });
  plugin.registerCommand('asyncRestore', () => {
    if (!isAsync()) throw new Error('asyncRestore applies to only Asynchronous chat.');
    return restore();
  });
  plugin.registerCommand('resetPollExceptions', () => {
    actor.send({ type: 'resetPollExceptions' });
  });
  plugin.registerCommand('getTranscript', () => [...actor.getSnapshot().context.transcript.messages]);
  plugin.registerCommand('getAgents', () => ({ ...actor.getSnapshot().context.agents }));
  plugin.registerCommand('getStats', () => ({
    ...metadata,
    elapsed: active() && metadata.started ? Date.now() - metadata.started : metadata.elapsed,
  }));
  plugin.registerCommand('getSessionData', () => info());
  plugin.registerCommand('verifySession', () => {
    if (active()) return info();
    const found = store.load();
    return found ? { sessionActive: true, chatId: String(found.session.chatId), type: found.type, started: found.started } : { sessionActive: false };
  });
  // Auto-load: new messages keep arriving while nobody shows them (an asynchronous chat's closed
  // window): on by default; a window that is closed for long deregisters and polling pauses until it
  // registers again.
  plugin.registerCommand('registerAutoLoad', () => {
    if (active()) actor.send({ type: 'poll.start' });
  });
  plugin.registerCommand('deregisterAutoLoad', () => {
    if (active()) actor.send({ type: 'poll.stop' });
  });

  plugin.registerCommand('fetchHistory', async () => {
    if (!isAsync()) throw new Error(webChatServiceMessages.historyAsyncOnly);
    requireActive();
    const { transcript, lastIndex } = actor.getSnapshot().context;
    const oldest = Math.min(transcript.messages[0]?.index ?? Infinity, lastIndex + 1);
    if (oldest <= 1) throw new Error(webChatServiceMessages.noMoreMessages);
    const page = await transport!.history(sessionOf(), oldest, HISTORY_PAGE);
    const messages = missing(actor.getSnapshot().context.transcript, page);
    if (!messages.length) throw new Error(webChatServiceMessages.noMoreMessages);
    // The machine upserts them and emits messageReceived (history), published above.
    actor.send({ type: 'history.received', messages });
    return messages;
  });

  const limits = () => {
    fileLimits ??= transport!.fileLimits(sessionOf()).catch((error: unknown) => {
      fileLimits = undefined;
      throw failureOf(error);
    });
    return fileLimits;
  };
  plugin.registerCommand('getFileLimits', () => {
    requireActive();
    return limits();
  });
  plugin.registerCommand('sendFile', async (options) => {
    requireActive();
    if (!settings.uploadsEnabled) throw new Error(webChatServiceMessages.uploadsOff);
    if (typeof FormData === 'undefined') throw new Error(webChatServiceMessages.noFormData);
    const files = isRecord(options) && options.files ? Array.from(options.files as ArrayLike<File>) : [];
    if (!files.length || !files.every((f) => f instanceof File)) throw new Error(webChatServiceMessages.noFiles);
    const problems: FileProblem[] = checkFiles(files, await limits(), {
      uploadedCount: uploaded.count,
      uploadedBytes: uploaded.bytes,
      agentConnected: selectNumAgentsConnected(actor.getSnapshot().context) > 0,
    });
    if (problems.length) {
      const failure = new ChatFailure(
        'rejected',
        problems.map(fileProblemMessage).join('\n'),
        problems.map((p) => ({ code: typeof p.code === 'number' ? p.code : 0, message: fileProblemMessage(p) })),
      );
      plugin.publish('error', errorEvent(failure, 'sendFile'));
      throw failure;
    }
    const fileIds: string[] = [];
    for (const file of files) {
      try {
        const { fileId } = await transport!.upload(sessionOf(), file);
        fileIds.push(fileId);
        uploaded = { count: uploaded.count + 1, bytes: uploaded.bytes + file.size };
        saveMetadata({ filesUploaded: metadata.filesUploaded + 1 });
      } catch (error) {
        const failure = failureOf(error);
        plugin.publish('error', errorEvent(failure, 'sendFile'));
        throw failure;
      }
    }
    actor.send({ type: 'activity' });
    actor.send({ type: 'poll.now' });
    return { fileIds };
  });
  plugin.registerCommand('downloadFile', (options) => {
    requireActive();
    const fileId = isRecord(options) && typeof options.fileId === 'string' ? options.fileId : '';
    if (!fileId || fileId.length > 200) throw new Error(webChatServiceMessages.noFileId);
    transport!.download(sessionOf(), fileId);
  });

  plugin.registerCommand('registerTypingPreviewInput', (options) => {
    const input = isRecord(options) ? options.input : undefined;
    const win = app.window as Window & typeof globalThis;
    const ok = input instanceof win.HTMLTextAreaElement || (input instanceof win.HTMLInputElement && input.type === 'text');
    if (!ok) throw new Error(webChatServiceMessages.invalidPreviewInput);
    (input as HTMLInputElement).addEventListener('input', () => {
      if (!active()) return;
      preview = (input as HTMLInputElement).value.slice(0, settings.maxMessageLength);
      actor.send({ type: 'typing.input' });
    });
  });
  plugin.registerCommand('registerPreProcessor', (options) => {
    const preprocessor = isRecord(options) ? options.preprocessor : undefined;
    if (typeof preprocessor !== 'function') throw new Error(webChatServiceMessages.invalidPreProcessor);
    preprocessors.push(preprocessor as (text: string) => string);
  });

  /** The read-only store of the session's view: the machine's snapshot, told only when what it holds changes. */
  function sessionView(): ReadableStore<ChatSessionView> {
    const read = (held?: ChatSessionView): ChatSessionView => {
      const snapshot = actor.getSnapshot();
      const active = snapshot.hasTag('active');
      const connection = !active
        ? 'connected'
        : snapshot.matches({ started: { connection: 'disconnected' } })
          ? 'disconnected'
          : snapshot.matches({ started: { connection: 'reconnected' } })
            ? 'reconnected'
            : 'connected';
      const next: ChatSessionView = { active, transcript: snapshot.context.transcript, connection };
      return held && held.active === next.active && held.transcript === next.transcript && held.connection === next.connection ? held : next;
    };
    let value = read();
    const listeners = new Set<() => void>();
    actor.subscribe(() => {
      const next = read(value);
      if (next === value) return;
      value = next;
      for (const listener of [...listeners]) listener();
    });
    return {
      get value() {
        return value;
      },
      subscribe(listener) {
        listeners.add(listener);
        return { unsubscribe: () => void listeners.delete(listener) };
      },
    };
  }

  /* ---------------------------------------------------------------- the tabs */

  /**
   * The machine polls or streams as this tab's part says (after a restore; `restart` when the tab comes to
   * lead: a push transport streams either way, but from the leader's channel before and its own socket now).
   */
  const align = (restart: boolean) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('notConfigured')) return;
    const want = streamMode(stored?.type ?? transportTypeOf(settings));
    const differs = snapshot.context.stream !== want;
    if (differs) actor.send({ type: 'configure', stream: want });
    // Polling starts over in the new mode, from the highest index held (a stopped poll stays stopped).
    if ((differs || restart) && snapshot.hasTag('active') && !snapshot.matches({ started: { polling: 'stopped' } })) {
      actor.send({ type: 'poll.stop' });
      actor.send({ type: 'poll.start' });
    }
  };
  /** A stored chat this tab does not run yet (started or restored in another tab): it restores it. */
  const adopt = (chatId?: string) => {
    if (active() || restoring) return;
    const found = store.load();
    if (found && (chatId === undefined || String(found.session.chatId) === chatId)) restore().catch(() => undefined);
  };
  tabs.onLeader(() => {
    align(true);
    adopt();
    // What the tab before left in the shared outbox goes from here now.
    sender.kick();
  });
  // Every change of this tab's outbox is news to the others (the leader drains what a follower added; a
  // follower shows what the leader sent); what another tab said is read, not said again.
  let readingOutbox = false;
  outbox.subscribe(() => {
    if (!readingOutbox) tabs.post({ t: 'outbox', chatId: outbox.chatId ?? '' });
  });
  tabs.onMessage((message) => {
    if (message.t !== 'outbox') return;
    readingOutbox = true;
    try {
      for (const read of [...outboxReaders]) read({ key: null });
    } finally {
      readingOutbox = false;
    }
  });
  // A follower's sendMessage: the leader sends the entry; the shared outbox says when it is acknowledged
  // (sent, or already replaced by the server's copy) or given up.
  outbox.subscribe(() => {
    if (tabs.isLeader()) return;
    for (const id of [...waiting.keys()]) {
      const entry = outbox.get(id);
      if (!entry || entry.state === 'sent') settleWaiting(id, { result: entry?.index === undefined ? {} : { index: entry.index } });
      else if (entry.state === 'failed') settleWaiting(id, { error: new ChatFailure('rejected', entry.error ?? 'The message was not sent') });
    }
  });
  actor.on('restored', () => queueMicrotask(() => align(false)));
  actor.on('restoredOffline', () => queueMicrotask(() => align(false)));
  tabs.onMessage((message) => {
    if (message.t === 'chat' && message.event === 'started') adopt(message.chatId);
    // A follower asks the leader for a chat it does not run: the leader takes it up.
    else if (message.t === 'sync' && tabs.isLeader()) adopt(message.chatId);
    else if (message.t === 'chat' && message.event === 'ended' && tabs.isLeader() && active() && String(sessionOf().chatId) === message.chatId)
      actor.send({ type: 'poll.now' });
  });

  plugin.registerCommand('retryMessage', (options) => {
    const id = isRecord(options) && typeof options.id === 'string' ? options.id : undefined;
    for (const entry of outbox.entries()) if (entry.state === 'failed' && (id === undefined || entry.id === id)) outbox.retry(entry.id);
    sender.kick();
  });
  plugin.registerCommand('editMessage', (options) => {
    const id = isRecord(options) && typeof options.id === 'string' ? options.id : '';
    const entry = outbox.get(id);
    if (entry?.state !== 'failed') throw new Error(webChatServiceMessages.notFailed);
    outbox.remove(id);
    settleWaiting(id, { error: new Error('The message was taken back to be edited') });
    return { text: entry.text };
  });
  plugin.registerCommand('getDraft', () => ({ text: outbox.draft() }));
  plugin.registerCommand('saveDraft', (options) => {
    if (!isRecord(options) || typeof options.text !== 'string') throw new Error(webChatServiceMessages.noDraftText);
    if (active()) outbox.setDraft(options.text);
  });

  app.provide('WebChatService', { session: sessionView(), tabs });
  plugin.ready();

  // A chat saved by an earlier page comes back by itself (async chats through the page's functions).
  if (store.load()) {
    restore().catch(() => undefined);
  }
}
