/**
 * The deployment's channel-availability rule (contact-widgets.md §4): chat is offered only when the
 * server hour (in the contact centre's time zone) is at least `openHour` and under `closeHour` and the
 * chat wait is under `chatUnavailableWait` seconds; otherwise the `whenClosed` list. A failed wait-time
 * request offers the full (`whenOpen`) list. Pure: no clock, no network.
 */
export interface AvailabilityRule {
  timeZone?: string;
  openHour?: number;
  closeHour?: number;
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

/** The hour (0–23) of `seconds` since the epoch in `timeZone`. */
export function hourIn(seconds: number, timeZone = 'Europe/Warsaw'): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date(seconds * 1000));
  return Number(hour);
}

export function isRule(value: unknown): value is AvailabilityRule {
  const rule = value as AvailabilityRule | undefined;
  return Boolean(rule) && Array.isArray(rule!.whenOpen) && Array.isArray(rule!.whenClosed);
}

export function applyAvailability(rule: AvailabilityRule, answer: { ewt: number; time: number } | null): Availability {
  if (!answer) return { channels: rule.whenOpen, ewt: null };
  const hour = hourIn(answer.time, rule.timeZone);
  const open = hour >= (rule.openHour ?? 8) && hour < (rule.closeHour ?? 17) && answer.ewt < (rule.chatUnavailableWait ?? 10000);
  return { channels: open ? rule.whenOpen : rule.whenClosed, ewt: answer.ewt };
}
