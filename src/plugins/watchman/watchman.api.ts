/**
 * The Watchman plugin's public vocabulary, type-only: its bus commands and events. `src/index.ts`
 * re-exports this module so the published types declare them (see src/bus/types.ts).
 */
import type { WatchmanAlarmOptions, WatchmanConfigureOptions, WatchmanNameOptions, WatchmanTimerOptions } from './watchman.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /** Starts (or restarts) a named countdown of `time` seconds: `Watchman.countdown` each second, then `Watchman.countdownDone`. */
    'Watchman.countdown': { options: WatchmanTimerOptions; result: void };
    /** Stops a countdown: no `countdownDone` comes. */
    'Watchman.stopCountdown': { options: WatchmanNameOptions; result: void };
    /** Starts (or restarts) a named interval: `Watchman.interval` every `time` seconds until stopped. */
    'Watchman.interval': { options: WatchmanTimerOptions; result: void };
    /** Stops an interval. */
    'Watchman.stopInterval': { options: WatchmanNameOptions; result: void };
    /** Sets (or moves) a named alarm: `Watchman.alarm` once at the time-stamp (on the first tick after it). */
    'Watchman.alarm': { options: WatchmanAlarmOptions; result: void };
    /** Clears an alarm before it rings. */
    'Watchman.clearAlarm': { options: WatchmanNameOptions; result: void };
    /** Sets the idle threshold in seconds (default 5). */
    'Watchman.configure': { options: WatchmanConfigureOptions; result: void };
    /** Whole seconds since the visitor's last activity, as of the last tick. */
    'Watchman.getIdleTime': { options: void; result: number };
  }
  interface Events {
    /** The visitor has been idle for the threshold (once; again only after activity). */
    'Watchman.idle': { seconds: number };
    /** The first activity after `Watchman.idle`. */
    'Watchman.active': void;
    /** A countdown's seconds remaining: at its start, then each second down to 1. */
    'Watchman.countdown': { name: string; remaining: number };
    /** A countdown reached 0 (after `remaining: 1`). */
    'Watchman.countdownDone': { name: string };
    /** An interval's `time` seconds passed. */
    'Watchman.interval': { name: string };
    /** An alarm's time-stamp has come (once). */
    'Watchman.alarm': { name: string };
  }
}
