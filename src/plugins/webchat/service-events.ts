import { readSurveyNotice } from '../../services/chat/survey.ts';
import { isBubble, isShown } from '../../../machines/chat-transcript.ts';
import { showInvite } from './invite.ts';
import type { ChatWindow } from './window.ts';

/**
 * The service restored this page's chat: its window comes back (minimised if it was), through the
 * `WebChat.open` command with `restoring: true`, so a `before('WebChat.open')` hook sees the restore
 * (Widgets' `e.restoring`) and may keep the window closed; the chat runs on either way.
 */
export function cameBack(win: ChatWindow, offline: boolean): void {
  const { app, actor, plugin } = win;
  win.joinedAt = Date.now();
  if (!win.isOpen()) win.patch({ openedBySite: true });
  const settle = () => {
    actor.send({ type: 'session.restored' });
    if (app.cookies.get('webchat_minimized', { hostOnly: true }) === '1' && actor.getSnapshot().can({ type: 'minimize' })) actor.send({ type: 'minimize' });
    win.patch({ canLoadHistory: win.isAsync() });
    if (offline) actor.send({ type: 'session.error', key: 'RestoredOffline' });
  };
  if (win.isOpen()) return settle();
  void plugin.command('WebChat.open', { restoring: true }).then(settle, settle);
}

/**
 * The service's events and store, drawn by the window: it follows the service's one transcript and
 * connection line, and its events open, count, end and word the window.
 */
export function followService(win: ChatWindow): void {
  const { app, actor, plugin, view } = win;
  /** The post-chat survey a custom notice offered, shown when the chat ends. */
  let survey: { surveyUrl?: string; cancelUrl?: string } | undefined;
  app.bus.subscribe('Cobrowse.*', ({ name }) => win.patch({ cobrowse: name === 'Cobrowse.offline' ? null : name === 'Cobrowse.started' }));
  app.bus.subscribe('WebChatService.*', (event) => {
    switch (event.name) {
      case 'WebChatService.started':
        win.restoreTimedOut = false;
        survey = undefined;
        win.patch({ local: [], typing: null, agentConnected: false, canLoadHistory: false });
        break;
      case 'WebChatService.restored':
      case 'WebChatService.restoredOffline':
        cameBack(win, event.name === 'WebChatService.restoredOffline');
        break;
      case 'WebChatService.messageReceived': {
        const { messages, restoring, history, idle } = event.data;
        for (const message of messages) {
          if (message.type === 'CustomNotice' && message.from.type === 'External') survey = readSurveyNotice(message.text) ?? survey;
          if (message.type === 'IdleAlert')
            actor.send({ type: 'idle.alert', count: idle?.alerts ?? 1, ...(idle?.countdownMs ? { countdownMs: idle.countdownMs } : {}) });
          if (message.type === 'IdleClose') actor.send({ type: 'idle.close' });
          if (isShown(message) && !history) plugin.publish('messageAdded', { message });
        }
        const bubbles = messages.filter(isBubble).length;
        if (bubbles && !restoring && !history) {
          // A new message while the window is hidden reopens it (minimised in an async chat that asks so).
          if (!win.isOpen()) {
            win.patch({ openedBySite: true });
            actor.send({ type: 'open', view: 'chat' });
            actor.send({ type: 'session.restored' });
            if (win.isAsync() && win.service?.async.newMessageRestoreState === 'minimized') actor.send({ type: 'minimize' });
          }
          actor.send({ type: 'session.message', count: bubbles });
        }
        break;
      }
      case 'WebChatService.agentConnected':
        // Co-browse is offered in the actions menu once an agent is here, where the site configured it.
        if (Object.keys(app.section('cobrowse')).length)
          void plugin.command('Cobrowse.getState').then(
            ({ online, started }) => win.patch({ cobrowse: online ? started : null }),
            () => undefined,
          );
        win.patch({ agentConnected: Object.values(event.data.agents).some((a) => a.connected) });
        actor.send({ type: 'session.agentJoined' });
        plugin.publish('agentConnected', event.data);
        break;
      case 'WebChatService.agentDisconnected':
        win.patch({ agentConnected: event.data.numAgentsConnected > 0, typing: null });
        plugin.publish('agentDisconnected', event.data);
        break;
      case 'WebChatService.agentTypingStarted':
        win.patch({ typing: event.data?.agent?.name || app.t.t('chat.agentName') });
        break;
      case 'WebChatService.agentTypingStopped':
      case 'WebChatService.agentTypingTimeout':
        win.patch({ typing: null });
        break;
      case 'WebChatService.chatServerWentOffline':
        actor.send({ type: 'session.error', key: 'ChatServerWentOffline' });
        break;
      case 'WebChatService.ended':
        win.patch({ typing: null, agentConnected: false });
        actor.send({ type: 'session.ended', ...(event.data.unexpected ? { unexpected: true } : {}) });
        if (survey) actor.send({ type: 'survey.offer', ...survey });
        survey = undefined;
        break;
      case 'WebChatService.restoreTimeout':
        win.restoreTimedOut = true;
        // An invite that cannot show leaves the visitor unaware the chat ended: the window says so when opened.
        if (win.invite.autoInvite.inviteOnRestoreTimeout) showInvite(win, 'restore').catch(() => actor.send({ type: 'session.error', key: 'InviteFailed' }));
        break;
      case 'WebChatService.restoreFailed':
        // Shown now, or kept by a closed window for its next open (the machine's HELD_ALERTS).
        actor.send({ type: 'session.error', key: event.data?.handover ? 'TransferFailed' : 'RestoreFailed' });
        break;
      case 'WebChatService.error':
        win.lastError = event.data;
        break;
      default:
        break;
    }
  });

  // However the service loads (the window, a restore, a chat started, the page's own WebChatService
  // command), the window takes its controller and reads its options; and chat deflection, which works on
  // the chat's messages, loads with it. Before the hooks below, which may open the window.
  void app.whenProvided('WebChatService').then((controller) => {
    win.serviceLoaded = true;
    // Its transcript is the window's from now on, also for a chat the window's form started before the
    // window itself asked for the service (it opens without it when there is no chat to come back to).
    win.session ??= controller;
    // The window draws the service's one transcript: it follows the store, it keeps no copy.
    // So does the connection line: 'Connection restored' goes when the session machine's delay ends.
    const follow = () => {
      const { transcript, connection } = controller.session.value;
      if (transcript !== view.value.transcript || connection !== view.value.connection) win.patch({ transcript, connection });
    };
    controller.session.subscribe(follow);
    follow();
    win.readServiceOptions();
    win.loadDeflection();
  });
}
