import type { SharedWindowState } from '../../services/chat/tabs.ts';
import type { ChatWindow, WebChatServiceController } from './window.ts';

/** The window in every tab of this browser, told through the service's tabs once the service is provided. */
export function shareWindow(win: ChatWindow): void {
  const { app, actor } = win;
  // While a chat runs, every tab of this deployment shows its window alike (docs/reliability.md "One
  // connection for all tabs"): open or closed, minimised or not, and the unread count. The newest change wins.
  const chatRuns = () => Boolean(win.session?.session.value.active);
  const windowState = () => {
    const { minimized, unread } = actor.getSnapshot().context;
    return { open: win.isOpen(), minimized, unread };
  };
  const share = ({ tabs }: WebChatServiceController) => {
    // A window the visitor opened before the service came (no chat to come back to then) is a change of
    // this tab's, dated now: a tab that comes to follow the chat started in it hears that it is open.
    let shared: SharedWindowState = { ...windowState(), at: win.isOpen() ? Date.now() : 0 };
    let applying = false;
    actor.subscribe(() => {
      const now = windowState();
      if (applying || (now.open === shared.open && now.minimized === shared.minimized && now.unread === shared.unread)) return;
      if (Date.now() - win.joinedAt < 1000) {
        // Just restored: the other tabs' state (they answer the restore's sync) wins over this one.
        shared = { ...now, at: 0 };
        return;
      }
      shared = { ...now, at: Date.now() };
      if (chatRuns()) tabs.post({ t: 'window', state: shared });
    });
    tabs.onMessage((message) => {
      // A tab that comes to follow the chat asks for it: it hears how the window is.
      if (message.t === 'sync' && chatRuns() && shared.at > 0) tabs.post({ t: 'window', state: shared });
      if (message.t !== 'window' || !chatRuns()) return;
      const { open, minimized, unread, at } = message.state;
      const newer = at >= shared.at;
      applying = true;
      try {
        if (newer && open && !win.isOpen()) {
          actor.send({ type: 'open', view: 'chat' });
          actor.send({ type: 'session.restored' });
        } else if (newer && !open && win.isOpen()) actor.send({ type: 'close', force: true });
        if (newer && win.isOpen() && minimized !== actor.getSnapshot().context.minimized) actor.send({ type: minimized ? 'minimize' : 'restore' });
        // Messages another tab counted while hidden are unread here too (a tab that just came has counted none).
        const missing = unread - actor.getSnapshot().context.unread;
        if (missing > 0 && minimized === actor.getSnapshot().context.minimized) actor.send({ type: 'session.message', count: missing });
      } finally {
        applying = false;
      }
      win.joinedAt = 0;
      shared = { ...windowState(), at: Math.max(at, shared.at) };
    });
  };
  void app.whenProvided('WebChatService').then(share);
}
