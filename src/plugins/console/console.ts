import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { consoleMachine, consoleMessages } from '../../../machines/console.machine.ts';

export type ConsoleActor = ActorRefFrom<typeof consoleMachine>;

export const CONSOLE_WIDTH_PX = 420;
/** Read by src/app/restore.ts; host-only, so no sibling subdomain can open the console here. */
const OPEN_COOKIE = 'console_open';

/**
 * The Console plugin: owns the console actor, answers Console.* commands, runs the commands typed
 * into the window on the bus, forwards watched events, docks the window and remembers whether it was
 * open (a host-only cookie), reopening it on the next page. Its code loads only when the site sets
 * `console.enabled` (src/boot.ts).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Console');
  const actor: ConsoleActor = createActor(
    consoleMachine.provide({
      actors: {
        runCommand: fromPromise(({ input }) =>
          // Whatever the visitor typed is sent as the console's own command, so permissions apply.
          app.bus.commandByName(input.name, input.options, { commander: 'Console' }),
        ),
      },
    }),
    { input: {} },
  ).start();

  let watching: Array<() => void> = [];
  let watched: readonly string[] = [];
  actor.subscribe((snapshot) => {
    const patterns = snapshot.context.watches;
    if (patterns === watched) return;
    watched = patterns;
    watching.forEach((off) => off());
    // The visitor types the patterns, so they are data: the bus's untyped event stream, not `subscribe`.
    watching = patterns.map((pattern) => {
      const subscription = app.bus.events(pattern).subscribe((event) => {
        if (event.plugin !== 'Console') actor.send({ type: 'watch.event', name: event.name, data: event.data });
      });
      return () => subscription.unsubscribe();
    });
  });

  let wasOpen = false;
  actor.subscribe((snapshot) => {
    const open = snapshot.matches('open');
    if (open === wasOpen) return;
    wasOpen = open;
    if (open) {
      app.cookies.set(OPEN_COOKIE, '1', { hostOnly: true });
      app.ensureElement('la-console');
      void app.bus.command('WindowManager.dock', { plugin: 'Console', width: CONSOLE_WIDTH_PX }, { commander: 'Console' });
      plugin.publish('opened', undefined);
    } else {
      app.cookies.remove(OPEN_COOKIE, { hostOnly: true });
      void app.bus.command('WindowManager.undock', { plugin: 'Console' }, { commander: 'Console' });
      plugin.publish('closed', undefined);
    }
  });

  plugin.registerCommand('open', () => {
    if (!actor.getSnapshot().can({ type: 'open' })) throw new Error(consoleMessages.alreadyOpened);
    actor.send({ type: 'open' });
  });
  plugin.registerCommand('close', () => {
    if (!actor.getSnapshot().can({ type: 'close' })) throw new Error(consoleMessages.alreadyClosed);
    actor.send({ type: 'close' });
  });
  plugin.registerCommand('configure', (options) => {
    if (!options || typeof options !== 'object' || Object.keys(options).length === 0) {
      throw new Error(consoleMessages.invalidConfiguration);
    }
    for (const field of ['plugin', 'command', 'options'] as const) {
      const value = options[field];
      if (typeof value === 'string') actor.send({ type: 'form.change', field, value });
    }
    for (const pattern of options.watches ?? []) actor.send({ type: 'watch.add', pattern });
  });
  app.bus.subscribe('App.closeAll', () => {
    if (actor.getSnapshot().can({ type: 'close' })) actor.send({ type: 'close' });
  });

  app.provide('Console', actor);
  plugin.ready();
}
