// The click-to-call service (plugins-and-infrastructure.md §3 "Click-to-call", §7, §8): one POST to
// `{dataURL}` asking for a temporary number to dial, header apikey, 3000 ms timeout. The answer is the
// number, the access code, the tel: link and the seconds until the number expires; a service exception
// (`exception` with its `message`) is a refusal the visitor reads, anything else that fails is a network
// failure. It knows nothing about machines or views.
import { HttpError, requestJson } from '../http/request.ts';
import { MalformedAnswer, objectMessage, readAnswer, v } from './answer.ts';

export interface ClickToCallServiceConfig {
  dataURL?: string | undefined;
  apikey?: string | undefined;
  timeout?: number | undefined;
  /** Merged into every request (flat keys beside the `_` fields). */
  userData?: Record<string, unknown> | undefined;
  /** `_provide_code`: the number comes with an access code (default true). */
  provideAccessCode?: boolean | undefined;
  /** The 'Dial in now' link dials the access code too (the answer's `_tel_url`; default true). */
  autoDialAccessCode?: boolean | undefined;
}

/** What the registration step submits. */
export interface ClickToCallForm {
  firstname?: string;
  lastname?: string;
  phonenumber?: string;
  userData?: Record<string, unknown>;
}

/** The number to dial, as the service answers it. */
export interface ClickToCallAnswer {
  /** `_access_number`. */
  number: string;
  /** `_access_code` ('' when none was asked for). */
  code: string;
  /** The 'Dial in now' link: always a tel: URL. */
  telHref: string;
  /** `_expiration_time`: seconds until the number expires. */
  expiresIn: number;
}

/**
 * Why no number: `refused`, a service exception whose message the visitor reads (it marks the phone field);
 * `network`, no usable answer (no connection, a timeout, an error status without an exception, a malformed answer).
 */
export interface ClickToCallFailure {
  kind: 'network' | 'refused';
  message?: string;
}

export class ClickToCallError extends Error {
  constructor(
    readonly failure: ClickToCallFailure,
    detail?: string,
  ) {
    super(detail ?? failure.message ?? failure.kind);
    this.name = 'ClickToCallError';
  }
}

export const clickToCallServiceMessages = {
  invalidConfiguration: 'Invalid configuration',
  apiNotAvailable: 'API is not available',
} as const;

/** The request's fixed fields (§3): the visitor dials in at once, no agent or confirmation awaited first. */
export const CALL_FIELDS = {
  _call_direction: 'USERORIGINATED',
  _wait_for_agent: 'false',
  _wait_for_user_confirm: 'false',
} as const;

/** What a tel: link may hold: a number, pauses and the code's keys. */
const TEL = /^tel:\+?[\d*#,;pw().-]{1,120}$/i;

const text = v.pipe(v.union([v.string(), v.number()], 'must be a string'), v.transform(String), v.maxLength(200, 'must be at most 200 characters long'));

const answerSchema = v.object(
  {
    _access_number: v.pipe(text, v.regex(/^\+?[\d ()-]{3,40}$/, 'must be a phone number')),
    _access_code: v.optional(text, ''),
    _tel_url: v.optional(v.string('must be a string')),
    _expiration_time: v.pipe(v.union([v.number(), v.string()], 'must be a number of seconds'), v.transform(Number), v.finite('must be a number of seconds')),
  },
  objectMessage,
);

const exceptionSchema = v.object({ exception: v.union([v.string(), v.boolean()]), message: v.optional(v.string()) });

/** Why the configuration cannot make a request, or null: no dataURL is 'API is not available'. */
export function checkClickToCallConfig(config: ClickToCallServiceConfig): string | null {
  if (!config.dataURL || typeof config.dataURL !== 'string') return clickToCallServiceMessages.apiNotAvailable;
  return null;
}

/** A service exception in an answer: its message (the exception's name when it has none), or undefined. */
function exceptionOf(body: unknown): string | undefined {
  const result = v.safeParse(exceptionSchema, body);
  if (!result.success || result.output.exception === false) return undefined;
  const message = result.output.message?.trim() || (typeof result.output.exception === 'string' ? result.output.exception : '');
  return message.slice(0, 500);
}

/** Asks for a number to dial (§7). Rejects with a ClickToCallError. */
export async function requestNumber(config: ClickToCallServiceConfig, form: ClickToCallForm): Promise<ClickToCallAnswer> {
  const problem = checkClickToCallConfig(config);
  if (problem) throw new Error(problem);
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...config.userData, ...form.userData })) {
    if (value !== undefined && value !== null && !key.startsWith('_')) body.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  if (form.firstname) body.set('firstname', form.firstname);
  if (form.lastname) body.set('lastname', form.lastname);
  for (const [key, value] of Object.entries(CALL_FIELDS)) body.set(key, value);
  body.set('_provide_code', String(config.provideAccessCode !== false));
  body.set('_customer_number', form.phonenumber ?? '');
  let answer: unknown;
  try {
    answer = await requestJson(config.dataURL!, { method: 'POST', body, headers: { apikey: config.apikey }, timeoutMs: config.timeout ?? 3000 });
  } catch (error) {
    const message = error instanceof HttpError ? exceptionOf(error.body) : undefined;
    if (message !== undefined) throw new ClickToCallError({ kind: 'refused', message });
    throw new ClickToCallError({ kind: 'network' }, error instanceof Error ? error.message : undefined);
  }
  const refused = exceptionOf(answer);
  if (refused !== undefined) throw new ClickToCallError({ kind: 'refused', message: refused });
  let read: v.InferOutput<typeof answerSchema>;
  try {
    read = readAnswer('The click-to-call answer', answer, answerSchema);
  } catch (error) {
    throw new ClickToCallError({ kind: 'network' }, error instanceof MalformedAnswer ? error.message : undefined);
  }
  const number = read._access_number;
  const dialled = `tel:${number.replace(/[^\d+]/g, '')}`;
  // Only a tel: link is ever put in the href; without one (or without auto-dial) the number alone.
  const telHref = config.autoDialAccessCode !== false && read._tel_url && TEL.test(read._tel_url) ? read._tel_url : dialled;
  return { number, code: read._access_code, telHref, expiresIn: read._expiration_time };
}
