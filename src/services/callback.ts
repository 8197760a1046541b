// The callback service (contact-widgets.md §7 "Callback service", §8 "Callback"): v1 (form-encoded,
// `apikey`) and v3 (JSON `{dataURL}/create`, `x-api-key`) submits, availability for both reduced to a map
// from slot time to capacity, the callback queue's wait, and every error answer sorted into one of the
// spec's messages. It knows nothing about machines or views.
import { HttpError, requestJson } from '../http/request.ts';

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
  | 'unknownError';

export interface CallbackFailure {
  code: CallbackErrorCode;
  /** The server's own message, shown (for HTTP 400 and 429) when its code is not in the catalogue. */
  message?: string;
  /** ISO instants named by a too-many-requests answer (shown as local dates). */
  times?: string[];
  /** The form field the error belongs to (7030 and a missing number mark the phone field). */
  field?: 'phonenumber';
}

/** A rejected callback request: the Error's message is the failure code. */
export class CallbackServiceError extends Error {
  constructor(readonly failure: CallbackFailure) {
    super(failure.message ?? failure.code);
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

/** Removes the slot-proposal text of a too-many-requests answer and collects the instants it names. */
export function stripProposals(message: string): { text: string; times: string[] } {
  const text = message
    .replace(/\s*Proposed time slots?:[\s\S]*$/i, '')
    .replace(/\s*Please propose another time slot\.?/gi, '')
    .trim();
  return { text, times: [...text.matchAll(ISO_INSTANT)].map((m) => m[0]) };
}

/** Sorts any failure of a submit into the spec's catalogue (contact-widgets.md §8). */
export function mapCallbackError(error: unknown): CallbackFailure {
  if (error instanceof CallbackServiceError) return error.failure;
  if (!(error instanceof HttpError) || error.kind !== 'status') return { code: 'unknownError' };
  const body = (error.body && typeof error.body === 'object' ? error.body : {}) as { code?: unknown; message?: unknown };
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
    return { code: 'tooManyRequests', times: stripProposals(message).times };
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

/** v3 availability answers `data.slots[]` ({ utcTime | localTime, capacity }); v1 a map. Either is
 * reduced to slot time → capacity, read from a `slots` member or from the data itself. */
export function reduceAvailability(body: unknown): Availability {
  const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  const slots = data && typeof data === 'object' && 'slots' in data ? (data as { slots: unknown }).slots : data;
  const out: Availability = {};
  if (Array.isArray(slots)) {
    for (const slot of slots) {
      if (!slot || typeof slot !== 'object') continue;
      const { utcTime, localTime, capacity } = slot as { utcTime?: unknown; localTime?: unknown; capacity?: unknown };
      const time = typeof utcTime === 'string' ? utcTime : typeof localTime === 'string' ? localTime : undefined;
      if (time && Number.isFinite(Number(capacity))) out[time] = Number(capacity);
    }
    return out;
  }
  if (slots && typeof slots === 'object') {
    for (const [time, capacity] of Object.entries(slots)) {
      if (!Number.isNaN(Date.parse(time)) && Number.isFinite(Number(capacity))) out[time] = Number(capacity);
    }
    return out;
  }
  throw new HttpError('malformed', 'The availability answer has no slots');
}

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
    try {
      if (version === 'v3') {
        const answer = await requestJson<{ data?: { id?: string; desiredTime?: string; state?: string } }>(`${base}/create`, {
          method: 'POST',
          headers: keyHeader,
          body: { serviceName: config.serviceName, phoneNumber: phone, ...(desired ? { desiredTime: desired } : {}), userData },
          timeoutMs,
          ...http,
        });
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
      const answer = await requestJson<{ _id?: string; _desired_time?: string; _callback_state?: string }>(base, {
        method: 'POST',
        headers: keyHeader,
        body,
        timeoutMs,
        ...http,
      });
      return { id: answer?._id, desiredTime: answer?._desired_time, state: answer?._callback_state };
    } catch (error) {
      throw new CallbackServiceError(mapCallbackError(error));
    }
  }

  async function availability(query: AvailabilityQuery): Promise<Availability> {
    const v3 = version === 'v3';
    const url = v3 ? `${base}/availability/${encodeURIComponent(config.serviceName ?? '')}` : `${base}/availability`;
    const body = await requestJson(url, {
      headers: keyHeader,
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
    const body = await requestJson<{ ewt?: unknown }>(config.ewt?.url ?? '/api/ewt/group', { query: { name: queue }, timeoutMs, ...http });
    const ewt = Number(body?.ewt);
    if (!Number.isFinite(ewt)) throw new HttpError('malformed', 'The wait-time answer has no ewt');
    return ewt < 0 ? undefined : ewt;
  }

  return { version, submit, availability, wait };
}
