/**
 * The chat's transport interface (web-chat.md §3, §7): what every transport — legacy REST, CometD,
 * next-generation REST and cloud (src/services/chat/transports/) — implements, and the one normalised shape of
 * what they bring back. The session machine (machines/chat-session.machine.ts) and the WebChatService
 * plugin know only these types; a transport is a lazily loaded chunk chosen by configuration
 * (`webchat.transport.type`).
 *
 * Type-only except `ChatFailure`, which every transport throws.
 */

/** Participant types (web-chat.md §3, §6). */
export type ParticipantType = 'Client' | 'Agent' | 'Supervisor' | 'Bot' | 'External';

/**
 * Transcript message types as the servers send them. The legacy REST server sends these names; other
 * transports map theirs onto them.
 */
export type TranscriptType =
  | 'Message'
  | 'PushUrl'
  | 'Notice'
  | 'CustomNotice'
  | 'ParticipantJoined'
  | 'ParticipantLeft'
  | 'NicknameUpdated'
  | 'TypingStarted'
  | 'TypingStopped'
  | 'FileUploaded'
  | 'FileDeleted'
  | 'IdleAlert'
  | 'IdleClose'
  | 'Structured';

/** One transcript message, normalised (web-chat.md §3 "Transcript message"). */
export interface TranscriptMessage {
  /** The server's index: strictly increasing within a chat; order is by index, never by arrival. */
  index: number;
  type: TranscriptType;
  text: string;
  /** Epoch milliseconds, server clock. */
  timestamp: number;
  /** The text is HTML (to be sanitised before display), not plain text. */
  html: boolean;
  from: { id: string; type: ParticipantType; name: string };
  /** FileUploaded: file-name, file-size, file-id, file-type; IdleAlert: next-idle-timer-type / -secs. */
  userData?: Record<string, string>;
  /** The server's text was longer than the chat keeps (10,000 characters): it is cut there, an ellipsis at the cut. */
  shortened?: boolean;
  /** Set on messages that arrive by a restore (a reload): the window shows them without alerting. */
  restoring?: boolean;
  /** A structured message's rich media (quick replies, cards, a list, attachments); its `text` is what a reader says of it. */
  rich?: RichEnvelope;
}

/** The rich-media layouts (plugins-and-infrastructure.md §2, §3 "Chat-side envelope"). */
export type RichContentType = 'quick-replies' | 'generic' | 'list-vertical' | 'attachments';

/**
 * A structured message's envelope as every transport brings it. `content` is the layout's items as the
 * server sent them (plain JSON): the rich-media view checks each item before it draws anything of it.
 */
export interface RichEnvelope {
  contentType: RichContentType;
  content: readonly unknown[];
  /** The structured message's own id (the server's), '' when it has none. */
  id: string;
  /** The text sent back for a choice that names none of its own. */
  textback?: string;
  /** The message this one answers. */
  parentMessageID?: string;
}

/**
 * What a transport needs to keep talking to one chat after a reload: plain strings and numbers only,
 * because the session store writes it into cookies (legacy: chatId, userId, secureKey, alias).
 */
export type SessionData = Record<string, string | number>;

/** The start form and user data (web-chat.md §3 "Chat start payload"). */
export interface StartRequest {
  nickname?: string;
  firstName?: string;
  lastName?: string;
  emailAddress?: string;
  subject?: string;
  /** A first message sent with the start. */
  text?: string;
  userData: Record<string, string>;
  /** The chat endpoint (the deployment: the customer chat bot). */
  endpoint?: string;
}

export interface StartResult {
  session: SessionData;
  /** Messages the start answer already carried (usually none). */
  messages: TranscriptMessage[];
}

/** One poll, restore or history answer. */
export interface PollResult {
  messages: TranscriptMessage[];
  chatEnded: boolean;
  /** Epoch ms of the next server idle alert or close, when one is armed (`idleTimerExpire`). */
  idleTimerExpire?: number;
  /** The transcript position to ask for next, when the server names it. */
  nextPosition?: number;
  /** The answer carried nothing to read (legacy refresh answered 204): not an error, not activity. */
  empty?: boolean;
}

/** Upload limits from the server (web-chat.md §3 "File limits"). */
export interface FileLimits {
  /** Allowed extensions, lower case, without the dot (`upload-file-types`, colon-separated). */
  types: string[];
  /** Uploads are possible only while an agent is connected (`upload-need-agent`). */
  needAgent: boolean;
  /** Bytes per file (`upload-max-file-size`). */
  maxFileSize: number;
  /** Files per chat, when the server names it (checked as code 201). */
  maxFiles?: number;
  /** Bytes of all files of the chat, when the server names it (checked as code 202). */
  maxTotalSize?: number;
}

export interface SendOptions {
  /** The legacy `messageType` field (default 'text'). */
  messageType?: string;
  /** The legacy `eventAttributes` field: links a reply to a parent message. */
  eventAttributes?: string;
  /**
   * The client message id (issue 13, docs/reliability.md "Exactly once"): created once per visitor message,
   * the same on every retry. HTTP transports send it as the `Idempotency-Key` header, CometD as
   * `clientMessageId` in the sendMessage data; a server that honours it stores a repeat once.
   */
  clientMessageId?: string;
}

/** What a transport can do beyond the common calls (web-chat.md §3 "Capabilities"). */
export interface TransportCapabilities {
  async: boolean;
  pagination: boolean;
  fileUpload: boolean;
  /** Messages are pushed (CometD, WebSocket); otherwise the session machine polls. */
  stream: boolean;
}

/** Transport type names as configured in `webchat.transport.type`. */
export type TransportType = 'rest' | 'cometd' | 'ngrest' | 'cloud';

/** A server error of a coded list (`errors: [{code, message}]`). */
export interface CodedError {
  code: number;
  message: string;
  /**
   * The language-pack key that words this error for the visitor, when the transport has its own code for it
   * (next-generation REST's INVALID_FILE_TYPE → `chat.error.InvalidFileType`); else the window words `code`.
   */
  key?: string;
  /** What the text substitutes (web-chat.md §8): the file at fault … */
  name?: string;
  /** … and the limit: the allowed count (201), or bytes (202, a file's size limit). */
  max?: number;
}

/**
 * How a call failed:
 * - `timeout`, `network` — no answer (status 0: the connection is lost);
 * - `status` — an HTTP error status (4xx, 5xx) without a coded answer;
 * - `malformed` — an answer that is not JSON or not the expected shape;
 * - `unavailable` — statusCode 1: a temporary server failure (a poll exception; ChatUnavailable on start);
 * - `rejected` — statusCode 2 (or a 4xx with a coded list): the server refused, see `errors`;
 * - `ended` — the server no longer knows the chat (it ended or expired).
 */
export type ChatFailureKind = 'timeout' | 'network' | 'status' | 'malformed' | 'unavailable' | 'rejected' | 'ended';

/** The longest reason a failure carries: a broken or hostile server's megabytes are not shown whole. */
export const MAX_REASON_LENGTH = 300;

/** `text` cut to MAX_REASON_LENGTH characters, an ellipsis marking the cut. */
const reason = (text: string): string => (text.length > MAX_REASON_LENGTH ? `${text.slice(0, MAX_REASON_LENGTH - 1)}…` : text);

export class ChatFailure extends Error {
  /** The server's coded errors, each message cut as the failure's own. */
  readonly errors: CodedError[];

  constructor(
    readonly kind: ChatFailureKind,
    message: string,
    errors: CodedError[] = [],
    /** HTTP status, when there was an answer. */
    readonly status?: number,
  ) {
    super(reason(message));
    this.name = 'ChatFailure';
    this.errors = errors.map((error) => (error.message.length > MAX_REASON_LENGTH ? { ...error, message: reason(error.message) } : error));
  }

  /** The connection itself failed (no answer): the session is disconnected, not refused. */
  get lost(): boolean {
    return this.kind === 'timeout' || this.kind === 'network';
  }
}

/**
 * The one interface every chat transport implements. Every method rejects with a `ChatFailure` only.
 * `session` is what `start` returned (or what the session store restored).
 */
export interface ChatTransport {
  readonly type: TransportType;
  readonly capabilities: TransportCapabilities;
  start(request: StartRequest): Promise<StartResult>;
  /** The whole transcript from `fromIndex` (1 = everything), after a reload. */
  restore(session: SessionData, fromIndex: number): Promise<PollResult>;
  /** New messages from `fromIndex` (polling transports; a streaming one answers from its buffer). */
  poll(session: SessionData, fromIndex: number): Promise<PollResult>;
  /** Resolves with the message's index when the server names it. */
  send(session: SessionData, text: string, options?: SendOptions): Promise<{ index?: number }>;
  /** Typing start (`typing: true`) or stop; `preview` is the text typed so far (typing preview). */
  typing(session: SessionData, typing: boolean, preview?: string): Promise<void>;
  disconnect(session: SessionData): Promise<void>;
  customNotice(session: SessionData, text: string): Promise<void>;
  updateUserData(session: SessionData, userData: Record<string, string>): Promise<void>;
  fileLimits(session: SessionData): Promise<FileLimits>;
  /** Multipart upload; resolves with the server's file id. */
  upload(session: SessionData, file: File): Promise<{ fileId: string }>;
  /** Downloads a file by a form post the browser follows (no script reads the bytes). */
  download(session: SessionData, fileId: string): void;
  /** Up to `count` messages before index `before` (asynchronous chats' history), oldest first. */
  history(session: SessionData, before: number, count: number): Promise<TranscriptMessage[]>;
  /**
   * Push transports (`capabilities.stream`): delivers the transcript from `fromIndex` on as the server
   * pushes it, resyncing by position after a reconnect, until the returned function is called. The
   * session machine uses it instead of polling when it is there.
   */
  subscribe?(session: SessionData, fromIndex: number, handlers: StreamHandlers): () => void;
  /** Releases the transport's connection (push transports): after a reconfiguration it is not used again. */
  close?(): void;
}

/** What a push transport reports to its subscriber. */
export interface StreamHandlers {
  /** A batch of messages (possibly ones already delivered: the subscriber drops indexes it has). */
  messages(result: PollResult): void;
  /** The connection went away, or came back (then the missed messages follow as a batch). */
  status(status: 'connected' | 'disconnected'): void;
  /** The chat cannot go on over this subscription (`ended`: the server no longer knows it). */
  failed(failure: ChatFailure): void;
}

/** `webchat.cometD`: the Bayeux connection of the CometD transport (web-chat.md §3, §7 "CometD mode"). */
export interface CometDOptions {
  /** The Bayeux endpoint (`cometURL`). */
  url: string;
  /** The service channel operations are published on (`/service/chatV2/customer-support`). */
  channel: string;
  /** Where files go over HTTP (the REST API's file routes: `{apiURL}/{chatId}/file…`); none: no files. */
  apiURL?: string;
  /** Try WebSocket first (falls back to long-polling when the server or a proxy refuses it). */
  websocketEnabled: boolean;
  /** The CometD library's console log level. */
  logLevel: 'debug' | 'info' | 'warn';
}

/** What a transport module's factory takes: the `webchat.transport` section, read and checked. */
export interface TransportOptions {
  /** Legacy REST: the chat service URL; the chat's calls go to `{dataURL}/{chatId}/{op}`. */
  dataURL: string;
  /** Sent as the `apikey` header when set. */
  apikey?: string;
  /** Extra headers on every call. */
  headers?: Record<string, string>;
  /** Per-call timeout (3000 ms). */
  timeout: number;
  /** The page's language for Accept-Language, read at each call. */
  lang?: () => string;
  /** For tests: the fetch to use. */
  fetch?: typeof fetch;
  /** For tests and documents without a body: where download forms are appended. */
  document?: Document;
  /** The CometD transport's connection (required by it, ignored by the others). */
  cometD?: CometDOptions;
  /** Next-generation REST: the wait between polls in ms (default 1000, minimum 100). */
  pollTimeout?: number;
  /** Next-generation REST: messages per restore / history page (default 20, minimum 16). */
  pageSize?: number;
  /** Next-generation REST: the start's `stream` (the routing stream), when configured. */
  stream?: string;
}

/** A transport module (a lazy chunk) exports `createTransport`. */
export type TransportFactory = (options: TransportOptions) => ChatTransport;
