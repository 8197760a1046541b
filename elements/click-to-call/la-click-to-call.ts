import { LaElement } from '../common/host.ts';

/**
 * The click-to-call window: the visitor gives a name and a phone number and gets a temporary number to
 * dial with an access code, shown with a countdown until it expires ('Request a new number' then). The
 * number is kept in the deployment's cookies, so a reload or another page opens straight into it.
 * Opened with `LiveAssist.command('ClickToCall.open')`; the app appends the element when the page has
 * none, and the window manager docks it. It can be minimised, restored and dragged by its title bar.
 *
 * @tag la-click-to-call
 * @summary Click-to-call window: a temporary number and access code to dial (docked, minimizable, draggable).
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The window opened (detail: the lifecycle report).
 * @fires la-started - The visitor started filling the form.
 * @fires la-submitted - The number was asked for.
 * @fires la-completed - A number to dial was received.
 * @fires la-failed - No number: a network failure or a service exception (the form keeps every value).
 * @fires la-expired - The number expired.
 * @fires la-cancelled - The window closed without a number.
 * @fires la-closed - The window closed.
 * @fires la-minimized - The window was minimized.
 * @fires la-maximized - The window was restored.
 * @csspart root - The element's root wrapper.
 * @csspart window - The window.
 * @csspart titlebar - The title bar (drag it to move the window).
 * @csspart body - The window body.
 * @csspart footer - The 'Powered by' footer.
 * @cssprop --la-accent - Accent colour of primary buttons.
 * @cssprop --la-bg - Window background.
 * @cssprop --la-fg - Text colour.
 */
export class LaClickToCallElement extends LaElement {
  static override spec = {
    tag: 'la-click-to-call',
    plugin: 'ClickToCall',
    attributes: { theme: 'string' as const },
    view: () => import('./click-to-call.view.tsx').then((m) => m.default),
  };
}
