import { upsertByIndex } from '../src/app/by-index.ts';
import type { TranscriptMessage } from '../src/services/chat/types.ts';
import { isVisitor } from '../src/app/participants.ts';

/**
 * The chat's transcript, one owner (DESIGN.md §11 "chat store"): held in the session machine's context
 * and changed only through these pure functions. The server's messages are upserted by index (ordered,
 * each index once) whatever brought them — a start, a poll, a pushed batch, a restore, a follower tab's
 * relay, a history page; the visitor's messages that the server has not shown yet are rows of the same
 * transcript with their send state, read from the outbox. A message leaves `outgoing` when the outbox
 * settles it against the server's copy, which is then one of `messages`.
 */

/**
 * The message input's maximum (web-chat.md §9) and the default of `webchat.maxMessageLength`, the longest
 * text `sendMessage` accepts. The input stops at the smaller of the two (`inputLimit`).
 */
export const MAX_MESSAGE_LENGTH = 500;

/** The input's limit for a configured `maxMessageLength`; below the input's own maximum typing stops there. */
export const inputLimit = (maxMessageLength: number): { maxLength: number; blockAtLimit: boolean } => ({
  maxLength: Math.min(MAX_MESSAGE_LENGTH, maxMessageLength),
  blockAtLimit: maxMessageLength < MAX_MESSAGE_LENGTH,
});

/** A visitor's message on its way: `sending` (queued or in flight) → `sent` (acknowledged) or `failed`. */
export type SendState = 'sending' | 'sent' | 'failed';

export interface OutgoingMessage {
  /** The outbox entry's id (the client message id). */
  id: string;
  text: string;
  state: SendState;
  /** Epoch ms the visitor sent it. */
  timestamp: number;
  /** Why it was not sent (the server's words). */
  error?: string;
}

export interface ChatTranscript {
  /** The server's messages the chat shows, ordered by index, each index once. */
  readonly messages: readonly TranscriptMessage[];
  /** The visitor's messages the server has not shown yet, in the order sent; they follow `messages`. */
  readonly outgoing: readonly OutgoingMessage[];
}

export const EMPTY_TRANSCRIPT: ChatTranscript = { messages: [], outgoing: [] };

/** The transcript with `messages` upserted by index (the same object when they add nothing). */
export function upsert(transcript: ChatTranscript, messages: readonly TranscriptMessage[]): ChatTranscript {
  const next = upsertByIndex(transcript.messages, messages);
  return next === transcript.messages ? transcript : { ...transcript, messages: next };
}

/** The messages of `messages` whose index the transcript does not hold yet. */
export function missing(transcript: ChatTranscript, messages: readonly TranscriptMessage[]): TranscriptMessage[] {
  const held = new Set(transcript.messages.map((m) => m.index));
  return messages.filter((m) => !held.has(m.index));
}

/** What the store reads of an outbox entry (src/services/chat/outbox.ts `OutboxEntry`). */
export interface OutboxEntryLike {
  id: string;
  text: string;
  state: 'pending' | 'sending' | 'sent' | 'failed';
  createdAt: number;
  error?: string;
}

/** The outbox's state as the transcript shows it: queued and in flight are both `sending`. */
export const sendState = (state: OutboxEntryLike['state']): SendState => (state === 'pending' || state === 'sending' ? 'sending' : state);

/** The transcript with its outgoing rows read from the outbox's entries (in the outbox's order). */
export function withOutgoing(transcript: ChatTranscript, entries: readonly OutboxEntryLike[]): ChatTranscript {
  const outgoing = entries.map((e): OutgoingMessage => ({
    id: e.id,
    text: e.text,
    state: sendState(e.state),
    timestamp: e.createdAt,
    ...(e.state === 'failed' && e.error ? { error: e.error } : {}),
  }));
  const same =
    outgoing.length === transcript.outgoing.length &&
    outgoing.every((o, i) => {
      const held = transcript.outgoing[i]!;
      return held.id === o.id && held.state === o.state && held.text === o.text && held.error === o.error;
    });
  return same ? transcript : { ...transcript, outgoing };
}

/** A new chat's transcript: no server messages; the outbox's rows stay (the outbox clears its own). */
export const restart = (transcript: ChatTranscript): ChatTranscript => ({ messages: [], outgoing: transcript.outgoing });

/** Message types the transcript shows as lines (typing, custom and survey notices drive other things). */
const SHOWN: ReadonlySet<string> = new Set([
  'Message',
  'PushUrl',
  'Notice',
  'ParticipantJoined',
  'ParticipantLeft',
  'FileUploaded',
  'FileDeleted',
  'Structured',
  'NicknameUpdated',
  'IdleAlert',
  'IdleClose',
]);

/** Whether the window shows a message as a line of the transcript. */
export const isShown = (message: Pick<TranscriptMessage, 'type'>): boolean => SHOWN.has(message.type);

/** A line of someone else's that the visitor reads (a bubble): it counts as unread and reopens a hidden window. */
export const isBubble = (message: Pick<TranscriptMessage, 'type' | 'from'>): boolean =>
  (message.type === 'Message' || message.type === 'PushUrl' || message.type === 'FileUploaded') && !isVisitor(message.from.type);

/**
 * The lines the window draws: the transcript's shown messages with the window's own lines of this page
 * (injectMessage, chat deflection's bubbles: fractional indexes between the server's), by the same upsert.
 */
export function transcriptLines(transcript: ChatTranscript, local: readonly TranscriptMessage[]): readonly TranscriptMessage[] {
  return upsertByIndex(transcript.messages, local).filter(isShown);
}
