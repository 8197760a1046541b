// @ts-check
/**
 * Fault injection (issue 13 item 5): per endpoint key and optionally per chat, the faults a real network
 * and a real contact centre inflict on a chat client — the request dropped before the server acts, the
 * response dropped after it acted, a transcript message delivered twice, a batch reordered, latency, a
 * 5xx, a push transport's connection dropped — set through `POST /__control/faults` (control.js) and
 * counted by kind in `GET /__control/faults`.
 *
 * Every wire adapter asks the same question, "which fault for this request of this chat?":
 *
 *   const fault = sim.fault('cometd.push', chatId);           // drawn now, undefined = none
 *   if (fault?.disconnect) dropSession(…);
 *   else deliver(applyToBatch(sim, messages, fault));         // duplicate / reorder, counted when applied
 *
 * and HTTP handlers wrap their work in `sim.guard(key, request, fn, { chatId })` (guarded below), which
 * applies latency, a dropped request, a failure answer, a dropped response after `fn` ran, and duplicates /
 * reorders the `messages` of the answer.
 */
import { HttpError, json } from './http.js';
import { SIMULATOR_TEXTS, requestLanguage } from './texts.js';

/** @typedef {import('./index.js').Sim} Sim */
/** @typedef {import('./contracts.js').FaultSpec} FaultSpec */

/** Every kind of fault, as counted in `GET /__control/faults` (`injected`). */
export const FAULT_KINDS = /** @type {const} */ (['dropRequest', 'dropResponse', 'duplicate', 'reorder', 'latency', 'failure', 'disconnect']);
/** @typedef {typeof FAULT_KINDS[number]} FaultKind */

/** The rate field of each kind in a FaultSpec (latency has latencyMs and jitterMs instead). */
export const RATE_FIELDS = /** @type {const} */ ({
  dropRequest: 'dropRequestRate',
  dropResponse: 'dropResponseRate',
  duplicate: 'duplicateRate',
  reorder: 'reorderRate',
  failure: 'failureRate',
  disconnect: 'disconnectRate',
});

/** Request / response kinds every HTTP endpoint (and every CometD publish) can suffer. */
const REQUEST_KINDS = /** @type {FaultKind[]} */ (['dropRequest', 'dropResponse', 'failure', 'latency']);
/** Kinds of an answer or push that carries a batch of transcript messages. */
const BATCH_KINDS = /** @type {FaultKind[]} */ (['duplicate', 'reorder']);
/** Endpoint keys whose answer carries transcript messages. */
const BATCH_KEYS = new Set(['chat.refresh', 'chat.requestNotifications', 'ngrest.poll', 'cloud.messages']);
/** Keys of push deliveries (a batch, or the connection dropped instead). */
const PUSH_KEYS = new Set(['cometd.push', 'cloud.stream']);

/** Latency a chaos 'latency' fault adds, in ms (from, to). */
export const CHAOS_LATENCY_MS = /** @type {const} */ ([100, 1000]);

/**
 * The fault kinds that apply to an endpoint key (what `chaos` mixes, and which explicit rates take effect).
 * @param {string} key
 * @returns {FaultKind[]}
 */
export function kindsFor(key) {
  if (PUSH_KEYS.has(key)) return [...BATCH_KINDS, 'disconnect'];
  if (key.startsWith('cometd.publish')) return [...REQUEST_KINDS, 'disconnect'];
  if (BATCH_KEYS.has(key)) return [...REQUEST_KINDS, ...BATCH_KINDS];
  return REQUEST_KINDS;
}

/**
 * The decision for one request (or one push): what to apply. Kinds that exclude each other are already
 * resolved: a dropped request or a failure answer means the server does not act, so nothing else applies;
 * a dropped response leaves no answer to duplicate or reorder.
 * @typedef {object} Fault
 * @property {string} key the spec's key that matched (e.g. 'chat', 'chat.send@<chatId>', '*')
 * @property {string} [chatId] the chat of the request (its injected faults are also counted for it)
 * @property {number} latencyMs wait this long first (0: none)
 * @property {boolean} dropRequest drop the connection before acting
 * @property {boolean} failure answer a failure (chat: statusCode 1; else 5xx) without acting
 * @property {number | undefined} status the failure's HTTP status, when the spec gives one
 * @property {boolean} dropResponse act, then drop the connection
 * @property {boolean} duplicate deliver one transcript message of the answer / push twice
 * @property {boolean} reorder shuffle the answer's / push's messages
 * @property {boolean} disconnect push transports: drop the client's session / connection
 */

/** Per simulator state: injected counts (a reset starts afresh). @type {WeakMap<object, Record<FaultKind, number>>} */
const counters = new WeakMap();
/** Per simulator state: injected counts by chat. @type {WeakMap<object, Map<string, Record<FaultKind, number>>>} */
const chatCounters = new WeakMap();
/** Chats whose counts are kept (the oldest dropped beyond). */
const MAX_COUNTED_CHATS = 1000;
const zeroCounts = () => /** @type {Record<FaultKind, number>} */ (Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])));

/** Endpoint keys other modules register (e.g. cloud.js), besides contracts.js ENDPOINT_KEYS. */
const registeredKeys = new Set();

/**
 * Make more endpoint keys valid in `POST /__control/faults` (a wire adapter in its own module).
 * @param {...string} keys
 */
export function registerFaultKeys(...keys) {
  for (const key of keys) registeredKeys.add(key);
}
/** @returns {string[]} */
export const registeredFaultKeys = () => [...registeredKeys];

/**
 * Faults injected since the start or the last reset, by kind: all of them, or one chat's.
 * @param {Sim} sim @param {string} [chatId] @returns {Record<FaultKind, number>}
 */
export function injectedCounts(sim, chatId) {
  if (chatId !== undefined) return { ...(chatCounters.get(sim.state)?.get(chatId) || zeroCounts()) };
  let c = counters.get(sim.state);
  if (!c) counters.set(sim.state, (c = zeroCounts()));
  return c;
}

/** @param {Sim} sim */
export function resetInjectedCounts(sim) {
  counters.delete(sim.state);
  chatCounters.delete(sim.state);
}

/** @param {Sim} sim @param {FaultKind} kind @param {string} [chatId] */
export function count(sim, kind, chatId) {
  injectedCounts(sim)[kind]++;
  if (!chatId) return;
  let byChat = chatCounters.get(sim.state);
  if (!byChat) chatCounters.set(sim.state, (byChat = new Map()));
  let c = byChat.get(chatId);
  if (!c) {
    byChat.set(chatId, (c = zeroCounts()));
    if (byChat.size > MAX_COUNTED_CHATS) byChat.delete(/** @type {string} */ (byChat.keys().next().value));
  }
  c[kind]++;
}

/** The map key of a spec: the endpoint key, plus `@chatId` for a chat's own. @param {string} endpoint @param {string} [chatId] */
export const specKey = (endpoint, chatId) => (chatId ? `${endpoint}@${chatId}` : endpoint);

/** 'chat.send' → ['chat.send', 'chat']. @param {string} key */
function hierarchy(key) {
  const out = [key];
  let k = key;
  for (let i = k.lastIndexOf('.'); i > 0; i = k.lastIndexOf('.')) out.push((k = k.slice(0, i)));
  return out;
}

/**
 * The spec that applies: the chat's own specs first (most specific key first, then '*'), then the specs for
 * every chat the same way. `keys` are tried in order (a transport's own key, then the legacy REST key it
 * stands for).
 * @param {Map<string, FaultSpec>} faults
 * @param {string[]} keys
 * @param {string} [chatId]
 * @returns {[string, FaultSpec] | undefined}
 */
export function lookup(faults, keys, chatId) {
  if (!faults.size) return undefined;
  const levels = [...keys.flatMap(hierarchy), '*'];
  for (const chat of chatId ? [chatId, ''] : ['']) {
    for (const level of levels) {
      const k = specKey(level, chat);
      const spec = faults.get(k);
      if (spec) return [k, spec];
    }
  }
  return undefined;
}

/**
 * Draw the fault for one request or push and count what it injects (duplicate and reorder are counted by
 * applyToBatch, when a batch is there to change). Rates are independent draws per request; `chaos: r` adds
 * one fault of a kind that applies to the endpoint, each kind with r / n.
 * @param {Sim} sim
 * @param {string | string[]} keys the endpoint key (then fallbacks)
 * @param {string} [chatId]
 * @param {FaultKind[]} [kinds] what applies here (default: kindsFor the first key)
 * @returns {Fault | undefined}
 */
export function decideFault(sim, keys, chatId, kinds) {
  const list = Array.isArray(keys) ? keys : [keys];
  const found = lookup(sim.state.faults, list, chatId);
  if (!found) return undefined;
  const [key, spec] = found;
  const applies = new Set(kinds || kindsFor(list[0]));
  const random = sim.options.random;
  /** @type {Set<FaultKind>} */
  const hit = new Set();
  for (const [kind, field] of Object.entries(RATE_FIELDS)) {
    const rate = spec[/** @type {keyof FaultSpec} */ (field)];
    if (typeof rate === 'number' && rate > 0 && applies.has(/** @type {FaultKind} */ (kind)) && random() < rate) hit.add(/** @type {FaultKind} */ (kind));
  }
  let latencyMs = (spec.latencyMs || 0) + (spec.jitterMs ? random() * spec.jitterMs : 0);
  if (spec.chaos) {
    const u = random();
    const pool = FAULT_KINDS.filter((k) => applies.has(k));
    if (u < spec.chaos && pool.length) {
      const kind = pool[Math.min(pool.length - 1, Math.floor((u / spec.chaos) * pool.length))];
      if (kind === 'latency') latencyMs += CHAOS_LATENCY_MS[0] + random() * (CHAOS_LATENCY_MS[1] - CHAOS_LATENCY_MS[0]);
      else hit.add(kind);
    }
  }
  latencyMs = Math.round(latencyMs);
  if (!hit.size && !latencyMs) return undefined;
  /** @type {Fault} */
  const fault = {
    key,
    chatId,
    latencyMs,
    dropRequest: hit.has('dropRequest'),
    failure: false,
    status: spec.status,
    dropResponse: false,
    duplicate: false,
    reorder: false,
    disconnect: hit.has('disconnect'),
  };
  if (!fault.dropRequest) {
    fault.failure = hit.has('failure');
    if (!fault.failure) {
      fault.dropResponse = hit.has('dropResponse');
      fault.duplicate = !fault.dropResponse && hit.has('duplicate');
      fault.reorder = !fault.dropResponse && hit.has('reorder');
    }
  }
  if (latencyMs) count(sim, 'latency', chatId);
  for (const kind of /** @type {const} */ (['dropRequest', 'failure', 'dropResponse', 'disconnect'])) if (fault[kind]) count(sim, kind, chatId);
  return fault;
}

/**
 * Duplicate one message of a batch (the copy right behind a random later position) and / or shuffle it
 * (never left in its original order), as the fault says; counted when something changed. Returns a new array.
 * @template T
 * @param {Sim} sim
 * @param {T[]} messages
 * @param {Fault | undefined} fault
 * @returns {T[]}
 */
export function applyToBatch(sim, messages, fault) {
  if (!fault || !Array.isArray(messages)) return messages;
  const random = sim.options.random;
  let out = messages.slice();
  if (fault.reorder && out.length >= 2) {
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.min(i, Math.floor(random() * (i + 1)));
      [out[i], out[j]] = [out[j], out[i]];
    }
    if (out.every((m, i) => m === messages[i])) out = [...out.slice(1), out[0]];
    count(sim, 'reorder', fault.chatId);
  }
  if (fault.duplicate && out.length >= 1) {
    const at = Math.min(out.length - 1, Math.floor(random() * out.length));
    const to = at + 1 + Math.min(out.length - 1 - at, Math.floor(random() * (out.length - at)));
    out.splice(to, 0, structuredClone(out[at]));
    count(sim, 'duplicate', fault.chatId);
  }
  return out;
}

/**
 * Responses dropped after the server acted → the request and the answer the endpoint gave (idempotency.js
 * keeps that one). @type {WeakMap<Response, { request: Request, answer: Response }>}
 */
const actedBeforeDrop = new WeakMap();

/**
 * The answer the endpoint gave to `request` before an injected dropped response, or undefined (a request
 * dropped before the server acted, no drop at all, or the drop of another request — an inner call one
 * adapter made for another, whose answer is not the outer endpoint's).
 * @param {Response} response
 * @param {Request} request
 */
export function answerBeforeDrop(response, request) {
  const acted = actedBeforeDrop.get(response);
  return acted && acted.request === request ? acted.answer : undefined;
}

/**
 * A failure answer for a key: the chat's `statusCode: 1` (HTTP 200 unless the spec gives a status), else
 * `{ error, status }` with the status (default 503), in the request's language.
 * @param {string} key @param {Request} request @param {number | undefined} status
 */
function failureAnswer(key, request, status) {
  const lang = requestLanguage(request);
  const texts = SIMULATOR_TEXTS[lang];
  if (key.startsWith('chat.'))
    return json({ statusCode: 1, errors: [{ code: 503, message: texts.simulatedChatFailure }] }, status || 200, { 'content-language': lang });
  return json({ error: texts.simulatedFailure, status: status || 503 }, status || 503, { 'content-language': lang });
}

/**
 * The answer with its transcript messages (`messages`, `data.messages`, or a page's `entities`) duplicated / reordered.
 * @param {Sim} sim @param {Response} response @param {Fault} fault
 */
async function applyToAnswer(sim, response, fault) {
  if (response.type === 'error' || !(response.headers.get('content-type') || '').includes('json')) return response;
  let body;
  try {
    body = await response.clone().json();
  } catch {
    return response;
  }
  const holder = Array.isArray(body?.messages) ? body : Array.isArray(body?.data?.messages) ? body.data : null;
  const field = holder ? 'messages' : Array.isArray(body?.entities) ? 'entities' : null;
  if (!field) return response;
  const target = holder || body;
  const changed = applyToBatch(sim, target[field], fault);
  if (changed === target[field]) return response;
  target[field] = changed;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

/**
 * @typedef {object} GuardOptions
 * @property {string} [chatId] the chat the request is for (per-chat faults)
 * @property {string[]} [fallback] further keys to look up (a transport's legacy REST key)
 * @property {(status: number | undefined, request: Request) => Response | Promise<Response>} [failure] the failure answer
 *   (default: the chat's statusCode 1 for `chat.*` keys, else `{ error, status }`)
 */

/**
 * Run an HTTP endpoint under the faults that apply to it.
 * @param {Sim} sim
 * @param {string} key
 * @param {Request} request
 * @param {() => Promise<Response>} fn the endpoint (acts and answers)
 * @param {GuardOptions} [options]
 * @returns {Promise<Response>}
 */
export async function guarded(sim, key, request, fn, options = {}) {
  if (sim.internal.has(request)) return fn();
  const fault = decideFault(sim, [key, ...(options.fallback || [])], options.chatId);
  if (!fault) return fn();
  if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
  if (fault.dropRequest) return Response.error();
  if (fault.failure) return options.failure ? options.failure(fault.status, request) : failureAnswer(key, request, fault.status);
  const response = await fn();
  if (fault.dropResponse) {
    const dropped = Response.error();
    actedBeforeDrop.set(dropped, { request, answer: response });
    return dropped;
  }
  if (fault.duplicate || fault.reorder) return applyToAnswer(sim, response, fault);
  return response;
}

/** @param {unknown} v @param {string} name @param {number} min @param {number} max */
function num(v, name, min, max) {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) throw new HttpError(400, `${name} must be a number from ${min} to ${max}`);
  return n;
}

/**
 * A checked FaultSpec from a control request's spec (400 on anything wrong; `dropRate` is `dropRequestRate`).
 * @param {Record<string, unknown>} spec
 * @returns {FaultSpec}
 */
export function parseFaultSpec(spec) {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) throw new HttpError(400, 'A fault spec must be an object');
  /** @type {FaultSpec} */
  const f = {};
  if (spec.latencyMs !== undefined) f.latencyMs = num(spec.latencyMs, 'latencyMs', 0, 60000);
  if (spec.jitterMs !== undefined) f.jitterMs = num(spec.jitterMs, 'jitterMs', 0, 60000);
  if (spec.dropRate !== undefined && spec.dropRequestRate !== undefined) throw new HttpError(400, 'Give dropRequestRate or its alias dropRate, not both');
  for (const field of [...Object.values(RATE_FIELDS), 'chaos']) {
    const value = field === 'dropRequestRate' && spec.dropRate !== undefined ? spec.dropRate : spec[field];
    if (value !== undefined)
      f[/** @type {'chaos'} */ (field)] = num(value, field === 'dropRequestRate' && spec.dropRate !== undefined ? 'dropRate' : field, 0, 1);
  }
  if (spec.status !== undefined) f.status = Math.round(num(spec.status, 'status', 400, 599));
  if (spec.chatId !== undefined) {
    if (typeof spec.chatId !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(spec.chatId))
      throw new HttpError(400, 'chatId must be a chat id (1 to 100 visible ASCII characters)');
    f.chatId = spec.chatId;
  }
  return f;
}
