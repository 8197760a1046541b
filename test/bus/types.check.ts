import { Bus } from '../../src/bus/index.ts';
import type { DataOf, EventOf } from '../../src/bus/index.ts';
import type { App } from '../../src/app/app.ts';
import type { LiveAssistApi } from '../../src/index.ts';
import type { CallbackReportForm, LifecycleReport } from '../../machines/callback.machine.ts';
import type { CallbackActor } from '../../src/plugins/callback/callback.ts';
import type { CalendarSelection } from '../../src/plugins/calendar/calendar.ts';

// Compile-time checks, not a runtime test: `npm run typecheck` compiles this file (tsconfig.json
// includes test/**), and each @ts-expect-error must meet a compile error, so a misspelt command,
// event or payload that slipped through the types fails the type check. The vocabulary is the real
// plugins' (their `.api.ts` modules, all part of the program). The same checks against the built
// package, as a consumer sees it: test/types/consumer/app.ts. (Exported only so the unused-locals
// check keeps them.)

/** true only when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export async function commandChecks(bus: Bus): Promise<void> {
  // @ts-expect-error misspelt command name
  await bus.command('WindowManager.getRegistri');
  // @ts-expect-error wrong options type
  await bus.command('App.setTheme', { theme: 7 });
  // @ts-expect-error required options left out
  await bus.command('WindowManager.dock');
  // @ts-expect-error required options left out, even with a sender
  await bus.command('Sidebar.addButton', undefined, { commander: 'App' });
  // Options that admit undefined may be left out.
  await bus.command('Callback.open');
  await bus.command('Callback.open', undefined, { commander: 'App' });
  await bus.command('Callback.open', { desiredTime: 'now' }, { commander: 'App' });
  const registry = await bus.command('WindowManager.getRegistry');
  const position: number = registry[0]!.position;
  void position;

  // The one untyped entry, for names that come from configuration: any name, an unknown answer.
  const answer = await bus.commandByName('Anything.goes', { any: 'options' }, { commander: 'Sidebar' });
  // @ts-expect-error its answer is unknown until checked
  const text: string = answer;
  void text;
  // @ts-expect-error the sender is not optional there: a dynamic command says who sends it
  await bus.commandByName('Callback.open', undefined);
}

export function eventChecks(bus: Bus): void {
  // @ts-expect-error misspelt event name
  bus.subscribe('App.redy', () => undefined);
  // @ts-expect-error misspelt plugin in a pattern
  bus.subscribe('Calback.*', () => undefined);
  bus.subscribe('App.ready', (event) => {
    const lang: string = event.data.lang;
    return lang;
  });
  // `Plugin.*` is the union of that plugin's events, discriminated by name.
  bus.subscribe('Callback.*', (event) => {
    const report: LifecycleReport = event.data;
    const plugin: 'Callback' = event.plugin;
    // @ts-expect-error no Sidebar event reaches a Callback.* subscriber
    if (event.name === 'Sidebar.opened') return;
    void report;
    void plugin;
  });
  bus.subscribe('Calendar.*', (event) => {
    if (event.name === 'Calendar.selected') {
      const date: string = event.data.date;
      void date;
    }
    // @ts-expect-error not every Calendar event carries a selection
    void event.data.date;
  });
  const callbackData: Equal<DataOf<'Callback.*'>, LifecycleReport<CallbackReportForm>> = true;
  const calendarData: Equal<DataOf<'Calendar.*'>, void | CalendarSelection | { message: string }> = true;
  const exact: Equal<EventOf<'Calendar.selected'>, { name: 'Calendar.selected'; plugin: 'Calendar'; data: CalendarSelection }> = true;
  void [callbackData, calendarData, exact];

  const plugin = bus.registerPlugin('WindowManager');
  // @ts-expect-error a plugin registers only its own declared commands
  plugin.registerCommand('open', () => undefined);
  // @ts-expect-error a plugin publishes only its own declared events
  plugin.publish('opened', undefined);
}

export async function pageApiChecks(api: LiveAssistApi): Promise<void> {
  const state = await api.command('Sidebar.getState');
  const mobile: boolean = state.mobile;
  void mobile;
  // @ts-expect-error the page cannot pose as another commander
  await api.command('Callback.open', undefined, { commander: 'App' });
  // @ts-expect-error required options left out
  await api.command('StatsService.getStats');
  api.subscribe('Callback.*', (event) => void (event.data satisfies LifecycleReport));
}

export async function controllerChecks(app: App, actor: CallbackActor): Promise<void> {
  app.provide('Callback', actor);
  // @ts-expect-error a controller of the wrong type
  app.provide('Callback', { renders: 0 });
  // @ts-expect-error a plugin that provides no controller
  app.provide('Calback', actor);
  const callback: CallbackActor = await app.whenProvided('Callback');
  // @ts-expect-error the Sidebar's controller is not the Callback's
  const wrong: CallbackActor = await app.whenProvided('Sidebar');
  // The untyped lookup for generic code (the element host): unknown until narrowed.
  // @ts-expect-error unknown is not a CallbackActor
  const unknownController: CallbackActor = await app.whenProvidedByName('Callback');
  void [callback, wrong, unknownController];
}
