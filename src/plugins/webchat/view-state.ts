import type { ActorRefFrom } from 'xstate';
import type { chatWindowMachine } from '../../../machines/chat-window.machine.ts';
import type { sideButtonMachine } from '../../../machines/side-button.machine.ts';
import type { TranscriptMessage } from '../../services/chat/types.ts';
import type { ChatTranscript, OutgoingMessage } from '../../../machines/chat-transcript.ts';
import type { WebChatServiceSettings } from '../shared/webchat-config.ts';
import type { WebChatWindowSettings } from './webchat-window-config.ts';

export type ChatWindowActor = ActorRefFrom<typeof chatWindowMachine>;
export type ChatButtonActor = ActorRefFrom<typeof sideButtonMachine>;

/**
 * A message of the visitor's that the server has not shown yet (the transcript's outgoing row): 'sending'
 * (queued or on its way), 'sent' (acknowledged, its server copy not yet arrived), 'failed' ('Not sent',
 * with Retry and Edit).
 */
export type PendingMessage = OutgoingMessage;

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
  /** Co-browse for the actions menu: null while offline (not offered), else whether a session runs. */
  cobrowse: boolean | null;
  /** The window opened without the visitor (a restore, a message while it was closed): it takes no focus. */
  openedBySite: boolean;
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
  /** The actions menu's co-browse item: starts (the warning dialog first) or stops a session. */
  cobrowse(): void;
  clickChatButton(): void;
  /** `webchat.chatButton.template`: the site's HTML for the chat button (the view sanitises it), or undefined. */
  chatButtonTemplate(): string | undefined;
}

/** Window options `WebChat.configure` takes (the window's, the invite's, the chat button's and the service's parts of `webchat`). */
export type WebChatOptions = Partial<Record<keyof WebChatWindowSettings | 'autoInvite' | 'proactive' | 'chatButton', unknown>>;
