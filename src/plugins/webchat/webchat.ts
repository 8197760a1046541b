import { createActor, type ActorRefFrom } from 'xstate';
import type { App, Controllers } from '../../app/app.ts';
import { chatWindowMachine, type ChatFormField } from '../../../machines/chat-window.machine.ts';
import { sideButtonMachine, sideButtonMessages } from '../../../machines/side-button.machine.ts';
import { postSurveyCancel, readSurveyNotice } from '../../services/chat/survey.ts';
import { readSection } from '../../app/section.ts';
import { isRecord } from '../../app/records.ts';
import type { TranscriptMessage } from '../../services/chat/types.ts';
import { EMPTY_TRANSCRIPT, isBubble, isShown, type ChatTranscript, type OutgoingMessage } from '../../../machines/chat-transcript.ts';
import type { SharedWindowState } from '../../services/chat/tabs.ts';
import type { ChatErrorEvent } from '../webchat-service/webchat-service.api.ts';
import { KNOWLEDGE_SENDER, type KnowledgeBubble, type KnowledgeMessage } from '../../../machines/chat-knowledge.ts';
// The service's options: their reader is shared logic (the valibot chunk), its schemas built on first read.
import { readWebChatService, type WebChatServiceSettings } from '../shared/webchat-config.ts';
import { chatMayComeBack } from '../../app/chat-return.ts';
import { readWebChatInvite, readWebChatWindow, webChatWindowSchema, type WebChatInviteSettings, type WebChatWindowSettings } from './webchat-window-config.ts';

// The session plugin's controller by the name it is provided under, not by importing that plugin.
type WebChatServiceController = Controllers['WebChatService'];

/** The window's rejections (web-chat.md §4, §8; worded like the other windows' where the spec gives none). */
export const webChatMessages = {
  alreadyOpen: 'The chat window is already open',
  notOpen: 'The chat window is not open',
  noSession: 'There is no active chat session',
  invalidConfiguration: 'Invalid configuration',
  confirmClose: 'The visitor was asked to confirm closing the chat',
  injectType: "injectMessage accepts only type 'text' or 'html'",
  injectText: 'injectMessage needs a non-empty text of at most 5000 characters',
  chatOpen: 'The chat is open: the invite is ignored',
  inviteOff: 'The invite is not available: a chat is running or was declined',
  noRestoreTimeout: 'reInvite applies only after a restore timeout with autoInvite.inviteOnRestoreTimeout',
} as const;

export const TAG = 'la-chat';
/** The docked window's width (styles/chat.css), for the window manager. */
export const CHAT_WIDTH_PX = 380;

export type ChatWindowActor = ActorRefFrom<typeof chatWindowMachine>;
export type ChatButtonActor = ActorRefFrom<typeof sideButtonMachine>;

/**
 * A message of the visitor's that the server has not shown yet (the transcript's outgoing row): 'sending'
 * (queued or on its way), 'sent' (acknowledged, its server copy not yet arrived), 'failed' ('Not sent',
 * with Retry and Edit).
 */
export type PendingMessage = OutgoingMessage;

/** The stored draft is at most this old while the visitor types (stored this long after the first change, and at once on `pagehide`). */
export const DRAFT_SAVE_MS = 300;

/** What the window renders besides the machines: the service's transcript and live state. */
export interface ChatView {
  /**
   * The session's transcript as the service's store holds it (machines/chat-transcript.ts): the same
   * value, never a copy; the view draws its lines with `local` (transcriptLines).
   */
  transcript: ChatTranscript;
  /** The window's own lines of this page (injectMessage, chat deflection), never sent. */
  local: readonly TranscriptMessage[];
  typing: string | null;
  connection: 'connected' | 'disconnected' | 'reconnected';
  agentConnected: boolean;
  canLoadHistory: boolean;
  historyLoading: boolean;
  /** `showOverlay`: a text shown over the chat window's body, or null. */
  overlay: string | null;
}

/**
 * The window's live state as a tiny store (a value and its listeners), read by the view through
 * `useSyncExternalStore`; no observable library needed (the chunk stays free of RxJS).
 */
export class ViewState<T> {
  readonly #listeners = new Set<() => void>();
  constructor(public value: T) {}
  next(value: T): void {
    this.value = value;
    for (const listener of [...this.#listeners]) listener();
  }
  subscribe(listener: () => void): { unsubscribe(): void } {
    this.#listeners.add(listener);
    return { unsubscribe: () => this.#listeners.delete(listener) };
  }
}

export interface WebChatController {
  actor: ChatWindowActor;
  chatButton: ChatButtonActor;
  view: ViewState<ChatView>;
  settings(): WebChatWindowSettings & { service: WebChatServiceSettings };
  /** Puts the visitor's text in the outbox and empties the input; rejects (the input keeps the text) when it is refused. */
  send(text: string): Promise<void>;
  /** Every keystroke of the input: typing notifications to the agent. */
  typing(text: string): void;
  download(fileId: string): void;
  sendFiles(files: File[]): Promise<void>;
  loadHistory(): void;
  clickChatButton(): void;
  /** A knowledge-assistant line (chat deflection, this page only): `summary` is its plain words. */
  addKnowledge(knowledge: KnowledgeBubble, summary: string): void;
}

/** Window options `WebChat.configure` takes (the window's and the service's parts of `webchat`). */
export type WebChatOptions = Partial<Record<keyof WebChatWindowSettings, unknown>>;

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The start request the service takes, from the window's form names. */
const startOptions = (form: Partial<Record<ChatFormField, string>>) => ({
  firstName: form.firstname ?? '',
  lastName: form.lastname ?? '',
  emailAddress: form.email ?? '',
  subject: form.subject ?? '',
});

/**
 * The WebChat plugin (web-chat.md §2, §4 "Window", "Chat button", "Proactive invite", §7 public window
 * commands): the chat window's machine, the side chat button, the invite and the restore-timeout
 * toasts; it drives the WebChatService (a command loads it) and forwards its events to the window.
 *
 * It loads when idle where the deployment shows the chat button or an invite (src/boot.ts), so its start
 * is cheap and split (issue 17: no long task when idle). This chunk holds neither the chat service nor
 * its options: the service starts when the window opens or a chat starts or comes back (chat deflection
 * with it), and its code is fetched when an invite shows. The chat button shows and the invite is armed
 * in a task after the one that makes the actors and registers the commands (the plugin is ready, and
 * takes commands, from the first).
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('WebChat');
  let settings = readWebChatWindow(app.section('webchat'));
  let invite: WebChatInviteSettings = readWebChatInvite(app.section('webchat'), () => undefined);
  /**
   * The chat service's options as the window reads them (asynchronous chats, the input's limit, uploads):
   * read when first needed (`readServiceOptions`), always before the window can open; the idle start
   * (the chat button, the invite) needs none of them. A configure reads them again once they were read.
   */
  let service: WebChatServiceSettings | undefined;
  const isAsync = () => Boolean(service && (service.async.enabled || service.transport.async));

  const actor: ChatWindowActor = createActor(chatWindowMachine, {
    // `async` follows with the service's options (readServiceOptions): only a running chat asks it.
    input: { fields: settings.form.fields, confirmFormClose: settings.confirmFormCloseEnabled, async: false },
  }).start();
  const { openDelay, effect, effectDuration } = invite.chatButton;
  const chatButton: ChatButtonActor = createActor(sideButtonMachine, { input: { openDelay, effect, effectDuration } }).start();

  const view = new ViewState<ChatView>({
    transcript: EMPTY_TRANSCRIPT,
    local: [],
    typing: null,
    connection: 'connected',
    agentConnected: false,
    canLoadHistory: false,
    historyLoading: false,
    overlay: null,
  });
  const patch = (change: Partial<ChatView>) => view.next({ ...view.value, ...change });
  let lastError: ChatErrorEvent | undefined;
  let survey: { surveyUrl?: string; cancelUrl?: string } | undefined;
  let injected = 0;
  /** The files of the last upload, for FileSendFailed's Retry. */
  let lastFiles: File[] = [];
  let restoreTimedOut = false;
  /** When this tab restored the chat: what its window does then (opens, as the cookie says) is not news to the others. */
  let joinedAt = 0;

  const command = <T>(run: () => Promise<T>) => run();
  const svc = {
    start: (form: Partial<Record<ChatFormField, string>>) => command(() => plugin.command('WebChatService.startChat', startOptions(form))),
    end: () => command(() => plugin.command('WebChatService.endChat')),
  };

  const element = (): HTMLElement => app.ensureElement(TAG);
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
  const isOpen = () => !actor.getSnapshot().matches('closed');

  // The window's emitted events are WebChat.* events; the requests go to the service.
  actor.on('*', (emitted) => {
    switch (emitted.type) {
      case 'opened':
        element();
        windowOpen = true;
        placeChatButton();
        void plugin.command('WindowManager.dock', { plugin: 'WebChat', width: CHAT_WIDTH_PX }).catch(() => undefined);
        app.cookies.set('webchat_open', '1', { hostOnly: true });
        return plugin.publish('opened', undefined);
      case 'closed':
        windowOpen = false;
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
        lastError = undefined;
        svc.start(emitted.request).then(
          () => actor.send({ type: 'session.started' }),
          (error: unknown) => {
            const failure = lastError?.during === 'startChat' ? lastError : undefined;
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
        svc.end().catch(() => actor.send({ type: 'session.ended' }));
        return undefined;
      case 'retryRequested':
        // MessageFailed's Retry: every 'Not sent' message again; FileSendFailed's: the same files again.
        if (emitted.key === 'MessageFailed') void plugin.command('WebChatService.retryMessage').catch(() => undefined);
        else if (lastFiles.length) void controller.sendFiles(lastFiles);
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

  /* ---------------------------------------------------------------- the service's events */

  let session: WebChatServiceController | undefined;

  /** The service restored this page's chat: its window comes back (minimised if it was). */
  const cameBack = (offline: boolean) => {
    joinedAt = Date.now();
    if (!isOpen()) actor.send({ type: 'open', view: 'chat' });
    actor.send({ type: 'session.restored' });
    if (app.cookies.get('webchat_minimized', { hostOnly: true }) === '1' && actor.getSnapshot().can({ type: 'minimize' })) actor.send({ type: 'minimize' });
    patch({ canLoadHistory: isAsync() });
    if (offline) actor.send({ type: 'session.error', key: 'RestoredOffline' });
  };
  app.bus.subscribe('WebChatService.*', (event) => {
    switch (event.name) {
      case 'WebChatService.started':
        restoreTimedOut = false;
        survey = undefined;
        patch({ local: [], typing: null, agentConnected: false, canLoadHistory: false });
        break;
      case 'WebChatService.restored':
      case 'WebChatService.restoredOffline':
        cameBack(event.name === 'WebChatService.restoredOffline');
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
          if (!isOpen()) {
            actor.send({ type: 'open', view: 'chat' });
            actor.send({ type: 'session.restored' });
            if (isAsync() && service?.async.newMessageRestoreState === 'minimized') actor.send({ type: 'minimize' });
          }
          actor.send({ type: 'session.message', count: bubbles });
        }
        break;
      }
      case 'WebChatService.agentConnected':
        patch({ agentConnected: Object.values(event.data.agents).some((a) => a.connected) });
        actor.send({ type: 'session.agentJoined' });
        plugin.publish('agentConnected', undefined);
        break;
      case 'WebChatService.agentDisconnected':
        patch({ agentConnected: event.data.numAgentsConnected > 0, typing: null });
        plugin.publish('agentDisconnected', undefined);
        break;
      case 'WebChatService.agentTypingStarted':
        patch({ typing: event.data?.agent?.name || app.t.t('chat.agentName') });
        break;
      case 'WebChatService.agentTypingStopped':
      case 'WebChatService.agentTypingTimeout':
        patch({ typing: null });
        break;
      case 'WebChatService.chatServerWentOffline':
        actor.send({ type: 'session.error', key: 'ChatServerWentOffline' });
        break;
      case 'WebChatService.ended':
        patch({ typing: null, agentConnected: false });
        actor.send({ type: 'session.ended' });
        if (survey) actor.send({ type: 'survey.offer', ...survey });
        survey = undefined;
        break;
      case 'WebChatService.restoreTimeout':
        restoreTimedOut = true;
        if (invite.autoInvite.inviteOnRestoreTimeout) void showInvite('restore');
        break;
      case 'WebChatService.restoreFailed':
        if (isOpen()) actor.send({ type: 'session.error', key: 'RestoreFailed' });
        break;
      case 'WebChatService.error':
        lastError = event.data;
        break;
      default:
        break;
    }
  });

  const readService = () => readWebChatService(app.section('webchat'), () => undefined);
  /** The service's options, read once (the window's machine is told whether the chat is asynchronous). */
  const readServiceOptions = () => {
    if (service) return;
    service = readService();
    actor.send({ type: 'configure', async: isAsync() });
  };
  /**
   * The service's controller, its chunk loaded (a command to it loads it: the visitor is waiting) and its
   * options read: the window opens, a chat starts or comes back.
   */
  const ensureService = async () => {
    loadDeflection();
    if (!session) {
      await plugin.command('WebChatService.verifySession');
      session = await app.whenProvided('WebChatService');
    }
    readServiceOptions();
    return session;
  };
  // However the service loads (the window, a restore, a chat started, the page's own WebChatService
  // command), the window takes its controller and reads its options; and chat deflection, which works on
  // the chat's messages, loads with it. Before the hooks below, which may open the window.
  let serviceLoaded = false;
  void app.whenProvided('WebChatService').then((controller) => {
    serviceLoaded = true;
    // Its transcript is the window's from now on, also for a chat the window's form started before the
    // window itself asked for the service (it opens without it when there is no chat to come back to).
    session ??= controller;
    // The window draws the service's one transcript: it follows the store, it keeps no copy.
    // So does the connection line: 'Connection restored' goes when the session machine's delay ends.
    const follow = () => {
      const { transcript, connection } = controller.session.value;
      if (transcript !== view.value.transcript || connection !== view.value.connection) patch({ transcript, connection });
    };
    controller.session.subscribe(follow);
    follow();
    readServiceOptions();
    loadDeflection();
  });

  /* ---------------------------------------------------------------- the same window in every tab */

  // While a chat runs, every tab of this deployment shows its window alike (docs/reliability.md "One
  // connection for all tabs"): open or closed, minimised or not, and the unread count. The newest change wins.
  const chatRuns = () => Boolean(session?.session.value.active);
  const windowState = () => {
    const { minimized, unread } = actor.getSnapshot().context;
    return { open: isOpen(), minimized, unread };
  };
  const shareWindow = ({ tabs }: WebChatServiceController) => {
    // A window the visitor opened before the service came (no chat to come back to then) is a change of
    // this tab's, dated now: a tab that comes to follow the chat started in it hears that it is open.
    let shared: SharedWindowState = { ...windowState(), at: isOpen() ? Date.now() : 0 };
    let applying = false;
    actor.subscribe(() => {
      const now = windowState();
      if (applying || (now.open === shared.open && now.minimized === shared.minimized && now.unread === shared.unread)) return;
      if (Date.now() - joinedAt < 1000) {
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
        if (newer && open && !isOpen()) {
          actor.send({ type: 'open', view: 'chat' });
          actor.send({ type: 'session.restored' });
        } else if (newer && !open && isOpen()) actor.send({ type: 'close', force: true });
        if (newer && isOpen() && minimized !== actor.getSnapshot().context.minimized) actor.send({ type: minimized ? 'minimize' : 'restore' });
        // Messages another tab counted while hidden are unread here too (a tab that just came has counted none).
        const missing = unread - actor.getSnapshot().context.unread;
        if (missing > 0 && minimized === actor.getSnapshot().context.minimized) actor.send({ type: 'session.message', count: missing });
      } finally {
        applying = false;
      }
      joinedAt = 0;
      shared = { ...windowState(), at: Math.max(at, shared.at) };
    });
  };
  void app.whenProvided('WebChatService').then(shareWindow);

  /* ---------------------------------------------------------------- the outbox and the draft */

  // The visitor's unsent messages show in the transcript with their state; one that becomes 'Not sent'
  // here raises MessageFailed once. The input's draft is stored as the visitor types (at most DRAFT_SAVE_MS
  // after a key, at once on pagehide) and put back when the chat comes back after a reload.
  const followOutbox = (controller: WebChatServiceController) => {
    let failed = new Set(controller.session.value.transcript.outgoing.filter((e) => e.state === 'failed').map((e) => e.id));
    const update = () => {
      const now = controller.session.value.transcript.outgoing.filter((e) => e.state === 'failed');
      const fresh = now.filter((e) => !failed.has(e.id));
      failed = new Set(now.map((e) => e.id));
      if (fresh.length && isOpen()) actor.send({ type: 'session.error', key: 'MessageFailed', messages: fresh.map((e) => e.error ?? ''), retry: true });
    };
    controller.session.subscribe(update);
    update();
    let saved = '';
    let timer: number | undefined;
    const save = () => {
      if (timer !== undefined) app.window.clearTimeout(timer);
      timer = undefined;
      const { draft } = actor.getSnapshot().context;
      if (draft === saved || !controller.session.value.active) return;
      saved = draft;
      void plugin.command('WebChatService.saveDraft', { text: draft }).catch(() => undefined);
    };
    actor.subscribe((snapshot) => {
      if (snapshot.context.draft === saved || timer !== undefined) return;
      timer = app.window.setTimeout(save, DRAFT_SAVE_MS);
    });
    app.window.addEventListener('pagehide', save);
    /** The stored draft back in an empty input (after a reload). */
    const putBack = () =>
      void plugin.command('WebChatService.getDraft').then(
        ({ text }) => {
          saved = text;
          if (text && !actor.getSnapshot().context.draft) actor.send({ type: 'draft.change', text });
        },
        () => undefined,
      );
    app.bus.subscribe('WebChatService.restored', putBack);
    app.bus.subscribe('WebChatService.restoredOffline', putBack);
    if (controller.session.value.active) putBack();
  };
  void app.whenProvided('WebChatService').then(followOutbox);

  /**
   * Opens the window (the `open` command, an accepted invite); `prefill` fills its form. With no chat to
   * come back to (this tab's service has not started, no session cookie and no asynchronous chat's page
   * store: src/app/chat-return.ts) it opens on its form at once: the service's code is not even fetched
   * with the open (src/load-graph.ts), and the service (its session machine, the tabs, the outbox: a task
   * of 10–18 ms at 1× CPU) starts once the browser is idle after it; a chat started before then starts it.
   * Otherwise the service says whether the chat still runs, and the window opens on it.
   */
  async function openWindow(prefill: () => void = () => undefined): Promise<void> {
    if (!session && !chatMayComeBack(app)) {
      // Chat deflection, which works on the chat's messages, loads with the service (the provide hook above).
      readServiceOptions();
      actor.send({ type: 'open' });
      prefill();
      void app
        .idle(1000)
        .then(() => ensureService())
        .catch(() => undefined);
      return;
    }
    const active = (await ensureService().then(() => plugin.command('WebChatService.verifySession'))).sessionActive;
    if (isOpen()) throw new Error(webChatMessages.alreadyOpen);
    actor.send({ type: 'open', ...(active ? { view: 'chat' as const } : {}) });
    if (active) actor.send({ type: 'session.restored' });
    prefill();
  }

  /* ---------------------------------------------------------------- invite */

  const INVITE_DISABLED = 'webchat_autoinvite_disabled';
  let inviteShown = false;
  async function showInvite(kind: 'proactive' | 'restore'): Promise<void> {
    if (isOpen()) throw new Error(webChatMessages.chatOpen);
    inviteShown = true;
    // Accepting opens the window: its code (the plugin's view, and the service where a chat may come back)
    // is fetched now, while the visitor reads the invite; no other window's.
    app.intent('WebChat', { likely: false });
    if (invite.chatButton.hideDuringInvite) chatButton.send({ type: 'hide' });
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
  const endInvite = (open: boolean, closeToaster = true) => {
    if (!inviteShown) return;
    inviteShown = false;
    app.cookies.set(INVITE_DISABLED, '1', { hostOnly: true });
    void plugin.command('Watchman.stopCountdown', { name: 'WebChat.invite' }).catch(() => undefined);
    if (closeToaster) void plugin.command('Toaster.close').catch(() => undefined);
    if (invite.chatButton.enabled && !isOpen()) chatButton.send({ type: 'show' });
    if (open && !isOpen()) void openWindow().catch(() => undefined);
  };
  app.bus.subscribe('Toaster.buttonClicked', (event) => {
    if (event.data.id === 'webchat-accept') endInvite(true, false);
    else if (event.data.id === 'webchat-decline') endInvite(false, false);
  });
  // The proactive invite: after the visitor has been idle timeToInviteSeconds (Watchman), for inviteTimeoutSeconds.
  const armInvite = () => {
    if (!invite.autoInvite.enabled || app.cookies.get(INVITE_DISABLED, { hostOnly: true }) === '1') return;
    // Loaded first, not by the command: the Watchman's chunk evaluation and its start are then two tasks (src/app/app.ts).
    void app.bus
      .load('Watchman')
      .then(() => plugin.command('Watchman.configure', { threshold: invite.autoInvite.timeToInviteSeconds }))
      .then(() => {
        const stop = app.bus.subscribe('Watchman.idle', () => {
          stop();
          if (isOpen() || app.cookies.get(INVITE_DISABLED, { hostOnly: true }) === '1') return;
          showInvite('proactive')
            .then(() => plugin.command('Watchman.countdown', { name: 'WebChat.invite', time: invite.autoInvite.inviteTimeoutSeconds }))
            .catch(() => undefined);
        });
      })
      .catch(() => undefined);
  };
  app.bus.subscribe('Watchman.countdownDone', (event) => {
    if (event.data.name === 'WebChat.invite' && inviteShown) {
      inviteShown = false;
      void plugin.command('Toaster.close').catch(() => undefined);
      if (invite.chatButton.enabled && !isOpen()) chatButton.send({ type: 'show' });
    }
  });

  /* ---------------------------------------------------------------- commands */

  plugin.registerCommand('open', async (options) => {
    if (isOpen()) throw new Error(webChatMessages.alreadyOpen);
    // The invite ends; the window opens here, not from the invite.
    if (inviteShown) endInvite(false);
    const form = isRecord(options) && isRecord(options.form) ? options.form : undefined;
    await openWindow(() => {
      if (form)
        for (const [field, value] of Object.entries(form))
          if (typeof value === 'string') actor.send({ type: 'form.change', field: field as ChatFormField, value });
    });
  });
  plugin.registerCommand('close', (options) => {
    if (!isOpen()) throw new Error(webChatMessages.notOpen);
    const force = isRecord(options) && options.confirmed === true;
    actor.send({ type: 'close', ...(force ? { force: true as const } : {}) });
    if (isOpen()) throw new Error(webChatMessages.confirmClose);
  });
  plugin.registerCommand('minimize', () => {
    if (!isOpen()) throw new Error(webChatMessages.notOpen);
    // The spec's toggle.
    actor.send({ type: actor.getSnapshot().context.minimized ? 'restore' : 'minimize' });
  });
  plugin.registerCommand('endChat', async () => {
    const active = (await plugin.command('WebChatService.verifySession')).sessionActive;
    if (!active) throw new Error(webChatMessages.noSession);
    if (isOpen() && actor.getSnapshot().can({ type: 'end' })) actor.send({ type: 'end' });
    else await svc.end();
  });
  plugin.registerCommand('configure', (options) => {
    if (!isRecord(options) || !Object.keys(options).length) throw new Error(webChatMessages.invalidConfiguration);
    const next = { ...app.section('webchat'), ...options };
    const [issue] = readSection('webchat', next, webChatWindowSchema, () => undefined).issues;
    if (issue) throw new Error(`${webChatMessages.invalidConfiguration}: ${issue.path} ${issue.message}`);
    app.configure('webchat', next);
  });
  plugin.registerCommand('invite', async () => {
    if (isOpen()) throw new Error(webChatMessages.chatOpen);
    if ((await plugin.command('WebChatService.verifySession')).sessionActive) throw new Error(webChatMessages.inviteOff);
    await showInvite('proactive');
  });
  plugin.registerCommand('reInvite', async () => {
    if (!restoreTimedOut || !invite.autoInvite.inviteOnRestoreTimeout) throw new Error(webChatMessages.noRestoreTimeout);
    await showInvite('restore');
  });
  /** A line of this page only (injectMessage, chat deflection): after the last line, between server indexes. */
  const nextLocalIndex = () => {
    const last = Math.max(view.value.transcript.messages.at(-1)?.index ?? 0, view.value.local.at(-1)?.index ?? 0);
    // Never a whole number: a server index is never replaced by a line of this page.
    return Math.floor(last) + ((injected++ % 999) + 1) / 1000;
  };
  const inject = (message: TranscriptMessage) => {
    patch({ local: [...view.value.local, message] });
    plugin.publish('messageAdded', { message });
  };
  plugin.registerCommand('injectMessage', (options) => {
    const o: Record<string, unknown> = isRecord(options) ? options : {};
    if (o.type !== 'text' && o.type !== 'html') throw new Error(webChatMessages.injectType);
    if (typeof o.text !== 'string' || !o.text.trim() || o.text.length > 5000) throw new Error(webChatMessages.injectText);
    inject({
      index: nextLocalIndex(),
      type: 'Message',
      text: o.text,
      html: o.type === 'html',
      timestamp: Date.now(),
      from: { id: 'injected', type: 'External', name: typeof o.name === 'string' ? o.name.slice(0, 100) : '' },
    });
  });
  // Whether an agent is in the chat, for plugins that load after the agentConnected event (CallUs).
  plugin.registerCommand('getState', () => ({ agentConnected: view.value.agentConnected }));
  plugin.registerCommand('showOverlay', (options) => {
    if (!isOpen()) throw new Error(webChatMessages.notOpen);
    const text = isRecord(options) && typeof options.text === 'string' ? options.text.slice(0, 2000) : '';
    patch({ overlay: text || app.t.t('chat.overlay.default') });
  });
  plugin.registerCommand('hideOverlay', () => patch({ overlay: null }));
  plugin.registerCommand('showChatButton', () => {
    if (!chatButton.getSnapshot().can({ type: 'show' })) throw new Error(sideButtonMessages.alreadyVisible);
    element();
    chatButton.send({ type: 'show' });
  });
  plugin.registerCommand('hideChatButton', () => {
    if (!chatButton.getSnapshot().can({ type: 'hide' })) throw new Error(sideButtonMessages.alreadyHidden);
    chatButton.send({ type: 'hide' });
  });

  /**
   * Chat deflection (off by default) searches the chat's messages: its chunk loads with the chat service
   * (the window opening, a chat starting or coming back), not with the chat button; a load, not a command,
   * so its evaluation and its start are two tasks.
   */
  function loadDeflection(): void {
    if (app.section('chatdeflection').enabled === true) void app.bus.load('ChatDeflection').catch(() => undefined);
  }
  app.bus.subscribe('App.configured', (event) => {
    if (event.data.section === 'chatdeflection' && serviceLoaded) loadDeflection();
    if (event.data.section !== 'webchat') return;
    settings = readWebChatWindow(app.section('webchat'));
    if (service) service = readService();
    invite = readWebChatInvite(app.section('webchat'), () => undefined);
  });
  app.bus.subscribe('App.closeAll', () => {
    if (isOpen()) actor.send({ type: 'close' });
  });

  /* ---------------------------------------------------------------- the view's controller */

  const controller: WebChatController = {
    actor,
    chatButton,
    view,
    settings: () => {
      // Read by every way of opening the window (openWindow, ensureService, the service's events).
      if (!service) throw new Error("[live-assist] the chat window was drawn before the chat service's options were read");
      return { ...settings, service };
    },
    async send(text) {
      const { session: store } = await ensureService();
      // The text goes up as the public command. It is safe once its row shows in the transcript (the
      // outbox stored it): the input empties then, not when the server acknowledges it; a refusal (the
      // command rejects before any row) keeps it in the input.
      const before = new Set(store.value.transcript.outgoing.map((o) => o.id));
      let rowShown: () => void = () => undefined;
      const queued = new Promise<void>((resolve) => (rowShown = resolve));
      const watch = store.subscribe(() => {
        if (store.value.transcript.outgoing.some((o) => !before.has(o.id))) rowShown();
      });
      const sent = plugin.command('WebChatService.sendMessage', { message: text });
      // Given up later: its row says 'Not sent' (MessageFailed is raised from the row, below).
      sent.catch(() => undefined);
      try {
        await Promise.race([queued, sent]);
      } catch (error) {
        actor.send({ type: 'session.error', key: 'MessageFailed', messages: [errorMessage(error)] });
        throw error;
      } finally {
        watch.unsubscribe();
      }
      actor.send({ type: 'draft.sent', text });
    },
    typing(text) {
      if (!session?.session.value.active) return;
      void plugin.command('WebChatService.sendTyping', { message: text }).catch(() => undefined);
    },
    download(fileId) {
      void plugin
        .command('WebChatService.downloadFile', { fileId })
        .catch((error: unknown) => actor.send({ type: 'session.error', key: 'Generic', messages: [errorMessage(error)] }));
    },
    async sendFiles(files) {
      lastFiles = files;
      try {
        await plugin.command('WebChatService.sendFile', { files });
      } catch (error) {
        const errors = lastError?.during === 'sendFile' ? lastError.errors : [];
        const codes = errors.map((e) => e.code);
        actor.send({
          type: 'session.error',
          key: codes.length ? 'serverErrors' : 'FileSendFailed',
          codes,
          keys: errors.map((e) => e.key ?? ''),
          messages: [errorMessage(error)],
          retry: !codes.length,
        });
      }
    },
    loadHistory() {
      if (view.value.historyLoading) return;
      patch({ historyLoading: true });
      plugin.command('WebChatService.fetchHistory').then(
        () => patch({ historyLoading: false }),
        () => patch({ historyLoading: false, canLoadHistory: false }),
      );
    },
    clickChatButton() {
      if (!isOpen()) void plugin.command('WebChat.open').catch(() => undefined);
    },
    addKnowledge(knowledge, summary) {
      const message: KnowledgeMessage = {
        index: nextLocalIndex(),
        type: 'Message',
        text: summary,
        html: false,
        timestamp: Date.now(),
        from: { id: KNOWLEDGE_SENDER, type: 'Bot', name: '' },
        knowledge,
      };
      inject(message);
    },
  };
  app.provide('WebChat', controller);
  plugin.ready();

  // A chat saved by an earlier page (its cookie, or the asynchronous chat's page store): the service
  // restores it (its events above reopen the window).
  if (chatMayComeBack(app)) void ensureService().catch(() => undefined);
  // The service came first (the page's own WebChatService command loaded it) and has restored the chat
  // already, before this plugin listened: the window comes back as the 'restored' event brings it.
  if (app.bus.describe().some((p) => p.name === 'WebChatService' && p.ready)) {
    void app.whenProvided('WebChatService').then((controller) => {
      if (controller.session.value.active && !isOpen()) cameBack(false);
    });
  }

  plugin.publish('ready', undefined);

  // In a task of its own, not awaited (a command that waits for the plugin — a visitor's click — runs at
  // once, not behind it): the side chat button when the window is closed (its element appended), and the
  // proactive invite when the page is idle.
  app.window.setTimeout(() => {
    if (invite.chatButton.enabled && app.window.document.body) {
      element();
      chatButton.send({ type: 'show' });
    }
    armInvite();
  });
}
