import { HttpError, requestJson } from '../http/request.ts';

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

function readErrors(body: unknown): CodedError[] {
  const list = (body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is { code: unknown; message?: unknown } => typeof e === 'object' && e !== null && 'code' in e)
    .map((e) => ({ code: Number(e.code), message: typeof e.message === 'string' ? e.message : '' }))
    .filter((e) => Number.isFinite(e.code));
}

function failureOf(error: unknown): SendMessageFailure {
  if (!(error instanceof HttpError)) {
    return new SendMessageFailure('unknown', error instanceof Error ? error.message : String(error));
  }
  if (error.kind === 'timeout' || error.kind === 'network') return new SendMessageFailure(error.kind, error.message);
  const body = error.body as { reason?: unknown; error?: unknown } | undefined;
  const errors = readErrors(body);
  if (error.status === 400 && errors.length) return new SendMessageFailure('rejected', errors[0]!.message, errors, 400);
  const reason = text(body?.reason) ?? text(body?.error);
  return reason
    ? new SendMessageFailure('server', reason, errors, error.status)
    : new SendMessageFailure('unknown', error.message, errors, error.status);
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
  const headers = () => ({ apikey: config.apikey || undefined, ContactCenterId: config.contactCenterId || undefined });
  return {
    config,
    /** Sends the form; resolves with the interactionId, rejects with a SendMessageFailure. */
    async sendForm(form: SendMessageFormData | undefined | null): Promise<{ interactionId: string }> {
      if (!form || typeof form !== 'object' || Object.keys(form).length === 0) {
        throw new Error(sendMessageServiceMessages.noFormData);
      }
      let answer: unknown;
      try {
        answer = await requestJson(config.dataURL, {
          method: 'POST',
          body: encodeForm(form),
          headers: headers(),
          timeoutMs: config.timeout ?? 3000,
          ...(config.fetch ? { fetch: config.fetch } : {}),
        });
      } catch (error) {
        throw failureOf(error);
      }
      const body = answer as { interactionId?: unknown; error?: unknown; reason?: unknown; errors?: unknown } | undefined;
      if (typeof body?.interactionId === 'string' && body.interactionId !== '') return { interactionId: body.interactionId };
      const errors = readErrors(body);
      if (errors.length) throw new SendMessageFailure('rejected', errors[0]!.message, errors, 200);
      const reason = text(body?.reason) ?? text(body?.error);
      throw reason ? new SendMessageFailure('server', reason, [], 200) : new SendMessageFailure('unknown', 'No interactionId in the answer');
    },
    /** The server's attachment limits (`GET {url}`); undefined when they cannot be read. */
    async getLimits(url: string): Promise<SendMessageLimits | undefined> {
      try {
        const body = await requestJson<SendMessageLimits>(url, { headers: headers(), timeoutMs: config.timeout ?? 3000 });
        const limits: SendMessageLimits = {};
        if (Number(body?.maxFiles) > 0) limits.maxFiles = Number(body!.maxFiles);
        if (Number(body?.maxTotalSize) > 0) limits.maxTotalSize = Number(body!.maxTotalSize);
        return limits;
      } catch {
        return undefined;
      }
    },
  };
}

export type SendMessageService = ReturnType<typeof createSendMessageService>;
