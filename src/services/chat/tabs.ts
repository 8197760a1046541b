import { upsertByIndex } from '../../app/by-index.ts';
import { randomId } from '../../app/ids.ts';
import { isRecord } from '../../app/records.ts';
import {
  ChatFailure,
  type ChatFailureKind,
  type ChatTransport,
  type CodedError,
  type PollResult,
  type SessionData,
  type StreamHandlers,
  type TranscriptMessage,
  type TransportType,
} from './types.ts';

/**
 * One connection for all tabs (issue 13 item 4): the tabs of one browser that show the same deployment's
 * chat elect a leader with Web Locks and share what it receives over a BroadcastChannel, both named
 * `live-assist:<deploymentID>:webchat` — so two deployments (on one page, or on pages with different
 * deployment ids) never share a lock or a channel.
 *
 * - The leader holds the lock for the tab's life (released on `pagehide`, taken again on a `pageshow` from
 *   the back-forward cache). It alone polls or holds the socket, and broadcasts every answer it gets (restore,
 *   poll, pushed batch: messages, typing notices, the chat's end) and its connection status.
 * - A follower's transport (`wrap`) does no network of its own for the transcript: `subscribe` delivers the
 *   leader's broadcasts (so the session machine's streaming path does the work, dropping indexes it has),
 *   `restore` and `poll` ask the leader for what it holds (the network only when no leader holds the chat),
 *   and the other calls (send, typing, end, notices, user data, files, history) are run by the leader for it.
 * - When the leader goes away, the next tab in the lock's queue gets it at once (the browser releases a
 *   closed page's locks), says so on the channel, and polls on from the highest index it holds; the other
 *   followers ask the new leader for everything after their highest index.
 * - Without Web Locks or BroadcastChannel every tab is its own leader (each polls, as before).
 *
 * No DOM beyond what is passed in: the lock manager, a channel factory and an event target for the page's
 * life, so Node tests drive it with fakes.
 */

/** The lock and the channel of one deployment's chat. */
export const tabsName = (deploymentID: string): string => `live-assist:${deploymentID}:webchat`;

/** What `navigator.locks` offers that this module uses. */
export interface LockManagerLike {
  request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

/** What a BroadcastChannel offers that this module uses. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** The window state every tab shows alike (the WebChat plugin's part). */
export interface SharedWindowState {
  open: boolean;
  minimized: boolean;
  unread: number;
  /** Epoch ms of the change: an older state never overrides a newer one. */
  at: number;
}

/** The calls a follower has the leader run. */
export type RelayedCall = 'send' | 'typing' | 'disconnect' | 'customNotice' | 'updateUserData' | 'fileLimits' | 'upload' | 'history';
const RELAYED: readonly string[] = ['send', 'typing', 'disconnect', 'customNotice', 'updateUserData', 'fileLimits', 'upload', 'history'];

interface FailureShape {
  kind: ChatFailureKind;
  message: string;
  errors: CodedError[];
  status?: number;
}

/** Everything on the channel. `from` is the sending tab; answers name the request's `id`. */
export type TabMessage =
  | { t: 'batch'; chatId: string; result: PollResult }
  | { t: 'status'; chatId: string; status: 'connected' | 'disconnected' }
  | { t: 'sync'; id: string; chatId: string; from: number }
  | { t: 'synced'; id: string; result: PollResult | null }
  | { t: 'call'; id: string; type: TransportType; method: RelayedCall; args: unknown[] }
  | { t: 'reply'; id: string; value?: unknown; failure?: FailureShape }
  | { t: 'leader' }
  | { t: 'chat'; event: 'started' | 'ended'; chatId: string }
  | { t: 'window'; state: SharedWindowState }
  | { t: 'outbox'; chatId: string };

export interface TabsOptions {
  /** `tabsName(deploymentID)`. */
  name: string;
  /** `navigator.locks`; none: this tab is its own leader. */
  locks?: LockManagerLike;
  /** `(name) => new BroadcastChannel(name)`; none: this tab is its own leader. */
  channel?: (name: string) => ChannelLike;
  /** Where `pagehide` / `pageshow` arrive (the window). */
  page?: { addEventListener(type: string, listener: (event: { persisted?: boolean }) => void): void };
  /** How the leader runs a follower's call: the transport of that type (the plugin's loader). */
  load?: (type: TransportType) => Promise<ChatTransport>;
  /** How long a follower waits for the leader's answer to a sync (ms, default 1500) and to a call (default 10000). */
  syncTimeout?: number;
  callTimeout?: number;
}

export interface Tabs {
  /** Locks and a channel exist: the tabs share one connection. */
  readonly shared: boolean;
  /** Resolves once this tab knows whether it leads (at once without sharing). */
  readonly settled: Promise<void>;
  isLeader(): boolean;
  /** Called whenever this tab becomes the leader. */
  onLeader(listener: () => void): () => void;
  /** Every message of the other tabs. */
  onMessage(listener: (message: TabMessage) => void): () => void;
  post(message: TabMessage): void;
  /** The transport as this tab must use it: the leader's network and broadcasts, or the follower's relay. */
  wrap(transport: ChatTransport): ChatTransport;
  /** Releases the lock and closes the channel (the page goes; also for tests). */
  close(): void;
}

/**
 * What the leader keeps of a chat for a tab that follows it later: the messages it relayed (upserted by
 * index with the transcript's own rule, src/app/by-index.ts) and whether the chat ended. The transcript
 * itself is the session machine's; this is the relay's memory, not a copy for display.
 */
interface Held {
  messages: readonly TranscriptMessage[];
  chatEnded: boolean;
  idleTimerExpire?: number;
}

const chatIdOf = (session: SessionData): string => String(session.chatId ?? '');
const failureShape = (error: unknown): FailureShape => {
  if (error instanceof ChatFailure)
    return { kind: error.kind, message: error.message, errors: error.errors, ...(error.status !== undefined ? { status: error.status } : {}) };
  return { kind: 'network', message: error instanceof Error ? error.message : String(error), errors: [] };
};
const failureOf = (shape: FailureShape): ChatFailure => new ChatFailure(shape.kind, shape.message, shape.errors, shape.status);

/** Merges a batch into what is held of its chat. */
function hold(held: Map<string, Held>, chatId: string, result: PollResult): void {
  if (!chatId) return;
  let entry = held.get(chatId);
  if (!entry) held.set(chatId, (entry = { messages: [], chatEnded: false }));
  entry.messages = upsertByIndex(entry.messages, result.messages);
  if (result.chatEnded) entry.chatEnded = true;
  if (result.idleTimerExpire !== undefined) entry.idleTimerExpire = result.idleTimerExpire;
}

/** What is held of a chat from an index on, as one batch; null when the chat is not held. */
function heldFrom(held: Map<string, Held>, chatId: string, from: number): PollResult | null {
  const entry = held.get(chatId);
  if (!entry) return null;
  const messages = entry.messages.filter((m) => m.index >= from);
  return { messages, chatEnded: entry.chatEnded, ...(entry.idleTimerExpire !== undefined ? { idleTimerExpire: entry.idleTimerExpire } : {}) };
}

export function createTabs(options: TabsOptions): Tabs {
  const { name, locks, page, load } = options;
  const syncTimeout = options.syncTimeout ?? 1500;
  const callTimeout = options.callTimeout ?? 10_000;
  let channel: ChannelLike | undefined;
  try {
    channel = locks && options.channel ? options.channel(name) : undefined;
  } catch {
    channel = undefined;
  }
  const shared = Boolean(locks && channel);
  let leader = !shared;
  let release: (() => void) | undefined;
  let abort: AbortController | undefined;
  let closed = false;
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const leaderListeners = new Set<() => void>();
  const messageListeners = new Set<(message: TabMessage) => void>();
  const waiting = new Map<string, (message: TabMessage) => void>();
  const held = new Map<string, Held>();

  const post = (message: TabMessage) => {
    if (!channel || closed) return;
    try {
      channel.postMessage(message);
    } catch {
      /* a closed channel or an uncloneable value: the other tabs resync by index */
    }
  };

  const becomeLeader = (lock: unknown): Promise<void> => {
    if (closed || !lock) return Promise.resolve();
    leader = true;
    settle();
    post({ t: 'leader' });
    for (const listener of [...leaderListeners]) listener();
    return new Promise<void>((resolve) => (release = resolve));
  };

  /** Asks for the lock: at once when free; else this tab follows and queues for it. */
  const elect = () => {
    if (!locks || !shared) {
      settle();
      return;
    }
    closed = false;
    void locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (lock) return becomeLeader(lock);
        // Another tab leads: follow it, and wait in the queue to lead after it.
        settle();
        abort = typeof AbortController !== 'undefined' ? new AbortController() : undefined;
        void locks.request(name, abort ? { signal: abort.signal } : {}, becomeLeader).catch(() => undefined);
        return Promise.resolve();
      })
      .catch(() => {
        // Locks refused (an opaque origin, a sandbox): this tab leads alone.
        leader = true;
        settle();
      });
  };

  const resign = () => {
    leader = !shared;
    release?.();
    release = undefined;
    abort?.abort();
    abort = undefined;
  };

  const request = <T extends TabMessage>(message: TabMessage & { id: string }, timeout: number): Promise<T | undefined> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(message.id);
        resolve(undefined);
      }, timeout);
      waiting.set(message.id, (answer) => {
        clearTimeout(timer);
        waiting.delete(message.id);
        resolve(answer as T);
      });
      post(message);
    });

  const answerAsLeader = (message: TabMessage) => {
    if (message.t === 'sync') {
      post({ t: 'synced', id: message.id, result: heldFrom(held, message.chatId, message.from) });
    } else if (message.t === 'call' && RELAYED.includes(message.method) && Array.isArray(message.args)) {
      const run = async () => {
        if (!load) throw new ChatFailure('network', 'No chat transport in the leading tab');
        const transport = await load(message.type);
        const fn = transport[message.method] as (...args: unknown[]) => Promise<unknown>;
        return fn.apply(transport, message.args);
      };
      run().then(
        (value) => post({ t: 'reply', id: message.id, value }),
        (error: unknown) => post({ t: 'reply', id: message.id, failure: failureShape(error) }),
      );
    }
  };

  channel?.addEventListener('message', (event) => {
    const message = event.data as TabMessage;
    if (!isRecord(message) || typeof message.t !== 'string' || closed) return;
    if ((message.t === 'synced' || message.t === 'reply') && typeof message.id === 'string') {
      waiting.get(message.id)?.(message);
      return;
    }
    if (message.t === 'batch' && isRecord(message.result) && Array.isArray(message.result.messages)) hold(held, message.chatId, message.result);
    if (leader) answerAsLeader(message);
    for (const listener of [...messageListeners]) listener(message);
  });

  page?.addEventListener('pagehide', () => {
    resign();
    closed = true;
  });
  page?.addEventListener('pageshow', (event) => {
    if (event.persisted && closed) elect();
  });
  elect();

  const tabs: Tabs = {
    shared,
    settled,
    isLeader: () => leader,
    onLeader(listener) {
      leaderListeners.add(listener);
      return () => leaderListeners.delete(listener);
    },
    onMessage(listener) {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    post,
    wrap(inner) {
      const broadcast = (session: SessionData, result: PollResult) => {
        const chatId = chatIdOf(session);
        hold(held, chatId, result);
        if (!result.empty) post({ t: 'batch', chatId, result });
        return result;
      };
      /** What the leader holds of the chat from `from` on; null when no leader holds it (or none answers). */
      const sync = async (session: SessionData, from: number): Promise<PollResult | null> => {
        const answer = await request<{ t: 'synced'; id: string; result: PollResult | null }>(
          { t: 'sync', id: randomId(), chatId: chatIdOf(session), from },
          syncTimeout,
        );
        const result = answer?.result ?? null;
        if (result) hold(held, chatIdOf(session), result);
        return result;
      };
      /** A call the leader runs; this tab runs it itself when it leads (or comes to lead). */
      const relay = async <T>(method: RelayedCall, args: unknown[], local: () => Promise<T>): Promise<T> => {
        await settled;
        if (leader) return local();
        const answer = await request<{ t: 'reply'; id: string; value?: unknown; failure?: FailureShape }>(
          { t: 'call', id: randomId(), type: inner.type, method, args },
          callTimeout,
        );
        if (!answer) {
          if (leader) return local();
          throw new ChatFailure('timeout', 'The leading tab did not answer');
        }
        if (answer.failure) throw failureOf(answer.failure);
        return answer.value as T;
      };
      const wrapped: ChatTransport = {
        type: inner.type,
        capabilities: inner.capabilities,
        async start(request) {
          const result = await inner.start(request);
          // Held from the start: a tab that restores this chat from now on gets it from here.
          if (leader) hold(held, chatIdOf(result.session), { messages: result.messages, chatEnded: false });
          return result;
        },
        async restore(session, fromIndex) {
          await settled;
          if (!leader) {
            const result = await sync(session, fromIndex);
            if (result) return result;
          }
          return broadcast(session, await inner.restore(session, fromIndex));
        },
        async poll(session, fromIndex) {
          await settled;
          if (!leader) return (await sync(session, fromIndex)) ?? { messages: [], chatEnded: false, empty: true };
          return broadcast(session, await inner.poll(session, fromIndex));
        },
        send: (session, text, sendOptions) => relay('send', [session, text, sendOptions], () => inner.send(session, text, sendOptions)),
        typing: (session, typing, preview) => relay('typing', [session, typing, preview], () => inner.typing(session, typing, preview)),
        disconnect: (session) => relay('disconnect', [session], () => inner.disconnect(session)),
        customNotice: (session, text) => relay('customNotice', [session, text], () => inner.customNotice(session, text)),
        updateUserData: (session, data) => relay('updateUserData', [session, data], () => inner.updateUserData(session, data)),
        fileLimits: (session) => relay('fileLimits', [session], () => inner.fileLimits(session)),
        upload: (session, file) => relay('upload', [session, file], () => inner.upload(session, file)),
        history: (session, before, count) => relay('history', [session, before, count], () => inner.history(session, before, count)),
        download: (session, fileId) => inner.download(session, fileId),
        subscribe(session, fromIndex, handlers: StreamHandlers) {
          const chatId = chatIdOf(session);
          if (leader) {
            if (!inner.subscribe) {
              handlers.failed(new ChatFailure('rejected', `The '${inner.type}' transport does not push messages`));
              return () => undefined;
            }
            return inner.subscribe(session, fromIndex, {
              messages: (result) => handlers.messages(broadcast(session, result)),
              status: (status) => {
                post({ t: 'status', chatId, status });
                handlers.status(status);
              },
              failed: (failure) => handlers.failed(failure),
            });
          }
          // A follower: the leader's broadcasts, after what it holds now from this index on.
          let next = fromIndex;
          let stopped = false;
          // Each index once (a sync answer and a broadcast may carry the same messages), in order.
          const deliver = (result: PollResult) => {
            if (stopped) return;
            const messages = upsertByIndex([], result.messages).filter((m) => m.index >= next);
            if (!messages.length && !result.chatEnded) return;
            for (const message of messages) next = Math.max(next, message.index + 1);
            handlers.messages({ ...result, messages });
          };
          const catchUp = () => void sync(session, next).then((result) => result && deliver(result));
          const off = tabs.onMessage((message) => {
            if (message.t === 'batch' && message.chatId === chatId) deliver(message.result);
            else if (message.t === 'status' && message.chatId === chatId) handlers.status(message.status);
            else if (message.t === 'leader') catchUp();
            else if (message.t === 'chat' && message.event === 'ended' && message.chatId === chatId) deliver({ messages: [], chatEnded: true });
          });
          catchUp();
          return () => {
            stopped = true;
            off();
          };
        },
        ...(inner.close ? { close: () => inner.close?.() } : {}),
      };
      return wrapped;
    },
    close() {
      resign();
      closed = true;
      for (const answer of waiting.values()) answer({ t: 'reply', id: '', failure: { kind: 'network', message: 'closed', errors: [] } });
      waiting.clear();
      try {
        channel?.close();
      } catch {
        /* already closed */
      }
    },
  };
  return tabs;
}
