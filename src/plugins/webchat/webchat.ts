import type { App } from '../../app/app.ts';
import { chatMayComeBack } from '../../app/chat-return.ts';
import { registerCommands } from './commands.ts';
import { createController } from './controller.ts';
import { followOutbox } from './draft.ts';
import { followInvite } from './invite.ts';
import { cameBack, followService } from './service-events.ts';
import { followWindow } from './window-events.ts';
import { shareWindow } from './window-tabs.ts';
import { createChatWindow } from './window.ts';

export type { ChatButtonActor, ChatView, ChatWindowActor, PendingMessage, WebChatController, WebChatOptions } from './view-state.ts';
export { ViewState } from './view-state.ts';
export { CHAT_WIDTH_PX, TAG, webChatMessages } from './window.ts';
export { DRAFT_SAVE_MS } from './draft.ts';

/**
 * The WebChat plugin (web-chat.md §2, §4 "Window", "Chat button", "Proactive invite", §7 public window
 * commands): the chat window's machine, the side chat button, the invite and the restore-timeout
 * toasts; it drives the WebChatService (a command loads it) and forwards its events to the window.
 * Each part is a module of this folder sharing one `ChatWindow` (window.ts); they hook the service in
 * the order below.
 *
 * It loads when idle where the deployment shows the chat button or an invite (src/boot.ts), so its start
 * is cheap and split (no long task when idle). This chunk holds neither the chat service nor its options:
 * the service starts when the window opens or a chat starts or comes back (chat deflection with it), and
 * its code is fetched when an invite shows. The chat button shows and the invite is armed in a task after
 * the one that makes the actors and registers the commands (the plugin is ready, and takes commands,
 * from the first).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('WebChat');
  const win = createChatWindow(app, plugin);
  followWindow(win);
  // Before the hooks below, which may open the window: the window takes the service's store first.
  followService(win);
  shareWindow(win);
  followOutbox(win);
  const { armInvite } = followInvite(win);
  registerCommands(win);

  app.provide('WebChat', createController(win));
  plugin.ready();

  // A chat saved by an earlier page (its cookie, or the asynchronous chat's page store): the service
  // restores it (its events above reopen the window).
  if (chatMayComeBack(app)) void win.ensureService().catch(() => undefined);
  // The service came first (the page's own WebChatService command loaded it) and has restored the chat
  // already, before this plugin listened: the window comes back as the 'restored' event brings it.
  if (app.bus.describe().some((p) => p.name === 'WebChatService' && p.ready)) {
    void app.whenProvided('WebChatService').then((controller) => {
      if (controller.session.value.active && !win.isOpen()) cameBack(win, false);
    });
  }

  plugin.publish('ready', undefined);

  // In a task of its own, not awaited (a command that waits for the plugin — a visitor's click — runs at
  // once, not behind it): the side chat button when the window is closed (its element appended), and the
  // proactive invite when the page is idle.
  app.window.setTimeout(() => {
    if (win.invite.chatButton.enabled && app.window.document.body) {
      win.element();
      win.chatButton.send({ type: 'show' });
    }
    armInvite();
  });
}
