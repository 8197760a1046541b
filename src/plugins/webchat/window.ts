import { createActor, fromPromise } from 'xstate';
import type { App, Controllers } from '../../app/app.ts';
import type { PluginHandle } from '../../bus/bus.ts';
import { chatWindowMachine, type ChatFieldConfig, type ValidateFieldsInput } from '../../../machines/chat-window.machine.ts';
import { sideButtonMachine } from '../../../machines/side-button.machine.ts';
import { EMPTY_TRANSCRIPT } from '../../../machines/chat-transcript.ts';
import type { TranscriptMessage } from '../../services/chat/types.ts';
import type { ChatErrorEvent } from '../webchat-service/webchat-service.api.ts';
// The service's options: their reader is shared logic (the valibot chunk), its schemas built on first read.
import { readWebChatService, type WebChatServiceSettings } from '../shared/webchat-config.ts';
import { chatMayComeBack } from '../../app/chat-return.ts';
import { readWebChatInvite, readWebChatWindow, type WebChatInviteSettings, type WebChatWindowSettings } from './webchat-window-config.ts';
import { drawInputs, type FormInput } from './form-config.ts';
import { runValidates } from './form-checks.ts';
import { ViewState, type ChatButtonActor, type ChatView, type ChatWindowActor } from './view-state.ts';

// The session plugin's controller by the name it is provided under, not by importing that plugin.
export type WebChatServiceController = Controllers['WebChatService'];

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
  privateCommand: (command: string) => `Access Denied to private command: ${command}. Only ChatDeflection may run it.`,
  noKnowledge: 'addKnowledge needs a knowledge bubble and its summary text',
} as const;

export const TAG = 'la-chat';
/** The docked window's width (styles/chat.css), for the window manager. */
export const CHAT_WIDTH_PX = 380;

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The chat window's state and the helpers its parts share (events, commands, invite, tabs, draft): one
 * object, so the plugin's modules read one window instead of each holding a copy.
 */
export interface ChatWindow {
  readonly app: App;
  readonly plugin: PluginHandle<'WebChat'>;
  readonly actor: ChatWindowActor;
  readonly chatButton: ChatButtonActor;
  readonly view: ViewState<ChatView>;
  settings: WebChatWindowSettings;
  invite: WebChatInviteSettings;
  /**
   * The chat service's options as the window reads them (asynchronous chats, the input's limit, uploads):
   * read when first needed (`readServiceOptions`), always before the window can open; the idle start
   * (the chat button, the invite) needs none of them. A configure reads them again once they were read.
   */
  service: WebChatServiceSettings | undefined;
  /** The service's read-only side (its session store, the tabs), once it is provided. */
  session: WebChatServiceController | undefined;
  /** The service's chunk has loaded (chat deflection loads with it). */
  serviceLoaded: boolean;
  /** The last WebChatService.error, for the start's and uploads' failures. */
  lastError: ChatErrorEvent | undefined;
  restoreTimedOut: boolean;
  /** The invite toast shows. */
  inviteShown: boolean;
  /** The files of the last upload, for FileSendFailed's Retry. */
  lastFiles: File[];
  /** `WebChat.open`'s user data, sent with the chat's start. */
  openUserData: Record<string, string> | undefined;
  /** `WebChat.open`'s own form (`formJSON`), drawn for that open instead of `webchat.form`. */
  openForm: FormInput[] | null;
  /** The start form's inputs for the open now: each value function of the page called. */
  drawForm(): ChatFieldConfig[];
  /** When this tab restored the chat: what its window does then (opens, as the cookie says) is not news to the others. */
  joinedAt: number;
  patch(change: Partial<ChatView>): void;
  isOpen(): boolean;
  isAsync(): boolean;
  element(): HTMLElement;
  readService(): WebChatServiceSettings;
  readServiceOptions(): void;
  /** The service's controller, its chunk loaded and its options read: the window opens, a chat starts or comes back. */
  ensureService(): Promise<WebChatServiceController>;
  loadDeflection(): void;
  /** A line of this page only (injectMessage, chat deflection): shown and published, never sent. */
  inject(message: TranscriptMessage): void;
  /** The index of a line of this page: after the last line, between server indexes. */
  nextLocalIndex(): number;
}

/** The window's machine and chat button (started), its view state, and the shared helpers. */
export function createChatWindow(app: App, plugin: PluginHandle<'WebChat'>): ChatWindow {
  const settings = readWebChatWindow(app.section('webchat'));
  const invite = readWebChatInvite(app.section('webchat'), () => undefined);
  // The sites' validate functions get the drawn form's elements, in the chat element's shadow root.
  const validateFields = fromPromise<string[], ValidateFieldsInput>(({ input }) =>
    runValidates(() => app.ensureElement(TAG).shadowRoot, app.window.document, input),
  );
  const actor: ChatWindowActor = createActor(chatWindowMachine.provide({ actors: { validateFields } }), {
    // `async` follows with the service's options (readServiceOptions): only a running chat asks it. The
    // form's inputs come with each open (`drawForm`: their value functions are called then).
    input: { fields: [], confirmFormClose: settings.confirmFormCloseEnabled, async: false },
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
    cobrowse: null,
    openedBySite: false,
  });
  let injected = 0;

  const win: ChatWindow = {
    app,
    plugin,
    actor,
    chatButton,
    view,
    settings,
    invite,
    service: undefined,
    session: undefined,
    serviceLoaded: false,
    lastError: undefined,
    restoreTimedOut: false,
    inviteShown: false,
    lastFiles: [],
    openUserData: undefined,
    openForm: null,
    drawForm: () => drawInputs(win.openForm ?? win.settings.form.inputs),
    joinedAt: 0,
    patch: (change) => view.next({ ...view.value, ...change }),
    isOpen: () => !actor.getSnapshot().matches('closed'),
    isAsync: () => Boolean(win.service && (win.service.async.enabled || win.service.transport.async)),
    element: () => app.ensureElement(TAG),
    readService: () => readWebChatService(app.section('webchat'), () => undefined),
    /** The service's options, read once (the window's machine is told whether the chat is asynchronous). */
    readServiceOptions: () => {
      if (win.service) return;
      win.service = win.readService();
      actor.send({ type: 'configure', async: win.isAsync() });
    },
    // A command to the service loads its chunk: the visitor is waiting.
    ensureService: async () => {
      win.loadDeflection();
      if (!win.session) {
        await plugin.command('WebChatService.verifySession');
        win.session = await app.whenProvided('WebChatService');
      }
      win.readServiceOptions();
      return win.session;
    },
    /**
     * Chat deflection (off by default) searches the chat's messages: its chunk loads with the chat service
     * (the window opening, a chat starting or coming back), not with the chat button; a load, not a command,
     * so its evaluation and its start are two tasks.
     */
    loadDeflection: () => {
      if (app.section('chatdeflection').enabled === true) void app.bus.load('ChatDeflection').catch(() => undefined);
    },
    inject: (message) => {
      win.patch({ local: [...view.value.local, message] });
      plugin.publish('messageAdded', { message });
    },
    nextLocalIndex: () => {
      const last = Math.max(view.value.transcript.messages.at(-1)?.index ?? 0, view.value.local.at(-1)?.index ?? 0);
      // Never a whole number: a server index is never replaced by a line of this page.
      return Math.floor(last) + ((injected++ % 999) + 1) / 1000;
    },
  };
  return win;
}

/**
 * Opens the window (the `open` command, an accepted invite); `prefill` fills its form. With no chat to
 * come back to (this tab's service has not started, no session cookie and no asynchronous chat's page
 * store: src/app/chat-return.ts) it opens on its form at once: the service's code is not even fetched
 * with the open (src/load-graph.ts), and the service (its session machine, the tabs, the outbox: a task
 * of 10–18 ms at 1× CPU) starts once the browser is idle after it; a chat started before then starts it.
 * Otherwise the service says whether the chat still runs, and the window opens on it. `bySite`: opened by a
 * restore, not by the visitor: the window takes no focus.
 */
export async function openWindow(win: ChatWindow, prefill: () => void = () => undefined, bySite = false): Promise<void> {
  const { app, actor, plugin } = win;
  win.patch({ openedBySite: bySite });
  if (!win.session && !chatMayComeBack(app)) {
    // Chat deflection, which works on the chat's messages, loads with the service (the provide hook).
    win.readServiceOptions();
    actor.send({ type: 'open', fields: win.drawForm() });
    prefill();
    void app
      .idle(1000)
      .then(() => win.ensureService())
      .catch(() => undefined);
    return;
  }
  const active = (await win.ensureService().then(() => plugin.command('WebChatService.verifySession'))).sessionActive;
  if (win.isOpen()) throw new Error(webChatMessages.alreadyOpen);
  actor.send(active ? { type: 'open', view: 'chat' } : { type: 'open', fields: win.drawForm() });
  if (active) actor.send({ type: 'session.restored' });
  prefill();
}
