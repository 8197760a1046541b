import { objectMessage, v } from '../../answer.ts';
import { randomId } from '../../../app/ids.ts';
import {
  callServer,
  failureOf,
  joined,
  messagesOf,
  nextPosition,
  notJson,
  pollFields,
  pollResult,
  read,
  requiredId,
  serverURL,
  sessionFields,
  whole,
} from './shared.ts';
import {
  ChatFailure,
  type ChatTransport,
  type CodedError,
  type PollResult,
  type SessionData,
  type StartRequest,
  type StreamHandlers,
  type TranscriptMessage,
  type TransportFactory,
  type TransportOptions,
} from '../types.ts';

/**
 * The next-generation REST chat transport (web-chat.md §3 "Next-generation REST transport session", §7
 * "Next-generation REST transport", §8 "REST transport codes", §9; the simulator's demo/simulator/ngrest.js;
 * docs/ngrest.md). JSON bodies `{ data, operationId }` to the server URL (`webchat.transport.dataURL`):
 *
 *   POST   {server}                                   start (data: form, userData, endpoint, clientType, stream) and restore
 *   GET    {server}/{sessionId}/messages?operationId   poll; `count=` restore; `index=&count=` history
 *   POST   {server}/{sessionId}/messages              data: type, text (text, customNotice, typingStarted / typingStopped)
 *   POST   {server}/{sessionId}/images                multipart file
 *   PUT    {server}/{sessionId}/userdata
 *   DELETE {server}/{sessionId}/participants/{participantId}
 *
 * The start's `data.clientToken` decodes (base64url JSON) into token, sessionId and participantId; the
 * token goes in the `x-client-token` header of every later call. Every call has a fresh `operationId`,
 * except a poll after a failed one: it repeats the failed poll's id, so a batch whose answer was lost is
 * answered again rather than skipped (the server delivers each message to a participant once).
 *
 * The session machine does not poll this transport: its `subscribe` runs the poll loop with this
 * transport's own timing (§9): a poll every `pollTimeout` ms (default 1000, minimum 100), 1000 ms more
 * after each failed poll in a row. Failures are ChatFailures; the six transport codes carry the spec's
 * messages and the window's numeric code where there is one (INVALID_NICKNAME → 102 marks the first-name
 * field; LIMIT_FILE_COUNT, LIMIT_FILE_SIZE, INVALID_FILE_TYPE → 201, 202, 203), with `name` the code itself.
 */

/** The transport's constants (web-chat.md §9 "Next-generation REST"). */
export const NGREST = {
  /** Poll timeout: the wait between polls. */
  pollTimeout: 1000,
  minPollTimeout: 100,
  /** Added to the wait for every failed poll in a row. */
  errorStep: 1000,
  /** The longest wait between polls after failures (ours: the spec names no ceiling). */
  maxPollWait: 30_000,
  /** Messages per restore / history page. */
  pageSize: 20,
  minPageSize: 16,
  /** The agent's typing indicator clears after this without a stop (the session machine's `agentTypingTimeout`). */
  agentTypingTimeout: 3000,
  /** Most pages a restore reads back to reach the stored position. */
  maxRestorePages: 50,
  /** The header that carries the session's token. */
  tokenHeader: 'x-client-token',
  clientType: 'web',
} as const;

/**
 * The REST transport codes (web-chat.md §8): the server's message, the window's numeric code (the view
 * words the known ones: 102, 201, 202, 203; others get the generic text) and the language pack's key of
 * the code's own words in en and pl (`chat.error.InvalidFileType` 'Only Images are allowed' …).
 */
export const NGREST_CODES = {
  INVALID_FILE_TYPE: { code: 203, message: 'Only Images are allowed', key: 'chat.error.InvalidFileType' },
  LIMIT_FILE_SIZE: { code: 202, message: 'File too large', key: 'chat.error.LimitFileSize' },
  LIMIT_FILE_COUNT: { code: 201, message: 'Too many files', key: 'chat.error.LimitFileCount' },
  INVALID_CONTACT_CENTER: { code: 404, message: 'Invalid contact center', key: 'chat.error.InvalidContactCenter' },
  INVALID_ENDPOINT: { code: 400, message: 'Invalid endpoint', key: 'chat.error.InvalidEndpoint' },
  INVALID_NICKNAME: { code: 102, message: 'First Name is required', key: 'chat.error.InvalidNickname' },
} as const satisfies Record<string, { code: number; message: string; key: string }>;
export type NgrestCode = keyof typeof NGREST_CODES;

/** A coded error of this transport: the window's numeric code, the spec's message and the code's name. */
export interface NgrestError extends CodedError {
  name: string;
}

/** The decoded client token (web-chat.md §3 "Next-generation REST transport session"). */
export interface NgrestSession {
  token: string;
  sessionId: string;
  participantId: string;
}

/* ------------------------------------------------------------------ schemas */

const tokenSchema = v.object({ token: requiredId, sessionId: requiredId, participantId: requiredId }, objectMessage);
const startSchema = v.object(
  { data: v.object({ clientToken: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')) }, objectMessage) },
  objectMessage,
);

const messagesSchema = v.object(
  {
    data: v.object(
      {
        ...pollFields,
        nextIndex: nextPosition,
      },
      objectMessage,
    ),
  },
  objectMessage,
);

const sendSchema = v.object({ data: v.optional(v.object({ index: v.optional(v.nullable(whole(0))) }, objectMessage), {}) }, objectMessage);
const uploadSchema = v.object({ data: v.object({ fileId: requiredId }, objectMessage) }, objectMessage);

/** A failure answer's body, read leniently. */
const errorBodySchema = v.object({
  errors: v.optional(v.array(v.object({ code: v.optional(v.union([v.string(), v.number()])), message: v.optional(v.string(), '') })), []),
  chatEnded: v.optional(v.boolean(), false),
});

/* ------------------------------------------------------------------ tokens, ids */

/** base64url → text (UTF-8). */
function fromBase64url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The client token decoded into token, sessionId and participantId, or a malformed ChatFailure. */
export function decodeClientToken(clientToken: string): NgrestSession {
  let payload: unknown;
  try {
    payload = JSON.parse(fromBase64url(clientToken));
  } catch {
    throw new ChatFailure('malformed', 'The chat start answer is malformed at data.clientToken: not base64url JSON');
  }
  return read('start', payload, tokenSchema, 'data.clientToken');
}

/** The session's token fields, or a refusal naming the one missing (a broken restored session). */
export const ngrestSession = (session: SessionData): NgrestSession => sessionFields(session, ['token', 'sessionId', 'participantId']);

/** A fresh operation id: 16 random bytes in hex, never a UUID (the form this API's ids have always had on the wire). */
export const operationId = (): string => randomId({ getRandomValues: (bytes) => crypto.getRandomValues(bytes) });

/** The wait before the next poll after `errors` failed polls in a row. */
export function pollWait(pollTimeout: number, errors: number): number {
  return Math.min(pollTimeout + errors * NGREST.errorStep, Math.max(pollTimeout, NGREST.maxPollWait));
}

/* ------------------------------------------------------------------ failures */

type Call = 'start' | 'restore' | 'poll' | 'history' | 'send' | 'images' | 'userdata' | 'end';

const isCode = (code: unknown): code is NgrestCode => typeof code === 'string' && Object.hasOwn(NGREST_CODES, code);

/** What a failed request becomes: no answer, a coded refusal, the chat gone, the server unavailable, a bare status, not JSON. */
export const ngrestFailure = (call: Call, error: unknown): ChatFailure =>
  failureOf(call, error, (answered) => {
    const status = answered.status;
    const malformed = notJson(call, answered);
    if (malformed) return malformed;
    const body = v.safeParse(errorBodySchema, answered.body);
    const listed = body.success ? body.output.errors : [];
    const errors: NgrestError[] = listed.map(({ code, message }) =>
      isCode(code)
        ? { code: NGREST_CODES[code].code, message: NGREST_CODES[code].message, name: code, key: NGREST_CODES[code].key }
        : { code: status ?? 0, message: message.trim(), name: code === undefined ? '' : String(code) },
    );
    const text = joined(errors);
    if (status === 404 && ((body.success && body.output.chatEnded) || errors.some((e) => e.name === 'SESSION_NOT_FOUND'))) {
      return new ChatFailure('ended', text || `The chat ${call} call was refused: the chat has ended`, errors, status);
    }
    if (status === 401) return new ChatFailure('ended', text || `The chat ${call} call was refused: the client token is not valid`, errors, status);
    if (status === 503) return new ChatFailure('unavailable', text || `The chat server could not answer the ${call} call`, errors, status);
    if (errors.some((e) => isCode(e.name)) || (status !== undefined && status >= 400 && status < 500 && errors.length)) {
      return new ChatFailure('rejected', text || `The chat ${call} call was refused (${answered.message})`, errors, status);
    }
    return new ChatFailure('status', `The chat ${call} call failed: ${answered.message}`, errors, status);
  });

/* ------------------------------------------------------------------ transport */

/** The next-generation REST transport. */
export const createTransport: TransportFactory = (options: TransportOptions): ChatTransport => {
  const server = serverURL(options);
  const pollTimeout = Math.max(NGREST.minPollTimeout, options.pollTimeout ?? NGREST.pollTimeout);
  const pageSize = Math.max(NGREST.minPageSize, Math.floor(options.pageSize ?? NGREST.pageSize));
  /** The id of a poll that failed, repeated by the next poll (per session). */
  const retryPoll = new Map<string, string>();

  const sessionURL = (s: NgrestSession, path: string) => `${server}/${encodeURIComponent(s.sessionId)}/${path}`;

  const request = (
    call: Call,
    url: string,
    init: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; token?: string; body?: unknown; query?: Record<string, string | number>; idempotencyKey?: string },
  ): Promise<unknown> =>
    callServer(
      options,
      url,
      { method: init.method, headers: { [NGREST.tokenHeader]: init.token, 'Idempotency-Key': init.idempotencyKey }, body: init.body, query: init.query },
      (error) => ngrestFailure(call, error),
    );

  /**
   * GET messages: a poll (no count), a restore (count) or a history page (index and count); `first` and `last`:
   * the lowest and highest index the answer carried, shown or not.
   */
  async function page(call: Call, s: NgrestSession, query: Record<string, string | number>, op = operationId()) {
    const answer = await request(call, sessionURL(s, 'messages'), { method: 'GET', token: s.token, query: { ...query, operationId: op } });
    const { data } = read(call, answer, messagesSchema);
    const span = messagesOf(call, data.messages, 'data.messages');
    span.messages.sort((a, b) => a.index - b.index);
    return { result: pollResult(span, data.chatEnded, data.idleTimerExpire, data.nextIndex), first: span.first, last: span.last };
  }

  const messages = async (call: Call, s: NgrestSession, query: Record<string, string | number>): Promise<PollResult> => (await page(call, s, query)).result;

  /**
   * The messages from index `from` up to (not including) `to`, read back from `to` by history pages (at most
   * `maxRestorePages`; history moves no cursor): a restore's older pages, and a poll answer's gap.
   */
  async function between(s: NgrestSession, from: number, to: number): Promise<TranscriptMessage[]> {
    let list: TranscriptMessage[] = [];
    let upper = to;
    for (let n = 0; n < NGREST.maxRestorePages && upper > from; n++) {
      const { result, first } = await page('history', s, { index: upper, count: pageSize });
      const older = result.messages.filter((m) => m.index < upper);
      // A page of messages not shown still moves the read back.
      const lowest = Math.min(older[0]?.index ?? Infinity, first !== undefined && first < upper ? first : Infinity);
      if (lowest === Infinity) break;
      list = [...older, ...list];
      upper = lowest;
    }
    return list.filter((m) => m.index >= from);
  }

  /** A poll from `fromIndex`; `first` and `last`: the lowest and highest index from there it carried, shown or not. */
  async function pollSpan(session: SessionData, fromIndex: number) {
    const s = ngrestSession(session);
    const op = retryPoll.get(s.sessionId) ?? operationId();
    retryPoll.set(s.sessionId, op);
    const { result, first, last } = await page('poll', s, {}, op);
    retryPoll.delete(s.sessionId);
    return {
      result: { ...result, messages: result.messages.filter((m) => m.index >= fromIndex) },
      first: first !== undefined && last !== undefined && last >= fromIndex ? Math.max(first, fromIndex) : undefined,
      last,
    };
  }

  const poll = async (session: SessionData, fromIndex: number): Promise<PollResult> => (await pollSpan(session, fromIndex)).result;

  /**
   * POST messages. A send that got no answer is tried once more at once with the same operationId: if the
   * first reached the server, the server answers it again instead of adding the message twice.
   */
  async function post(call: Call, s: NgrestSession, type: string, text: string, clientMessageId?: string): Promise<unknown> {
    const init = {
      method: 'POST' as const,
      token: s.token,
      body: { operationId: operationId(), data: { type, text } },
      ...(clientMessageId ? { idempotencyKey: clientMessageId } : {}),
    };
    try {
      return await request(call, sessionURL(s, 'messages'), init);
    } catch (error) {
      if (!(error instanceof ChatFailure && error.lost && type === 'text')) throw error;
      return request(call, sessionURL(s, 'messages'), init);
    }
  }

  return {
    type: 'ngrest',
    capabilities: { async: true, pagination: true, fileUpload: true, stream: true },

    async start(req: StartRequest) {
      const form: Record<string, string> = {};
      const fields = {
        nickname: req.nickname,
        firstName: req.firstName,
        lastName: req.lastName,
        email: req.emailAddress,
        subject: req.subject,
        text: req.text,
      };
      for (const [key, value] of Object.entries(fields)) if (value !== undefined && value !== '') form[key] = value;
      const data: Record<string, unknown> = { form, userData: req.userData ?? {}, clientType: NGREST.clientType };
      if (req.endpoint !== undefined) data.endpoint = req.endpoint;
      if (options.stream) data.stream = options.stream;
      const answer = await request('start', server, { method: 'POST', body: { operationId: operationId(), data } });
      const { clientToken } = read('start', answer, startSchema).data;
      const s = decodeClientToken(clientToken);
      return { session: { chatId: s.sessionId, sessionId: s.sessionId, participantId: s.participantId, token: s.token, clientToken }, messages: [] };
    },

    /** The restore POST (the server knows the token), then pages back from the end until `fromIndex`. */
    async restore(session, fromIndex) {
      const s = ngrestSession(session);
      const answer = await request('restore', server, { method: 'POST', token: s.token, body: { operationId: operationId(), data: {} } });
      const restored = decodeClientToken(read('restore', answer, startSchema).data.clientToken);
      if (restored.sessionId !== s.sessionId) throw new ChatFailure('ended', 'The chat restore answered another session');
      const from = Math.max(1, Math.floor(fromIndex));
      const { result: last, first: carried } = await page('restore', s, { count: pageSize });
      const first = carried ?? last.messages[0]?.index;
      const older = first !== undefined && first > from ? await between(s, from, first) : [];
      return { ...last, messages: [...older, ...last.messages].filter((m) => m.index >= from) };
    },

    poll,

    subscribe(session: SessionData, fromIndex: number, handlers: StreamHandlers) {
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let errors = 0;
      let disconnected = false;
      let position = fromIndex;
      let idleTimerExpire: number | undefined;
      /** A poll's answer that starts past the position, held until the gap before it is read. */
      let held: Awaited<ReturnType<typeof pollSpan>> | undefined;
      const tick = async () => {
        timer = undefined;
        try {
          const polled = held ?? (await pollSpan(session, position));
          let result = polled.result;
          if (stopped) return;
          // The server's poll answers from its own cursor, which a restore also moves (a page that went while
          // its restore or its last poll was answered, a restore that failed half-way): an answer that starts
          // past the position — or an empty one whose next index is past it — has a gap before it. The gap is
          // read from history (which moves no cursor) before anything is handed on; if that fails, the answer
          // is held and the gap asked again on the next tick, so no index is ever skipped.
          // A message carried but not shown (transcript-schema.ts) counts: it is no gap.
          const first = polled.first ?? result.messages[0]?.index ?? result.nextPosition;
          if (first !== undefined && first > position) {
            held = polled;
            const missing = await between(ngrestSession(session), position, first);
            if (stopped) return;
            result = { ...result, messages: [...missing, ...result.messages] };
          }
          held = undefined;
          const recovered = errors > 0;
          errors = 0;
          if (disconnected) {
            disconnected = false;
            handlers.status('connected');
          }
          // Every answer names the idle timer: an empty one goes on only when that changed, or when it is the
          // first answer after failures (the session machine then clears its exception count: back online).
          if (recovered || result.messages.length || result.chatEnded || result.idleTimerExpire !== idleTimerExpire) handlers.messages(result);
          idleTimerExpire = result.idleTimerExpire;
          for (const m of result.messages) position = Math.max(position, m.index + 1);
          if (polled.last !== undefined) position = Math.max(position, polled.last + 1);
          if (result.chatEnded) return;
        } catch (error) {
          if (stopped) return;
          const failure = error instanceof ChatFailure ? error : ngrestFailure('poll', error);
          if (failure.kind === 'ended') return handlers.failed(failure);
          errors++;
          if (failure.lost) {
            if (!disconnected) {
              disconnected = true;
              handlers.status('disconnected');
            }
          } else {
            handlers.failed(failure);
          }
        }
        if (!stopped) timer = setTimeout(() => void tick(), pollWait(pollTimeout, errors));
      };
      void tick();
      return () => {
        stopped = true;
        if (timer !== undefined) clearTimeout(timer);
      };
    },

    async send(session, text, sendOptions = {}) {
      const type = sendOptions.messageType && sendOptions.messageType !== 'text' ? sendOptions.messageType : 'text';
      // The client message id as Idempotency-Key (the outbox's retries carry the same one).
      const answer = await post('send', ngrestSession(session), type, text, sendOptions.clientMessageId);
      if (answer === undefined) return {};
      const index = read('send', answer, sendSchema).data.index;
      return typeof index === 'number' ? { index } : {};
    },

    async typing(session, typing, preview) {
      await post('send', ngrestSession(session), typing ? 'typingStarted' : 'typingStopped', typing ? (preview ?? '') : '');
    },

    async customNotice(session, text) {
      await post('send', ngrestSession(session), 'customNotice', text);
    },

    async disconnect(session) {
      const s = ngrestSession(session);
      await request('end', sessionURL(s, `participants/${encodeURIComponent(s.participantId)}`), {
        method: 'DELETE',
        token: s.token,
        query: { operationId: operationId() },
      });
      retryPoll.delete(s.sessionId);
    },

    async updateUserData(session, userData) {
      const s = ngrestSession(session);
      await request('userdata', sessionURL(s, 'userdata'), { method: 'PUT', token: s.token, body: { operationId: operationId(), data: { userData } } });
    },

    /** No limits call in this API: images only; the server checks sizes and counts (LIMIT_FILE_SIZE, LIMIT_FILE_COUNT). */
    async fileLimits() {
      return { types: ['png', 'jpg', 'jpeg', 'gif'], needAgent: false, maxFileSize: Number.MAX_SAFE_INTEGER };
    },

    async upload(session, file) {
      const s = ngrestSession(session);
      const body = new FormData();
      body.append('file', file, file.name);
      body.append('operationId', operationId());
      const answer = await request('images', sessionURL(s, 'images'), { method: 'POST', token: s.token, body });
      return { fileId: read('images', answer, uploadSchema).data.fileId };
    },

    download() {
      throw new ChatFailure('rejected', 'File download is not supported by the next-generation REST transport');
    },

    async history(session, before, count) {
      const s = ngrestSession(session);
      const result = await messages('history', s, { index: Math.max(1, Math.floor(before)), count: Math.min(100, Math.max(1, Math.floor(count))) });
      return result.messages.filter((m) => m.index < before);
    },
  };
};
