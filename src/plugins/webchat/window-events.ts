import { START_FIELDS, type ChatFormValues } from '../../../machines/chat-form.ts';
import { postSurveyCancel } from '../../services/chat/survey.ts';
import { sendFiles } from './controller.ts';
import { CHAT_WIDTH_PX, errorMessage, type ChatWindow } from './window.ts';

/**
 * The start request the service takes, from the window's form names: the start fields by their names,
 * every other input with a value as userData, over `WebChat.open`'s (the service merges it over
 * `webchat.userData`); an unchecked checkbox has none.
 */
export function startOptions(form: ChatFormValues, openUserData: Record<string, string> | undefined) {
  const userData: Record<string, string> = { ...openUserData };
  for (const [name, value] of Object.entries(form)) if (!START_FIELDS.includes(name) && value !== '') userData[name] = value;
  return {
    ...(form.nickname ? { nickname: form.nickname } : {}),
    firstName: form.firstname ?? '',
    lastName: form.lastname ?? '',
    emailAddress: form.email ?? '',
    subject: form.subject ?? '',
    ...(Object.keys(userData).length ? { userData } : {}),
  };
}

/**
 * The window machine's emitted events: WebChat.* bus events, the window manager's dock, the window's
 * cookies, and the visitor's intents as WebChatService commands (start, end, Retry, Edit).
 */
export function followWindow(win: ChatWindow): void {
  const { app, actor, chatButton, plugin } = win;
  // The chat button sits in the lower right corner, where docked views go: it steps aside while the
  // chat window or any other docked view (a callback window, the toaster) is open, so it never covers them.
  let windowOpen = false;
  let othersDocked = false;
  const placeChatButton = () => chatButton.send({ type: windowOpen || othersDocked ? 'window.open' : 'window.close' });
  const followDocks = (entries: readonly { plugin: string }[]) => {
    othersDocked = entries.some((entry) => entry.plugin !== 'WebChat');
    placeChatButton();
  };
  app.bus.subscribe('WindowManager.changed', (event) => followDocks(event.data));
  // A window docked before this chunk loaded (its event missed): ask the window manager, if it runs.
  if (app.bus.describe().some((p) => p.name === 'WindowManager' && p.ready)) {
    void plugin.command('WindowManager.getRegistry').then(followDocks, () => undefined);
  }
  // The window's emitted events are WebChat.* events; the requests go to the service.
  actor.on('*', (emitted) => {
    switch (emitted.type) {
      case 'opened':
        win.element();
        windowOpen = true;
        placeChatButton();
        void plugin.command('WindowManager.dock', { plugin: 'WebChat', width: CHAT_WIDTH_PX }).catch(() => undefined);
        app.cookies.set('webchat_open', '1', { hostOnly: true });
        return plugin.publish('opened', undefined);
      case 'closed':
        windowOpen = false;
        win.openForm = null;
        placeChatButton();
        void plugin.command('WindowManager.undock', { plugin: 'WebChat' }).catch(() => undefined);
        app.cookies.remove('webchat_open', { hostOnly: true });
        app.cookies.remove('webchat_minimized', { hostOnly: true });
        return plugin.publish('closed', undefined);
      case 'minimized':
        app.cookies.set('webchat_minimized', '1', { hostOnly: true });
        return plugin.publish('minimized', undefined);
      case 'unminimized':
        app.cookies.remove('webchat_minimized', { hostOnly: true });
        return plugin.publish('unminimized', undefined);
      case 'startRequested':
        win.lastError = undefined;
        plugin.command('WebChatService.startChat', startOptions(emitted.request, win.openUserData)).then(
          () => actor.send({ type: 'session.started' }),
          (error: unknown) => {
            const failure = win.lastError?.during === 'startChat' ? win.lastError : undefined;
            actor.send({
              type: 'session.startFailed',
              codes: failure?.errors.map((e) => e.code) ?? [],
              keys: failure?.errors.map((e) => e.key ?? '') ?? [],
              messages: failure?.errors.length ? failure.errors.map((e) => e.message) : [errorMessage(error)],
              kind: failure?.kind ?? 'status',
            });
          },
        );
        // WebChat.submitted is the machine's own 'submitted', published below: once per submit.
        return undefined;
      case 'endRequested':
        plugin.command('WebChatService.endChat').catch(() => actor.send({ type: 'session.ended' }));
        return undefined;
      case 'retryRequested':
        // MessageFailed's Retry: every 'Not sent' message again; FileSendFailed's: the same files again.
        if (emitted.key === 'MessageFailed') void plugin.command('WebChatService.retryMessage').catch(() => undefined);
        else if (win.lastFiles.length) void sendFiles(win, win.lastFiles);
        return undefined;
      case 'messageRetryRequested':
        void plugin.command('WebChatService.retryMessage', { id: emitted.id }).catch(() => undefined);
        return undefined;
      case 'messageEditRequested':
        // Edit: the message leaves the outbox and its text goes back into the input (before what is typed there).
        plugin.command('WebChatService.editMessage', { id: emitted.id }).then(
          ({ text }) => {
            const draft = actor.getSnapshot().context.draft;
            actor.send({ type: 'draft.change', text: draft.trim() ? `${text}\n${draft}` : text });
          },
          () => undefined,
        );
        return undefined;
      case 'surveyAccepted':
        app.window.open(emitted.url, '_blank', 'noopener,noreferrer');
        return undefined;
      case 'surveyDeclined':
        void postSurveyCancel(emitted.url).catch((error: unknown) => console.warn('[live-assist] the survey cancel request failed', error));
        return undefined;
      case 'started':
      case 'completed':
      case 'cancelled':
      case 'submitted':
        return plugin.publish(emitted.type, undefined);
      default:
        return undefined;
    }
  });
  chatButton.on('displayed', () => plugin.publish('chatButtonDisplayed', undefined));
}
