import { LaElement } from '../common/host.ts';

/**
 * A promotional offer: headline, body, call to action, an image or a YouTube / Vimeo video (their
 * privacy-enhanced players, driven through postMessage) and an optional countdown. `Offers.open` shows it
 * inside the shared toaster (docked; always on a phone) or overlay (layouts leftText, rightText, stacked,
 * minimal); the container's close control, Escape, the timeout, the call to action or `Offers.close`
 * close it.
 *
 * @tag la-offer
 * @summary Promotional offer shown in the toaster or the overlay.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @csspart offer - The offer's box (classes la-offer--toaster / --overlay and the layout's).
 * @csspart media - The image or video.
 * @csspart headline - The headline.
 * @csspart cta - The call-to-action button or link.
 * @csspart countdown - The countdown (its warning style from 10 s left).
 * @cssprop --la-offer-bg - Background (the offer's `styles.background`).
 * @cssprop --la-offer-fg - Text colour (`styles.color`).
 * @cssprop --la-offer-headline - Headline colour (`styles.headlineColor`).
 * @cssprop --la-offer-button-bg - Call-to-action background (`styles.buttonBackground`).
 * @cssprop --la-offer-button-fg - Call-to-action text colour (`styles.buttonColor`).
 */
export class LaOfferElement extends LaElement {
  static override spec = {
    tag: 'la-offer',
    plugin: 'Offers',
    attributes: { theme: 'string' as const },
    view: () => import('./offers.view.tsx').then((m) => m.default),
  };
}
