import { assign, emit, fromPromise, setup } from 'xstate';

/**
 * The scheduling calendar (contact-widgets.md §4 "Calendar"): a day is selected, its availability is
 * requested and the calendar is disabled while loading; it is re-enabled when slots or an error arrive.
 * On error the slot area is disabled and the error panel shown; OK dismisses it. Picking a time emits the
 * selected date-time; changing the day clears the chosen time. Pure: availability is an actor provided by
 * the Calendar plugin (which asks the callback service plugin on the bus).
 */

export interface PeriodHours {
  openTime: string;
  closeTime: string;
  enable: boolean;
}
export type Period = 'morning' | 'afternoon' | 'evening' | 'allDay';
export const PERIODS: readonly Period[] = ['morning', 'afternoon', 'evening', 'allDay'];

export interface CalendarConfig {
  showAvailability: boolean;
  /** Seconds between availability refreshes while a day is shown (0 = never). */
  refreshInterval: number;
  convertToUTC: boolean;
  hideUnavailableTimeSlots: boolean;
  numberOfDays: number;
  timeFormat: 12 | 24;
  /** The plugin asked for availability (`<servicePlugin>.availability`). */
  servicePlugin: string;
  /** Spelled so in the spec. */
  calenderHours: { interval: number } & Record<Period, PeriodHours>;
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

/** 'HH:MM' → minutes after midnight, or undefined. */
export function parseHhMm(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [h, m] = [Number(match[1]), Number(match[2])];
  return h < 24 && m < 60 ? h * 60 + m : undefined;
}

type ConfigInput = Partial<Omit<CalendarConfig, 'calenderHours'>> & {
  calenderHours?: Partial<{ interval: number } & Record<Period, Partial<PeriodHours>>>;
};

/** Merges a configuration over the defaults; returns the spec's message when it is not usable. */
export function readCalendarConfig(input: unknown): { config?: CalendarConfig; error?: string } {
  if (!input || typeof input !== 'object' || Object.keys(input).length === 0) return { error: calendarMessages.noConfiguration };
  const given = input as ConfigInput;
  const hours = given.calenderHours ?? {};
  const merged: CalendarConfig = {
    ...defaultCalendarConfig,
    ...given,
    calenderHours: {
      interval: Number(hours.interval) > 0 ? Number(hours.interval) : defaultCalendarConfig.calenderHours.interval,
      ...Object.fromEntries(PERIODS.map((p) => [p, { ...defaultCalendarConfig.calenderHours[p], ...hours[p] }])),
    } as CalendarConfig['calenderHours'],
  };
  if (merged.timeFormat !== 12 && merged.timeFormat !== 24) return { error: calendarMessages.timeFormat };
  if (parseHhMm(merged.calenderHours.allDay.openTime) === undefined) return { error: calendarMessages.allDayOpen };
  if (parseHhMm(merged.calenderHours.allDay.closeTime) === undefined) return { error: calendarMessages.allDayClose };
  merged.numberOfDays = Math.max(1, Math.floor(Number(merged.numberOfDays) || defaultCalendarConfig.numberOfDays));
  return { config: merged };
}

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
  now: () => number;
}

export type CalendarEvent =
  | { type: 'open'; start: string; day?: string | null; time?: string | null }
  | { type: 'close' }
  | { type: 'configure'; config: CalendarConfig }
  | { type: 'day.select'; day: string }
  | { type: 'period.select'; period: Period }
  | { type: 'slot.select'; time: string }
  | { type: 'alert.dismiss' };

export type CalendarEmitted =
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'selected'; time: string }
  | { type: 'availabilityError'; message: string };

export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as { config?: CalendarConfig; now?: () => number } | undefined,
    emitted: {} as CalendarEmitted,
  },
  actors: {
    fetchAvailability: fromPromise<Record<string, number>, { day: string; config: CalendarConfig }>(async () => ({})),
  },
  delays: {
    /** The calendar's availability refresh (refreshInterval seconds). */
    availabilityRefresh: ({ context }) => Math.max(1, context.config.refreshInterval) * 1000,
  },
  guards: {
    showAvailability: ({ context }) => context.config.showAvailability,
    refreshes: ({ context }) => context.config.refreshInterval > 0,
    /** A slot may be chosen when it is not over and (when availability is shown) has capacity. */
    slotOpen: ({ context, event }) => {
      if (event.type !== 'slot.select') return false;
      const at = Date.parse(event.time);
      if (Number.isNaN(at) || at < context.now()) return false;
      if (!context.config.showAvailability) return true;
      return (context.slots?.[new Date(at).toISOString()] ?? context.slots?.[event.time] ?? 0) > 0;
    },
  },
  actions: {
    chooseDay: assign(({ event }) => (event.type === 'day.select' ? { day: event.day, time: null, slots: null } : {})),
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => {
    const config = input?.config ?? defaultCalendarConfig;
    return { config, start: '', day: null, slots: null, time: null, period: enabledPeriods(config)[0]!, now: input?.now ?? (() => Date.now()) };
  },
  initial: 'closed',
  on: {
    configure: { actions: assign(({ event }) => ({ config: event.config, period: enabledPeriods(event.config)[0]! })) },
  },
  states: {
    closed: {
      on: {
        open: {
          target: 'open',
          actions: [
            assign(({ event, context }) => ({
              start: event.start,
              day: event.day ?? null,
              time: event.time ?? null,
              slots: null,
              period: enabledPeriods(context.config)[0]!,
            })),
            emit({ type: 'opened' }),
          ],
        },
      },
    },
    open: {
      initial: 'deciding',
      on: {
        close: { target: 'closed', actions: emit({ type: 'closed' }) },
        'period.select': { actions: assign({ period: ({ event }) => event.period }) },
      },
      states: {
        deciding: { always: [{ guard: ({ context }) => context.day === null, target: 'idle' }, { target: 'loading' }] },
        idle: {
          on: { 'day.select': { target: 'loading', actions: 'chooseDay' } },
        },
        loading: {
          always: { guard: ({ context }) => !context.config.showAvailability, target: 'ready', actions: assign({ slots: {} }) },
          invoke: {
            src: 'fetchAvailability',
            input: ({ context }) => ({ day: context.day!, config: context.config }),
            onDone: { target: 'ready', actions: assign({ slots: ({ event }) => event.output }) },
            onError: {
              target: 'error',
              actions: emit(({ event }) => ({
                type: 'availabilityError' as const,
                message: event.error instanceof Error ? event.error.message : String(event.error),
              })),
            },
          },
        },
        ready: {
          after: { availabilityRefresh: { guard: 'refreshes', target: 'loading', reenter: true } },
          on: {
            'day.select': { target: 'loading', actions: 'chooseDay' },
            'slot.select': {
              guard: 'slotOpen',
              actions: [assign({ time: ({ event }) => event.time }), emit(({ event }) => ({ type: 'selected' as const, time: event.time }))],
            },
          },
        },
        error: {
          on: {
            'alert.dismiss': 'ready',
            'day.select': { target: 'loading', actions: 'chooseDay' },
          },
          exit: assign(({ context }) => ({ slots: context.slots ?? {} })),
        },
      },
    },
  },
});

export type CalendarMachine = typeof calendarMachine;
