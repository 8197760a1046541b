import { objectMessage, v } from '../../answer.ts';
import {
  callServer,
  chatEnded,
  failureOf,
  joined,
  messageList,
  messagesOf,
  nextPosition,
  notJson,
  pollFields,
  pollResult,
  read,
  requiredId,
  serverURL,
  sessionFields,
} from './shared.ts';
import {
  ChatFailure,
  type ChatTransport,
  type CodedError,
  type FileLimits,
  type PollResult,
  type SessionData,
  type StartRequest,
  type TransportFactory,
  type TransportOptions,
} from '../types.ts';

/**
 * The legacy chat REST transport (web-chat.md §7 "Legacy chat REST", the simulator's demo/simulator/chat.js):
 * form-encoded POSTs to `{dataURL}` (start) and `{dataURL}/{chatId}/{op}`, each after the start carrying
 * the session's alias, secureKey and userId; an optional `apikey` header and custom headers; the page's
 * language as `Accept-Language`; the configured timeout (3000 ms).
 *
 * Every answer has a `statusCode`: 0 is ok, 1 a temporary server failure (`unavailable`), 2 a refusal
 * with an `errors` list (`rejected`, or `ended` when the server no longer knows the chat). Answers are
 * read with valibot: a wrong shape is a `malformed` ChatFailure naming where
 * ('The chat refresh answer is malformed at messages[0].index: must be a whole number').
 */

/** The calls, as the URL names them (and failure messages with them). */
export type LegacyOp = 'start' | 'refresh' | 'send' | 'startTyping' | 'stopTyping' | 'disconnect' | 'customNotice' | 'updateData' | 'file' | 'file/limits';

/** The legacy session fields (web-chat.md §3 "Legacy session data"), all strings. */
export interface LegacySession {
  chatId: string;
  userId: string;
  secureKey: string;
  alias: string;
}

/* ------------------------------------------------------------------ schemas */

/** A whole number sent as a number or as digits. */
const wholeNumber = (message: string) =>
  v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], message), v.integer(message), v.minValue(0, message));

const codedErrorSchema = v.object({ code: wholeNumber('must be a numeric code'), message: v.optional(v.string('must be a string'), '') }, objectMessage);

/** What every answer has: its status code, the errors that go with a failure, whether the chat ended. */
const envelopeSchema = v.object(
  {
    statusCode: v.picklist([0, 1, 2], 'must be 0, 1 or 2'),
    errors: v.optional(v.array(codedErrorSchema, 'must be a list'), []),
    chatEnded,
  },
  objectMessage,
);

/** The body of an HTTP error status, read leniently: only what it usefully says (it fails either way). */
const errorBodySchema = v.object({
  statusCode: v.optional(v.picklist([0, 1, 2])),
  errors: v.optional(v.array(codedErrorSchema), []),
  error: v.optional(v.string()),
  chatEnded: v.optional(v.boolean(), false),
});

const pollSchema = v.object(
  {
    ...pollFields,
    nextPosition,
  },
  objectMessage,
);

const startSchema = v.object({ chatId: requiredId, secureKey: requiredId, alias: requiredId, userId: requiredId, messages: messageList }, objectMessage);

const sendSchema = v.object({ index: v.optional(v.nullable(v.pipe(v.number('must be a number'), v.integer('must be a whole number')))) }, objectMessage);

const flagValue = v.union(
  [
    v.boolean(),
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((text) => text === 'true'),
    ),
  ],
  'must be true or false',
);
const byteCount = wholeNumber('must be a number of bytes');

const limitsSchema = v.object(
  {
    userData: v.object(
      {
        'upload-file-types': v.optional(v.string('must be a string'), ''),
        'upload-need-agent': v.optional(flagValue, false),
        'upload-max-file-size': byteCount,
        'upload-max-files': v.optional(wholeNumber('must be a number of files')),
        'upload-max-total-size': v.optional(byteCount),
      },
      objectMessage,
    ),
  },
  objectMessage,
);

const uploadSchema = v.object({ userData: v.object({ 'file-id': requiredId }, objectMessage) }, objectMessage);

/* ------------------------------------------------------------------ failures */

/** The server no longer knows the chat: statusCode 2 with chatEnded, or an error 404 / 'not found'. */
const endedBy = (errors: readonly CodedError[], chatEnded: boolean): boolean =>
  chatEnded || errors.some((error) => error.code === 404 || /not found/i.test(error.message));

/** The ChatFailure for a statusCode 1 or 2 answer. */
function statusCodeFailure(op: LegacyOp, statusCode: 1 | 2, errors: CodedError[], chatEnded: boolean, status?: number): ChatFailure {
  if (statusCode === 1) {
    return new ChatFailure('unavailable', joined(errors) || `The chat server could not answer the ${op} call (statusCode 1)`, errors, status);
  }
  if (endedBy(errors, chatEnded)) {
    return new ChatFailure('ended', joined(errors) || `The chat ${op} call was refused: the chat has ended`, errors, status);
  }
  return new ChatFailure('rejected', joined(errors) || `The chat ${op} call was refused (statusCode 2)`, errors, status);
}

/** What a failed request becomes: no answer (timeout, network), a coded refusal, a bare HTTP status, or not JSON. */
const requestFailure = (op: LegacyOp, error: unknown): ChatFailure =>
  failureOf(op, error, (answered) => {
    const malformed = notJson(op, answered);
    if (malformed) return malformed;
    const body = v.safeParse(errorBodySchema, answered.body);
    if (body.success) {
      const { statusCode, errors, error: text, chatEnded } = body.output;
      if (statusCode === 1 || statusCode === 2) return statusCodeFailure(op, statusCode, errors, chatEnded, answered.status);
      if (errors.length) return new ChatFailure('rejected', joined(errors) || `The chat ${op} call was refused (${answered.message})`, errors, answered.status);
      if (answered.status === 400 && text?.trim()) return new ChatFailure('rejected', text.trim(), [], 400);
    }
    return new ChatFailure('status', `The chat ${op} call failed: ${answered.message}`, [], answered.status);
  });

/** The session's legacy fields, or a refusal naming the one missing (a broken restored session). */
export const legacySession = (session: SessionData): LegacySession => sessionFields(session, ['chatId', 'userId', 'secureKey', 'alias']);

/** Upload limits from a file/limits answer's user data: types colon-separated, lower case, without dots. */
function limitsOf(data: v.InferOutput<typeof limitsSchema>['userData']): FileLimits {
  const limits: FileLimits = {
    types: data['upload-file-types']
      .split(':')
      .map((type) => type.trim().replace(/^\.+/, '').toLowerCase())
      .filter(Boolean),
    needAgent: data['upload-need-agent'],
    maxFileSize: data['upload-max-file-size'],
  };
  if (data['upload-max-files'] !== undefined) limits.maxFiles = data['upload-max-files'];
  if (data['upload-max-total-size'] !== undefined) limits.maxTotalSize = data['upload-max-total-size'];
  return limits;
}

/* ------------------------------------------------------------------ transport */

/** The legacy chat REST transport. */
export const createTransport: TransportFactory = (options: TransportOptions): ChatTransport => {
  const base = serverURL(options);
  const urlOf = (session: LegacySession, op: string) => `${base}/${encodeURIComponent(session.chatId)}/${op}`;

  /** The credentials every call after the start carries, then the call's own fields (undefined ones left out). */
  const formOf = (session: LegacySession, fields: Record<string, string | undefined> = {}): URLSearchParams => {
    const body = new URLSearchParams({ alias: session.alias, secureKey: session.secureKey, userId: session.userId });
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
    return body;
  };

  /**
   * POSTs `body`; resolves with the answer when its statusCode is 0 (undefined for an empty answer or a
   * 204), rejects with a ChatFailure otherwise.
   */
  async function post(op: LegacyOp, url: string, body: URLSearchParams | FormData, extra: Record<string, string | undefined> = {}): Promise<unknown> {
    const answer = await callServer(options, url, { method: 'POST', body, headers: extra }, (error) => requestFailure(op, error));
    if (answer === undefined) return undefined;
    const { statusCode, errors, chatEnded } = read(op, answer, envelopeSchema);
    if (statusCode !== 0) throw statusCodeFailure(op, statusCode, errors, chatEnded);
    return answer;
  }

  /** A call whose answer must have content. */
  async function postFor<S extends v.GenericSchema>(op: LegacyOp, url: string, body: URLSearchParams | FormData, schema: S): Promise<v.InferOutput<S>> {
    const answer = await post(op, url, body);
    if (answer === undefined) throw new ChatFailure('malformed', `The chat ${op} answer is empty`);
    return read(op, answer, schema);
  }

  /** refresh from `from`: a 204 or an empty answer is `empty`, not an error. */
  async function refresh(session: SessionData, from: number): Promise<PollResult> {
    const keys = legacySession(session);
    const answer = await post('refresh', urlOf(keys, 'refresh'), formOf(keys, { transcriptPosition: String(Math.max(1, Math.floor(from))) }));
    if (answer === undefined) return { messages: [], chatEnded: false, empty: true };
    const { messages, chatEnded, idleTimerExpire, nextPosition } = read('refresh', answer, pollSchema);
    return pollResult(messagesOf('refresh', messages), chatEnded, idleTimerExpire, nextPosition);
  }

  /** A call whose answer says nothing beyond its statusCode. */
  async function simple(op: LegacyOp, session: SessionData, fields?: Record<string, string | undefined>): Promise<void> {
    const keys = legacySession(session);
    await post(op, urlOf(keys, op), formOf(keys, fields));
  }

  return {
    type: 'rest',
    capabilities: { async: true, pagination: true, fileUpload: true, stream: false },

    async start(request: StartRequest) {
      const body = new URLSearchParams();
      for (const key of ['nickname', 'firstName', 'lastName', 'emailAddress', 'subject', 'text'] as const) {
        const value = request[key];
        if (value !== undefined) body.set(key, value);
      }
      body.set('userData', JSON.stringify(request.userData ?? {}));
      if (request.endpoint !== undefined) body.set('endpoint', request.endpoint);
      const { chatId, secureKey, alias, userId, messages } = await postFor('start', base, body, startSchema);
      return { session: { chatId, userId, secureKey, alias }, messages: messagesOf('start', messages).messages };
    },

    restore: refresh,
    poll: refresh,

    async send(session, text, sendOptions = {}) {
      const keys = legacySession(session);
      const fields = { message: text, messageType: sendOptions.messageType ?? 'text', eventAttributes: sendOptions.eventAttributes };
      // The client message id: a retry of the same message is stored once by a server that honours it.
      const answer = await post('send', urlOf(keys, 'send'), formOf(keys, fields), { 'Idempotency-Key': sendOptions.clientMessageId });
      if (answer === undefined) return {};
      const { index } = read('send', answer, sendSchema);
      return typeof index === 'number' ? { index } : {};
    },

    typing: (session, typing, preview) => simple(typing ? 'startTyping' : 'stopTyping', session, { message: preview }),
    disconnect: (session) => simple('disconnect', session),
    customNotice: (session, text) => simple('customNotice', session, { message: text }),
    updateUserData: (session, userData) => simple('updateData', session, { userData: JSON.stringify(userData) }),

    async fileLimits(session) {
      const keys = legacySession(session);
      const { userData } = await postFor('file/limits', urlOf(keys, 'file/limits'), formOf(keys), limitsSchema);
      return limitsOf(userData);
    },

    async upload(session, file) {
      const keys = legacySession(session);
      const body = new FormData();
      body.append('file', file, file.name);
      body.append('alias', keys.alias);
      body.append('userId', keys.userId);
      body.append('secureKey', keys.secureKey);
      const { userData } = await postFor('file', urlOf(keys, 'file'), body, uploadSchema);
      return { fileId: userData['file-id'] };
    },

    download(session, fileId) {
      const keys = legacySession(session);
      const doc = options.document ?? globalThis.document;
      if (!doc) throw new ChatFailure('network', 'The chat file download needs a page to post its form from');
      postForm(doc, urlOf(keys, `file/${encodeURIComponent(fileId)}/download`), { alias: keys.alias, userId: keys.userId, secureKey: keys.secureKey });
    },

    async history(session, before, count) {
      const { messages } = await refresh(session, Math.max(1, before - count));
      return messages.filter((message) => message.index < before);
    },
  };
};

/**
 * Posts `fields` to `action` in a new browsing context by a form the browser follows (a file download
 * no script reads): hidden, appended for the submit and removed at once. No inline style: `hidden`.
 */
export function postForm(doc: Document, action: string, fields: Record<string, string>): void {
  const form = doc.createElement('form');
  form.setAttribute('method', 'post');
  form.setAttribute('action', action);
  form.setAttribute('target', '_blank');
  form.setAttribute('rel', 'noopener');
  form.setAttribute('hidden', '');
  for (const [name, value] of Object.entries(fields)) {
    const input = doc.createElement('input');
    input.setAttribute('type', 'hidden');
    input.setAttribute('name', name);
    input.setAttribute('value', value);
    form.append(input);
  }
  (doc.body ?? doc.documentElement).append(form);
  try {
    form.submit();
  } finally {
    form.remove();
  }
}
