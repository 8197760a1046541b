import { objectMessage, v } from '../../../answer.ts';
import { isRecord } from '../../../../app/records.ts';
import { envelopeOf, readEach, shortText, textField, timeOf, Unreadable, wholeField, type ItemRead, type Note } from '../../transcript-schema.ts';
import {
  ChatFailure,
  type ParticipantType,
  type PollResult,
  type RichEnvelope,
  type SessionData,
  type TranscriptMessage,
  type TranscriptType,
} from '../../types.ts';
import { callServer, read, requiredId as id, serverURL, whole } from '../shared.ts';
import { CLOUD, cloudFailure, cloudSession, type Call, type CloudSession, type CloudTransportOptions } from './protocol.ts';

/**
 * The cloud transport's REST calls to the guest conversations URL: who is who (members, cached per
 * conversation), the message pages (`after` the highest index held, 100 a page: restore, resync, poll;
 * `before`: history), the send with its idempotency key, and the mapping of cloud messages to transcript
 * messages, which the event stream (stream.ts) uses for its frames too.
 */

/* ------------------------------------------------------------------ schemas */

export const sequence = whole(1);
const socketURL = v.pipe(v.string('must be a string'), v.regex(/^wss?:\/\/\S+$/i, 'must be a ws: or wss: URL'));

export const createSchema = v.object(
  { id, jwt: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')), eventStreamUri: socketURL, member: v.object({ id }, objectMessage) },
  objectMessage,
);

/** The send's answer: the message as stored, of which only its sequence is read. */
const sentSchema = v.object({ sequence }, objectMessage);

/** A cloud message as read (transcript-schema.ts `readEach`): its sequence is its index. */
export interface CloudMessage {
  sequence: number;
  senderId: string;
  body: string;
  bodyType: string;
  timestamp?: number;
  shortened?: boolean;
  rich?: RichEnvelope;
}

/**
 * One cloud message read by the transcript's rule (transcript-schema.ts): a sequence as digits, a body as a
 * number, a date string are repaired; what cannot be read drops the message alone, with one warning.
 */
export function cloudItem(item: unknown, note: Note): ItemRead<CloudMessage> {
  if (!isRecord(item)) throw new Unreadable('the message');
  const index = wholeField('sequence', item.sequence, 1);
  return {
    index,
    message: () => {
      const sender = item.sender;
      if (sender !== undefined && sender !== null && !isRecord(sender)) throw new Unreadable('sender');
      const bodyType = item.bodyType ?? 'standard';
      if (typeof bodyType !== 'string') throw new Unreadable('bodyType');
      let raw = textField('body', item.body);
      let rich: RichEnvelope | undefined;
      // A structured body is the envelope as JSON text, its own `text` the message's words; a broken one
      // shows as nothing (the view's short notice), never as raw JSON.
      if (bodyType === 'structured') {
        let envelope: unknown;
        try {
          envelope = JSON.parse(raw);
        } catch {
          // noted below
        }
        if (isRecord(envelope)) {
          raw = textField('body.text', envelope.text);
          rich = envelopeOf(envelope, note);
        } else {
          note('body', 'is not a structured message', 'shown as a notice');
          raw = '';
        }
      }
      const body = shortText(raw, note, 'body');
      const message: CloudMessage = { sequence: index, senderId: textField('sender.id', sender?.id), body, bodyType };
      if (body !== raw) message.shortened = true;
      if (rich) message.rich = rich;
      const time = timeOf(item.timestamp);
      if (time !== undefined) message.timestamp = time;
      else if (item.timestamp !== undefined && item.timestamp !== null) note('timestamp', 'cannot be read', 'shown as it arrives');
      return message;
    },
  };
}

/** The cloud messages of a list (a page's entities, a frame's one), each read on its own. */
export const cloudMessages = (list: readonly unknown[], what: string, at: string) => readEach(list, what, at, cloudItem);

const pageSchema = v.object(
  {
    entities: v.optional(v.array(v.unknown(), 'must be a list'), []),
    next: v.optional(v.nullable(v.string())),
    previousPage: v.optional(v.nullable(v.string())),
  },
  objectMessage,
);

const memberSchema = v.object(
  {
    id,
    displayName: v.optional(v.nullable(v.string('must be a string')), ''),
    role: v.optional(v.nullable(v.string('must be a string')), ''),
    state: v.optional(v.nullable(v.string())),
  },
  objectMessage,
);
const membersSchema = v.object({ entities: v.optional(v.array(memberSchema, 'must be a list'), []) }, objectMessage);

/* ------------------------------------------------------------------ mapping */

const BODY_TYPES: Record<string, TranscriptType> = {
  standard: 'Message',
  notice: 'Notice',
  'member-join': 'ParticipantJoined',
  'member-leave': 'ParticipantLeft',
  'push-url': 'PushUrl',
  'custom-notice': 'CustomNotice',
  structured: 'Structured',
};
const ROLES: Record<string, ParticipantType> = { CUSTOMER: 'Client', AGENT: 'Agent', SUPERVISOR: 'Supervisor', WORKFLOW: 'Bot', BOT: 'Bot' };

export interface Member {
  type: ParticipantType;
  name: string;
}

/** Epoch ms of a timestamp (a number or a date string); the time it is read when it has none that can be read. */
export const millisOf = (timestamp: unknown): number => timeOf(timestamp) ?? Date.now();

/** The REST side of one cloud transport: its calls, its members cache, its pages. */
export type CloudRest = ReturnType<typeof createCloudRest>;

export function createCloudRest(options: CloudTransportOptions) {
  const base = serverURL(options);
  /** Members per conversation: who sent what. */
  const members = new Map<string, Map<string, Member>>();

  const url = (s: CloudSession, path = '') => `${base}/${encodeURIComponent(s.conversationId)}${path}`;
  const memberURL = (s: CloudSession, path = '') => url(s, `/members/${encodeURIComponent(s.memberId)}${path}`);

  const request = (
    call: Call,
    target: string,
    init: {
      method?: 'GET' | 'POST' | 'DELETE';
      jwt?: string;
      body?: unknown;
      query?: Record<string, string | number>;
      headers?: Record<string, string>;
      timeout?: number;
    },
  ): Promise<unknown> =>
    callServer(
      options,
      target,
      {
        method: init.method ?? 'GET',
        headers: { Authorization: init.jwt ? `Bearer ${init.jwt}` : undefined, ...init.headers },
        body: init.body,
        query: init.query,
        timeout: init.timeout,
      },
      (error) => cloudFailure(call, error),
    );

  const cacheOf = (s: CloudSession) => {
    let cache = members.get(s.conversationId);
    if (!cache) members.set(s.conversationId, (cache = new Map()));
    return cache;
  };
  const remember = (s: CloudSession, m: v.InferOutput<typeof memberSchema>) =>
    cacheOf(s).set(m.id, { type: m.id === s.memberId ? 'Client' : (ROLES[(m.role ?? '').toUpperCase()] ?? 'External'), name: m.displayName ?? '' });

  /** GET members: everyone the conversation has had. */
  async function loadMembers(s: CloudSession): Promise<void> {
    const answer = await request('members', url(s, '/members'), { jwt: s.jwt });
    for (const m of read('members', answer, membersSchema).entities) remember(s, m);
  }

  /** One member, from the cache or GET members/{id} (one the server does not know: External). */
  async function memberOf(s: CloudSession, memberId: string): Promise<Member> {
    const known = cacheOf(s).get(memberId);
    if (known) return known;
    try {
      remember(s, read('members', await request('members', url(s, `/members/${encodeURIComponent(memberId)}`), { jwt: s.jwt }), memberSchema));
    } catch (error) {
      if (!(error instanceof ChatFailure) || error.status !== 404) throw error;
      cacheOf(s).set(memberId, { type: 'External', name: '' });
    }
    return cacheOf(s).get(memberId)!;
  }

  const transcriptOf = async (
    s: CloudSession,
    type: TranscriptType,
    index: number,
    senderId: string,
    text: string,
    timestamp: number,
  ): Promise<TranscriptMessage> => {
    // A message with no sender named (a system line, a sender left out) asks nobody who it is.
    const system = type === 'Notice' || type === 'CustomNotice' || senderId === '';
    const member = system ? { type: 'External' as const, name: '' } : await memberOf(s, senderId);
    return { index, type, text, timestamp, html: false, from: { id: senderId, type: member.type, name: member.name } };
  };

  /** A message of a page or a frame as a transcript message (undefined: a bodyType this client does not show). */
  const fromMessage = async (s: CloudSession, m: CloudMessage): Promise<TranscriptMessage | undefined> => {
    const type = BODY_TYPES[m.bodyType];
    if (!type) return undefined;
    const message = await transcriptOf(s, type, m.sequence, m.senderId, m.body, millisOf(m.timestamp));
    return m.shortened || m.rich ? { ...message, ...(m.shortened && { shortened: true }), ...(m.rich && { rich: m.rich }) } : message;
  };

  /** The visitor's own leave ends the chat (web-chat.md §4: a customer disconnect ends the chat). */
  const ends = (s: CloudSession, messages: TranscriptMessage[]) => messages.some((m) => m.type === 'ParticipantLeft' && m.from.id === s.memberId);

  /**
   * Every message after `after`, page by page (100 a page), at most `limit` pages; `caughtUp`: the last page
   * read was the last there is (false: the cap stopped it, the caller reads on from the highest index).
   * `onPage` gets each page's new messages as it is read, so a failure later keeps what came before it.
   */
  async function pagesAfter(
    s: CloudSession,
    after: number,
    limit: number = CLOUD.maxPages,
    onPage?: (messages: TranscriptMessage[]) => void,
  ): Promise<PollResult & { caughtUp: boolean }> {
    if (!members.get(s.conversationId)?.size) await loadMembers(s);
    // By index: a page that repeats a message (or comes in another order) still gives each once, in order.
    const out = new Map<number, TranscriptMessage>();
    let from = after;
    let caughtUp = false;
    for (let page = 0; page < limit; page++) {
      let answer: v.InferOutput<typeof pageSchema>;
      try {
        answer = read(
          'messages',
          await request('messages', url(s, '/messages'), { jwt: s.jwt, query: { after: from, maxResults: CLOUD.pageSize } }),
          pageSchema,
        );
      } catch (error) {
        // A read cut short: what came before is kept (the caller reads on after its highest index); the first page's failure is the caller's.
        if (page === 0 || onPage || (error instanceof ChatFailure && error.kind === 'ended')) throw error;
        break;
      }
      const got = cloudMessages(answer.entities, 'The chat messages answer', 'entities');
      const fresh = got.messages.filter((m) => m.sequence > from);
      const added: TranscriptMessage[] = [];
      for (const m of fresh) {
        const message = out.has(m.sequence) ? undefined : await fromMessage(s, m);
        if (message) {
          out.set(message.index, message);
          added.push(message);
        }
      }
      if (onPage && added.length) onPage(added.sort((a, b) => a.index - b.index));
      // A message carried but not shown still counts: the next page is asked after it.
      if (got.last === undefined || got.last <= from || (answer.entities.length < CLOUD.pageSize && !answer.next)) {
        caughtUp = true;
        break;
      }
      from = got.last;
    }
    const messages = [...out.values()].sort((a, b) => a.index - b.index);
    return { messages, chatEnded: ends(s, messages), caughtUp };
  }

  /** POST a message under `key`; an answer lost on the way back is asked again under the same key. */
  async function send(session: SessionData, text: string, key: string): Promise<{ index?: number }> {
    const s = cloudSession(session);
    const init = { method: 'POST' as const, jwt: s.jwt, body: { body: text, bodyType: 'standard' }, headers: { 'Idempotency-Key': key } };
    let answer: unknown;
    try {
      answer = await request('send', memberURL(s, '/messages'), init);
    } catch (error) {
      // The answer was lost: the same key again, so a message the server stored is not stored twice.
      if (!(error instanceof ChatFailure && error.lost)) throw error;
      answer = await request('send', memberURL(s, '/messages'), init);
    }
    if (answer === undefined) return {};
    return { index: read('send', answer, sentSchema).sequence };
  }

  /** Up to `count` messages before index `before`, oldest first. */
  async function history(session: SessionData, before: number, count: number): Promise<TranscriptMessage[]> {
    const s = cloudSession(session);
    if (!members.get(s.conversationId)?.size) await loadMembers(s);
    const query = { before: Math.max(1, Math.floor(before)), maxResults: Math.min(CLOUD.pageSize, Math.max(1, Math.floor(count))) };
    const page = read('messages', await request('messages', url(s, '/messages'), { jwt: s.jwt, query }), pageSchema);
    const out: TranscriptMessage[] = [];
    for (const m of cloudMessages(page.entities, 'The chat messages answer', 'entities').messages) {
      const message = m.sequence < before ? await fromMessage(s, m) : undefined;
      if (message) out.push(message);
    }
    return out.sort((a, b) => a.index - b.index);
  }

  return { base, members, url, memberURL, request, cacheOf, loadMembers, transcriptOf, fromMessage, ends, pagesAfter, send, history };
}
