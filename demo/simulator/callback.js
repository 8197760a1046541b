// @ts-check
/** Callback service v1 and v3: create, availability with slots and capacity in Europe/Warsaw. */
import { HttpError, json, readBody, field, randomId } from './http.js';
import { PATHS, CALLBACK_ERRORS as E, CALLBACK_TRIGGER_NUMBERS } from './contracts.js';
import { idempotent } from './idempotency.js';
import { wallTime, zonedToEpoch, parseHhMm, formatHhMm, addDays, toZonedIso, parseIso, ZONE } from './tz.js';

const DAY_MS = 86400000;

/** @typedef {import('./index.js').Sim} Sim */

/**
 * @param {number} status
 * @param {number} code
 * @param {string} message
 * @param {Record<string, unknown>} [extra]
 */
const fail = (status, code, message, extra = {}) => new HttpError(status, message, { code, message, ...extra });

/** @param {Sim} sim */
function hours(sim) {
  const h = sim.state.callbackHours;
  return { days: h.days, open: parseHhMm(h.open), close: parseHhMm(h.close), interval: h.intervalMinutes };
}

/**
 * Is the callback office open at an instant?
 * @param {Sim} sim
 * @param {number} epoch
 */
export function officeOpen(sim, epoch) {
  const h = hours(sim);
  const w = wallTime(epoch);
  const m = w.hour * 60 + w.minute;
  return h.days.includes(w.weekday) && m >= h.open && m < h.close;
}

/**
 * Remaining capacity of the slot starting at `epoch`.
 * @param {Sim} sim
 * @param {number} epoch
 */
export function slotCapacity(sim, epoch) {
  const s = sim.state.slots;
  const iso = new Date(epoch).toISOString();
  if (epoch + hours(sim).interval * 60000 <= sim.serverNow()) return 0; // slot already over
  let base;
  if (s.overrides.has(iso)) base = /** @type {number} */ (s.overrides.get(iso));
  else {
    const w = wallTime(epoch);
    base = s.fullTimes.includes(formatHhMm(w.hour * 60 + w.minute)) ? 0 : s.defaultCapacity;
  }
  return Math.max(0, base - (s.booked.get(iso) || 0));
}

/**
 * Slots of one local calendar day.
 * @param {Sim} sim
 * @param {{year: number, month: number, day: number, weekday: number}} date
 */
function daySlots(sim, date) {
  const h = hours(sim);
  /** @type {number[]} */
  const out = [];
  if (!h.days.includes(date.weekday)) return out;
  for (let m = h.open; m + h.interval <= h.close; m += h.interval) {
    out.push(zonedToEpoch(date.year, date.month, date.day, Math.floor(m / 60), m % 60));
  }
  return out;
}

/**
 * @param {string | null} value
 * @param {string} name
 * @param {number} min
 * @param {number} max
 */
function intParam(value, name, min, max) {
  if (value === null || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw fail(400, E.INVALID_PARAMETERS, `Invalid parameter ${name}: expected an integer from ${min} to ${max}`);
  }
  return Number(value);
}

/**
 * A query instant (`start`, `end`): strict ISO 8601 (years 1970-9999, a real day), or a 400 naming
 * the parameter. Not bounded by the server's date: the widgets ask from the visitor's clock, which
 * tests run years away from the simulator's manual clock.
 * @param {string} value
 * @param {string} name
 */
function queryInstant(value, name) {
  const parsed = parseIso(value);
  if (!parsed)
    throw fail(
      400,
      E.INVALID_PARAMETERS,
      `Invalid parameter ${name}: expected an ISO 8601 date (YYYY-MM-DD) or date-time, years 1970 to 9999, got '${value.slice(0, 40)}'`,
    );
  return parsed;
}

/**
 * Compute the availability window for a query.
 * @param {Sim} sim
 * @param {URLSearchParams} q
 * @returns {number[]} slot start instants (epoch ms)
 */
export function availability(sim, q) {
  const startRaw = q.get('start') ?? q.get('startDate');
  const endRaw = q.get('end');
  let startEpoch = sim.serverNow();
  if (startRaw !== null && startRaw !== '') {
    startEpoch = queryInstant(startRaw, 'start').epoch;
  }
  let endEpoch = Infinity;
  if (endRaw !== null && endRaw !== '') {
    const e = queryInstant(endRaw, 'end');
    endEpoch = e.dateOnly ? e.epoch + DAY_MS : e.epoch;
    if (endEpoch <= startEpoch) throw fail(400, E.INVALID_PARAMETERS, 'Invalid parameters: end must be after start');
  }
  let days = intParam(q.get('number-of-days') ?? q.get('numberOfDays'), 'number-of-days', 1, 31);
  const max = intParam(q.get('max-time-slots') ?? q.get('maxTimeSlots'), 'max-time-slots', 1, 10000);
  if (days === undefined) days = endEpoch === Infinity ? 1 : Math.min(31, Math.ceil((endEpoch - startEpoch) / 86400000) + 1);
  const w = wallTime(startEpoch);
  /** @type {number[]} */
  const slots = [];
  for (let i = 0; i < days; i++) {
    for (const epoch of daySlots(sim, addDays(w, i))) {
      if (epoch < endEpoch) slots.push(epoch);
    }
  }
  return max ? slots.slice(0, max) : slots;
}

/**
 * Next free slots after an instant (for 7041 proposals).
 * @param {Sim} sim
 * @param {number} after
 * @param {number} count
 */
function proposals(sim, after, count) {
  const out = [];
  const w = wallTime(after);
  for (let i = 0; i < 14 && out.length < count; i++) {
    for (const epoch of daySlots(sim, addDays(w, i))) {
      if (epoch > after && slotCapacity(sim, epoch) > 0) {
        out.push(new Date(epoch).toISOString());
        if (out.length >= count) break;
      }
    }
  }
  return out;
}

/**
 * Shared create logic for v1 and v3.
 * @param {Sim} sim
 * @param {{ version: 'v1' | 'v3', apiKey: string | null, serviceName: string, phone: string, desired: string,
 *   userData: Record<string, unknown> }} input
 */
function create(sim, input) {
  const v1 = input.version === 'v1';
  if (!input.apiKey) throw fail(400, v1 ? E.MISSING_API_KEY_V1 : E.MISSING_API_KEY_V3, `Missing API key header ${v1 ? 'apikey' : 'x-api-key'}`);
  if (!input.serviceName) throw fail(400, E.INVALID_PARAMETERS, 'Invalid parameters: serviceName is required');
  if (!sim.state.callbackServices.includes(input.serviceName)) {
    throw fail(400, E.INVALID_SERVICE, `Service '${input.serviceName.slice(0, 60)}' does not exist. Please configure a valid service name.`);
  }
  if (!input.phone) throw fail(400, E.INVALID_PARAMETERS, `Invalid parameters: missing customer number (${v1 ? '_customer_number' : 'phoneNumber'})`);
  const phone = input.phone.replace(/[\s\-().]/g, '');
  if (!/^\+?\d{6,15}$/.test(phone)) throw fail(400, E.INVALID_PHONE, 'Invalid phone number. Please enter a valid phone number.');
  const digits = phone.replace(/^\+/, '');
  const national = digits.length === 11 && digits.startsWith('48') ? digits.slice(2) : digits;
  const trigger = /** @type {Record<string, number>} */ (CALLBACK_TRIGGER_NUMBERS)[national];
  if (trigger === 500) throw new HttpError(500, 'Simulated internal error', { __raw: 'Internal Server Error' });
  if (trigger === E.NUMBER_NOT_POSSIBLE)
    throw fail(400, E.NUMBER_NOT_POSSIBLE, 'Callback to this number is not possible. Please retry with another phone number.');
  if (trigger === E.NUMBER_NOT_ALLOWED) throw fail(400, E.NUMBER_NOT_ALLOWED, 'Callback to this number is not allowed.');

  const now = sim.serverNow();
  if (trigger === E.TOO_MANY_REQUESTS) {
    const proposed = proposals(sim, now, 3);
    throw fail(429, E.TOO_MANY_REQUESTS, `Too many requests at this time. Proposed time slots: ${proposed.join(', ')}. Please propose another time slot.`, {
      proposedTimes: proposed,
    });
  }
  const asap = !input.desired || input.desired.toLowerCase() === 'now';
  let desiredEpoch = now;
  let slotIso = '';
  if (asap) {
    if (!officeOpen(sim, now)) throw fail(400, E.OFFICE_CLOSED, 'Office closed. Please try scheduling with in the office hours.');
  } else {
    const parsed = parseIso(input.desired);
    if (!parsed || parsed.dateOnly)
      throw fail(400, E.INVALID_PARAMETERS, `Invalid parameters: desired time '${input.desired.slice(0, 40)}' is not an ISO 8601 date-time`);
    desiredEpoch = parsed.epoch;
    if (desiredEpoch < now - 60000) throw fail(400, E.INVALID_PARAMETERS, 'Invalid parameters: desired time is in the past');
    if (!officeOpen(sim, desiredEpoch)) throw fail(400, E.OFFICE_CLOSED, 'Office closed. Please try scheduling with in the office hours.');
    const interval = hours(sim).interval * 60000;
    const w = wallTime(desiredEpoch);
    const minutes = w.hour * 60 + w.minute;
    const slotStart = zonedToEpoch(w.year, w.month, w.day, 0, 0) + (minutes - (minutes % hours(sim).interval)) * 60000;
    slotIso = new Date(slotStart).toISOString();
    if (slotCapacity(sim, slotStart) <= 0 && slotStart + interval > now) {
      const proposed = proposals(sim, slotStart, 3);
      throw fail(
        429,
        E.TOO_MANY_REQUESTS,
        `Too many requests at this time. The time slot ${slotIso} is full. Proposed time slots: ${proposed.join(', ')}. Please propose another time slot.`,
        { proposedTimes: proposed },
      );
    }
  }
  const duplicate = trigger === E.ALREADY_QUEUED || sim.state.callbacks.some((c) => c.national === national && c.serviceName === input.serviceName);
  if (duplicate) {
    throw fail(
      400,
      E.ALREADY_QUEUED,
      `Conflict: a callback to ${phone} is already queued (duplicate request). Only one callback per number can be in the queue.`,
    );
  }
  if (slotIso) sim.state.slots.booked.set(slotIso, (sim.state.slots.booked.get(slotIso) || 0) + 1);
  const record = {
    id: randomId(),
    version: input.version,
    serviceName: input.serviceName,
    phoneNumber: phone,
    national,
    desiredTime: new Date(desiredEpoch).toISOString(),
    state: /** @type {'QUEUED' | 'SCHEDULED'} */ (asap ? 'QUEUED' : 'SCHEDULED'),
    userData: input.userData,
    createdAt: now,
  };
  sim.state.callbacks.push(record);
  while (sim.state.callbacks.length > sim.options.maxCallbacks) sim.state.callbacks.shift();
  return record;
}

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleCallback(sim, request, url) {
  const p = url.pathname;
  if (!p.startsWith('/api/callback/')) return undefined;
  const v1Match = /^\/api\/callback\/v1\/([^/]+)(\/availability)?\/?$/.exec(p);
  const v3Create = p === PATHS.callbackV3 + '/create';
  const v3Avail = /^\/api\/callback\/v3\/availability\/([^/]*)\/?$/.exec(p);

  if ((v1Match && v1Match[2]) || v3Avail) {
    if (request.method !== 'GET') throw new HttpError(405, 'Method not allowed');
    return sim.guard('callback.availability', request, async () => {
      const serviceName = decodeURIComponent(/** @type {RegExpExecArray} */ (v1Match || v3Avail)[1]);
      if (!sim.state.callbackServices.includes(serviceName)) {
        throw fail(400, E.INVALID_SERVICE, `Service '${serviceName.slice(0, 60)}' does not exist. Please configure a valid service name.`);
      }
      const slots = availability(sim, url.searchParams);
      if (v1Match) {
        /** @type {Record<string, number>} */
        const map = {};
        for (const epoch of slots) map[new Date(epoch).toISOString()] = slotCapacity(sim, epoch);
        return json(map);
      }
      return json({
        data: {
          serviceName,
          timeZone: ZONE,
          slots: slots.map((epoch) => ({ utcTime: new Date(epoch).toISOString(), localTime: toZonedIso(epoch), capacity: slotCapacity(sim, epoch) })),
        },
      });
    });
  }
  if (v1Match) {
    if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
    return idempotent(sim, request, url, () =>
      sim.guard('callback.create', request, async () => {
        let body;
        try {
          body = await readBody(request, { allowJson: false, allowMultipart: false });
        } catch (e) {
          if (e instanceof HttpError) throw fail(e.status, E.INVALID_PARAMETERS, `Invalid parameters: ${e.message}`);
          throw e;
        }
        /** @type {Record<string, unknown>} */
        const userData = {};
        for (const [k, v] of body.fields) if (!k.startsWith('_')) userData[k] = v.length > 1 ? v : v[0];
        const record = create(sim, {
          version: 'v1',
          apiKey: request.headers.get('apikey'),
          serviceName: decodeURIComponent(v1Match[1]),
          phone: field(body, '_customer_number'),
          desired: field(body, '_desired_time'),
          userData,
        });
        return json({ _id: record.id, _desired_time: record.desiredTime, _callback_state: record.state });
      }),
    );
  }
  if (v3Create) {
    if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
    return idempotent(sim, request, url, () =>
      sim.guard('callback.create', request, async () => {
        let body;
        try {
          body = await readBody(request, { allowMultipart: false, allowEmpty: false });
        } catch (e) {
          if (e instanceof HttpError) throw fail(e.status === 413 ? 413 : 400, E.INVALID_PARAMETERS, `Invalid parameters: ${e.message}`);
          throw e;
        }
        const obj = body.json && typeof body.json === 'object' && !Array.isArray(body.json) ? /** @type {Record<string, unknown>} */ (body.json) : null;
        if (!obj) throw fail(400, E.INVALID_PARAMETERS, 'Invalid parameters: expected a JSON object body');
        const str = (/** @type {unknown} */ v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
        if (obj.userData !== undefined && (typeof obj.userData !== 'object' || obj.userData === null || Array.isArray(obj.userData))) {
          throw fail(400, E.INVALID_PARAMETERS, 'Invalid parameters: userData must be an object');
        }
        const record = create(sim, {
          version: 'v3',
          apiKey: request.headers.get('x-api-key'),
          serviceName: str(obj.serviceName),
          phone: str(obj.phoneNumber),
          desired: str(obj.desiredTime),
          userData: /** @type {Record<string, unknown>} */ (obj.userData || {}),
        });
        return json({
          data: {
            id: record.id,
            serviceName: record.serviceName,
            phoneNumber: record.phoneNumber,
            desiredTime: record.desiredTime,
            state: record.state,
            userData: record.userData,
          },
        });
      }),
    );
  }
  throw new HttpError(404, 'Unknown callback path');
}
