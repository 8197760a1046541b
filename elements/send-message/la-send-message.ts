import { LaElement } from '../common/host.ts';

/**
 * The send-message window: a visitor writes to the contact centre (first name, last name, email,
 * subject, message, attachments). Placed in a page it renders embedded in the page's flow and opens
 * itself; when a command opens it on a page without it, the app appends a docked one (`mode="dock"`).
 * It also renders the optional 'Send Message' side button (`sendmessage.sideButton`,
 * `SendMessage.showButton` / `hideButton`).
 *
 * @tag la-send-message
 * @summary 'Send Message' form with attachments, docked or embedded in a contact page.
 * @attr {'embedded'|'dock'} mode - `embedded` (default for an element in the page): in the page's flow, no close or minimize; `dock`: a docked window.
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The window opened.
 * @fires la-started - The visitor's first input.
 * @fires la-submitted - The form was sent.
 * @fires la-completed - The message was accepted; `detail.interactionId`.
 * @fires la-failed - Sending failed; `detail` is `{ kind, errors, reason? }`.
 * @fires la-cancelled - Closed without completing.
 * @fires la-minimized - The window was minimized.
 * @fires la-unminimized - The window was restored.
 * @fires la-closed - The window closed.
 * @fires la-redirected - `SendMessage.redirect` navigated to the contact page; `detail.url`.
 * @fires la-buttondisplayed - The 'Send Message' side button appeared (after its openDelay).
 * @fires la-buttonhidden - `SendMessage.hideButton` hid the side button.
 * @csspart root - The element's root wrapper.
 * @csspart window - The window.
 * @csspart titlebar - The title bar.
 * @csspart body - The window body.
 * @csspart footer - The 'Powered by' footer.
 * @csspart side-button - The 'Send Message' side button (`sendmessage.sideButton`).
 * @cssprop --la-accent - Accent colour of the Send button.
 * @cssprop --la-bg - Window background.
 * @cssprop --la-fg - Text colour.
 * @cssprop --la-side-button-right - Side button's distance from the right edge (56px; 12px in mobile mode).
 * @cssprop --la-side-button-bottom - Side button's distance from the bottom (16px; 72px in mobile mode).
 */
export class LaSendMessageElement extends LaElement {
  static override spec = {
    tag: 'la-send-message',
    plugin: 'SendMessage',
    attributes: { mode: 'string' as const, theme: 'string' as const },
    // The side button, without React (the launchers chunk); the window's view only when it opens.
    launcher: () => import('./launcher.ts'),
    mountWhen: 'open' as const,
    view: () => import('./send-message.view.tsx').then((m) => m.default),
  };

  override connectedCallback(): void {
    super.connectedCallback();
    // Embedded in a page, the form is the page's content: open it without waiting for intent.
    if (this.getAttribute('mode') !== 'dock') {
      void this.app.ready.then(() => this.app.bus.command('SendMessage.open', undefined, { commander: 'SendMessage' }).catch(() => undefined));
    }
  }
}
