/**
 * The WebChatService plugin's public vocabulary, type-only: its bus commands and events and the
 * controller it provides to the chat window. `src/index.ts` re-exports this module so the published
 * types declare them (see src/bus/types.ts). Commands and events: web-chat.md §7 "Internal bus", §8.
 */
import type { AgentRecord } from '../../../machines/chat-session.machine.ts';
import type { FileLimits, TranscriptMessage, TransportType } from '../../services/chat/types.ts';
import type { ChatMetadata } from '../../services/chat/session-store.ts';
import type { ChatTranscript } from '../../../machines/chat-transcript.ts';
import type { Tabs } from '../../services/chat/tabs.ts';
import type { WebChatServiceSettings } from '../shared/webchat-config.ts';

/** The options `WebChatService.configure` takes: the chat service's part of the `webchat` section. */
export type WebChatServiceOptions = Partial<Record<keyof WebChatServiceSettings, unknown>>;

/** A value and its changes, read-only: the window draws from it and never writes it. */
export interface ReadableStore<T> {
  readonly value: T;
  subscribe(listener: () => void): { unsubscribe(): void };
}

/** What the window draws of the session: whether a chat runs, and its one transcript (machines/chat-transcript.ts). */
export interface ChatSessionView {
  active: boolean;
  transcript: ChatTranscript;
  /** The connection line: 'reconnected' for the machine's `reconnectedShown`, then 'connected'. */
  connection: 'connected' | 'disconnected' | 'reconnected';
}

/**
 * What another plugin may hold of the chat service: reads only. Everything it asks of the session goes
 * as a `WebChatService.*` command (sendMessage, retryMessage, editMessage, saveDraft …).
 */
export interface WebChatServiceController {
  /** The session as the window draws it: a new value only when the chat starts or ends or its transcript changes. */
  session: ReadableStore<ChatSessionView>;
  /** The tabs of this browser that show this deployment's chat: the window says how it is shown in them. */
  tabs: Pick<Tabs, 'post' | 'onMessage'>;
}

/** The message shapes the chat window renders (views may not import services; they import these). */
export type { FileLimits, ParticipantType, TranscriptMessage, TranscriptType } from '../../services/chat/types.ts';

/** The start form (web-chat.md §3 "Chat start payload"); the lower-case form names are accepted too. */
export interface StartChatOptions {
  nickname?: string;
  firstName?: string;
  lastName?: string;
  emailAddress?: string;
  subject?: string;
  /** Form names (the window's `name` attributes). */
  firstname?: string;
  lastname?: string;
  email?: string;
  /** A first message sent with the start. */
  text?: string;
  /** An object of strings, or a JSON string of one ('malformed JSON provided in userData property'). */
  userData?: Record<string, string> | string;
  /** Overrides `webchat.transport.endpoint`. */
  endpoint?: string;
}

/** What the bus says of a failure (a `ChatFailure` without its stack). */
export interface ChatErrorEvent {
  message: string;
  kind: string;
  /** Each server error: its code, its message, for a transport's own codes the language-pack key that words it, and what its text substitutes (the file's name, 201's count, 202's or a file's byte limit). */
  errors: Array<{ code: number; message: string; key?: string; name?: string; max?: number }>;
  /** The command or call that failed: 'startChat', 'poll', 'sendMessage' … */
  during: string;
}

/** The chat as `verifySession` and `getSessionData` describe it: never the keys. */
export interface ChatSessionInfo {
  sessionActive: boolean;
  chatId?: string;
  type?: TransportType;
  /** Epoch ms the chat started. */
  started?: number;
}

/** An agent joined or left (Widgets' `{ message, agents, numAgentsConnected }`). */
export interface AgentsChange {
  agents: Record<string, AgentRecord>;
  numAgentsConnected: number;
  message: TranscriptMessage;
}

declare module '../../bus/types.ts' {
  interface Commands {
    'WebChatService.configure': { options: WebChatServiceOptions; result: void };
    'WebChatService.startChat': { options: StartChatOptions | void; result: ChatSessionInfo };
    'WebChatService.endChat': { options: void; result: void };
    'WebChatService.sendMessage': { options: { message: string; messageType?: string; eventAttributes?: string }; result: { index?: number } };
    'WebChatService.sendCustomNotice': { options: { message: string }; result: void };
    'WebChatService.sendTyping': { options: { message?: string } | void; result: void };
    'WebChatService.sendFilteredMessage': { options: { message: string; regex: RegExp }; result: { index?: number } };
    'WebChatService.addPrefilter': { options: { filters: RegExp | RegExp[] }; result: void };
    'WebChatService.updateUserData': { options: Record<string, string>; result: void };
    'WebChatService.poll': { options: void; result: void };
    'WebChatService.startPoll': { options: void; result: void };
    'WebChatService.stopPoll': { options: void; result: void };
    'WebChatService.restore': { options: void; result: ChatSessionInfo };
    'WebChatService.asyncRestore': { options: void; result: ChatSessionInfo };
    'WebChatService.resetPollExceptions': { options: void; result: void };
    'WebChatService.getTranscript': { options: void; result: TranscriptMessage[] };
    'WebChatService.getAgents': { options: void; result: Record<string, AgentRecord> };
    'WebChatService.getStats': { options: void; result: ChatMetadata };
    'WebChatService.getFileLimits': { options: void; result: FileLimits };
    'WebChatService.sendFile': { options: { files: File[] | FileList }; result: { fileIds: string[] } };
    'WebChatService.downloadFile': { options: { fileId: string }; result: void };
    'WebChatService.getSessionData': { options: void; result: ChatSessionInfo };
    'WebChatService.fetchHistory': { options: void; result: TranscriptMessage[] };
    'WebChatService.registerTypingPreviewInput': { options: { input: HTMLInputElement | HTMLTextAreaElement }; result: void };
    'WebChatService.registerPreProcessor': { options: { preprocessor: (text: string) => string }; result: void };
    'WebChatService.verifySession': { options: void; result: ChatSessionInfo };
    'WebChatService.registerAutoLoad': { options: void; result: void };
    'WebChatService.deregisterAutoLoad': { options: void; result: void };
    /** 'Not sent — Retry': the failed message goes again with its id (without an id, every failed message does). */
    'WebChatService.retryMessage': { options: { id?: string } | void; result: void };
    /** 'Not sent — Edit': the failed message leaves the outbox; its text comes back for the input. Rejected for any other message. */
    'WebChatService.editMessage': { options: { id: string }; result: { text: string } };
    /** The input's stored draft of the running chat (docs/reliability.md "Outbox and drafts"); '' when none. */
    'WebChatService.getDraft': { options: void; result: { text: string } };
    /** Stores the input's draft of the running chat, so a reload puts it back; ignored without a chat. */
    'WebChatService.saveDraft': { options: { text: string }; result: void };
  }
  interface Events {
    'WebChatService.started': ChatSessionInfo;
    /** `idle`: the idle alerts so far and the close countdown, when the batch carried an IdleAlert. */
    'WebChatService.messageReceived': { messages: TranscriptMessage[]; restoring: boolean; history?: boolean; idle?: { alerts: number; countdownMs?: number } };
    'WebChatService.restored': ChatSessionInfo;
    'WebChatService.restoreTimeout': void;
    /**
     * Why: the server says the chat ended (`'ended'`), or the restore call failed (`'error'`, with its message).
     * `handover`: the chat was another tab's, taken up by this one (the window says TransferFailed).
     */
    'WebChatService.restoreFailed': { reason: 'ended' | 'error'; message: string; handover?: true };
    /** `unexpected`: the server no longer knew the chat (a poll or the stream was refused), not an end anyone asked for. */
    'WebChatService.ended': { endedBy: 'visitor' | 'server' | 'agent'; unexpected?: true };
    /** `message`: the join; `agents`: every agent of the chat by participant id, with `connected`; `numAgentsConnected` of them now. */
    'WebChatService.agentConnected': AgentsChange;
    /** `message`: the leave; as agentConnected otherwise. */
    'WebChatService.agentDisconnected': AgentsChange;
    /** `agent`: who types, when the server named them. */
    'WebChatService.agentTypingStarted': { agent?: { id: string; name: string } };
    'WebChatService.agentTypingStopped': void;
    'WebChatService.agentTypingTimeout': void;
    'WebChatService.restoredOffline': void;
    'WebChatService.chatServerWentOffline': void;
    'WebChatService.chatServerBackOnline': void;
    'WebChatService.disconnected': void;
    'WebChatService.reconnected': void;
    'WebChatService.error': ChatErrorEvent;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    WebChatService: WebChatServiceController;
  }
}
