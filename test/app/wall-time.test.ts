import { expect } from '@esm-bundle/chai';
import { knownZone, wallTimeIn } from '../../machines/availability.ts';

// The availability rule reads a zone's wall time through the browser's Temporal (machines/availability.ts:
// a page's first Intl.DateTimeFormat was the longest task of the idle Polish demo page, issue 17). In
// Chromium, where Temporal is built in, both readings must agree everywhere: across daylight-saving
// changes, in half-hour and 45-minute zones, at midnight and on week boundaries. (Node 20 has no Temporal:
// test/machines/opening-hours.test.ts covers the Intl reading there.)
describe("a zone's wall time through Temporal", () => {
  const zones = ['Europe/Warsaw', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC', 'America/Sao_Paulo'];

  it('is built into this Chromium (else the Intl reading is used, and this file checks nothing)', () => {
    expect(typeof (globalThis as { Temporal?: unknown }).Temporal).to.equal('object');
  });

  // 97 minutes is prime to 60 and to a day's 1,440, so the samples still fall on every minute of the hour
  // and every hour of the day; CI's shared cores made the 37-minute walk (227k readings) pass 10 s.
  it('agrees with Intl every 97 minutes over two years, daylight-saving changes included', function () {
    this.timeout(60_000);
    const start = Date.UTC(2025, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    for (const zone of zones) {
      for (let ms = start; ms < end; ms += 97 * 60_000) {
        const temporal = wallTimeIn(ms, zone);
        const intl = wallTimeIn(ms, zone, null);
        if (temporal.weekday !== intl.weekday || temporal.hour !== intl.hour || temporal.minute !== intl.minute) {
          expect({ zone, at: new Date(ms).toISOString(), ...temporal }).to.deep.equal({ zone, at: new Date(ms).toISOString(), ...intl });
        }
      }
    }
  });

  it('knows the zones Intl knows, and refuses the others', () => {
    for (const zone of [...zones, 'europe/warsaw', 'Europe/Kiev', 'Etc/GMT+5']) expect(knownZone(zone), zone).to.equal(true);
    for (const zone of ['Mars/Olympus', '', 'Europe/Warsaw ', 'CET/Nowhere']) expect(knownZone(zone), zone).to.equal(false);
  });
});
