import { MAX_CHANNELS, MAX_TEXT, milliseconds, objectMessage, sectionReader, someNumber, text, v, type SectionOf } from '../../app/section.ts';
import { knownZone } from '../../../machines/availability.ts';

/**
 * The `stats` section (contact-widgets.md §7 "Statistics service variants", this deployment's group-EWT
 * request and availability rule, §4), read by the StatsService plugin and by the sidebar and the channel
 * selector, which apply the availability rule and refresh at the group's interval.
 */
const hour = (message: string) => v.optional(v.pipe(v.number(message), v.integer(message), v.minValue(0, message), v.maxValue(24, message)));
const names = (message: string) =>
  v.pipe(
    v.array(v.pipe(v.string(message), v.nonEmpty(message), v.maxLength(100, 'must be at most 100 characters long')), message),
    v.maxLength(MAX_CHANNELS, `must have at most ${MAX_CHANNELS} items`),
  );

/** The deployment's availability rule (machines/availability.ts). */
export const availabilityRuleSchema = v.object(
  {
    timeZone: v.optional(v.pipe(v.string('must be an IANA time zone'), v.check(knownZone, 'must be an IANA time zone such as Europe/Warsaw'))),
    openHour: hour('must be a whole hour from 0 to 24'),
    closeHour: hour('must be a whole hour from 0 to 24'),
    chatUnavailableWait: someNumber(0, 'seconds'),
    whenOpen: names('must be a list of channel names'),
    whenClosed: names('must be a list of channel names'),
  },
  objectMessage,
);

/** `stats.groupEWT`: `GET {url}?name={queue}` answering `{ ewt, time }`. */
export const groupEWTSchema = v.object(
  {
    url: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'), v.maxLength(MAX_TEXT, `must be at most ${MAX_TEXT} characters long`)),
    queue: text(),
    timeout: someNumber(1, 'milliseconds'),
    refreshInterval: someNumber(1, 'seconds'),
  },
  objectMessage,
);

export const statsSection = {
  apiVersion: v.optional(v.picklist(['v1', 'v2', 'v3'], "must be 'v1', 'v2' or 'v3'"), 'v1'),
  dataURL: text(),
  apikey: text(),
  /** v2 path segment and v3 query (the service's default: `mode1`). */
  mode: text(),
  /** v1 `aqt` query, seconds. */
  aqt: someNumber(0, 'seconds'),
  timeout: milliseconds(3000, 1),
  groupEWT: v.optional(groupEWTSchema),
  availability: v.optional(availabilityRuleSchema),
};

export type StatsSection = SectionOf<typeof statsSection>;

/** Reads the `stats` section (again only when it was replaced); bad options are reported and take their defaults. */
export const readStatsSection = sectionReader('stats', statsSection);

/** ms between group-EWT refreshes: `groupEWT.refreshInterval` seconds, 10 s by default (the sidebar's and the selector's). */
export const groupRefreshMs = (stats: StatsSection): number => (stats.groupEWT?.refreshInterval ?? 10) * 1000;
