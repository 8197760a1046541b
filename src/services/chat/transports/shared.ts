import { HttpError, requestJson } from '../../../http/request.ts';
import { MalformedAnswer, readAnswer, v } from '../../answer.ts';
import { readMessages, type MessageSpan } from '../transcript-schema.ts';
import { ChatFailure, type CodedError, type PollResult, type SessionData, type TransportOptions } from '../types.ts';

/**
 * What the chat transports share: reading answers into ChatFailures, the session's fields, the common
 * headers and request options, the failures of a request that got no answer, and the schema pieces every
 * protocol's answers are made of. Each protocol keeps its own calls, shapes and failure codes.
 */

/* ------------------------------------------------------------------ answers */

/** `answer` read with `schema`, or a malformed ChatFailure naming `what` and where. */
export function readAs<S extends v.GenericSchema>(what: string, answer: unknown, schema: S, at = ''): v.InferOutput<S> {
  try {
    return readAnswer(what, answer, schema, at);
  } catch (error) {
    throw new ChatFailure('malformed', error instanceof MalformedAnswer ? error.message : String(error));
  }
}

/** The answer of the call `call` read with `schema` ('The chat send answer is malformed at …'). */
export const read = <S extends v.GenericSchema>(call: string, answer: unknown, schema: S, at = ''): v.InferOutput<S> =>
  readAs(`The chat ${call} answer`, answer, schema, at);

/** An id or a key: a string, or a number read as one. */
export const idString = v.pipe(v.union([v.string(), v.number()], 'must be a string'), v.transform(String));
export const requiredId = v.pipe(idString, v.nonEmpty('must not be empty'));
/** A whole number of at least `min` (an index, a position, a sequence). */
export const whole = (min: number) => v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(min, `must be at least ${min}`));
export const millis = v.pipe(v.number('must be a number of milliseconds'), v.finite('must be a number of milliseconds'));
/** An answer's `chatEnded`, false when it is left out. */
export const chatEnded = v.optional(v.boolean('must be true or false'), false);
/**
 * An answer's transcript messages as they came: a list, each read on its own afterwards (`messagesOf`), so
 * that one that cannot be read does not fail the answer.
 */
export const messageList = v.optional(v.array(v.unknown(), 'must be a list'), []);
/** What a poll's answer carries in every protocol: the messages, whether the chat ended, the idle timer. */
export const pollFields = { messages: messageList, chatEnded, idleTimerExpire: v.optional(v.nullable(millis)) };

/** The messages of the answer of the call `call`, read one by one (transcript-schema.ts). */
export const messagesOf = (call: string, list: readonly unknown[], at = 'messages'): MessageSpan => readMessages(list, `The chat ${call} answer`, at);
/** The index the next poll starts from, where the answer names it. */
export const nextPosition = v.optional(v.nullable(whole(1)));

/**
 * A poll's result; the idle timer and the next position only where the answer names them, or where the
 * answer ended with messages not shown (dropped, of unknown types): the next position is past them, so they
 * are not asked for again.
 */
export function pollResult(span: MessageSpan, ended: boolean, idleTimerExpire?: number | null, nextPosition?: number | null): PollResult {
  const { messages } = span;
  const result: PollResult = { messages, chatEnded: ended };
  if (typeof idleTimerExpire === 'number') result.idleTimerExpire = idleTimerExpire;
  if (typeof nextPosition === 'number') result.nextPosition = nextPosition;
  // The highest index carried, not shown: every message of the answer below it.
  if (span.last !== undefined && !messages.some((m) => m.index === span.last)) result.nextPosition = Math.max(result.nextPosition ?? 0, span.last + 1);
  return result;
}

/* ------------------------------------------------------------------ session */

/** The session's `names` as strings, or a refusal naming the first one missing (a broken restored session). */
export function sessionFields<K extends string>(session: SessionData, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = session[name];
    if ((typeof value !== 'string' && typeof value !== 'number') || String(value) === '')
      throw new ChatFailure('rejected', `The chat session data has no ${name}`);
    out[name] = String(value);
  }
  return out;
}

/* ------------------------------------------------------------------ requests */

/** The server URL without trailing slashes. */
export const serverURL = (options: TransportOptions): string => options.dataURL.replace(/\/+$/, '');

/** The configured headers, the API key and the page's language, then the call's own (undefined ones are not sent). */
export const headersOf = (options: TransportOptions, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> => ({
  ...options.headers,
  apikey: options.apikey || undefined,
  'Accept-Language': options.lang?.() || undefined,
  ...extra,
});

export interface CallInit {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string | undefined>;
  body?: unknown;
  query?: Record<string, string | number>;
  /** This call's timeout instead of the configured one. */
  timeout?: number;
}

/** A JSON request with the common headers and the configured timeout and fetch; what fails becomes `failure(error)`. */
export async function callServer(options: TransportOptions, url: string, init: CallInit, failure: (error: unknown) => ChatFailure): Promise<unknown> {
  try {
    return await requestJson(url, {
      method: init.method,
      headers: headersOf(options, init.headers),
      body: init.body,
      query: init.query,
      timeoutMs: init.timeout ?? options.timeout,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  } catch (error) {
    throw failure(error);
  }
}

/* ------------------------------------------------------------------ failures */

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * What a failed request becomes: one that got no answer at all (not an HttpError, a timeout, the network)
 * is said here, one with an answer (an error status, a body that is not JSON) by the transport's `answered`.
 */
export function failureOf(call: string, error: unknown, answered: (error: HttpError) => ChatFailure): ChatFailure {
  if (!(error instanceof HttpError)) return new ChatFailure('network', `The chat ${call} call failed: ${errorText(error)}`);
  if (error.kind === 'timeout' || error.kind === 'network') return new ChatFailure(error.kind, `The chat ${call} call failed: ${error.message}`);
  return answered(error);
}

/** An answer that is not JSON without an error status; an error status with a page that is not JSON (a proxy's 502) is a status failure, not this. */
export function notJson(call: string, error: HttpError): ChatFailure | undefined {
  if (error.kind === 'malformed' && !(error.status !== undefined && error.status >= 400)) {
    return new ChatFailure('malformed', `The chat ${call} answer is malformed: not JSON`, [], error.status);
  }
  return undefined;
}

/** The server's messages, one a line (web-chat.md §8: an error list is joined with line breaks). */
export const joined = (errors: readonly CodedError[]): string =>
  errors
    .map((error) => error.message.trim())
    .filter(Boolean)
    .join('\n');
