// @ts-check
/**
 * The co-browse relay: the visitor's page, recorded by the built-in rrweb provider, goes up in JSON
 * batches; the agent console (/agent) reads them back and replays them live. One relay per session,
 * bounded in bytes, in events and in time; nothing is kept after a session ends but its end reason
 * (for a few minutes, so the agent console can say who ended it).
 *
 *   visitor   GET  /api/cobrowse/status                 → { online }
 *             POST /api/cobrowse/sessions               → 201 { token, limits } · 503 offline · 429 full
 *             POST /api/cobrowse/sessions/{token}/events [events] → 204 · 410 { reason } over · 413 too big
 *             DELETE /api/cobrowse/sessions/{token}      → 204 (the visitor's Stop)
 *   agent     GET  /api/agent/cobrowse                  → { sessions }
 *             GET  /api/agent/cobrowse/{token}?after=N  → { events, next, ended }
 *             POST /api/agent/cobrowse/{token}/end      → { ended: 'agent' }
 *   control   POST /__control/cobrowse { online: true | false | 'auto' } ('auto': office hours, 8–17 Warsaw)
 */
import { HttpError, json } from './http.js';
import { PATHS } from './contracts.js';
import { assertAgentToken, assertSameOrigin } from './security.js';
import { wallTime } from './tz.js';
import { registerFaultKeys } from './faults.js';

// `POST /__control/faults { endpoint: 'cobrowse' }` reaches the visitor's calls (not the status).
registerFaultKeys('cobrowse');

/** @typedef {import('./index.js').Sim} Sim */

export const COBROWSE_LIMITS = Object.freeze({
  /** Sessions open at once. */
  maxSessions: 20,
  /** Bytes a session keeps (from its latest full snapshot on); past it the session ends ('size'). */
  maxBytes: 8 * 1024 * 1024,
  /** Events a session keeps, likewise. */
  maxEvents: 50_000,
  /** One batch's bytes. */
  maxBatchBytes: 2 * 1024 * 1024,
  /** A session's longest life. */
  maxAgeMs: 30 * 60 * 1000,
  /** A session without a batch for this long is over (the page went away without its Stop). */
  idleMs: 60 * 1000,
  /** How long an ended session's reason is kept for the agent console. */
  keepEndedMs: 5 * 60 * 1000,
});

const PATH = '/api/cobrowse';
const AGENT_PATH = `${PATHS.agent}/cobrowse`;
/** rrweb's event types: Meta (4) opens each full snapshot (2), where a late viewer can start. */
const META = 4;

/**
 * @typedef {object} CobrowseSession
 * @property {string} token
 * @property {number} createdAt
 * @property {number} lastAt
 * @property {string[]} events each event's JSON
 * @property {number} base sequence number of events[0]
 * @property {number} bytes
 * @property {string | null} ended why it ended: visitor, agent, time, idle, size
 * @property {number} endedAt
 */

/** @returns {{ mode: boolean | 'auto', sessions: Map<string, CobrowseSession> }} */
export function initialCobrowseState() {
  return { mode: 'auto', sessions: new Map() };
}

/** Whether co-browse takes sessions now: forced on or off, or ('auto') in office hours, Monday to Friday. @param {Sim} sim */
export function cobrowseOnline(sim) {
  const { mode } = sim.state.cobrowse;
  if (mode !== 'auto') return mode;
  const t = wallTime(sim.serverNow());
  return t.weekday <= 5 && t.hour >= 8 && t.hour < 17;
}

/** @param {Sim} sim */
export function cobrowseSnapshot(sim) {
  const { mode, sessions } = sim.state.cobrowse;
  return { mode, online: cobrowseOnline(sim), sessions: [...sessions.values()].filter((s) => !s.ended).length, limits: COBROWSE_LIMITS };
}

/** @param {CobrowseSession} s @param {string} reason @param {number} now */
function end(s, reason, now) {
  if (s.ended) return;
  s.ended = reason;
  s.endedAt = now;
  s.events = [];
  s.bytes = 0;
}

/** Ends sessions past their time and forgets ended ones after a while. @param {Sim} sim */
function evict(sim) {
  const now = sim.clock.now();
  for (const [token, s] of sim.state.cobrowse.sessions) {
    if (s.ended) {
      if (now - s.endedAt > COBROWSE_LIMITS.keepEndedMs) sim.state.cobrowse.sessions.delete(token);
    } else if (now - s.createdAt > COBROWSE_LIMITS.maxAgeMs) end(s, 'time', now);
    else if (now - s.lastAt > COBROWSE_LIMITS.idleMs) end(s, 'idle', now);
  }
}

/** A 9-digit token no open session has. @param {Sim} sim */
function newToken(sim) {
  const first = Math.floor(sim.options.random() * 9e8);
  for (let i = 0; ; i++) {
    const token = String(1e8 + ((first + i) % 9e8));
    if (!sim.state.cobrowse.sessions.has(token)) return token;
  }
}

/** The session of a path's token, or a 404. @param {Sim} sim @param {string | undefined} token */
function sessionOf(sim, token) {
  const s = token && /^\d{9}$/.test(token) ? sim.state.cobrowse.sessions.get(token) : undefined;
  if (!s) throw new HttpError(404, 'No such co-browse session');
  return s;
}

/** @param {Request} request */
async function readBatch(request) {
  const type = (request.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(415, 'Send the events as a JSON array (Content-Type: application/json)');
  const text = await request.text();
  if (text.length > COBROWSE_LIMITS.maxBatchBytes)
    throw new HttpError(413, 'The batch is too large', { error: 'The batch is too large', status: 413, reason: 'size' });
  let events;
  try {
    events = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The batch is not JSON');
  }
  if (!Array.isArray(events) || !events.every((e) => e && typeof e === 'object' && typeof e.type === 'number')) {
    throw new HttpError(400, 'The batch must be an array of rrweb events');
  }
  return /** @type {Array<{ type: number }>} */ (events);
}

/**
 * Adds a batch: from a Meta event (a new full snapshot) on, what came before is dropped, so the buffer
 * holds one replayable stretch; past the limits the session ends.
 * @param {CobrowseSession} s @param {Array<{ type: number }>} events @param {number} now
 */
function append(s, events, now) {
  for (const event of events) {
    const text = JSON.stringify(event);
    if (event.type === META && s.events.length) {
      s.base += s.events.length;
      s.events = [];
      s.bytes = 0;
    }
    s.events.push(text);
    s.bytes += text.length;
  }
  s.lastAt = now;
  if (s.bytes > COBROWSE_LIMITS.maxBytes || s.events.length > COBROWSE_LIMITS.maxEvents) end(s, 'size', now);
}

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleCobrowse(sim, request, url) {
  const p = url.pathname;
  const visitor = p === PATH || p.startsWith(PATH + '/');
  const agent = p === AGENT_PATH || p.startsWith(AGENT_PATH + '/');
  if (!visitor && !agent) return undefined;
  evict(sim);
  const now = sim.clock.now();
  const { sessions } = sim.state.cobrowse;
  const method = request.method;

  if (agent) {
    assertAgentToken(request, sim.options.agentToken);
    const [token, op] = p.slice(AGENT_PATH.length + 1).split('/');
    if (!token) {
      if (method !== 'GET') throw new HttpError(405, 'Method not allowed');
      const list = [...sessions.values()].reverse().map((s) => ({ token: s.token, createdAt: s.createdAt, ended: s.ended, events: s.base + s.events.length }));
      return json({ sessions: list, online: cobrowseOnline(sim) });
    }
    const s = sessionOf(sim, token);
    if (op === 'end') {
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      end(s, 'agent', now);
      return json({ ended: s.ended });
    }
    if (op !== undefined || method !== 'GET') throw new HttpError(404, 'Unknown co-browse agent path');
    const afterRaw = url.searchParams.get('after') ?? '0';
    if (!/^\d{1,9}$/.test(afterRaw)) throw new HttpError(400, 'after must be a whole number');
    // From the agent's next event on; from the latest full snapshot when the agent is behind it.
    const from = Math.max(Number(afterRaw), s.base);
    const events = s.events.slice(from - s.base).map((e) => JSON.parse(e));
    return json({ events, next: s.base + s.events.length, restart: Number(afterRaw) < s.base && Number(afterRaw) > 0, ended: s.ended });
  }

  const rest = p.slice(PATH.length + 1).split('/');
  if (rest[0] === 'status' && rest.length === 1) {
    if (method !== 'GET') throw new HttpError(405, 'Method not allowed');
    return json({ online: cobrowseOnline(sim) });
  }
  if (rest[0] !== 'sessions') throw new HttpError(404, 'Unknown co-browse path');
  // The relay takes the page of its own site's visitors only.
  assertSameOrigin(request, url);
  return sim.guard('cobrowse', request, async () => {
    if (rest.length === 1) {
      if (method !== 'POST') throw new HttpError(405, 'Method not allowed');
      if (!cobrowseOnline(sim)) throw new HttpError(503, 'Co-browse is offline', { error: 'Co-browse is offline', status: 503, reason: 'offline' });
      const open = [...sessions.values()].filter((x) => !x.ended).length;
      if (open >= COBROWSE_LIMITS.maxSessions) throw new HttpError(429, 'Too many co-browse sessions');
      const token = newToken(sim);
      sessions.set(token, { token, createdAt: now, lastAt: now, events: [], base: 0, bytes: 0, ended: null, endedAt: 0 });
      return json({ token, limits: { maxBytes: COBROWSE_LIMITS.maxBytes, maxAgeMs: COBROWSE_LIMITS.maxAgeMs } }, 201);
    }
    const s = sessionOf(sim, rest[1]);
    if (rest.length === 2 && method === 'DELETE') {
      end(s, 'visitor', now);
      return new Response(null, { status: 204 });
    }
    if (rest.length === 3 && rest[2] === 'events' && method === 'POST') {
      if (s.ended) throw new HttpError(410, 'The co-browse session is over', { error: 'The co-browse session is over', status: 410, reason: s.ended });
      let events;
      try {
        events = await readBatch(request);
      } catch (e) {
        if (e instanceof HttpError && e.status === 413) end(s, 'size', now);
        throw e;
      }
      append(s, events, now);
      if (s.ended)
        throw new HttpError(413, 'The co-browse session grew past its limit', {
          error: 'The co-browse session grew past its limit',
          status: 413,
          reason: s.ended,
        });
      return new Response(null, { status: 204 });
    }
    throw new HttpError(405, 'Method not allowed');
  });
}

/**
 * The control API's `cobrowse` operation: `{ online: true | false | 'auto' }`; forced off also ends the
 * open sessions, as a service going down would.
 * @param {Sim} sim @param {Record<string, unknown>} b
 */
export function controlCobrowse(sim, b) {
  const { online } = b;
  if (online !== true && online !== false && online !== 'auto') throw new HttpError(400, "Give { online: true | false | 'auto' }");
  sim.state.cobrowse.mode = online;
  if (!cobrowseOnline(sim)) for (const s of sim.state.cobrowse.sessions.values()) end(s, 'ended', sim.clock.now());
  return cobrowseSnapshot(sim);
}
