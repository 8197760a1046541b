import { assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { deferred } from './deferred.ts';
import { EMPTY_TRANSCRIPT, missing, restart, upsert, withOutgoing, type ChatTranscript, type OutboxEntryLike } from './chat-transcript.ts';
import { upsertByIndex } from '../src/app/by-index.ts';
import type { ChatFailure, ChatFailureKind, PollResult, SessionData, StartRequest, StartResult, TranscriptMessage } from '../src/services/chat/types.ts';
import { isAgent } from '../src/app/participants.ts';

/**
 * The chat session (web-chat.md §4 "Chat service lifecycle", "Connection", "Typing", "Idle alerts"; §5
 * filters and duplicates; §9 legacy chat constants):
 *
 *   notConfigured ── configure ──▶ configured ── start ──▶ starting ──▶ started ── end ──▶ ending ──▶ ended
 *                                      │ restore (within the restore timeout)        ▲ chatEnded, agent left
 *                                      └──────────▶ restoring ──▶ started ───────────┘
 *
 * `started` (tag `active`) is parallel: polling (with back-off), connection (connected / disconnected /
 * reconnected), the visitor's typing and the agent's typing indicator. Every answer that carries messages
 * (start, restore, poll) goes through one batch rule: order by index, duplicates ignored, filtered
 * messages hidden, agents, idle alerts and agent typing read, ONE `messageReceived` per batch.
 *
 * The context holds the chat's one transcript (`transcript`, machines/chat-transcript.ts): every batch's
 * visible messages, a history page (`history.received`) and the outbox's rows (`outbox.changed`) are
 * upserted into it; the plugins read it, none keeps a copy.
 *
 * The network calls are the actors `startChat`, `restoreChat`, `pollChat` and `endChat`, and the typing
 * notice is the action `sendTyping`: the WebChatService plugin provides them.
 *
 * A push transport (CometD; `stream: true` in the input or `configure`) is not polled: `polling` then
 * invokes `streamChat`, which sends `stream.messages` for every batch the server pushes (the same batch
 * rule), `connection.lost` / `connection.restored`, and `stream.failed` when the chat cannot go on. In
 * that mode a visitor who keeps typing re-announces it every 5000 ms (web-chat.md §9 typing checks).
 */

/** Poll timing (web-chat.md §9): starts at 500 ms, grows 20 % after an empty poll up to 3000 ms, checked every 250 ms. */
export const POLL = { initial: 500, growth: 1.2, max: 3000, check: 250 } as const;

/** The other timers of the session, in ms (web-chat.md §4, §9). */
export const DELAYS = {
  /** The visitor counts as typing until this much idle time. */
  typingIdle: 2000,
  /** The agent's typing indicator clears after this without a stop. */
  agentTypingTimeout: 3000,
  /** 'Connection restored' shows this long. */
  reconnectedShown: 2000,
  /** CometD mode: a visitor still typing is re-announced this often (web-chat.md §9). */
  typingCheck: 5000,
} as const;

/** Configuration defaults (web-chat.md §9: poll exception limit 5, restore timeout 60000 ms). */
export const CHAT_SESSION_DEFAULTS = { pollExceptionLimit: 5, restoreTimeout: 60000 } as const;

/** The standard filter (web-chat.md §5): a co-browse start marker with 9 digits is never shown. */
export const STANDARD_FILTER = /^\{start\}\d{9}$/;

/** The interval after a poll that delivered no new message: 20 % more, whole ms, at most `POLL.max`. */
export function nextPollInterval(interval: number): number {
  return Math.min(Math.round(interval * POLL.growth), POLL.max);
}

/** The time actually waited before the next poll: the interval rounded up to the 250 ms check. */
export function pollDelay(interval: number): number {
  return Math.ceil(interval / POLL.check) * POLL.check;
}

/** An agent or supervisor of the chat (web-chat.md §3 "Agent record"), by participant id. */
export interface AgentRecord {
  name: string;
  connected: boolean;
  supervisor: boolean;
  /** Server time (epoch ms) of the join. */
  connectedTime: number;
  /** Server time (epoch ms) of the leave. */
  disconnectedTime?: number;
}

export type EndedBy = 'visitor' | 'server' | 'agent';

export interface IdleState {
  /** Idle alerts since the last idle close (the window shows message 1, 2, …). */
  alerts: number;
  /** What the server's next idle timer does (`next-idle-timer-type`). */
  next?: 'alert' | 'close';
  /** The close countdown (`next-idle-timer-secs` × 1000), only when the next timer closes. */
  countdownMs?: number;
  /** Epoch ms of the server's next idle alert or close (`idleTimerExpire`). */
  expireAt?: number;
}

/** Settings of `input` and of the `configure` event. */
export interface ChatSessionConfig {
  /** Status code 1 answers in a row tolerated before `chatServerWentOffline` (5). */
  pollExceptionLimit?: number;
  /** A reload later than this after the last activity does not restore (60000 ms; not in async mode). */
  restoreTimeout?: number;
  /** Asynchronous chat: restores at any age. */
  async?: boolean;
  /** Custom prefilters: matching messages are hidden. */
  prefilters?: RegExp[];
  /** The transport pushes messages (CometD): subscribe instead of polling. */
  stream?: boolean;
}

export type ChatSessionInput = ChatSessionConfig;

export interface ChatSessionContext {
  session: SessionData | null;
  /** The next transcriptPosition to ask for (starts at 1). */
  position: number;
  /** The highest index delivered (0: none). */
  lastIndex: number;
  /** The current poll interval in ms (POLL). */
  pollInterval: number;
  /** Poll exceptions (status code 1) in a row. */
  pollExceptions: number;
  /** More poll exceptions in a row than the limit: `chatServerWentOffline` was emitted. */
  offline: boolean;
  agents: Record<string, AgentRecord>;
  /** The agent's typing indicator shows. */
  agentTyping: boolean;
  /** The participant whose typing shows (a message from them clears it). */
  agentTypingId?: string;
  idle: IdleState;
  prefilters: RegExp[];
  async: boolean;
  /** Messages are pushed (streamChat), not polled. */
  stream: boolean;
  pollExceptionLimit: number;
  restoreTimeout: number;
  endedBy?: EndedBy;
  /** The chat ended because a poll or the stream found the server no longer knew it, not by anyone's end (CriticalFault). */
  endedUnexpectedly: boolean;
  /** The last failure reported by an `error` emit. */
  failure?: ChatFailure;
  /** The chat's transcript: the server's visible messages by index and the visitor's outgoing ones. */
  transcript: ChatTranscript;
}

export type ChatSessionEvent =
  | ({ type: 'configure' } & ChatSessionConfig)
  | { type: 'start'; request: StartRequest }
  /** After a reload: the stored session; `lastActivity` and `now` are epoch ms (the plugin reads the clock). */
  | { type: 'restore'; session: SessionData; position?: number; lastActivity: number; now: number }
  | { type: 'end' }
  | { type: 'poll.stop' }
  | { type: 'poll.start' }
  | { type: 'poll.now' }
  /** The visitor sent or typed: the poll interval goes back to 500 ms. */
  | { type: 'activity' }
  | { type: 'resetPollExceptions' }
  | { type: 'typing.input' }
  | { type: 'message.sent' }
  | { type: 'prefilter.add'; filters: RegExp[] }
  /** The connection failed / answered again (raised by the poll rule; a streaming transport's plugin may send them). */
  | { type: 'connection.lost' }
  | { type: 'connection.restored' }
  /** The agent typing indicator's change, raised by the batch rule. */
  | { type: 'agent.typing'; typing: boolean; from?: string }
  /** A push transport's batch (sent by `streamChat`). */
  | { type: 'stream.messages'; answer: PollResult }
  /** The push subscription cannot go on (sent by `streamChat`): a failure read as a poll failure. */
  | { type: 'stream.failed'; error: unknown }
  /** The outbox changed: its entries become the transcript's outgoing rows. */
  | { type: 'outbox.changed'; entries: readonly OutboxEntryLike[] }
  /** Older messages an asynchronous chat fetched (`fetchHistory`): upserted, and the new ones emitted. */
  | { type: 'history.received'; messages: readonly TranscriptMessage[] };

export type ChatSessionEmitted =
  | { type: 'started'; session: SessionData }
  /** `idle`: the idle alerts' state after a batch that carried an IdleAlert (the window's 'Are you still there?'). */
  | { type: 'messageReceived'; messages: TranscriptMessage[]; restoring: boolean; history?: boolean; idle?: IdleState }
  | { type: 'restored'; session: SessionData }
  | { type: 'restoreTimeout' }
  | { type: 'restoreFailed'; failure?: ChatFailure }
  | { type: 'ended'; endedBy: EndedBy; unexpected?: true }
  /** `message`: the join or leave; `agents`: every agent of the chat after it (Widgets' `{ message, agents, numAgentsConnected }`). */
  | { type: 'agentConnected'; agents: Record<string, AgentRecord>; numAgentsConnected: number; message: TranscriptMessage }
  | { type: 'agentDisconnected'; agents: Record<string, AgentRecord>; numAgentsConnected: number; message: TranscriptMessage }
  /** `agent`: who types, when the server named a participant (their name from the agents' map, else ''). */
  | { type: 'agentTypingStarted'; agent?: { id: string; name: string } }
  | { type: 'agentTypingStopped' }
  | { type: 'agentTypingTimeout' }
  | { type: 'restoredOffline'; session: SessionData }
  | { type: 'chatServerWentOffline' }
  | { type: 'chatServerBackOnline' }
  | { type: 'disconnected' }
  | { type: 'reconnected' }
  | { type: 'error'; failure: ChatFailure };

/** What `restoreChat` and `pollChat` are given. */
export interface PollInput {
  session: SessionData;
  fromIndex: number;
}

/** Agents (and supervisors) connected now. */
export function selectNumAgentsConnected(context: Pick<ChatSessionContext, 'agents'>): number {
  return Object.values(context.agents).filter((agent) => agent.connected).length;
}

const FAILURE_KINDS: readonly ChatFailureKind[] = ['timeout', 'network', 'status', 'malformed', 'unavailable', 'rejected', 'ended'];

/**
 * Reads what an actor threw as a ChatFailure: a transport's ChatFailure as it is; anything else (a bug, a
 * forgotten `provide`) as kind 'malformed' with its message. (The machine may not import the class.)
 */
export function toChatFailure(error: unknown): ChatFailure {
  const e = error as Partial<ChatFailure> | undefined;
  if (e && typeof e === 'object' && FAILURE_KINDS.includes(e.kind as ChatFailureKind)) return e as ChatFailure;
  const message = e && typeof e === 'object' && typeof e.message === 'string' ? e.message : String(error);
  return { name: 'ChatFailure', message, kind: 'malformed', errors: [], lost: false } as ChatFailure;
}

const isLost = (failure: ChatFailure) => failure.kind === 'timeout' || failure.kind === 'network';
/** Typing notices feed the indicator, not the transcript. */
const isTypingNotice = (m: TranscriptMessage) => m.type === 'TypingStarted' || m.type === 'TypingStopped';

/** Hidden by the standard filter or a prefilter. `search` ignores a global RegExp's lastIndex. */
function filtered(text: string, prefilters: readonly RegExp[]): boolean {
  return STANDARD_FILTER.test(text) || prefilters.some((filter) => text.search(filter) !== -1);
}

/** What one batch of messages changes and reports (the batch rule, pure). */
interface BatchOutcome {
  changes: Partial<ChatSessionContext>;
  visible: TranscriptMessage[];
  /** Whether any message with a new index arrived (activity for the poll back-off). */
  fresh: boolean;
  agentEmits: ChatSessionEmitted[];
  /** The indicator's new state, when the batch changed it (or restarted it). */
  agentTyping?: { typing: boolean; from?: string };
}

/** The batch rule: order, duplicates, filters, agents, idle alerts, agent typing, position. */
function readBatch(context: ChatSessionContext, answer: Pick<PollResult, 'messages' | 'nextPosition' | 'idleTimerExpire'>, restoring: boolean): BatchOutcome {
  const fresh = upsertByIndex([], answer.messages);
  let lastIndex = context.lastIndex;
  const agents = { ...context.agents };
  let idle: IdleState = { ...context.idle };
  const visible: TranscriptMessage[] = [];
  const agentEmits: ChatSessionEmitted[] = [];
  let typingId = context.agentTyping ? (context.agentTypingId ?? '') : undefined;
  let typingChanged = false;
  let agentLeft = false;
  let count = 0;
  const shown = (message: TranscriptMessage): TranscriptMessage => (restoring ? { ...message, restoring: true } : message);
  for (const message of fresh) {
    if (message.index <= lastIndex) continue;
    lastIndex = message.index;
    count++;
    const from = message.from;
    if (message.type === 'ParticipantJoined' && isAgent(from.type)) {
      agents[from.id] = { name: from.name, connected: true, supervisor: from.type === 'Supervisor', connectedTime: message.timestamp };
      agentEmits.push({ type: 'agentConnected', agents: { ...agents }, numAgentsConnected: selectNumAgentsConnected({ agents }), message: shown(message) });
    } else if (message.type === 'ParticipantLeft' && isAgent(from.type)) {
      const known = agents[from.id];
      agents[from.id] = {
        ...(known ?? { name: from.name, supervisor: from.type === 'Supervisor', connectedTime: message.timestamp }),
        connected: false,
        disconnectedTime: message.timestamp,
      };
      agentLeft = true;
      agentEmits.push({ type: 'agentDisconnected', agents: { ...agents }, numAgentsConnected: selectNumAgentsConnected({ agents }), message: shown(message) });
    } else if (message.type === 'IdleAlert') {
      const next = message.userData?.['next-idle-timer-type'];
      const secs = Number(message.userData?.['next-idle-timer-secs']);
      idle = { alerts: idle.alerts + 1, ...(idle.expireAt !== undefined ? { expireAt: idle.expireAt } : {}) };
      if (next === 'alert' || next === 'close') idle.next = next;
      if (next === 'close' && Number.isFinite(secs)) idle.countdownMs = secs * 1000;
    } else if (message.type === 'IdleClose') {
      idle = { alerts: 0, ...(idle.expireAt !== undefined ? { expireAt: idle.expireAt } : {}) };
    } else if (message.type === 'TypingStarted' && from.type !== 'Client') {
      typingId = from.id;
      typingChanged = true;
    } else if (message.type === 'TypingStopped' && from.type !== 'Client') {
      if (typingId !== undefined) typingChanged = true;
      typingId = undefined;
    } else if (message.type === 'Message' && typingId !== undefined && (typingId === from.id || typingId === '')) {
      typingId = undefined;
      typingChanged = true;
    }
    if (!isTypingNotice(message) && !filtered(message.text, context.prefilters)) visible.push(shown(message));
  }
  if (answer.idleTimerExpire !== undefined) idle.expireAt = answer.idleTimerExpire;
  const endedByAgent = agentLeft && selectNumAgentsConnected({ agents }) === 0;
  const changes: Partial<ChatSessionContext> = {
    lastIndex,
    position: answer.nextPosition ?? lastIndex + 1,
    agents,
    idle,
    transcript: upsert(context.transcript, visible),
    ...(endedByAgent ? { endedBy: 'agent' as const } : {}),
  };
  const outcome: BatchOutcome = { changes, visible, fresh: count > 0, agentEmits };
  if (typingChanged) outcome.agentTyping = typingId === undefined ? { typing: false } : { typing: true, from: typingId };
  return outcome;
}

type BatchAnswer = Pick<PollResult, 'messages' | 'nextPosition' | 'idleTimerExpire' | 'chatEnded'>;

/** The batch rule as the actions apply it: context changes, then `messageReceived` and the agents' events, then the indicator. */
function batchStep(context: ChatSessionContext, answer: BatchAnswer, restoring: boolean) {
  const outcome = readBatch(context, answer, restoring);
  const endedBy = answer.chatEnded ? ('server' as const) : outcome.changes.endedBy;
  const emits: ChatSessionEmitted[] = [];
  const idleAlert = outcome.visible.some((m) => m.type === 'IdleAlert');
  if (outcome.visible.length > 0)
    emits.push({ type: 'messageReceived', messages: outcome.visible, restoring, ...(idleAlert && outcome.changes.idle ? { idle: outcome.changes.idle } : {}) });
  emits.push(...outcome.agentEmits);
  const raise: ChatSessionEvent | undefined = outcome.agentTyping ? { type: 'agent.typing', ...outcome.agentTyping } : undefined;
  return { changes: { ...outcome.changes, ...(endedBy ? { endedBy } : {}) }, emits, raise, fresh: outcome.fresh };
}

/** A fresh chat's context: what `start` and `restore` begin with. */
const freshChat = (session: SessionData | null, transcript: ChatTranscript = EMPTY_TRANSCRIPT) => ({
  session,
  position: 1,
  lastIndex: 0,
  pollInterval: POLL.initial,
  pollExceptions: 0,
  offline: false,
  agents: {},
  agentTyping: false,
  agentTypingId: undefined,
  idle: { alerts: 0 },
  endedBy: undefined,
  endedUnexpectedly: false,
  failure: undefined,
  transcript: restart(transcript),
});

const sessionOf = (context: ChatSessionContext): SessionData => context.session ?? {};

const chatSessionSetup = setup({
  types: {
    context: {} as ChatSessionContext,
    events: {} as ChatSessionEvent,
    input: {} as ChatSessionInput | undefined,
    emitted: {} as ChatSessionEmitted,
  },
  actors: {
    startChat: fromPromise<StartResult, StartRequest>(async () => {
      throw new Error('startChat is not provided: the WebChatService plugin provides it');
    }),
    restoreChat: fromPromise<PollResult, PollInput>(async () => {
      throw new Error('restoreChat is not provided: the WebChatService plugin provides it');
    }),
    pollChat: fromPromise<PollResult, PollInput>(async () => {
      throw new Error('pollChat is not provided: the WebChatService plugin provides it');
    }),
    endChat: fromPromise<void, { session: SessionData }>(async () => {
      throw new Error('endChat is not provided: the WebChatService plugin provides it');
    }),
    /** Push transports: sends `stream.messages`, `stream.failed`, `connection.lost` / `connection.restored`; stops on exit. */
    streamChat: fromCallback<ChatSessionEvent, PollInput>(() => {
      throw new Error('streamChat is not provided: the WebChatService plugin provides it');
    }),
  },
  delays: {
    pollDelay: ({ context }) => pollDelay(context.pollInterval),
    typingIdle: DELAYS.typingIdle,
    agentTypingTimeout: DELAYS.agentTypingTimeout,
    reconnectedShown: DELAYS.reconnectedShown,
    typingCheck: DELAYS.typingCheck,
  },
  guards: {
    /** The transport pushes: no polling. */
    streaming: ({ context }) => context.stream,
    /** A reload after the restore timeout does not restore (an asynchronous chat restores at any age). */
    expired: ({ context, event }) => {
      assertEvent(event, 'restore');
      return !context.async && event.now - event.lastActivity > context.restoreTimeout;
    },
    /** The batch or a failure ended the chat (chatEnded, the last agent left, the server forgot it). */
    chatOver: ({ context }) => context.endedBy !== undefined,
    agentTypingOn: ({ event }) => {
      assertEvent(event, 'agent.typing');
      return event.typing;
    },
    restoreEnded: (_, params: { answer: PollResult }) => params.answer.chatEnded,
    /** Restoring failed only because the server or the connection is away: the chat goes on offline. */
    restoreOffline: (_, params: { error: unknown }) => {
      const failure = toChatFailure(params.error);
      return failure.kind === 'unavailable' || isLost(failure);
    },
  },
  actions: {
    configure: assign(({ context, event }) => {
      assertEvent(event, 'configure');
      return {
        pollExceptionLimit: event.pollExceptionLimit ?? context.pollExceptionLimit,
        restoreTimeout: event.restoreTimeout ?? context.restoreTimeout,
        async: event.async ?? context.async,
        stream: event.stream ?? context.stream,
        prefilters: event.prefilters ? [...event.prefilters] : context.prefilters,
      };
    }),
    addPrefilters: assign(({ context, event }) => {
      assertEvent(event, 'prefilter.add');
      return { prefilters: [...context.prefilters, ...event.filters] };
    }),
    beginChat: assign(({ context }) => freshChat(null, context.transcript)),
    beginRestore: assign(({ context, event }) => {
      assertEvent(event, 'restore');
      // The stored position waits here: it is where polling resumes if the transcript cannot be read.
      return { ...freshChat(event.session, context.transcript), position: Math.max(1, event.position ?? 1) };
    }),
    readOutbox: assign(({ context, event }) => {
      assertEvent(event, 'outbox.changed');
      return { transcript: withOutgoing(context.transcript, event.entries) };
    }),
    /** A history page: the messages the transcript lacks are upserted and emitted (as `history`). */
    receiveHistory: enqueueActions(({ context, enqueue, event }) => {
      assertEvent(event, 'history.received');
      const added = missing(context.transcript, event.messages);
      if (!added.length) return;
      enqueue.assign({ transcript: upsert(context.transcript, added) });
      enqueue.emit({ type: 'messageReceived', messages: upsertByIndex([], added) as TranscriptMessage[], restoring: false, history: true });
    }),
    /** A restore that goes on without a transcript: poll from the stored position. */
    restoreOfflineAt: enqueueActions(({ context, enqueue }, params: { position?: number }) => {
      const position = Math.max(1, params.position ?? 1);
      enqueue.assign({ offline: true, position, lastIndex: position - 1 });
      enqueue.emit({ type: 'restoredOffline', session: sessionOf(context) });
    }),
    clearSession: assign({ session: null }),
    recordSession: enqueueActions(({ enqueue }, params: { session: SessionData }) => {
      enqueue.assign({ session: params.session });
      enqueue.emit({ type: 'started', session: params.session });
    }),
    /** The batch rule over the messages of a start, restore or poll answer. */
    receive: enqueueActions(({ context, enqueue }, params: { answer: BatchAnswer; restoring: boolean }) => {
      const step = batchStep(context, params.answer, params.restoring);
      enqueue.assign(step.changes);
      for (const emitted of step.emits) enqueue.emit(emitted);
      if (step.raise) enqueue.raise(step.raise);
    }),
    /**
     * A poll answer: nothing at all for an empty one (204); else the batch rule, the back-off (500 ms after a
     * new message, 20 % more otherwise), the exception counter reset, back online and reconnected.
     */
    pollAnswered: enqueueActions(({ context, enqueue }, params: { answer: PollResult }) => {
      if (params.answer.empty) return;
      const step = batchStep(context, params.answer, false);
      enqueue.assign(step.changes);
      for (const emitted of step.emits) enqueue.emit(emitted);
      if (step.raise) enqueue.raise(step.raise);
      enqueue.assign({ pollExceptions: 0, offline: false, pollInterval: step.fresh ? POLL.initial : nextPollInterval(context.pollInterval) });
      if (context.offline) enqueue.emit({ type: 'chatServerBackOnline' });
      enqueue.raise({ type: 'connection.restored' });
    }),
    /**
     * A pushed batch: the batch rule; it also means the server answers, so the exception count is cleared
     * and an offline chat is back online (as after a poll answer).
     */
    streamAnswered: enqueueActions(({ context, enqueue, event }) => {
      assertEvent(event, 'stream.messages');
      const step = batchStep(context, event.answer, false);
      enqueue.assign(step.changes);
      for (const emitted of step.emits) enqueue.emit(emitted);
      if (step.raise) enqueue.raise(step.raise);
      enqueue.assign({ pollExceptions: 0, offline: false });
      if (context.offline) enqueue.emit({ type: 'chatServerBackOnline' });
    }),
    /** A poll failure, by kind (web-chat.md §4 "Connection", §8 "Server handling"). */
    pollFailed: enqueueActions(({ context, enqueue }, params: { error: unknown }) => {
      const failure = toChatFailure(params.error);
      enqueue.assign({ pollInterval: nextPollInterval(context.pollInterval) });
      if (failure.kind === 'unavailable') {
        const pollExceptions = context.pollExceptions + 1;
        enqueue.assign({ pollExceptions });
        if (!context.offline && pollExceptions > context.pollExceptionLimit) {
          enqueue.assign({ offline: true });
          enqueue.emit({ type: 'chatServerWentOffline' });
        }
      } else if (isLost(failure)) {
        enqueue.raise({ type: 'connection.lost' });
      } else if (failure.kind === 'ended') {
        enqueue.assign({ endedBy: 'server', endedUnexpectedly: true });
      } else {
        enqueue.assign({ failure });
        enqueue.emit({ type: 'error', failure });
      }
    }),
    fail: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const failure = toChatFailure(params.error);
      enqueue.assign({ failure });
      enqueue.emit({ type: 'error', failure });
    }),
    restoreFailed: enqueueActions(({ enqueue }, params: { error?: unknown }) => {
      const failure = params.error === undefined ? undefined : toChatFailure(params.error);
      enqueue.assign({ session: null, ...(failure ? { failure } : {}) });
      enqueue.emit(failure ? { type: 'restoreFailed', failure } : { type: 'restoreFailed' });
    }),
    resetPollInterval: assign({ pollInterval: POLL.initial }),
    resetPollExceptions: assign({ pollExceptions: 0, offline: false }),
    endedBy: assign((_, params: { endedBy: EndedBy }) => ({ endedBy: params.endedBy })),
    setAgentTyping: assign(({ event }) => {
      assertEvent(event, 'agent.typing');
      return { agentTyping: true, agentTypingId: event.from };
    }),
    clearAgentTyping: assign({ agentTyping: false, agentTypingId: undefined }),
    /** The visitor's typing notice: the plugin provides it (`params.typing`: start or stop). */
    sendTyping: (_, _params: { typing: boolean }) => undefined,
    publishAgentTyping: emit(({ context }) => {
      const id = context.agentTypingId;
      return id ? { type: 'agentTypingStarted' as const, agent: { id, name: context.agents[id]?.name ?? '' } } : { type: 'agentTypingStarted' as const };
    }),
    publishEnded: emit(({ context }) => ({
      type: 'ended' as const,
      endedBy: context.endedBy ?? 'server',
      ...(context.endedUnexpectedly ? { unexpected: true as const } : {}),
    })),
    publishRestored: emit(({ context }) => ({ type: 'restored' as const, session: sessionOf(context) })),
    publish: emit(
      (
        _,
        params: {
          type: 'restoreTimeout' | 'agentTypingStopped' | 'agentTypingTimeout' | 'disconnected' | 'reconnected';
        },
      ) => ({ type: params.type }),
    ),
  },
});

export const chatSessionMachine = deferred(chatSessionSetup, (s) =>
  s.createMachine({
    id: 'chatSession',
    context: ({ input }) => ({
      ...freshChat(null),
      prefilters: [...(input?.prefilters ?? [])],
      async: input?.async ?? false,
      stream: input?.stream ?? false,
      pollExceptionLimit: input?.pollExceptionLimit ?? CHAT_SESSION_DEFAULTS.pollExceptionLimit,
      restoreTimeout: input?.restoreTimeout ?? CHAT_SESSION_DEFAULTS.restoreTimeout,
    }),
    initial: 'notConfigured',
    on: {
      configure: { actions: 'configure' },
      'prefilter.add': { actions: 'addPrefilters' },
      'outbox.changed': { actions: 'readOutbox' },
      'history.received': { actions: 'receiveHistory' },
    },
    states: {
      notConfigured: {
        on: { configure: { target: 'configured', actions: 'configure' } },
      },
      configured: {
        on: {
          start: 'starting',
          restore: [
            { guard: 'expired', actions: { type: 'publish', params: { type: 'restoreTimeout' } } },
            { target: 'restoring', actions: 'beginRestore' },
          ],
        },
      },
      starting: {
        tags: ['busy'],
        entry: 'beginChat',
        invoke: {
          src: 'startChat',
          input: ({ event }) => {
            assertEvent(event, 'start');
            return event.request;
          },
          onDone: {
            target: 'started',
            actions: [
              { type: 'recordSession', params: ({ event }) => ({ session: event.output.session }) },
              { type: 'receive', params: ({ event }) => ({ answer: { messages: event.output.messages, chatEnded: false }, restoring: false }) },
            ],
          },
          onError: { target: 'configured', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        },
      },
      restoring: {
        tags: ['busy'],
        invoke: {
          src: 'restoreChat',
          input: ({ context }) => ({ session: sessionOf(context), fromIndex: 1 }),
          onDone: [
            {
              guard: { type: 'restoreEnded', params: ({ event }) => ({ answer: event.output }) },
              target: 'configured',
              actions: { type: 'restoreFailed', params: {} },
            },
            {
              target: 'started',
              actions: ['publishRestored', { type: 'receive', params: ({ event }) => ({ answer: event.output, restoring: true }) }],
            },
          ],
          onError: [
            {
              guard: { type: 'restoreOffline', params: ({ event }) => ({ error: event.error }) },
              target: 'started',
              actions: { type: 'restoreOfflineAt', params: ({ context }) => ({ position: context.position }) },
            },
            { target: 'configured', actions: { type: 'restoreFailed', params: ({ event }) => ({ error: event.error }) } },
          ],
        },
      },
      started: {
        type: 'parallel',
        tags: ['active'],
        always: { guard: 'chatOver', target: 'ended' },
        on: {
          end: 'ending',
          resetPollExceptions: { actions: 'resetPollExceptions' },
        },
        states: {
          polling: {
            initial: 'choose',
            on: {
              activity: { actions: 'resetPollInterval' },
              'poll.stop': '.stopped',
            },
            states: {
              choose: {
                always: [{ guard: 'streaming', target: 'streaming' }, { target: 'waiting' }],
              },
              streaming: {
                invoke: {
                  src: 'streamChat',
                  input: ({ context }) => ({ session: sessionOf(context), fromIndex: context.position }),
                },
                on: {
                  'stream.messages': { actions: 'streamAnswered' },
                  'stream.failed': { actions: { type: 'pollFailed', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              waiting: {
                after: { pollDelay: 'fetching' },
                on: {
                  // The visitor is active: the next poll comes after the initial interval, from now.
                  activity: { target: 'waiting', reenter: true, actions: 'resetPollInterval' },
                  'poll.now': 'fetching',
                },
              },
              fetching: {
                invoke: {
                  src: 'pollChat',
                  input: ({ context }) => ({ session: sessionOf(context), fromIndex: context.position }),
                  onDone: { target: 'waiting', actions: { type: 'pollAnswered', params: ({ event }) => ({ answer: event.output }) } },
                  onError: { target: 'waiting', actions: { type: 'pollFailed', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              stopped: {
                initial: 'idle',
                on: { 'poll.start': '#chatSession.started.polling.choose' },
                states: {
                  idle: { on: { 'poll.now': 'fetching' } },
                  // One poll on demand (the poll command) while polling is stopped.
                  fetching: {
                    invoke: {
                      src: 'pollChat',
                      input: ({ context }) => ({ session: sessionOf(context), fromIndex: context.position }),
                      onDone: { target: 'idle', actions: { type: 'pollAnswered', params: ({ event }) => ({ answer: event.output }) } },
                      onError: { target: 'idle', actions: { type: 'pollFailed', params: ({ event }) => ({ error: event.error }) } },
                    },
                  },
                },
              },
            },
          },
          connection: {
            initial: 'connected',
            states: {
              connected: {
                on: { 'connection.lost': 'disconnected' },
              },
              disconnected: {
                entry: { type: 'publish', params: { type: 'disconnected' } },
                on: { 'connection.restored': 'reconnected' },
              },
              reconnected: {
                entry: { type: 'publish', params: { type: 'reconnected' } },
                after: { reconnectedShown: 'connected' },
                on: { 'connection.lost': 'disconnected' },
              },
            },
          },
          typing: {
            initial: 'idle',
            states: {
              idle: {
                on: { 'typing.input': { target: 'typing', actions: { type: 'sendTyping', params: { typing: true } } } },
              },
              typing: {
                initial: 'active',
                // CometD mode: still typing after 5000 ms — say so again (the idle timer below restarts on every input).
                after: { typingCheck: { guard: 'streaming', target: 'typing', reenter: true, actions: { type: 'sendTyping', params: { typing: true } } } },
                on: {
                  // The server clears the visitor's typing when a message is sent: no stop call.
                  'message.sent': 'idle',
                },
                states: {
                  active: {
                    after: { typingIdle: { target: '#chatSession.started.typing.idle', actions: { type: 'sendTyping', params: { typing: false } } } },
                    on: { 'typing.input': { target: 'active', reenter: true } },
                  },
                },
              },
            },
          },
          agentTyping: {
            initial: 'idle',
            states: {
              idle: {
                on: {
                  'agent.typing': {
                    guard: 'agentTypingOn',
                    target: 'typing',
                    actions: ['setAgentTyping', 'publishAgentTyping'],
                  },
                },
              },
              typing: {
                exit: 'clearAgentTyping',
                after: { agentTypingTimeout: { target: 'idle', actions: { type: 'publish', params: { type: 'agentTypingTimeout' } } } },
                on: {
                  'agent.typing': [
                    // Typing again: the timeout starts over, the indicator stays.
                    { guard: 'agentTypingOn', target: 'typing', reenter: true, actions: 'setAgentTyping' },
                    { target: 'idle', actions: { type: 'publish', params: { type: 'agentTypingStopped' } } },
                  ],
                },
              },
            },
          },
        },
      },
      ending: {
        tags: ['busy'],
        invoke: {
          src: 'endChat',
          input: ({ context }) => ({ session: sessionOf(context) }),
          onDone: { target: 'ended', actions: { type: 'endedBy', params: { endedBy: 'visitor' } } },
          onError: { target: 'ended', actions: { type: 'endedBy', params: { endedBy: 'visitor' } } },
        },
      },
      ended: {
        entry: ['clearSession', 'publishEnded'],
        on: {
          configure: { target: 'configured', actions: 'configure' },
          start: 'starting',
          restore: [
            { guard: 'expired', actions: { type: 'publish', params: { type: 'restoreTimeout' } } },
            { target: 'restoring', actions: 'beginRestore' },
          ],
        },
      },
    },
  }),
);

export type ChatSessionMachine = typeof chatSessionMachine;
export type ChatSessionSnapshot = SnapshotFrom<ChatSessionMachine>;
