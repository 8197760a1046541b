import { openWindow, webChatMessages, type ChatWindow } from './window.ts';

const INVITE_DISABLED = 'webchat_autoinvite_disabled';

/** Shows the invite toast: the proactive 'Need help?' or, after a restore timeout, 'Chat ended'. */
export async function showInvite(win: ChatWindow, kind: 'proactive' | 'restore'): Promise<void> {
  const { app, chatButton, plugin } = win;
  if (win.isOpen()) throw new Error(webChatMessages.chatOpen);
  win.inviteShown = true;
  // Accepting opens the window: its code (the plugin's view, and the service where a chat may come back)
  // is fetched now, while the visitor reads the invite; no other window's.
  app.intent('WebChat', { likely: false });
  if (win.invite.chatButton.hideDuringInvite) chatButton.send({ type: 'hide' });
  await plugin.command('Toaster.open', {
    title: app.t.t(kind === 'restore' ? 'chat.invite.restoreTitle' : 'chat.invite.title'),
    body: app.t.t(kind === 'restore' ? 'chat.invite.restoreBody' : 'chat.invite.body'),
    buttons: [
      { id: 'webchat-accept', text: app.t.t('chat.invite.accept'), primary: true },
      { id: 'webchat-decline', text: app.t.t('chat.invite.decline') },
    ],
    immutable: true,
  });
}

/**
 * The invite ends: accepted (`open`: the window opens) or declined, or superseded by an `open` command,
 * which opens the window itself. The toaster's own buttons close it; anything else closes it here.
 */
export function endInvite(win: ChatWindow, open: boolean, closeToaster = true): void {
  const { app, chatButton, plugin } = win;
  if (!win.inviteShown) return;
  win.inviteShown = false;
  app.cookies.set(INVITE_DISABLED, '1', { hostOnly: true });
  void plugin.command('Watchman.stopCountdown', { name: 'WebChat.invite' }).catch(() => undefined);
  if (closeToaster) void plugin.command('Toaster.close').catch(() => undefined);
  if (win.invite.chatButton.enabled && !win.isOpen()) chatButton.send({ type: 'show' });
  if (open && !win.isOpen()) void openWindow(win).catch(() => undefined);
}

/**
 * The invite's toast buttons and countdown, and the proactive invite armed (`armInvite`, called once the
 * chat button shows): after the visitor has been idle timeToInviteSeconds (Watchman), for inviteTimeoutSeconds.
 */
export function followInvite(win: ChatWindow): { armInvite(): void } {
  const { app, chatButton, plugin } = win;
  app.bus.subscribe('Toaster.buttonClicked', (event) => {
    if (event.data.id === 'webchat-accept') endInvite(win, true, false);
    else if (event.data.id === 'webchat-decline') endInvite(win, false, false);
  });
  // The proactive invite: after the visitor has been idle timeToInviteSeconds (Watchman), for inviteTimeoutSeconds.
  const armInvite = () => {
    if (!win.invite.autoInvite.enabled || app.cookies.get(INVITE_DISABLED, { hostOnly: true }) === '1') return;
    // Loaded first, not by the command: the Watchman's chunk evaluation and its start are then two tasks (src/app/app.ts).
    void app.bus
      .load('Watchman')
      .then(() => plugin.command('Watchman.configure', { threshold: win.invite.autoInvite.timeToInviteSeconds }))
      .then(() => {
        const stop = app.bus.subscribe('Watchman.idle', () => {
          stop();
          if (win.isOpen() || app.cookies.get(INVITE_DISABLED, { hostOnly: true }) === '1') return;
          showInvite(win, 'proactive')
            .then(() => plugin.command('Watchman.countdown', { name: 'WebChat.invite', time: win.invite.autoInvite.inviteTimeoutSeconds }))
            .catch(() => undefined);
        });
      })
      .catch(() => undefined);
  };
  app.bus.subscribe('Watchman.countdownDone', (event) => {
    if (event.data.name === 'WebChat.invite' && win.inviteShown) {
      win.inviteShown = false;
      void plugin.command('Toaster.close').catch(() => undefined);
      if (win.invite.chatButton.enabled && !win.isOpen()) chatButton.send({ type: 'show' });
    }
  });
  return { armInvite };
}
