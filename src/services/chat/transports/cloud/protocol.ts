import { v } from '../../../answer.ts';
import { ChatFailure, type CodedError, type SessionData, type TransportOptions } from '../../types.ts';
import { failureOf, sessionFields } from '../shared.ts';

/**
 * The cloud transport's constants, options, session and failures, which its REST calls (rest.ts) and its
 * event stream (stream.ts) both use.
 */

/** The transport's constants (web-chat.md §9 "Cloud transport"). */
export const CLOUD = {
  /** A lost socket is opened again after this, again and again. */
  reconnectDelay: 5000,
  /** No frame for this long: the socket is dead (the heartbeat tracker). */
  heartbeatTimeout: 12_000,
  /** The end call's timeout. */
  endTimeout: 3000,
  /** Messages per page (the API's most). */
  pageSize: 100,
  /** Most pages one restore or resync reads. */
  maxPages: 50,
  targetType: 'QUEUE',
  displayName: 'Customer',
  role: 'CUSTOMER',
} as const;

/** The sockets codes (web-chat.md §8) with their messages and language-pack keys. */
export const CLOUD_CODES = {
  400: { message: 'The request was not valid', key: 'chat.error.Cloud400' },
  500: { message: 'unexpected error occurred with the service', key: 'chat.error.Cloud500' },
  503: { message: 'service is currently unavailable', key: 'chat.error.Cloud503' },
} as const satisfies Record<number, { message: string; key: string }>;

/** A coded error of this transport: `code` the HTTP status, `name` 'cloud.<status>'. */
export interface CloudError extends CodedError {
  name: string;
}

/** `webchat.transport`'s cloud conversation options (web-chat.md §3). */
export interface CloudOptions {
  organizationId?: string;
  deploymentId?: string;
  routingTarget?: { targetType?: string; targetAddress?: string; skills?: string[]; language?: string; priority?: number };
  memberInfo?: { displayName?: string; customFields?: Record<string, string> };
  journeyContext?: Record<string, unknown>;
}

/** What the transport uses of a WebSocket (the browser's; in Node tests the `ws` package's). */
export interface CloudSocket {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}
export type CloudSocketFactory = new (url: string) => CloudSocket;

/** The clock of the socket's timers (tests inject one to check the 5000 and 12000 ms). */
export interface CloudTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface CloudTransportOptions extends TransportOptions {
  cloud?: CloudOptions;
  /** The WebSocket class (default: the browser's). */
  WebSocket?: CloudSocketFactory;
  timers?: CloudTimers;
  reconnectDelay?: number;
  heartbeatTimeout?: number;
}

/** The session (web-chat.md §3 "Cloud transport session"); the page and index state live in the subscription. */
export interface CloudSession {
  conversationId: string;
  memberId: string;
  jwt: string;
  webSocketUrl: string;
}

/** The calls, as failure messages name them ('The chat messages call failed (cloud.503): …'). */
export type Call = 'create' | 'members' | 'messages' | 'send' | 'typing' | 'end' | 'stream';

/** The session's fields, or a refusal naming the one missing (a broken restored session). */
export const cloudSession = (session: SessionData): CloudSession => sessionFields(session, ['conversationId', 'memberId', 'jwt', 'webSocketUrl']);

/* ------------------------------------------------------------------ failures */

const errorBodySchema = v.object({ message: v.optional(v.string(), ''), code: v.optional(v.union([v.string(), v.number()])) });

/** The coded error of an HTTP status (or a socket's close code standing for one). */
export function cloudError(status: number, message = ''): CloudError {
  const known = (CLOUD_CODES as Record<number, { message: string; key: string }>)[status];
  const error: CloudError = { code: status, message: known?.message ?? (message.trim() || `HTTP ${status}`), name: `cloud.${status}` };
  if (known) error.key = known.key;
  return error;
}

/** A failure with an HTTP status: the chat gone (401, 404, 410), unavailable (503, 429), refused (4xx), or a server error. */
export function statusFailure(call: Call, status: number, message = ''): ChatFailure {
  const error = cloudError(status, message);
  const text = `The chat ${call} call failed (${error.name}): ${message.trim() || error.message}`;
  if (status === 401 || status === 404 || status === 410) return new ChatFailure('ended', text, [error], status);
  if (status === 503 || status === 429) return new ChatFailure('unavailable', text, [error], status);
  if (status >= 400 && status < 500) return new ChatFailure('rejected', text, [error], status);
  return new ChatFailure('status', text, [error], status);
}

/** What a failed request becomes (a ChatFailure already is one). */
export function cloudFailure(call: Call, error: unknown): ChatFailure {
  if (error instanceof ChatFailure) return error;
  return failureOf(call, error, (answered) => {
    const status = answered.status;
    if (status === undefined || status < 400) return new ChatFailure('malformed', `The chat ${call} answer is malformed: ${answered.message}`, [], status);
    const body = v.safeParse(errorBodySchema, answered.body);
    return statusFailure(call, status, body.success ? body.output.message : '');
  });
}
