import { DateTime } from 'luxon';
import { assertEvent, assign, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { deferred } from './deferred.ts';
import { periodSlots, type Period, type Slot, type SlotRules } from './calendar-slots.ts';

export { parseHhMm, type Period, type PeriodHours, type Slot } from './calendar-slots.ts';

/**
 * The scheduling calendar (contact-widgets.md §4 "Calendar"): a day is selected, its availability is
 * requested and the calendar is disabled while loading; it is re-enabled when slots or an error arrive.
 * On error the slot area is disabled and the error panel shown; OK dismisses it. Picking a time emits the
 * selected date-time; changing the day clears the chosen time. Pure: availability is an actor provided by
 * the Calendar plugin (which asks the callback service plugin on the bus).
 */

export const PERIODS: readonly Period[] = ['morning', 'afternoon', 'evening', 'allDay'];

/** The calendar's configuration (§9); the hours and the availability options are the slots' (calendar-slots.ts). */
export interface CalendarConfig extends SlotRules {
  /** Seconds between availability refreshes while a day is shown (0 = never). */
  refreshInterval: number;
  convertToUTC: boolean;
  numberOfDays: number;
  timeFormat: 12 | 24;
  /** The plugin asked for availability (`<servicePlugin>.availability`). */
  servicePlugin: string;
}

/** Section 9 defaults. */
export const defaultCalendarConfig: CalendarConfig = {
  showAvailability: true,
  refreshInterval: 0,
  convertToUTC: false,
  hideUnavailableTimeSlots: false,
  numberOfDays: 5,
  timeFormat: 12,
  servicePlugin: 'CallbackService',
  calenderHours: {
    interval: 15,
    morning: { openTime: '08:00', closeTime: '11:59', enable: false },
    afternoon: { openTime: '12:00', closeTime: '16:59', enable: false },
    evening: { openTime: '17:00', closeTime: '23:59', enable: false },
    allDay: { openTime: '00:00', closeTime: '23:59', enable: true },
  },
};

/** The open calendar reads the clock once a minute. */
export const CLOCK_TICK_MS = 60_000;

export const calendarMessages = {
  invalidData: 'Invalid data',
  noDate: 'No date found to check availability',
  invalidDate: 'Invalid date',
  noConfiguration: 'No configuration provided',
  allDayOpen: 'Invalid config: allDay open time',
  allDayClose: 'Invalid config: allDay close time',
  timeFormat: 'Invalid time format: expected 12 or 24',
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
} as const;

/** The enabled periods, in order; the all-day list when none of the three periods is on. */
export function enabledPeriods(config: CalendarConfig): Period[] {
  const tabs = (['morning', 'afternoon', 'evening'] as const).filter((p) => config.calenderHours[p].enable);
  return tabs.length ? tabs : ['allDay'];
}

export interface CalendarContext {
  config: CalendarConfig;
  /** The first day tile (ISO date-time at local midnight). */
  start: string;
  /** ISO date-time (local midnight) of the chosen day. */
  day: string | null;
  /** Slot time (ISO) → capacity, for the chosen day. */
  slots: Record<string, number> | null;
  /** The chosen slot (ISO). */
  time: string | null;
  period: Period;
  /** Epoch ms of the last clock reading (the `readClock` action): slots before it are over. */
  now: number;
}

export type CalendarEvent =
  | { type: 'open'; start: string; day?: string | null; time?: string | null }
  | { type: 'close' }
  | { type: 'configure'; config: CalendarConfig }
  | { type: 'day.select'; day: string }
  | { type: 'period.select'; period: Period }
  | { type: 'slot.select'; time: string }
  | { type: 'alert.dismiss' };

export type CalendarEmitted = { type: 'opened' } | { type: 'closed' } | { type: 'selected'; time: string } | { type: 'availabilityError'; message: string };

const calendarSetup = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as { config?: CalendarConfig } | undefined,
    emitted: {} as CalendarEmitted,
  },
  actors: {
    fetchAvailability: fromPromise<Record<string, number>, { day: string; config: CalendarConfig }>(async () => ({})),
  },
  delays: {
    /** The calendar's availability refresh (refreshInterval seconds). */
    availabilityRefresh: ({ context }) => Math.max(1, context.config.refreshInterval) * 1000,
    /** How often the open calendar reads the clock, so slots that have begun turn unavailable. */
    clockTick: CLOCK_TICK_MS,
  },
  guards: {
    showAvailability: ({ context }) => context.config.showAvailability,
    hideAvailability: ({ context }) => !context.config.showAvailability,
    refreshes: ({ context }) => context.config.refreshInterval > 0,
    noDay: ({ context }) => context.day === null,
    /** A slot may be chosen when it is not over and (when availability is shown) has capacity. */
    slotOpen: ({ context, event }) => {
      assertEvent(event, 'slot.select');
      const at = Date.parse(event.time);
      if (Number.isNaN(at) || at < context.now) return false;
      if (!context.config.showAvailability) return true;
      return (context.slots?.[new Date(at).toISOString()] ?? context.slots?.[event.time] ?? 0) > 0;
    },
  },
  actions: {
    /** The clock: stores the time that decides which slots are over. Tests provide their own (README "Clocks"). */
    readClock: assign({ now: () => Date.now() }),
    configure: assign(({ event }) => {
      assertEvent(event, 'configure');
      return { config: event.config, period: enabledPeriods(event.config)[0]! };
    }),
    openAt: assign(({ context, event }) => {
      assertEvent(event, 'open');
      return { start: event.start, day: event.day ?? null, time: event.time ?? null, slots: null, period: enabledPeriods(context.config)[0]! };
    }),
    chooseDay: assign(({ event }) => {
      assertEvent(event, 'day.select');
      return { day: event.day, time: null, slots: null };
    }),
    choosePeriod: assign(({ event }) => {
      assertEvent(event, 'period.select');
      return { period: event.period };
    }),
    chooseSlot: enqueueActions(({ enqueue, event }) => {
      assertEvent(event, 'slot.select');
      enqueue.assign({ time: event.time });
      enqueue.emit({ type: 'selected', time: event.time });
    }),
    allSlotsOpen: assign({ slots: {} }),
    storeSlots: assign((_, params: { slots: Record<string, number> }) => ({ slots: params.slots })),
    keepSlots: assign(({ context }) => ({ slots: context.slots ?? {} })),
    reportError: emit((_, params: { error: unknown }) => ({
      type: 'availabilityError' as const,
      message: params.error instanceof Error ? params.error.message : String(params.error),
    })),
    publish: emit((_, params: { type: 'opened' | 'closed' }) => ({ type: params.type })),
  },
});

export const calendarMachine = deferred(calendarSetup, (s) =>
  s.createMachine({
    id: 'calendar',
    context: ({ input }) => {
      const config = input?.config ?? defaultCalendarConfig;
      return { config, start: '', day: null, slots: null, time: null, period: enabledPeriods(config)[0]!, now: 0 };
    },
    initial: 'closed',
    on: {
      configure: { actions: 'configure' },
    },
    states: {
      closed: {
        on: {
          open: { target: 'open', actions: ['readClock', 'openAt', { type: 'publish', params: { type: 'opened' } }] },
        },
      },
      open: {
        type: 'parallel',
        on: {
          close: { target: 'closed', actions: { type: 'publish', params: { type: 'closed' } } },
          'period.select': { actions: 'choosePeriod' },
        },
        states: {
          days: {
            initial: 'deciding',
            states: {
              deciding: { always: [{ guard: 'noDay', target: 'idle' }, { target: 'loading' }] },
              idle: {
                on: { 'day.select': { target: 'loading', actions: 'chooseDay' } },
              },
              loading: {
                tags: ['busy'],
                always: { guard: 'hideAvailability', target: 'ready', actions: 'allSlotsOpen' },
                invoke: {
                  src: 'fetchAvailability',
                  input: ({ context }) => ({ day: context.day!, config: context.config }),
                  onDone: { target: 'ready', actions: { type: 'storeSlots', params: ({ event }) => ({ slots: event.output }) } },
                  onError: { target: 'error', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
                },
              },
              ready: {
                tags: ['slots'],
                after: { availabilityRefresh: { guard: 'refreshes', target: 'loading', reenter: true } },
                on: {
                  'day.select': { target: 'loading', actions: 'chooseDay' },
                  'slot.select': { guard: 'slotOpen', actions: 'chooseSlot' },
                },
              },
              error: {
                tags: ['alert'],
                on: {
                  'alert.dismiss': 'ready',
                  'day.select': { target: 'loading', actions: 'chooseDay' },
                },
                exit: 'keepSlots',
              },
            },
          },
          // Reads the clock every minute while open: a slot that begins while the visitor looks is no longer offered.
          clock: {
            initial: 'ticking',
            states: {
              ticking: { after: { clockTick: { target: 'ticking', reenter: true, actions: 'readClock' } } },
            },
          },
        },
      },
    },
  }),
);

export type CalendarMachine = typeof calendarMachine;
export type CalendarSnapshot = SnapshotFrom<CalendarMachine>;

/** The day tiles: `numberOfDays` days from the first one. */
export function selectDays(snapshot: CalendarSnapshot): DateTime[] {
  const { start, config } = snapshot.context;
  if (snapshot.matches('closed') || start === '') return [];
  const first = DateTime.fromISO(start);
  return Array.from({ length: config.numberOfDays }, (_, i) => first.plus({ days: i }));
}

/**
 * The chosen day's slots in the chosen period, in the page's time zone, as of the machine's clock; none while
 * no day is chosen, while loading and while the error is shown.
 */
export function selectSlots(snapshot: CalendarSnapshot): Slot[] {
  const { day, period, config, slots, now } = snapshot.context;
  if (!day || !snapshot.hasTag('slots')) return [];
  return periodSlots(DateTime.fromISO(day), period, config, slots, now);
}
