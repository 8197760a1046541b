// Dates and times in the active locale and the configured 12/24-hour format. luxon lives here, so only
// widget chunks import this module, never the loader.
import { DateTime } from 'luxon';
import type { Translator } from './i18n.ts';

export type TimeFormat = 12 | 24;
export type DateInput = DateTime | Date;

const toDateTime = (value: DateInput): DateTime =>
  value instanceof Date ? DateTime.fromJSDate(value) : value;

const refused = new Set<string>();

/**
 * `lang` when the browser takes it as a locale, else English: a host's `i18n` pack may be keyed by any
 * code (`en_US`), which translates the texts, but luxon throws a RangeError for a code Intl refuses,
 * and the calendar would break. Reported once per code.
 */
export function dateLocale(lang: string): string {
  try {
    Intl.getCanonicalLocales(lang);
    return lang;
  } catch {
    if (!refused.has(lang)) console.warn(`[live-assist] main.lang: "${lang}" is not a language tag the browser knows (such as pl or en-GB): dates and times are shown in English`);
    refused.add(lang);
    return 'en';
  }
}

/** "9:05 AM" / "09:05": hours and minutes in `lang`, on a 12- or 24-hour clock. */
export function formatTime(value: DateInput, lang: string, timeFormat: TimeFormat): string {
  return toDateTime(value)
    .setLocale(dateLocale(lang))
    .toLocaleString(
      timeFormat === 12
        ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }
        : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    );
}

/** A date with the month's name by default ("12 May" / "12 maja"); other Intl options can be passed. */
export function formatDate(
  value: DateInput,
  lang: string,
  options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' },
): string {
  return toDateTime(value).setLocale(dateLocale(lang)).toLocaleString(options);
}

/** Date and time together, as in the callback's scheduled-time field. */
export function formatDateTime(value: DateInput, lang: string, timeFormat: TimeFormat): string {
  return `${formatDate(value, lang, { day: 'numeric', month: 'long', year: 'numeric' })}, ${formatTime(value, lang, timeFormat)}`;
}

/** Today, Tomorrow (translated) or the day's name in the translator's language, capitalised as a label.
 * `now` is compared in the zone of `value`. */
export function formatDayLabel(value: DateInput, translator: Translator, now: DateInput = DateTime.now()): string {
  const day = toDateTime(value);
  const today = toDateTime(now).setZone(day.zone);
  if (day.hasSame(today, 'day')) return translator.t('time.today');
  if (day.hasSame(today.plus({ days: 1 }), 'day')) return translator.t('time.tomorrow');
  const lang = dateLocale(translator.lang);
  const name = day.setLocale(lang).toLocaleString({ weekday: 'long' });
  return name.charAt(0).toLocaleUpperCase(lang) + name.slice(1);
}
