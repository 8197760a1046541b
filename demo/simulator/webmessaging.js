// @ts-check
/**
 * The Web Messaging guest API (Genesys Cloud Messenger's wire; docs/webmessaging.md): a wire adapter over the
 * one chat model of chat.js, like cloud.js — every action is the legacy REST call made for it, so the bot, the
 * scripted agent, the agent console, the idle timer and the `chat.*` faults are the same.
 *
 *   WebSocket  /v1?deploymentId={id}          (the real host is wss://webmessaging.{region}/v1)
 *     → { action: 'configureSession', deploymentId, token }      ← response SessionResponse { connected, newSession, readOnly, … }
 *     → { action: 'onMessage', token, message: { type: 'Text', text, metadata: { customMessageId }, channel: { metadata: { customAttributes } } } }
 *                                                                 ← response StructuredMessage (the message as stored, direction Inbound)
 *     → { action: 'onMessage', token, message: { type: 'Event', events: [{ eventType: 'Typing' | 'Presence', … }] } }
 *     → { action: 'echo', token, message: { type: 'Text', text } } ← response StructuredMessage (the same text)
 *     → { action: 'getJwt', token }                               ← response JwtResponse { jwt, exp }
 *     ← message StructuredMessage { direction: 'Outbound', type: Text | Event (Typing On, Presence Disconnect) }
 *     ← message SessionExpiredEvent, SessionClearedEvent
 *   GET /api/v2/webmessaging/messages?pageSize=&pageNumber=    Authorization: Bearer {jwt}
 *                                                               { entities (newest first), pageSize, pageNumber, total, pageCount }
 *
 * A conversation starts with the session's first Presence Join or Text (its customAttributes are the chat's
 * user data and name). A message's `customMessageId` is honoured as an idempotency key: the same id again is
 * answered with the message stored, not stored twice. Errors are responses `{ type: 'response', class:
 * 'string', code, body: text }` (400 a bad frame, 401 no session, 403 read only, 404 unknown deployment, 503
 * an injected failure).
 *
 * Faults (faults.js), per chat: `webmessaging.send` (a client frame lost before the server acts, its response
 * lost after, a 503 response, latency), `webmessaging.stream` (the socket dropped before a push, a pushed frame
 * lost, sent twice or the frames of one push shuffled), `webmessaging.history` (the HTTP faults); POST
 * /__control/webmessaging { drop | expire | close }: drop every socket, expire every session (the tokens
 * are forgotten: SessionExpiredEvent), close every socket with a code.
 */
import { HttpError, json, readBody, randomKey, sameKey } from './http.js';
import { PATHS } from './contracts.js';
import { registerFaultKeys } from './faults.js';
import { assertJsonBody, assertSameOrigin } from './security.js';

/** The socket's path (the real one: `wss://webmessaging.{region}/v1`). */
export const WEBMESSAGING_PATH = '/v1';
/** The guest history endpoint. */
export const WEBMESSAGING_HISTORY = '/api/v2/webmessaging/messages';
export const WEBMESSAGING_CONTROL = `${PATHS.control}/webmessaging`;
/** The messaging deployments the simulator knows, each with its queue (the chat model's service). */
export const WEBMESSAGING_DEPLOYMENTS = Object.freeze({ 'ppk-messaging': 'customer-chat-bot', 'ppk-messaging-agent': 'customer-chat' });
/** Most messages one history page holds. */
export const WEBMESSAGING_MAX_PAGE = 100;
/** How long a JWT lives (s). */
const JWT_SECONDS = 3600;
/** Transcript types that are messages of the history (the rest are events, or nothing on this wire). */
const HISTORY_TYPES = new Set(['Message', 'PushUrl']);

registerFaultKeys('webmessaging.send', 'webmessaging.stream', 'webmessaging.history');

/**
 * @typedef {object} MessagingSession
 * @property {string} token the guest's session token
 * @property {string} deploymentId
 * @property {string} service
 * @property {string} [chatId] the chat model's chat, once the conversation started
 * @property {string} [memberId]
 * @property {string} [secureKey]
 * @property {string} [alias]
 * @property {string} [jwt]
 * @property {Map<string, number>} sent customMessageId → transcript index
 * @property {Map<number, string>} ids transcript index → customMessageId
 */

/** @typedef {{ sessions: Map<string, MessagingSession>, jwts: Map<string, string> }} MessagingState */
/** @type {WeakMap<object, MessagingState>} */
const states = new WeakMap();
/** @param {{ state: object }} sim @returns {MessagingState} */
function stateOf(sim) {
  let s = states.get(sim.state);
  if (!s) states.set(sim.state, (s = { sessions: new Map(), jwts: new Map() }));
  return s;
}

/** @param {unknown} v @returns {v is Record<string, any>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A response frame. @param {string} cls @param {number} code @param {unknown} body */
const response = (cls, code, body) => ({ type: 'response', class: cls, code, body });
/** An error response (the API's `class: 'string'`, the body its text). @param {number} code @param {string} text */
const error = (code, text) => response('string', code, text);

/**
 * A transcript message as a Web Messaging message.
 * @param {MessagingSession} m @param {import('./contracts.js').TranscriptMessage} t
 */
export function messageOf(m, t) {
  const inbound = t.from.type === 'Client';
  const text = t.type === 'PushUrl' ? t.text : t.text;
  /** @type {Record<string, any>} */
  const body = {
    id: `${m.chatId}-${t.index}`,
    channel: { time: new Date(t.timestamp).toISOString(), messageId: `${m.chatId}-${t.index}` },
    type: 'Text',
    text,
    direction: inbound ? 'Inbound' : 'Outbound',
    originatingEntity: t.from.type === 'Bot' ? 'Bot' : 'Human',
  };
  if (!inbound) body.channel.from = { nickname: t.from.name || '', id: t.from.id };
  const custom = m.ids.get(t.index);
  if (custom) body.metadata = { customMessageId: custom };
  return body;
}

/** The session's history, oldest first. @param {import('./index.js').Simulator} sim @param {MessagingSession} m */
function historyOf(sim, m) {
  const s = m.chatId ? sim.state.chat.sessions.get(m.chatId) : undefined;
  return s ? s.transcript.filter((t) => HISTORY_TYPES.has(t.type)).map((t) => messageOf(m, t)) : [];
}

/**
 * The legacy REST call `op` ('' = start) made for a frame (its faults were drawn for the frame): its body,
 * or the HTTP-ish status of its failure.
 * @param {import('./index.js').Simulator} simulator @param {string} origin @param {string} service @param {string} chatPath @param {URLSearchParams} form
 * @param {string} [lang] the socket's Accept-Language (the chat's language)
 * @returns {Promise<{ ok: true, body: Record<string, any> } | { ok: false, status: number }>}
 */
async function legacy(simulator, origin, service, chatPath, form, lang = '') {
  const path = `${PATHS.chat}/${encodeURIComponent(service)}${chatPath ? `/${chatPath}` : ''}`;
  const headers = lang ? { 'accept-language': lang } : undefined;
  const answer = await simulator.handle(new Request(origin + path, { method: 'POST', body: form, headers }), { faults: false });
  if (!answer || answer.type === 'error') return { ok: false, status: 503 };
  let body;
  try {
    body = await answer.json();
  } catch {
    return { ok: false, status: 502 };
  }
  if (body?.statusCode === 0) return { ok: true, body };
  return { ok: false, status: body?.statusCode === 1 ? 503 : 400 };
}

/**
 * The Web Messaging wire over a simulator: the host accepts a WebSocket upgrade on {@link WEBMESSAGING_PATH}
 * and hands it to `connect`; the history endpoint and `/__control/webmessaging` are registered on the simulator.
 * @param {import('./index.js').Simulator} simulator
 */
export function attachWebMessaging(simulator) {
  const sim = simulator;
  /**
   * @typedef {object} Binding
   * @property {import('./cloud.js').StreamSocket} socket
   * @property {string} origin
   * @property {string} deploymentId
   * @property {MessagingSession | undefined} session
   * @property {number} next the next transcript index it has not had
   * @property {boolean} ended the conversation's disconnect was pushed
   * @property {string} lang the upgrade request's Accept-Language
   */
  /** @type {Set<Binding>} */
  const bindings = new Set();

  /** @param {Binding} b @param {unknown} frame */
  const send = (b, frame) => {
    if (b.socket.readyState !== 1) return;
    try {
      b.socket.send(JSON.stringify(frame));
    } catch {
      // closing: its close event removes it
    }
  };

  /** The frames of what a conversation gained since the binding's last push, under `webmessaging.stream`'s faults. @param {Binding} b */
  const flush = (b) => {
    const m = b.session;
    const s = m?.chatId ? simulator.state.chat.sessions.get(m.chatId) : undefined;
    if (!m || !s) return;
    /** @type {unknown[]} */
    const frames = [];
    // The visitor's leave is the end (endChat marks the chat ended only after everyone left).
    let left = false;
    for (const t of s.transcript) {
      if (t.index < b.next) continue;
      b.next = t.index + 1;
      if (t.type === 'ParticipantLeft' && t.from.type === 'Client') left = true;
      if (t.from.type === 'Client') continue;
      const time = new Date(t.timestamp).toISOString();
      const from = { nickname: t.from.name || '', id: t.from.id };
      if (HISTORY_TYPES.has(t.type)) frames.push({ type: 'message', class: 'StructuredMessage', code: 200, body: messageOf(m, t) });
      else if (t.type === 'TypingStarted')
        frames.push(event(`${m.chatId}-t${t.index}`, time, from, { eventType: 'Typing', typing: { type: 'On', duration: 5000 } }));
    }
    if ((s.ended || left) && !b.ended) {
      b.ended = true;
      frames.push(event(`${m.chatId}-end`, new Date(sim.serverNow()).toISOString(), {}, { eventType: 'Presence', presence: { type: 'Disconnect' } }));
    }
    if (!frames.length) return;
    const fault = simulator.fault('webmessaging.stream', m.chatId, ['duplicate', 'reorder', 'disconnect', 'dropResponse']);
    if (fault?.disconnect) return b.socket.terminate();
    let out = simulator.applyToBatch(frames, fault);
    // A lost frame: one of the push never arrives (the client finds it in the history).
    if (fault?.dropResponse) out = out.filter((_, i) => i !== Math.floor(sim.options.random() * out.length));
    for (const frame of out) send(b, frame);
  };
  /** @param {string} id @param {string} time @param {Record<string, string>} from @param {Record<string, unknown>} e */
  const event = (id, time, from, e) => ({
    type: 'message',
    class: 'StructuredMessage',
    code: 200,
    body: { id, channel: { time, ...(from.nickname !== undefined ? { from } : {}) }, type: 'Event', direction: 'Outbound', events: [e] },
  });

  simulator.onChat((s) => {
    for (const b of bindings) if (b.session?.chatId === s.chatId) flush(b);
  });

  /**
   * The conversation of a session: started by its first Join or message (the customAttributes are the chat's name and user data).
   * @param {Binding} b @param {MessagingSession} m @param {Record<string, unknown>} attributes
   * @returns {Promise<{ ok: true } | { ok: false, frame: unknown }>}
   */
  async function conversation(b, m, attributes) {
    if (m.chatId) return { ok: true };
    /** @type {Record<string, string>} */
    const userData = {};
    for (const [k, v] of Object.entries(attributes)) if (typeof v === 'string' && k.length <= 100) userData[k] = v.slice(0, 2000);
    const name = userData.nickname || userData.firstName || 'Guest';
    const form = new URLSearchParams({ nickname: name, firstName: userData.firstName || name, endpoint: m.service, userData: JSON.stringify(userData) });
    if (userData.lastName) form.set('lastName', userData.lastName);
    if (userData.email) form.set('emailAddress', userData.email);
    if (userData.subject) form.set('subject', userData.subject);
    const answer = await legacy(simulator, b.origin, m.service, '', form, b.lang);
    if (!answer.ok) return { ok: false, frame: error(answer.status === 503 ? 503 : 400, 'The conversation could not start') };
    m.chatId = String(answer.body.chatId);
    m.memberId = String(answer.body.userId);
    m.secureKey = String(answer.body.secureKey);
    m.alias = String(answer.body.alias);
    for (const other of bindings) if (other.session === m) other.next = 1;
    return { ok: true };
  }

  /** A legacy call of the session's chat. @param {Binding} b @param {MessagingSession} m @param {string} op @param {Record<string, string>} [fields] */
  const call = (b, m, op, fields = {}) => {
    const body = new URLSearchParams({ alias: m.alias || '', secureKey: m.secureKey || '', userId: m.memberId || '', ...fields });
    return legacy(simulator, b.origin, m.service, `${encodeURIComponent(m.chatId || '')}/${op}`, body, b.lang);
  };

  /** An HS256-looking JWT naming the session (its signature is random: the simulator compares it whole). @param {MessagingSession} m */
  const jwtOf = (m) => {
    const state = stateOf(sim);
    if (m.jwt) state.jwts.delete(m.jwt);
    const iat = Math.floor(sim.serverNow() / 1000);
    const part = (/** @type {unknown} */ v) => Buffer.from(JSON.stringify(v)).toString('base64url');
    m.jwt = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: m.token.slice(0, 8), iat, exp: iat + JWT_SECONDS })}.${randomKey(24)}`;
    state.jwts.set(m.jwt, m.token);
    return { jwt: m.jwt, exp: iat + JWT_SECONDS };
  };

  /** One client frame. @param {Binding} b @param {Record<string, any>} frame @returns {Promise<unknown | undefined>} the response */
  async function act(b, frame) {
    const state = stateOf(sim);
    if (frame.action === 'configureSession') {
      const token = typeof frame.token === 'string' ? frame.token : '';
      if (!/^[\w.-]{8,128}$/.test(token)) return error(400, 'The session token must be 8 to 128 letters, digits, . _ -');
      if (frame.deploymentId !== b.deploymentId) return error(400, 'The deploymentId differs from the connection’s');
      let m = state.sessions.get(token);
      const newSession = !m;
      if (!m) {
        m = {
          token,
          deploymentId: b.deploymentId,
          service: WEBMESSAGING_DEPLOYMENTS[/** @type {keyof typeof WEBMESSAGING_DEPLOYMENTS} */ (b.deploymentId)],
          sent: new Map(),
          ids: new Map(),
        };
        state.sessions.set(token, m);
        while (state.sessions.size > sim.options.maxChatSessions) state.sessions.delete(/** @type {string} */ (state.sessions.keys().next().value));
      }
      b.session = m;
      const s = m.chatId ? simulator.state.chat.sessions.get(m.chatId) : undefined;
      // What happens from now on is pushed; the client reads the history for what came before.
      b.next = s ? s.nextIndex : 1;
      b.ended = Boolean(s?.ended);
      return response('SessionResponse', 200, {
        connected: true,
        newSession,
        readOnly: Boolean(m.chatId && (!s || s.ended)),
        maxCustomDataBytes: 2048,
        allowedMedia: { inbound: { fileTypes: [], maxFileSizeKB: 0 } },
        blockedExtensions: ['.exe', '.js'],
      });
    }
    const m = b.session;
    if (!m || frame.token !== m.token) return error(401, 'The session is not configured on this connection');
    if (frame.action === 'getJwt') return response('JwtResponse', 200, jwtOf(m));
    if (frame.action === 'echo') return response('StructuredMessage', 200, { type: 'Text', text: String(frame.message?.text ?? ''), direction: 'Inbound' });
    if (frame.action === 'closeSession') {
      b.socket.close(1000, 'closed');
      return undefined;
    }
    if (frame.action !== 'onMessage') return error(400, `Unknown action '${String(frame.action).slice(0, 40)}'`);
    const message = isObject(frame.message) ? frame.message : {};
    // Botium's connector sends the customAttributes in the message's channel, OVO's tester beside the message.
    const channel = isObject(message.channel) ? message.channel : isObject(frame.channel) ? frame.channel : {};
    const attributes = isObject(channel.metadata?.customAttributes) ? channel.metadata.customAttributes : {};
    const s = m.chatId ? simulator.state.chat.sessions.get(m.chatId) : undefined;
    if (m.chatId && (!s || s.ended)) return error(403, 'The conversation is read only: it was disconnected');
    if (message.type === 'Event') {
      const e = Array.isArray(message.events) && isObject(message.events[0]) ? message.events[0] : {};
      if (e.eventType === 'Presence' && e.presence?.type === 'Join') {
        const started = await conversation(b, m, attributes);
        if (!started.ok) return started.frame;
      } else if (e.eventType === 'Presence' && e.presence?.type === 'Clear') {
        if (m.chatId) await call(b, m, 'disconnect');
        state.sessions.delete(m.token);
        for (const other of bindings) if (other.session === m) send(other, { type: 'message', class: 'SessionClearedEvent', code: 200, body: {} });
        return undefined;
      } else if (e.eventType === 'Typing') {
        if (m.chatId) await call(b, m, 'startTyping');
      } else return error(400, 'Unknown event');
      return response('StructuredMessage', 200, {
        id: randomKey(8),
        channel: { time: new Date(sim.serverNow()).toISOString() },
        type: 'Event',
        direction: 'Inbound',
        events: [e],
      });
    }
    if (message.type !== 'Text') return error(400, `Unsupported message type '${String(message.type).slice(0, 40)}'`);
    const text = typeof message.text === 'string' ? message.text : '';
    if (!text.trim()) return error(400, 'No message text provided');
    const custom = typeof message.metadata?.customMessageId === 'string' ? message.metadata.customMessageId.slice(0, 100) : '';
    const started = await conversation(b, m, attributes);
    if (!started.ok) return started.frame;
    const chat = simulator.state.chat.sessions.get(/** @type {string} */ (m.chatId));
    const again = custom ? m.sent.get(custom) : undefined;
    const stored = again !== undefined ? chat?.transcript.find((t) => t.index === again) : undefined;
    if (stored) return response('StructuredMessage', 200, messageOf(m, stored));
    const answer = await call(b, m, 'send', { message: text });
    if (!answer.ok) return error(answer.status === 503 ? 503 : 400, 'The message was not stored');
    const index = Number(answer.body.index);
    if (custom) {
      m.sent.set(custom, index);
      m.ids.set(index, custom);
    }
    const t = chat?.transcript.find((x) => x.index === index);
    return t ? response('StructuredMessage', 200, messageOf(m, t)) : error(500, 'The message was not stored');
  }

  /**
   * A socket on `/v1?deploymentId=`: an unknown deployment is refused with the API's 4xx in a response.
   * @param {import('./cloud.js').StreamSocket} socket @param {URL} url @param {string} [lang] the upgrade's Accept-Language
   */
  function connect(socket, url, lang = '') {
    const deploymentId = url.searchParams.get('deploymentId') || '';
    /** @type {Binding} */
    const b = { socket, origin: `${url.protocol === 'wss:' ? 'https:' : 'http:'}//${url.host}`, deploymentId, session: undefined, next: 1, ended: false, lang };
    if (!Object.hasOwn(WEBMESSAGING_DEPLOYMENTS, deploymentId)) {
      send(b, error(404, 'Deployment not found'));
      return socket.close(1008, 'Deployment not found');
    }
    bindings.add(b);
    socket.on('close', () => bindings.delete(b));
    socket.on('error', () => undefined);
    /** Frames are acted on one after another, as the server reads them. */
    let queue = Promise.resolve();
    socket.on('message', (/** @type {unknown} */ data) => {
      queue = queue.then(async () => {
        let frame;
        try {
          frame = JSON.parse(String(data));
        } catch {
          return send(b, error(400, 'A frame is a JSON object'));
        }
        if (!isObject(frame)) return send(b, error(400, 'A frame is a JSON object'));
        const chatId = b.session?.chatId;
        const faulted = frame.action === 'onMessage' || frame.action === 'echo';
        const fault = faulted ? simulator.fault('webmessaging.send', chatId, ['dropRequest', 'dropResponse', 'failure', 'latency']) : undefined;
        if (fault?.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
        if (fault?.dropRequest) return;
        if (fault?.failure) return send(b, error(fault.status || 503, 'Service unavailable'));
        let answer;
        try {
          answer = await act(b, frame);
        } catch (e) {
          answer = error(500, 'Unexpected error');
          console.error('[simulator] webmessaging:', e);
        }
        if (answer && !fault?.dropResponse) send(b, answer);
        if (b.session?.chatId) flush(b);
      });
    });
  }

  simulator.use(async (inner, request, url) => {
    if (url.pathname === WEBMESSAGING_HISTORY) return history(inner, request, url);
    if (url.pathname !== WEBMESSAGING_CONTROL) return undefined;
    if (!simulator.options.control) throw new HttpError(404, 'Control API disabled');
    assertSameOrigin(request, url);
    assertJsonBody(request);
    const state = stateOf(sim);
    const snapshot = () => json({ sockets: bindings.size, sessions: state.sessions.size });
    // The chat model's chat of a session token (the soak's agent side: the API names no conversation).
    if (request.method === 'GET' && url.searchParams.has('token'))
      return json({ chatId: state.sessions.get(url.searchParams.get('token') || '')?.chatId ?? null });
    if (request.method === 'GET') return snapshot();
    if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
    const parsed = await readBody(request, { allowMultipart: false });
    const body = /** @type {Record<string, unknown>} */ (isObject(parsed.json) ? parsed.json : {});
    const known = ['drop', 'expire', 'close'];
    if (!Object.keys(body).length || Object.keys(body).some((k) => !known.includes(k))) throw new HttpError(400, `Give any of ${known.join(', ')}`);
    if (body.expire !== undefined) {
      if (body.expire !== true) throw new HttpError(400, 'expire must be true');
      for (const b of bindings) if (b.session) send(b, { type: 'message', class: 'SessionExpiredEvent', code: 200, body: {} });
      state.sessions.clear();
      state.jwts.clear();
      for (const b of bindings) b.session = undefined;
    }
    if (body.close !== undefined) {
      if (typeof body.close !== 'number' || !Number.isInteger(body.close) || body.close < 4000 || body.close > 4999)
        throw new HttpError(400, 'close must be a close code from 4000 to 4999');
      for (const b of [...bindings]) b.socket.close(body.close, 'Closed by the control API');
    }
    if (body.drop !== undefined) {
      if (body.drop !== true) throw new HttpError(400, 'drop must be true');
      for (const b of [...bindings]) b.socket.terminate();
    }
    return snapshot();
  });

  /** GET the history with the JWT: newest first, by page. @param {import('./index.js').Sim} inner @param {Request} request @param {URL} url */
  async function history(inner, request, url) {
    if (request.method !== 'GET') return json({ status: 405, code: 'method.not.allowed', message: 'Method not allowed' }, 405);
    const bearer = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.get('authorization') || '')?.[1] || '';
    const state = stateOf(sim);
    const token = [...state.jwts.keys()].find((jwt) => sameKey(jwt, bearer));
    const m = token ? state.sessions.get(/** @type {string} */ (state.jwts.get(token))) : undefined;
    if (!m) return json({ status: 401, code: 'unauthorized', message: 'The jwt is missing, wrong or expired' }, 401);
    return inner.guard(
      'webmessaging.history',
      request,
      async () => {
        const q = url.searchParams;
        const size = Number(q.get('pageSize') || '25');
        const number = Number(q.get('pageNumber') || '1');
        if (!Number.isInteger(size) || size < 1 || size > WEBMESSAGING_MAX_PAGE)
          return json({ status: 400, code: 'bad.request', message: `pageSize must be a whole number from 1 to ${WEBMESSAGING_MAX_PAGE}` }, 400);
        if (!Number.isInteger(number) || number < 1)
          return json({ status: 400, code: 'bad.request', message: 'pageNumber must be a whole number from 1' }, 400);
        const all = historyOf(simulator, m).reverse();
        const entities = all.slice((number - 1) * size, number * size);
        return json({ entities, pageSize: size, pageNumber: number, total: all.length, pageCount: Math.ceil(all.length / size) });
      },
      m.chatId ? { chatId: m.chatId } : {},
    );
  }

  return {
    connect,
    get sockets() {
      return bindings.size;
    },
    dropAll() {
      for (const b of [...bindings]) b.socket.terminate();
    },
    close() {
      for (const b of [...bindings]) b.socket.terminate();
    },
  };
}
