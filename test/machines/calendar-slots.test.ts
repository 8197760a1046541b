import { expect } from '@esm-bundle/chai';
import { DateTime, Settings } from 'luxon';
import { assign, createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { periodSlots, wallClock } from '../../machines/calendar-slots.ts';
import { calendarMachine, CLOCK_TICK_MS, defaultCalendarConfig, selectDays, selectSlots, type CalendarConfig } from '../../machines/calendar.machine.ts';

const WARSAW = 'Europe/Warsaw';
const day = (iso: string) => DateTime.fromISO(iso, { zone: WARSAW });
const hours = (open: string, close: string) => ({ openTime: open, closeTime: close, enable: true });
const config = (patch: Partial<CalendarConfig> = {}): CalendarConfig => ({ ...defaultCalendarConfig, showAvailability: false, ...patch });
const morning = config({ calenderHours: { ...defaultCalendarConfig.calenderHours, morning: hours('08:00', '11:59') } });
const labels = (slots: ReturnType<typeof periodSlots>) => slots.map((s) => s.at.toFormat('HH:mm'));
const PAST = 0;

describe('calendar slots', () => {
  it('an ordinary day: every interval from the open time to before the close time, at those wall-clock times', () => {
    const slots = periodSlots(day('2026-03-04'), 'morning', morning, null, PAST);
    expect(labels(slots)).to.have.length(16);
    expect(labels(slots).slice(0, 3)).to.deep.equal(['08:00', '08:15', '08:30']);
    expect(labels(slots).at(-1)).to.equal('11:45');
    expect(slots[0]!.iso).to.equal('2026-03-04T07:00:00.000Z');
  });

  it('2026-03-29 in Warsaw (clocks go forward at 02:00): the 08:00 slot is 08:00 (06:00 UTC), not 09:00', () => {
    const slots = periodSlots(day('2026-03-29'), 'morning', morning, null, PAST);
    expect(labels(slots).slice(0, 2)).to.deep.equal(['08:00', '08:15']);
    expect(labels(slots).at(-1)).to.equal('11:45');
    expect(slots[0]!.iso).to.equal('2026-03-29T06:00:00.000Z');
    expect(slots).to.have.length(16);
  });

  it('2026-10-25 in Warsaw (clocks go back at 03:00): the 08:00 slot is 08:00 (07:00 UTC), not 07:00', () => {
    const slots = periodSlots(day('2026-10-25'), 'morning', morning, null, PAST);
    expect(labels(slots).slice(0, 2)).to.deep.equal(['08:00', '08:15']);
    expect(slots[0]!.iso).to.equal('2026-10-25T07:00:00.000Z');
    expect(slots).to.have.length(16);
  });

  it('all day on the daylight-saving days: the lost hour has no slots, the repeated hour has one of each', () => {
    const spring = periodSlots(day('2026-03-29'), 'allDay', config(), null, PAST);
    expect(spring).to.have.length(96 - 4);
    expect(labels(spring).filter((l) => l.startsWith('02:'))).to.deep.equal([]);
    expect(labels(spring).slice(7, 10)).to.deep.equal(['01:45', '03:00', '03:15']);
    expect(new Set(spring.map((s) => s.iso)).size).to.equal(spring.length);
    const autumn = periodSlots(day('2026-10-25'), 'allDay', config(), null, PAST);
    expect(autumn).to.have.length(96);
    expect(new Set(labels(autumn)).size).to.equal(96);
    expect(autumn.find((s) => s.at.toFormat('HH:mm') === '02:00')!.iso, 'the first 02:00').to.equal('2026-10-25T00:00:00.000Z');
    expect(autumn.find((s) => s.at.toFormat('HH:mm') === '03:00')!.iso).to.equal('2026-10-25T02:00:00.000Z');
    expect(autumn.at(-1)!.at.toFormat('HH:mm')).to.equal('23:45');
  });

  it('wallClock: null for a time the clock skips', () => {
    expect(wallClock(day('2026-03-29'), 150)).to.equal(null);
    expect(wallClock(day('2026-03-29'), 180)!.toISO()).to.equal('2026-03-29T03:00:00.000+02:00');
    expect(wallClock(day('2026-03-30'), 150)!.toISO()).to.equal('2026-03-30T02:30:00.000+02:00');
  });

  it('a slot is open when it has not begun and (with availability shown) has capacity; hidden ones are left out when asked', () => {
    const shown = { ...morning, showAvailability: true };
    const capacity = { '2026-03-29T06:00:00.000Z': 2, '2026-03-29T06:15:00.000Z': 0, '2026-03-29T07:00:00.000Z': 1 };
    const now = Date.parse('2026-03-29T06:30:00Z');
    const slots = periodSlots(day('2026-03-29'), 'morning', shown, capacity, Date.parse('2026-03-29T05:00:00Z'));
    expect(slots.filter((s) => s.open).map((s) => s.at.toFormat('HH:mm'))).to.deep.equal(['08:00', '09:00']);
    const later = periodSlots(day('2026-03-29'), 'morning', shown, capacity, now);
    expect(
      later.filter((s) => s.open).map((s) => s.at.toFormat('HH:mm')),
      '08:00 has begun',
    ).to.deep.equal(['09:00']);
    const hidden = periodSlots(day('2026-03-29'), 'morning', { ...shown, hideUnavailableTimeSlots: true }, capacity, now);
    expect(labels(hidden)).to.deep.equal(['09:00']);
  });
});

describe('calendar selectors', () => {
  let zone: typeof Settings.defaultZone;
  before(() => {
    zone = Settings.defaultZone;
    Settings.defaultZone = WARSAW;
  });
  after(() => {
    Settings.defaultZone = zone;
  });

  const start = (patch: Partial<CalendarConfig>, at: string) => {
    const clock = new SimulatedClock();
    clock.set(Date.parse(at));
    const actor = createActor(
      calendarMachine.provide({
        actions: { readClock: assign({ now: () => clock.now() }) },
        actors: { fetchAvailability: fromPromise(async () => ({})) },
      }),
      { input: { config: config(patch) }, clock },
    ).start();
    return { actor, clock };
  };

  it("the day tiles and the chosen day's slots in the page zone, none while loading or closed", async () => {
    const { actor } = start({ numberOfDays: 3, calenderHours: morning.calenderHours }, '2026-03-28T12:00:00Z');
    expect(selectDays(actor.getSnapshot())).to.deep.equal([]);
    const first = DateTime.fromISO('2026-03-28').startOf('day').toISO()!;
    actor.send({ type: 'open', start: first });
    expect(selectDays(actor.getSnapshot()).map((d) => d.toISODate())).to.deep.equal(['2026-03-28', '2026-03-29', '2026-03-30']);
    actor.send({ type: 'day.select', day: DateTime.fromISO('2026-03-29').toISO()! });
    const slots = selectSlots(actor.getSnapshot());
    expect(slots[0]!.at.toFormat('HH:mm')).to.equal('08:00');
    expect(slots[0]!.iso).to.equal('2026-03-29T06:00:00.000Z');
    actor.send({ type: 'close' });
    expect(selectSlots(actor.getSnapshot())).to.deep.equal([]);
  });

  it("slots close as the machine's clock passes them (read every minute while open), and selecting one is refused then", async () => {
    const { actor, clock } = start({ calenderHours: morning.calenderHours }, '2026-10-25T06:58:00Z');
    actor.send({ type: 'open', start: DateTime.fromISO('2026-10-25').toISO()!, day: DateTime.fromISO('2026-10-25').toISO()! });
    await waitFor(actor, (s) => s.hasTag('slots'));
    const eight = () => selectSlots(actor.getSnapshot()).find((s) => s.iso === '2026-10-25T07:00:00.000Z')!;
    expect(eight().open).to.equal(true);
    clock.increment(CLOCK_TICK_MS);
    expect(eight().open, '07:59 local: still open').to.equal(true);
    clock.increment(CLOCK_TICK_MS);
    expect(actor.getSnapshot().context.now).to.equal(Date.parse('2026-10-25T07:00:00Z'));
    clock.increment(CLOCK_TICK_MS);
    expect(eight().open, '08:01 local: begun').to.equal(false);
    expect(actor.getSnapshot().can({ type: 'slot.select', time: '2026-10-25T07:00:00.000Z' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'slot.select', time: '2026-10-25T07:15:00.000Z' })).to.equal(true);
  });
});
