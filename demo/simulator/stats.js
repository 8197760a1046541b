// @ts-check
/** Wait-time statistics: v1, v2, v3 request forms and the deployment's group-EWT request. */
import { HttpError, json } from './http.js';
import { PATHS } from './contracts.js';

/** @typedef {import('./index.js').Sim} Sim */

const MODES = new Set(['mode1', 'mode2', 'mode3']);

/**
 * @param {Sim} sim
 * @param {string} queue
 */
export function waitFor(sim, queue) {
  const w = sim.state.waits.get(queue);
  return typeof w === 'number' ? w : -1;
}

/** @param {string | null} list */
function queueList(list) {
  return (list || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 50);
}

/**
 * @param {Request} request
 * @param {'apikey' | 'x-api-key'} header
 */
function requireKey(request, header) {
  const key = request.headers.get(header);
  if (!key) throw new HttpError(401, `Missing api key header ${header}`);
  if (key === 'invalid-key') throw new HttpError(403, 'Invalid api key');
}

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleStats(sim, request, url) {
  const p = url.pathname;
  if (p !== PATHS.groupEwt && !p.startsWith('/api/stats/')) return undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'Method not allowed');

  if (p === PATHS.groupEwt) {
    return sim.guard('ewt.group', request, async () => {
      const names = queueList(url.searchParams.get('name') || url.searchParams.get('vq') || url.searchParams.get('group'));
      if (!names.length) throw new HttpError(400, 'Missing query parameter name (queue or group name)');
      /** @type {Record<string, number>} */
      const queues = {};
      for (const n of names) queues[n] = waitFor(sim, n);
      const values = Object.values(queues);
      const ewt = values.includes(-1) && values.every((v) => v === -1) ? -1 : Math.max(...values);
      /** @type {import('./contracts.js').GroupEwtResponse} */
      const body = { ewt, time: Math.floor(sim.serverNow() / 1000) };
      if (names.length > 1) body.queues = queues;
      return json(body);
    });
  }
  if (p === PATHS.statsV1) {
    return sim.guard('stats.v1', request, async () => {
      requireKey(request, 'apikey');
      const names = queueList(url.searchParams.get('name'));
      if (!names.length) throw new HttpError(400, 'Missing query parameter name');
      const aqt = url.searchParams.get('aqt');
      if (aqt !== null && aqt !== '' && !/^\d+$/.test(aqt)) throw new HttpError(400, 'Query parameter aqt must be a number of seconds');
      return json({ data: names.map((n) => ({ virtualQueue: n, estimatedWaitTime: waitFor(sim, n) })) });
    });
  }
  if (p.startsWith(PATHS.statsV2 + '/') || p === PATHS.statsV2) {
    return sim.guard('stats.v2', request, async () => {
      requireKey(request, 'apikey');
      const mode = decodeURIComponent(p.slice(PATHS.statsV2.length + 1));
      if (!MODES.has(mode)) throw new HttpError(400, 'Unknown mode; use /mode1, /mode2 or /mode3');
      const names = queueList(url.searchParams.get('vq'));
      if (!names.length) throw new HttpError(400, 'Missing query parameter vq');
      return json({ data: names.map((n) => ({ virtualQueue: n, ewt: waitFor(sim, n) })) });
    });
  }
  if (p === PATHS.statsV3) {
    return sim.guard('stats.v3', request, async () => {
      requireKey(request, 'x-api-key');
      const names = queueList(url.searchParams.get('virtual-queues'));
      if (!names.length) throw new HttpError(400, 'Missing query parameter virtual-queues');
      const mode = url.searchParams.get('mode') || 'mode1';
      if (!MODES.has(mode)) throw new HttpError(400, 'Unknown mode; use mode1, mode2 or mode3');
      return json({ data: names.map((n) => ({ virtualQueue: n, estimatedWaitTime: waitFor(sim, n), ewt: waitFor(sim, n) })) });
    });
  }
  return undefined;
}
