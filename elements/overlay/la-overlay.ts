import { LaElement } from '../common/host.ts';

/**
 * The shared overlay: a modal view (centred, left or right, optionally over a dimming backdrop) that
 * plugins fill with `Overlay.open`; Escape or a backdrop click closes it. The app appends it to the page
 * on the first `Overlay.open`.
 *
 * @tag la-overlay
 * @summary Modal overlay shared by the channel selector, the mobile sidebar and other plugins.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - An overlay view was shown.
 * @fires la-closed - The overlay closed.
 * @fires la-closeattempt - A close was refused because another plugin reserved the overlay.
 * @csspart root - The element's root wrapper.
 * @csspart backdrop - The dimming backdrop.
 * @csspart window - The overlay window.
 * @csspart titlebar - The title bar.
 * @csspart body - The content area.
 * @cssprop --la-bg - Window background.
 * @cssprop --la-smokescreen - Backdrop colour.
 */
export class LaOverlayElement extends LaElement {
  static override spec = {
    tag: 'la-overlay',
    plugin: 'Overlay',
    attributes: { theme: 'string' as const },
    view: () => import('./overlay.view.tsx').then((m) => m.default),
  };
}
