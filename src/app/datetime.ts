// The calendar's days and slots in the active locale and the configured 12/24-hour format, in a given
// zone. luxon lives here and in the calendar's machine, so only the calendar's chunk imports this module
// (never the loader, nor the callback's form, which opens without luxon); a JavaScript Date in the
// visitor's own zone needs no luxon: src/app/clock.ts.
import { DateTime } from 'luxon';
import type { Translator } from './i18n.ts';
import { clockOptions, dateLocale, type TimeFormat } from './clock.ts';

export { dateLocale, type TimeFormat };
export type DateInput = DateTime | Date;

const toDateTime = (value: DateInput): DateTime => (value instanceof Date ? DateTime.fromJSDate(value) : value);

/** "9:05 AM" / "09:05": hours and minutes in `lang`, on a 12- or 24-hour clock. */
export function formatTime(value: DateInput, lang: string, timeFormat: TimeFormat): string {
  return toDateTime(value).setLocale(dateLocale(lang)).toLocaleString(clockOptions(timeFormat));
}

/** A date with the month's name by default ("12 May" / "12 maja"); other Intl options can be passed. */
export function formatDate(value: DateInput, lang: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' }): string {
  return toDateTime(value).setLocale(dateLocale(lang)).toLocaleString(options);
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
