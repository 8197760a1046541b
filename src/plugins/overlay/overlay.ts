import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { overlayMachine, overlayMessages, overlayRefusal, OVERLAY_POSITIONS } from '../../../machines/overlay.machine.ts';
import type { OverlayEntry, OverlayEvent } from '../../../machines/overlay.machine.ts';

export interface OverlayOpenOptions {
  /** HTML string (parsed inertly) or a DOM node. */
  html?: unknown;
  /** A DOM node (same as `html`). */
  content?: unknown;
  title?: string;
  subtitle?: string;
  position?: 'left' | 'right' | 'center';
  /** Dimming backdrop; default true. */
  modal?: boolean;
  /** Reserve the overlay: only this commander (or the App) may close or change it. */
  immutable?: boolean;
  group?: string;
}

export type OverlayActor = ActorRefFrom<typeof overlayMachine>;

/**
 * The Overlay plugin: one modal view shared by plugins (the channel selector, the mobile sidebar,
 * offers …), centred, left or right, with an optional backdrop. Escape or a backdrop click closes it
 * (as the Overlay itself, so a reserved overlay stays). Reservation and history follow the machine.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Overlay');
  const actor: OverlayActor = createActor(overlayMachine).start();
  const send = (event: OverlayEvent) => {
    const refusal = overlayRefusal(actor.getSnapshot().context, event);
    if (refusal) {
      if (event.type === 'close' && actor.getSnapshot().context.current) {
        plugin.publish('closeAttempt', { commander: event.commander, owner: actor.getSnapshot().context.current!.owner });
      }
      throw new Error(refusal);
    }
    const owner = actor.getSnapshot().context.current?.owner ?? '';
    actor.send(event);
    const current = actor.getSnapshot().context.current;
    if (current && event.type !== 'immutable' && event.type !== 'mutable') {
      app.ensureElement('la-overlay');
      plugin.publish('opened', { owner: current.owner, title: current.title });
    }
    if (!current) plugin.publish('closed', { owner });
  };

  plugin.registerCommand('open', (options, { commander }) => {
    const o = (options ?? {}) as OverlayOpenOptions;
    const entry: OverlayEntry = {
      content: o.content ?? o.html,
      title: typeof o.title === 'string' ? o.title : undefined,
      subtitle: typeof o.subtitle === 'string' ? o.subtitle : undefined,
      position: OVERLAY_POSITIONS.includes(o.position as 'left') ? o.position! : 'center',
      modal: o.modal !== false,
      group: typeof o.group === 'string' ? o.group : 'default',
      owner: commander,
    };
    if (entry.content === undefined) throw new Error(overlayMessages.noContent);
    send({ type: 'open', entry, immutable: o.immutable === true, commander });
  });
  for (const type of ['close', 'immutable', 'mutable', 'back'] as const) {
    plugin.registerCommand(type, (_options, { commander }) => send({ type, commander }));
  }
  app.bus.subscribe('App.closeAll', () => {
    if (actor.getSnapshot().context.current) send({ type: 'close', commander: 'App' });
  });

  app.provide('Overlay', actor);
  plugin.ready();
}
