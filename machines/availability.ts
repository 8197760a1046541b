/**
 * Opening hours (contact-widgets.md §9: the helpline Mon-Fri 8:00-17:00): open on the ISO weekdays
 * `days` (1 Monday … 7 Sunday; every day when absent) from `openHour` (default 8) up to, not including,
 * `closeHour` (default 17), in `timeZone` (default Europe/Warsaw). The availability rule below is one
 * too; `callus.openingHours` is the helpline's, read by the call-us panel, the channel selector's
 * helpline tile and the callback.
 */
export interface OpeningHours {
  timeZone?: string;
  days?: number[];
  openHour?: number;
  closeHour?: number;
}

/**
 * The deployment's channel-availability rule (contact-widgets.md §4): chat is offered only when the
 * server hour (in the contact centre's time zone) is at least `openHour` and under `closeHour` (on
 * `days`, when given) and the chat wait is under `chatUnavailableWait` seconds; otherwise the
 * `whenClosed` list. A failed wait-time request offers the full (`whenOpen`) list. Pure: no clock, no network.
 */
export interface AvailabilityRule extends OpeningHours {
  chatUnavailableWait?: number;
  whenOpen: string[];
  whenClosed: string[];
}

export interface Availability {
  /** Channel names offered now. */
  channels: string[];
  /** The chat wait in seconds, null when unknown (failed request). */
  ewt: number | null;
}

/** The part of the built-in `Temporal` (ES2026) read here. */
interface TemporalZones {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(timeZone: string): { dayOfWeek: number; hour: number; minute: number } } };
}

/**
 * `Temporal` where the browser has it (Chromium 144+, Firefox 139+). A zone's wall time through it takes
 * well under a millisecond, where a page's first `Intl.DateTimeFormat` costs about 20 ms (its locale
 * data; 80 ms at 4× CPU): the availability rule runs when the page is idle, and that one call was its
 * longest task. Elsewhere, and in Node 20, Intl does it.
 */
const temporal = (globalThis as { Temporal?: TemporalZones }).Temporal;

/** The hour (0–23) of `seconds` since the epoch in `timeZone`. */
export function hourIn(seconds: number, timeZone = 'Europe/Warsaw'): number {
  return wallTimeIn(seconds * 1000, timeZone).hour;
}

/** Whether this browser knows `zone` as a time zone (an IANA name or an offset; both Temporal and Intl throw a RangeError on any other). */
export function knownZone(zone: string): boolean {
  try {
    if (temporal) temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(zone);
    else new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The ISO weekday (1 Monday … 7 Sunday), hour and minute of `ms` (epoch milliseconds) in `timeZone`;
 * `zones` is the Temporal to read it with (the built-in one by default; null reads it with Intl).
 */
export function wallTimeIn(
  ms: number,
  timeZone = 'Europe/Warsaw',
  zones: TemporalZones | null = temporal ?? null,
): { weekday: number; hour: number; minute: number } {
  if (zones) {
    const wall = zones.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
    return { weekday: wall.dayOfWeek, hour: wall.hour, minute: wall.minute };
  }
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1, hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** Whether `hours` are open at `ms` (epoch milliseconds). */
export function isOpenAt(hours: OpeningHours, ms: number): boolean {
  const { weekday, hour } = wallTimeIn(ms, hours.timeZone);
  return (hours.days ?? [1, 2, 3, 4, 5, 6, 7]).includes(weekday) && hour >= (hours.openHour ?? 8) && hour < (hours.closeHour ?? 17);
}

/**
 * When `hours` next open after `ms` (epoch milliseconds): the start of the first opening hour within a
 * week, null when they never open (no days, or an empty day). Steps hour by hour from the zone's
 * current whole hour, so daylight-saving changes and half-hour zones are counted in wall-clock time.
 */
export function nextOpening(hours: OpeningHours, ms: number): number | null {
  const open = hours.openHour ?? 8;
  if (open >= (hours.closeHour ?? 17)) return null;
  const days = hours.days ?? [1, 2, 3, 4, 5, 6, 7];
  const now = wallTimeIn(ms, hours.timeZone);
  let at = Math.floor(ms / 60_000) * 60_000 - now.minute * 60_000;
  for (let step = 0; step <= 8 * 24; step += 1, at += 3_600_000) {
    if (at <= ms) continue;
    const wall = wallTimeIn(at, hours.timeZone);
    if (wall.hour === open && days.includes(wall.weekday)) return at;
  }
  return null;
}

/** The office now: open, or closed and when it opens next (epoch milliseconds, null: not within a week). */
export type OfficeStatus = { open: true } | { open: false; opens: number | null };

/** `hours` at `ms` (epoch milliseconds): open, or closed with the next opening. */
export function officeStatus(hours: OpeningHours, ms: number): OfficeStatus {
  return isOpenAt(hours, ms) ? { open: true } : { open: false, opens: nextOpening(hours, ms) };
}

export function isRule(value: unknown): value is AvailabilityRule {
  const rule = value as AvailabilityRule | undefined;
  return Boolean(rule) && Array.isArray(rule!.whenOpen) && Array.isArray(rule!.whenClosed);
}

export function applyAvailability(rule: AvailabilityRule, answer: { ewt: number; time: number } | null): Availability {
  if (!answer) return { channels: rule.whenOpen, ewt: null };
  const open = isOpenAt(rule, answer.time * 1000) && answer.ewt < (rule.chatUnavailableWait ?? 10000);
  return { channels: open ? rule.whenOpen : rule.whenClosed, ewt: answer.ewt };
}
