import { LaElement } from '../common/host.ts';

/**
 * The callback window 'Receive a Call': first name, last name, phone (country picker limited to
 * Poland), notes, 'As soon as possible' or a date and time picked in `<la-calendar>`, the callback
 * queue's wait, a confirmation or an error dialog. Opened with `LiveAssist.command('Callback.open')`;
 * the app appends the element when the page has none, and the window manager docks it.
 *
 * @tag la-callback
 * @summary Callback request window with scheduling (docked, minimizable).
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The window opened (detail: the lifecycle report).
 * @fires la-started - The visitor started filling the form.
 * @fires la-submitted - The request was sent.
 * @fires la-completed - The callback is booked.
 * @fires la-failed - The service refused the request (the form keeps every value).
 * @fires la-cancelled - The window closed without a booking.
 * @fires la-closed - The window closed.
 * @fires la-minimized - The window was minimized.
 * @fires la-maximized - The window was restored.
 * @csspart root - The element's root wrapper.
 * @csspart window - The window.
 * @csspart titlebar - The title bar.
 * @csspart body - The window body.
 * @csspart footer - The 'Powered by' footer.
 * @cssprop --la-accent - Accent colour of primary buttons.
 * @cssprop --la-bg - Window background.
 * @cssprop --la-fg - Text colour.
 */
export class LaCallbackElement extends LaElement {
  static override spec = {
    tag: 'la-callback',
    plugin: 'Callback',
    attributes: { theme: 'string' as const },
    view: () => import('./callback.view.tsx').then((m) => m.default),
  };
}
