import { createMessagingClient, type Message } from '../../messaging-client.ts';
import { objectMessage, v } from '../../answer.ts';
import { isRecord } from '../../../app/records.ts';
import { errorText, idString, joined, nextPosition, pollFields, pollResult, read, readAs, requiredId, sessionFields } from './shared.ts';
import { readMessages, type MessageSpan } from '../transcript-schema.ts';
import { createTransport as createRestTransport } from './legacy-rest.ts';
import {
  ChatFailure,
  type ChatTransport,
  type CometDOptions,
  type PollResult,
  type SessionData,
  type StreamHandlers,
  type TranscriptMessage,
  type TransportFactory,
  type TransportOptions,
} from '../types.ts';

/**
 * The CometD chat transport (web-chat.md §7 "CometD mode", §8, §9; docs/cometd.md): the chat over a Bayeux
 * connection made by the CometD project's own JavaScript client (npm `cometd`, with its AckExtension so
 * that what the server pushes is delivered even across a reconnect). This module is its own lazy chunk:
 * only a page with `webchat.cometD.enabled` loads it.
 *
 * - One handshake per page (WebSocket first when `websocketEnabled`, long-polling otherwise or when the
 *   server refuses it), then a subscription to the service channel (`/service/chatV2/customer-support`).
 * - Every operation is published on that channel with the chat's id and keys and a requestId; the
 *   server's answer comes back on the channel with the same requestId, in the REST API's shape
 *   (statusCode 0/1/2, errors, chatEnded …).
 * - Transcript messages are pushed on the channel; `subscribe` hands them to the session machine.
 * - 5 failed handshakes in a row reject ('CometD is not configured or there is a connection issue');
 *   '402::…' (the server no longer knows the client) is a lost connection: the library re-handshakes,
 *   this module subscribes again and asks for the transcript from the position it has reached
 *   (requestNotifications with transcriptPosition), so nothing is lost; duplicates are dropped by index.
 * - Files stay on HTTP: the REST API's file routes under `apiURL`.
 *
 * Errors of the connection are logged by the library (`logLevel`) and reported as ChatFailures, never
 * shown as they are.
 */

/** The rejection when no handshake succeeds (web-chat.md §8). */
export const COMETD_UNAVAILABLE = 'CometD is not configured or there is a connection issue';
/** Failed handshakes in a row before giving up (web-chat.md §8). */
export const MAX_FAILED_HANDSHAKES = 5;
/** How long an operation waits for its answer: the library's maxNetworkDelay (spec: 10000 ms). */
export const OPERATION_TIMEOUT = 10_000;
/** With no chat subscribed, the Bayeux client disconnects after this. */
export const IDLE_DISCONNECT = 2000;
/** After giving up, a subscribed chat tries to connect again after this (the spec's maxBackoff). */
export const RECONNECT_AFTER = 60_000;

/** The operations, as the channel names them. */
export type CometDOperation =
  'requestChat' | 'sendMessage' | 'startTyping' | 'stopTyping' | 'disconnect' | 'requestNotifications' | 'customNotice' | 'updateData';

/* ------------------------------------------------------------------ answers */

const index = v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(0, 'must not be negative'));

const codedErrorSchema = v.object(
  { code: v.optional(v.number('must be a numeric code'), 0), message: v.optional(v.string('must be a string'), '') },
  objectMessage,
);

/** An answer or a push: the REST API's envelope and whatever of the transcript it carries. */
const answerSchema = v.object(
  {
    statusCode: v.picklist([0, 1, 2], 'must be 0, 1 or 2'),
    errors: v.optional(v.array(codedErrorSchema, 'must be a list'), []),
    ...pollFields,
    chatId: v.optional(idString),
    secureKey: v.optional(idString),
    userId: v.optional(idString),
    alias: v.optional(idString),
    nextPosition,
    index: v.optional(v.nullable(index)),
  },
  objectMessage,
);
/** An answer read: its messages each read on its own, with the span of indexes they carried (transcript-schema.ts). */
type Answer = Omit<v.InferOutput<typeof answerSchema>, 'messages'> & { messages: TranscriptMessage[]; span: MessageSpan };

/** `data` read as an answer (`what`: 'The chat requestChat answer', 'The chat notification'), or a malformed ChatFailure. */
function answerOf(what: string, data: unknown): Answer {
  const answer = readAs(what, data, answerSchema);
  const span = readMessages(answer.messages, what);
  return { ...answer, messages: span.messages, span };
}

const startSchema = v.object({ chatId: requiredId, secureKey: requiredId, userId: requiredId, alias: requiredId }, objectMessage);

/** The ChatFailure for a statusCode 1 or 2 answer, as the REST transport reads them. */
function refusal(op: CometDOperation, answer: Answer): ChatFailure {
  const errors = answer.errors.map(({ code, message }) => ({ code, message }));
  if (answer.statusCode === 1)
    return new ChatFailure('unavailable', joined(errors) || `The chat server could not answer the ${op} operation (statusCode 1)`, errors);
  if (answer.chatEnded || errors.some((e) => e.code === 404 || /not found|has ended/i.test(e.message))) {
    return new ChatFailure('ended', joined(errors) || `The chat ${op} operation was refused: the chat has ended`, errors);
  }
  return new ChatFailure('rejected', joined(errors) || `The chat ${op} operation was refused (statusCode 2)`, errors);
}

const pollOf = (answer: Answer): PollResult => pollResult(answer.span, answer.chatEnded, answer.idleTimerExpire, answer.nextPosition);

/** The chat's keys every operation after the start carries. */
const keysOf = (session: SessionData): Record<string, string> => sessionFields(session, ['chatId', 'secureKey', 'userId', 'alias']);

/** A Bayeux error ('402::session_unknown', '403::publish_denied') as a ChatFailure. */
function bayeuxFailure(op: string, message: Message): ChatFailure {
  const error = String(message.error ?? (message as { failure?: { reason?: string } }).failure?.reason ?? 'no answer');
  // 402: the server no longer knows this client — the connection is lost until the re-handshake.
  if (/^402::/.test(error) || !message.error) return new ChatFailure('network', `The chat ${op} operation failed: ${error}`);
  return new ChatFailure('rejected', `The chat ${op} operation was refused: ${error}`);
}

/* ------------------------------------------------------------------ the connection */

interface Pending {
  op: CometDOperation;
  resolve: (answer: Answer) => void;
  /**
   * Called with a statusCode 0 answer as it is read, in the order of the server's messages (the promise's
   * callbacks run only after the rest of that response: a push that followed the answer would go first).
   */
  answered?: (answer: Answer) => void;
  reject: (failure: ChatFailure) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface Stream {
  session: SessionData;
  /** The next index this subscriber has not had. */
  next: number;
  handlers: StreamHandlers;
  connected: boolean;
  /** The resync in flight (its token), if any: an answer or failure of an older one is not this one's. */
  resyncing?: number;
  /** When the resync in flight was asked (Date.now()). */
  resyncAt?: number;
  /** A retry of a failed resync, waiting. */
  retry?: ReturnType<typeof setTimeout>;
  /** Pushes past the position, kept until a resync's answer fills the gap before them (oldest first). */
  held: Answer[];
}

/** Pushes past the position a stream keeps while it resyncs (the oldest go first: the resync covers them). */
const MAX_HELD_PUSHES = 100;

/** After a resync that timed out or was refused as unavailable, ask again after this. */
export const RESYNC_RETRY = 1000;

/** The CometD transport, with `close` (disconnects the Bayeux client: tests, a page that leaves). */
export type CometDTransport = ChatTransport & { close(): void };

/** The CometD transport. `options.cometD` is required. */
export const createTransport: TransportFactory = (options: TransportOptions): ChatTransport => createCometDTransport(options);

export function createCometDTransport(options: TransportOptions): CometDTransport {
  const config: CometDOptions | undefined = options.cometD;
  if (!config?.url || !config.channel) throw new ChatFailure('rejected', COMETD_UNAVAILABLE);
  const channel = config.channel;
  const files = config.apiURL ? createRestTransport({ ...options, dataURL: config.apiURL }) : undefined;

  let client: ReturnType<typeof createMessagingClient> | undefined;
  /** Waiting for a handshake to succeed (or to give up). */
  let waiters: Array<{ resolve: () => void; reject: (failure: ChatFailure) => void }> = [];
  let failedHandshakes = 0;
  let handshaken = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  const pending = new Map<string, Pending>();
  const streams = new Map<string, Stream>();

  const settle = (failure?: ChatFailure) => {
    const list = waiters;
    waiters = [];
    for (const waiter of list) {
      if (failure) waiter.reject(failure);
      else waiter.resolve();
    }
  };

  /** Everything waiting, for a handshake or for an operation's answer, rejected with `failure`. */
  const failAll = (failure: ChatFailure) => {
    settle(failure);
    for (const [id, call] of pending) {
      clearTimeout(call.timer);
      call.reject(failure);
      pending.delete(id);
    }
  };

  const setStatus = (connected: boolean) => {
    for (const stream of streams.values()) {
      if (stream.connected === connected) continue;
      stream.connected = connected;
      stream.handlers.status(connected ? 'connected' : 'disconnected');
    }
  };

  /**
   * Asks for the transcript from the subscriber's position (after a subscribe or a re-handshake, after a
   * push that skips indexes, after a resync that got no answer). Until one is answered the stream has a
   * resync in flight; a failure that is not the lost connection (whose re-handshake resyncs anyway) nor
   * the chat's end asks again after RESYNC_RETRY — a resync must not be given up while pushes go on,
   * or the pushes' higher indexes hide what it would have brought.
   */
  const resync = (chatId: string) => {
    const stream = streams.get(chatId);
    if (!stream) return;
    if (stream.retry !== undefined) clearTimeout(stream.retry);
    stream.retry = undefined;
    const token = ++seq;
    stream.resyncing = token;
    stream.resyncAt = Date.now();
    // The answer is handed on as it is read (`answered`), before anything the server pushed after it.
    const answered = (answer: Answer) => {
      const current = streams.get(chatId);
      if (current?.resyncing === token) current.resyncing = undefined;
      deliver(chatId, answer);
      if (current && streams.get(chatId) === current) replayHeld(current, chatId);
    };
    operate('requestNotifications', { ...keysOf(stream.session), transcriptPosition: stream.next }, answered).then(
      () => undefined,
      (failure: ChatFailure) => {
        const current = streams.get(chatId);
        if (!current || current.resyncing !== token) return;
        current.resyncing = undefined;
        if (failure.kind === 'ended') current.handlers.failed(failure);
        else if (failure.kind === 'network') setStatus(false);
        else if (failure.kind === 'timeout' || failure.kind === 'unavailable' || failure.kind === 'malformed') {
          if (failure.lost) setStatus(false);
          current.retry = setTimeout(() => {
            current.retry = undefined;
            if (streams.get(chatId) === current) resync(chatId);
          }, RESYNC_RETRY);
        }
      },
    );
  };

  /**
   * After a resync's answer: the pushes held meanwhile, without what the answer brought (each index once);
   * one still past the position is held again and asks again.
   */
  const replayHeld = (stream: Stream, chatId: string) => {
    const held = stream.held;
    stream.held = [];
    for (const push of held) {
      if (streams.get(chatId) !== stream) return;
      const messages = push.messages.filter((m) => m.index >= stream.next);
      const { first: low, last: high } = push.span;
      if (!messages.length && !push.chatEnded && (high ?? 0) < stream.next) continue;
      // Where what is left of it starts: a message not shown below the first one left may be in a gap, so
      // when the push began before the position, the first message left (or, none, its last index) counts.
      const first = low !== undefined && low >= stream.next ? low : messages.length ? Math.min(...messages.map((m) => m.index)) : (high ?? stream.next);
      deliver(chatId, { ...push, messages, span: { ...push.span, messages, first } }, true);
    }
  };

  /** A push or a resync answer for a chat: handed to its subscriber, the position moved on. */
  const deliver = (chatId: string, answer: Answer, push = false) => {
    const stream = streams.get(chatId);
    if (!stream) return;
    const result = pollOf(answer);
    if (push) {
      // A push that starts past the position: handing it on would move the session machine's last index
      // past the gap, and the gap's messages, coming later, would be dropped as old. It is held until a
      // resync's answer fills the gap, then handed on. Either a resync is in flight (a re-handshake, a
      // new subscriber: a server may push what the chat gains before its answer comes), or its answer
      // was lost (the server bound this session from further on): then ask again, at most once per
      // RESYNC_RETRY, rather than wait for its timeout. The answer carries what the position misses.
      // A message carried but not shown (transcript-schema.ts) counts: it is no gap.
      const first = answer.span.first ?? result.nextPosition ?? stream.next;
      if (first > stream.next) {
        stream.held.push(answer);
        if (stream.held.length > MAX_HELD_PUSHES) stream.held.shift();
        if (stream.resyncing === undefined || Date.now() - (stream.resyncAt ?? 0) >= RESYNC_RETRY) resync(chatId);
        return;
      }
    }
    const last = Math.max(stream.next - 1, ...result.messages.map((m) => m.index));
    stream.next = Math.max(last + 1, result.nextPosition ?? 0);
    if (!stream.connected) {
      stream.connected = true;
      stream.handlers.status('connected');
    }
    stream.handlers.messages(result);
  };

  /** Everything the server sends on the service channel: answers by requestId, pushes by chatId. */
  const onChannel = (message: Message) => {
    const data: unknown = message.data;
    if (!isRecord(data)) return;
    const requestId = data.requestId;
    if (requestId !== undefined) {
      const call = pending.get(String(requestId));
      if (!call) return;
      pending.delete(String(requestId));
      clearTimeout(call.timer);
      let answer: Answer;
      try {
        answer = answerOf(`The chat ${call.op} answer`, data);
      } catch (failure) {
        call.reject(failure as ChatFailure);
        return;
      }
      if (answer.statusCode === 0) {
        call.resolve(answer);
        call.answered?.(answer);
      } else call.reject(refusal(call.op, answer));
      return;
    }
    const chatId = data.chatId;
    if (typeof chatId !== 'string' || !streams.has(chatId)) return;
    let answer: Answer;
    try {
      answer = answerOf('The chat notification', data);
    } catch (failure) {
      console.error('[live-assist] CometD:', (failure as Error).message);
      return;
    }
    if (answer.statusCode === 0) deliver(chatId, answer, true);
  };

  const connect = () => {
    if (client) return client;
    // The official client with the spec's constants and the AckExtension (src/services/messaging-client.ts).
    const c = createMessagingClient({
      url: config.url,
      websocketEnabled: config.websocketEnabled,
      logLevel: config.logLevel,
      headers: { ...options.headers, ...(options.apikey ? { apikey: options.apikey } : {}) },
    });
    client = c;
    c.addListener('/meta/handshake', (message: Message) => {
      if (message.successful) {
        failedHandshakes = 0;
        const again = handshaken;
        handshaken = true;
        // Subscriptions do not survive a re-handshake: subscribe again, then catch up by position.
        c.clearSubscriptions();
        c.batch(() => {
          c.subscribe(channel, onChannel);
          if (again) for (const chatId of streams.keys()) resync(chatId);
        });
        settle();
        return;
      }
      failedHandshakes++;
      setStatus(false);
      if (failedHandshakes >= MAX_FAILED_HANDSHAKES) giveUp();
      // A server that advises reconnect 'none' ends the library's retries: nothing more will come.
      else
        setTimeout(() => {
          if (client === c && c.isDisconnected()) giveUp();
        }, 0);
    });
    c.addListener('/meta/connect', (message: Message) => {
      if (c.isDisconnected()) return;
      if (message.successful) setStatus(true);
      else setStatus(false);
    });
    failedHandshakes = 0;
    handshaken = false;
    c.handshake();
    return c;
  };

  /** No handshake succeeds: stop the client, reject everything waiting, try again later for a subscribed chat. */
  const giveUp = () => {
    const c = client;
    client = undefined;
    c?.disconnect();
    failAll(new ChatFailure('network', COMETD_UNAVAILABLE));
    setStatus(false);
    if (streams.size && reconnectTimer === undefined) {
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined;
        if (!streams.size) return;
        connected().then(
          () => undefined,
          () => undefined,
        );
      }, RECONNECT_AFTER);
    }
  };

  /** Resolves once the client has a successful handshake. */
  const connected = (): Promise<void> => {
    let c: NonNullable<typeof client>;
    try {
      c = connect();
    } catch (error) {
      // A refused URL (its host name): logged, and the spec's message for the caller.
      console.error('[live-assist] CometD:', errorText(error));
      return Promise.reject(new ChatFailure('rejected', COMETD_UNAVAILABLE));
    }
    if (handshaken && !c.isDisconnected()) return Promise.resolve();
    return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
  };

  /** Publishes an operation and waits for its answer (statusCode 0), or rejects with a ChatFailure. */
  async function operate(op: CometDOperation, data: Record<string, unknown>, answered?: (answer: Answer) => void): Promise<Answer> {
    await connected();
    const c = client!;
    const requestId = `${++seq}`;
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(requestId);
        reject(new ChatFailure('timeout', `The chat ${op} operation got no answer within ${OPERATION_TIMEOUT} ms`));
      }, OPERATION_TIMEOUT);
      pending.set(requestId, { op, resolve, reject, timer, ...(answered ? { answered } : {}) });
      try {
        c.publish(channel, { operation: op, requestId, ...data }, (reply: Message) => {
          if (reply.successful) return;
          const call = pending.get(requestId);
          if (!call) return;
          pending.delete(requestId);
          clearTimeout(call.timer);
          call.reject(bayeuxFailure(op, reply));
        });
      } catch (error) {
        pending.delete(requestId);
        clearTimeout(timer);
        reject(new ChatFailure('network', `The chat ${op} operation failed: ${errorText(error)}`));
      }
    });
  }

  const simple = async (op: CometDOperation, session: SessionData, fields: Record<string, unknown> = {}) => {
    await operate(op, { ...keysOf(session), ...fields });
  };

  /** The transcript from `fromIndex`: a restore and a poll are the same operation. */
  const notifications = async (session: SessionData, fromIndex: number): Promise<PollResult> =>
    pollOf(await operate('requestNotifications', { ...keysOf(session), transcriptPosition: Math.max(1, Math.floor(fromIndex)) }));

  const noFiles = () => new ChatFailure('rejected', 'File transfer over CometD needs webchat.cometD.apiURL');

  return {
    close() {
      for (const stream of streams.values()) if (stream.retry !== undefined) clearTimeout(stream.retry);
      streams.clear();
      if (idleTimer !== undefined) clearTimeout(idleTimer);
      idleTimer = undefined;
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      const c = client;
      client = undefined;
      handshaken = false;
      c?.disconnect();
      failAll(new ChatFailure('network', 'The CometD connection was closed'));
    },
    type: 'cometd',
    capabilities: { async: false, pagination: false, fileUpload: Boolean(files), stream: true },

    async start(request) {
      const answer = await operate('requestChat', {
        nickname: request.nickname,
        firstName: request.firstName,
        lastName: request.lastName,
        emailAddress: request.emailAddress,
        subject: request.subject,
        text: request.text,
        userData: request.userData ?? {},
        endpoint: request.endpoint,
      });
      const { chatId, secureKey, userId, alias } = read('requestChat', answer, startSchema);
      return { session: { chatId, secureKey, userId, alias }, messages: answer.messages };
    },

    restore: notifications,
    poll: notifications,

    async send(session, text, sendOptions = {}) {
      const answer = await operate('sendMessage', {
        ...keysOf(session),
        message: text,
        messageType: sendOptions.messageType ?? 'text',
        ...(sendOptions.eventAttributes !== undefined ? { eventAttributes: sendOptions.eventAttributes } : {}),
        ...(sendOptions.clientMessageId !== undefined ? { clientMessageId: sendOptions.clientMessageId } : {}),
      });
      return typeof answer.index === 'number' ? { index: answer.index } : {};
    },

    typing: (session, typing, preview) => simple(typing ? 'startTyping' : 'stopTyping', session, preview !== undefined ? { message: preview } : {}),
    disconnect: (session) => simple('disconnect', session),
    customNotice: (session, text) => simple('customNotice', session, { message: text }),
    updateUserData: (session, userData) => simple('updateData', session, { userData }),

    fileLimits: (session) => (files ? files.fileLimits(session) : Promise.reject(noFiles())),
    upload: (session, file) => (files ? files.upload(session, file) : Promise.reject(noFiles())),
    download(session, fileId) {
      if (!files) throw noFiles();
      files.download(session, fileId);
    },

    async history(session, before, count) {
      const { messages } = await this.poll(session, Math.max(1, before - count));
      return messages.filter((message) => message.index < before);
    },

    subscribe(session, fromIndex, handlers) {
      const { chatId } = keysOf(session);
      if (idleTimer !== undefined) clearTimeout(idleTimer);
      idleTimer = undefined;
      streams.set(chatId, { session, next: Math.max(1, Math.floor(fromIndex)), handlers, connected: true, held: [] });
      connected().then(
        () => resync(chatId),
        () => undefined,
      );
      return () => {
        const stream = streams.get(chatId);
        if (stream?.retry !== undefined) clearTimeout(stream.retry);
        streams.delete(chatId);
        if (streams.size) return;
        if (reconnectTimer !== undefined) {
          clearTimeout(reconnectTimer);
          reconnectTimer = undefined;
        }
        // No chat listens any more (it ended, or auto-load stopped): leave the server after the last
        // answers are in, instead of long-polling it for nothing. The next call handshakes again.
        if (idleTimer !== undefined) clearTimeout(idleTimer);
        idleTimer = setTimeout(() => {
          idleTimer = undefined;
          if (streams.size || pending.size || waiters.length || !client) return;
          const c = client;
          client = undefined;
          handshaken = false;
          c.disconnect();
        }, IDLE_DISCONNECT);
      };
    },
  };
}
