import { HttpError, requestJson } from '../http/request.ts';
import { MalformedAnswer, objectMessage, readAnswer, v } from './answer.ts';

/**
 * The send-message service (contact-widgets.md §7): POST to the configured URL, multipart with the
 * files when there are uploads, form-encoded otherwise; optional `apikey` and `ContactCenterId`
 * headers; 3000 ms timeout. The answer is read for interactionId, error, errors and reason.
 */
export interface SendMessageServiceConfig {
  dataURL: string;
  apikey?: string | undefined;
  contactCenterId?: string | undefined;
  /** ms, 3000 by default. */
  timeout?: number | undefined;
  fetch?: typeof fetch | undefined;
  /**
   * The page's active language, sent as `Accept-Language` so the server answers its own texts (a failure's
   * reason) in it, not in the browser's. Not an option: the plugin gives the app's language.
   */
  lang?: (() => string | undefined) | undefined;
}

/** What `sendForm` sends: the spec's send-message form. */
export interface SendMessageFormData {
  firstName: string;
  lastName: string;
  /** Sent as `fromAddress`. */
  email: string;
  subject: string;
  text: string;
  /** Sent as repeated `userData=key=value`. */
  userData?: Record<string, string | number | boolean> | undefined;
  files?: readonly File[] | undefined;
}

export interface SendMessageLimits {
  maxFiles?: number | undefined;
  maxTotalSize?: number | undefined;
}

export interface CodedError {
  code: number;
  message: string;
  /** 201 / 202: the allowed count or size the server's text ends with ('… exceeds limit: 5'). */
  limit?: number;
}

/**
 * Why a send failed: `timeout` / `network` (the server was not reached), `rejected` (a 400 with an
 * errors list, each shown by code), `server` (another failure with the server's reason or error
 * text), `unknown` (nothing usable: the generic text).
 */
export type SendMessageFailureKind = 'timeout' | 'network' | 'rejected' | 'server' | 'unknown';

export class SendMessageFailure extends Error {
  constructor(
    readonly kind: SendMessageFailureKind,
    message: string,
    readonly errors: readonly CodedError[] = [],
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SendMessageFailure';
  }
}

export const sendMessageServiceMessages = {
  noFormData: 'No formData found',
  noFormDataSupport: 'This browser cannot send files (FormData is not supported)',
  invalidConfiguration: 'Invalid configuration',
} as const;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The allowed count or size a 201 / 202 text ends with ('Total number of attachments exceeds limit: 5'). */
export function limitOf(code: number, message: string): number | undefined {
  if (code !== 201 && code !== 202) return undefined;
  const match = /(\d+)\s*$/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/** One entry of an `errors` list: a numeric code (a number or digits) and its text. */
const codedErrorSchema = v.pipe(
  v.object(
    {
      code: v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], 'must be a numeric code'),
      message: v.optional(v.string('must be a string'), ''),
    },
    objectMessage,
  ),
  v.transform(({ code, message }): CodedError => {
    const limit = limitOf(code, message);
    return limit === undefined ? { code, message } : { code, message, limit };
  }),
);

/** What a send answers: its interactionId, or why it failed (`errors`, `reason`, `error`). */
const sendAnswerSchema = v.object(
  {
    interactionId: v.optional(v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'))),
    errors: v.optional(v.array(codedErrorSchema, 'must be a list'), []),
    reason: v.optional(v.string('must be a string')),
    error: v.optional(v.string('must be a string')),
  },
  objectMessage,
);

/** The server's attachment limits (positive whole numbers; either may be absent). */
const limitsSchema = v.object(
  {
    maxFiles: v.optional(v.pipe(v.number('must be a number of files'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))),
    maxTotalSize: v.optional(v.pipe(v.number('must be a number of bytes'), v.integer('must be a whole number'), v.minValue(1, 'must be at least 1'))),
  },
  objectMessage,
);

/** The body of a failure status, read leniently: only what it says usefully (it is an error either way). */
function errorBody(body: unknown): { errors: CodedError[]; reason: string | undefined } {
  const answer = v.safeParse(sendAnswerSchema, body);
  if (answer.success) return { errors: answer.output.errors, reason: text(answer.output.reason) ?? text(answer.output.error) };
  return { errors: [], reason: undefined };
}

function failureOf(error: unknown): SendMessageFailure {
  if (!(error instanceof HttpError)) {
    return new SendMessageFailure('unknown', error instanceof Error ? error.message : String(error));
  }
  if (error.kind === 'timeout' || error.kind === 'network') return new SendMessageFailure(error.kind, error.message);
  const { errors, reason } = errorBody(error.body);
  if (error.status === 400 && errors.length) return new SendMessageFailure('rejected', errors[0]!.message, errors, 400);
  return reason ? new SendMessageFailure('server', reason, errors, error.status) : new SendMessageFailure('unknown', error.message, errors, error.status);
}

/** The request body: multipart when there are files, form-encoded otherwise. */
export function encodeForm(form: SendMessageFormData): FormData | URLSearchParams {
  const files = form.files ?? [];
  const entries: Array<[string, string]> = [
    ['lastName', form.lastName],
    ['firstName', form.firstName],
    ['fromAddress', form.email],
    ['subject', form.subject],
    ['text', form.text],
    ...Object.entries(form.userData ?? {}).map(([key, value]): [string, string] => ['userData', `${key}=${String(value)}`]),
  ];
  if (files.length === 0) return new URLSearchParams(entries);
  if (typeof FormData === 'undefined') throw new Error(sendMessageServiceMessages.noFormDataSupport);
  const body = new FormData();
  for (const [key, value] of entries) body.append(key, value);
  for (const file of files) body.append('files', file, file.name);
  return body;
}

export function createSendMessageService(config: SendMessageServiceConfig) {
  const headers = () => ({
    apikey: config.apikey || undefined,
    ContactCenterId: config.contactCenterId || undefined,
    'Accept-Language': config.lang?.() || undefined,
  });
  return {
    config,
    /**
     * Sends the form; resolves with the interactionId, rejects with a SendMessageFailure. `idempotencyKey`
     * (sent as the `Idempotency-Key` header) is the same for a retry of the same submit, so a server that
     * stored the message whose answer was lost to the timeout answers it again instead of storing it twice.
     */
    async sendForm(form: SendMessageFormData | undefined | null, idempotencyKey?: string): Promise<{ interactionId: string }> {
      if (!form || typeof form !== 'object' || Object.keys(form).length === 0) {
        throw new Error(sendMessageServiceMessages.noFormData);
      }
      let answer: unknown;
      try {
        answer = await requestJson(config.dataURL, {
          method: 'POST',
          body: encodeForm(form),
          headers: { ...headers(), 'Idempotency-Key': idempotencyKey || undefined },
          timeoutMs: config.timeout ?? 3000,
          ...(config.fetch ? { fetch: config.fetch } : {}),
        });
      } catch (error) {
        throw failureOf(error);
      }
      let body: v.InferOutput<typeof sendAnswerSchema>;
      try {
        body = readAnswer('The send-message answer', answer, sendAnswerSchema);
      } catch (error) {
        throw new SendMessageFailure('unknown', error instanceof MalformedAnswer ? error.message : String(error), [], 200);
      }
      if (body.interactionId) return { interactionId: body.interactionId };
      if (body.errors.length) throw new SendMessageFailure('rejected', body.errors[0]!.message, body.errors, 200);
      const reason = text(body.reason) ?? text(body.error);
      throw reason ? new SendMessageFailure('server', reason, [], 200) : new SendMessageFailure('unknown', 'The send-message answer has no interactionId');
    },
    /** The server's attachment limits (`GET {url}`); undefined when they cannot be read (reported in the console). */
    async getLimits(url: string): Promise<SendMessageLimits | undefined> {
      try {
        const body = await requestJson(url, { headers: headers(), timeoutMs: config.timeout ?? 3000 });
        const { maxFiles, maxTotalSize } = readAnswer('The attachment-limits answer', body ?? {}, limitsSchema);
        return { ...(maxFiles ? { maxFiles } : {}), ...(maxTotalSize ? { maxTotalSize } : {}) };
      } catch (error) {
        if (error instanceof MalformedAnswer) console.error(`[live-assist] ${error.message}`);
        return undefined;
      }
    },
  };
}

export type SendMessageService = ReturnType<typeof createSendMessageService>;
