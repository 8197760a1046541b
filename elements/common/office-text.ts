import { wallTimeIn, type OfficeStatus, type OpeningHours } from '../../machines/availability.ts';
import type { Translator } from '../../src/app/i18n.ts';

/**
 * The helpline's status in words, in the translator's language: 'Available' when open; 'Closed now' and
 * when it opens ('Opens Monday 08:00', 'Opens today 08:00'; 'Otwarcie: poniedziałek, 08:00'), the day and
 * hour in the office's time zone as the opening-hours lines are, on the configured 12/24-hour clock.
 */
export function officeText(
  t: Translator,
  status: OfficeStatus,
  hours: OpeningHours,
  now: number,
  timeFormat: 12 | 24,
): { status: string; opens: string | null } {
  if (status.open) return { status: t.t('callus.available'), opens: null };
  if (status.opens === null) return { status: t.t('callus.closedNow'), opens: null };
  const zone = hours.timeZone ?? 'Europe/Warsaw';
  const format = (options: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat(t.lang, { timeZone: zone, ...options }).format(status.opens!);
    } catch {
      return new Intl.DateTimeFormat('en', { timeZone: zone, ...options }).format(status.opens!);
    }
  };
  const time = format(timeFormat === 12 ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  // Days apart in the office's calendar: today, tomorrow, else the weekday's name.
  const apart = (wallTimeIn(status.opens, zone).weekday - wallTimeIn(now, zone).weekday + 7) % 7;
  const sameDay = apart === 0 && status.opens - now < 86_400_000;
  const day = sameDay ? t.t('callus.today') : apart === 1 ? t.t('callus.tomorrow') : format({ weekday: 'long' });
  return { status: t.t('callus.closedNow'), opens: t.t('callus.opens', { day, time }) };
}
