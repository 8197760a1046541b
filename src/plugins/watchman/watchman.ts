import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { watchmanMachine, watchmanRefusal, WATCHMAN_TICK_MS } from '../../../machines/watchman.machine.ts';
import type { WatchmanEvent } from '../../../machines/watchman.machine.ts';

/** `Watchman.countdown` / `Watchman.interval`: a named timer of `time` seconds (at least 1). */
export interface WatchmanTimerOptions {
  /** Names are shared by every commander: prefix yours with your plugin's name ('WebChat.invite'). */
  name: string;
  /** Seconds: a finite number, at least 1. */
  time: number;
}

/** `Watchman.alarm`: rings once at `timestamp` (epoch ms or a Date). */
export interface WatchmanAlarmOptions {
  /** Shared by every commander, as a timer's name. */
  name: string;
  /** Epoch ms (a finite number) or a valid Date. */
  timestamp: number | Date;
}

/** `Watchman.stopCountdown`, `stopInterval`, `clearAlarm`: the timer to end (nothing happens when none runs). */
export interface WatchmanNameOptions {
  /** The name the timer was started with. */
  name: string;
}

/** `Watchman.configure`: seconds without activity that make the visitor idle (default 5, at least 1). */
export interface WatchmanConfigureOptions {
  /** Seconds: a finite number, at least 1. */
  threshold: number;
}

export type WatchmanActor = ActorRefFrom<typeof watchmanMachine>;

/** The page events that count as the visitor's activity (listened to on the document, capture, passive). */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'focusin'] as const;

/**
 * Sends `activity` for the page's pointer, key, scroll, touch and focus events, at most once per tick
 * (so a moving pointer costs one event a second). Capture listeners on the document see events inside
 * shadow roots and scrolls of any element; passive ones never delay scrolling. Returns the removal.
 */
export function watchActivity(doc: Document, onActivity: () => void, minGapMs = WATCHMAN_TICK_MS): () => void {
  const view = doc.defaultView;
  const now = () => view?.performance.now() ?? Date.now();
  let last = -Infinity;
  const listener = () => {
    const t = now();
    if (t - last < minGapMs) return;
    last = t;
    onActivity();
  };
  const options: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) doc.addEventListener(type, listener, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) doc.removeEventListener(type, listener, options);
  };
}

/** Options as a record (anything else reads as empty, so the checks name what is missing). */
const record = (options: unknown) => (typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {});

/**
 * The Watchman plugin, the idle timer service (web-chat.md §2, §5, §9): owns the watchman actor, feeds it
 * the page's activity and publishes what it emits — `Watchman.idle`, `active`, `countdown`,
 * `countdownDone`, `interval`, `alarm`. The machine's 1-second `tick` is not published: no consumer needs
 * a bus event every second (it would wake every `*` subscriber); `Watchman.getIdleTime` answers on demand.
 * Lazy: it starts watching on its first command (the chat's invite sends `configure` or a countdown).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Watchman');
  const actor: WatchmanActor = createActor(watchmanMachine, { input: {} }).start();

  actor.on('*', (event) => {
    switch (event.type) {
      case 'idle':
        return plugin.publish('idle', { seconds: event.seconds });
      case 'active':
        return plugin.publish('active', undefined);
      case 'countdown':
        return plugin.publish('countdown', { name: event.name, remaining: event.remaining });
      case 'countdownDone':
        return plugin.publish('countdownDone', { name: event.name });
      case 'interval':
        return plugin.publish('interval', { name: event.name });
      case 'alarm':
        return plugin.publish('alarm', { name: event.name });
      default:
        return undefined; // 'tick' (see above)
    }
  });

  /** Sends the event, or rejects the command with the check's message. */
  const send = (event: WatchmanEvent) => {
    const refusal = watchmanRefusal(event);
    if (refusal) throw new Error(refusal);
    actor.send(event);
  };

  plugin.registerCommand('countdown', (options) => {
    const o = record(options);
    send({ type: 'countdown.start', name: o.name as string, time: o.time as number });
  });
  plugin.registerCommand('stopCountdown', (options) => send({ type: 'countdown.stop', name: record(options).name as string }));
  plugin.registerCommand('interval', (options) => {
    const o = record(options);
    send({ type: 'interval.start', name: o.name as string, time: o.time as number });
  });
  plugin.registerCommand('stopInterval', (options) => send({ type: 'interval.stop', name: record(options).name as string }));
  plugin.registerCommand('alarm', (options) => {
    const o = record(options);
    send({ type: 'alarm.set', name: o.name as string, timestamp: o.timestamp as number });
  });
  plugin.registerCommand('clearAlarm', (options) => send({ type: 'alarm.clear', name: record(options).name as string }));
  plugin.registerCommand('configure', (options) => send({ type: 'configure', threshold: record(options).threshold as number }));
  plugin.registerCommand('getIdleTime', () => actor.getSnapshot().context.idleSeconds);

  watchActivity(app.window.document, () => actor.send({ type: 'activity' }));
  plugin.ready();
}
