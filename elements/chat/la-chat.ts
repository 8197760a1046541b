import { LaElement } from '../common/host.ts';

/**
 * The chat window 'Live Chat': the start form, the transcript with the bot and the agent, the message
 * input with emoji and file actions, the end-chat, close, idle and survey dialogs, and the side chat
 * button. Opened from the sidebar's or channel selector's WebChat channel, the chat button, an invite,
 * or `LiveAssist.command('WebChat.open')`; the app appends the element when the page has none, and the
 * window manager docks it. A chat running on an earlier page comes back with its transcript.
 *
 * @tag la-chat
 * @summary Live chat window with pre-chat form, transcript and message input (docked, minimizable).
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The window opened.
 * @fires la-closed - The window closed.
 * @fires la-minimized - The window was minimized.
 * @fires la-unminimized - The window was restored.
 * @fires la-submitted - The start form was sent.
 * @fires la-started - The chat started.
 * @fires la-completed - The chat ended after an agent had joined.
 * @fires la-cancelled - The window closed before a chat started or completed.
 * @fires la-messageadded - A message was added to the transcript; `detail.message`.
 * @fires la-chatbuttondisplayed - The side chat button appeared.
 * @csspart root - The element's root wrapper.
 * @csspart window - The window.
 * @csspart titlebar - The title bar.
 * @csspart body - The window body.
 * @csspart footer - The 'Powered by' footer.
 * @csspart side-button - The side chat button.
 * @cssprop --la-accent - Accent colour of primary buttons and the visitor's bubbles.
 * @cssprop --la-bg - Window background.
 * @cssprop --la-fg - Text colour.
 */
export class LaChatElement extends LaElement {
  static override spec = {
    tag: 'la-chat',
    plugin: 'WebChat',
    attributes: { theme: 'string' as const },
    // The chat button, without React: the launchers chunk, drawn once the WebChat plugin has loaded
    // (at idle when the deployment shows it); the window's view and the runtime only when it opens.
    launcher: () => import('./launcher.ts'),
    mountWhen: 'open' as const,
    view: () => import('./chat.view.tsx').then((m) => m.default),
  };
}
