import { and, assertEvent, assign, emit, enqueueActions, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { deferred } from './deferred.ts';

/**
 * The send-message window (contact-widgets.md §2, §4, §5): closed → opened → started (first input)
 * → submitted → completed or failed; closing without completing is cancelled; minimized /
 * unminimized. Closing with any value in the form asks for confirmation first. Validation outcome
 * (field codes of the spec's table, file type, count and size limits) is decided here; the network
 * call is the `sendForm` actor the plugin provides.
 */
export type SendMessageField = 'firstName' | 'lastName' | 'email' | 'subject' | 'text';
export const SEND_MESSAGE_FIELDS: readonly SendMessageField[] = ['firstName', 'lastName', 'email', 'subject', 'text'];
/** Text fields limited to 100 characters (spec §5); the message body is not. */
export const MAX_FIELD_LENGTH = 100;
const LIMITED: readonly SendMessageField[] = ['firstName', 'lastName', 'email', 'subject'];

/** A file as the machine sees it (a browser `File` satisfies it). */
export interface Attachment {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export interface AttachmentLimits {
  maxFiles?: number | undefined;
  maxTotalSize?: number | undefined;
}

/** A field's problem: a code of the spec's table (102 …) or 'maxLength'. */
export type FieldProblem = number | 'maxLength';

/** A rejected attachment: 201 (count, limit = allowed count), 202 (size, limit = bytes), 203 (type). */
export interface FileProblem {
  code: 201 | 202 | 203;
  limit?: number;
  name?: string;
}

export interface SendFailure {
  kind: 'timeout' | 'network' | 'rejected' | 'server' | 'unknown';
  /** Each error of the answer; `limit` is the allowed count (201) or size (202) the service read from the text. */
  errors: ReadonlyArray<{ code: number; message: string; limit?: number }>;
  /** The server's reason or error text. */
  reason?: string;
}

export interface SendMessageContext {
  values: Record<SendMessageField, string>;
  files: Attachment[];
  fieldErrors: Partial<Record<SendMessageField, FieldProblem>>;
  fileProblem: FileProblem | null;
  failure: SendFailure | null;
  started: boolean;
  interactionId: string | null;
  minimized: boolean;
  limits: AttachmentLimits;
  validation: boolean;
  userData: Record<string, string>;
  /** Increments on every refused submit (the view moves focus to the first invalid field). */
  refusals: number;
  /**
   * The submit's idempotency key (sent as `Idempotency-Key`): made when this form content is first
   * submitted, reused by `retry` and by a submit of the same content after a failure whose outcome is
   * unknown, dropped when the content changes, after success and after a definite refusal.
   */
  submitKey: string | null;
}

export interface SendMessageInput {
  validation?: boolean;
  limits?: AttachmentLimits;
  userData?: Record<string, string>;
}

export type SendMessageEvent =
  | { type: 'open'; form?: Partial<Record<SendMessageField, string>>; userData?: Record<string, string> }
  | { type: 'close'; force?: boolean }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'minimize' }
  | { type: 'restore' }
  | { type: 'form.change'; field: SendMessageField; value: string }
  | { type: 'files.add'; files: readonly Attachment[] }
  | { type: 'files.remove'; index: number }
  | { type: 'form.submit' }
  | { type: 'alert.dismiss' }
  | { type: 'retry' }
  | { type: 'form.reset' }
  | { type: 'configure'; validation?: boolean; limits?: AttachmentLimits; userData?: Record<string, string> };

export type SendMessageEmitted =
  | { type: 'opened' }
  | { type: 'started' }
  | { type: 'submitted' }
  | { type: 'completed'; interactionId: string }
  | { type: 'failed'; failure: SendFailure }
  | { type: 'cancelled' }
  | { type: 'minimized' }
  | { type: 'unminimized' }
  | { type: 'closed' };

export interface SendFormInput {
  values: Record<SendMessageField, string>;
  files: Attachment[];
  userData: Record<string, string>;
  /** The same for every try of the same submit (SendMessageContext.submitKey). */
  idempotencyKey: string;
}

/** The command rejections of the send-message plugin (spec wording where it gives one). */
export const sendMessageMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  confirmClose: 'Form still contains values. Cannot close until user confirms',
  notOpen: 'Send message is not currently open',
  alreadyMinimized: 'Already minimized',
  notMinimized: 'Already unminimized',
  invalidConfiguration: 'Invalid configuration',
  noRedirect: 'No redirect URL configured',
  invalidRedirect: 'Invalid redirect URL',
} as const;

/** Extensions the spec allows: images, PDFs, text files and ZIPs (as the server's list). */
export const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'pdf', 'txt', 'zip'];
const ALLOWED_MIME = /^(image\/(jpeg|png|gif|bmp|webp)|application\/(pdf|zip|x-zip-compressed|octet-stream)|text\/plain|)$/;

export function allowedFile(file: Attachment): boolean {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const mime = file.type.split(';')[0]!.trim().toLowerCase();
  return ALLOWED_EXTENSIONS.includes(ext) && ALLOWED_MIME.test(mime);
}

const isEmail = (s: string) => /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/.test(s);
const REQUIRED_CODE: Record<SendMessageField, number> = { firstName: 102, lastName: 103, subject: 104, email: 181, text: 182 };

/** Field problems of the spec's table: required (102 103 104 181 182), malformed email (381), max 100. */
export function validateFields(values: Record<SendMessageField, string>): Partial<Record<SendMessageField, FieldProblem>> {
  const problems: Partial<Record<SendMessageField, FieldProblem>> = {};
  for (const field of SEND_MESSAGE_FIELDS) {
    const value = values[field].trim();
    if (value === '') problems[field] = REQUIRED_CODE[field];
    else if (LIMITED.includes(field) && value.length > MAX_FIELD_LENGTH) problems[field] = 'maxLength';
    else if (field === 'email' && !isEmail(value)) problems[field] = 381;
  }
  return problems;
}

const totalSize = (files: readonly Attachment[]) => files.reduce((sum, f) => sum + f.size, 0);

/** Adds files in order; the first one of a wrong type or over a limit is refused with its code. */
export function addFiles(
  current: readonly Attachment[],
  added: readonly Attachment[],
  limits: AttachmentLimits,
): { files: Attachment[]; problem: FileProblem | null } {
  const files = [...current];
  let problem: FileProblem | null = null;
  for (const file of added) {
    if (!allowedFile(file)) problem ??= { code: 203, name: file.name };
    else if (limits.maxFiles !== undefined && files.length + 1 > limits.maxFiles) problem ??= { code: 201, limit: limits.maxFiles, name: file.name };
    else if (limits.maxTotalSize !== undefined && totalSize(files) + file.size > limits.maxTotalSize)
      problem ??= { code: 202, limit: limits.maxTotalSize, name: file.name };
    else files.push(file);
  }
  return { files, problem };
}

/** The files' problem against the (possibly changed) limits at submit time. */
export function checkFiles(files: readonly Attachment[], limits: AttachmentLimits): FileProblem | null {
  const wrong = files.find((f) => !allowedFile(f));
  if (wrong) return { code: 203, name: wrong.name };
  if (limits.maxFiles !== undefined && files.length > limits.maxFiles) return { code: 201, limit: limits.maxFiles };
  if (limits.maxTotalSize !== undefined && totalSize(files) > limits.maxTotalSize) return { code: 202, limit: limits.maxTotalSize };
  return null;
}

const emptyValues = (): Record<SendMessageField, string> => ({ firstName: '', lastName: '', email: '', subject: '', text: '' });

/** A fresh form: what the window holds when it opens (before any prefill). */
const blankForm = () => ({
  values: emptyValues(),
  files: [],
  fieldErrors: {},
  fileProblem: null,
  failure: null,
  started: false,
  interactionId: null,
  minimized: false,
  submitKey: null,
});
const hasValues = (context: SendMessageContext) => context.files.length > 0 || SEND_MESSAGE_FIELDS.some((field) => context.values[field].trim() !== '');

const sendMessageSetup = setup({
  types: {
    context: {} as SendMessageContext,
    events: {} as SendMessageEvent,
    input: {} as SendMessageInput | undefined,
    emitted: {} as SendMessageEmitted,
  },
  actors: {
    sendForm: fromPromise<{ interactionId: string }, SendFormInput>(async () => {
      throw new Error('sendForm is provided by the SendMessage plugin');
    }),
  },
  guards: {
    /** A close that must not ask (the Close command with `confirmed: true`). */
    forced: ({ event }) => {
      assertEvent(event, 'close');
      return event.force === true;
    },
    /** Nothing would be lost: the message was sent, or the form is empty. */
    canClose: ({ context }) => context.interactionId !== null || !hasValues(context),
    hasValues: ({ context }) => hasValues(context),
    notMinimized: ({ context }) => !context.minimized,
    minimized: ({ context }) => context.minimized,
    /** Only a timeout or a network failure is worth trying again; a refusal is not. */
    retryable: ({ context }) => context.failure?.kind === 'timeout' || context.failure?.kind === 'network',
    formValid: ({ context }) =>
      checkFiles(context.files, context.limits) === null && (!context.validation || Object.keys(validateFields(context.values)).length === 0),
  },
  actions: {
    configure: assign(({ context, event }) => {
      assertEvent(event, 'configure');
      return {
        validation: event.validation ?? context.validation,
        limits: event.limits ? { ...context.limits, ...event.limits } : context.limits,
        userData: event.userData ? { ...context.userData, ...event.userData } : context.userData,
      };
    }),
    /** A fresh form with the values and user data the `open` event brings. */
    openForm: assign(({ context, event }) => {
      assertEvent(event, 'open');
      const given = Object.entries(event.form ?? {}).filter(([k, v]) => SEND_MESSAGE_FIELDS.includes(k as SendMessageField) && typeof v === 'string');
      return { ...blankForm(), values: { ...emptyValues(), ...Object.fromEntries(given) }, userData: { ...context.userData, ...event.userData } };
    }),
    // Changing the content makes it another submission: it gets a new idempotency key.
    change: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const { [event.field]: _, ...fieldErrors } = context.fieldErrors;
      const same = context.values[event.field] === event.value;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors, submitKey: same ? context.submitKey : null };
    }),
    addFiles: assign(({ context, event }) => {
      assertEvent(event, 'files.add');
      const { files, problem } = addFiles(context.files, event.files, context.limits);
      return { files, fileProblem: problem, submitKey: files.length === context.files.length ? context.submitKey : null };
    }),
    removeFile: assign(({ context, event }) => {
      assertEvent(event, 'files.remove');
      return { files: context.files.filter((_, i) => i !== event.index), fileProblem: null, submitKey: null };
    }),
    /** The submit's idempotency key: kept for a retry of the same content, a new random one otherwise. */
    keySubmit: assign({ submitKey: ({ context }) => context.submitKey ?? crypto.randomUUID() }),
    /** A refused submit: every problem shown, and `refusals` counts up so the view can move focus. */
    refuse: assign(({ context }) => ({
      fieldErrors: context.validation ? validateFields(context.values) : {},
      fileProblem: checkFiles(context.files, context.limits) ?? context.fileProblem,
      refusals: context.refusals + 1,
    })),
    clearProblems: assign({ fieldErrors: {}, fileProblem: null, failure: null }),
    dismissFailure: assign({ failure: null }),
    // The sendForm actor's done/error events are not in SendMessageEvent: their payload comes in as params.
    complete: enqueueActions(({ enqueue }, params: { interactionId: string }) => {
      enqueue.assign({ interactionId: params.interactionId, submitKey: null });
      enqueue.emit({ type: 'completed', interactionId: params.interactionId });
    }),
    fail: enqueueActions(({ enqueue }, params: { error: unknown }) => {
      const failure = toFailure(params.error);
      // A refusal is a definite answer (nothing was stored): the next submit is a new one. After a timeout,
      // a network or an unknown failure the message may have arrived: the key stays for the retry.
      enqueue.assign({ failure, ...(failure.kind === 'rejected' || failure.kind === 'server' ? { submitKey: null } : {}) });
      enqueue.emit({ type: 'failed', failure });
    }),
    resetForm: assign({ values: emptyValues(), files: [], interactionId: null, started: false }),
    setMinimized: enqueueActions(({ enqueue }) => {
      enqueue.assign({ minimized: true });
      enqueue.emit({ type: 'minimized' });
    }),
    setRestored: enqueueActions(({ enqueue }) => {
      enqueue.assign({ minimized: false });
      enqueue.emit({ type: 'unminimized' });
    }),
    /** The first input of an opened form: 'started', once. */
    start: enqueueActions(({ context, enqueue }) => {
      if (context.started) return;
      enqueue.assign({ started: true });
      enqueue.emit({ type: 'started' });
    }),
    /** Closing without completing is 'cancelled'; every close is 'closed'. */
    finish: enqueueActions(({ context, enqueue }) => {
      if (context.interactionId === null) enqueue.emit({ type: 'cancelled' });
      enqueue.emit({ type: 'closed' });
    }),
    publish: emit((_, params: { type: 'opened' | 'submitted' }) => ({ type: params.type })),
  },
});

export const sendMessageMachine = deferred(sendMessageSetup, (s) =>
  s.createMachine({
    id: 'sendMessage',
    context: ({ input }) => ({
      ...blankForm(),
      limits: input?.limits ?? {},
      validation: input?.validation ?? true,
      userData: input?.userData ?? {},
      refusals: 0,
      submitKey: null,
    }),
    initial: 'closed',
    on: {
      configure: { actions: 'configure' },
    },
    states: {
      closed: {
        on: {
          open: { target: 'open', actions: ['openForm', { type: 'publish', params: { type: 'opened' } }] },
        },
      },
      open: {
        initial: 'editing',
        exit: 'finish',
        on: {
          // Editing and failed ask first when the form holds values (below); a forced close never asks.
          close: [
            { guard: 'forced', target: 'closed' },
            { guard: 'canClose', target: 'closed' },
          ],
          minimize: { guard: 'notMinimized', actions: 'setMinimized' },
          restore: { guard: 'minimized', actions: 'setRestored' },
        },
        states: {
          editing: {
            tags: ['editing'],
            on: {
              'form.change': { actions: ['change', 'start'] },
              'files.add': { actions: ['addFiles', 'start'] },
              'files.remove': { actions: 'removeFile' },
              'form.submit': [{ guard: 'formValid', target: 'submitting' }, { actions: 'refuse' }],
              close: { guard: and([not('forced'), 'hasValues']), target: 'confirmingClose' },
            },
          },
          confirmingClose: {
            tags: ['confirmingClose'],
            on: {
              'close.confirm': '#sendMessage.closed',
              'close.cancel': 'editing',
            },
          },
          submitting: {
            tags: ['busy'],
            // The first try of this content makes the key; a retry finds it kept.
            entry: ['keySubmit', 'clearProblems', { type: 'publish', params: { type: 'submitted' } }],
            invoke: {
              src: 'sendForm',
              input: ({ context }) => ({ values: context.values, files: context.files, userData: context.userData, idempotencyKey: context.submitKey ?? '' }),
              onDone: { target: 'completed', actions: { type: 'complete', params: ({ event }) => ({ interactionId: event.output.interactionId }) } },
              onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
            },
          },
          failed: {
            tags: ['alert'],
            on: {
              'alert.dismiss': { target: 'editing', actions: 'dismissFailure' },
              retry: { guard: 'retryable', target: 'submitting' },
              close: { guard: and([not('forced'), 'hasValues']), target: 'confirmingClose' },
            },
          },
          completed: {
            tags: ['completed'],
            on: {
              'form.reset': { target: 'editing', actions: 'resetForm' },
            },
          },
        },
      },
    },
  }),
);

export type SendMessageMachine = typeof sendMessageMachine;
export type SendMessageSnapshot = SnapshotFrom<SendMessageMachine>;

/** Reads a failure the sendForm actor threw (a SendMessageFailure or any error). */
export function toFailure(error: unknown): SendFailure {
  const e = error as { kind?: unknown; errors?: unknown; message?: unknown } | undefined;
  const kinds = ['timeout', 'network', 'rejected', 'server', 'unknown'];
  const kind = typeof e?.kind === 'string' && kinds.includes(e.kind) ? (e.kind as SendFailure['kind']) : 'unknown';
  const errors = Array.isArray(e?.errors) ? (e.errors as SendFailure['errors']) : [];
  const reason = kind === 'server' && typeof e?.message === 'string' ? e.message : undefined;
  return reason ? { kind, errors, reason } : { kind, errors };
}
