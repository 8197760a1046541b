import { assign, createActor, fromCallback, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { callbackMachine, callbackMessages, loadPhoneRules, type CallbackEvent } from '../../../machines/callback.machine.ts';
import { phoneCheck } from '../../../machines/phone.ts';
import { checkCallbackConfig, createCallbackService } from '../../services/callback.ts';
import { callbackServiceConfig, callbackSettings, readCallbackSection } from './callback-config.ts';
import { readServerTime, serverNow } from '../shared/office-hours.ts';

export type CallbackActor = ActorRefFrom<typeof callbackMachine>;

export const CALLBACK_WIDTH_PX = 360;

/**
 * The Callback plugin: owns the callback window's actor, answers Callback.* commands (rejections from
 * the machine's `can`), publishes the lifecycle report with every transition event, docks the window,
 * submits through `CallbackService.schedule` and takes the calendar's `Calendar.selected` time.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Callback');
  const section = () => readCallbackSection(app.section('callback'));
  const serviceConfig = () => callbackServiceConfig(section());
  const actor: CallbackActor = createActor(
    callbackMachine.provide({
      // Open or closed (`callback.openingHours`) is the server's hour when the statistics service told it.
      actions: { readClock: assign({ now: () => serverNow() }) },
      actors: {
        submitCallback: fromPromise(({ input }) => app.bus.command('CallbackService.schedule', input, { commander: 'Callback' })),
        // The queue's wait is asked for once the browser is idle after the open (1 s at the latest): its
        // answer's render, with the tab's first number format for "3 minutes", stays out of the open's
        // frames, and ASAP is offered meanwhile. Closed first: the idle callback is cancelled, nothing asked.
        fetchWait: fromPromise(async ({ signal }) => {
          await app.idle(1000, signal);
          return createCallbackService({ ...serviceConfig(), lang: () => app.t.lang }).wait();
        }),
        // The number's check (libphonenumber-js, 118 KB, its own chunk) is not part of the open: it is
        // imported once the browser is idle after the first frame (1 s at the latest), or at once when a
        // submit waits for it (`soon`); a window closed first cancels the wait. Loaded, it answers at once.
        loadPhoneRules: fromCallback<CallbackEvent, { soon: boolean }>(({ sendBack, input }) => {
          const load = () => loadPhoneRules(sendBack);
          if (phoneCheck() || input.soon) {
            load();
            return undefined;
          }
          const stop = new AbortController();
          void app.idle(1000, stop.signal).then(load);
          return () => stop.abort();
        }),
      },
    }),
    { input: { settings: callbackSettings(section()) } },
  ).start();

  // The calendar is not part of the form's open (its chunk and luxon: src/load-graph.ts AFTER_OPEN). Where
  // the form offers a time to pick, its code is loaded once the browser is idle after the open (1 s at
  // the latest), so it opens at once when the visitor asks for it; a window closed first loads nothing.
  const loadCalendarWhenIdle = () => {
    if (!actor.getSnapshot().context.settings.scheduledCallback) return;
    void app.idle(1000).then(() => {
      if (!actor.getSnapshot().matches('closed')) app.bus.load('Calendar').catch(() => undefined); // a later Calendar.open tries again
    });
  };
  // Whether the calendar is open (its own events): the window's close closes it, and never loads it to do so.
  let calendarOpen = false;
  app.bus.subscribe('Calendar.opened', () => void (calendarOpen = true));
  app.bus.subscribe('Calendar.closed', () => void (calendarOpen = false));

  actor.on('*', (event) => {
    if (event.type === 'opened') {
      app.ensureElement('la-callback');
      void app.bus.command('WindowManager.dock', { plugin: 'Callback', width: CALLBACK_WIDTH_PX }, { commander: 'Callback' });
      loadCalendarWhenIdle();
    }
    if (event.type === 'closed') {
      void app.bus.command('WindowManager.undock', { plugin: 'Callback' }, { commander: 'Callback' });
      if (calendarOpen) void app.bus.command('Calendar.close', undefined, { commander: 'Callback' }).catch(() => undefined);
    }
    plugin.publish(event.type, event.report);
  });

  plugin.registerCommand('open', async (options) => {
    const problem = checkCallbackConfig(serviceConfig());
    if (problem) throw new Error(problem === 'Invalid configuration' ? callbackMessages.invalidConfiguration : callbackMessages.apiNotAvailable);
    const event = { type: 'open' as const, ...(options && typeof options === 'object' ? options : {}) };
    if (!actor.getSnapshot().can(event)) throw new Error(callbackMessages.alreadyOpened);
    // With opening hours the form's first choice (ASAP or a date) depends on the server's hour: read it first.
    if (actor.getSnapshot().context.settings.openingHours) await readServerTime(app, 'Callback');
    if (!actor.getSnapshot().can(event)) throw new Error(callbackMessages.alreadyOpened);
    actor.send(event);
  });
  plugin.registerCommand('close', () => {
    if (actor.getSnapshot().matches('closed')) throw new Error(callbackMessages.alreadyClosed);
    actor.send({ type: 'close', force: true });
  });
  // Callback.minimize toggles (contact-widgets.md §4): minimise an open window, restore a minimised one.
  plugin.registerCommand('minimize', () => {
    const snapshot = actor.getSnapshot();
    const event = { type: snapshot.context.minimized ? ('restore' as const) : ('minimize' as const) };
    if (!snapshot.can(event)) throw new Error(callbackMessages.notOpen);
    actor.send(event);
  });
  app.bus.subscribe('Calendar.selected', (event) => {
    if (actor.getSnapshot().can({ type: 'schedule.time', date: event.data.date })) actor.send({ type: 'schedule.time', date: event.data.date });
  });
  app.bus.subscribe('App.closeAll', () => {
    if (!actor.getSnapshot().matches('closed')) actor.send({ type: 'close', force: true });
  });

  app.provide('Callback', actor);
  plugin.ready();
}
