import { HttpError, requestJson } from '../../../../http/request.ts';
import { MalformedAnswer, objectMessage, readAnswer, v } from '../../../answer.ts';
import {
  ChatFailure,
  type ChatTransport,
  type CodedError,
  type ParticipantType,
  type PollResult,
  type SessionData,
  type StartRequest,
  type StreamHandlers,
  type TranscriptMessage,
  type TranscriptType,
  type TransportOptions,
} from '../../types.ts';

/**
 * The cloud chat transport (web-chat.md §3 "Cloud transport session", "Cloud conversation options", §4
 * "Cloud transport", §7 "Cloud transport", §8 "sockets codes", §9; the simulator's demo/simulator/cloud.js;
 * docs/cloud.md). REST calls to the guest conversations URL (`webchat.transport.dataURL`, e.g.
 * `https://api.example.com/api/v2/webchat/guest/conversations`) and a WebSocket event stream:
 *
 *   POST   {conversations}                                      create: the conversation options → id, jwt, eventStreamUri, member.id
 *   GET    {conversations}/{id}/members[/{memberId}]            who is who (agents, bot, the visitor)
 *   GET    {conversations}/{id}/messages?after=|before=&maxResults=   pages of up to 100: restore, history, resync
 *   POST   {conversations}/{id}/members/{memberId}/messages     send (Idempotency-Key: the client message id)
 *   POST   {conversations}/{id}/members/{memberId}/typing       the visitor types
 *   DELETE {conversations}/{id}/members/{memberId}              end (3000 ms)
 *
 * Every call after the create carries `Authorization: Bearer {jwt}`. The socket to eventStreamUri
 * delivers frames `{ topicName, eventBody, metadata: { type } }`: message, typing-indicator, member-change
 * (an agent, the bot or the visitor joining or leaving: ParticipantJoined / ParticipantLeft; the visitor's
 * own leave ends the chat), and heartbeats.
 *
 * The index: a cloud message's `sequence` (strictly increasing within a conversation: the server's
 * sequence number) is the transcript index; typing and member-change frames carry the sequence of the
 * event they stand for. Pages are asked `after` the highest index held, so after any reconnect the
 * transport reads what it missed before it hands on anything the new socket brings (one ordered queue):
 * nothing is lost and nothing is handed on twice.
 *
 * Timing (§9): a socket with no frame (heartbeat or event) for 12000 ms is dead — `disconnected` — and a
 * lost socket is opened again every 5000 ms until one opens; each open pages the missed messages, then
 * says `connected`. Failures are ChatFailures whose errors carry `cloud.<HTTP status>` as `name`; the
 * sockets codes 400, 500 ('unexpected error occurred with the service') and 503 ('service is currently
 * unavailable') also carry the language pack's key.
 */

/** The transport's constants (web-chat.md §9 "Cloud transport"). */
export const CLOUD = {
  /** A lost socket is opened again after this, again and again. */
  reconnectDelay: 5000,
  /** No frame for this long: the socket is dead (the heartbeat tracker). */
  heartbeatTimeout: 12_000,
  /** The end call's timeout. */
  endTimeout: 3000,
  /** Messages per page (the API's most). */
  pageSize: 100,
  /** Most pages one restore or resync reads. */
  maxPages: 50,
  targetType: 'QUEUE',
  displayName: 'Customer',
  role: 'CUSTOMER',
} as const;

/** The sockets codes (web-chat.md §8) with their messages and language-pack keys. */
export const CLOUD_CODES = {
  400: { message: 'The request was not valid', key: 'chat.error.Cloud400' },
  500: { message: 'unexpected error occurred with the service', key: 'chat.error.Cloud500' },
  503: { message: 'service is currently unavailable', key: 'chat.error.Cloud503' },
} as const satisfies Record<number, { message: string; key: string }>;

/** A coded error of this transport: `code` the HTTP status, `name` 'cloud.<status>'. */
export interface CloudError extends CodedError {
  name: string;
}

/** `webchat.transport`'s cloud conversation options (web-chat.md §3). */
export interface CloudOptions {
  organizationId?: string;
  deploymentId?: string;
  routingTarget?: { targetType?: string; targetAddress?: string; skills?: string[]; language?: string; priority?: number };
  memberInfo?: { displayName?: string; customFields?: Record<string, string> };
  journeyContext?: Record<string, unknown>;
}

/** What the transport uses of a WebSocket (the browser's; in Node tests the `ws` package's). */
export interface CloudSocket {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}
export type CloudSocketFactory = new (url: string) => CloudSocket;

/** The clock of the socket's timers (tests inject one to check the 5000 and 12000 ms). */
export interface CloudTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface CloudTransportOptions extends TransportOptions {
  cloud?: CloudOptions;
  /** The WebSocket class (default: the browser's). */
  WebSocket?: CloudSocketFactory;
  timers?: CloudTimers;
  reconnectDelay?: number;
  heartbeatTimeout?: number;
}

/** The session (web-chat.md §3 "Cloud transport session"); the page and index state live in the subscription. */
export interface CloudSession {
  conversationId: string;
  memberId: string;
  jwt: string;
  webSocketUrl: string;
}

/* ------------------------------------------------------------------ schemas */

const id = v.pipe(v.union([v.string(), v.number()], 'must be a string'), v.transform(String), v.nonEmpty('must not be empty'));
const sequence = v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'));
const socketURL = v.pipe(v.string('must be a string'), v.regex(/^wss?:\/\/\S+$/i, 'must be a ws: or wss: URL'));

const createSchema = v.object({ id, jwt: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')), eventStreamUri: socketURL, member: v.object({ id }, objectMessage) }, objectMessage);

const messageSchema = v.object(
  {
    sequence,
    sender: v.optional(v.nullable(v.object({ id: v.optional(v.nullable(id)) }, objectMessage))),
    body: v.optional(v.nullable(v.string('must be a string')), ''),
    bodyType: v.optional(v.string('must be a string'), 'standard'),
    timestamp: v.optional(v.nullable(v.union([v.string(), v.number()], 'must be a date'))),
  },
  objectMessage,
);
type CloudMessage = v.InferOutput<typeof messageSchema>;

const pageSchema = v.object(
  {
    entities: v.optional(v.array(messageSchema, 'must be a list'), []),
    next: v.optional(v.nullable(v.string())),
    previousPage: v.optional(v.nullable(v.string())),
  },
  objectMessage,
);

const memberSchema = v.object(
  { id, displayName: v.optional(v.nullable(v.string('must be a string')), ''), role: v.optional(v.nullable(v.string('must be a string')), ''), state: v.optional(v.nullable(v.string())) },
  objectMessage,
);
const membersSchema = v.object({ entities: v.optional(v.array(memberSchema, 'must be a list'), []) }, objectMessage);

const frameSchema = v.object({
  topicName: v.optional(v.string(), ''),
  eventBody: v.optional(v.unknown()),
  metadata: v.optional(v.nullable(v.object({ type: v.optional(v.string(), '') }))),
});
const typingSchema = v.object({ sender: v.object({ id }, objectMessage), sequence, timestamp: v.optional(v.nullable(v.union([v.string(), v.number()]))) }, objectMessage);
const memberChangeSchema = v.object(
  { member: v.object({ id, state: v.optional(v.string(), '') }, objectMessage), sequence, timestamp: v.optional(v.nullable(v.union([v.string(), v.number()]))) },
  objectMessage,
);

const errorBodySchema = v.object({ message: v.optional(v.string(), ''), code: v.optional(v.union([v.string(), v.number()])) });

/* ------------------------------------------------------------------ mapping */

const BODY_TYPES: Record<string, TranscriptType> = {
  standard: 'Message',
  notice: 'Notice',
  'member-join': 'ParticipantJoined',
  'member-leave': 'ParticipantLeft',
  'push-url': 'PushUrl',
  'custom-notice': 'CustomNotice',
};
const ROLES: Record<string, ParticipantType> = { CUSTOMER: 'Client', AGENT: 'Agent', SUPERVISOR: 'Supervisor', WORKFLOW: 'Bot', BOT: 'Bot' };

interface Member {
  type: ParticipantType;
  name: string;
}

const millisOf = (timestamp: string | number | null | undefined): number => {
  const time = typeof timestamp === 'number' ? timestamp : typeof timestamp === 'string' ? Date.parse(timestamp) : NaN;
  return Number.isFinite(time) ? time : Date.now();
};

/* ------------------------------------------------------------------ failures */

type Call = 'create' | 'members' | 'messages' | 'send' | 'typing' | 'end' | 'stream';

function read<S extends v.GenericSchema>(call: Call, answer: unknown, schema: S): v.InferOutput<S> {
  try {
    return readAnswer(`The chat ${call} answer`, answer, schema);
  } catch (error) {
    throw new ChatFailure('malformed', error instanceof MalformedAnswer ? error.message : String(error));
  }
}

/** The coded error of an HTTP status (or a socket's close code standing for one). */
export function cloudError(status: number, message = ''): CloudError {
  const known = (CLOUD_CODES as Record<number, { message: string; key: string }>)[status];
  const error: CloudError = { code: status, message: known?.message ?? (message.trim() || `HTTP ${status}`), name: `cloud.${status}` };
  if (known) error.key = known.key;
  return error;
}

/** A failure with an HTTP status: the chat gone (401, 404, 410), unavailable (503, 429), refused (4xx), or a server error. */
function statusFailure(call: Call, status: number, message = ''): ChatFailure {
  const error = cloudError(status, message);
  const text = `The chat ${call} call failed (${error.name}): ${message.trim() || error.message}`;
  if (status === 401 || status === 404 || status === 410) return new ChatFailure('ended', text, [error], status);
  if (status === 503 || status === 429) return new ChatFailure('unavailable', text, [error], status);
  if (status >= 400 && status < 500) return new ChatFailure('rejected', text, [error], status);
  return new ChatFailure('status', text, [error], status);
}

/** What a failed request becomes. */
export function cloudFailure(call: Call, error: unknown): ChatFailure {
  if (error instanceof ChatFailure) return error;
  if (!(error instanceof HttpError)) return new ChatFailure('network', `The chat ${call} call failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error.kind === 'timeout' || error.kind === 'network') return new ChatFailure(error.kind, `The chat ${call} call failed: ${error.message}`);
  const status = error.status;
  if (status === undefined || status < 400) return new ChatFailure('malformed', `The chat ${call} answer is malformed: ${error.message}`, [], status);
  const body = v.safeParse(errorBodySchema, error.body);
  return statusFailure(call, status, body.success ? body.output.message : '');
}

/**
 * A socket's close code as a failure, or undefined for a plain loss (1000, 1001, 1005, 1006 …: open it
 * again). 4000 + status is the server's refusal; 1008 / 1011 / 1013 are the standard codes for 400 / 500 / 503.
 */
export function closeFailure(code: number, reason = ''): ChatFailure | undefined {
  const status = code >= 4000 && code < 5000 ? code - 4000 : code === 1008 || code === 1003 || code === 1007 ? 400 : code === 1011 ? 500 : code === 1013 ? 503 : 0;
  return status >= 400 && status < 600 ? statusFailure('stream', status, reason) : undefined;
}

/** The session's fields, or a refusal naming the one missing (a broken restored session). */
export function cloudSession(session: SessionData): CloudSession {
  const field = (name: keyof CloudSession): string => {
    const value = session[name];
    if ((typeof value !== 'string' && typeof value !== 'number') || String(value) === '') throw new ChatFailure('rejected', `The chat session data has no ${name}`);
    return String(value);
  };
  return { conversationId: field('conversationId'), memberId: field('memberId'), jwt: field('jwt'), webSocketUrl: field('webSocketUrl') };
}

/** A fresh idempotency key (a send without a client message id still retries under one key). */
const freshKey = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/* ------------------------------------------------------------------ transport */

/** The cloud transport, with `close` (ends every event stream). */
export type CloudTransport = ChatTransport & { close(): void };

export const createTransport = (options: TransportOptions): ChatTransport => createCloudTransport(options);

export function createCloudTransport(options: CloudTransportOptions): CloudTransport {
  const base = options.dataURL.replace(/\/+$/, '');
  const cloud = options.cloud ?? {};
  const timers: CloudTimers = options.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) };
  const reconnectDelay = options.reconnectDelay ?? CLOUD.reconnectDelay;
  const heartbeatTimeout = options.heartbeatTimeout ?? CLOUD.heartbeatTimeout;
  /** Members per conversation: who sent what. */
  const members = new Map<string, Map<string, Member>>();
  /** The running subscriptions' stops. */
  const streams = new Set<() => void>();

  const url = (s: CloudSession, path = '') => `${base}/${encodeURIComponent(s.conversationId)}${path}`;
  const memberURL = (s: CloudSession, path = '') => url(s, `/members/${encodeURIComponent(s.memberId)}${path}`);

  async function request(call: Call, target: string, init: { method?: 'GET' | 'POST' | 'DELETE'; jwt?: string; body?: unknown; query?: Record<string, string | number>; headers?: Record<string, string>; timeout?: number }): Promise<unknown> {
    try {
      return await requestJson(target, {
        method: init.method ?? 'GET',
        headers: {
          ...options.headers,
          apikey: options.apikey || undefined,
          'Accept-Language': options.lang?.() || undefined,
          Authorization: init.jwt ? `Bearer ${init.jwt}` : undefined,
          ...init.headers,
        },
        body: init.body,
        query: init.query,
        timeoutMs: init.timeout ?? options.timeout,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    } catch (error) {
      throw cloudFailure(call, error);
    }
  }

  const cacheOf = (s: CloudSession) => {
    let cache = members.get(s.conversationId);
    if (!cache) members.set(s.conversationId, (cache = new Map()));
    return cache;
  };
  const remember = (s: CloudSession, m: v.InferOutput<typeof memberSchema>) =>
    cacheOf(s).set(m.id, { type: m.id === s.memberId ? 'Client' : (ROLES[(m.role ?? '').toUpperCase()] ?? 'External'), name: m.displayName ?? '' });

  /** GET members: everyone the conversation has had. */
  async function loadMembers(s: CloudSession): Promise<void> {
    const answer = await request('members', url(s, '/members'), { jwt: s.jwt });
    for (const m of read('members', answer, membersSchema).entities) remember(s, m);
  }

  /** One member, from the cache or GET members/{id} (one the server does not know: External). */
  async function memberOf(s: CloudSession, memberId: string): Promise<Member> {
    const known = cacheOf(s).get(memberId);
    if (known) return known;
    try {
      remember(s, read('members', await request('members', url(s, `/members/${encodeURIComponent(memberId)}`), { jwt: s.jwt }), memberSchema));
    } catch (error) {
      if (!(error instanceof ChatFailure) || error.status !== 404) throw error;
      cacheOf(s).set(memberId, { type: 'External', name: '' });
    }
    return cacheOf(s).get(memberId)!;
  }

  const transcriptOf = async (s: CloudSession, type: TranscriptType, index: number, senderId: string, text: string, timestamp: number): Promise<TranscriptMessage> => {
    const system = type === 'Notice' || type === 'CustomNotice';
    const member = system ? { type: 'External' as const, name: '' } : await memberOf(s, senderId);
    return { index, type, text, timestamp, html: false, from: { id: senderId, type: member.type, name: member.name } };
  };

  /** A message of a page or a frame as a transcript message (undefined: a bodyType this client does not show). */
  const fromMessage = async (s: CloudSession, m: CloudMessage): Promise<TranscriptMessage | undefined> => {
    const type = BODY_TYPES[m.bodyType];
    if (!type) return undefined;
    return transcriptOf(s, type, m.sequence, m.sender?.id ?? '', m.body ?? '', millisOf(m.timestamp));
  };

  /** The visitor's own leave ends the chat (web-chat.md §4: a customer disconnect ends the chat). */
  const ends = (s: CloudSession, messages: TranscriptMessage[]) => messages.some((m) => m.type === 'ParticipantLeft' && m.from.id === s.memberId);

  /**
   * Every message after `after`, page by page (100 a page), at most `limit` pages; `caughtUp`: the last page
   * read was the last there is (false: the cap stopped it, the caller reads on from the highest index).
   * `onPage` gets each page's new messages as it is read, so a failure later keeps what came before it.
   */
  async function pagesAfter(s: CloudSession, after: number, limit: number = CLOUD.maxPages, onPage?: (messages: TranscriptMessage[]) => void): Promise<PollResult & { caughtUp: boolean }> {
    if (!members.get(s.conversationId)?.size) await loadMembers(s);
    // By index: a page that repeats a message (or comes in another order) still gives each once, in order.
    const out = new Map<number, TranscriptMessage>();
    let from = after;
    let caughtUp = false;
    for (let page = 0; page < limit; page++) {
      let answer: v.InferOutput<typeof pageSchema>;
      try {
        answer = read('messages', await request('messages', url(s, '/messages'), { jwt: s.jwt, query: { after: from, maxResults: CLOUD.pageSize } }), pageSchema);
      } catch (error) {
        // A read cut short: what came before is kept (the caller reads on after its highest index); the first page's failure is the caller's.
        if (page === 0 || onPage || (error instanceof ChatFailure && error.kind === 'ended')) throw error;
        break;
      }
      const fresh = answer.entities.filter((m) => m.sequence > from);
      const added: TranscriptMessage[] = [];
      for (const m of fresh) {
        const message = out.has(m.sequence) ? undefined : await fromMessage(s, m);
        if (message) {
          out.set(message.index, message);
          added.push(message);
        }
      }
      if (onPage && added.length) onPage(added.sort((a, b) => a.index - b.index));
      if (!fresh.length || (new Set(fresh.map((m) => m.sequence)).size < CLOUD.pageSize && !answer.next)) {
        caughtUp = true;
        break;
      }
      from = Math.max(...fresh.map((m) => m.sequence));
    }
    const messages = [...out.values()].sort((a, b) => a.index - b.index);
    return { messages, chatEnded: ends(s, messages), caughtUp };
  }

  /** A frame of the event stream as transcript messages ([] for a heartbeat or another conversation's). */
  async function fromFrame(s: CloudSession, frame: v.InferOutput<typeof frameSchema>): Promise<TranscriptMessage[]> {
    const type = frame.metadata?.type ?? '';
    if (!frame.topicName.includes(s.conversationId)) return [];
    if (type === 'message') {
      const message = await fromMessage(s, read('stream', frame.eventBody, messageSchema));
      return message ? [message] : [];
    }
    if (type === 'typing-indicator') {
      const typing = read('stream', frame.eventBody, typingSchema);
      return [await transcriptOf(s, 'TypingStarted', typing.sequence, typing.sender.id, '', millisOf(typing.timestamp))];
    }
    if (type === 'member-change') {
      const change = read('stream', frame.eventBody, memberChangeSchema);
      const state = change.member.state.toUpperCase();
      if (state !== 'CONNECTED' && state !== 'DISCONNECTED') return [];
      return [await transcriptOf(s, state === 'CONNECTED' ? 'ParticipantJoined' : 'ParticipantLeft', change.sequence, change.member.id, '', millisOf(change.timestamp))];
    }
    return [];
  }

  const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as CloudSocketFactory | undefined);

  /** The event stream of one conversation for one subscriber. */
  function subscribe(session: SessionData, fromIndex: number, handlers: StreamHandlers): () => void {
    const s = cloudSession(session);
    let stopped = false;
    let ended = false;
    let connected = true;
    /** The highest index handed on. */
    let high = Math.max(0, Math.floor(fromIndex) - 1);
    let socket: CloudSocket | undefined;
    /** Which socket the queued work belongs to: work of a socket given up is dropped. */
    let generation = 0;
    let heartbeat: unknown;
    let reconnect: unknown;
    /** One ordered queue: the resync of an open, then the frames in their order. */
    let queue: Promise<void> = Promise.resolve();
    /** Frames read but not handed on yet, and frames queued: what arrives together is handed on as one batch, in index order. */
    let pending: TranscriptMessage[] = [];
    let waiting = 0;

    const clear = () => {
      if (heartbeat !== undefined) timers.clearTimeout(heartbeat);
      heartbeat = undefined;
    };
    const shut = () => {
      clear();
      if (reconnect !== undefined) timers.clearTimeout(reconnect);
      reconnect = undefined;
      generation++;
      pending = [];
      waiting = 0;
      const old = socket;
      socket = undefined;
      if (old) {
        old.onopen = old.onmessage = old.onclose = old.onerror = null;
        try {
          old.close(1000);
        } catch {
          // already closed
        }
      }
    };
    const hand = (messages: TranscriptMessage[], chatEnded: boolean, always: boolean) => {
      if (stopped) return;
      // In index order, each index once (a frame sent twice, a page overlapping what the socket brought).
      const fresh: TranscriptMessage[] = [];
      for (const m of [...messages].sort((a, b) => a.index - b.index)) {
        if (m.index <= high) continue;
        high = m.index;
        fresh.push(m);
      }
      if (!connected) {
        connected = true;
        handlers.status('connected');
      }
      if (fresh.length || chatEnded || always) handlers.messages({ messages: fresh, chatEnded });
      if (chatEnded) {
        ended = true;
        shut();
      }
    };
    /** The socket is gone (or dead, or could not catch up): say so once, open another after the reconnect delay. */
    const lost = (report = true) => {
      shut();
      if (stopped || ended) return;
      if (report && connected) {
        connected = false;
        handlers.status('disconnected');
      }
      reconnect = timers.setTimeout(() => {
        reconnect = undefined;
        open();
      }, reconnectDelay);
    };
    const failed = (error: unknown) => {
      if (stopped || ended) return;
      const failure = cloudFailure('stream', error);
      if (failure.kind === 'ended') {
        ended = true;
        shut();
        handlers.failed(failure);
        return;
      }
      // Not caught up: nothing the socket brings may be handed on before a resync succeeds.
      if (!failure.lost) handlers.failed(failure);
      lost(failure.lost);
    };
    const run = (gen: number, task: () => Promise<void>) => {
      queue = queue.then(async () => {
        if (gen !== generation || stopped) return;
        try {
          await task();
        } catch (error) {
          if (gen === generation) failed(error);
        }
      });
    };
    /**
     * Every page after the highest index handed on, to the last there is: each page is handed on as it is
     * read (a failure later keeps it; the next socket reads on from there), and no frame is handed on before
     * the read is caught up — a frame's higher index would otherwise hide the pages not read yet.
     */
    const catchUp = async (gen: number) => {
      for (;;) {
        const result = await pagesAfter(s, high, CLOUD.maxPages, (messages) => {
          if (gen !== generation || stopped || ended) throw new ChatFailure('network', 'The cloud event stream was given up');
          hand(messages, ends(s, messages), false);
        });
        if (result.caughtUp || gen !== generation || ended) return;
      }
    };
    const beat = () => {
      clear();
      heartbeat = timers.setTimeout(() => {
        heartbeat = undefined;
        lost();
      }, heartbeatTimeout);
    };
    const open = () => {
      if (stopped || ended) return;
      if (!Socket) return failed(new ChatFailure('rejected', 'The cloud transport needs WebSocket, which this browser does not have'));
      const gen = ++generation;
      let ws: CloudSocket;
      try {
        ws = new Socket(s.webSocketUrl);
      } catch (error) {
        return lost();
      }
      socket = ws;
      // A socket that does not open within the heartbeat time is as dead as one that goes silent.
      beat();
      ws.onopen = () => {
        if (gen !== generation) return;
        beat();
        run(gen, async () => {
          await catchUp(gen);
          // A socket given up meanwhile: the next open reads on from the highest index handed on.
          if (gen === generation) hand([], false, true);
        });
      };
      ws.onmessage = (event) => {
        if (gen !== generation) return;
        beat();
        let frame: v.InferOutput<typeof frameSchema>;
        try {
          frame = read('stream', JSON.parse(typeof event.data === 'string' ? event.data : String(event.data)), frameSchema);
        } catch {
          console.error('[live-assist] cloud chat: a frame of the event stream is not JSON of the expected shape');
          return;
        }
        if (frame.topicName === 'channel.metadata') return;
        waiting++;
        run(gen, async () => {
          let messages: TranscriptMessage[] = [];
          try {
            messages = await fromFrame(s, frame);
          } catch (error) {
            // A frame of the wrong shape is the server's fault, not the visitor's: logged, skipped.
            if (!(error instanceof ChatFailure && error.kind === 'malformed')) throw error;
            console.error('[live-assist] cloud chat:', error.message);
          }
          if (gen !== generation) return;
          pending.push(...messages);
          if (--waiting > 0) return;
          const batch = pending;
          pending = [];
          if (batch.length) hand(batch, ends(s, batch), false);
        });
      };
      ws.onclose = (event) => {
        if (gen !== generation) return;
        socket = undefined;
        clear();
        const failure = closeFailure(event.code, event.reason ?? '');
        if (!failure) return lost();
        if (failure.kind === 'ended') {
          // The server ended the stream: what the chat said last (and the visitor's leave) is read first.
          run(gen, async () => {
            await catchUp(gen);
            if (!ended) failed(failure);
          });
          return;
        }
        failed(failure);
      };
      ws.onerror = () => undefined;
    };

    const stop = () => {
      stopped = true;
      streams.delete(stop);
      shut();
    };
    streams.add(stop);
    open();
    return stop;
  }

  async function send(session: SessionData, text: string, key: string): Promise<{ index?: number }> {
    const s = cloudSession(session);
    const init = { method: 'POST' as const, jwt: s.jwt, body: { body: text, bodyType: 'standard' }, headers: { 'Idempotency-Key': key } };
    let answer: unknown;
    try {
      answer = await request('send', memberURL(s, '/messages'), init);
    } catch (error) {
      // The answer was lost: the same key again, so a message the server stored is not stored twice.
      if (!(error instanceof ChatFailure && error.lost)) throw error;
      answer = await request('send', memberURL(s, '/messages'), init);
    }
    if (answer === undefined) return {};
    return { index: read('send', answer, messageSchema).sequence };
  }

  const unsupported = (what: string) => new ChatFailure('rejected', `${what} is not supported by the cloud transport`);

  return {
    type: 'cloud',
    capabilities: { async: false, pagination: true, fileUpload: false, stream: true },

    close() {
      for (const stop of [...streams]) stop();
      members.clear();
    },

    async start(req: StartRequest) {
      const target = cloud.routingTarget ?? {};
      const routingTarget: Record<string, unknown> = { targetType: target.targetType ?? CLOUD.targetType };
      // The queue: the start's endpoint (startChat's option, else transport.endpoint), else routingTarget.targetAddress.
      const address = req.endpoint || target.targetAddress;
      if (address) routingTarget.targetAddress = address;
      if (target.skills?.length) routingTarget.skills = target.skills;
      if (target.language) routingTarget.language = target.language;
      if (target.priority !== undefined) routingTarget.priority = target.priority;
      const displayName = req.nickname || req.firstName || cloud.memberInfo?.displayName || CLOUD.displayName;
      const customFields: Record<string, string> = { ...cloud.memberInfo?.customFields, ...req.userData };
      const fields = { firstName: req.firstName, lastName: req.lastName === '.' ? '' : req.lastName, email: req.emailAddress, subject: req.subject };
      for (const [key, value] of Object.entries(fields)) if (value) customFields[key] = value;
      const body: Record<string, unknown> = {
        organizationId: cloud.organizationId,
        deploymentId: cloud.deploymentId,
        routingTarget,
        memberInfo: { displayName, role: CLOUD.role, customFields },
      };
      if (cloud.journeyContext) body.journeyContext = cloud.journeyContext;
      const answer = read('create', await request('create', base, { method: 'POST', body }), createSchema);
      const session = { chatId: answer.id, conversationId: answer.id, memberId: answer.member.id, jwt: answer.jwt, webSocketUrl: answer.eventStreamUri };
      cacheOf(cloudSession(session)).set(answer.member.id, { type: 'Client', name: displayName });
      if (req.text?.trim()) {
        // The API's create has no first message: it is the first send.
        await send(session, req.text, freshKey()).catch((error: unknown) => console.error('[live-assist] cloud chat: the first message was not sent', error));
      }
      return { session, messages: [] };
    },

    /** The members, then every page after `fromIndex - 1`. */
    async restore(session, fromIndex) {
      const s = cloudSession(session);
      await loadMembers(s);
      const { messages, chatEnded } = await pagesAfter(s, Math.max(0, Math.floor(fromIndex) - 1));
      return { messages, chatEnded };
    },

    async poll(session, fromIndex) {
      const { messages, chatEnded } = await pagesAfter(cloudSession(session), Math.max(0, Math.floor(fromIndex) - 1));
      return { messages, chatEnded };
    },

    subscribe,

    async send(session, text, sendOptions = {}) {
      return send(session, text, sendOptions.clientMessageId || freshKey());
    },

    /** The API has a typing start only: a stop is the next message, or the agent's 3000 ms timeout. */
    async typing(session, typing) {
      if (!typing) return;
      const s = cloudSession(session);
      await request('typing', memberURL(s, '/typing'), { method: 'POST', jwt: s.jwt });
    },

    async disconnect(session) {
      const s = cloudSession(session);
      await request('end', memberURL(s), { method: 'DELETE', jwt: s.jwt, timeout: CLOUD.endTimeout });
      members.delete(s.conversationId);
    },

    customNotice: () => Promise.reject(unsupported('A custom notice')),
    updateUserData: () => Promise.reject(unsupported('Updating user data during a chat')),
    fileLimits: () => Promise.reject(unsupported('File transfer')),
    upload: () => Promise.reject(unsupported('File transfer')),
    download() {
      throw unsupported('File transfer');
    },

    async history(session, before, count) {
      const s = cloudSession(session);
      if (!members.get(s.conversationId)?.size) await loadMembers(s);
      const query = { before: Math.max(1, Math.floor(before)), maxResults: Math.min(CLOUD.pageSize, Math.max(1, Math.floor(count))) };
      const page = read('messages', await request('messages', url(s, '/messages'), { jwt: s.jwt, query }), pageSchema);
      const out: TranscriptMessage[] = [];
      for (const m of page.entities) {
        const message = m.sequence < before ? await fromMessage(s, m) : undefined;
        if (message) out.push(message);
      }
      return out.sort((a, b) => a.index - b.index);
    },
  };
}
