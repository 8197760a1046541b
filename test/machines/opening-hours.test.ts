import { expect } from '@esm-bundle/chai';
import { assign, createActor } from 'xstate';
import { applyAvailability, isOpenAt, nextOpening, officeStatus, wallTimeIn } from '../../machines/availability.ts';
import { callUsMachine, selectOffice } from '../../machines/call-us.machine.ts';
import { openingHoursSchema } from '../../src/plugins/shared/office-hours.ts';
import { officeText } from '../../elements/common/office-text.ts';
import { createTranslator } from '../../src/app/i18n.ts';
import { v } from '../../src/app/section.ts';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };

// Issue 10 item 12: the helpline's opening hours as one structured rule (Mon-Fri 08:00-17:00 Warsaw),
// open or 'Closed now' with when it opens, by the server's clock.
const helpline = { timeZone: 'Europe/Warsaw', days: [1, 2, 3, 4, 5], openHour: 8, closeHour: 17 };
/** Epoch ms of a Warsaw wall-clock time: Monday 3 March 2025 is UTC+1, Monday 31 March UTC+2 (summer time). */
const warsaw = (date: string, hhmm: string, offset = '+01:00') => Date.parse(`${date}T${hhmm}:00${offset}`);
const en_ = createTranslator('en', en, en);
const pl_ = createTranslator('pl', pl, en);

describe('opening hours (machines/availability.ts)', () => {
  it('reads the ISO weekday and wall time in the office zone', () => {
    expect(wallTimeIn(warsaw('2025-03-03', '18:00'))).to.deep.equal({ weekday: 1, hour: 18, minute: 0 });
    expect(wallTimeIn(warsaw('2025-03-09', '23:30'), 'UTC')).to.deep.equal({ weekday: 7, hour: 22, minute: 30 });
  });

  it('is open Monday to Friday from 08:00 to 16:59, closed at 17:00, before 08:00 and at the weekend', () => {
    for (const time of ['08:00', '12:30', '16:59']) expect(isOpenAt(helpline, warsaw('2025-03-03', time)), time).to.equal(true);
    for (const time of ['07:59', '17:00', '18:00']) expect(isOpenAt(helpline, warsaw('2025-03-03', time)), time).to.equal(false);
    expect(isOpenAt(helpline, warsaw('2025-03-07', '10:00'))).to.equal(true); // Friday
    expect(isOpenAt(helpline, warsaw('2025-03-08', '10:00'))).to.equal(false); // Saturday
    expect(isOpenAt({ ...helpline, days: undefined }, warsaw('2025-03-08', '10:00'))).to.equal(true); // every day without days
  });

  it('knows when it opens next: tomorrow 08:00 after hours, Monday 08:00 after Friday, today before 08:00', () => {
    expect(nextOpening(helpline, warsaw('2025-03-03', '18:00'))).to.equal(warsaw('2025-03-04', '08:00'));
    expect(nextOpening(helpline, warsaw('2025-03-07', '18:00'))).to.equal(warsaw('2025-03-10', '08:00'));
    expect(nextOpening(helpline, warsaw('2025-03-08', '12:00'))).to.equal(warsaw('2025-03-10', '08:00'));
    expect(nextOpening(helpline, warsaw('2025-03-03', '06:15'))).to.equal(warsaw('2025-03-03', '08:00'));
    // Across the change to summer time (Sunday 30 March): Monday 08:00 is UTC+2.
    expect(nextOpening(helpline, warsaw('2025-03-28', '18:00'))).to.equal(warsaw('2025-03-31', '08:00', '+02:00'));
    expect(nextOpening({ ...helpline, days: [] }, warsaw('2025-03-03', '18:00'))).to.equal(null);
    expect(officeStatus(helpline, warsaw('2025-03-03', '12:00'))).to.deep.equal({ open: true });
    expect(officeStatus(helpline, warsaw('2025-03-07', '18:00'))).to.deep.equal({ open: false, opens: warsaw('2025-03-10', '08:00') });
  });

  it('the chat availability rule reads the same hours, and its days when given', () => {
    const rule = { ...helpline, days: undefined, whenOpen: ['CallUs', 'WebChat'], whenClosed: ['CallUs'] };
    const saturday = warsaw('2025-03-08', '10:00') / 1000;
    expect(applyAvailability(rule, { ewt: 0, time: saturday }).channels).to.deep.equal(['CallUs', 'WebChat']);
    expect(applyAvailability({ ...rule, days: [1, 2, 3, 4, 5] }, { ewt: 0, time: saturday }).channels).to.deep.equal(['CallUs']);
  });

  it('callus.openingHours is checked: weekdays 1-7, whole hours, a known time zone', () => {
    expect(v.safeParse(openingHoursSchema, helpline).success).to.equal(true);
    const issue = (value: unknown) => v.safeParse(openingHoursSchema, value).issues?.[0]?.message;
    expect(issue({ days: [0] })).to.equal('must be a list of ISO weekdays (1 Monday … 7 Sunday)');
    expect(issue({ openHour: 8.5 })).to.equal('must be a whole hour from 0 to 24');
    expect(issue({ timeZone: 'Mars/Olympus' })).to.equal('must be an IANA time zone such as Europe/Warsaw');
  });
});

describe('call-us: open or closed now', () => {
  const contacts = [{ number: '+48 22 100 20 30' }];
  function start(now: number) {
    let clock = now;
    const actor = createActor(callUsMachine.provide({ actions: { readClock: assign({ now: () => clock }) } })).start();
    return { actor, set: (ms: number) => (clock = ms) };
  }

  it("out of hours (Monday 18:00 Warsaw) the panel's status is closed, opening Tuesday 08:00", () => {
    const { actor } = start(warsaw('2025-03-03', '18:00'));
    actor.send({ type: 'open', config: { contacts, hours: ['Mon-Fri 8:00-17:00'], openingHours: helpline } });
    expect(selectOffice(actor.getSnapshot().context)).to.deep.equal({ open: false, opens: warsaw('2025-03-04', '08:00') });
  });

  it('in hours it is open; the clock is read again on clock.read (the server time arrived)', () => {
    const { actor, set } = start(warsaw('2025-03-03', '16:59'));
    actor.send({ type: 'open', config: { contacts, hours: [], openingHours: helpline } });
    expect(selectOffice(actor.getSnapshot().context)).to.deep.equal({ open: true });
    set(warsaw('2025-03-07', '18:00'));
    actor.send({ type: 'clock.read' });
    expect(selectOffice(actor.getSnapshot().context)).to.deep.equal({ open: false, opens: warsaw('2025-03-10', '08:00') });
  });

  it("without opening hours nothing is claimed (the spec's Available line)", () => {
    const { actor } = start(warsaw('2025-03-03', '18:00'));
    actor.send({ type: 'open', config: { contacts, hours: [] } });
    expect(selectOffice(actor.getSnapshot().context)).to.equal(null);
  });

  it("says 'Closed now' and when it opens, in English and Polish", () => {
    const friday = warsaw('2025-03-07', '18:00');
    const status = officeStatus(helpline, friday);
    expect(officeText(en_, status, helpline, friday, 24)).to.deep.equal({ status: 'Closed now', opens: 'Opens Monday 08:00' });
    expect(officeText(pl_, status, helpline, friday, 24)).to.deep.equal({ status: 'Teraz nieczynne', opens: 'Otwarcie: poniedziałek, 08:00' });
    expect(officeText(en_, status, helpline, friday, 12).opens).to.equal('Opens Monday 8:00 AM');
    const monday = warsaw('2025-03-03', '18:00');
    expect(officeText(en_, officeStatus(helpline, monday), helpline, monday, 24).opens).to.equal('Opens tomorrow 08:00');
    const early = warsaw('2025-03-03', '06:00');
    expect(officeText(pl_, officeStatus(helpline, early), helpline, early, 24).opens).to.equal('Otwarcie: dzisiaj, 08:00');
    expect(officeText(en_, { open: true }, helpline, early, 24)).to.deep.equal({ status: 'Available', opens: null });
  });
});
