// @ts-check
/**
 * The cloud chat API (web-chat.md §7 "Cloud transport", §8 "sockets codes"): a wire adapter over the one
 * chat model of chat.js, like ngrest.js and cometd.js. Every call is the legacy REST API's call made for it
 * (handleChat) — same bot, scripted agent, agent console, idle timer and the same `chat.*` faults — with
 * the guest API's shape (docs/cloud.md):
 *
 *   POST   /api/v2/webchat/guest/conversations                              create: { organizationId, deploymentId,
 *            routingTarget { targetType QUEUE, targetAddress, skills, language, priority },
 *            memberInfo { displayName, role CUSTOMER, customFields }, journeyContext } → { id, jwt, eventStreamUri, member { id } }
 *   GET    …/conversations/{id}/members?pageSize=&pageNumber=&excludeDisconnectedMembers=
 *                                                                            { entities: [member], pageSize, pageNumber, total, pageCount }
 *   GET    …/conversations/{id}/members/{memberId}                           member { id, displayName, role, state }
 *   GET    …/conversations/{id}/messages?after=|before=&maxResults=&sortOrder=
 *                                                                            { entities: [message], next?, previousPage? } (≤ 100 a page)
 *
 * Query parameters sent empty count as left out, as the real API reads them (the official Guest Chat SDK
 * sends every one); `after` / `before` take a sequence or a message id.
 *   GET    …/conversations/{id}/messages/{messageId}                         message
 *   POST   …/conversations/{id}/members/{memberId}/messages                  { body, bodyType: standard } → message (Idempotency-Key honoured)
 *   POST   …/conversations/{id}/members/{memberId}/typing                    the visitor types
 *   DELETE …/conversations/{id}/members/{memberId}                           the visitor leaves: the chat ends
 *
 * Every call after the create carries `Authorization: Bearer {jwt}` (an HS256 JWT naming the conversation
 * and the member; compared in constant time with the one issued): missing or wrong → 401, an unknown
 * conversation → 404. Errors are `{ status, code, message }`.
 *
 * Messages carry `sequence`, the chat model's transcript index: strictly increasing within a conversation,
 * it is what the client orders by and pages by (`after` / `before` take a sequence). The standard bodyTypes
 * are standard, notice, member-join, member-leave; this simulator adds push-url and custom-notice (the
 * agent's link and the survey offer). Typing notices and files are not messages of this API.
 *
 * The event stream (attachCloudStream, on a real WebSocket server the host hands in: the `ws` package in
 * demo/server.mjs) sends JSON frames `{ topicName, eventBody, metadata: { type } }` with type message,
 * typing-indicator or member-change, and a heartbeat `{ topicName: 'channel.metadata', eventBody: { message:
 * 'WebSocket Heartbeat' } }` every `heartbeatMs` (5000). A socket refused is closed with 4401 (token),
 * 4404 (no such conversation), 4410 (ended); POST /__control/cloud drops every socket, closes them with a
 * code (4503: the sockets code 503), silences them (a dead connection) or stops the heartbeats.
 */
import { HttpError, json, readBody, sameKey, randomKey } from './http.js';
import { handleChat } from './chat.js';
import { CHAT_ERRORS, PATHS } from './contracts.js';
import { idempotent } from './idempotency.js';
import { assertJsonBody, assertSameOrigin } from './security.js';
import { SIMULATOR_TEXTS, requestLanguage } from './texts.js';

/** The guest conversations collection. */
export const CLOUD_PATH = '/api/v2/webchat/guest/conversations';
/** The event stream's path: `{CLOUD_STREAM_PATH}/{conversationId}?token=…` (a WebSocket upgrade). */
export const CLOUD_STREAM_PATH = '/api/v2/webchat/guest/stream';
/** The control route of the event stream. */
export const CLOUD_CONTROL = `${PATHS.control}/cloud`;
/** The organisation and the web-chat deployments the simulator knows (anything else: 400). */
export const CLOUD_ORGANIZATION = 'ppk-org';
export const CLOUD_DEPLOYMENTS = Object.freeze(['ppk-webchat']);
/** Most messages one page holds (and the default page). */
export const CLOUD_MAX_RESULTS = 100;
/** The heartbeat's period and its text. */
export const CLOUD_HEARTBEAT_MS = 5000;
export const CLOUD_HEARTBEAT = 'WebSocket Heartbeat';
/** Close codes of a refused or ended stream (4000 + the HTTP status it stands for). */
export const CLOUD_CLOSE = Object.freeze({ unauthorized: 4401, notFound: 4404, ended: 4410, unavailable: 4503, error: 4500 });

/** Participant types → member roles. */
const ROLES = /** @type {const} */ ({ Client: 'CUSTOMER', Agent: 'AGENT', Supervisor: 'SUPERVISOR', Bot: 'WORKFLOW', External: 'ACD' });
/** Transcript types → bodyTypes (others are not messages of this API). */
const BODY_TYPES = /** @type {Record<string, string>} */ ({
  Message: 'standard',
  Notice: 'notice',
  IdleAlert: 'notice',
  IdleClose: 'notice',
  ParticipantJoined: 'member-join',
  ParticipantLeft: 'member-leave',
  PushUrl: 'push-url',
  CustomNotice: 'custom-notice',
  Structured: 'structured',
});

/**
 * @typedef {object} Conversation
 * @property {string} id the chat model's chatId
 * @property {string} memberId the chat model's userId (the visitor's participant id)
 * @property {string} jwt
 * @property {string} streamToken in the eventStreamUri
 * @property {string} secureKey
 * @property {string} alias
 * @property {string} service
 */

/**
 * @typedef {object} CloudState
 * @property {Map<string, Conversation>} conversations
 * @property {CryptoKey | null} key the JWT signing key
 * @property {boolean} heartbeats
 * @property {number} heartbeatMs
 */

/** Per simulator state (a reset starts afresh). @type {WeakMap<object, CloudState>} */
const states = new WeakMap();

/** @param {{ state: object }} sim @returns {CloudState} */
function stateOf(sim) {
  let s = states.get(sim.state);
  if (!s) states.set(sim.state, (s = { conversations: new Map(), key: null, heartbeats: true, heartbeatMs: CLOUD_HEARTBEAT_MS }));
  return s;
}

/** @param {Uint8Array} bytes */
const b64url = (bytes) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** @param {unknown} value */
const b64json = (value) => b64url(new TextEncoder().encode(JSON.stringify(value)));

/** An HS256 JWT for a conversation's member. @param {import('./index.js').Sim} sim @param {string} conversationId @param {string} memberId */
async function issueJwt(sim, conversationId, memberId) {
  const state = stateOf(sim);
  state.key ||= await crypto.subtle.importKey('raw', crypto.getRandomValues(new Uint8Array(32)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const iat = Math.floor(sim.serverNow() / 1000);
  const input = `${b64json({ alg: 'HS256', typ: 'JWT' })}.${b64json({ sub: memberId, cid: conversationId, iat, exp: iat + 7200 })}`;
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', state.key, new TextEncoder().encode(input)));
  return `${input}.${b64url(signature)}`;
}

/** An error answer. @param {number} status @param {string} code @param {string} message */
const failure = (status, code, message) => json({ status, code, message }, status);

/** @param {unknown} v */
const text = (v) => (typeof v === 'string' ? v.trim() : '');
/** @param {unknown} v @returns {v is Record<string, any>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON request body (an object). @param {Request} request */
async function jsonBody(request) {
  const parsed = await readBody(request, { allowMultipart: false, allowEmpty: true });
  if (parsed.json === undefined) {
    if (!parsed.fields.size) return {};
    throw new HttpError(415, 'Send JSON');
  }
  if (!isObject(parsed.json)) throw new HttpError(400, 'The body must be a JSON object');
  return parsed.json;
}

/**
 * The legacy REST call `op` ('' = start) of a conversation, read: its body, or the failure answer of this API.
 * @param {import('./index.js').Sim} sim @param {Request} request @param {URL} url @param {string} service
 * @param {string} chatPath '' for the start, else `{chatId}/{op}` @param {URLSearchParams} form
 * @returns {Promise<{ ok: true, body: Record<string, any> } | { ok: false, response: Response }>}
 */
async function legacy(sim, request, url, service, chatPath, form) {
  const target = new URL(`${PATHS.chat}/${encodeURIComponent(service)}${chatPath ? `/${chatPath}` : ''}`, url.origin);
  const headers = new Headers();
  const lang = request.headers.get('accept-language');
  if (lang) headers.set('accept-language', lang);
  const inner = new Request(target, { method: 'POST', body: form, headers });
  // Its faults were drawn for the cloud call (faults.js): the legacy call is not faulted again.
  sim.internal.add(inner);
  const response = /** @type {Response} */ (await handleChat(sim, inner, target));
  if (response.type === 'error') return { ok: false, response };
  let body;
  try {
    body = await response.json();
  } catch {
    return { ok: false, response: failure(502, 'bad.gateway', 'The chat server answered badly') };
  }
  if (body?.statusCode === 0) return { ok: true, body };
  const first = Array.isArray(body?.errors) && body.errors[0] ? body.errors[0] : { code: 0, message: 'The chat call failed' };
  const message = String(first.message);
  if (body?.statusCode === 1) return { ok: false, response: failure(503, 'service.unavailable', message) };
  const code = Number(first.code);
  if (code === CHAT_ERRORS.SESSION_NOT_FOUND || body?.chatEnded) return { ok: false, response: failure(404, 'chat.ended', message) };
  if (code === CHAT_ERRORS.INVALID_KEY) return { ok: false, response: failure(401, 'unauthorized', message) };
  return { ok: false, response: failure(400, 'bad.request', message) };
}

/** @param {Conversation} c @param {Record<string, string>} [fields] */
function credentials(c, fields = {}) {
  const body = new URLSearchParams({ alias: c.alias, secureKey: c.secureKey, userId: c.memberId });
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

/** The chat model's session of a conversation (undefined once evicted). @param {import('./index.js').Sim} sim @param {string} id */
const chatOf = (sim, id) => sim.state.chat.sessions.get(id);

/**
 * A member as the API shows it.
 * @param {{ id: string, type: import('./contracts.js').ParticipantType, name: string, connected: boolean }} p
 */
const memberOf = (p) => ({ id: p.id, displayName: p.name, role: ROLES[p.type] ?? 'ACD', state: p.connected ? 'CONNECTED' : 'DISCONNECTED' });

/**
 * A transcript message as a message of this API, or undefined when it is none (typing, files).
 * @param {string} conversationId @param {import('./contracts.js').TranscriptMessage} m
 */
export function messageOf(conversationId, m) {
  const bodyType = BODY_TYPES[m.type];
  if (!bodyType) return undefined;
  return {
    id: `${conversationId}-${m.index}`,
    sequence: m.index,
    conversation: { id: conversationId },
    sender: { id: m.from.id },
    // A structured message's envelope travels as the JSON text of its body.
    body: m.type === 'Structured' ? JSON.stringify({ text: m.text, contentType: m.contentType, content: m.content, id: m.id }) : m.text,
    bodyType,
    timestamp: new Date(m.timestamp).toISOString(),
  };
}

/**
 * Runs a call under the faults injected for its key (`cloud.*`, falling back to the legacy REST key it
 * stands for); an injected failure is this API's 503.
 * @param {import('./index.js').Sim} sim @param {string} key @param {string | undefined} fallback @param {Request} request
 * @param {string | undefined} chatId @param {() => Promise<Response>} fn
 */
const guard = (sim, key, fallback, request, chatId, fn) =>
  sim.guard(key, request, fn, {
    ...(chatId ? { chatId } : {}),
    ...(fallback ? { fallback: [fallback] } : {}),
    failure: (status) => failure(status || 503, 'service.unavailable', SIMULATOR_TEXTS[requestLanguage(request)].simulatedChatFailure),
  });

/** @param {string} v @param {number} min @param {number} max */
const whole = (v, min, max) => /^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max;

/**
 * A query parameter as the real API reads it: a client that sends every parameter, empty when unset (the
 * official Guest Chat SDK, `purecloud-guest-chat-client`), means the same as one that leaves it out.
 * @param {URLSearchParams} q @param {string} name
 */
const param = (q, name) => {
  const value = q.get(name);
  return value === null || value === '' ? null : value;
};

/**
 * `after` / `before` of a messages page: a sequence, or a message id of this conversation (`{id}-{sequence}`,
 * what the real API takes); the sequence, or null when it is neither.
 * @param {string} value @param {string} conversationId
 */
const sequenceOf = (value, conversationId) => {
  const id = value.startsWith(`${conversationId}-`) ? value.slice(conversationId.length + 1) : value;
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
};

/**
 * @param {import('./index.js').Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleCloud(sim, request, url) {
  const p = url.pathname;
  if (p !== CLOUD_PATH && !p.startsWith(CLOUD_PATH + '/')) return undefined;
  const parts = p
    .slice(CLOUD_PATH.length + 1)
    .split('/')
    .filter(Boolean)
    .map((x) => {
      try {
        return decodeURIComponent(x);
      } catch {
        return '\u0000';
      }
    });
  const [conversationId, resource, memberId, action, ...more] = parts;
  const method = request.method;
  const state = stateOf(sim);
  try {
    /* ---------------------------------------------------- create */
    if (!conversationId) {
      if (method !== 'POST') return failure(405, 'method.not.allowed', 'Method not allowed');
      return await guard(sim, 'cloud.create', 'chat.start', request, undefined, () => create(sim, request, url));
    }

    /* ---------------------------------------------------- a conversation's calls */
    const c = state.conversations.get(conversationId);
    const s = c && chatOf(sim, c.id);
    if (!c || !s) return failure(404, 'not.found', 'Conversation not found or expired');
    const m = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.get('authorization') || '');
    if (!m || !sameKey(m[1], c.jwt)) return failure(401, 'unauthorized', 'The jwt is missing or wrong');
    const form = (/** @type {Record<string, string>} */ fields = {}) => credentials(c, fields);
    const call = (/** @type {string} */ op, /** @type {URLSearchParams} */ body) =>
      legacy(sim, request, url, c.service, `${encodeURIComponent(c.id)}/${op}`, body);

    if (resource === 'members' && !action && method === 'GET') {
      return await guard(sim, 'cloud.members', undefined, request, c.id, async () => {
        if (memberId) {
          const found = s.participants.get(memberId);
          return found ? json(memberOf(found)) : failure(404, 'not.found', 'Member not found');
        }
        const q = url.searchParams;
        const size = param(q, 'pageSize');
        const number = param(q, 'pageNumber') ?? '1';
        const exclude = param(q, 'excludeDisconnectedMembers') ?? 'false';
        if (size !== null && !whole(size, 1, 100)) return failure(400, 'bad.request', 'pageSize must be a whole number from 1 to 100');
        if (!whole(number, 1, 1e6)) return failure(400, 'bad.request', 'pageNumber must be a whole number from 1');
        if (exclude !== 'true' && exclude !== 'false') return failure(400, 'bad.request', 'excludeDisconnectedMembers must be true or false');
        const members = [...s.participants.values()].map(memberOf).filter((x) => exclude === 'false' || x.state !== 'DISCONNECTED');
        // Without a pageSize every member is on the one page (what the client of this repository reads).
        const pageSize = size === null ? Math.max(1, members.length) : Number(size);
        const entities = members.slice((Number(number) - 1) * pageSize, Number(number) * pageSize);
        return json({ entities, pageSize, pageNumber: Number(number), total: members.length, pageCount: Math.ceil(members.length / pageSize) });
      });
    }
    if (resource === 'messages' && !memberId && method === 'GET') {
      return await guard(sim, 'cloud.messages', 'chat.refresh', request, c.id, async () => {
        const q = url.searchParams;
        const afterParam = param(q, 'after');
        const beforeParam = param(q, 'before');
        const max = param(q, 'maxResults') ?? String(CLOUD_MAX_RESULTS);
        const order = param(q, 'sortOrder') ?? 'ascending';
        if (!whole(max, 1, CLOUD_MAX_RESULTS)) return failure(400, 'bad.request', `maxResults must be a whole number from 1 to ${CLOUD_MAX_RESULTS}`);
        if (order !== 'ascending' && order !== 'descending') return failure(400, 'bad.request', 'sortOrder must be ascending or descending');
        if (afterParam !== null && beforeParam !== null) return failure(400, 'bad.request', 'Give after or before, not both');
        const after = afterParam === null ? null : sequenceOf(afterParam, c.id);
        const before = beforeParam === null ? null : sequenceOf(beforeParam, c.id);
        if (afterParam !== null && after === null) return failure(400, 'bad.request', 'after must be a sequence number (0 or more) or a message id');
        if (beforeParam !== null && (before === null || before < 1))
          return failure(400, 'bad.request', 'before must be a sequence number (1 or more) or a message id');
        const all = s.transcript.map((t) => messageOf(c.id, t)).filter((x) => x !== undefined);
        const limit = Number(max);
        const base = `${CLOUD_PATH}/${encodeURIComponent(c.id)}/messages`;
        /** @type {Record<string, unknown>} */
        const out = { pageSize: limit };
        if (after !== null) {
          const newer = all.filter((x) => x.sequence > after);
          out.entities = newer.slice(0, limit);
          if (newer.length > limit) out.next = `${base}?after=${newer[limit - 1].sequence}&maxResults=${limit}`;
        } else {
          const older = before === null ? all : all.filter((x) => x.sequence < before);
          const page = older.slice(-limit);
          out.entities = page;
          if (older.length > limit) out.previousPage = `${base}?before=${page[0].sequence}&maxResults=${limit}`;
        }
        // The same page, newest first.
        if (order === 'descending') out.entities = /** @type {unknown[]} */ (out.entities).slice().reverse();
        return json(out);
      });
    }
    if (resource === 'messages' && memberId && !action && method === 'GET') {
      return await guard(sim, 'cloud.messages', 'chat.refresh', request, c.id, async () => {
        const found = s.transcript.map((t) => messageOf(c.id, t)).find((x) => x?.id === memberId);
        return found ? json(found) : failure(404, 'not.found', 'Message not found');
      });
    }
    if (resource !== 'members' || !memberId || more.length) return failure(404, 'not.found', 'Unknown guest chat operation');
    if (memberId !== c.memberId) return failure(403, 'forbidden', 'A guest acts only as its own member');

    if (action === 'messages' && method === 'POST') {
      // The faults outside, the Idempotency-Key inside: a response dropped after the message was stored is
      // answered again (the same message) when the client asks again with the same key.
      return await guard(sim, 'cloud.send', 'chat.send', request, c.id, () =>
        idempotent(sim, request, url, async () => {
          const body = await jsonBody(request);
          const bodyType = text(body.bodyType) || 'standard';
          const message = typeof body.body === 'string' ? body.body : '';
          if (bodyType !== 'standard') return failure(400, 'bad.request', `Unsupported bodyType '${bodyType.slice(0, 40)}'`);
          if (!message.trim()) return failure(400, 'bad.request', 'No message text provided');
          const answer = await call('send', form({ message }));
          if (!answer.ok) return answer.response;
          const sent = s.transcript.find((t) => t.index === answer.body.index);
          return sent ? json(messageOf(c.id, sent)) : failure(500, 'internal.error', 'The message was not stored');
        }),
      );
    }
    if (action === 'typing' && method === 'POST') {
      return await guard(sim, 'cloud.typing', 'chat.startTyping', request, c.id, async () => {
        const answer = await call('startTyping', form());
        if (!answer.ok) return answer.response;
        return json({ id: randomKey(8), conversation: { id: c.id }, sender: { id: c.memberId }, timestamp: new Date(sim.serverNow()).toISOString() });
      });
    }
    if (!action && method === 'DELETE') {
      return await guard(sim, 'cloud.end', 'chat.disconnect', request, c.id, async () => {
        const answer = await call('disconnect', form());
        if (!answer.ok) return answer.response;
        return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      });
    }
    return failure(404, 'not.found', 'Unknown guest chat operation');
  } catch (e) {
    if (e instanceof HttpError) return failure(e.status, 'bad.request', e.message);
    throw e;
  }
}

/**
 * POST conversations: the legacy start with the conversation options.
 * @param {import('./index.js').Sim} sim @param {Request} request @param {URL} url
 */
async function create(sim, request, url) {
  const body = await jsonBody(request);
  if (text(body.organizationId) !== CLOUD_ORGANIZATION) return failure(400, 'bad.request', 'Unknown organizationId');
  if (!CLOUD_DEPLOYMENTS.includes(text(body.deploymentId))) return failure(400, 'bad.request', 'Unknown deploymentId');
  const target = isObject(body.routingTarget) ? body.routingTarget : {};
  if ((text(target.targetType) || 'QUEUE') !== 'QUEUE') return failure(400, 'bad.request', 'routingTarget.targetType must be QUEUE');
  const service = text(target.targetAddress);
  if (!sim.state.chat.services.includes(service)) return failure(400, 'bad.request', 'Unknown routingTarget.targetAddress (a queue)');
  const member = isObject(body.memberInfo) ? body.memberInfo : {};
  if ((text(member.role) || 'CUSTOMER') !== 'CUSTOMER') return failure(400, 'bad.request', 'memberInfo.role must be CUSTOMER');
  const displayName = text(member.displayName);
  if (!displayName) return failure(400, 'bad.request', 'memberInfo.displayName is required');
  const custom = isObject(member.customFields) ? member.customFields : {};
  /** @type {Record<string, string>} */
  const userData = {};
  for (const [k, v] of Object.entries(custom)) if (v !== null && v !== undefined) userData[k] = typeof v === 'string' ? v : JSON.stringify(v);
  for (const key of ['language', 'priority', 'skills'])
    if (target[key] !== undefined)
      userData[`routing${key[0].toUpperCase()}${key.slice(1)}`] = typeof target[key] === 'string' ? target[key] : JSON.stringify(target[key]);
  if (isObject(body.journeyContext)) userData.journeyContext = JSON.stringify(body.journeyContext).slice(0, 2000);
  const form = new URLSearchParams({
    nickname: displayName,
    firstName: text(custom.firstName) || displayName,
    endpoint: service,
    userData: JSON.stringify(userData),
  });
  for (const [key, name] of [
    ['lastName', 'lastName'],
    ['email', 'emailAddress'],
    ['subject', 'subject'],
  ])
    if (text(custom[key])) form.set(name, text(custom[key]));
  const answer = await legacy(sim, request, url, service, '', form);
  if (!answer.ok) return answer.response;
  const id = String(answer.body.chatId);
  const memberId = String(answer.body.userId);
  /** @type {Conversation} */
  const c = {
    id,
    memberId,
    jwt: await issueJwt(sim, id, memberId),
    streamToken: randomKey(16),
    secureKey: String(answer.body.secureKey),
    alias: String(answer.body.alias),
    service,
  };
  const state = stateOf(sim);
  state.conversations.set(id, c);
  while (state.conversations.size > sim.options.maxChatSessions) state.conversations.delete(/** @type {string} */ (state.conversations.keys().next().value));
  const ws = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const eventStreamUri = `${ws}//${url.host}${CLOUD_STREAM_PATH}/${encodeURIComponent(id)}?token=${encodeURIComponent(c.streamToken)}`;
  return json({ id, jwt: c.jwt, eventStreamUri, member: { id: memberId } });
}

/* ------------------------------------------------------------------ the event stream */

/**
 * @typedef {object} StreamSocket the parts of a `ws` WebSocket used here
 * @property {(data: string) => void} send
 * @property {(code?: number, reason?: string) => void} close
 * @property {() => void} terminate
 * @property {number} readyState 1 = open
 * @property {(event: 'close' | 'message' | 'error', fn: (...args: any[]) => void) => void} on
 */

/**
 * @typedef {object} Binding one open event stream
 * @property {StreamSocket} socket
 * @property {string} conversationId
 * @property {number} next the next transcript index it has not had
 * @property {boolean} silent a dead connection: nothing more is sent on it
 */

/**
 * The event stream over a simulator: the host accepts a WebSocket upgrade on {@link CLOUD_STREAM_PATH} and
 * hands the socket to `connect`. Registers `/__control/cloud` on the simulator.
 * @param {import('./index.js').Simulator} simulator
 * @param {{ setInterval?: typeof setInterval, clearInterval?: typeof clearInterval }} [timers] the heartbeat's (real) clock
 */
export function attachCloudStream(simulator, timers = {}) {
  const every = timers.setInterval ?? setInterval;
  const stopEvery = timers.clearInterval ?? clearInterval;
  /** @type {Set<Binding>} */
  const bindings = new Set();
  let period = 0;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let ticker;

  /** @param {Binding} b @param {unknown} frame */
  const send = (b, frame) => {
    if (b.silent || b.socket.readyState !== 1) return;
    try {
      b.socket.send(JSON.stringify(frame));
    } catch {
      // A socket closing under us: its close event removes it.
    }
  };

  /** The heartbeat, at the state's period (re-armed when the period changes). */
  const beat = () => {
    const state = stateOf(simulator);
    if (state.heartbeatMs !== period) arm();
    if (!state.heartbeats) return;
    for (const b of bindings) send(b, { topicName: 'channel.metadata', eventBody: { message: CLOUD_HEARTBEAT } });
  };
  const arm = () => {
    if (ticker !== undefined) stopEvery(ticker);
    ticker = undefined;
    period = stateOf(simulator).heartbeatMs;
    if (bindings.size) ticker = every(beat, period);
  };

  /**
   * The frames of the transcript entries a stream has not had, under the faults injected for `cloud.stream`
   * (a dropped connection; a frame sent twice; the frames of one push shuffled).
   * @param {Binding} b
   */
  const flush = (b) => {
    const s = simulator.state.chat.sessions.get(b.conversationId);
    if (!s) return;
    const topic = `v2.conversations.chats.${b.conversationId}`;
    /** @type {unknown[]} */
    const frames = [];
    for (const m of s.transcript) {
      if (m.index < b.next) continue;
      b.next = m.index + 1;
      const timestamp = new Date(m.timestamp).toISOString();
      if (m.type === 'ParticipantJoined' || m.type === 'ParticipantLeft') {
        const state = m.type === 'ParticipantJoined' ? 'CONNECTED' : 'DISCONNECTED';
        frames.push({
          topicName: `${topic}.members`,
          eventBody: { conversation: { id: b.conversationId }, member: { id: m.from.id, state }, sequence: m.index, timestamp },
          metadata: { type: 'member-change' },
        });
      } else if (m.type === 'TypingStarted') {
        frames.push({
          topicName: `${topic}.messages`,
          eventBody: { conversation: { id: b.conversationId }, sender: { id: m.from.id }, sequence: m.index, timestamp },
          metadata: { type: 'typing-indicator' },
        });
      } else {
        const message = messageOf(b.conversationId, m);
        if (message) frames.push({ topicName: `${topic}.messages`, eventBody: message, metadata: { type: 'message' } });
      }
    }
    if (!frames.length || b.silent) return;
    const fault = simulator.fault('cloud.stream', b.conversationId);
    if (fault?.disconnect) {
      // The connection drops before this push: the client pages for it after it reconnects.
      b.socket.terminate();
      return;
    }
    for (const frame of simulator.applyToBatch(frames, fault)) send(b, frame);
  };

  simulator.onChat((s) => {
    for (const b of bindings) if (b.conversationId === s.chatId) flush(b);
  });

  /**
   * A socket on `{CLOUD_STREAM_PATH}/{conversationId}?token=`: bound to its conversation (what happens from
   * now on is sent; the client pages for what came before), or closed with a 44xx code.
   * @param {StreamSocket} socket @param {URL} url
   */
  function connect(socket, url) {
    let id = '';
    try {
      id = decodeURIComponent(url.pathname.slice(CLOUD_STREAM_PATH.length + 1));
    } catch {
      // no such conversation
    }
    const c = stateOf(simulator).conversations.get(id);
    const s = c && simulator.state.chat.sessions.get(c.id);
    if (!c || !s) return socket.close(CLOUD_CLOSE.notFound, 'Conversation not found or expired');
    if (!sameKey(url.searchParams.get('token') || '', c.streamToken)) return socket.close(CLOUD_CLOSE.unauthorized, 'The stream token is wrong');
    if (s.ended) return socket.close(CLOUD_CLOSE.ended, 'The conversation has ended');
    /** @type {Binding} */
    const b = { socket, conversationId: c.id, next: s.nextIndex, silent: false };
    bindings.add(b);
    socket.on('close', () => {
      bindings.delete(b);
      if (!bindings.size) arm();
    });
    // A client's {"message":"ping"} is answered (some clients keep the connection warm that way).
    socket.on('message', (/** @type {unknown} */ data) => {
      if (String(data).includes('"ping"')) send(b, { topicName: 'channel.metadata', eventBody: { message: 'pong' } });
    });
    socket.on('error', () => undefined);
    if (ticker === undefined) arm();
  }

  simulator.use(async (_sim, request, url) => {
    if (url.pathname !== CLOUD_CONTROL && !url.pathname.startsWith(CLOUD_CONTROL + '/')) return undefined;
    if (!simulator.options.control) throw new HttpError(404, 'Control API disabled');
    assertSameOrigin(request, url);
    assertJsonBody(request);
    if (url.pathname !== CLOUD_CONTROL) throw new HttpError(404, 'Not found');
    const state = stateOf(simulator);
    const snapshot = () =>
      json({
        sockets: bindings.size,
        silent: [...bindings].filter((b) => b.silent).length,
        heartbeats: state.heartbeats,
        heartbeatMs: state.heartbeatMs,
        conversations: state.conversations.size,
      });
    if (request.method === 'GET') return snapshot();
    if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
    const parsed = await readBody(request, { allowMultipart: false });
    const b = /** @type {Record<string, unknown>} */ (isObject(parsed.json) ? parsed.json : {});
    const known = ['drop', 'close', 'silence', 'heartbeats', 'heartbeatMs'];
    if (!Object.keys(b).length || Object.keys(b).some((k) => !known.includes(k))) throw new HttpError(400, `Give any of ${known.join(', ')}`);
    if (b.heartbeatMs !== undefined) {
      if (typeof b.heartbeatMs !== 'number' || !Number.isInteger(b.heartbeatMs) || b.heartbeatMs < 100 || b.heartbeatMs > 600000)
        throw new HttpError(400, 'heartbeatMs must be a whole number from 100 to 600000');
      state.heartbeatMs = b.heartbeatMs;
      arm();
    }
    if (b.heartbeats !== undefined) {
      if (typeof b.heartbeats !== 'boolean') throw new HttpError(400, 'heartbeats must be true or false');
      state.heartbeats = b.heartbeats;
    }
    if (b.silence !== undefined) {
      if (b.silence !== true) throw new HttpError(400, 'silence must be true');
      for (const binding of bindings) binding.silent = true;
    }
    if (b.close !== undefined) {
      if (typeof b.close !== 'number' || !Number.isInteger(b.close) || b.close < 4000 || b.close > 4999)
        throw new HttpError(400, 'close must be a close code from 4000 to 4999 (4000 + an HTTP status)');
      for (const binding of [...bindings]) binding.socket.close(b.close, 'Closed by the control API');
    }
    if (b.drop !== undefined) {
      if (b.drop !== true) throw new HttpError(400, 'drop must be true');
      for (const binding of [...bindings]) binding.socket.terminate();
    }
    return snapshot();
  });

  return {
    connect,
    /** Open event streams. */
    get sockets() {
      return bindings.size;
    },
    /** Closes every stream without a close frame (as a dropped connection). */
    dropAll() {
      for (const b of [...bindings]) b.socket.terminate();
    },
    /** Stops the heartbeat (the host shuts down). */
    close() {
      if (ticker !== undefined) stopEvery(ticker);
      ticker = undefined;
      for (const b of [...bindings]) b.socket.terminate();
    },
  };
}
