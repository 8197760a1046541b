import { assign, createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { callUsMachine, callUsMessages } from '../../../machines/call-us.machine.ts';
import type { CallUsEvent } from '../../../machines/call-us.machine.ts';
import { readServerTime, serverNow } from '../shared/office-hours.ts';
// Its section's reader is shared with the ChannelSelector plugin (the helpline tile's status).
import { readCallUsSection } from '../shared/call-us-config.ts';

export type CallUsActor = ActorRefFrom<typeof callUsMachine>;

/**
 * The CallUs plugin: `CallUs.open` shows `<la-call-us>` (the numbers, the opening hours, whether the
 * helpline is open now by `callus.openingHours` and the server's clock, and the co-browse offer) inside
 * the shared overlay; `CallUs.close`, Escape, the backdrop or the panel's Cancel
 * close it. It follows co-browse and chat on the bus for the co-browse footer; Start Co-browse runs
 * `Cobrowse.start` and closes the panel once it resolves.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('CallUs');
  const commander = { commander: 'CallUs' };
  const actor: CallUsActor = createActor(
    callUsMachine.provide({
      // The helpline's status follows the server's clock (the statistics answer's time) when known.
      actions: { readClock: assign({ now: () => serverNow() }) },
      actors: {
        // The panel's warning dialog was the visitor's agreement: co-browse does not ask again.
        startCobrowse: fromPromise(() =>
          app.bus.command('Cobrowse.start', { agreed: true }, commander).catch((error: unknown) => {
            console.warn(`[live-assist] Cobrowse.start: ${(error as Error)?.message ?? error}`);
            throw error;
          }),
        ),
      },
    }),
  ).start();

  const follow = (name: Parameters<typeof app.bus.subscribe>[0], type: CallUsEvent['type']) =>
    app.bus.subscribe(name, () => actor.send({ type } as CallUsEvent));
  follow('Cobrowse.online', 'cobrowse.online');
  follow('Cobrowse.offline', 'cobrowse.offline');
  follow('Cobrowse.started', 'cobrowse.started');
  follow('Cobrowse.stopped', 'cobrowse.stopped');
  follow('WebChat.agentConnected', 'agent.connected');
  follow('WebChat.agentDisconnected', 'agent.disconnected');
  // Events published before this chunk loaded are missed: ask plugins that are already running.
  const running = (name: string, command: string) => app.bus.describe().some((p) => p.name === name && p.ready && p.commands.includes(command));
  // Co-browse's status, asked again at each open: where the site configured co-browse this loads its plugin
  // (a small chunk; its recorder loads only when a session starts).
  const cobrowseStatus = () => {
    if (!running('Cobrowse', 'getState') && Object.keys(app.section('cobrowse')).length === 0) return;
    void app.bus.command('Cobrowse.getState', undefined, commander).then(
      ({ online, started }) => {
        actor.send({ type: online ? 'cobrowse.online' : 'cobrowse.offline' });
        if (started) actor.send({ type: 'cobrowse.started' });
      },
      () => undefined,
    );
  };
  if (running('WebChat', 'getState')) {
    void app.bus.command('WebChat.getState', undefined, commander).then(
      ({ agentConnected }) => {
        if (agentConnected) actor.send({ type: 'agent.connected' });
      },
      () => undefined,
    );
  }

  let element: HTMLElement | undefined;
  let wasOpen = false;
  actor.subscribe((snapshot) => {
    const open = snapshot.matches('open');
    if (open === wasOpen) return;
    wasOpen = open;
    plugin.publish(open ? 'opened' : 'closed', undefined);
    // Closed by the panel itself (Cancel, co-browse started): the overlay goes too.
    if (!open) void app.bus.command('Overlay.close', undefined, commander).catch(() => undefined);
  });

  plugin.registerCommand('open', async () => {
    if (actor.getSnapshot().matches('open')) throw new Error(callUsMessages.alreadyOpened);
    const event = { type: 'open' as const, config: readCallUsSection(app.section('callus')) };
    if (!actor.getSnapshot().can(event)) throw new Error(callUsMessages.noContacts);
    element ??= app.window.document.createElement('la-call-us');
    await app.bus.command('Overlay.open', { title: app.t.t('callus.title'), content: element }, commander);
    actor.send(event);
    cobrowseStatus();
    // Open or closed now is the server's hour: read its clock, then the status again.
    if (event.config.openingHours) void readServerTime(app, 'CallUs').then((known) => known && actor.send({ type: 'clock.read' }));
  });
  plugin.registerCommand('close', () => {
    if (!actor.getSnapshot().can({ type: 'close' })) throw new Error(callUsMessages.alreadyClosed);
    actor.send({ type: 'close' });
  });
  // The overlay closed (Escape, backdrop, App.closeAll) or shows another plugin's view: the panel is closed.
  const closed = () => actor.getSnapshot().matches('open') && actor.send({ type: 'close' });
  app.bus.subscribe('Overlay.closed', closed);
  app.bus.subscribe('Overlay.opened', (event) => event.data.owner !== 'CallUs' && closed());

  app.provide('CallUs', actor);
  plugin.ready();
}
