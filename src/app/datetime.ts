// Dates and times in the active locale and the configured 12/24-hour format. luxon lives here, so only
// widget chunks import this module, never the loader.
import { DateTime } from 'luxon';
import type { Translator } from './i18n.ts';

export type TimeFormat = 12 | 24;
export type DateInput = DateTime | Date;

const toDateTime = (value: DateInput): DateTime =>
  value instanceof Date ? DateTime.fromJSDate(value) : value;

/** "9:05 AM" / "09:05": hours and minutes in `lang`, on a 12- or 24-hour clock. */
export function formatTime(value: DateInput, lang: string, timeFormat: TimeFormat): string {
  return toDateTime(value)
    .setLocale(lang)
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
  return toDateTime(value).setLocale(lang).toLocaleString(options);
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
  const name = day.setLocale(translator.lang).toLocaleString({ weekday: 'long' });
  return name.charAt(0).toLocaleUpperCase(translator.lang) + name.slice(1);
}
