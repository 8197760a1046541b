// @ts-check
/**
 * The next-generation REST chat API (web-chat.md §7 "Next-generation REST transport", §8 "REST transport
 * codes"): a wire adapter over the one chat model of chat.js, like cometd.js. Every call is the legacy
 * REST API's call made for it (handleChat) — same bot, scripted agent, agent console, idle timer, and
 * the same faults (`chat.start`, `chat.refresh`, `chat.send` … in the control API).
 *
 * Server URL: /api/ngrest/{contactCenter} (the demo's contact centre is 'ppk'). Bodies are JSON
 * `{ data, operationId }`; answers `{ operationId, data }` or, with a 4xx / 5xx status,
 * `{ operationId, errors: [{ code, message }] }` where code is a name (INVALID_NICKNAME …).
 *
 *   POST   {server}                              start: data { form, userData, endpoint, clientType, stream }
 *                                                restore: the same POST with the token header → the same clientToken
 *   GET    {server}/{sessionId}/messages?operationId               poll: what this participant has not had yet
 *   GET    {server}/{sessionId}/messages?count=&operationId        restore: the last `count` messages
 *   GET    {server}/{sessionId}/messages?index=&count=&operationId history: up to `count` before `index`
 *   POST   {server}/{sessionId}/messages         data { type: text | customNotice | typingStarted | typingStopped, text }
 *   POST   {server}/{sessionId}/images           multipart `file` (images only)
 *   PUT    {server}/{sessionId}/userdata         data { userData }
 *   DELETE {server}/{sessionId}/participants/{participantId}?operationId   end
 *
 * `data.clientToken` is base64url(JSON { token, sessionId, participantId }); every call after the start
 * carries `token` in the `x-client-token` header. `operationId` is required on every call and makes it
 * idempotent: the same operationId again gets the first answer (a retried send is not a second message,
 * a retried poll gets the batch whose answer was lost). `POST …/messages` also honours an `Idempotency-Key`
 * header (the client's message id, kept across retries with new operationIds): it is the legacy send's key,
 * scoped to the chat (chat.js).
 *
 * Faults (faults.js): `ngrest.start`, `ngrest.poll`, `ngrest.send`, `ngrest.images`, `ngrest.userdata`,
 * `ngrest.end`, each falling back to the legacy key of its call (`chat.start`, `chat.refresh`, `chat.send`,
 * `chat.file`, `chat.updateData`, `chat.disconnect`), per chat by the session id; the legacy calls made for
 * them are not faulted again.
 */
import { json, readBody, sameKey, HttpError } from './http.js';
import { handleChat } from './chat.js';
import { CHAT_ERRORS, PATHS } from './contracts.js';
import { SIMULATOR_TEXTS, requestLanguage } from './texts.js';

/** The API's root; the contact centre follows. */
export const NGREST_PATH = '/api/ngrest';
/** Contact centres the simulator knows (anything else: INVALID_CONTACT_CENTER). */
export const NGREST_CONTACT_CENTERS = Object.freeze(['ppk']);
/** The header carrying the session's token. */
export const NGREST_TOKEN_HEADER = 'x-client-token';
/** Image extensions an upload may have (INVALID_FILE_TYPE otherwise). */
export const NGREST_IMAGE_TYPES = Object.freeze(['png', 'jpg', 'jpeg', 'gif']);
/** Most messages one GET returns. */
export const NGREST_MAX_COUNT = 100;

/** The transport codes (web-chat.md §8) and the server's English messages. */
export const NGREST_CODES = Object.freeze({
  INVALID_FILE_TYPE: 'Only Images are allowed',
  LIMIT_FILE_SIZE: 'File too large',
  LIMIT_FILE_COUNT: 'Too many files',
  INVALID_CONTACT_CENTER: 'Invalid contact center',
  INVALID_ENDPOINT: 'Invalid endpoint',
  INVALID_NICKNAME: 'First Name is required',
});

/** Operation answers remembered per session (and for starts). */
const MAX_OPERATIONS = 200;

/**
 * @typedef {object} NgSession
 * @property {string} token
 * @property {string} sessionId the chat model's chatId
 * @property {string} participantId the chat model's userId
 * @property {string} secureKey
 * @property {string} alias
 * @property {string} service
 * @property {number} cursor the next index a poll delivers
 * @property {Map<string, { status: number, body: unknown }>} operations
 */

/** @typedef {{ sessions: Map<string, NgSession>, starts: Map<string, { status: number, body: unknown }> }} NgState */

/** Per simulator state (a reset starts afresh). @type {WeakMap<object, NgState>} */
const states = new WeakMap();

/** @param {import('./index.js').Sim} sim @returns {NgState} */
function stateOf(sim) {
  let s = states.get(sim.state);
  if (!s) states.set(sim.state, (s = { sessions: new Map(), starts: new Map() }));
  return s;
}

/** @param {Map<string, unknown>} map @param {string} key @param {any} value */
function remember(map, key, value) {
  map.set(key, value);
  while (map.size > MAX_OPERATIONS) map.delete(/** @type {string} */ (map.keys().next().value));
}

/** @param {string} text */
const base64url = (text) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** @param {NgSession} s */
export const clientTokenOf = (s) => base64url(JSON.stringify({ token: s.token, sessionId: s.sessionId, participantId: s.participantId }));

/**
 * An error answer.
 * @param {number} status @param {string} code @param {string} message @param {string} operationId
 * @param {Record<string, unknown>} [extra]
 */
const failure = (status, code, message, operationId, extra = {}) => json({ operationId, errors: [{ code, message }], ...extra }, status);

/** @param {keyof typeof NGREST_CODES} code @param {number} status @param {string} operationId */
const coded = (code, status, operationId) => failure(status, code, NGREST_CODES[code], operationId);

/** Legacy numeric codes → names. */
const LEGACY_NAMES = Object.fromEntries(Object.entries(CHAT_ERRORS).map(([name, code]) => [code, name]));

/**
 * The legacy answer of one call, or the Response to pass on (a dropped connection, a failure answer).
 * @param {Response} response @param {string} operationId
 * @returns {Promise<{ ok: true, body: Record<string, any> } | { ok: false, response: Response }>}
 */
async function legacyAnswer(response, operationId) {
  if (response.type === 'error') return { ok: false, response };
  let body;
  try {
    body = await response.json();
  } catch {
    return { ok: false, response: failure(502, 'BAD_GATEWAY', 'The chat server answered badly', operationId) };
  }
  if (body?.statusCode === 0) return { ok: true, body };
  const first = Array.isArray(body?.errors) && body.errors[0] ? body.errors[0] : { code: 0, message: body?.error || 'The chat call failed' };
  if (body?.statusCode === 1) return { ok: false, response: failure(503, 'SERVICE_UNAVAILABLE', String(first.message), operationId) };
  const code = Number(first.code);
  if (code === CHAT_ERRORS.FIRST_NAME_REQUIRED || code === CHAT_ERRORS.NAME_REQUIRED)
    return { ok: false, response: coded('INVALID_NICKNAME', 400, operationId) };
  if (code === CHAT_ERRORS.TOO_MANY_FILES) return { ok: false, response: coded('LIMIT_FILE_COUNT', 400, operationId) };
  if (code === CHAT_ERRORS.FILE_TOO_LARGE) return { ok: false, response: coded('LIMIT_FILE_SIZE', 413, operationId) };
  if (code === CHAT_ERRORS.INVALID_FILE_TYPE) return { ok: false, response: coded('INVALID_FILE_TYPE', 400, operationId) };
  if (code === CHAT_ERRORS.SESSION_NOT_FOUND || body?.chatEnded) {
    return { ok: false, response: failure(404, 'SESSION_NOT_FOUND', String(first.message), operationId, { chatEnded: true }) };
  }
  const status = code === CHAT_ERRORS.INVALID_KEY ? 401 : 400;
  return { ok: false, response: failure(status, LEGACY_NAMES[code] || 'INVALID_REQUEST', String(first.message), operationId) };
}

/**
 * Makes the legacy REST call `op` ('' = start) for a session.
 * @param {import('./index.js').Sim} sim @param {Request} request @param {URL} url @param {string} service
 * @param {string} chatPath '' for the start, else `{chatId}/{op}` @param {URLSearchParams | FormData} body
 */
function legacyCall(sim, request, url, service, chatPath, body) {
  const target = new URL(`${PATHS.chat}/${encodeURIComponent(service)}${chatPath ? `/${chatPath}` : ''}`, url.origin);
  const headers = new Headers();
  const lang = request.headers.get('accept-language');
  if (lang) headers.set('accept-language', lang);
  // The client's message id: the legacy send keeps one message per key within the chat.
  const key = request.headers.get('idempotency-key');
  if (key !== null) headers.set('idempotency-key', key);
  const legacy = new Request(target, { method: 'POST', body, headers });
  // Its faults were drawn for the next-generation call (handleNgrest).
  sim.internal.add(legacy);
  return handleChat(sim, legacy, target).then((r) => /** @type {Response} */ (r));
}

/** @param {NgSession} s @param {Record<string, string>} [fields] */
function credentials(s, fields = {}) {
  const body = new URLSearchParams({ alias: s.alias, secureKey: s.secureKey, userId: s.participantId });
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

/** A JSON request's `{ data, operationId }`. @param {Request} request */
async function jsonBody(request) {
  if (!request.body) return {};
  if (!(request.headers.get('content-type') || '').toLowerCase().startsWith('application/json')) throw new HttpError(415, 'Send JSON');
  let body;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, 'The body is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'The body must be an object');
  return /** @type {Record<string, any>} */ (body);
}

const OPERATION_ID = /^[A-Za-z0-9._~-]{1,100}$/;
/** @param {unknown} v */
const text = (v) => (typeof v === 'string' ? v.trim() : '');

/** Fault key and the legacy key it falls back to, by resource and method. */
const FAULT_KEYS = /** @type {Record<string, [string, string]>} */ ({
  'GET messages': ['ngrest.poll', 'chat.refresh'],
  'POST messages': ['ngrest.send', 'chat.send'],
  'POST images': ['ngrest.images', 'chat.file'],
  'PUT userdata': ['ngrest.userdata', 'chat.updateData'],
  'DELETE participants': ['ngrest.end', 'chat.disconnect'],
});

/** The request's operationId for a failure answer (query, else a JSON body's). @param {Request} request @param {URL} url */
async function operationIdOf(request, url) {
  const q = url.searchParams.get('operationId');
  if (q !== null) return q;
  try {
    const body = await request.clone().json();
    return typeof body?.operationId === 'string' ? body.operationId : '';
  } catch {
    return '';
  }
}

/**
 * The next-generation REST API under the faults injected for it.
 * @param {import('./index.js').Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleNgrest(sim, request, url) {
  const p = url.pathname;
  if (p !== NGREST_PATH && !p.startsWith(NGREST_PATH + '/')) return undefined;
  const [, sessionId, resource] = p
    .slice(NGREST_PATH.length + 1)
    .split('/')
    .filter(Boolean);
  const keys = !sessionId ? (request.method === 'POST' ? ['ngrest.start', 'chat.start'] : undefined) : FAULT_KEYS[`${request.method} ${resource}`];
  if (!keys) return ngrest(sim, request, url);
  let chatId;
  try {
    chatId = sessionId ? decodeURIComponent(sessionId) : undefined;
  } catch {
    chatId = undefined;
  }
  return sim.guard(keys[0], request, async () => /** @type {Response} */ (await ngrest(sim, request, url)), {
    chatId,
    fallback: [keys[1]],
    failure: async (status) =>
      failure(status || 503, 'SERVICE_UNAVAILABLE', SIMULATOR_TEXTS[requestLanguage(request)].simulatedChatFailure, await operationIdOf(request, url)),
  });
}

/**
 * @param {import('./index.js').Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
async function ngrest(sim, request, url) {
  const p = url.pathname;
  if (p !== NGREST_PATH && !p.startsWith(NGREST_PATH + '/')) return undefined;
  const parts = p
    .slice(NGREST_PATH.length + 1)
    .split('/')
    .filter(Boolean)
    .map((x) => {
      try {
        return decodeURIComponent(x);
      } catch {
        return '\u0000';
      }
    });
  const [center, sessionId, resource, extra, ...more] = parts;
  const method = request.method;

  let body = /** @type {Record<string, any>} */ ({});
  let multipart = /** @type {File | undefined} */ (undefined);
  try {
    if (resource === 'images' && method === 'POST') {
      const parsed = await readBody(request, { allowJson: false, allowMultipart: true, allowEmpty: true });
      multipart = parsed.files[0];
      body = { operationId: parsed.fields.get('operationId')?.[0] ?? url.searchParams.get('operationId') };
    } else if (method === 'POST' || method === 'PUT') {
      body = await jsonBody(request);
    }
  } catch (e) {
    if (e instanceof HttpError) return failure(e.status, 'INVALID_REQUEST', e.message, '');
    throw e;
  }
  const operationId = String(body.operationId ?? url.searchParams.get('operationId') ?? '');
  if (!OPERATION_ID.test(operationId)) return failure(400, 'INVALID_REQUEST', 'operationId is required (1 to 100 of A-Z a-z 0-9 . _ ~ -)', '');
  if (!center || !NGREST_CONTACT_CENTERS.includes(center)) return coded('INVALID_CONTACT_CENTER', 404, operationId);
  const state = stateOf(sim);
  const data = body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : {};
  const token = request.headers.get(NGREST_TOKEN_HEADER) || '';

  /* ---------------------------------------------------- start or restore */
  if (!sessionId) {
    if (method !== 'POST') return failure(405, 'INVALID_REQUEST', 'Method not allowed', operationId);
    if (token) {
      const found = [...state.sessions.values()].find((s) => sameKey(s.token, token));
      const chat = found && sim.state.chat.sessions.get(found.sessionId);
      if (!found || !chat || chat.ended) return failure(404, 'SESSION_NOT_FOUND', 'Chat session not found or expired', operationId, { chatEnded: true });
      return json({ operationId, data: { clientToken: clientTokenOf(found), restored: true } });
    }
    const replay = state.starts.get(operationId);
    if (replay) return json(replay.body, replay.status);
    const form = data.form && typeof data.form === 'object' && !Array.isArray(data.form) ? data.form : {};
    const endpoint = text(data.endpoint);
    if (!sim.state.chat.services.includes(endpoint)) return coded('INVALID_ENDPOINT', 400, operationId);
    if (!text(form.firstName) && !text(form.nickname)) return coded('INVALID_NICKNAME', 400, operationId);
    const userData = data.userData && typeof data.userData === 'object' && !Array.isArray(data.userData) ? { ...data.userData } : {};
    for (const key of /** @type {const} */ (['clientType', 'stream'])) if (data[key] !== undefined && data[key] !== null) userData[key] = String(data[key]);
    const fields = new URLSearchParams({ endpoint, userData: JSON.stringify(userData) });
    for (const key of ['nickname', 'firstName', 'lastName', 'subject', 'text']) if (text(form[key])) fields.set(key, text(form[key]));
    if (text(form.email ?? form.emailAddress)) fields.set('emailAddress', text(form.email ?? form.emailAddress));
    const answer = await legacyAnswer(await legacyCall(sim, request, url, endpoint, '', fields), operationId);
    if (!answer.ok) return answer.response;
    /** @type {NgSession} */
    const s = {
      token: crypto.randomUUID().replace(/-/g, ''),
      sessionId: String(answer.body.chatId),
      participantId: String(answer.body.userId),
      secureKey: String(answer.body.secureKey),
      alias: String(answer.body.alias),
      service: endpoint,
      cursor: 1,
      operations: new Map(),
    };
    state.sessions.set(s.sessionId, s);
    while (state.sessions.size > sim.options.maxChatSessions) state.sessions.delete(/** @type {string} */ (state.sessions.keys().next().value));
    const reply = { status: 200, body: { operationId, data: { clientToken: clientTokenOf(s) } } };
    remember(state.starts, operationId, reply);
    return json(reply.body, reply.status);
  }

  /* ---------------------------------------------------- a session's calls */
  const s = state.sessions.get(sessionId);
  if (!s || !sim.state.chat.sessions.has(s.sessionId))
    return failure(404, 'SESSION_NOT_FOUND', 'Chat session not found or expired', operationId, { chatEnded: true });
  if (!token || !sameKey(token, s.token)) return failure(401, 'INVALID_TOKEN', 'The client token is missing or wrong', operationId);
  const replay = s.operations.get(`${method} ${resource} ${operationId}`);
  if (replay) return json(replay.body, replay.status);

  /** Answers `data` and remembers it for the operationId. @param {unknown} answerData */
  const done = (answerData) => {
    const reply = { status: 200, body: { operationId, data: answerData } };
    remember(s.operations, `${method} ${resource} ${operationId}`, reply);
    return json(reply.body);
  };
  /** @param {string} op @param {URLSearchParams | FormData} form */
  const call = async (op, form) => legacyAnswer(await legacyCall(sim, request, url, s.service, `${encodeURIComponent(s.sessionId)}/${op}`, form), operationId);

  if (resource === 'messages' && !extra && method === 'GET') {
    const q = url.searchParams;
    const count = q.get('count');
    const index = q.get('index');
    if (count !== null && !(/^\d{1,4}$/.test(count) && Number(count) >= 1 && Number(count) <= NGREST_MAX_COUNT)) {
      return failure(400, 'INVALID_REQUEST', `count must be a whole number from 1 to ${NGREST_MAX_COUNT}`, operationId);
    }
    if (index !== null && (count === null || !/^\d{1,9}$/.test(index) || Number(index) < 1)) {
      return failure(400, 'INVALID_REQUEST', 'index must be a whole number from 1, with count', operationId);
    }
    const from = count === null ? s.cursor : 1;
    const answer = await call('refresh', credentials(s, { transcriptPosition: String(from) }));
    if (!answer.ok) return answer.response;
    /** @type {Array<{ index: number }>} */
    let messages = answer.body.messages;
    const nextIndex = Number(answer.body.nextPosition);
    if (index !== null) messages = messages.filter((m) => m.index < Number(index)).slice(-Number(count));
    else if (count !== null) messages = messages.slice(-Number(count));
    // A poll or a restore has delivered the transcript up to now; history does not move the cursor.
    if (index === null) s.cursor = nextIndex;
    const out = /** @type {Record<string, unknown>} */ ({ messages, chatEnded: answer.body.chatEnded === true, nextIndex });
    if (typeof answer.body.idleTimerExpire === 'number') out.idleTimerExpire = answer.body.idleTimerExpire;
    return done(out);
  }
  if (resource === 'messages' && !extra && method === 'POST') {
    const type = text(data.type) || 'text';
    const message = typeof data.text === 'string' ? data.text : '';
    const ops = /** @type {Record<string, string>} */ ({
      text: 'send',
      customNotice: 'customNotice',
      typingStarted: 'startTyping',
      typingStopped: 'stopTyping',
    });
    if (!ops[type]) return failure(400, 'INVALID_REQUEST', `Unknown message type '${type.slice(0, 40)}'`, operationId);
    if (type === 'text' && !message.trim()) return failure(400, 'INVALID_REQUEST', 'No message text provided', operationId);
    const answer = await call(ops[type], credentials(s, { message }));
    if (!answer.ok) return answer.response;
    return done(typeof answer.body.index === 'number' ? { index: answer.body.index } : {});
  }
  if (resource === 'images' && !extra && method === 'POST') {
    if (!multipart) return failure(400, 'INVALID_REQUEST', 'Multipart field file is required', operationId);
    const name = String(multipart.name || '');
    const ext = name.includes('.') ? name.split('.').pop()?.toLowerCase() || '' : '';
    if (!NGREST_IMAGE_TYPES.includes(ext) || (multipart.type && !multipart.type.startsWith('image/'))) return coded('INVALID_FILE_TYPE', 400, operationId);
    const limits = sim.state.chat.fileLimits;
    const chat = sim.state.chat.sessions.get(s.sessionId);
    if (chat && chat.clientFiles >= limits.maxFiles) return coded('LIMIT_FILE_COUNT', 400, operationId);
    if (multipart.size > limits.maxFileSize) return coded('LIMIT_FILE_SIZE', 413, operationId);
    const form = new FormData();
    form.append('file', multipart, name);
    for (const [k, v] of credentials(s)) form.append(k, v);
    const answer = await call('file', form);
    if (!answer.ok) return answer.response;
    return done({ fileId: answer.body.userData?.['file-id'] });
  }
  if (resource === 'userdata' && !extra && method === 'PUT') {
    const userData = data.userData && typeof data.userData === 'object' && !Array.isArray(data.userData) ? data.userData : null;
    if (!userData) return failure(400, 'INVALID_REQUEST', 'data.userData must be an object', operationId);
    const answer = await call('updateData', credentials(s, { userData: JSON.stringify(userData) }));
    if (!answer.ok) return answer.response;
    return done({});
  }
  if (resource === 'participants' && extra && more.length === 0 && method === 'DELETE') {
    if (extra !== s.participantId) return failure(404, 'INVALID_REQUEST', 'Unknown participant', operationId);
    const answer = await call('disconnect', credentials(s));
    if (!answer.ok) return answer.response;
    return done({ chatEnded: true });
  }
  return failure(404, 'INVALID_REQUEST', 'Unknown next-generation chat operation', operationId);
}
