import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { CallbackFailure, CallbackForm, CallbackReceipt } from '../src/services/callback.ts';

/**
 * The callback window (contact-widgets.md §4 "Callback window"): closed → open → started (first input or
 * keydown) → submitted → scheduled (completed) or error (Okay re-enables the form, every value kept).
 * Closing with entered data asks for confirmation (confirmClose); closing without completing records
 * `cancelled`. A parallel region refreshes the callback queue's wait; choosing a date disables it, ASAP
 * re-enables it. Pure: the submit and the wait are actors provided by the Callback plugin.
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

export interface CallbackSettings {
  /** Phone prefix kept while typing (country code picker): '+48'. */
  phonePrefix: string;
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
}

export const defaultCallbackSettings: CallbackSettings = {
  phonePrefix: '+48',
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

/** The lifecycle report published with every Callback event (contact-widgets.md §3). */
export interface LifecycleReport {
  proactive: boolean;
  prefilled: boolean;
  autoSubmitted: boolean;
  /** Every error shown, by code, in order. */
  errors: string[];
  /** Epoch ms, or null when it has not happened. */
  opened: number | null;
  started: number | null;
  cancelled: boolean;
  completed: boolean;
  closed: number | null;
  /** ms from opened to closed (or to now while open). */
  elapsed: number;
  form: CallbackValues & { desiredTime: string | null };
}

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
  report: LifecycleReport;
  now: () => number;
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
  | { type: 'alert.dismiss' };

export type CallbackEmitted = {
  type: 'opened' | 'started' | 'submitted' | 'completed' | 'failed' | 'cancelled' | 'closed' | 'minimized' | 'maximized';
  report: LifecycleReport;
};

export interface CallbackInput {
  settings?: Partial<CallbackSettings>;
  now?: () => number;
}

export const callbackMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  invalidConfiguration: 'Invalid configuration',
  apiNotAvailable: 'API is not available',
  notOpen: 'Callback is not currently open',
} as const;

/** While typing the phone accepts digits and '+' only, keeps the prefix and its maximum length. */
export function sanitizePhone(value: string, settings: Pick<CallbackSettings, 'phonePrefix' | 'countryCodes' | 'maxLength'>): string {
  let clean = value.replace(/[^\d+]/g, '');
  clean = clean.charAt(0) + clean.slice(1).replace(/\+/g, '');
  const prefix = settings.countryCodes ? settings.phonePrefix : '';
  if (prefix && prefix.startsWith(clean)) return prefix;
  if (prefix && !clean.startsWith(prefix)) {
    const digits = clean.replace(/^\+?(48)?/, '');
    clean = prefix + digits;
  }
  return clean.slice(0, settings.maxLength.phonenumber);
}

/** The field validators run before submit (contact-widgets.md §5). */
export function validateCallback(
  values: CallbackValues,
  schedule: Schedule,
  desiredTime: string | null,
  settings: CallbackSettings,
  ewt?: number,
): Partial<Record<ErrorTarget, FieldError>> {
  const errors: Partial<Record<ErrorTarget, FieldError>> = {};
  for (const field of CALLBACK_FIELDS) {
    const value = values[field].trim();
    const max = settings.maxLength[field];
    if (field === 'phonenumber') {
      if (value === '') errors.phonenumber = { key: 'callback.error.phoneNumberRequired' };
      else if (value.length <= 3) errors.phonenumber = { key: 'callback.error.invalidPhone' };
      else if (value.length > max) errors.phonenumber = { key: 'callback.validation.tooLong', params: { max } };
      continue;
    }
    if (settings.required[field] && value === '') errors[field] = { key: 'callback.validation.required' };
    else if (value.length > max) errors[field] = { key: 'callback.validation.tooLong', params: { max } };
  }
  if (schedule === 'pick' && !desiredTime) errors.desiredTime = { key: 'callback.validation.timeRequired' };
  // Immediate-callback thresholds (§5): an ASAP request is refused while the queue's known wait is outside them.
  if (schedule === 'asap' && settings.scheduledCallback && !immediateAvailable({ settings, ewt })) {
    errors.desiredTime = { key: 'callback.validation.immediateUnavailable' };
  }
  return errors;
}

/** ASAP is offered when immediate callbacks are on and the queue's wait (when known) is within range. */
export function immediateAvailable(context: Pick<CallbackContext, 'settings' | 'ewt'>): boolean {
  const { settings, ewt } = context;
  if (!settings.immediateCallback) return false;
  return ewt === undefined || (ewt >= settings.immediateMin && ewt <= settings.immediateMax);
}

const emptyValues = (settings: CallbackSettings): CallbackValues => ({
  firstname: '',
  lastname: '',
  phonenumber: settings.countryCodes ? settings.phonePrefix : '',
  subject: '',
});

const emptyReport = (values: CallbackValues): LifecycleReport => ({
  proactive: false,
  prefilled: false,
  autoSubmitted: false,
  errors: [],
  opened: null,
  started: null,
  cancelled: false,
  completed: false,
  closed: null,
  elapsed: 0,
  form: { ...values, desiredTime: null },
});

/** Has the visitor entered anything beyond the prefilled prefix? */
export function hasData(context: Pick<CallbackContext, 'values' | 'settings' | 'desiredTime'>): boolean {
  const initial = emptyValues(context.settings);
  return CALLBACK_FIELDS.some((f) => context.values[f].trim() !== initial[f]) || context.desiredTime !== null;
}

const withForm = (context: CallbackContext, patch: Partial<LifecycleReport> = {}): LifecycleReport => {
  const report = { ...context.report, ...patch };
  const end = report.closed ?? context.now();
  return {
    ...report,
    elapsed: report.opened === null ? 0 : Math.max(0, end - report.opened),
    form: { ...context.values, desiredTime: context.schedule === 'pick' ? context.desiredTime : null },
  };
};

const callbackSetup = setup({
  types: {
    context: {} as CallbackContext,
    events: {} as CallbackEvent,
    input: {} as CallbackInput | undefined,
    emitted: {} as CallbackEmitted,
  },
  actors: {
    submitCallback: fromPromise<CallbackReceipt, CallbackForm>(async () => {
      throw new Error('submitCallback is provided by the Callback plugin');
    }),
    fetchWait: fromPromise<number | undefined, void>(async () => undefined),
  },
  delays: {
    /** The callback service timeout (3000 ms): a submit still pending then fails. */
    serviceTimeout: ({ context }) => context.settings.timeout,
    /** Wait refresh (10 s). */
    waitRefresh: ({ context }) => context.settings.refreshInterval,
  },
  guards: {
    valid: ({ context }) => Object.keys(validateCallback(context.values, context.schedule, context.desiredTime, context.settings, context.ewt)).length === 0,
    autoSubmit: ({ context }) =>
      context.autoSubmit && Object.keys(validateCallback(context.values, context.schedule, context.desiredTime, context.settings, context.ewt)).length === 0,
    hasData: ({ context }) => hasData(context),
    ewtDisplay: ({ context }) => context.settings.ewtDisplay,
    immediateAvailable: ({ context }) => immediateAvailable(context) || !context.settings.scheduledCallback,
    scheduledAvailable: ({ context }) => context.settings.scheduledCallback,
  },
  actions: {
    change: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const value = event.field === 'phonenumber' ? sanitizePhone(event.value, context.settings) : event.value;
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: value }, errors };
    }),
    markStarted: assign(({ context }) => ({ report: withForm(context, { started: context.now() }) })),
    emitStarted: emit(({ context }) => ({ type: 'started' as const, report: withForm(context) })),
    validate: assign(({ context }) => {
      const errors = validateCallback(context.values, context.schedule, context.desiredTime, context.settings, context.ewt);
      return { errors, report: withForm(context, { errors: [...context.report.errors, ...Object.values(errors).map((e) => e.key)] }) };
    }),
    /** Records closed / elapsed / cancelled, publishes `cancelled` when not completed, then `closed`. */
    finish: enqueueActions(({ context, enqueue }) => {
      const report = withForm(context, { closed: context.now(), cancelled: !context.report.completed });
      enqueue.assign({ report });
      if (!report.completed) enqueue.emit({ type: 'cancelled', report });
      enqueue.emit({ type: 'closed', report });
    }),
  },
});

/** What the form accepts whether or not the visitor has started typing. */
const editing = callbackSetup.createStateConfig({
  on: {
    'schedule.asap': { guard: 'immediateAvailable', actions: assign({ schedule: 'asap', errors: ({ context }) => ({ ...context.errors, desiredTime: undefined }) }) },
    'schedule.pick': { guard: 'scheduledAvailable', actions: assign({ schedule: 'pick' }) },
    'schedule.time': {
      guard: 'scheduledAvailable',
      actions: assign({ schedule: 'pick', desiredTime: ({ event }) => event.date, errors: ({ context }) => ({ ...context.errors, desiredTime: undefined }) }),
    },
    'form.submit': [{ guard: 'valid', target: 'submitted' }, { actions: 'validate' }],
    close: [
      { guard: ({ event }) => event.force === true, target: '#callback.closed', actions: 'finish' },
      { guard: 'hasData', target: 'confirmClose' },
      { target: '#callback.closed', actions: 'finish' },
    ],
  },
}).on;

export const callbackMachine = callbackSetup.createMachine({
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
      report: emptyReport(values),
      now: input?.now ?? (() => Date.now()),
    };
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        open: {
          target: 'active',
          actions: [
            assign(({ context, event }) => {
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
              const asapPossible = settings.immediateCallback || !settings.scheduledCallback;
              const schedule: Schedule = pick && settings.scheduledCallback ? 'pick' : desired.toLowerCase() === 'now' || asapPossible ? 'asap' : 'pick';
              const base = {
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
              };
              const report = { ...emptyReport(values), proactive: event.proactive === true, prefilled, opened: context.now() };
              return { ...base, report: withForm({ ...base, report }) };
            }),
            emit(({ context }) => ({ type: 'opened' as const, report: context.report })),
          ],
        },
      },
    },
    active: {
      type: 'parallel',
      on: {
        minimize: {
          guard: ({ context }) => !context.minimized,
          actions: [assign({ minimized: true }), emit(({ context }) => ({ type: 'minimized' as const, report: withForm(context) }))],
        },
        restore: {
          guard: ({ context }) => context.minimized,
          actions: [assign({ minimized: false }), emit(({ context }) => ({ type: 'maximized' as const, report: withForm(context) }))],
        },
      },
      states: {
        flow: {
          initial: 'check',
          states: {
            check: {
              always: [
                {
                  guard: 'autoSubmit',
                  target: 'submitted',
                  actions: assign(({ context }) => ({ report: withForm(context, { autoSubmitted: true }) })),
                },
                { target: 'open' },
              ],
            },
            open: {
              on: {
                ...editing,
                'form.change': { target: 'started', actions: ['change', 'markStarted', 'emitStarted'] },
                'form.keydown': { target: 'started', actions: ['markStarted', 'emitStarted'] },
              },
            },
            started: {
              on: { ...editing, 'form.change': { actions: 'change' } },
            },
            submitted: {
              entry: [
                assign({ errors: {}, failure: null }),
                emit(({ context }) => ({ type: 'submitted' as const, report: withForm(context) })),
              ],
              invoke: {
                src: 'submitCallback',
                input: ({ context }) => ({
                  ...context.values,
                  desiredTime: context.schedule === 'pick' && context.desiredTime ? context.desiredTime : 'now',
                  userData: context.userData,
                }),
                onDone: {
                  target: 'scheduled',
                  actions: assign(({ context, event }) => ({ receipt: event.output ?? {}, report: withForm(context, { completed: true }) })),
                },
                onError: {
                  target: 'error',
                  actions: assign(({ context, event }) => {
                    const failure: CallbackFailure = (event.error as { failure?: CallbackFailure } | undefined)?.failure ?? { code: 'unknownError' };
                    return {
                      failure,
                      errors: failure.field ? { [failure.field]: { key: `callback.error.${failure.code}` } } : {},
                      report: withForm(context, { errors: [...context.report.errors, failure.code] }),
                    };
                  }),
                },
              },
              after: {
                serviceTimeout: {
                  target: 'error',
                  actions: assign(({ context }) => ({
                    failure: { code: 'unknownError' as const },
                    report: withForm(context, { errors: [...context.report.errors, 'unknownError'] }),
                  })),
                },
              },
              on: {
                close: { guard: ({ event }) => event.force === true, target: '#callback.closed', actions: 'finish' },
              },
            },
            scheduled: {
              entry: emit(({ context }) => ({ type: 'completed' as const, report: context.report })),
              on: {
                close: { target: '#callback.closed', actions: 'finish' },
              },
            },
            error: {
              entry: emit(({ context }) => ({ type: 'failed' as const, report: context.report })),
              on: {
                'alert.dismiss': { target: 'started', actions: assign({ failure: null }) },
                close: [
                  { guard: ({ event }) => event.force === true, target: '#callback.closed', actions: 'finish' },
                  { target: 'confirmClose' },
                ],
              },
            },
            confirmClose: {
              on: {
                'close.confirm': { target: '#callback.closed', actions: 'finish' },
                'close.cancel': { target: 'started' },
                close: { guard: ({ event }) => event.force === true, target: '#callback.closed', actions: 'finish' },
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
                onDone: { target: 'showing', actions: assign({ ewt: ({ event }) => event.output }) },
                onError: { target: 'showing', actions: assign({ ewt: undefined }) },
              },
              on: { 'schedule.time': 'disabled', 'schedule.pick': 'disabled' },
            },
            showing: {
              after: { waitRefresh: 'fetching' },
              on: { 'schedule.time': 'disabled', 'schedule.pick': 'disabled' },
            },
            disabled: {
              on: { 'schedule.asap': { guard: 'immediateAvailable', target: 'fetching' } },
            },
            off: {},
          },
        },
      },
    },
  },
});

export type CallbackMachine = typeof callbackMachine;
