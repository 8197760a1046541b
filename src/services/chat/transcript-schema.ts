/**
 * The one reader of transcript messages (web-chat.md §3 "Transcript message"). The legacy REST answers,
 * CometD pushes and next-generation REST pages carry the same shape and are read by `readMessages`; the
 * cloud's messages have their own shape and are read with the same field readers and the same rule
 * (`readEach`):
 *
 * - each message is read on its own: one that cannot be read never fails the answer it came in, so the
 *   messages after it (in the same answer and the next) still arrive;
 * - a field with an obvious meaning is repaired (an ISO 8601 timestamp, digits for a number, a number for
 *   a text or a name, 'true' / 'false' for a flag, a null sender: nobody named);
 * - a message that still cannot be shown is dropped with one console warning naming the field, and its
 *   index still counts as read (the span), so the transport asks past it;
 * - a message of a type this client does not know (a newer server's) is skipped without a word, as before;
 * - a timestamp that cannot be read does not hide the message: it is shown at the time it was read.
 */
import { isRecord } from '../../app/records.ts';
import type { ParticipantType, RichContentType, RichEnvelope, TranscriptMessage, TranscriptType } from './types.ts';

const TRANSCRIPT_TYPES: ReadonlySet<string> = new Set<TranscriptType>([
  'Message',
  'PushUrl',
  'Notice',
  'CustomNotice',
  'ParticipantJoined',
  'ParticipantLeft',
  'NicknameUpdated',
  'TypingStarted',
  'TypingStopped',
  'FileUploaded',
  'FileDeleted',
  'IdleAlert',
  'IdleClose',
  'Structured',
]);
const PARTICIPANT_TYPES: ReadonlySet<string> = new Set<ParticipantType>(['Client', 'Agent', 'Supervisor', 'Bot', 'External']);

/* ------------------------------------------------------------------ fields */

/** A field that cannot be read: the message is dropped, the warning names `field`. */
export class Unreadable {
  constructor(readonly field: string) {}
}

/** What a reader says of one message: the field, what is wrong with it, what happens to the message. */
export type Note = (field: string, problem: string, outcome: string) => void;

const DIGITS = /^\d{1,15}$/;
/** Digits as a number; anything else as it is. */
const digits = (value: unknown): unknown => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value);

/** A whole number of at least `min`: a number, or digits. */
export function wholeField(field: string, value: unknown, min = 0): number {
  const n = digits(value);
  if (!Number.isSafeInteger(n) || (n as number) < min) throw new Unreadable(field);
  return n as number;
}

/** A text (or an id): a string; a finite number is written out; null or left out is ''. */
export function textField(field: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || Number.isFinite(value)) return String(value);
  throw new Unreadable(field);
}

/** A flag: true or false, or the words; left out is false. */
export function flagField(field: string, value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new Unreadable(field);
}

/** Epoch milliseconds from a number, digits or a date string (ISO 8601); undefined when none can be read. */
export function timeOf(value: unknown): number | undefined {
  const time = typeof value === 'string' && !DIGITS.test(value) ? Date.parse(value) : digits(value);
  return Number.isFinite(time) ? (time as number) : undefined;
}

/**
 * The longest message text kept: a broken or hostile server's megabytes are cut here, before anything
 * renders them (the transcript draws and announces each message).
 */
export const MAX_TEXT_LENGTH = 10_000;

/** A message text cut to MAX_TEXT_LENGTH (an ellipsis at the cut), noted when it was longer. */
export const shortText = (text: string, note: Note, field = 'text'): string =>
  text.length > MAX_TEXT_LENGTH ? (note(field, `has ${text.length} characters`, `cut to ${MAX_TEXT_LENGTH}`), `${text.slice(0, MAX_TEXT_LENGTH - 1)}…`) : text;

/* ------------------------------------------------------------------ rich media */

const RICH_TYPES: ReadonlySet<string> = new Set<RichContentType>(['quick-replies', 'generic', 'list-vertical', 'attachments']);
/** Items one structured message may carry: a hostile server's thousands are not thousands of cards. */
export const MAX_RICH_ITEMS = 50;

/**
 * A structured message's envelope (plugins-and-infrastructure.md §3): `contentType`, `content`, `id`,
 * `textback` and `parentMessageID` of `source` (the message itself; the cloud's parsed body). A malformed
 * one is noted and left out: the message shows as its text (the view's short notice when it has none).
 */
export function envelopeOf(source: Record<string, unknown>, note: Note): RichEnvelope | undefined {
  const { contentType, content } = source;
  try {
    if (!RICH_TYPES.has(contentType as string) || !Array.isArray(content) || !content.length) throw new Unreadable('contentType or content');
    if (content.length > MAX_RICH_ITEMS) note('content', `has ${content.length} items`, `cut to ${MAX_RICH_ITEMS}`);
    const rich: RichEnvelope = { contentType: contentType as RichContentType, content: content.slice(0, MAX_RICH_ITEMS), id: textField('id', source.id) };
    const textback = textField('textback', source.textback);
    const parent = textField('parentMessageID', source.parentMessageID);
    if (textback) rich.textback = textback;
    if (parent) rich.parentMessageID = parent;
    return rich;
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    note(error.field, 'is not a rich-media envelope', 'shown as text');
  }
}

/* ------------------------------------------------------------------ the rule */

/** What an answer's list of messages gave: the ones to show, and the span of indexes it carried. */
export interface MessageSpan<T = TranscriptMessage> {
  messages: T[];
  /** The lowest and highest index the list carried, shown or not (undefined: none could be read). */
  first?: number;
  last?: number;
}

/** One item of a list: its index (throws `Unreadable` when it has none), then what it shows (undefined: nothing). */
export interface ItemRead<T> {
  index: number;
  message: () => T | undefined;
}

/** Warnings one list gives at most (a hostile answer of thousands of broken messages is not thousands of lines). */
const MAX_WARNINGS = 5;

/**
 * Every item of `list` read by `read` on its own (`what`: 'The chat refresh answer', `at`: 'messages'):
 * one that throws `Unreadable` is dropped with one warning, the others are kept in order.
 */
export function readEach<T>(list: readonly unknown[], what: string, at: string, read: (item: unknown, note: Note) => ItemRead<T>): MessageSpan<T> {
  const out: MessageSpan<T> = { messages: [] };
  let warned = 0;
  list.forEach((item, i) => {
    let index: number | undefined;
    const note: Note = (field, problem, outcome) => {
      if (++warned <= MAX_WARNINGS)
        console.warn(`[live-assist] chat: ${what}, ${at}[${i}]${index === undefined ? '' : ` (index ${index})`}: ${field} ${problem}; ${outcome}`);
    };
    try {
      const got = read(item, note);
      index = got.index;
      // The index counts even when the message is not shown: the transport asks past it.
      out.first = Math.min(out.first ?? index, index);
      out.last = Math.max(out.last ?? index, index);
      const message = got.message();
      if (message) out.messages.push(message);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      note(error.field, 'cannot be read', 'not shown');
    }
  });
  return out;
}

/** The sender: an object, or none (null, left out: nobody named, External). */
function senderOf(value: unknown): TranscriptMessage['from'] {
  if (value === undefined || value === null) return { id: '', type: 'External', name: '' };
  if (!isRecord(value)) throw new Unreadable('from');
  const type = value.type;
  return {
    id: textField('from.id', value.id),
    // A type this client does not know (or not a name at all) is External.
    type: PARTICIPANT_TYPES.has(type as string) ? (type as ParticipantType) : 'External',
    name: textField('from.name', value.name),
  };
}

/** A user-data value as a string: numbers and flags written out, objects as JSON; null and undefined dropped. */
function userDataOf(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) throw new Unreadable('userData');
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined) continue;
    out[key] = typeof item === 'string' ? item : typeof item === 'object' ? JSON.stringify(item) : String(item);
  }
  return out;
}

/** One message of the common shape, normalised (it throws `Unreadable` naming the field that stops it). */
function readOne(item: unknown, note: Note): ItemRead<TranscriptMessage> {
  if (!isRecord(item)) throw new Unreadable('the message');
  const index = wholeField('index', item.index);
  return {
    index,
    message: () => {
      const type = item.type;
      if (typeof type !== 'string') throw new Unreadable('type');
      // A type this client does not know (a newer server's) is skipped without a word: its index still counts.
      if (!TRANSCRIPT_TYPES.has(type)) return undefined;
      const raw = textField('text', item.text);
      const text = shortText(raw, note);
      const html = flagField('html', item.html);
      const from = senderOf(item.from);
      const userData = userDataOf(item.userData);
      let timestamp = timeOf(item.timestamp);
      if (timestamp === undefined) {
        note('timestamp', 'cannot be read', 'shown as it arrives');
        timestamp = Date.now();
      }
      const message: TranscriptMessage = { index, type: type as TranscriptType, text, timestamp, html, from };
      if (userData) message.userData = userData;
      if (text !== raw) message.shortened = true;
      const rich = type === 'Structured' || item.contentType !== undefined ? envelopeOf(item, note) : undefined;
      if (rich) message.rich = rich;
      return message;
    },
  };
}

/**
 * The messages of an answer's list (`at`: where the list is, 'messages' or 'data.messages'), each read on its
 * own by the rule above; those of unknown types and those that cannot be shown left out, their indexes in the span.
 */
export const readMessages = (list: readonly unknown[], what: string, at = 'messages'): MessageSpan => readEach(list, what, at, readOne);
