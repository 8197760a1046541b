import { expect } from '@esm-bundle/chai';
import { assign, createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { calendarMachine, defaultCalendarConfig, enabledPeriods, type CalendarConfig, type CalendarEmitted } from '../../machines/calendar.machine.ts';

const DAY = '2030-03-04T00:00:00.000+01:00';
const SLOT = '2030-03-04T08:00:00.000Z';

function start(options: { fetch?: (day: string) => Promise<Record<string, number>>; config?: Partial<CalendarConfig> } = {}) {
  const clock = new SimulatedClock();
  clock.set(Date.parse('2030-03-03T12:00:00Z'));
  const asked: string[] = [];
  const actor = createActor(
    calendarMachine.provide({
      // The test's clock: the simulated clock's time (3 March 2030, 12:00 UTC, unless a test moves it).
      actions: { readClock: assign({ now: () => clock.now() }) },
      actors: {
        fetchAvailability: fromPromise(async ({ input }) => {
          asked.push(input.day);
          return (options.fetch ?? (async () => ({ [SLOT]: 3, '2030-03-04T08:15:00.000Z': 0 })))(input.day);
        }),
      },
    }),
    { input: { config: { ...defaultCalendarConfig, ...options.config } }, clock },
  );
  const emitted: CalendarEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, clock, asked, emitted };
}

/** The day region's state ('idle', 'loading', 'ready', 'error'), or 'closed'. */
const state = (actor: ReturnType<typeof start>['actor']) => (actor.getSnapshot().value as { open?: { days: string } }).open?.days ?? 'closed';

describe('calendar machine', () => {
  it('opens once and closes once', () => {
    const { actor, emitted } = start();
    expect(actor.getSnapshot().can({ type: 'close' })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'day.select', day: DAY })).to.equal(false);
    actor.send({ type: 'open', start: DAY });
    expect(state(actor)).to.equal('idle');
    expect(actor.getSnapshot().can({ type: 'open', start: DAY })).to.equal(false);
    expect(actor.getSnapshot().can({ type: 'slot.select', time: SLOT })).to.equal(false);
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).to.equal('closed');
    expect(emitted.map((e) => e.type)).to.deep.equal(['opened', 'closed']);
  });

  it('a chosen day is loading (disabled) until its slots arrive; a slot then emits the selection', async () => {
    const { actor, asked, emitted } = start();
    actor.send({ type: 'open', start: DAY });
    actor.send({ type: 'day.select', day: DAY });
    expect(state(actor)).to.equal('loading');
    expect(actor.getSnapshot().can({ type: 'day.select', day: DAY })).to.equal(false);
    await waitFor(actor, (s) => s.matches({ open: { days: 'ready' } }));
    expect(asked).to.deep.equal([DAY]);
    expect(actor.getSnapshot().context.slots).to.deep.equal({ [SLOT]: 3, '2030-03-04T08:15:00.000Z': 0 });
    actor.send({ type: 'slot.select', time: '2030-03-04T08:15:00.000Z' }); // full: refused
    expect(actor.getSnapshot().context.time).to.equal(null);
    actor.send({ type: 'slot.select', time: SLOT });
    expect(actor.getSnapshot().context.time).to.equal(SLOT);
    expect(emitted.at(-1)).to.deep.equal({ type: 'selected', time: SLOT });
  });

  it('changing the day clears the chosen time', async () => {
    const { actor } = start();
    actor.send({ type: 'open', start: DAY });
    actor.send({ type: 'day.select', day: DAY });
    await waitFor(actor, (s) => s.matches({ open: { days: 'ready' } }));
    actor.send({ type: 'slot.select', time: SLOT });
    actor.send({ type: 'day.select', day: '2030-03-05T00:00:00.000+01:00' });
    expect(actor.getSnapshot().context.time).to.equal(null);
    expect(actor.getSnapshot().context.day).to.equal('2030-03-05T00:00:00.000+01:00');
  });

  it('past slots cannot be chosen', async () => {
    const { actor } = start({ fetch: async () => ({ '2030-03-01T08:00:00.000Z': 3 }) });
    actor.send({ type: 'open', start: DAY });
    actor.send({ type: 'day.select', day: DAY });
    await waitFor(actor, (s) => s.matches({ open: { days: 'ready' } }));
    expect(actor.getSnapshot().can({ type: 'slot.select', time: '2030-03-01T08:00:00.000Z' })).to.equal(false);
  });

  it('an availability error shows the error panel (slots disabled) and OK dismisses it', async () => {
    const { actor, emitted } = start({ fetch: async () => Promise.reject(new Error('boom')) });
    actor.send({ type: 'open', start: DAY });
    actor.send({ type: 'day.select', day: DAY });
    await waitFor(actor, (s) => s.matches({ open: { days: 'error' } }));
    expect(emitted.at(-1)).to.deep.equal({ type: 'availabilityError', message: 'boom' });
    expect(actor.getSnapshot().can({ type: 'slot.select', time: SLOT })).to.equal(false);
    actor.send({ type: 'alert.dismiss' });
    expect(state(actor)).to.equal('ready');
    expect(actor.getSnapshot().context.slots).to.deep.equal({});
  });

  it('without showAvailability it asks nothing; a day given on open loads at once', () => {
    const { actor, asked } = start({ config: { showAvailability: false } });
    actor.send({ type: 'open', start: DAY, day: DAY });
    expect(state(actor)).to.equal('ready');
    expect(asked).to.deep.equal([]);
    expect(actor.getSnapshot().can({ type: 'slot.select', time: SLOT })).to.equal(true);
  });

  it('refreshes the shown day every refreshInterval seconds (simulated clock)', async () => {
    const { actor, clock, asked } = start({ config: { refreshInterval: 30 } });
    actor.send({ type: 'open', start: DAY, day: DAY });
    await waitFor(actor, (s) => s.matches({ open: { days: 'ready' } }));
    clock.increment(29_999);
    expect(asked).to.have.length(1);
    clock.increment(1);
    expect(asked).to.have.length(2);
  });

  it('enabled periods: the ones switched on, or the all-day list', () => {
    const config: CalendarConfig = {
      ...defaultCalendarConfig,
      calenderHours: {
        ...defaultCalendarConfig.calenderHours,
        morning: { openTime: '08:00', closeTime: '11:59', enable: true },
        evening: { openTime: '17:00', closeTime: '23:59', enable: true },
      },
    };
    expect(enabledPeriods(config)).to.deep.equal(['morning', 'evening']);
    expect(enabledPeriods(defaultCalendarConfig)).to.deep.equal(['allDay']);
  });

  it('switches period tabs while open', () => {
    const { actor } = start({
      config: {
        calenderHours: {
          ...defaultCalendarConfig.calenderHours,
          morning: { openTime: '08:00', closeTime: '11:59', enable: true },
          afternoon: { openTime: '12:00', closeTime: '16:59', enable: true },
        },
      },
    });
    actor.send({ type: 'open', start: DAY });
    expect(actor.getSnapshot().context.period).to.equal('morning');
    actor.send({ type: 'period.select', period: 'afternoon' });
    expect(actor.getSnapshot().context.period).to.equal('afternoon');
  });
});
