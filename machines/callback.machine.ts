import { and, assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, not, or, setup, stateIn, type SnapshotFrom } from 'xstate';
import { deferred } from './deferred.ts';
import type { CallbackFailure, CallbackForm, CallbackReceipt } from '../src/services/callback.ts';
import { loadPhoneCheck, phoneCheck, phonePrefix, POLAND, sanitizePhone as sanitizeNumber, type PhoneCheck, type PhoneCountry } from './phone.ts';
import { officeStatus, type OfficeStatus, type OpeningHours } from './availability.ts';
import { emptyReport, reportAt, type LifecycleReport } from './lifecycle-report.ts';

export type { LifecycleReport } from './lifecycle-report.ts';

/**
 * The callback window (contact-widgets.md §4 "Callback window"): closed → open → started (first input or
 * keydown) → submitted → scheduled (completed) or error (Okay re-enables the form, every value kept).
 * Closing with entered data asks for confirmation (confirmClose); closing without completing records
 * `cancelled`. A parallel region refreshes the callback queue's wait; choosing a date disables it, ASAP
 * re-enables it. The number's check (libphonenumber-js, machines/phone-check.ts) is loaded while the
 * window is open (`loadPhoneRules`, after the first frame); a submit before it has loaded waits for it
 * (`checking`, busy). Pure: the submit, the wait and that load are actors provided by the Callback plugin.
 */

export type CallbackField = 'firstname' | 'lastname' | 'phonenumber' | 'subject';
export const CALLBACK_FIELDS: readonly CallbackField[] = ['firstname', 'lastname', 'phonenumber', 'subject'];
export type CallbackValues = Record<CallbackField, string>;
export type Schedule = 'asap' | 'pick';

/** Where an error is shown: a form field or the schedule's date-time field. */
export type ErrorTarget = CallbackField | 'desiredTime';

/** A message key (`callback.validation.*`, `callback.error.*`) and its parameters. */
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}

/** A form's data-protection notice: the controller, the purpose and the policy document. */
export interface DataProtection {
  controller: string;
  purpose: string;
  pdf: string;
}

export interface CallbackSettings {
  /** The phone's countries (`callback.countries`); the first is the default, its prefix prefilled ('+48'). */
  countries: readonly PhoneCountry[];
  /** The country picker is shown and the number keeps a configured country's prefix. */
  countryCodes: boolean;
  maxLength: Record<CallbackField, number>;
  required: Record<CallbackField, boolean>;
  immediateCallback: boolean;
  scheduledCallback: boolean;
  ewtDisplay: boolean;
  /** Wait shown only at or above this many seconds. */
  ewtThreshold: number;
  /** Immediate callback offered only for a wait within [min, max] seconds (when known). */
  immediateMin: number;
  immediateMax: number;
  /** ms */
  refreshInterval: number;
  /** ms */
  timeout: number;
  /** The notice under the form; none when absent. */
  dataProtection?: DataProtection | undefined;
  /**
   * When the office takes callbacks (`callback.openingHours`): outside them ASAP is not offered and a
   * date is pre-selected. None: ASAP whenever immediate callbacks are on.
   */
  openingHours?: OpeningHours | undefined;
}

export const defaultCallbackSettings: CallbackSettings = {
  countries: [POLAND],
  countryCodes: true,
  maxLength: { firstname: 100, lastname: 100, phonenumber: 12, subject: 100 },
  required: { firstname: true, lastname: false, phonenumber: true, subject: true },
  immediateCallback: true,
  scheduledCallback: true,
  ewtDisplay: true,
  ewtThreshold: 30,
  immediateMin: 0,
  immediateMax: Number.POSITIVE_INFINITY,
  refreshInterval: 10_000,
  timeout: 3000,
};

/** The callback form as its lifecycle report carries it: the fields and the picked time (null for ASAP). */
export type CallbackReportForm = CallbackValues & { desiredTime: string | null };

/** The lifecycle report published with every Callback event (contact-widgets.md §3; machines/lifecycle-report.ts). */
export type CallbackReport = LifecycleReport<CallbackReportForm>;

export interface CallbackContext {
  settings: CallbackSettings;
  values: CallbackValues;
  errors: Partial<Record<ErrorTarget, FieldError>>;
  schedule: Schedule;
  /** ISO date-time of the picked slot. */
  desiredTime: string | null;
  /** Callback queue wait in seconds; undefined when unknown. */
  ewt: number | undefined;
  failure: CallbackFailure | null;
  receipt: CallbackReceipt | null;
  minimized: boolean;
  userData: Record<string, unknown>;
  autoSubmit: boolean;
  report: CallbackReport;
  /** Epoch ms of the last clock reading (the `readClock` action), used for the report's times. */
  now: number;
  /**
   * The submit's idempotency key (sent as `Idempotency-Key`): made when this form content is first
   * submitted, reused by `retry` and by a submit of the same content after an unconfirmed outcome,
   * dropped when the content (a field, the schedule, the time) changes, after booking and after a refusal.
   */
  submitKey: string | null;
  /**
   * libphonenumber-js's check of the number (machines/phone-check.ts, its own chunk): 'loading' until
   * the first open has loaded it (`loadPhoneRules`), 'unavailable' when its chunk could not be fetched
   * (the number is then checked by the callback service, whose answer marks the field).
   */
  phoneRules: 'loading' | 'ready' | 'unavailable';
}

export interface OpenOptions {
  form?: Partial<CallbackValues>;
  /** 'now' selects ASAP; an ISO date-time selects that slot. */
  desiredTime?: string;
  autoSubmit?: boolean;
  proactive?: boolean;
  userData?: Record<string, unknown>;
}

export type CallbackEvent =
  | ({ type: 'open' } & OpenOptions)
  | { type: 'close'; force?: boolean }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'minimize' }
  | { type: 'restore' }
  | { type: 'form.change'; field: CallbackField; value: string }
  | { type: 'form.keydown' }
  | { type: 'schedule.asap' }
  | { type: 'schedule.pick' }
  | { type: 'schedule.time'; date: string }
  | { type: 'form.submit' }
  | { type: 'alert.dismiss' }
  | { type: 'retry' }
  // From the `loadPhoneRules` actor.
  | { type: 'phoneRules.loaded' }
  | { type: 'phoneRules.failed' };

export type CallbackEmitted = {
  type: 'opened' | 'started' | 'submitted' | 'completed' | 'failed' | 'cancelled' | 'closed' | 'minimized' | 'maximized';
  report: CallbackReport;
};

export interface CallbackInput {
  settings?: Partial<CallbackSettings>;
}

export const callbackMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  invalidConfiguration: 'Invalid configuration',
  apiNotAvailable: 'API is not available',
  notOpen: 'Callback is not currently open',
} as const;

/**
 * While typing the phone accepts digits and '+' only, keeps a configured country's prefix (the one
 * `previous` named, or one the value names: machines/phone.ts) and its maximum length.
 */
export function sanitizePhone(value: string, settings: Pick<CallbackSettings, 'countries' | 'countryCodes' | 'maxLength'>, previous?: string): string {
  return sanitizeNumber(value, { countries: settings.countries, countryCodes: settings.countryCodes, maxLength: settings.maxLength.phonenumber }, previous);
}

/** What validation knows besides the form: the queue's wait, the clock and, once loaded, the number's check. */
export interface ValidationFacts {
  /** The queue's wait in seconds, when known. */
  ewt?: number | undefined;
  now?: number;
  /** libphonenumber-js's check (machines/phone-check.ts); without it a number is refused only when it is the prefix alone. */
  isValidPhone?: PhoneCheck | undefined;
}

/** Loads the number's check (its own chunk) and tells the machine: `phoneRules.loaded`, or `.failed` offline. */
export function loadPhoneRules(sendBack: (event: CallbackEvent) => void): void {
  loadPhoneCheck().then(
    () => sendBack({ type: 'phoneRules.loaded' }),
    () => sendBack({ type: 'phoneRules.failed' }),
  );
}

/** The field validators run before submit (contact-widgets.md §5). */
export function validateCallback(
  values: CallbackValues,
  schedule: Schedule,
  desiredTime: string | null,
  settings: CallbackSettings,
  { ewt, now = Date.now(), isValidPhone }: ValidationFacts = {},
): Partial<Record<ErrorTarget, FieldError>> {
  const errors: Partial<Record<ErrorTarget, FieldError>> = {};
  for (const field of CALLBACK_FIELDS) {
    const value = values[field].trim();
    const max = settings.maxLength[field];
    if (field === 'phonenumber') {
      if (value === '') errors.phonenumber = { key: 'callback.error.phoneNumberRequired' };
      else if (value.length > max) errors.phonenumber = { key: 'callback.validation.tooLong', params: { max } };
      // Only the prefix, or not a number of a configured country (libphonenumber-js metadata, once loaded).
      else if (isValidPhone ? !isValidPhone(value, settings) : value === phonePrefix(settings)) errors.phonenumber = { key: 'callback.error.invalidPhone' };
      continue;
    }
    if (settings.required[field] && value === '') errors[field] = { key: 'callback.validation.required' };
    else if (value.length > max) errors[field] = { key: 'callback.validation.tooLong', params: { max } };
  }
  if (schedule === 'pick' && !desiredTime) errors.desiredTime = { key: 'callback.validation.timeRequired' };
  // Immediate-callback thresholds (§5): an ASAP request is refused while the queue's known wait is outside them.
  // Out of hours (`openingHours`) ASAP is refused before the server would (7042).
  if (schedule === 'asap' && selectOffice({ settings, now })?.open === false) errors.desiredTime = { key: 'callback.validation.officeClosed' };
  else if (schedule === 'asap' && settings.scheduledCallback && !immediateAvailable({ settings, ewt, now })) {
    errors.desiredTime = { key: 'callback.validation.immediateUnavailable' };
  }
  return errors;
}

/**
 * The office by `settings.openingHours` at the last clock reading (the server's clock when the plugin
 * knows it): open, or closed and when it opens; null when no hours are configured.
 */
export function selectOffice(context: Pick<CallbackContext, 'settings' | 'now'>): OfficeStatus | null {
  return context.settings.openingHours ? officeStatus(context.settings.openingHours, context.now) : null;
}

/**
 * ASAP is offered when immediate callbacks are on, the office is open (when hours are configured) and
 * the queue's wait (when known) is within range.
 */
export function immediateAvailable(context: Pick<CallbackContext, 'settings' | 'ewt' | 'now'>): boolean {
  const { settings, ewt } = context;
  if (!settings.immediateCallback || selectOffice(context)?.open === false) return false;
  return ewt === undefined || (ewt >= settings.immediateMin && ewt <= settings.immediateMax);
}

const emptyValues = (settings: CallbackSettings): CallbackValues => ({
  firstname: '',
  lastname: '',
  phonenumber: phonePrefix(settings),
  subject: '',
});

/** Has the visitor entered anything beyond the prefilled prefix? */
export function hasData(context: Pick<CallbackContext, 'values' | 'settings' | 'desiredTime'>): boolean {
  const initial = emptyValues(context.settings);
  return CALLBACK_FIELDS.some((f) => context.values[f].trim() !== initial[f]) || context.desiredTime !== null;
}

/** The report with the current form and the time elapsed up to the close (or up to the last clock reading). */
const withForm = (context: CallbackContext, patch: Partial<CallbackReport> = {}): CallbackReport =>
  reportAt(context.report, patch, { ...context.values, desiredTime: context.schedule === 'pick' ? context.desiredTime : null }, context.now);

const withError = (context: CallbackContext, ...codes: string[]): CallbackReport => withForm(context, { errors: [...context.report.errors, ...codes] });

/**
 * A failure after which the callback may have been booked: no answer in time, or no usable answer
 * (a 5xx, a dropped connection). The visitor sees 'not confirmed' and may retry with the same key.
 */
export const unconfirmed = (failure: CallbackFailure | null): boolean => failure?.code === 'timeout' || (failure?.code === 'unknownError' && !failure.message);

/** The validation of the form as the context stands: the number's check once loaded. */
const validate = (context: CallbackContext) =>
  validateCallback(context.values, context.schedule, context.desiredTime, context.settings, {
    ewt: context.ewt,
    now: context.now,
    isValidPhone: context.phoneRules === 'ready' ? phoneCheck() : undefined,
  });

const isValid = (context: CallbackContext) => Object.keys(validate(context)).length === 0;

/** The form an `open` event asks for: prefilled values, the schedule its desiredTime selects, a fresh report. */
function openedForm(context: CallbackContext, event: Extract<CallbackEvent, { type: 'open' }>): Partial<CallbackContext> {
  const { settings } = context;
  const values = { ...emptyValues(settings) };
  let prefilled = false;
  for (const field of CALLBACK_FIELDS) {
    const given = event.form?.[field];
    if (typeof given === 'string' && given !== '') {
      values[field] = field === 'phonenumber' ? sanitizePhone(given, settings) : given;
      prefilled = true;
    }
  }
  const desired = typeof event.desiredTime === 'string' ? event.desiredTime.trim() : '';
  const pick = desired !== '' && desired.toLowerCase() !== 'now' && !Number.isNaN(Date.parse(desired));
  // Out of hours a date is pre-selected (ASAP is not offered), unless picking is off.
  const asapPossible = (settings.immediateCallback && selectOffice(context)?.open !== false) || !settings.scheduledCallback;
  const schedule: Schedule = pick && settings.scheduledCallback ? 'pick' : desired.toLowerCase() === 'now' || asapPossible ? 'asap' : 'pick';
  const base: CallbackContext = {
    ...context,
    values,
    errors: {},
    schedule,
    desiredTime: schedule === 'pick' && pick ? new Date(desired).toISOString() : null,
    failure: null,
    receipt: null,
    minimized: false,
    userData: event.userData ?? {},
    autoSubmit: event.autoSubmit === true && prefilled,
    submitKey: null,
    // An earlier open's wait is stale: unknown until this open's answer (ASAP is offered meanwhile).
    ewt: undefined,
  };
  const report = { ...emptyReport({ ...values, desiredTime: null }), proactive: event.proactive === true, prefilled, opened: context.now };
  return { ...base, report: withForm({ ...base, report }) };
}

const callbackSetup = setup({
  types: {
    context: {} as CallbackContext,
    events: {} as CallbackEvent,
    input: {} as CallbackInput | undefined,
    emitted: {} as CallbackEmitted,
  },
  actors: {
    submitCallback: fromPromise<CallbackReceipt, CallbackForm & { idempotencyKey: string }>(async () => {
      throw new Error('submitCallback is provided by the Callback plugin');
    }),
    fetchWait: fromPromise<number | undefined, void>(async () => undefined),
    /**
     * Loads the number's check and says so (`phoneRules.loaded` / `.failed`). `soon: false` when the
     * window opens (the Callback plugin waits for the browser to be idle after the first frame), true
     * when a submit waits for it. This default loads at once.
     */
    loadPhoneRules: fromCallback<CallbackEvent, { soon: boolean }>(({ sendBack }) => loadPhoneRules(sendBack)),
  },
  delays: {
    /** The callback service timeout (3000 ms): a submit still pending then fails. */
    serviceTimeout: ({ context }) => context.settings.timeout,
    /** Wait refresh (10 s). */
    waitRefresh: ({ context }) => context.settings.refreshInterval,
  },
  guards: {
    formValid: ({ context }) => isValid(context),
    autoSubmit: ({ context }) => context.autoSubmit && isValid(context),
    hasData: ({ context }) => hasData(context),
    /** A close that must not ask (the Close command, App.closeAll). */
    forced: ({ event }) => {
      assertEvent(event, 'close');
      return event.force === true;
    },
    minimized: ({ context }) => context.minimized,
    notMinimized: ({ context }) => !context.minimized,
    /** Only an unconfirmed outcome is tried again (with the same key); a refusal is not. */
    retryable: ({ context }) => unconfirmed(context.failure),
    ewtDisplay: ({ context }) => context.settings.ewtDisplay,
    immediateAvailable: ({ context }) => immediateAvailable(context) || !context.settings.scheduledCallback,
    scheduledAvailable: ({ context }) => context.settings.scheduledCallback,
    /** The number's check has not loaded yet (nor failed to): a submit waits for it. */
    phoneRulesLoading: ({ context }) => context.phoneRules === 'loading',
    autoSubmitAsked: ({ context }) => context.autoSubmit,
    /** The visitor has typed since the open (the report's `started`). */
    wasStarted: ({ context }) => context.report.started !== null,
    /** The form takes input (not while submitting, after booking or behind a dialog). */
    editing: or([stateIn({ active: { flow: 'open' } }), stateIn({ active: { flow: 'started' } })]),
  },
  actions: {
    /** The clock: stores the time for the report. Tests provide their own reading (README "Clocks"). */
    readClock: assign({ now: () => Date.now() }),
    /** Publishes a lifecycle event with the report as it stands. */
    publish: emit(({ context }, params: { type: CallbackEmitted['type'] }) => ({ type: params.type, report: withForm(context) })),
    openForm: assign(({ context, event }) => {
      assertEvent(event, 'open');
      return openedForm(context, event);
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const value = event.field === 'phonenumber' ? sanitizePhone(event.value, context.settings, context.values.phonenumber) : event.value;
      const { [event.field]: _cleared, ...errors } = context.errors;
      // Other content is another submission: a new idempotency key.
      const submitKey = value === context.values[event.field] ? context.submitKey : null;
      return { values: { ...context.values, [event.field]: value }, errors, submitKey };
    }),
    /** The submit's idempotency key: kept for a retry of the same content, a new random one otherwise. */
    keySubmit: assign({ submitKey: ({ context }) => context.submitKey ?? crypto.randomUUID() }),
    markStarted: assign(({ context }) => ({ report: withForm(context, { started: context.now }) })),
    markAutoSubmitted: assign(({ context }) => ({ report: withForm(context, { autoSubmitted: true }) })),
    validate: assign(({ context }) => {
      const errors = validate(context);
      return { errors, report: withError(context, ...Object.values(errors).map((e) => e.key)) };
    }),
    phoneRulesLoaded: assign({ phoneRules: 'ready' }),
    phoneRulesFailed: assign({ phoneRules: 'unavailable' }),
    chooseAsap: assign({
      schedule: 'asap',
      errors: ({ context }) => ({ ...context.errors, desiredTime: undefined }),
      submitKey: ({ context }) => (context.schedule === 'asap' ? context.submitKey : null),
    }),
    choosePick: assign({ schedule: 'pick', submitKey: ({ context }) => (context.schedule === 'pick' ? context.submitKey : null) }),
    chooseTime: assign(({ context, event }) => {
      assertEvent(event, 'schedule.time');
      const same = context.schedule === 'pick' && context.desiredTime === event.date;
      return {
        schedule: 'pick' as const,
        desiredTime: event.date,
        errors: { ...context.errors, desiredTime: undefined },
        submitKey: same ? context.submitKey : null,
      };
    }),
    setMinimized: assign({ minimized: true }),
    setRestored: assign({ minimized: false }),
    clearFailure: assign({ errors: {}, failure: null }),
    dismissFailure: assign({ failure: null }),
    // The invoked actors' done/error events are not in CallbackEvent: their payload comes in as params.
    recordReceipt: assign(({ context }, params: { receipt: CallbackReceipt | undefined }) => ({
      receipt: params.receipt ?? {},
      report: withForm(context, { completed: true }),
      submitKey: null,
    })),
    recordFailure: assign(({ context }, params: { error: unknown }) => {
      const failure: CallbackFailure = (params.error as { failure?: CallbackFailure } | undefined)?.failure ?? { code: 'unknownError' };
      return {
        failure,
        errors: failure.field ? { [failure.field]: { key: `callback.error.${failure.code}` } } : {},
        report: withError(context, failure.code),
        // A refusal is a definite answer (nothing was booked): the next submit is a new one.
        submitKey: unconfirmed(failure) ? context.submitKey : null,
      };
    }),
    /** No answer in time: the request may still book the callback, so the outcome is unknown (the key stays). */
    recordTimeout: assign(({ context }) => ({ failure: { code: 'timeout' as const }, report: withError(context, 'timeout') })),
    storeWait: assign((_, params: { ewt: number | undefined }) => ({ ewt: params.ewt })),
    forgetWait: assign({ ewt: undefined }),
    /** Records closed / elapsed / cancelled, publishes `cancelled` when not completed, then `closed`. */
    finish: enqueueActions(({ context, enqueue }) => {
      const report = withForm(context, { closed: context.now, cancelled: !context.report.completed });
      enqueue.assign({ report });
      if (!report.completed) enqueue.emit({ type: 'cancelled', report });
      enqueue.emit({ type: 'closed', report });
    }),
  },
});

/** Leaving the window: the clock is read first so the report's `closed` and `elapsed` are right. */
const toClosed = { target: '#callback.closed', actions: ['readClock', 'finish'] } as const;
const publish = (type: CallbackEmitted['type']) => ({ type: 'publish', params: { type } }) as const;

/** Choosing a date (which the form accepts only while editing) disables the wait display. */
const waitOff = {
  'schedule.time': { guard: and(['editing', 'scheduledAvailable']), target: 'disabled' },
  'schedule.pick': { guard: and(['editing', 'scheduledAvailable']), target: 'disabled' },
} as const;

/**
 * Waiting for the number's check (a submit, or an auto-submitted open, before it has loaded): busy, the
 * check loaded at once, only a forced close taken; `always` says where to go once it has loaded or failed.
 */
const awaitingPhoneRules = (always: NonNullable<Parameters<typeof callbackSetup.createStateConfig>[0]['always']>) =>
  callbackSetup.createStateConfig({
    tags: ['busy'],
    invoke: { src: 'loadPhoneRules', input: { soon: true } },
    always,
    on: { close: { guard: 'forced', ...toClosed } },
  });

/** What the form accepts whether or not the visitor has started typing. */
const editing = callbackSetup.createStateConfig({
  tags: ['editing'],
  on: {
    'schedule.asap': { guard: 'immediateAvailable', actions: 'chooseAsap' },
    'schedule.pick': { guard: 'scheduledAvailable', actions: 'choosePick' },
    'schedule.time': { guard: 'scheduledAvailable', actions: 'chooseTime' },
    'form.submit': [{ guard: 'phoneRulesLoading', target: 'checking' }, { guard: 'formValid', target: 'submitted' }, { actions: 'validate' }],
    close: [{ guard: 'forced', ...toClosed }, { guard: 'hasData', target: 'confirmClose' }, toClosed],
  },
});

export const callbackMachine = deferred(callbackSetup, (s) =>
  s.createMachine({
    id: 'callback',
    context: ({ input }) => {
      const settings = { ...defaultCallbackSettings, ...input?.settings };
      const values = emptyValues(settings);
      return {
        settings,
        values,
        errors: {},
        schedule: settings.immediateCallback || !settings.scheduledCallback ? 'asap' : 'pick',
        desiredTime: null,
        ewt: undefined,
        failure: null,
        receipt: null,
        minimized: false,
        userData: {},
        autoSubmit: false,
        report: emptyReport<CallbackReportForm>({ ...values, desiredTime: null }),
        now: 0,
        submitKey: null,
        phoneRules: 'loading',
      };
    },
    initial: 'closed',
    states: {
      closed: {
        on: {
          open: { target: 'active', actions: ['readClock', 'openForm', publish('opened')] },
        },
      },
      active: {
        type: 'parallel',
        // The number's check, after the window's first frame (the plugin waits for idle); at once when loaded.
        invoke: { src: 'loadPhoneRules', input: { soon: false } },
        on: {
          'phoneRules.loaded': { actions: 'phoneRulesLoaded' },
          'phoneRules.failed': { actions: 'phoneRulesFailed' },
          minimize: { guard: 'notMinimized', actions: ['setMinimized', 'readClock', publish('minimized')] },
          restore: { guard: 'minimized', actions: ['setRestored', 'readClock', publish('maximized')] },
        },
        states: {
          flow: {
            initial: 'check',
            states: {
              check: {
                always: [
                  { guard: and(['autoSubmitAsked', 'phoneRulesLoading']), target: 'autoChecking' },
                  { guard: 'autoSubmit', target: 'submitted', actions: 'markAutoSubmitted' },
                  { target: 'open' },
                ],
              },
              // An auto-submitted open before the number's check has loaded: submitted once it has, if valid.
              autoChecking: awaitingPhoneRules([
                { guard: and([not('phoneRulesLoading'), 'autoSubmit']), target: 'submitted', actions: 'markAutoSubmitted' },
                { guard: not('phoneRulesLoading'), target: 'open' },
              ]),
              // A submit before the number's check has loaded: the form waits (busy), then submits or shows its errors.
              checking: awaitingPhoneRules([
                { guard: and([not('phoneRulesLoading'), 'formValid']), target: 'submitted' },
                { guard: and([not('phoneRulesLoading'), 'wasStarted']), target: 'started', actions: 'validate' },
                { guard: not('phoneRulesLoading'), target: 'open', actions: 'validate' },
              ]),
              open: {
                ...editing,
                on: {
                  ...editing.on,
                  'form.change': { target: 'started', actions: ['change', 'readClock', 'markStarted', publish('started')] },
                  'form.keydown': { target: 'started', actions: ['readClock', 'markStarted', publish('started')] },
                },
              },
              started: {
                ...editing,
                on: { ...editing.on, 'form.change': { actions: 'change' } },
              },
              submitted: {
                tags: ['busy'],
                // The first try of this content makes the key; a retry finds it kept.
                entry: ['keySubmit', 'clearFailure', 'readClock', publish('submitted')],
                invoke: {
                  src: 'submitCallback',
                  input: ({ context }) => ({
                    ...context.values,
                    desiredTime: context.schedule === 'pick' && context.desiredTime ? context.desiredTime : 'now',
                    userData: context.userData,
                    idempotencyKey: context.submitKey ?? '',
                  }),
                  onDone: { target: 'scheduled', actions: { type: 'recordReceipt', params: ({ event }) => ({ receipt: event.output }) } },
                  onError: { target: 'error', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
                },
                after: { serviceTimeout: { target: 'error', actions: 'recordTimeout' } },
                on: { close: { guard: 'forced', ...toClosed } },
              },
              scheduled: {
                tags: ['completed'],
                entry: ['readClock', publish('completed')],
                on: { close: toClosed },
              },
              error: {
                tags: ['alert'],
                entry: ['readClock', publish('failed')],
                on: {
                  'alert.dismiss': { target: 'started', actions: 'dismissFailure' },
                  retry: { guard: 'retryable', target: 'submitted' },
                  close: [{ guard: 'forced', ...toClosed }, { target: 'confirmClose' }],
                },
              },
              confirmClose: {
                tags: ['confirmingClose'],
                on: {
                  'close.confirm': toClosed,
                  'close.cancel': { target: 'started' },
                  close: { guard: 'forced', ...toClosed },
                },
              },
            },
          },
          wait: {
            initial: 'deciding',
            states: {
              deciding: { always: [{ guard: 'ewtDisplay', target: 'fetching' }, { target: 'off' }] },
              fetching: {
                invoke: {
                  src: 'fetchWait',
                  onDone: { target: 'showing', actions: { type: 'storeWait', params: ({ event }) => ({ ewt: event.output }) } },
                  onError: { target: 'showing', actions: 'forgetWait' },
                },
                on: waitOff,
              },
              showing: {
                after: { waitRefresh: 'fetching' },
                on: waitOff,
              },
              disabled: {
                tags: ['waitDisabled'],
                on: { 'schedule.asap': { guard: and(['editing', 'immediateAvailable']), target: 'fetching' } },
              },
              off: { tags: ['waitDisabled'] },
            },
          },
        },
      },
    },
  }),
);

export type CallbackMachine = typeof callbackMachine;
export type CallbackSnapshot = SnapshotFrom<CallbackMachine>;

/** Seconds of wait shown as whole minutes, at least one ("about 1 minute" for a 20 s wait). */
export const waitMinutes = (seconds: number): number => Math.max(1, Math.round(seconds / 60));

/** The ASAP choice mentions the wait only when it is at most five minutes (contact-widgets.md §9). */
export const ASAP_NOTE_MAX_SECONDS = 300;

/**
 * The wait row ("Estimated wait time: 3 minutes"): the minutes, or null when the row is hidden — the wait
 * display is off or disabled (a date was chosen), the visitor picks a time, the wait is unknown or under
 * the configured `ewtThreshold`.
 */
export function selectWaitMinutes(snapshot: CallbackSnapshot): number | null {
  const { ewt, settings, schedule } = snapshot.context;
  if (snapshot.matches('closed') || snapshot.hasTag('waitDisabled') || schedule === 'pick') return null;
  if (ewt === undefined || ewt < settings.ewtThreshold) return null;
  return waitMinutes(ewt);
}

/** The note beside ASAP ("within about 2 minutes"): the minutes, or null when ASAP is not offered or the wait is unknown or over five minutes. */
export function selectAsapMinutes(snapshot: CallbackSnapshot): number | null {
  const { ewt } = snapshot.context;
  if (snapshot.matches('closed') || snapshot.matches({ active: { wait: 'disabled' } })) return null;
  if (!immediateAvailable(snapshot.context) || ewt === undefined || ewt > ASAP_NOTE_MAX_SECONDS) return null;
  return waitMinutes(ewt);
}
