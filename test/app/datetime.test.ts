import { expect } from '@esm-bundle/chai';
import { DateTime } from 'luxon';
import { formatDate, formatDayLabel, formatTime } from '../../src/app/datetime.ts';
import { createTranslator } from '../../src/app/i18n.ts';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };

const zone = 'Europe/Warsaw';
// Wednesday 14 May 2025
const at = (hour: number, minute = 0, day = 14) => DateTime.fromObject({ year: 2025, month: 5, day, hour, minute }, { zone });

describe('datetime', () => {
  describe('formatTime', () => {
    it('uses a 24-hour clock when configured', () => {
      expect(formatTime(at(9, 5), 'pl', 24)).to.equal('09:05');
      expect(formatTime(at(17), 'pl', 24)).to.equal('17:00');
      expect(formatTime(at(0, 30), 'en', 24)).to.equal('00:30');
    });

    it('uses a 12-hour clock when configured', () => {
      expect(formatTime(at(9, 5), 'en', 12)).to.match(/^9:05\sAM$/);
      expect(formatTime(at(17), 'en', 12)).to.match(/^5:00\sPM$/);
      expect(formatTime(at(0, 30), 'en', 12)).to.match(/^12:30\sAM$/);
    });

    it('accepts a JavaScript Date', () => {
      const date = new Date(2025, 4, 14, 13, 45);
      expect(formatTime(date, 'pl', 24)).to.equal('13:45');
    });
  });

  describe('formatDate', () => {
    it('writes the day with the month name in the active locale', () => {
      expect(formatDate(at(12), 'pl')).to.equal('14 maja');
      expect(formatDate(at(12), 'en')).to.equal('May 14');
    });

    it('takes other Intl options', () => {
      expect(formatDate(at(12), 'pl', { weekday: 'short' })).to.equal('śr.');
    });
  });

  describe('formatDayLabel', () => {
    const polish = createTranslator('pl', pl, en);
    const english = createTranslator('en', en, en);
    const now = at(22, 30);

    it('labels today and tomorrow through the translator', () => {
      expect(formatDayLabel(at(8), polish, now)).to.equal('Dzisiaj');
      expect(formatDayLabel(at(0, 0, 15), polish, now)).to.equal('Jutro');
      expect(formatDayLabel(at(23, 59, 15), english, now)).to.equal('Tomorrow');
    });

    it('names later days in the active language, capitalised', () => {
      expect(formatDayLabel(at(9, 0, 16), polish, now)).to.equal('Piątek');
      expect(formatDayLabel(at(9, 0, 19), english, now)).to.equal('Monday');
      expect(formatDayLabel(at(9, 0, 13), english, now)).to.equal('Tuesday');
    });

    it('compares days in the zone of the date, not of "now"', () => {
      // 21:30 UTC on the 14th is 23:30 in Warsaw (the 15th is tomorrow); 23:30 UTC is already the 15th there
      const utcNow = DateTime.fromISO('2025-05-14T21:30:00Z', { zone: 'UTC' });
      expect(formatDayLabel(at(10, 0, 15), english, utcNow)).to.equal('Tomorrow');
      const lateUtc = DateTime.fromISO('2025-05-14T23:30:00Z', { zone: 'UTC' });
      expect(formatDayLabel(at(10, 0, 15), english, lateUtc)).to.equal('Today');
    });
  });

  it('a language code the browser refuses (an i18n pack keyed en_US) shows dates in English, reported once, and never throws', () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (line: string) => void warnings.push(line);
    try {
      const custom = createTranslator('en_US', en, en);
      expect(formatTime(at(9, 5), 'en_US', 24)).to.equal('09:05');
      expect(formatDate(at(9), 'en_US')).to.equal('May 14');
      expect(formatDayLabel(at(10, 0, 16), custom, at(10))).to.equal('Friday');
    } finally {
      console.warn = original;
    }
    expect(warnings).to.deep.equal([
      '[live-assist] main.lang: "en_US" is not a language tag the browser knows (such as pl or en-GB): dates and times are shown in English',
    ]);
  });
});
