/**
 * Opening hours in configuration (`callus.openingHours`, `callback.openingHours`) and the server's clock
 * they are read against: shared by the CallUs, ChannelSelector and Callback plugins.
 */
import { objectMessage, v } from '../../app/section.ts';
import type { App } from '../../app/app.ts';
import { readStatsSection } from './stats-config.ts';
import { knownZone } from '../../../machines/availability.ts';

const hour = (message: string) => v.optional(v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(24, message)));
const weekdays = 'must be a list of ISO weekdays (1 Monday … 7 Sunday)';

/**
 * `callus.openingHours` / `callback.openingHours` (machines/availability.ts `OpeningHours`): the helpline's hours as a rule, e.g.
 * `{ timeZone: 'Europe/Warsaw', days: [1, 2, 3, 4, 5], openHour: 8, closeHour: 17 }`.
 */
export const openingHoursSchema = v.object(
  {
    timeZone: v.optional(
      v.pipe(
        v.string('must be an IANA time zone'),
        v.maxLength(100, 'must be at most 100 characters long'),
        v.check(knownZone, 'must be an IANA time zone such as Europe/Warsaw'),
      ),
    ),
    days: v.optional(
      v.pipe(
        v.array(v.pipe(v.number(weekdays), v.integer(weekdays), v.minValue(1, weekdays), v.maxValue(7, weekdays)), weekdays),
        v.maxLength(7, 'must have at most 7 items'),
      ),
    ),
    openHour: hour('must be a whole hour from 0 to 24'),
    closeHour: hour('must be a whole hour from 0 to 24'),
  },
  objectMessage,
);

/** ms from the page's clock to the server's, learnt from the last statistics answer's `time` (0 until then). */
let serverOffset = 0;

/** A statistics answer's `time` (seconds since the epoch, the server's clock): later readings follow it. */
export function noteServerTime(seconds: number): void {
  if (Number.isFinite(seconds) && seconds > 0) serverOffset = seconds * 1000 - Date.now();
}

/** The time now (epoch ms) by the server's clock when a statistics answer told it, else the page's. */
export const serverNow = (): number => Date.now() + serverOffset;

/**
 * Asks the statistics service for the server's time (the group wait-time answer's `time`) when the
 * deployment has one (`stats.groupEWT`); resolves whether it learnt it. A failure leaves the page clock.
 */
export async function readServerTime(app: App, commander: string): Promise<boolean> {
  if (!readStatsSection(app.section('stats')).groupEWT) return false;
  try {
    noteServerTime((await app.bus.command('StatsService.getGroupEWT', undefined, { commander })).time);
    return true;
  } catch {
    return false;
  }
}
