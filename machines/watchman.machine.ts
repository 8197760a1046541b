import { assertEvent, assign, enqueueActions, setup } from 'xstate';

/**
 * Watchman, the idle timer service (web-chat.md §2, §5, §9): the one clock the chat's proactive invite,
 * its cancel timer and the idle-alert countdown share. It ticks every second (`tick`, 1000 ms) and on each
 * tick reads the clock (the provided `readClock` action), then
 *
 * - works out the seconds since the visitor's last activity (the plugin sends `activity` for pointer, key,
 *   scroll, touch and focus events) and emits `idle {seconds}` once when they reach the threshold (5 s by
 *   default, `configure {threshold}`), and `active` on the first activity after that;
 * - counts named countdowns down by one (`countdown {name, remaining}`, then `countdownDone {name}` at 0);
 * - counts named intervals down and emits `interval {name}` every `time` seconds until stopped;
 * - fires named alarms whose time-stamp has come (`alarm {name}`, once).
 *
 * Idle time and alarms follow the clock, so a throttled background tab still sees the right idle time;
 * countdowns and intervals count ticks (one a second, as the spec's "seconds times 1000" countdowns do).
 * One state: the machine runs as long as its actor does.
 */

/** web-chat.md §9: the tick. */
export const WATCHMAN_TICK_MS = 1000;
/** web-chat.md §9: seconds without activity after which the visitor is idle. */
export const WATCHMAN_IDLE_THRESHOLD = 5;

/** The checks' messages: the spec's (§5) for time and time-stamp, worded alike for the others. */
export const watchmanMessages = {
  time: 'Watchman: countdown and interval need a time of at least 1 (seconds)',
  timestamp: 'Watchman: an alarm needs a time-stamp',
  name: 'Watchman: a timer needs a name',
  threshold: 'Watchman: the idle threshold needs a time of at least 1 (seconds)',
} as const;

export interface WatchmanInterval {
  /** Seconds between two `interval` events. */
  every: number;
  /** Seconds (ticks) until the next one. */
  next: number;
}

export interface WatchmanContext {
  /** Epoch ms of the last clock reading (`readClock`). */
  now: number;
  /** Epoch ms of the last activity (or of the start). */
  lastActivity: number;
  /** Whole seconds since the last activity, as of the last tick. */
  idleSeconds: number;
  /** Seconds without activity that make the visitor idle. */
  threshold: number;
  /** Whether `idle` was emitted and no activity came since. */
  idle: boolean;
  /** Countdown name → seconds remaining. */
  countdowns: Record<string, number>;
  intervals: Record<string, WatchmanInterval>;
  /** Alarm name → epoch ms it fires at. */
  alarms: Record<string, number>;
}

export interface WatchmanInput {
  threshold?: number;
}

export type WatchmanEvent =
  | { type: 'activity' }
  | { type: 'countdown.start'; name: string; time: number }
  | { type: 'countdown.stop'; name: string }
  | { type: 'interval.start'; name: string; time: number }
  | { type: 'interval.stop'; name: string }
  | { type: 'alarm.set'; name: string; timestamp: number | Date }
  | { type: 'alarm.clear'; name: string }
  | { type: 'configure'; threshold: number };

export type WatchmanEmitted =
  | { type: 'tick'; idleSeconds: number }
  | { type: 'idle'; seconds: number }
  | { type: 'active' }
  | { type: 'countdown'; name: string; remaining: number }
  | { type: 'countdownDone'; name: string }
  | { type: 'interval'; name: string }
  | { type: 'alarm'; name: string };

/** Why `time` is not a countdown's or interval's time (null: it is): a finite number of seconds, at least 1. */
export function checkTime(time: unknown): string | null {
  return typeof time === 'number' && Number.isFinite(time) && time >= 1 ? null : watchmanMessages.time;
}

/** The epoch ms of an alarm's time-stamp (a finite epoch-ms number or a valid Date), or undefined. */
export function timestampOf(value: unknown): number | undefined {
  const ms = value instanceof Date ? value.getTime() : value;
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : undefined;
}

/** Why `timestamp` is not an alarm's time-stamp (null: it is). */
export function checkTimestamp(timestamp: unknown): string | null {
  return timestampOf(timestamp) === undefined ? watchmanMessages.timestamp : null;
}

/** Why `name` is not a timer's name (null: it is): a non-empty string. */
export function checkName(name: unknown): string | null {
  return typeof name === 'string' && name.trim() !== '' ? null : watchmanMessages.name;
}

/** Why `threshold` is not an idle threshold (null: it is): a finite number of seconds, at least 1. */
export function checkThreshold(threshold: unknown): string | null {
  return typeof threshold === 'number' && Number.isFinite(threshold) && threshold >= 1 ? null : watchmanMessages.threshold;
}

/** Why the machine would refuse `event` (null: it accepts it); the plugin rejects its command with this. */
export function watchmanRefusal(event: WatchmanEvent): string | null {
  switch (event.type) {
    case 'countdown.start':
    case 'interval.start':
      return checkName(event.name) ?? checkTime(event.time);
    case 'alarm.set':
      return checkName(event.name) ?? checkTimestamp(event.timestamp);
    case 'countdown.stop':
    case 'interval.stop':
    case 'alarm.clear':
      return checkName(event.name);
    case 'configure':
      return checkThreshold(event.threshold);
    default:
      return null;
  }
}

/** A copy of `record` without `name`. */
const without = <T>(record: Record<string, T>, name: string): Record<string, T> => {
  const { [name]: _dropped, ...rest } = record;
  return rest;
};

export const watchmanMachine = setup({
  types: {
    context: {} as WatchmanContext,
    events: {} as WatchmanEvent,
    input: {} as WatchmanInput | undefined,
    emitted: {} as WatchmanEmitted,
  },
  delays: {
    /** web-chat.md §9: the 1-second tick. */
    tick: WATCHMAN_TICK_MS,
  },
  guards: {
    accepted: ({ event }) => watchmanRefusal(event) === null,
  },
  actions: {
    /** The clock: stores the time of this tick or activity. Tests provide their own (README "Clocks"). */
    readClock: assign({ now: () => Date.now() }),
    /** The visitor did something: the idle time starts again, and `active` ends an idle spell. */
    recordActivity: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ lastActivity: context.now, idleSeconds: 0, idle: false });
      if (context.idle) enqueue.emit({ type: 'active' });
    }),
    /** One second passed: idle time, countdowns, intervals and alarms move on and report. */
    tick: enqueueActions(({ context, enqueue }) => {
      const idleSeconds = Math.max(0, Math.floor((context.now - context.lastActivity) / 1000));
      const becameIdle = !context.idle && idleSeconds >= context.threshold;
      const countdowns: Record<string, number> = {};
      const done: string[] = [];
      for (const [name, remaining] of Object.entries(context.countdowns)) {
        if (remaining - 1 > 0) countdowns[name] = remaining - 1;
        else done.push(name);
      }
      const intervals: Record<string, WatchmanInterval> = {};
      const due: string[] = [];
      for (const [name, { every, next }] of Object.entries(context.intervals)) {
        if (next - 1 > 0) intervals[name] = { every, next: next - 1 };
        else {
          intervals[name] = { every, next: every };
          due.push(name);
        }
      }
      const alarms: Record<string, number> = {};
      const rung: string[] = [];
      for (const [name, at] of Object.entries(context.alarms)) {
        if (at <= context.now) rung.push(name);
        else alarms[name] = at;
      }
      enqueue.assign({ idleSeconds, idle: context.idle || becameIdle, countdowns, intervals, alarms });
      enqueue.emit({ type: 'tick', idleSeconds });
      if (becameIdle) enqueue.emit({ type: 'idle', seconds: idleSeconds });
      for (const [name, remaining] of Object.entries(countdowns)) enqueue.emit({ type: 'countdown', name, remaining });
      for (const name of done) enqueue.emit({ type: 'countdownDone', name });
      for (const name of due) enqueue.emit({ type: 'interval', name });
      for (const name of rung) enqueue.emit({ type: 'alarm', name });
    }),
    /** A countdown starts (again, when the name runs already) and reports its first value. */
    startCountdown: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'countdown.start');
      const remaining = Math.floor(event.time);
      enqueue.assign({ countdowns: { ...context.countdowns, [event.name]: remaining } });
      enqueue.emit({ type: 'countdown', name: event.name, remaining });
    }),
    stopCountdown: assign(({ context, event }) => {
      assertEvent(event, 'countdown.stop');
      return { countdowns: without(context.countdowns, event.name) };
    }),
    startInterval: assign(({ context, event }) => {
      assertEvent(event, 'interval.start');
      const every = Math.floor(event.time);
      return { intervals: { ...context.intervals, [event.name]: { every, next: every } } };
    }),
    stopInterval: assign(({ context, event }) => {
      assertEvent(event, 'interval.stop');
      return { intervals: without(context.intervals, event.name) };
    }),
    setAlarm: assign(({ context, event }) => {
      assertEvent(event, 'alarm.set');
      return { alarms: { ...context.alarms, [event.name]: timestampOf(event.timestamp)! } };
    }),
    clearAlarm: assign(({ context, event }) => {
      assertEvent(event, 'alarm.clear');
      return { alarms: without(context.alarms, event.name) };
    }),
    configure: assign(({ event }) => {
      assertEvent(event, 'configure');
      return { threshold: event.threshold };
    }),
  },
}).createMachine({
  id: 'watchman',
  context: ({ input }) => ({
    now: 0,
    lastActivity: 0,
    idleSeconds: 0,
    threshold: checkThreshold(input?.threshold) === null ? input!.threshold! : WATCHMAN_IDLE_THRESHOLD,
    idle: false,
    countdowns: {},
    intervals: {},
    alarms: {},
  }),
  // The idle time counts from the start, as if the visitor had just acted.
  entry: ['readClock', 'recordActivity'],
  initial: 'running',
  states: {
    running: {
      after: { tick: { target: 'running', reenter: true, actions: ['readClock', 'tick'] } },
      on: {
        activity: { actions: ['readClock', 'recordActivity'] },
        'countdown.start': { guard: 'accepted', actions: 'startCountdown' },
        'countdown.stop': { guard: 'accepted', actions: 'stopCountdown' },
        'interval.start': { guard: 'accepted', actions: 'startInterval' },
        'interval.stop': { guard: 'accepted', actions: 'stopInterval' },
        'alarm.set': { guard: 'accepted', actions: 'setAlarm' },
        'alarm.clear': { guard: 'accepted', actions: 'clearAlarm' },
        configure: { guard: 'accepted', actions: 'configure' },
      },
    },
  },
});

export type WatchmanMachine = typeof watchmanMachine;
