import { LaElement } from '../common/host.ts';

/**
 * The toaster: a panel docked at the bottom of the page (left, right or centre) that plugins fill with
 * `Toaster.open` — title, icon, body and buttons, or custom content — and that slides down on close.
 * The app appends it on the first `Toaster.open`.
 *
 * @tag la-toaster
 * @summary Docked bottom notice shared by plugins (chat invite, restore timeout, offers).
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - A toaster was shown.
 * @fires la-closed - The toaster closed.
 * @fires la-closeattempt - A close was refused because another plugin reserved the toaster.
 * @fires la-buttonclicked - A toaster button was clicked (`detail: { id, owner }`).
 * @csspart root - The element's root wrapper.
 * @csspart window - The toaster panel.
 * @csspart titlebar - The title bar.
 * @csspart body - The content area.
 */
export class LaToasterElement extends LaElement {
  static override spec = {
    tag: 'la-toaster',
    plugin: 'Toaster',
    attributes: { theme: 'string' as const },
    view: () => import('./toaster.view.tsx').then((m) => m.default),
  };
}
