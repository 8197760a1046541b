// The callback service (contact-widgets.md §7 "Callback service", §8 "Callback"): v1 (form-encoded,
// `apikey`) and v3 (JSON `{dataURL}/create`, `x-api-key`) submits, availability for both reduced to a map
// from slot time to capacity, the callback queue's wait, and every error answer sorted into one of the
// spec's messages. It knows nothing about machines or views.
import { HttpError, requestJson } from '../http/request.ts';
import { MalformedAnswer, objectMessage, readAnswer, v } from './answer.ts';

export type CallbackApiVersion = 'v1' | 'v3';

export interface CallbackServiceConfig {
  apiVersion?: CallbackApiVersion;
  dataURL?: string;
  serviceName?: string;
  apikey?: string;
  timeout?: number;
  /** Merged into every request's user data. */
  userData?: Record<string, unknown>;
  /** The callback queue's wait (group EWT request answering `{ ewt, time }`). */
  ewt?: { url?: string; queue?: string };
  /**
   * The page's active language, sent as `Accept-Language` so the server answers its own texts in it (not
   * in the browser's). Not an option: the plugins give the app's language.
   */
  lang?: (() => string | undefined) | undefined;
}

/** The form values the callback window submits (contact-widgets.md §3). */
export interface CallbackForm {
  firstname?: string;
  lastname?: string;
  phonenumber?: string;
  subject?: string;
  email?: string;
  /** ISO date-time of the chosen slot; absent or 'now' = as soon as possible. */
  desiredTime?: string;
  userData?: Record<string, unknown>;
  /**
   * Sent as the `Idempotency-Key` header, never in the body: a retry of the same submit carries the same
   * key, so a server that already booked it (its answer was lost to the timeout) answers the first booking
   * instead of booking again or refusing the number as already queued.
   */
  idempotencyKey?: string | undefined;
}

export interface CallbackReceipt {
  id?: string;
  desiredTime?: string;
  state?: string;
}

export interface AvailabilityQuery {
  /** ISO date or date-time. */
  startDate?: string;
  endDate?: string;
  numberOfDays?: number;
  maxTimeSlots?: number;
}

/** Slot start (ISO) → remaining capacity (0 = full or over). */
export type Availability = Record<string, number>;

/** The spec's error catalogue as codes the views translate (`callback.error.<code>`). */
export type CallbackErrorCode =
  | 'invalidParameters'
  | 'missingApiKey'
  | 'invalidPhone'
  | 'numberNotPossible'
  | 'numberNotAllowed'
  | 'invalidService'
  | 'tooManyRequests'
  | 'officeClosed'
  | 'alreadyQueued'
  | 'phoneNumberRequired'
  | 'timeout'
  | 'unknownError';

export interface CallbackFailure {
  code: CallbackErrorCode;
  /** The server's own message, shown (for HTTP 400 and 429) when its code is not in the catalogue. */
  message?: string;
  /** The full slot a too-many-requests answer names (ISO, shown as a local date). */
  slot?: string;
  /** The free slots a too-many-requests answer proposes instead (ISO instants, shown as local dates). */
  times?: string[];
  /** The form field the error belongs to (7030 and a missing number mark the phone field). */
  field?: 'phonenumber';
}

/** A rejected callback request: the Error's message is the failure code. */
export class CallbackServiceError extends Error {
  constructor(
    readonly failure: CallbackFailure,
    /** What went wrong when it is not the visitor's business (a malformed answer): the message, not shown. */
    detail?: string,
  ) {
    super(detail ?? failure.message ?? failure.code);
    this.name = 'CallbackServiceError';
  }
}

export const callbackServiceMessages = {
  invalidConfiguration: 'Invalid configuration',
  apiNotAvailable: 'API is not available',
  noData: 'No data provided to schedule a callback',
  noQuery: 'No query provided to check availability',
} as const;

const CODES: Record<number, CallbackErrorCode> = {
  501: 'invalidParameters',
  503: 'missingApiKey',
  1103: 'missingApiKey',
  7030: 'invalidPhone',
  7035: 'alreadyQueued',
  7036: 'numberNotPossible',
  7037: 'numberNotAllowed',
  7040: 'invalidService',
  7041: 'tooManyRequests',
  7042: 'officeClosed',
};

const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;

const PROPOSALS = /\s*Proposed time slots?:([\s\S]*?)(?:\.\s|\.?$)/i;
const instants = (text: string): string[] => [...text.matchAll(ISO_INSTANT)].map((m) => m[0]).filter((time) => !Number.isNaN(Date.parse(time)));

/**
 * Reads a too-many-requests answer (contact-widgets.md §8): the times it proposes — the answer's
 * `proposedTimes` when given, else the instants after "Proposed time slots:" — and the full slot it names;
 * `text` is the message without the proposal sentences ("Please propose another time slot."), which the
 * widget replaces with the times in local time.
 */
export function stripProposals(message: string, proposedTimes?: unknown): { text: string; slot: string | undefined; times: string[] } {
  const listed = PROPOSALS.exec(message);
  const text = message
    .replace(PROPOSALS, ' ')
    .replace(/\s*Please propose another time slot\.?/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  const given = Array.isArray(proposedTimes) ? proposedTimes.filter((time): time is string => typeof time === 'string' && instants(time).length === 1) : [];
  return { text, slot: instants(text)[0], times: given.length ? given : instants(listed?.[1] ?? '') };
}

/** Sorts any failure of a submit into the spec's catalogue (contact-widgets.md §8). */
export function mapCallbackError(error: unknown): CallbackFailure {
  if (error instanceof CallbackServiceError) return error.failure;
  // No answer in time: the callback may have been booked (the visitor sees 'not confirmed', not 'failed').
  if (error instanceof HttpError && error.kind === 'timeout') return { code: 'timeout' };
  if (!(error instanceof HttpError) || error.kind !== 'status') return { code: 'unknownError' };
  const body = (error.body && typeof error.body === 'object' ? error.body : {}) as { code?: unknown; message?: unknown; proposedTimes?: unknown };
  const message = typeof body.message === 'string' ? body.message : '';
  const status = error.status ?? 0;
  if (/customer number|phone ?number is required|missing phone/i.test(message)) {
    return { code: 'phoneNumberRequired', field: 'phonenumber' };
  }
  if (/already (?:queued|in (?:the )?queue)|duplicate request/i.test(message) || Number(body.code) === 7035) {
    return { code: 'alreadyQueued' };
  }
  if (status !== 400 && status !== 429) return { code: 'unknownError' };
  const code = CODES[Number(body.code)];
  if (code === 'tooManyRequests' || (!code && status === 429)) {
    const { slot, times } = stripProposals(message, body.proposedTimes);
    return { code: 'tooManyRequests', ...(slot ? { slot } : {}), times };
  }
  if (code === 'invalidPhone') return { code, field: 'phonenumber' };
  if (code) return { code };
  return message ? { code: 'unknownError', message } : { code: 'unknownError' };
}

/** The leading +48 is removed from the submitted number (contact-widgets.md §3). */
export const nationalNumber = (phone: string): string => phone.replace(/\s+/g, '').replace(/^\+48/, '');

/** 'now', empty or absent = as soon as possible. */
const isAsap = (time: string | undefined): boolean => !time || time.trim().toLowerCase() === 'now';

/** An anonymous visitor id: a random GUID with an anonymous-domain suffix. */
export function anonymousId(random: () => string = () => crypto.randomUUID()): string {
  return `${random()}@anonymous.live-assist`;
}

const isoTime = (value: string) => !Number.isNaN(Date.parse(value));
const capacity = v.pipe(v.number('must be a number'), v.finite('must be a number'));

/** One v3 slot: `utcTime` or `localTime`, and its capacity. */
const slotSchema = v.pipe(
  v.object(
    {
      utcTime: v.optional(v.pipe(v.string('must be a date-time'), v.check(isoTime, 'must be a date-time'))),
      localTime: v.optional(v.pipe(v.string('must be a date-time'), v.check(isoTime, 'must be a date-time'))),
      capacity,
    },
    objectMessage,
  ),
  v.check((slot) => slot.utcTime !== undefined || slot.localTime !== undefined, 'must have a utcTime or a localTime'),
  v.transform((slot): [string, number] => [slot.utcTime ?? slot.localTime ?? '', slot.capacity]),
);

/** A v1 map of slot date-times to capacity; members that are not date-times (a service name …) are left aside. */
const slotMapSchema = v.pipe(
  v.record(v.string(), v.unknown(), 'must be a list of slots or a map of times to capacity'),
  v.transform((map) => Object.fromEntries(Object.entries(map).filter(([time]) => isoTime(time)))),
  v.record(v.string(), capacity),
);

/**
 * The availability answer: v3 `data.slots[]` ({ utcTime | localTime, capacity }), v1 a map; either is
 * read from a `slots` member or from the data itself and reduced to slot time → capacity. A malformed
 * one is a MalformedAnswer naming where (`data.slots[3].capacity`).
 */
export function reduceAvailability(body: unknown): Availability {
  let at = '';
  let slots = body;
  if (slots && typeof slots === 'object' && !Array.isArray(slots) && 'data' in slots) [slots, at] = [slots.data, 'data'];
  if (slots && typeof slots === 'object' && !Array.isArray(slots) && 'slots' in slots) [slots, at] = [slots.slots, at ? `${at}.slots` : 'slots'];
  const what = 'The availability answer';
  if (Array.isArray(slots)) return Object.fromEntries(readAnswer(what, slots, v.array(slotSchema), at));
  return readAnswer(what, slots, slotMapSchema, at);
}

const receipt = v.optional(v.string('must be a string'));
/** A v3 submit's answer (its body is not in the spec: every member optional). */
const v3ReceiptSchema = v.optional(
  v.object({ data: v.optional(v.object({ id: receipt, desiredTime: receipt, state: receipt }, objectMessage)) }, objectMessage),
);
/** A v1 submit's answer. */
const v1ReceiptSchema = v.optional(v.object({ _id: receipt, _desired_time: receipt, _callback_state: receipt }, objectMessage));
/** The callback queue's wait (group EWT): `{ ewt, time }`, -1 = unknown. */
const waitSchema = v.object({ ewt: v.pipe(v.number('must be a number of seconds'), v.finite('must be a number of seconds')) }, objectMessage);

export interface CallbackService {
  readonly version: CallbackApiVersion;
  submit(form: CallbackForm): Promise<CallbackReceipt>;
  availability(query: AvailabilityQuery): Promise<Availability>;
  /** The callback queue's estimated wait in seconds (undefined when unknown). */
  wait(): Promise<number | undefined>;
}

/** Checks the configuration: a v3 service needs a serviceName, every version a data URL. */
export function checkCallbackConfig(config: CallbackServiceConfig): string | undefined {
  if (config.apiVersion !== undefined && config.apiVersion !== 'v1' && config.apiVersion !== 'v3') {
    return callbackServiceMessages.invalidConfiguration;
  }
  if (config.apiVersion === 'v3' && !config.serviceName) return callbackServiceMessages.invalidConfiguration;
  if (!config.dataURL) return callbackServiceMessages.apiNotAvailable;
  return undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function createCallbackService(config: CallbackServiceConfig, fetchImpl?: typeof fetch): CallbackService {
  const version: CallbackApiVersion = config.apiVersion ?? 'v1';
  const timeoutMs = config.timeout ?? 3000;
  const base = trimSlash(config.dataURL ?? '');
  const http = fetchImpl ? { fetch: fetchImpl } : {};
  const keyHeader = version === 'v3' ? { 'x-api-key': config.apikey } : { apikey: config.apikey };
  /** Every request names the page's language, so the server's own texts follow the page. */
  const headers = (extra: Record<string, string | undefined> = {}) => ({ ...keyHeader, 'Accept-Language': config.lang?.() || undefined, ...extra });

  async function submit(form: CallbackForm): Promise<CallbackReceipt> {
    const phone = nationalNumber(form.phonenumber ?? '');
    if (!phone) throw new CallbackServiceError({ code: 'phoneNumberRequired', field: 'phonenumber' });
    const desired = isAsap(form.desiredTime) ? undefined : new Date(form.desiredTime!).toISOString();
    const userData: Record<string, unknown> = {
      ...config.userData,
      ...form.userData,
      ...(form.firstname ? { firstname: form.firstname } : {}),
      ...(form.lastname ? { lastname: form.lastname } : {}),
      ...(form.subject ? { subject: form.subject } : {}),
      ...(form.email ? { email: form.email } : {}),
    };
    const submitHeaders = headers({ 'Idempotency-Key': form.idempotencyKey || undefined });
    try {
      if (version === 'v3') {
        const body = await requestJson(`${base}/create`, {
          method: 'POST',
          headers: submitHeaders,
          body: { serviceName: config.serviceName, phoneNumber: phone, ...(desired ? { desiredTime: desired } : {}), userData },
          timeoutMs,
          ...http,
        });
        const answer = readAnswer('The callback answer', body, v3ReceiptSchema);
        return { id: answer?.data?.id, desiredTime: answer?.data?.desiredTime, state: answer?.data?.state };
      }
      const body = new URLSearchParams({
        _call_direction: 'USERTERMINATED',
        _customer_number: phone,
        _wait_for_agent: 'false',
        _wait_for_user_confirm: 'false',
        _media_type: 'voice',
        _callback_state: desired ? 'SCHEDULED' : 'QUEUED',
        ...(config.ewt?.queue ? { _urs_virtual_queue: config.ewt.queue } : {}),
        ...(desired ? { _desired_time: desired } : {}),
      });
      for (const [key, value] of Object.entries(userData)) {
        if (value !== undefined && value !== null) body.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      const answer = readAnswer(
        'The callback answer',
        await requestJson(base, { method: 'POST', headers: submitHeaders, body, timeoutMs, ...http }),
        v1ReceiptSchema,
      );
      return { id: answer?._id, desiredTime: answer?._desired_time, state: answer?._callback_state };
    } catch (error) {
      // A malformed answer is the generic failure for the visitor; its message says what was wrong.
      throw new CallbackServiceError(mapCallbackError(error), error instanceof MalformedAnswer ? error.message : undefined);
    }
  }

  async function availability(query: AvailabilityQuery): Promise<Availability> {
    const v3 = version === 'v3';
    const url = v3 ? `${base}/availability/${encodeURIComponent(config.serviceName ?? '')}` : `${base}/availability`;
    const body = await requestJson(url, {
      headers: headers(),
      query: {
        start: query.startDate,
        end: query.endDate,
        [v3 ? 'numberOfDays' : 'number-of-days']: query.numberOfDays,
        [v3 ? 'maxTimeSlots' : 'max-time-slots']: query.maxTimeSlots,
      },
      timeoutMs,
      ...http,
    });
    return reduceAvailability(body);
  }

  async function wait(): Promise<number | undefined> {
    const queue = config.ewt?.queue;
    if (!queue) return undefined;
    const body = await requestJson(config.ewt?.url ?? '/api/ewt/group', {
      headers: { 'Accept-Language': config.lang?.() || undefined },
      query: { name: queue },
      timeoutMs,
      ...http,
    });
    const { ewt } = readAnswer('The wait-time answer', body, waitSchema);
    return ewt < 0 ? undefined : ewt;
  }

  return { version, submit, availability, wait };
}
