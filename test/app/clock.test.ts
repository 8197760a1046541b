import { expect } from '@esm-bundle/chai';
import { formatClock, formatDateTime, formatDay } from '../../src/app/clock.ts';
import { formatDate, formatTime } from '../../src/app/datetime.ts';

// The chat's transcript and the callback's form format their Dates with the browser's Intl alone
// (src/app/clock.ts), the calendar through luxon (src/app/datetime.ts): a visitor sees the same text from both.
describe('clock', () => {
  const dates = [
    new Date(2025, 4, 14, 9, 5),
    new Date(2025, 0, 1, 0, 0),
    new Date(2025, 11, 31, 23, 59),
    new Date(2024, 1, 29, 12, 30),
    new Date(2025, 2, 30, 13, 7),
  ];

  it('writes a Date’s time as luxon does, in Polish, English and German, on a 12- and a 24-hour clock', () => {
    for (const lang of ['pl', 'en', 'en-GB', 'de'])
      for (const timeFormat of [12, 24] as const)
        for (const date of dates)
          expect(formatClock(date, lang, timeFormat), `${lang} ${timeFormat} ${date.toISOString()}`).to.equal(formatTime(date, lang, timeFormat));
    expect(formatClock(new Date(2025, 4, 14, 9, 5), 'pl', 24)).to.equal('09:05');
    expect(formatClock(new Date(2025, 4, 14, 21, 5), 'en', 12)).to.equal('9:05 PM');
  });

  it('writes a Date’s day as luxon does, with the month’s name by default and other Intl options', () => {
    for (const lang of ['pl', 'en', 'de'])
      for (const date of dates) {
        expect(formatDay(date, lang)).to.equal(formatDate(date, lang));
        const withYear = { day: 'numeric', month: 'long', year: 'numeric' } as const;
        expect(formatDay(date, lang, withYear)).to.equal(formatDate(date, lang, withYear));
      }
    expect(formatDay(new Date(2025, 4, 12), 'pl')).to.equal('12 maja');
  });

  it('joins a Date’s day, year and time, as the callback’s chosen-time field shows it', () => {
    expect(formatDateTime(new Date(2025, 4, 14, 16, 15), 'pl', 24)).to.equal('14 maja 2025, 16:15');
    expect(formatDateTime(new Date(2025, 4, 14, 16, 15), 'en', 12)).to.match(/^May 14, 2025, 4:15\sPM$/);
    for (const lang of ['pl', 'en', 'de'])
      for (const date of dates) {
        const withYear = { day: 'numeric', month: 'long', year: 'numeric' } as const;
        expect(formatDateTime(date, lang, 24)).to.equal(`${formatDate(date, lang, withYear)}, ${formatTime(date, lang, 24)}`);
      }
  });

  it('a language code the browser refuses shows English, never throws', () => {
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (...args: unknown[]) => void warned.push(args);
    try {
      expect(formatClock(new Date(2025, 4, 14, 9, 5), 'en_US', 12)).to.equal('9:05 AM');
      expect(formatDay(new Date(2025, 4, 12), 'en_US')).to.equal('May 12');
    } finally {
      console.warn = warn;
    }
  });
});
