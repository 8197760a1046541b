import { assertEvent, assign, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { deferred } from './deferred.ts';
import { emptyReport, reportAt, type LifecycleReport } from './lifecycle-report.ts';
import type { ClickToCallAnswer, ClickToCallFailure, ClickToCallForm } from '../src/services/click-to-call.ts';

/** The number to dial as the window keeps it: the answer, with its expiry as epoch ms. */
export interface ClickToCallNumber {
  number: string;
  code: string;
  telHref: string;
  /** Epoch ms. */
  expires: number;
}

/**
 * The click-to-call window (plugins-and-infrastructure.md §2 "Click-to-Call dock window", §4): closed →
 * registration (open, started on the first input) → submitted → display (the number, the access code and
 * a countdown; warning at 10 s) → expired (dialog 'Request a new number' back to the form). A network
 * failure or a service exception shows a dialog and gives the form back with every value. A number kept
 * from an earlier page (`open { stored }`) opens straight into the display step while it lasts; an expired
 * one opens the form and emits `expired`. Closing with unsubmitted input asks first unless disabled. A
 * parallel region refreshes the queue's wait. Pure: the request and the wait are actors the plugin provides.
 */

export type ClickToCallField = 'firstname' | 'lastname' | 'phonenumber';
export const CLICK_TO_CALL_FIELDS: readonly ClickToCallField[] = ['firstname', 'lastname', 'phonenumber'];
export type ClickToCallValues = Record<ClickToCallField, string>;

/** A message key (`clicktocall.error.*`) and its parameters. */
export interface ClickToCallFieldError {
  key: string;
  params?: Record<string, string | number>;
}

export interface ClickToCallSettings {
  maxLength: Record<ClickToCallField, number>;
  required: Record<ClickToCallField, boolean>;
  ewtDisplay: boolean;
  /** The wait is shown only at or above this many seconds. */
  ewtThreshold: number;
  /** ms between wait refreshes. */
  refreshInterval: number;
  /** ms: a request still pending then fails as a network failure. */
  timeout: number;
  /** The display step counts down to the number's expiry. */
  enableCountdown: boolean;
  /** ms left at which the countdown turns to its warning style. */
  countdownWarning: number;
  /** Closing with unsubmitted input asks first. */
  confirmFormClose: boolean;
}

/** plugins-and-infrastructure.md §5 and §9. */
export const defaultClickToCallSettings: ClickToCallSettings = {
  maxLength: { firstname: 100, lastname: 100, phonenumber: 100 },
  required: { firstname: true, lastname: false, phonenumber: true },
  ewtDisplay: true,
  ewtThreshold: 30,
  refreshInterval: 10_000,
  timeout: 3000,
  enableCountdown: true,
  countdownWarning: 10_000,
  confirmFormClose: true,
};

/** The countdown's step. */
export const COUNTDOWN_TICK_MS = 1000;

export type ClickToCallReportForm = ClickToCallValues;
export type ClickToCallReport = LifecycleReport<ClickToCallReportForm>;

export interface ClickToCallContext {
  settings: ClickToCallSettings;
  values: ClickToCallValues;
  errors: Partial<Record<ClickToCallField, ClickToCallFieldError>>;
  /** The queue's wait in seconds; undefined when unknown. */
  ewt: number | undefined;
  failure: ClickToCallFailure | null;
  /** The number to dial, while it lasts (kept by the plugin in the deployment's cookies). */
  number: ClickToCallNumber | null;
  minimized: boolean;
  /** Opened by the site (proactive) or reopened by the app on a new page: the window takes no focus. */
  quiet: boolean;
  userData: Record<string, unknown>;
  report: ClickToCallReport;
  /** Epoch ms of the last clock reading (`readClock`): the report's times and the countdown. */
  now: number;
}

export interface ClickToCallOpenOptions {
  form?: Partial<ClickToCallValues>;
  proactive?: boolean;
  userData?: Record<string, unknown>;
}

export type ClickToCallEvent =
  /** `stored`: the number kept from an earlier page; `quiet`: the app reopened it on a new page (no focus taken). */
  | ({ type: 'open'; stored?: ClickToCallNumber | null; quiet?: boolean } & ClickToCallOpenOptions)
  | { type: 'close'; force?: boolean }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'minimize' }
  | { type: 'restore' }
  | { type: 'form.change'; field: ClickToCallField; value: string }
  | { type: 'form.keydown' }
  | { type: 'form.submit' }
  | { type: 'alert.dismiss' }
  /** 'Request a new number' in the expired dialog. */
  | { type: 'dialog.confirm' }
  /** New settings (the section changed): taken while closed, for the next open. */
  | { type: 'configure'; settings: Partial<ClickToCallSettings> };

export type ClickToCallEmitted =
  | {
      type: 'opened' | 'started' | 'submitted' | 'completed' | 'failed' | 'cancelled' | 'closed' | 'minimized' | 'maximized' | 'expired';
      report: ClickToCallReport;
    }
  | { type: 'numberReceived'; number: ClickToCallNumber; report: ClickToCallReport };

export interface ClickToCallInput {
  settings?: Partial<ClickToCallSettings>;
}

export const clickToCallMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  invalidConfiguration: 'Invalid configuration',
  apiNotAvailable: 'API is not available',
} as const;

/** While typing the phone takes digits and '+' only, at most its maximum length (§5). */
export function sanitizeCallNumber(value: string, max = defaultClickToCallSettings.maxLength.phonenumber): string {
  return value.replace(/[^\d+]/g, '').slice(0, max);
}

/** The form's checks before a submit (§5): 'Please enter a phone number' for an empty phone. */
export function validateClickToCall(values: ClickToCallValues, settings: ClickToCallSettings): Partial<Record<ClickToCallField, ClickToCallFieldError>> {
  const errors: Partial<Record<ClickToCallField, ClickToCallFieldError>> = {};
  for (const field of CLICK_TO_CALL_FIELDS) {
    const value = values[field].trim();
    const max = settings.maxLength[field];
    if (field === 'phonenumber' && value === '') errors.phonenumber = { key: 'clicktocall.error.phoneRequired' };
    else if (settings.required[field] && value === '') errors[field] = { key: 'clicktocall.error.required' };
    else if (value.length > max) errors[field] = { key: 'clicktocall.error.tooLong', params: { max } };
  }
  return errors;
}

const emptyValues = (): ClickToCallValues => ({ firstname: '', lastname: '', phonenumber: '' });

/** Has the visitor entered anything not yet submitted? */
export const hasInput = (values: ClickToCallValues): boolean => CLICK_TO_CALL_FIELDS.some((field) => values[field].trim() !== '');

/** ms left before the number expires (negative once it has), at the last clock reading; null without a number. */
export const remainingMs = (context: Pick<ClickToCallContext, 'number' | 'now'>): number | null =>
  context.number ? context.number.expires - context.now : null;

const withForm = (context: ClickToCallContext, patch: Partial<ClickToCallReport> = {}): ClickToCallReport =>
  reportAt(context.report, patch, { ...context.values }, context.now);

const withError = (context: ClickToCallContext, ...codes: string[]): ClickToCallReport => withForm(context, { errors: [...context.report.errors, ...codes] });

const clickToCallSetup = setup({
  types: {
    context: {} as ClickToCallContext,
    events: {} as ClickToCallEvent,
    input: {} as ClickToCallInput | undefined,
    emitted: {} as ClickToCallEmitted,
  },
  actors: {
    requestNumber: fromPromise<ClickToCallAnswer, ClickToCallForm>(async () => {
      throw new Error('requestNumber is provided by the ClickToCall plugin');
    }),
    fetchWait: fromPromise<number | undefined, void>(async () => undefined),
  },
  delays: {
    /** The request's timeout (3000 ms). */
    serviceTimeout: ({ context }) => context.settings.timeout,
    /** The wait's refresh (10 s). */
    waitRefresh: ({ context }) => context.settings.refreshInterval,
    /** The countdown's step (1 s). */
    countdownTick: COUNTDOWN_TICK_MS,
  },
  guards: {
    formValid: ({ context }) => Object.keys(validateClickToCall(context.values, context.settings)).length === 0,
    /** Unsubmitted input, and the site did not turn the question off. */
    asksToClose: ({ context }) => context.settings.confirmFormClose && hasInput(context.values),
    forced: ({ event }) => {
      assertEvent(event, 'close');
      return event.force === true;
    },
    minimized: ({ context }) => context.minimized,
    notMinimized: ({ context }) => !context.minimized,
    ewtDisplay: ({ context }) => context.settings.ewtDisplay,
    /** A number is held and has time left. */
    numberLive: ({ context }) => (remainingMs(context) ?? -1) > 0,
    /** A number is held and its time is up. */
    numberExpired: ({ context }) => (remainingMs(context) ?? 1) <= 0,
    wasStarted: ({ context }) => context.report.started !== null,
  },
  actions: {
    /** The clock: the report's times and the countdown. Tests provide their own reading. */
    readClock: assign({ now: () => Date.now() }),
    publish: emit(({ context }, params: { type: Exclude<ClickToCallEmitted['type'], 'numberReceived'> }) => ({ type: params.type, report: withForm(context) })),
    openForm: assign(({ context, event }) => {
      assertEvent(event, 'open');
      const values = emptyValues();
      let prefilled = false;
      for (const field of CLICK_TO_CALL_FIELDS) {
        const given = event.form?.[field];
        if (typeof given !== 'string' || given === '') continue;
        values[field] =
          field === 'phonenumber' ? sanitizeCallNumber(given, context.settings.maxLength.phonenumber) : given.slice(0, context.settings.maxLength[field]);
        prefilled = true;
      }
      const report = { ...emptyReport(values), proactive: event.proactive === true, prefilled, opened: context.now };
      return {
        values,
        errors: {},
        failure: null,
        number: event.stored ?? null,
        minimized: false,
        quiet: event.quiet === true || event.proactive === true,
        userData: event.userData ?? {},
        ewt: undefined,
        report: reportAt(report, {}, values, context.now),
      };
    }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const max = context.settings.maxLength[event.field];
      const value = event.field === 'phonenumber' ? sanitizeCallNumber(event.value, max) : event.value.slice(0, max);
      const { [event.field]: _cleared, ...errors } = context.errors;
      return { values: { ...context.values, [event.field]: value }, errors };
    }),
    markStarted: assign(({ context }) => ({ report: withForm(context, { started: context.now }) })),
    validate: assign(({ context }) => {
      const errors = validateClickToCall(context.values, context.settings);
      return { errors, report: withError(context, ...Object.values(errors).map((e) => e.key)) };
    }),
    clearFailure: assign({ failure: null }),
    configure: assign(({ context, event }) => {
      assertEvent(event, 'configure');
      return { settings: { ...context.settings, ...event.settings } };
    }),
    setMinimized: assign({ minimized: true }),
    setRestored: assign({ minimized: false }),
    recordNumber: assign(({ context }, params: { answer: ClickToCallAnswer }) => ({
      number: {
        number: params.answer.number,
        code: params.answer.code,
        telHref: params.answer.telHref,
        expires: context.now + params.answer.expiresIn * 1000,
      },
      report: withForm(context, { completed: true }),
    })),
    announceNumber: emit(({ context }) => ({ type: 'numberReceived' as const, number: context.number!, report: withForm(context) })),
    /** A service exception marks the phone field (§8); a network failure marks nothing. */
    recordFailure: assign(({ context }, params: { error: unknown }) => {
      const failure: ClickToCallFailure = (params.error as { failure?: ClickToCallFailure } | undefined)?.failure ?? { kind: 'network' };
      const errors: ClickToCallContext['errors'] =
        failure.kind === 'refused' ? { ...context.errors, phonenumber: { key: 'clicktocall.error.refused' } } : context.errors;
      return { failure, errors, report: withError(context, failure.kind) };
    }),
    recordTimeout: assign(({ context }) => ({ failure: { kind: 'network' as const }, report: withError(context, 'timeout') })),
    forgetNumber: assign({ number: null }),
    storeWait: assign((_, params: { ewt: number | undefined }) => ({ ewt: params.ewt })),
    forgetWait: assign({ ewt: undefined }),
    finish: enqueueActions(({ context, enqueue }) => {
      const report = withForm(context, { closed: context.now, cancelled: !context.report.completed });
      enqueue.assign({ report });
      if (!report.completed) enqueue.emit({ type: 'cancelled', report });
      enqueue.emit({ type: 'closed', report });
    }),
  },
});

const toClosed = { target: '#clickToCall.closed', actions: ['readClock', 'finish'] } as const;
const publish = (type: Exclude<ClickToCallEmitted['type'], 'numberReceived'>) => ({ type: 'publish', params: { type } }) as const;
/** The expired number is forgotten and the visitor told (`expired`); the plugin clears its cookies. */
const expire = ['forgetNumber', publish('expired')] as const;

const editing = clickToCallSetup.createStateConfig({
  tags: ['editing'],
  on: {
    'form.submit': [{ guard: 'formValid', target: 'submitted' }, { actions: 'validate' }],
    close: [{ guard: 'forced', ...toClosed }, { guard: 'asksToClose', target: 'confirmClose' }, toClosed],
  },
});

export const clickToCallMachine = deferred(clickToCallSetup, (s) =>
  s.createMachine({
    id: 'clickToCall',
    context: ({ input }) => {
      const settings = { ...defaultClickToCallSettings, ...input?.settings };
      return {
        settings,
        values: emptyValues(),
        errors: {},
        ewt: undefined,
        failure: null,
        number: null,
        minimized: false,
        quiet: false,
        userData: {},
        report: emptyReport(emptyValues()),
        now: 0,
      };
    },
    initial: 'closed',
    states: {
      closed: {
        on: {
          open: { target: 'active', actions: ['readClock', 'openForm', publish('opened')] },
          configure: { actions: 'configure' },
        },
      },
      active: {
        type: 'parallel',
        on: {
          minimize: { guard: 'notMinimized', actions: ['setMinimized', 'readClock', publish('minimized')] },
          restore: { guard: 'minimized', actions: ['setRestored', 'readClock', publish('maximized')] },
        },
        states: {
          flow: {
            initial: 'check',
            states: {
              // A number kept from an earlier page: shown while it lasts; expired, the form and `expired`.
              check: {
                always: [{ guard: 'numberLive', target: 'display' }, { guard: 'numberExpired', target: 'open', actions: expire }, { target: 'open' }],
              },
              open: {
                ...editing,
                on: {
                  ...editing.on,
                  'form.change': { target: 'started', actions: ['change', 'readClock', 'markStarted', publish('started')] },
                  'form.keydown': { target: 'started', actions: ['readClock', 'markStarted', publish('started')] },
                },
              },
              started: { ...editing, on: { ...editing.on, 'form.change': { actions: 'change' } } },
              submitted: {
                tags: ['busy'],
                entry: ['clearFailure', 'readClock', publish('submitted')],
                invoke: {
                  src: 'requestNumber',
                  input: ({ context }) => ({ ...context.values, userData: context.userData }),
                  onDone: {
                    target: 'display',
                    actions: ['readClock', { type: 'recordNumber', params: ({ event }) => ({ answer: event.output }) }, 'announceNumber', publish('completed')],
                  },
                  onError: { target: 'error', actions: ['readClock', { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }] },
                },
                after: { serviceTimeout: { target: 'error', actions: ['readClock', 'recordTimeout'] } },
                on: { close: { guard: 'forced', ...toClosed } },
              },
              display: {
                tags: ['display'],
                // Each second the clock is read again: the countdown shows it, and the number expires at 0.
                always: { guard: 'numberExpired', target: 'expired' },
                after: { countdownTick: { target: 'display', reenter: true, actions: 'readClock' } },
                on: { close: toClosed },
              },
              expired: {
                tags: ['expired'],
                entry: expire,
                // 'Request a new number': asked again with the form as it was (or the form, when it no longer passes).
                on: { 'dialog.confirm': [{ guard: 'formValid', target: 'submitted' }, { target: 'started' }], close: toClosed },
              },
              error: {
                tags: ['alert'],
                entry: publish('failed'),
                on: {
                  'alert.dismiss': { target: 'started', actions: 'clearFailure' },
                  close: [{ guard: 'forced', ...toClosed }, { guard: 'asksToClose', target: 'confirmClose' }, toClosed],
                },
              },
              confirmClose: {
                tags: ['confirmingClose'],
                on: {
                  'close.confirm': toClosed,
                  'close.cancel': [{ guard: 'wasStarted', target: 'started' }, { target: 'open' }],
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
              },
              showing: { after: { waitRefresh: 'fetching' } },
              off: {},
            },
          },
        },
      },
    },
  }),
);

export type ClickToCallMachine = typeof clickToCallMachine;
export type ClickToCallSnapshot = SnapshotFrom<ClickToCallMachine>;

/** The wait row's minutes (at least one), or null: not the form, the display off, the wait unknown or under the threshold. */
export function selectCallWaitMinutes(snapshot: ClickToCallSnapshot): number | null {
  const { ewt, settings } = snapshot.context;
  if (snapshot.matches('closed') || !snapshot.hasTag('editing') || !settings.ewtDisplay) return null;
  if (ewt === undefined || ewt < settings.ewtThreshold) return null;
  return Math.max(1, Math.round(ewt / 60));
}

/** The countdown: whole seconds left (never below 0) and whether it is in its warning time; null outside the display step. */
export function selectCountdown(snapshot: ClickToCallSnapshot): { seconds: number; warning: boolean } | null {
  const left = remainingMs(snapshot.context);
  if (!snapshot.hasTag('display') || left === null) return null;
  return { seconds: Math.max(0, Math.ceil(left / 1000)), warning: left <= snapshot.context.settings.countdownWarning };
}
