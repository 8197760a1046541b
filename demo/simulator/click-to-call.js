// @ts-check
/**
 * Click-to-call (plugins-and-infrastructure.md §3, §7): POST /api/clicktocall leases a temporary number from
 * a pool, with an access code, for `expirySeconds`; a lease past its time goes back to the pool. Faults
 * come from the common injector under the key 'clicktocall'; `POST /__control/clicktocall` sets the expiry
 * and the pool's size.
 */
import { HttpError, json, readBody, field } from './http.js';
import { registerFaultKeys } from './faults.js';

/** @typedef {import('./index.js').Sim} Sim */

export const CLICK_TO_CALL_PATH = '/api/clicktocall';
export const CLICK_TO_CALL_FAULT_KEY = 'clicktocall';
registerFaultKeys(CLICK_TO_CALL_FAULT_KEY);

/** The pool's numbers: +48 22 100 30 01 … (Warsaw, the deployment's helpline block). */
const poolNumber = (/** @type {number} */ i) => `+48 22 100 30 ${String(i + 1).padStart(2, '0')}`;
export const MAX_POOL = 99;
export const MAX_EXPIRY_SECONDS = 3600;

/**
 * @typedef {object} Lease
 * @property {string} number
 * @property {string} code
 * @property {number} expires epoch ms (server time)
 * @property {string} customer the visitor's number
 */

export function initialClickToCallState() {
  return {
    expirySeconds: 120,
    poolSize: 5,
    /** @type {Map<string, Lease>} number → its live lease */
    leases: new Map(),
    /** numbers handed out since the start (counts only) */
    issued: 0,
  };
}

/** @param {Sim} sim */
const state = (sim) => /** @type {ReturnType<typeof initialClickToCallState>} */ (sim.state.clickToCall);

/** Leases past their time go back to the pool. @param {Sim} sim */
function reclaim(sim) {
  const now = sim.serverNow();
  for (const [number, lease] of state(sim).leases) if (lease.expires <= now) state(sim).leases.delete(number);
}

/** A service exception, as the click-to-call service answers one. @param {number} status @param {string} exception @param {string} message */
const exception = (status, exception, message) => new HttpError(status, message, { exception, message });

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleClickToCall(sim, request, url) {
  if (url.pathname !== CLICK_TO_CALL_PATH && url.pathname !== CLICK_TO_CALL_PATH + '/') return undefined;
  if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
  return sim.guard(CLICK_TO_CALL_FAULT_KEY, request, async () => {
    if (!request.headers.get('apikey')) throw exception(401, 'MissingApiKey', 'An API key is required');
    const body = await readBody(request, { allowMultipart: false });
    /** @param {string} name */
    const value = (name) =>
      body.json && typeof body.json === 'object' ? String(/** @type {Record<string, unknown>} */ (body.json)[name] ?? '').trim() : field(body, name);
    const customer = value('_customer_number');
    if (!customer) throw exception(400, 'MissingNumber', 'Please enter a phone number');
    if (!/^\+?\d{6,15}$/.test(customer)) throw exception(400, 'InvalidNumber', 'This phone number is not valid. Please check it and try again.');
    reclaim(sim);
    const st = state(sim);
    let free = '';
    for (let i = 0; i < st.poolSize && !free; i++) if (!st.leases.has(poolNumber(i))) free = poolNumber(i);
    if (!free) throw exception(503, 'NoNumberAvailable', 'All our numbers are in use. Please try again in a minute.');
    const provide = value('_provide_code') !== 'false';
    const code = provide ? String(1000 + Math.floor(sim.options.random() * 9000)) : '';
    st.leases.set(free, { number: free, code, expires: sim.serverNow() + st.expirySeconds * 1000, customer });
    st.issued++;
    const digits = free.replace(/[^\d+]/g, '');
    return json({
      _id: crypto.randomUUID(),
      _access_number: free,
      _access_code: code,
      _tel_url: provide ? `tel:${digits},,${code}#` : `tel:${digits}`,
      _expiration_time: st.expirySeconds,
    });
  });
}

/** The control snapshot's part: the settings, the live leases and the numbers handed out. @param {Sim} sim */
export function clickToCallSnapshot(sim) {
  reclaim(sim);
  const st = state(sim);
  return { expirySeconds: st.expirySeconds, poolSize: st.poolSize, leases: st.leases.size, issued: st.issued };
}

/**
 * `POST /__control/clicktocall { expirySeconds?, poolSize?, release? }`: the next leases' expiry, the pool's
 * size, or every lease given back at once. A bad value changes nothing.
 * @param {Sim} sim
 * @param {Record<string, any>} b
 */
export function controlClickToCall(sim, b) {
  const st = state(sim);
  /** @param {unknown} v @param {string} name @param {number} min @param {number} max */
  const num = (v, name, min, max) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) throw new HttpError(400, `${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  const expirySeconds = b.expirySeconds === undefined ? st.expirySeconds : num(b.expirySeconds, 'expirySeconds', 1, MAX_EXPIRY_SECONDS);
  const poolSize = b.poolSize === undefined ? st.poolSize : num(b.poolSize, 'poolSize', 0, MAX_POOL);
  st.expirySeconds = expirySeconds;
  st.poolSize = poolSize;
  if (b.release === true) st.leases.clear();
}
