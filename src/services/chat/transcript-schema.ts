/**
 * One transcript message as every transport reads it (web-chat.md §3 "Transcript message"): the legacy
 * REST answers, CometD pushes and next-generation REST pages carry the same shape, so one schema normalises
 * them — unknown message types dropped (a newer server's), unknown participant types External, a missing
 * text '', user-data values as strings.
 */
import { objectMessage, v } from '../answer.ts';
import type { ParticipantType, TranscriptMessage, TranscriptType } from './types.ts';

const TRANSCRIPT_TYPES: readonly TranscriptType[] = [
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
];
const PARTICIPANT_TYPES: readonly ParticipantType[] = ['Client', 'Agent', 'Supervisor', 'Bot', 'External'];

/** An id or a key: a string, or a number read as one. */
const idString = v.pipe(v.union([v.string(), v.number()], 'must be a string'), v.transform(String));

/** A user-data value as a string: numbers and flags written out, objects as JSON; null and undefined dropped. */
function userDataOf(data: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

const participantType = (type: string): ParticipantType => ((PARTICIPANT_TYPES as readonly string[]).includes(type) ? (type as ParticipantType) : 'External');

/** One transcript message, normalised: unknown participant types are External, a missing text is ''. */
export const transcriptMessageSchema = v.pipe(
  v.object(
    {
      index: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(0, 'must not be negative')),
      // Any name: a type this client does not know (a newer server's) is dropped below, not an error
      // that would fail every poll until the server stopped sending it.
      type: v.string('must be a string'),
      text: v.optional(v.nullable(v.string('must be a string')), ''),
      timestamp: v.pipe(v.number('must be a number of milliseconds'), v.finite('must be a number of milliseconds')),
      html: v.optional(v.boolean('must be true or false'), false),
      from: v.object(
        {
          id: v.optional(v.nullable(idString), ''),
          type: v.optional(v.nullable(v.string('must be a string')), ''),
          name: v.optional(v.nullable(v.string('must be a string')), ''),
        },
        objectMessage,
      ),
      userData: v.optional(v.nullable(v.record(v.string(), v.unknown(), 'must be an object'))),
    },
    objectMessage,
  ),
  v.transform(({ index, type, text, timestamp, html, from, userData }): TranscriptMessage | undefined => {
    if (!(TRANSCRIPT_TYPES as readonly string[]).includes(type)) return undefined;
    const message: TranscriptMessage = {
      index,
      type: type as TranscriptType,
      text: text ?? '',
      timestamp,
      html,
      from: { id: from.id ?? '', type: participantType(from.type ?? ''), name: from.name ?? '' },
    };
    if (userData) message.userData = userDataOf(userData);
    return message;
  }),
);

/** The messages of an answer, those of unknown types dropped (their indexes are simply skipped). */
export const transcriptMessagesSchema = v.pipe(
  v.optional(v.array(transcriptMessageSchema, 'must be a list'), []),
  v.transform((list) => list.filter((m): m is TranscriptMessage => m !== undefined)),
);
