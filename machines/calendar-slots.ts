import { DateTime } from 'luxon';

/**
 * The calendar's time slots (contact-widgets.md §4 "Calendar"): pure, so the view only draws them and
 * the rule is tested without a browser. Slots are wall-clock times ("08:00, 08:15 …") in the zone of the
 * given day, so a daylight-saving day keeps them where the configuration puts them.
 */

/** A part of the day the calendar cuts into slots; 'allDay' when none of the three is enabled. */
export type Period = 'morning' | 'afternoon' | 'evening' | 'allDay';

/** A period's hours ('HH:MM', open to before close) and whether it is offered. */
export interface PeriodHours {
  openTime: string;
  closeTime: string;
  enable: boolean;
}

/** What the slots are cut by: the part of the calendar's configuration (calendar.machine.ts `CalendarConfig`) they read. */
export interface SlotRules {
  showAvailability: boolean;
  hideUnavailableTimeSlots: boolean;
  /** Spelled so in the spec. */
  calenderHours: { interval: number } & Record<Period, PeriodHours>;
}

export interface Slot {
  /** The slot's instant, ISO in UTC: the key of the availability answer and of `slot.select`. */
  iso: string;
  /** The slot in the day's zone, for display. */
  at: DateTime;
  /** Selectable: not over and (when availability is shown) with capacity left. */
  open: boolean;
}

/** 'HH:MM' → minutes after midnight, or undefined. */
export function parseHhMm(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [h, m] = [Number(match[1]), Number(match[2])];
  return h < 24 && m < 60 ? h * 60 + m : undefined;
}

/**
 * The wall-clock time `minutes` after midnight on `day`, or null when the clock skips it (the hour lost
 * when daylight-saving time starts). Set as hour and minute rather than added to midnight: adding
 * 480 minutes to midnight on 2026-03-29 in Warsaw gives 09:00, not 08:00. In the repeated hour when it
 * ends, the first of the two instants is used.
 */
export function wallClock(day: DateTime, minutes: number): DateTime | null {
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const at = day.set({ hour, minute, second: 0, millisecond: 0 });
  return at.hour === hour && at.minute === minute ? at : null;
}

/** The chosen day's slots in one period: every `interval` minutes from its open to (before) its close time. */
export function periodSlots(day: DateTime, period: Period, config: SlotRules, capacity: Record<string, number> | null, now: number): Slot[] {
  const hours = config.calenderHours[period];
  const open = parseHhMm(hours.openTime) ?? 0;
  const close = parseHhMm(hours.closeTime) ?? 24 * 60 - 1;
  const left = new Map(Object.entries(capacity ?? {}).map(([time, value]) => [Date.parse(time), value]));
  const out: Slot[] = [];
  for (let minute = open; minute < close; minute += config.calenderHours.interval) {
    const at = wallClock(day, minute);
    if (!at) continue;
    const epoch = at.toMillis();
    const available = !config.showAvailability || (left.get(epoch) ?? 0) > 0;
    const slot = { iso: at.toUTC().toISO()!, at, open: epoch >= now && available };
    if (slot.open || !config.hideUnavailableTimeSlots) out.push(slot);
  }
  return out;
}
