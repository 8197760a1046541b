// @ts-check
/** Control API (/__control/...): change what the next answers say. JSON in, JSON out. */
import { HttpError, json, readBody } from './http.js';
import { PATHS, ENDPOINT_KEYS } from './contracts.js';
import { wallTime, zonedToEpoch, toZonedIso, parseHhMm, parseIso, MIN_EPOCH, MAX_EPOCH } from './tz.js';
import { assertSameOrigin, assertJsonBody, assertAgentToken } from './security.js';
import { evictIdempotencyKeys } from './idempotency.js';
import { KNOWLEDGE_ENDPOINT_KEYS, knowledgeCounts, knowledgeSnapshot } from './knowledge.js';
import { controlClickToCall, clickToCallSnapshot } from './click-to-call.js';
import { controlCobrowse, cobrowseSnapshot } from './cobrowse.js';
import { parseFaultSpec, specKey, injectedCounts, resetInjectedCounts, registeredFaultKeys } from './faults.js';

/** @typedef {import('./index.js').Sim} Sim */

/** @param {unknown} v @param {string} name @param {number} min @param {number} max */
function num(v, name, min, max) {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) throw new HttpError(400, `${name} must be a number from ${min} to ${max}`);
  return n;
}
/** @param {unknown} v @param {string} name */
function bool(v, name) {
  if (typeof v !== 'boolean') throw new HttpError(400, `${name} must be true or false`);
  return v;
}

/** @param {Request} request */
async function body(request) {
  const b = await readBody(request, { allowMultipart: false });
  if (b.json !== undefined) {
    if (!b.json || typeof b.json !== 'object' || Array.isArray(b.json)) throw new HttpError(400, 'Expected a JSON object');
    return /** @type {Record<string, any>} */ (b.json);
  }
  /** @type {Record<string, any>} */
  const out = {};
  for (const [k, v] of b.fields) out[k] = v[0];
  return out;
}

/** @param {Sim} sim */
export function snapshot(sim) {
  const st = sim.state;
  const now = sim.serverNow();
  return {
    serverTime: Math.floor(now / 1000),
    serverTimeIso: new Date(now).toISOString(),
    warsawTime: toZonedIso(now),
    clockOffsetMs: st.clockOffsetMs,
    waits: Object.fromEntries(st.waits),
    slots: {
      defaultCapacity: st.slots.defaultCapacity,
      fullTimes: st.slots.fullTimes,
      capacities: Object.fromEntries(st.slots.overrides),
      booked: Object.fromEntries(st.slots.booked),
    },
    callbackHours: st.callbackHours,
    faults: Object.fromEntries(st.faults),
    chat: {
      available: st.chat.available,
      scriptedAgent: st.chat.scriptedAgent,
      botRichMedia: st.chat.botRichMedia,
      agentName: st.chat.agentName,
      agentJoinDelayMs: st.chat.agentJoinDelayMs,
      botJoinDelayMs: st.chat.botJoinDelayMs,
      typingDelayMs: st.chat.typingDelayMs,
      replyDelayMs: st.chat.replyDelayMs,
      idle: st.chat.idle,
      fileLimits: st.chat.fileLimits,
      sessions: st.chat.sessions.size,
      maxSessions: sim.options.maxChatSessions,
      maxSessionAgeMs: sim.options.maxChatAgeMs,
    },
    sendMessageLimits: st.sendMessageLimits,
    counts: { callbacks: st.callbacks.length, messages: st.messages.length, surveyCancels: st.surveyCancels, idempotencyKeys: st.idempotency.size },
    knowledge: knowledgeCounts(sim),
    clickToCall: clickToCallSnapshot(sim),
    cobrowse: cobrowseSnapshot(sim),
  };
}

/** The control API's GET routes that answer with visitors' data. */
export const DATA_ROUTES = new Set(['callbacks', 'messages', 'knowledge']);

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleControl(sim, request, url) {
  const p = url.pathname;
  if (p !== PATHS.control && !p.startsWith(PATHS.control + '/')) return undefined;
  if (!sim.options.control) throw new HttpError(404, 'Control API disabled');
  assertSameOrigin(request, url);
  assertJsonBody(request);
  const op = p.slice(PATHS.control.length + 1).replace(/\/$/, '');
  const st = sim.state;
  const method = request.method;

  if (op === '' || op === 'state') {
    if (method !== 'GET') throw new HttpError(405, 'Method not allowed');
    evictIdempotencyKeys(sim);
    return json(snapshot(sim));
  }
  // What visitors typed (callbacks booked, messages sent, searches, votes and comments) is the agent's to
  // read: the agent token, as the agent API asks it.
  if (DATA_ROUTES.has(op) && method === 'GET') assertAgentToken(request, sim.options.agentToken);
  if (op === 'callbacks' && method === 'GET') return json({ callbacks: st.callbacks });
  if (op === 'messages' && method === 'GET') return json({ messages: st.messages });
  if (op === 'knowledge' && method === 'GET') return json(knowledgeSnapshot(sim));
  if (op === 'faults' && method === 'DELETE') {
    st.faults.clear();
    return json(snapshot(sim));
  }
  if (op === 'faults' && method === 'GET') {
    const chatId = url.searchParams.get('chatId');
    return json({ faults: Object.fromEntries(st.faults), injected: { ...injectedCounts(sim, chatId ?? undefined) } });
  }
  if (op === 'faults/injected' && method === 'DELETE') {
    resetInjectedCounts(sim);
    return json({ faults: Object.fromEntries(st.faults), injected: { ...injectedCounts(sim) } });
  }
  if (method !== 'POST' && method !== 'PUT') throw new HttpError(405, 'Method not allowed');
  const b = await body(request);

  switch (op) {
    case 'reset':
      sim.reset();
      return json(snapshot(sim));
    case 'wait': {
      /** @type {Record<string, unknown>} */
      const waits = b.waits && typeof b.waits === 'object' ? b.waits : b.queue !== undefined ? { [b.queue]: b.ewt } : {};
      if (!Object.keys(waits).length) throw new HttpError(400, 'Give { queue, ewt } or { waits: { queue: seconds } }');
      // Check everything first: a refused call changes nothing.
      const next = new Map(st.waits);
      for (const [q, v] of Object.entries(waits)) {
        if (!q || q.length > 100) throw new HttpError(400, 'Invalid queue name');
        if (v === null) next.delete(q);
        else next.set(q, Math.round(num(v, `ewt of ${q.slice(0, 40)}`, -1, 1e7)));
        if (next.size > 1000) throw new HttpError(400, 'Too many queues (at most 1000)');
      }
      st.waits = next;
      return json(snapshot(sim));
    }
    case 'clock': {
      const base = sim.clock.now();
      if (b.reset === true) st.clockOffsetMs = 0;
      else if (typeof b.time === 'string' || typeof b.time === 'number') {
        const parsed = typeof b.time === 'string' ? parseIso(b.time) : null;
        const t = typeof b.time === 'number' ? b.time : parsed && !parsed.dateOnly ? parsed.epoch : NaN;
        if (!(t >= MIN_EPOCH && t <= MAX_EPOCH)) throw new HttpError(400, 'time must be an ISO 8601 date-time or epoch milliseconds, years 1970 to 9999');
        st.clockOffsetMs = t - base;
      } else if (typeof b.warsawTime === 'string') {
        const minutes = parseHhMm(b.warsawTime);
        if (Number.isNaN(minutes) || minutes >= 24 * 60) throw new HttpError(400, 'warsawTime must be HH:MM');
        let d = wallTime(sim.serverNow());
        if (b.date !== undefined) {
          const parsed = parseIso(b.date);
          if (!parsed || !parsed.dateOnly) throw new HttpError(400, 'date must be a real day as YYYY-MM-DD, years 1970 to 9999');
          d = { ...d, ...parsed.date };
        }
        st.clockOffsetMs = zonedToEpoch(d.year, d.month, d.day, Math.floor(minutes / 60), minutes % 60) - base;
      } else if (b.offsetMs !== undefined) {
        const offset = num(b.offsetMs, 'offsetMs', -1e13, 1e13);
        if (!(base + offset >= MIN_EPOCH && base + offset <= MAX_EPOCH))
          throw new HttpError(400, 'offsetMs must keep the server time within the years 1970 to 9999');
        st.clockOffsetMs = offset;
      } else throw new HttpError(400, 'Give { time }, { warsawTime, date? }, { offsetMs } or { reset: true }');
      return json(snapshot(sim));
    }
    case 'slots': {
      if (b.defaultCapacity !== undefined) st.slots.defaultCapacity = Math.round(num(b.defaultCapacity, 'defaultCapacity', 0, 1000));
      if (b.fullTimes !== undefined) {
        if (!Array.isArray(b.fullTimes) || b.fullTimes.some((t) => typeof t !== 'string' || Number.isNaN(parseHhMm(t)))) {
          throw new HttpError(400, 'fullTimes must be a list of HH:MM');
        }
        st.slots.fullTimes = b.fullTimes.map((/** @type {string} */ t) => t.padStart(5, '0'));
      }
      if (b.capacities !== undefined) {
        if (!b.capacities || typeof b.capacities !== 'object') throw new HttpError(400, 'capacities must be an object { "ISO time": n }');
        // Check every capacity first: a refused list stores none of them.
        const next = new Map(st.slots.overrides);
        for (const [k, v] of Object.entries(b.capacities)) {
          const parsed = parseIso(k);
          if (!parsed || parsed.dateOnly) throw new HttpError(400, `Invalid slot time ${k.slice(0, 40)}: expected an ISO 8601 date-time`);
          const iso = new Date(parsed.epoch).toISOString();
          if (v === null) next.delete(iso);
          else next.set(iso, Math.round(num(v, `capacity of ${k.slice(0, 40)}`, 0, 1000)));
          if (next.size > 5000) throw new HttpError(400, 'Too many capacity overrides (at most 5000)');
        }
        st.slots.overrides = next;
      }
      if (b.clearBookings === true) st.slots.booked.clear();
      if (b.callbackHours !== undefined) {
        const h = b.callbackHours;
        if (!h || typeof h !== 'object' || Number.isNaN(parseHhMm(h.open)) || Number.isNaN(parseHhMm(h.close)) || parseHhMm(h.open) >= parseHhMm(h.close)) {
          throw new HttpError(400, 'callbackHours needs open and close as HH:MM, open before close');
        }
        const interval = h.intervalMinutes === undefined ? st.callbackHours.intervalMinutes : Math.round(num(h.intervalMinutes, 'intervalMinutes', 5, 240));
        const days = h.days === undefined ? st.callbackHours.days : h.days;
        if (!Array.isArray(days) || days.some((d) => ![1, 2, 3, 4, 5, 6, 7].includes(d)))
          throw new HttpError(400, 'days must list weekday numbers 1 (Monday) to 7');
        st.callbackHours = { days, open: h.open, close: h.close, intervalMinutes: interval };
      }
      return json(snapshot(sim));
    }
    case 'faults': {
      /** @type {Record<string, any>} */
      const faults = b.faults && typeof b.faults === 'object' ? b.faults : b.endpoint !== undefined ? { [b.endpoint]: b } : {};
      if (!Object.keys(faults).length) {
        throw new HttpError(
          400,
          'Give { endpoint, chatId?, latencyMs?, jitterMs?, dropRequestRate?, dropResponseRate?, duplicateRate?, reorderRate?, failureRate?, status?, disconnectRate?, chaos? } or { faults: { endpoint: spec } }',
        );
      }
      // Check every spec first: a refused call changes nothing.
      const next = new Map(st.faults);
      const keys = [...ENDPOINT_KEYS, ...KNOWLEDGE_ENDPOINT_KEYS, ...registeredFaultKeys()];
      for (const [key, spec] of Object.entries(faults)) {
        const known = key === '*' || keys.some((k) => k === key || k.startsWith(key + '.'));
        if (!known) throw new HttpError(400, `Unknown endpoint key '${key.slice(0, 40)}'; known: * ${keys.join(' ')}`);
        if (spec !== null && (typeof spec !== 'object' || Array.isArray(spec))) throw new HttpError(400, `The spec of '${key.slice(0, 40)}' must be an object`);
        if (spec === null || spec.clear === true) {
          const chatId = spec && typeof spec.chatId === 'string' ? spec.chatId : '';
          next.delete(specKey(key, chatId));
          continue;
        }
        const f = parseFaultSpec(spec);
        next.set(specKey(key, f.chatId), f);
        if (next.size > 1000) throw new HttpError(400, 'Too many fault specs (at most 1000)');
      }
      st.faults = next;
      return json(snapshot(sim));
    }
    case 'chat': {
      const c = st.chat;
      if (b.available !== undefined) c.available = bool(b.available, 'available');
      if (b.scriptedAgent !== undefined) c.scriptedAgent = bool(b.scriptedAgent, 'scriptedAgent');
      if (b.botRichMedia !== undefined) c.botRichMedia = bool(b.botRichMedia, 'botRichMedia');
      if (b.agentName !== undefined) {
        if (typeof b.agentName !== 'string' || !b.agentName.trim() || b.agentName.length > 60) throw new HttpError(400, 'agentName must be a non-empty string');
        c.agentName = b.agentName.trim();
      }
      for (const k of /** @type {const} */ (['agentJoinDelayMs', 'botJoinDelayMs', 'typingDelayMs', 'replyDelayMs'])) {
        if (b[k] !== undefined) c[k] = num(b[k], k, 0, 3600000);
      }
      if (b.maxMessageLength !== undefined) c.maxMessageLength = Math.round(num(b.maxMessageLength, 'maxMessageLength', 1, 100000));
      if (b.idle !== undefined) {
        const i = b.idle;
        if (!i || typeof i !== 'object') throw new HttpError(400, 'idle must be an object');
        if (i.enabled !== undefined) c.idle.enabled = bool(i.enabled, 'idle.enabled');
        if (i.alertAfterMs !== undefined) c.idle.alertAfterMs = num(i.alertAfterMs, 'idle.alertAfterMs', 1000, 86400000);
        if (i.closeAfterMs !== undefined) c.idle.closeAfterMs = num(i.closeAfterMs, 'idle.closeAfterMs', 1000, 86400000);
        if (i.alerts !== undefined) c.idle.alerts = Math.round(num(i.alerts, 'idle.alerts', 0, 10));
      }
      if (b.fileLimits !== undefined) {
        const f = b.fileLimits;
        if (!f || typeof f !== 'object') throw new HttpError(400, 'fileLimits must be an object');
        if (f.maxFiles !== undefined) c.fileLimits.maxFiles = Math.round(num(f.maxFiles, 'maxFiles', 0, 100));
        if (f.maxFileSize !== undefined) c.fileLimits.maxFileSize = Math.round(num(f.maxFileSize, 'maxFileSize', 0, 20 * 1024 * 1024));
        if (f.maxTotalSize !== undefined) c.fileLimits.maxTotalSize = Math.round(num(f.maxTotalSize, 'maxTotalSize', 0, 100 * 1024 * 1024));
        if (f.needAgent !== undefined) c.fileLimits.needAgent = bool(f.needAgent, 'needAgent');
        if (f.types !== undefined) {
          if (!Array.isArray(f.types) || f.types.some((/** @type {unknown} */ t) => typeof t !== 'string' || !/^[a-z0-9]{1,10}$/i.test(t)))
            throw new HttpError(400, 'types must be a list of extensions');
          c.fileLimits.types = f.types.map((/** @type {string} */ t) => t.toLowerCase());
        }
      }
      return json(snapshot(sim));
    }
    case 'cobrowse':
      return json(controlCobrowse(sim, b));
    case 'sendmessage': {
      const l = st.sendMessageLimits;
      if (b.maxFiles !== undefined) l.maxFiles = Math.round(num(b.maxFiles, 'maxFiles', 0, 100));
      if (b.maxTotalSize !== undefined) l.maxTotalSize = Math.round(num(b.maxTotalSize, 'maxTotalSize', 0, 20 * 1024 * 1024));
      return json(snapshot(sim));
    }
    case 'clicktocall':
      controlClickToCall(sim, b);
      return json(snapshot(sim));
    default:
      throw new HttpError(404, `Unknown control operation '${op.slice(0, 40)}'`);
  }
}
