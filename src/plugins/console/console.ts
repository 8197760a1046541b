import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { consoleMachine, consoleMessages } from '../../../machines/console.machine.ts';
import type { ConsoleContext, ConsoleSaved } from '../../../machines/console.machine.ts';

export type ConsoleActor = ActorRefFrom<typeof consoleMachine>;

export const CONSOLE_WIDTH_PX = 420;
/** Read by src/app/restore.ts; host-only, so no sibling subdomain can open the console here. */
const OPEN_COOKIE = 'console_open';
/**
 * The console's form, watches and position (spec §9), JSON in one host-only cookie: a sibling subdomain
 * may not choose what the console offers to run here. Only prefilled: nothing in it runs by itself.
 */
export const STATE_COOKIE = 'console_state';
/** Options longer than this are not kept (a cookie holds about 4 KB). */
const KEPT_OPTIONS_CHARS = 1500;
/** A drag writes the cookie once it pauses, not at every pointer move. */
const SAVE_DELAY_MS = 250;

const saved = (context: ConsoleContext): ConsoleSaved => ({
  plugin: context.plugin,
  command: context.command,
  options: context.options.length > KEPT_OPTIONS_CHARS ? '' : context.options,
  eventPlugin: context.eventPlugin,
  event: context.event,
  watches: context.watches,
  position: context.position,
});

/** The saved state, or {} when there is none or it does not parse (the machine checks each field). */
export function readSaved(app: App): ConsoleSaved {
  try {
    const value: unknown = JSON.parse(app.cookies.get(STATE_COOKIE, { hostOnly: true }) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as ConsoleSaved) : {};
  } catch {
    return {};
  }
}

/**
 * The Console plugin: owns the console actor, answers Console.* commands, runs the commands typed
 * into the window on the bus, shows it every event (it logs and lights the watched ones), docks the
 * window and remembers whether it was open (a host-only cookie), reopening it on the next page, and
 * its form, watches and position (another). Its code loads only when the site sets `console.enabled`
 * (src/boot.ts).
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
    { input: readSaved(app) },
  ).start();

  // Every event but the console's own: the machine keeps the names (the event dropdown) and logs the watched.
  app.bus.events('*').subscribe((event) => {
    if (event.plugin !== 'Console') actor.send({ type: 'watch.event', name: event.name, data: event.data });
  });

  let kept = JSON.stringify(saved(actor.getSnapshot().context));
  let saving: ReturnType<typeof setTimeout> | undefined;
  actor.subscribe((snapshot) => {
    const now = JSON.stringify(saved(snapshot.context));
    if (now === kept) return;
    kept = now;
    clearTimeout(saving);
    saving = setTimeout(() => app.cookies.set(STATE_COOKIE, kept, { hostOnly: true }), SAVE_DELAY_MS);
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
    const { watches, ...fields } = options;
    actor.send({ type: 'state.restore', saved: fields });
    for (const pattern of Array.isArray(watches) ? watches : []) {
      if (typeof pattern === 'string') actor.send({ type: 'watch.add', pattern });
    }
  });
  // As the console was on this host's last page: its form, watches and position, and open if it was.
  plugin.registerCommand('restore', () => {
    actor.send({ type: 'state.restore', saved: readSaved(app) });
    if (app.cookies.get(OPEN_COOKIE, { hostOnly: true }) === '1' && actor.getSnapshot().can({ type: 'open' })) actor.send({ type: 'open' });
  });
  app.bus.subscribe('App.closeAll', () => {
    if (actor.getSnapshot().can({ type: 'close' })) actor.send({ type: 'close' });
  });

  app.provide('Console', actor);
  plugin.ready();
}
