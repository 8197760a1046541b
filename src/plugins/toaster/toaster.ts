import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { toasterMachine, toasterRefusal, TOASTER_CLOSE_MS, TOASTER_POSITIONS } from '../../../machines/toaster.machine.ts';
import type { ToasterButton, ToasterEntry, ToasterEvent } from '../../../machines/toaster.machine.ts';

export interface ToasterOpenOptions {
  title?: string;
  icon?: string;
  /** Plain text. */
  body?: string;
  /** Custom content: an HTML string (sanitised) or a DOM node. */
  html?: unknown;
  content?: unknown;
  buttons?: ToasterButton[];
  position?: 'left' | 'right' | 'center';
  /** Reserve the toaster: only this commander (or the App) may close or replace it. */
  immutable?: boolean;
}

export type ToasterActor = ActorRefFrom<typeof toasterMachine>;

const isButton = (b: unknown): b is ToasterButton =>
  typeof b === 'object' && b !== null && typeof (b as ToasterButton).id === 'string' && typeof (b as ToasterButton).text === 'string';

/**
 * The Toaster plugin: the docked bottom panel shared by plugins (chat invite, restore timeout, offers …).
 * Generic content (title, icon, body, buttons) or custom content; reservation as for the overlay; it
 * slides down on close (500 ms, none under `prefers-reduced-motion`).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Toaster');
  const reduced = app.window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  const actor: ToasterActor = createActor(toasterMachine, { input: { closeMs: reduced ? 0 : TOASTER_CLOSE_MS } }).start();

  let shownOwner: string | null = null;
  actor.subscribe((snapshot) => {
    const owner = snapshot.matches('closed') ? null : (snapshot.context.current?.owner ?? null);
    if (owner === null && shownOwner !== null) plugin.publish('closed', { owner: shownOwner });
    shownOwner = owner;
  });

  const send = (event: ToasterEvent) => {
    const snapshot = actor.getSnapshot();
    const refusal = toasterRefusal(snapshot.context, event, snapshot.matches('closing'));
    if (refusal) {
      if (event.type === 'close' && snapshot.matches('open')) {
        plugin.publish('closeAttempt', { commander: event.commander, owner: snapshot.context.current!.owner });
      }
      throw new Error(refusal);
    }
    actor.send(event);
    if (event.type === 'open') {
      app.ensureElement('la-toaster');
      plugin.publish('opened', { owner: event.entry.owner, title: event.entry.title });
    }
  };

  plugin.registerCommand('open', (options, { commander }) => {
    const o = (options ?? {}) as ToasterOpenOptions;
    const entry: ToasterEntry = {
      title: typeof o.title === 'string' ? o.title : undefined,
      icon: typeof o.icon === 'string' ? o.icon : undefined,
      body: typeof o.body === 'string' ? o.body : undefined,
      content: o.content ?? o.html,
      buttons: Array.isArray(o.buttons) ? o.buttons.filter(isButton) : [],
      position: TOASTER_POSITIONS.includes(o.position as 'left') ? o.position! : 'right',
      owner: commander,
    };
    send({ type: 'open', entry, immutable: o.immutable === true, commander });
  });
  plugin.registerCommand('close', (_options, { commander }) => send({ type: 'close', commander }));
  app.bus.subscribe('App.closeAll', () => {
    if (actor.getSnapshot().matches('open')) send({ type: 'close', commander: 'App' });
  });

  app.provide('Toaster', { actor, send, buttonClicked: (id: string, owner: string) => plugin.publish('buttonClicked', { id, owner }) });
  plugin.ready();
}

/** What `<la-toaster>`'s view receives: the actor, and the plugin's own close and button report. */
export interface ToasterController {
  actor: ToasterActor;
  send(event: ToasterEvent): void;
  buttonClicked(id: string, owner: string): void;
}
