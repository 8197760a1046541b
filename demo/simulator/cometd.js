// @ts-check
/**
 * The chat over Bayeux (web-chat.md §7 "CometD mode"): a wire adapter over the one chat model of chat.js,
 * on the CometD project's own Node server (npm `cometd-nodejs-server`, with its acknowledged-messages
 * extension), which the host (demo/server.mjs) creates and hands in — nothing here imports Node APIs.
 *
 * The visitor's client handshakes at `/api/cometd`, listens on the service channel
 * `/service/chatV2/{service}` and publishes operations on it:
 *
 *   { operation: 'requestChat', requestId, nickname, firstName, lastName, emailAddress, subject, text, userData, endpoint }
 *   { operation: 'sendMessage' | 'startTyping' | 'stopTyping' | 'disconnect' | 'requestNotifications'
 *              | 'customNotice' | 'updateData', requestId, chatId, secureKey, userId, alias,
 *     message?, messageType?, eventAttributes?, transcriptPosition?, userData? }
 *
 * Each operation is the REST API's call (chat.js) made for it — same validation, same answers, same
 * faults (`chat.start`, `chat.send` … in the control API) — and its answer comes back on the channel
 * with the operation and requestId added. From requestChat (or requestNotifications, after a
 * re-handshake) on, every message the chat's transcript gains is delivered to that Bayeux session:
 *
 *   { chatId, statusCode: 0, messages: [...], nextPosition, chatEnded, idleTimerExpire? }
 *
 * `customer-support` is the agents' service (the spec's channel name), the other names are the REST
 * API's services (`customer-chat-bot`, `customer-chat`). Files stay on HTTP (`apiURL`, the REST API's
 * file routes). POST /__control/cometd/disconnect forgets every Bayeux session and drops every pending
 * Bayeux request, as a server restart would: clients get '402::session_unknown', re-handshake and
 * resync by transcript position.
 *
 * Faults (faults.js, `POST /__control/faults`), per chat by the operation's or the push's chatId:
 * `cometd.publish.{operation}` (falling back to the REST call's key, `chat.send` …) — latency, a dropped
 * publish (no answer, nothing done), a failure answer (statusCode 1), a dropped answer after the operation
 * was done, a disconnect (the client's session is dropped: its held /meta/connect fails, the next one gets
 * 402, it re-handshakes); `cometd.push` — a pushed batch with a message twice or reordered, or a disconnect
 * instead of the push. sendMessage's `clientMessageId` is the REST send's Idempotency-Key: a repeat within
 * the chat stores nothing and answers the first index.
 */
import { HttpError, json } from './http.js';
import { DEPLOYMENT, PATHS } from './contracts.js';
import { assertJsonBody, assertSameOrigin } from './security.js';
import { SIMULATOR_TEXTS, requestLanguage } from './texts.js';

/** The Bayeux endpoint's path and the service channels' prefix. */
export const COMETD_PATH = '/api/cometd';
export const CHAT_CHANNEL_PREFIX = '/service/chatV2/';
/** The control route (under the control API) that forgets every Bayeux session. */
export const COMETD_CONTROL = `${PATHS.control}/cometd`;

/** Operation → the REST API's call (a path after the chat id; '' is the start). */
const OPERATIONS = /** @type {const} */ ({
  requestChat: '',
  sendMessage: 'send',
  startTyping: 'startTyping',
  stopTyping: 'stopTyping',
  disconnect: 'disconnect',
  requestNotifications: 'requestNotifications',
  customNotice: 'customNotice',
  updateData: 'updateData',
});

/** Fields each operation passes on to its REST call, as form fields. */
const FIELDS = [
  'nickname',
  'firstName',
  'lastName',
  'emailAddress',
  'subject',
  'text',
  'endpoint',
  'message',
  'messageType',
  'eventAttributes',
  'transcriptPosition',
  'alias',
  'secureKey',
  'userId',
];

/**
 * @typedef {object} BayeuxSession the parts of cometd-nodejs-server's ServerSession used here
 * @property {string} id
 * @property {(sender: null, channel: string, data: unknown) => void} deliver
 * @property {(event: string, fn: (...args: any[]) => void) => void} addListener
 * @property {{ cancel: () => void } | null} [_scheduler] the held /meta/connect, if any
 */

/**
 * @typedef {object} BayeuxServer the parts of cometd-nodejs-server's CometDServer used here
 * @property {(name: string) => { addListener: (event: string, fn: (...args: any[]) => void) => void }} createServerChannel
 * @property {(event: string, fn: (...args: any[]) => void) => void} addListener
 * @property {(extension: unknown) => void} addExtension
 * @property {{ canHandshake?: Function, canCreate?: Function, canSubscribe?: Function, canPublish?: Function }} policy
 * @property {{ request?: { headers: Record<string, string | string[] | undefined> } }} context
 * @property {(session: BayeuxSession, timeout: boolean) => boolean} _removeServerSession
 */

/** @param {string} service the channel's last segment */
function serviceOf(service) {
  return service === 'customer-support' ? DEPLOYMENT.chatService : service;
}

/**
 * Attach the chat's Bayeux wire format to a CometD server over a simulator.
 * @param {import('./index.js').Simulator} simulator
 * @param {BayeuxServer} server a `createCometDServer()` of cometd-nodejs-server
 * @param {{ ackExtension?: unknown, origin?: string, dropConnections?: () => void }} [options]
 *   ackExtension: the server's AcknowledgedMessagesExtension (installed when given); origin: the
 *   simulator's own origin when the server cannot tell it from the request's Host; dropConnections:
 *   the host closes every pending Bayeux request (a forced disconnect)
 */
export function attachCometD(simulator, server, options = {}) {
  if (options.ackExtension) server.addExtension(options.ackExtension);
  /** @type {Map<string, BayeuxSession>} */
  const sessions = new Map();
  /** chatId → Bayeux session id → { the session, its channel, the next transcript index it has not had } */
  /** @type {Map<string, Map<string, { session: BayeuxSession, channel: string, next: number, ended: boolean }>>} */
  const bindings = new Map();
  /** chats with messages to deliver at the end of this turn */
  const dirty = new Set();
  let flushing = false;

  server.addListener('sessionAdded', (/** @type {BayeuxSession} */ session) => {
    sessions.set(session.id, session);
    session.addListener('removed', () => {
      sessions.delete(session.id);
      for (const [chatId, bound] of bindings) {
        bound.delete(session.id);
        if (!bound.size) bindings.delete(chatId);
      }
    });
  });

  // Only the chat's service channels exist for clients: no broadcast channels, no subscriptions to them.
  server.policy = {
    canCreate: (/** @type {unknown} */ _s, /** @type {unknown} */ _m, /** @type {string} */ name, /** @type {(e?: Error, ok?: boolean) => void} */ cb) =>
      cb(undefined, name.startsWith(CHAT_CHANNEL_PREFIX)),
    canSubscribe: (
      /** @type {unknown} */ _s,
      /** @type {unknown} */ _m,
      /** @type {{ name: string }} */ channel,
      /** @type {(e?: Error, ok?: boolean) => void} */ cb,
    ) => cb(undefined, channel.name.startsWith(CHAT_CHANNEL_PREFIX)),
    canPublish: (
      /** @type {unknown} */ _s,
      /** @type {unknown} */ _m,
      /** @type {{ name: string }} */ channel,
      /** @type {(e?: Error, ok?: boolean) => void} */ cb,
    ) => cb(undefined, channel.name.startsWith(CHAT_CHANNEL_PREFIX)),
  };

  /** Deliver what each bound session has not had yet, with chatEnded once the chat is over. */
  function flush() {
    flushing = false;
    const chats = simulator.state.chat.sessions;
    for (const chatId of dirty) {
      const s = chats.get(chatId);
      const bound = bindings.get(chatId);
      if (!s || !bound) continue;
      for (const binding of bound.values()) {
        let messages = s.transcript.filter((m) => m.index >= binding.next);
        if (!messages.length && (binding.ended || !s.ended)) continue;
        const fault = simulator.fault('cometd.push', chatId);
        if (fault?.disconnect) {
          // The connection is lost with this push in it: the client re-handshakes and resyncs from its position.
          dropSession(binding.session);
          continue;
        }
        messages = simulator.applyToBatch(messages, fault);
        binding.next = s.nextIndex;
        binding.ended = s.ended;
        /** @type {Record<string, unknown>} */
        const data = { chatId, statusCode: 0, messages, nextPosition: s.nextIndex, chatEnded: s.ended };
        if (s.idle.expireAt !== null && !s.ended) data.idleTimerExpire = s.idle.expireAt;
        binding.session.deliver(null, binding.channel, data);
      }
    }
    dirty.clear();
  }
  /** @param {string} chatId */
  function schedule(chatId) {
    dirty.add(chatId);
    if (flushing) return;
    flushing = true;
    // One delivery per turn: endChat's leaves and its chatEnded go out together.
    queueMicrotask(flush);
  }
  simulator.onChat((s) => {
    if (bindings.has(s.chatId)) schedule(s.chatId);
  });

  /**
   * @param {BayeuxSession} session
   * @param {string} channel
   * @param {string} chatId
   * @param {number} next
   */
  function bind(session, channel, chatId, next) {
    let bound = bindings.get(chatId);
    if (!bound) bindings.set(chatId, (bound = new Map()));
    bound.set(session.id, { session, channel, next, ended: false });
    schedule(chatId);
  }

  /** The simulator's origin and the visitor's language, from the HTTP request that carried the message. */
  function requestInfo() {
    const headers = server.context.request?.headers ?? {};
    const one = (/** @type {string} */ name) => {
      const value = headers[name];
      return Array.isArray(value) ? value.join(', ') : value || '';
    };
    const host = one('host');
    const origin = options.origin || (host ? `http://${host}` : 'http://localhost');
    return { origin, lang: one('accept-language') };
  }

  /**
   * One operation: the REST call made for it, its answer delivered back with the operation and requestId.
   * @param {BayeuxSession} session
   * @param {string} channel
   * @param {Record<string, unknown>} data
   */
  async function operate(session, channel, data) {
    const operation = typeof data.operation === 'string' ? data.operation : '';
    const requestId = typeof data.requestId === 'string' || typeof data.requestId === 'number' ? data.requestId : undefined;
    const reply = (/** @type {Record<string, unknown>} */ answer) =>
      session.deliver(null, channel, { ...answer, operation, ...(requestId !== undefined ? { requestId } : {}) });
    if (!Object.hasOwn(OPERATIONS, operation)) {
      reply({ statusCode: 2, errors: [{ code: 400, message: `Unknown operation '${operation.slice(0, 40)}'` }] });
      return;
    }
    const op = OPERATIONS[/** @type {keyof typeof OPERATIONS} */ (operation)];
    const chatId = typeof data.chatId === 'string' ? data.chatId : '';
    if (op && !chatId) {
      reply({ statusCode: 2, errors: [{ code: 400, message: 'chatId is required' }] });
      return;
    }
    const { origin, lang } = requestInfo();
    const fault = simulator.fault([`cometd.publish.${operation}`, op ? `chat.${op}` : 'chat.start'], chatId || undefined);
    if (fault) {
      if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
      if (fault.disconnect) {
        dropSession(session);
        return;
      }
      // A dropped publish: nothing done, no answer.
      if (fault.dropRequest) return;
      if (fault.failure) {
        const texts = SIMULATOR_TEXTS[requestLanguage({ headers: new Headers(lang ? { 'accept-language': lang } : {}) })];
        reply({ statusCode: 1, errors: [{ code: 503, message: texts.simulatedChatFailure }] });
        return;
      }
    }
    const form = new URLSearchParams();
    for (const name of FIELDS) {
      const value = data[name];
      if (typeof value === 'string' || typeof value === 'number') form.set(name, String(value));
    }
    if (data.userData !== undefined) form.set('userData', typeof data.userData === 'string' ? data.userData : JSON.stringify(data.userData));
    const service = serviceOf(channel.slice(CHAT_CHANNEL_PREFIX.length));
    const path = op ? `${PATHS.chat}/${encodeURIComponent(service)}/${encodeURIComponent(chatId)}/${op}` : `${PATHS.chat}/${encodeURIComponent(service)}`;
    /** @type {Record<string, string>} */
    const headers = lang ? { 'accept-language': lang } : {};
    // The client's message id: the REST send keeps one message per id within the chat.
    const clientMessageId = data.clientMessageId;
    if (operation === 'sendMessage' && (typeof clientMessageId === 'string' || typeof clientMessageId === 'number'))
      headers['idempotency-key'] = String(clientMessageId);
    // The REST call made for the operation: its faults were drawn above.
    const response = await simulator.handle(new Request(origin + path, { method: 'POST', body: form, headers }), { faults: false });
    if (!response || response.type === 'error') return;
    /** @type {Record<string, unknown>} */
    let answer;
    try {
      answer = /** @type {Record<string, unknown>} */ (await response.json());
    } catch {
      answer = { statusCode: 1, errors: [{ code: response.status, message: `The chat server answered ${response.status}` }] };
    }
    // A dropped answer (an injected fault): the operation was done, the client hears nothing.
    if (!fault?.dropResponse) reply(answer);
    if (answer.statusCode !== 0) return;
    if (operation === 'requestChat' && typeof answer.chatId === 'string') bind(session, channel, answer.chatId, 1);
    // The answer carried the transcript from the position asked for; what comes after is pushed.
    else if (operation === 'requestNotifications') bind(session, channel, chatId, typeof answer.nextPosition === 'number' ? answer.nextPosition : 1);
  }

  /** @param {string} name */
  const listen = (name) =>
    server
      .createServerChannel(name)
      .addListener(
        'message',
        (
          /** @type {BayeuxSession} */ session,
          /** @type {unknown} */ _channel,
          /** @type {{ data?: unknown }} */ message,
          /** @type {(e?: Error, ok?: boolean) => void} */ callback,
        ) => {
          const data = message.data;
          callback(undefined, true);
          if (!data || typeof data !== 'object' || Array.isArray(data)) {
            session.deliver(null, name, { statusCode: 2, errors: [{ code: 400, message: 'An operation must be an object' }] });
            return;
          }
          operate(session, name, /** @type {Record<string, unknown>} */ (data)).catch(() => {
            session.deliver(null, name, { statusCode: 1, errors: [{ code: 500, message: 'The chat server failed' }] });
          });
        },
      );
  const channels = ['customer-support', ...simulator.state.chat.services].map((service) => CHAT_CHANNEL_PREFIX + service);
  for (const name of channels) listen(name);

  /**
   * Drop one client's session as a lost connection would: its held /meta/connect fails now, the next gets
   * 402 and the client re-handshakes.
   * @param {BayeuxSession} session
   */
  function dropSession(session) {
    if (session._scheduler) session._scheduler.cancel();
    server._removeServerSession(session, true);
  }

  /** Forget every Bayeux session and drop every pending request: clients see 402 and re-handshake. */
  function disconnectAll() {
    const count = sessions.size;
    for (const session of [...sessions.values()]) server._removeServerSession(session, true);
    options.dropConnections?.();
    return count;
  }

  simulator.use(async (_sim, request, url) => {
    if (url.pathname !== COMETD_CONTROL && !url.pathname.startsWith(COMETD_CONTROL + '/')) return undefined;
    if (!simulator.options.control) throw new HttpError(404, 'Control API disabled');
    assertSameOrigin(request, url);
    assertJsonBody(request);
    const op = url.pathname.slice(COMETD_CONTROL.length).replace(/^\/|\/$/g, '');
    if (op === '' && request.method === 'GET') {
      return json({ sessions: sessions.size, channels, chats: [...bindings].map(([chatId, bound]) => ({ chatId, sessions: bound.size })) });
    }
    if (op === 'disconnect' && request.method === 'POST') return json({ disconnected: disconnectAll() });
    throw new HttpError(op === '' || op === 'disconnect' ? 405 : 404, op === '' || op === 'disconnect' ? 'Method not allowed' : 'Not found');
  });

  return {
    channels,
    disconnectAll,
    /** Bayeux sessions the server knows now. */
    get sessions() {
      return sessions.size;
    },
  };
}
