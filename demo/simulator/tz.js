// @ts-check
/**
 * Time-zone helpers built on Intl.DateTimeFormat only (no luxon, no Node APIs), so the simulator runs
 * unchanged in a browser. The deployment's zone is Europe/Warsaw.
 */

export const ZONE = 'Europe/Warsaw';

/** @type {Map<string, Intl.DateTimeFormat>} */
const formatters = new Map();
/** @param {string} zone */
function formatter(zone) {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

const WEEKDAYS = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/**
 * @typedef {{year: number, month: number, day: number, hour: number, minute: number, second: number, weekday: number}} WallTime
 * weekday: 1 = Monday … 7 = Sunday
 */

/**
 * Wall-clock parts of an instant in a zone.
 * @param {number} epochMs
 * @param {string} [zone]
 * @returns {WallTime}
 */
export function wallTime(epochMs, zone = ZONE) {
  /** @type {Record<string, string>} */
  const p = {};
  for (const part of formatter(zone).formatToParts(new Date(epochMs))) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
    second: Number(p.second),
    weekday: WEEKDAYS[/** @type {keyof typeof WEEKDAYS} */ (p.weekday)] ?? 0,
  };
}

/**
 * Offset of the zone from UTC at an instant, in minutes (Warsaw: 60 in winter, 120 in summer).
 * @param {number} epochMs
 * @param {string} [zone]
 */
export function offsetMinutes(epochMs, zone = ZONE) {
  const w = wallTime(epochMs, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60000);
}

/**
 * The instant at which the zone's wall clock shows the given local date and time.
 * @param {number} year
 * @param {number} month 1-12
 * @param {number} day
 * @param {number} [hour]
 * @param {number} [minute]
 * @param {string} [zone]
 */
export function zonedToEpoch(year, month, day, hour = 0, minute = 0, zone = ZONE) {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let result = guess - offsetMinutes(guess, zone) * 60000;
  // Second pass handles instants near a DST change.
  result = guess - offsetMinutes(result, zone) * 60000;
  return result;
}

/** @param {number} n */
const pad = (n) => String(n).padStart(2, '0');

/**
 * ISO 8601 with the zone's offset, e.g. 2025-03-03T09:00:00+01:00.
 * @param {number} epochMs
 * @param {string} [zone]
 */
export function toZonedIso(epochMs, zone = ZONE) {
  const w = wallTime(epochMs, zone);
  const off = offsetMinutes(epochMs, zone);
  const sign = off >= 0 ? '+' : '-';
  const abs = Math.abs(off);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * Parse "HH:MM" into minutes after midnight, or NaN.
 * @param {string} hhmm
 */
export function parseHhMm(hhmm) {
  const m = /^(\d{1,2}):(\d{2})$/.exec(String(hhmm).trim());
  if (!m) return NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59) return NaN;
  return h * 60 + min;
}

/** @param {number} minutes */
export const formatHhMm = (minutes) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * Add days to a calendar date (no zone involved).
 * @param {{year: number, month: number, day: number}} d
 * @param {number} days
 */
export function addDays(d, days) {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), weekday: ((t.getUTCDay() + 6) % 7) + 1 };
}

/** The instants the simulator accepts anywhere: four-digit years, 1970-01-01 to 9999-12-31 UTC. */
export const MIN_EPOCH = 0;
export const MAX_EPOCH = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Strict ISO 8601: `YYYY-MM-DD` (midnight in the zone) or `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z`, an
 * offset, or no zone (wall time in the zone). Anything else is null: other formats Date.parse would
 * guess at, impossible days (2025-02-30, 25:00), expanded years (+275760-09-13, which made Intl throw a
 * RangeError) and instants outside {@link MIN_EPOCH}–{@link MAX_EPOCH}.
 * @param {unknown} value
 * @param {string} [zone]
 * @returns {{ epoch: number, dateOnly: boolean, date: { year: number, month: number, day: number } } | null}
 */
export function parseIso(value, zone = ZONE) {
  const m = typeof value === 'string' ? ISO_DATE_TIME.exec(value.trim()) : null;
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return null;
  const date = { year, month, day };
  let epoch;
  if (m[4] === undefined) epoch = zonedToEpoch(year, month, day, 0, 0, zone);
  else {
    const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
    if (hour > 23 || minute > 59 || second > 59) return null;
    const millis = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
    const zoneText = m[8];
    if (zoneText === undefined) epoch = zonedToEpoch(year, month, day, hour, minute, zone) + second * 1000 + millis;
    else {
      let offset = 0;
      if (zoneText.toUpperCase() !== 'Z') {
        const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zoneText);
        if (!z || Number(z[2]) > 23 || Number(z[3]) > 59) return null;
        offset = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]));
      }
      epoch = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60000;
    }
  }
  if (!(epoch >= MIN_EPOCH && epoch <= MAX_EPOCH)) return null;
  return { epoch, dateOnly: m[4] === undefined, date };
}
