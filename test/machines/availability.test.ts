import { expect } from '@esm-bundle/chai';
import { applyAvailability, hourIn } from '../../machines/availability.ts';

const rule = {
  timeZone: 'Europe/Warsaw',
  openHour: 8,
  closeHour: 17,
  chatUnavailableWait: 10000,
  whenOpen: ['CallUs', 'WebChat', 'SendMessage', 'Callback'],
  whenClosed: ['CallUs', 'SendMessage', 'Callback'],
};
/** Seconds since the epoch of a Warsaw wall-clock time on Monday 3 March 2025 (UTC+1). */
const warsaw = (hhmm: string) => Date.parse(`2025-03-03T${hhmm}:00+01:00`) / 1000;

describe('the deployment availability rule', () => {
  it('reads the hour in the contact centre time zone', () => {
    expect(hourIn(warsaw('07:59'))).to.equal(7);
    expect(hourIn(warsaw('17:00'), 'UTC')).to.equal(16);
  });

  it('offers chat from 8:00 to 16:59 with a wait under 10000 s', () => {
    for (const time of ['08:00', '12:30', '16:59']) {
      expect(applyAvailability(rule, { ewt: 45, time: warsaw(time) }).channels, time).to.deep.equal(rule.whenOpen);
    }
    expect(applyAvailability(rule, { ewt: 9999, time: warsaw('10:00') })).to.deep.equal({ channels: rule.whenOpen, ewt: 9999 });
  });

  it('offers call us, e-mail and callback outside the hours or with a wait of 10000 s or more', () => {
    for (const time of ['07:59', '17:00', '18:00', '23:30']) {
      expect(applyAvailability(rule, { ewt: 45, time: warsaw(time) }).channels, time).to.deep.equal(rule.whenClosed);
    }
    expect(applyAvailability(rule, { ewt: 10000, time: warsaw('10:00') }).channels).to.deep.equal(rule.whenClosed);
  });

  it('offers the full list when the wait-time request failed', () => {
    expect(applyAvailability(rule, null)).to.deep.equal({ channels: rule.whenOpen, ewt: null });
  });
});
