import { createActor } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { App } from '../../app/app.ts';
import { offersMachine, offersMessages, readOffer } from '../../../machines/offers.machine.ts';
import type { OfferInput, OffersEvent } from '../../../machines/offers.machine.ts';

export type OffersActor = ActorRefFrom<typeof offersMachine>;
export type OfferOptions = OfferInput;

/** What `<la-offer>`'s view receives: the actor, and the visitor's intents (timed by the plugin). */
export interface OffersController {
  actor: OffersActor;
  /** The call to action: runs its command (under the channel-command allow-list) and closes the offer. */
  cta(): void;
  dismiss(): void;
  video(playing: boolean): void;
  hover(inside: boolean): void;
  click(element: string): void;
}

const isEmpty = (value: unknown) => typeof value !== 'object' || value === null || Object.keys(value).length === 0;

/**
 * The Offers plugin: `Offers.open` shows `<la-offer>` inside the shared toaster (docked; always on a
 * phone) or overlay, `Offers.close` closes it, `Offers.configure` sets the offer `open` starts from (the
 * `offers` section too). The machine holds the rules and the metadata; this glue runs the call to action,
 * keeps the container and the offer in step, and publishes the machine's events with their metadata.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Offers');
  const meta = { commander: 'Offers' };
  const actor: OffersActor = createActor(offersMachine).start();
  let configured: OfferInput = { ...(app.section('offers') as OfferInput) };
  let element: HTMLElement | undefined;
  let container: 'Toaster' | 'Overlay' | null = null;

  actor.on('*', ({ type, ...data }) => plugin.publish(type, data));
  // Hidden by the machine (timeout, call to action, close): the container goes too.
  actor.subscribe((snapshot) => {
    if (container && !snapshot.hasTag('shown')) {
      const which = container;
      container = null;
      void app.bus.command(which === 'Overlay' ? 'Overlay.close' : 'Toaster.close', undefined, meta).catch(() => undefined);
    }
  });

  const send = (event: OffersEvent) => actor.send(event);
  const close = (reason: 'dismiss' | 'cta' | 'closeAll') => send({ type: 'close', reason, at: Date.now() });

  plugin.registerCommand('open', async (options) => {
    if (actor.getSnapshot().hasTag('shown') || !actor.getSnapshot().matches('closed')) {
      plugin.publish('error', { code: 'mediaBusy', message: offersMessages.alreadyOpen, actionID: actor.getSnapshot().context.offer?.actionID });
      throw new Error(offersMessages.alreadyOpen);
    }
    const input = { ...configured, ...(options ?? {}) } as OfferInput;
    if (isEmpty(input)) throw new Error(offersMessages.noData);
    const offer = readOffer(input, app.environment.value.mobile, (message) => console.warn(message));
    if (typeof offer === 'string') throw new Error(offer);
    element ??= app.window.document.createElement('la-offer');
    const which = offer.mode === 'overlay' ? 'Overlay' : 'Toaster';
    const title = offer.title ?? app.t.t('offers.label');
    const side = offer.position === 'left' || offer.position === 'right' ? offer.position : undefined;
    try {
      // Not reserved: the container's own close control, Escape and the backdrop dismiss the offer.
      await (which === 'Overlay'
        ? app.bus.command('Overlay.open', { title, content: element, position: side ?? 'center', modal: offer.modal }, meta)
        : app.bus.command('Toaster.open', { title, content: element, position: side ?? 'right' }, meta));
    } catch {
      throw new Error(offersMessages.couldNotOpen);
    }
    container = which;
    send({ type: 'open', offer, at: Date.now() });
  });
  plugin.registerCommand('close', () => {
    if (!actor.getSnapshot().hasTag('shown')) throw new Error(offersMessages.alreadyClosed);
    close('dismiss');
  });
  plugin.registerCommand('configure', (options) => {
    if (isEmpty(options)) throw new Error(offersMessages.invalidConfiguration);
    configured = { ...configured, ...(options as OfferInput) };
  });

  // The container closed on its own (its close control, Escape, the backdrop) or shows another plugin's view.
  // Decided a microtask later: the container also closes on App.closeAll, maybe before this plugin hears it.
  const lost = (owner: string, opened: boolean) => {
    if (!container || (opened ? owner === 'Offers' : owner !== 'Offers')) return;
    container = null;
    queueMicrotask(() => actor.getSnapshot().hasTag('shown') && close('dismiss'));
  };
  app.bus.subscribe('Toaster.closed', (e) => lost(e.data.owner, false));
  app.bus.subscribe('Overlay.closed', (e) => lost(e.data.owner, false));
  app.bus.subscribe('Toaster.opened', (e) => container === 'Toaster' && lost(e.data.owner, true));
  app.bus.subscribe('Overlay.opened', (e) => container === 'Overlay' && lost(e.data.owner, true));
  app.bus.subscribe('App.closeAll', () => actor.getSnapshot().hasTag('shown') && close('closeAll'));

  const controller: OffersController = {
    actor,
    cta() {
      const cta = actor.getSnapshot().context.offer?.cta;
      if (cta?.command) {
        // A name from configuration or markup: only the widgets' open and show commands may run.
        void app.bus
          .channelCommand(cta.command, cta.commandOptions, { commander: 'Offers' })
          .catch((error: Error) => console.warn(`[live-assist] Offers: ${error.message}`));
      }
      close('cta');
    },
    dismiss: () => close('dismiss'),
    video: (playing) => send({ type: playing ? 'video.play' : 'video.pause', at: Date.now() }),
    hover: (inside) => send({ type: inside ? 'pointer.enter' : 'pointer.leave', at: Date.now() }),
    click: (name) => send({ type: 'element.click', element: name }),
  };
  app.provide('Offers', controller);
  plugin.ready();
}
