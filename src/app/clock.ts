// Times and dates of JavaScript Dates in the visitor's own time zone, through the browser's Intl alone:
// what the chat's transcript shows ("09:05", "12 May") and the callback's chosen time ("14 May 2025,
// 16:15"). luxon is not needed for these (it formats through the same Intl), so a window that shows no
// calendar neither fetches nor evaluates it; `src/app/datetime.ts` (luxon) keeps the calendar's zoned
// days and slots, in the calendar's own chunk. In the small shared-logic chunk (rollup.config.mjs
// SHARED_LOGIC), beside `bytes.ts`.

export type TimeFormat = 12 | 24;

const refused = new Set<string>();

/**
 * `lang` when the browser takes it as a locale, else English: a host's `i18n` pack may be keyed by any
 * code (`en_US`), which translates the texts, but Intl throws a RangeError for a code it refuses, and every
 * date and time would break. Reported once per code.
 */
export function dateLocale(lang: string): string {
  try {
    Intl.getCanonicalLocales(lang);
    return lang;
  } catch {
    if (!refused.has(lang))
      console.warn(`[live-assist] main.lang: "${lang}" is not a language tag the browser knows (such as pl or en-GB): dates and times are shown in English`);
    refused.add(lang);
    return 'en';
  }
}

/** The hour and minute options of a 12- or 24-hour clock. */
export const clockOptions = (timeFormat: TimeFormat): Intl.DateTimeFormatOptions =>
  timeFormat === 12 ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** One formatter per language and options: making one is the costly part (a transcript formats every line). */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (lang: string, options: Intl.DateTimeFormatOptions) => {
  const locale = dateLocale(lang);
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, options)));
  return made;
};

/** "9:05 AM" / "09:05": a Date's hours and minutes in `lang`, on a 12- or 24-hour clock. */
export function formatClock(value: Date, lang: string, timeFormat: TimeFormat): string {
  return formatter(lang, clockOptions(timeFormat)).format(value);
}

/** A Date's day with the month's name by default ("12 May" / "12 maja"); other Intl options can be passed. */
export function formatDay(value: Date, lang: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' }): string {
  return formatter(lang, options).format(value);
}

/** Date and time together, as in the callback's scheduled-time field ("14 maja 2025, 16:15"). */
export function formatDateTime(value: Date, lang: string, timeFormat: TimeFormat): string {
  return `${formatDay(value, lang, { day: 'numeric', month: 'long', year: 'numeric' })}, ${formatClock(value, lang, timeFormat)}`;
}
