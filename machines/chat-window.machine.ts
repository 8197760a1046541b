import { httpUrl as absoluteHttpUrl } from '../src/app/urls.ts';
import { and, assertEvent, assign, emit, enqueueActions, not, setup, stateIn, type SnapshotFrom } from 'xstate';

/**
 * The chat window (web-chat.md §2 "Chat window", §4 "Chat session (UI)", "Window", "Idle alerts", "Survey
 * offer", §5 pre-chat form, §8 chat window messages):
 *
 *   closed ── open ──▶ open (parallel)
 *                        main:   form ── form.submit ──▶ starting ── session.started ──▶ chat ── session.ended ──▶ ended
 *                                  ▲                         │ session.startFailed
 *                                  └─────────────────────────┘
 *                        dialog: none | confirmingClose | confirmingEnd | asyncClose | alert | idleAlert | survey
 *
 * The window knows the chat session only through the `session.*` events the WebChat plugin forwards, and
 * asks it for things by emitting `startRequested`, `endRequested` and `retryRequested`. A chat keeps
 * running when the window closes (async Close Window, a forced close): the next `open` shows its
 * transcript, and its end while closed is reported as `completed` or `cancelled`.
 */
export type ChatFormField = 'firstname' | 'lastname' | 'email' | 'subject';
/** The pre-chat form's fields in the order they are shown. */
export const CHAT_FORM_FIELDS: readonly ChatFormField[] = ['firstname', 'lastname', 'email', 'subject'];
/** Each pre-chat form field holds at most 100 characters (web-chat.md §5, §9). */
export const CHAT_FORM_MAX = 100;

/** A field the form shows (the deployment: firstname, required). */
export interface ChatFieldConfig {
  name: ChatFormField;
  required?: boolean;
  /** At most this many characters; CHAT_FORM_MAX when not given. */
  maxlength?: number;
}

/** A field's problem: the form's own check, or the server's code for it (FIELD_CODES). */
export type ChatFieldError = 'required' | 'tooLong' | 'invalidEmail' | FieldCode;
export type ChatFormErrors = Partial<Record<ChatFormField, ChatFieldError>>;

/** The chat window messages of web-chat.md §8 an alert shows; 'serverErrors' joins the server's list. */
export type ChatAlertKey =
  | 'ChatUnavailable'
  | 'StartFailed'
  | 'MessageFailed'
  | 'RestoreFailed'
  | 'ChatServerWentOffline'
  | 'RestoredOffline'
  | 'FileSendFailed'
  | 'FileTransferSizeError'
  | 'CriticalFault'
  | 'TransferFailed'
  | 'InviteFailed'
  | 'Generic'
  | 'serverErrors';

/**
 * What a server error's text substitutes (web-chat.md §8): the file at fault and the limit it broke,
 * a count for 201, bytes for 202 and FileTransferSizeError (the view words them).
 */
export interface ChatAlertDetail {
  name?: string;
  max?: number;
}

/**
 * The alerts a closed window keeps for its next open: what happened to the visitor's chat while it was
 * not shown (a restore or a hand-over from another tab that failed, a restore-timeout invite that could
 * not show, a chat that ended unexpectedly).
 */
export const HELD_ALERTS: readonly ChatAlertKey[] = ['RestoreFailed', 'TransferFailed', 'InviteFailed', 'CriticalFault'];

export interface ChatAlert {
  key: ChatAlertKey;
  /** The server's codes (the view shows each known code's text, the generic text otherwise). */
  codes: number[];
  /** Beside each code, the language-pack key of a transport's own code ('' for none): the view prefers it. */
  keys?: string[];
  /** The server's messages, joined with line breaks by the view. */
  messages: string[];
  /** Beside each code, what its text substitutes (none: the text without them). */
  details?: (ChatAlertDetail | null)[];
  /** Whether the alert offers Retry (`retry` is accepted). */
  retry: boolean;
}

export interface ChatIdleAlert {
  /** The idle alert's number since the last idle close (message 1, 2 …). */
  count: number;
  /** The countdown before the idle close, when the next timer closes the chat. */
  countdownMs?: number;
}

export interface ChatSurveyOffer {
  surveyUrl?: string;
  cancelUrl?: string;
}

/** What the window asks the chat service to start with: the form's values, trimmed (the plugin maps names). */
export type ChatStartRequest = Record<ChatFormField, string>;

export interface ChatWindowInput {
  /** The shown fields (deployment: firstname required). */
  fields: ChatFieldConfig[];
  /** Ask before closing a form with typed content; default true (webchat.confirmFormCloseEnabled). */
  confirmFormClose?: boolean;
  /** Asynchronous chat: closing a running chat asks End Chat / Close Window. */
  async?: boolean;
}

export interface ChatWindowContext {
  fields: ChatFieldConfig[];
  form: Record<ChatFormField, string>;
  errors: ChatFormErrors;
  /** +1 on every failed validation and every start failure that marks a field (the form focuses the first error). */
  focusErrorKey: number;
  minimized: boolean;
  /** Messages that arrived while the window was minimised or closed; `restore` clears it. */
  unread: number;
  agentJoined: boolean;
  /** A chat is running: from session.started / session.restored until session.ended. */
  started: boolean;
  /** The chat ended after an agent had joined (`completed` was emitted). */
  completed: boolean;
  alert: ChatAlert | null;
  idle: ChatIdleAlert | null;
  survey: ChatSurveyOffer | null;
  confirmFormClose: boolean;
  async: boolean;
  /** The message input's text (the plugin keeps it in the outbox's draft, so a reload gives it back). */
  draft: string;
}

export type ChatWindowEvent =
  | { type: 'open'; view?: 'chat' }
  | { type: 'close'; force?: boolean }
  | { type: 'close.confirm' }
  | { type: 'close.cancel' }
  | { type: 'end' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'minimize' }
  | { type: 'restore' }
  | { type: 'form.change'; field: ChatFormField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.reset' }
  | { type: 'session.started' }
  | { type: 'session.startFailed'; codes: number[]; keys?: string[]; messages: string[]; kind: string }
  | { type: 'session.restored' }
  | { type: 'session.message'; count: number }
  | { type: 'session.agentJoined' }
  /** `unexpected`: the server no longer knew the chat (not ended by the visitor, the agent or the server's own end). */
  | { type: 'session.ended'; unexpected?: boolean }
  | {
      type: 'session.error';
      key: ChatAlertKey;
      codes?: number[];
      keys?: string[];
      messages?: string[];
      details?: (ChatAlertDetail | null)[];
      retry?: boolean;
    }
  | { type: 'alert.dismiss' }
  | { type: 'retry' }
  | { type: 'idle.alert'; count: number; countdownMs?: number }
  | { type: 'idle.close' }
  | { type: 'survey.offer'; surveyUrl?: string; cancelUrl?: string }
  | { type: 'configure'; fields?: ChatFieldConfig[]; confirmFormClose?: boolean; async?: boolean }
  /** The visitor typed (or the plugin put a saved draft back). */
  | { type: 'draft.change'; text: string }
  /** The text `text` is safe in the outbox: the input empties unless the visitor typed on meanwhile. */
  | { type: 'draft.sent'; text: string }
  /** A 'Not sent' message's Retry and Edit (the plugin asks the outbox). */
  | { type: 'message.retry'; id: string }
  | { type: 'message.edit'; id: string };

export type ChatWindowEmitted =
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'minimized' }
  | { type: 'unminimized' }
  | { type: 'cancelled' }
  | { type: 'completed' }
  | { type: 'submitted' }
  | { type: 'started' }
  | { type: 'startRequested'; request: ChatStartRequest }
  | { type: 'endRequested' }
  | { type: 'retryRequested'; key: ChatAlertKey }
  | { type: 'surveyAccepted'; url: string }
  | { type: 'surveyDeclined'; url: string }
  | { type: 'messageRetryRequested'; id: string }
  | { type: 'messageEditRequested'; id: string };

/** An address with one @, no spaces or brackets, and a dotted domain (the send-message form's check). */
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;

/**
 * The form's problems, pure, shown fields only: a required field left empty (or blank) is 'required', a
 * value over its maxlength (100) 'tooLong', an email given but malformed 'invalidEmail'.
 */
export function validateChatForm(fields: readonly ChatFieldConfig[], form: Partial<Record<ChatFormField, string>>): ChatFormErrors {
  const errors: ChatFormErrors = {};
  for (const field of fields) {
    const value = (form[field.name] ?? '').trim();
    if (value === '') {
      if (field.required) errors[field.name] = 'required';
    } else if (value.length > (field.maxlength ?? CHAT_FORM_MAX)) errors[field.name] = 'tooLong';
    else if (field.name === 'email' && !EMAIL.test(value)) errors[field.name] = 'invalidEmail';
  }
  return errors;
}

/**
 * The server's form codes (web-chat.md §5), the one table of them: the fields each marks (102 first name,
 * 103 last name, 161 both, 364 email) and the language-pack key that words it on them.
 */
export const FIELD_CODES = {
  102: { fields: ['firstname'], key: 'chat.form.required.firstname' },
  103: { fields: ['lastname'], key: 'chat.form.required.lastname' },
  161: { fields: ['firstname', 'lastname'], key: 'chat.form.enterName' },
  364: { fields: ['email'], key: 'chat.form.invalidEmail' },
} as const satisfies Record<number, { fields: readonly ChatFormField[]; key: string }>;
export type FieldCode = keyof typeof FIELD_CODES;
const isFieldCode = (code: number): code is FieldCode => Object.hasOwn(FIELD_CODES, code);

/**
 * A start failure's codes split into field markings (on the shown fields only) and the codes left for an
 * alert (every other code, and a field code whose fields are all hidden).
 */
export function markServerCodes(fields: readonly ChatFieldConfig[], codes: readonly number[]): { errors: ChatFormErrors; unmarked: number[] } {
  const shown = new Set(fields.map((f) => f.name));
  const errors: ChatFormErrors = {};
  const unmarked: number[] = [];
  for (const code of codes) {
    const marked = isFieldCode(code) ? FIELD_CODES[code].fields.filter((name) => shown.has(name)) : [];
    if (marked.length === 0) unmarked.push(code);
    for (const name of marked) errors[name] = code as FieldCode;
  }
  return { errors, unmarked };
}

/** Only an absolute http(s) URL is opened or posted to (a `javascript:` or relative one is not). */
export const httpUrl = (url: string | undefined): url is string => absoluteHttpUrl(url, null) !== undefined;

const emptyForm = (): Record<ChatFormField, string> => ({ firstname: '', lastname: '', email: '', subject: '' });
const hasContent = (form: Record<ChatFormField, string>) => CHAT_FORM_FIELDS.some((name) => form[name].trim() !== '');
const trimmed = (form: Record<ChatFormField, string>): ChatStartRequest => ({
  firstname: form.firstname.trim(),
  lastname: form.lastname.trim(),
  email: form.email.trim(),
  subject: form.subject.trim(),
});

/** What the window holds after a close when no chat runs (and at the start). */
const freshWindow = () => ({
  form: emptyForm(),
  errors: {},
  minimized: false,
  unread: 0,
  agentJoined: false,
  started: false,
  completed: false,
  alert: null,
  idle: null,
  survey: null,
});

/**
 * The visitor's close where no question is open: at once when forced; asks when the form has typed
 * content (confirmFormClose) or a chat runs (End Chat, or End Chat / Close Window when async); refused
 * while the start is pending; closes otherwise.
 */
const askOrClose = [
  { guard: 'forced', target: '#chatWindow.closed' },
  { guard: and(['inForm', 'confirmFormClose', 'formHasContent']), target: 'confirmingClose' },
  { guard: and(['chatting', 'async']), target: 'asyncClose' },
  { guard: 'chatting', target: 'confirmingEnd' },
  { guard: not('starting'), target: '#chatWindow.closed' },
] as const;

/** The dialog contents a dialog state does not show are cleared on entering it. */
type DialogContent = 'alert' | 'idle' | 'survey';

export const chatWindowMachine = setup({
  types: {
    context: {} as ChatWindowContext,
    events: {} as ChatWindowEvent,
    input: {} as ChatWindowInput,
    emitted: {} as ChatWindowEmitted,
  },
  guards: {
    /** A close that must not ask (the Close command, App.closeAll). */
    forced: ({ event }) => {
      assertEvent(event, 'close');
      return event.force === true;
    },
    /** Any field holds typed (non-blank) content. */
    formHasContent: ({ context }) => hasContent(context.form),
    confirmFormClose: ({ context }) => context.confirmFormClose,
    async: ({ context }) => context.async,
    /** A chat runs (the window may be closed): session.started or restored, not yet ended. */
    running: ({ context }) => context.started,
    inForm: stateIn({ open: { main: 'form' } }),
    starting: stateIn({ open: { main: 'starting' } }),
    /** The transcript of a chat that has not ended is shown. */
    chatting: stateIn({ open: { main: 'chat' } }),
    ended: stateIn({ open: { main: 'ended' } }),
    /** No dialog covers the window. */
    noDialog: stateIn({ open: { dialog: 'none' } }),
    minimized: ({ context }) => context.minimized,
    notMinimized: ({ context }) => !context.minimized,
    formValid: ({ context }) => Object.keys(validateChatForm(context.fields, context.form)).length === 0,
    /** An alert a closed window keeps for its next open (HELD_ALERTS). */
    held: ({ event }) => {
      assertEvent(event, 'session.error');
      return HELD_ALERTS.includes(event.key);
    },
    /** The chat ended unexpectedly (the server no longer knew it). */
    unexpectedEnd: ({ event }) => {
      assertEvent(event, 'session.ended');
      return event.unexpected === true;
    },
    /** An alert is waiting (kept while the window was closed). */
    alertWaiting: ({ context }) => context.alert !== null,
    /** The alert offers Retry. */
    retryable: ({ context }) => context.alert?.retry === true,
    /** The start failed with no code, or with a code that marks no shown field: an alert explains it. */
    startFailureAlert: ({ context, event }) => {
      assertEvent(event, 'session.startFailed');
      return event.codes.length === 0 || markServerCodes(context.fields, event.codes).unmarked.length > 0;
    },
    /** `open` on the transcript: asked for, or a chat is running. */
    toChat: ({ context, event }) => {
      assertEvent(event, 'open');
      return event.view === 'chat' || context.started;
    },
  },
  actions: {
    setDraft: assign(({ event }) => {
      assertEvent(event, 'draft.change');
      return { draft: event.text };
    }),
    /** Sent: the input empties — unless it holds something else now (typed after Enter). */
    draftSent: assign(({ context, event }) => {
      assertEvent(event, 'draft.sent');
      return context.draft.trim() === event.text.trim() ? { draft: '' } : {};
    }),
    requestMessageRetry: emit(({ event }) => {
      assertEvent(event, 'message.retry');
      return { type: 'messageRetryRequested' as const, id: event.id };
    }),
    requestMessageEdit: emit(({ event }) => {
      assertEvent(event, 'message.edit');
      return { type: 'messageEditRequested' as const, id: event.id };
    }),
    configure: assign(({ context, event }) => {
      assertEvent(event, 'configure');
      return {
        fields: event.fields ?? context.fields,
        confirmFormClose: event.confirmFormClose ?? context.confirmFormClose,
        async: event.async ?? context.async,
      };
    }),
    publish: emit((_, params: { type: 'opened' | 'submitted' | 'started' | 'endRequested' }) => ({ type: params.type })),
    change: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const { [event.field]: _, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: event.value }, errors };
    }),
    /** A refused submit: every problem shown, and the focus key moves so the form focuses the first. */
    refuse: assign(({ context }) => ({
      errors: validateChatForm(context.fields, context.form),
      focusErrorKey: context.focusErrorKey + 1,
    })),
    requestStart: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ errors: {} });
      enqueue.emit({ type: 'submitted' });
      enqueue.emit({ type: 'startRequested', request: trimmed(context.form) });
    }),
    resetForm: assign({ form: emptyForm(), errors: {} }),
    /** The first client join: the chat runs and the form inputs are cleared (web-chat.md §4). */
    startChat: enqueueActions(({ enqueue }) => {
      enqueue.assign({ started: true, form: emptyForm(), errors: {}, draft: '' });
      enqueue.emit({ type: 'started' });
    }),
    restoreChat: assign({ started: true, form: emptyForm(), errors: {} }),
    /** Codes 102 / 103 / 161 / 364 mark their fields; anything else is an alert (ChatUnavailable for 240). */
    failStart: assign(({ context, event }) => {
      assertEvent(event, 'session.startFailed');
      const { errors, unmarked } = markServerCodes(context.fields, event.codes);
      const marked = Object.keys(errors).length > 0;
      const alerted = event.codes.length === 0 || unmarked.length > 0;
      const key: ChatAlertKey = event.codes.includes(240) || event.kind === 'unavailable' ? 'ChatUnavailable' : 'StartFailed';
      return {
        errors,
        focusErrorKey: marked ? context.focusErrorKey + 1 : context.focusErrorKey,
        alert: alerted
          ? { key, codes: [...event.codes], ...(event.keys?.some(Boolean) ? { keys: [...event.keys] } : {}), messages: [...event.messages], retry: false }
          : context.alert,
      };
    }),
    /** Counts arriving messages while the window is hidden (minimised, or closed: the caller decides). */
    countUnread: assign(({ context, event }) => {
      assertEvent(event, 'session.message');
      return { unread: context.unread + event.count };
    }),
    joinAgent: assign({ agentJoined: true }),
    /** 'Chat Ended': the chat no longer runs; `completed` if an agent had joined. */
    endChat: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ started: false, idle: null, completed: context.agentJoined });
      if (context.agentJoined) enqueue.emit({ type: 'completed' });
    }),
    /** A chat that ends while the window is closed: `completed` or `cancelled`, and the window starts afresh. */
    endWhileClosed: enqueueActions(({ context, enqueue }) => {
      enqueue.emit({ type: context.agentJoined ? 'completed' : 'cancelled' });
      enqueue.assign(freshWindow());
    }),
    setMinimized: enqueueActions(({ enqueue }) => {
      enqueue.assign({ minimized: true });
      enqueue.emit({ type: 'minimized' });
    }),
    setRestored: enqueueActions(({ enqueue }) => {
      enqueue.assign({ minimized: false, unread: 0 });
      enqueue.emit({ type: 'unminimized' });
    }),
    setAlert: assign(({ event }) => {
      assertEvent(event, 'session.error');
      return {
        alert: {
          key: event.key,
          codes: [...(event.codes ?? [])],
          ...(event.keys?.some(Boolean) ? { keys: [...event.keys] } : {}),
          messages: [...(event.messages ?? [])],
          ...(event.details?.some(Boolean) ? { details: [...event.details] } : {}),
          retry: event.retry === true,
        },
      };
    }),
    setIdle: assign(({ event }) => {
      assertEvent(event, 'idle.alert');
      return { idle: event.countdownMs === undefined ? { count: event.count } : { count: event.count, countdownMs: event.countdownMs } };
    }),
    clearIdle: assign({ idle: null }),
    /** CriticalFault: the chat ended unexpectedly. */
    setFault: assign({ alert: { key: 'CriticalFault' as const, codes: [], messages: [], retry: false } }),
    setSurvey: assign(({ event }) => {
      assertEvent(event, 'survey.offer');
      const survey: ChatSurveyOffer = {};
      if (event.surveyUrl !== undefined) survey.surveyUrl = event.surveyUrl;
      if (event.cancelUrl !== undefined) survey.cancelUrl = event.cancelUrl;
      return { survey };
    }),
    /** Clears what the entered dialog state does not show. */
    clearDialogs: assign((_, params: { keep?: DialogContent }) => ({
      ...(params.keep === 'alert' ? {} : { alert: null }),
      ...(params.keep === 'idle' ? {} : { idle: null }),
      ...(params.keep === 'survey' ? {} : { survey: null }),
    })),
    requestRetry: emit(({ context }) => ({ type: 'retryRequested' as const, key: context.alert?.key ?? 'Generic' })),
    /** Yes: the survey opens only at an http(s) URL. */
    acceptSurvey: enqueueActions(({ context, enqueue }) => {
      const url = context.survey?.surveyUrl;
      if (httpUrl(url)) enqueue.emit({ type: 'surveyAccepted', url });
    }),
    /** No: the plugin posts to the cancel URL, only an http(s) one. */
    declineSurvey: enqueueActions(({ context, enqueue }) => {
      const url = context.survey?.cancelUrl;
      if (httpUrl(url)) enqueue.emit({ type: 'surveyDeclined', url });
    }),
    /** After the End Chat answer the window closes: a forced close raised after `endRequested`. */
    closeNow: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'close', force: true })),
    /**
     * Every close: `cancelled` first when the chat never started or never completed and does not go on,
     * then `closed`; the window starts afresh, except a running chat's state (started, agent, unread).
     */
    finish: enqueueActions(({ context, enqueue }) => {
      if (!context.completed && !context.started) enqueue.emit({ type: 'cancelled' });
      enqueue.emit({ type: 'closed' });
      enqueue.assign(context.started ? { ...freshWindow(), started: true, agentJoined: context.agentJoined, unread: context.unread } : freshWindow());
    }),
  },
}).createMachine({
  id: 'chatWindow',
  context: ({ input }) => ({
    ...freshWindow(),
    fields: input.fields,
    focusErrorKey: 0,
    confirmFormClose: input.confirmFormClose ?? true,
    async: input.async ?? false,
    draft: '',
  }),
  initial: 'closed',
  on: {
    configure: { actions: 'configure' },
    'draft.change': { actions: 'setDraft' },
    'draft.sent': { actions: 'draftSent' },
  },
  states: {
    closed: {
      on: {
        open: [
          { guard: 'toChat', target: 'open.main.chat', actions: { type: 'publish', params: { type: 'opened' } } },
          { target: 'open', actions: { type: 'publish', params: { type: 'opened' } } },
        ],
        // A running chat goes on without its window: it is counted, and opened straight when restored.
        'session.started': { actions: 'startChat' },
        'session.restored': { target: 'open.main.chat', actions: ['restoreChat', { type: 'publish', params: { type: 'opened' } }] },
        'session.message': { actions: 'countUnread' },
        'session.agentJoined': { actions: 'joinAgent' },
        'session.ended': [
          { guard: and(['running', 'unexpectedEnd']), actions: ['endWhileClosed', 'setFault'] },
          { guard: 'running', actions: 'endWhileClosed' },
        ],
        'session.error': { guard: 'held', actions: 'setAlert' },
      },
    },
    open: {
      type: 'parallel',
      exit: 'finish',
      on: {
        minimize: { guard: 'notMinimized', actions: 'setMinimized' },
        restore: { guard: 'minimized', actions: 'setRestored' },
        'session.message': { guard: 'minimized', actions: 'countUnread' },
        'session.agentJoined': { actions: 'joinAgent' },
        'idle.close': { actions: 'clearIdle' },
      },
      states: {
        main: {
          initial: 'form',
          states: {
            form: {
              tags: ['editing'],
              on: {
                'form.change': { actions: 'change' },
                'form.submit': [
                  { guard: and(['noDialog', 'formValid']), target: 'starting', actions: 'requestStart' },
                  { guard: 'noDialog', actions: 'refuse' },
                ],
                'form.reset': { actions: 'resetForm' },
                // A chat started or restored without this form (the startChat command, a restore).
                'session.started': { target: 'chat', actions: 'startChat' },
                'session.restored': { target: 'chat', actions: 'restoreChat' },
              },
            },
            starting: {
              tags: ['busy'],
              on: {
                'session.started': { target: 'chat', actions: 'startChat' },
                'session.restored': { target: 'chat', actions: 'restoreChat' },
                'session.startFailed': { target: 'form', actions: 'failStart' },
              },
            },
            chat: {
              tags: ['chatting'],
              on: {
                'message.retry': { actions: 'requestMessageRetry' },
                'message.edit': { actions: 'requestMessageEdit' },
                'session.restored': { actions: 'restoreChat' },
                'session.started': { guard: not('running'), actions: 'startChat' },
                'session.ended': { target: 'ended', actions: 'endChat' },
              },
            },
            ended: {
              tags: ['ended'],
            },
          },
        },
        dialog: {
          initial: 'opening',
          on: {
            'session.error': { target: '.alert', actions: 'setAlert' },
            'session.startFailed': { guard: and(['starting', 'startFailureAlert']), target: '.alert' },
            'session.ended': { guard: 'unexpectedEnd', target: '.alert', actions: 'setFault' },
          },
          states: {
            /** An alert kept while the window was closed shows as it opens. */
            opening: {
              always: [{ guard: 'alertWaiting', target: 'alert' }, { target: 'none' }],
            },
            none: {
              entry: { type: 'clearDialogs', params: {} },
              on: {
                close: askOrClose,
                end: { guard: 'chatting', target: 'confirmingEnd' },
                'idle.alert': { guard: 'chatting', target: 'idleAlert', actions: 'setIdle' },
                'survey.offer': { guard: 'ended', target: 'survey', actions: 'setSurvey' },
              },
            },
            confirmingClose: {
              tags: ['confirmingClose'],
              entry: { type: 'clearDialogs', params: {} },
              on: {
                close: { guard: 'forced', target: '#chatWindow.closed' },
                'close.confirm': '#chatWindow.closed',
                'close.cancel': 'none',
                // The question is moot once a chat runs.
                'session.started': 'none',
                'session.restored': 'none',
              },
            },
            confirmingEnd: {
              tags: ['confirmingEnd'],
              entry: { type: 'clearDialogs', params: {} },
              on: {
                close: { guard: 'forced', target: '#chatWindow.closed' },
                'dialog.confirm': { target: 'none', actions: { type: 'publish', params: { type: 'endRequested' } } },
                'dialog.cancel': 'none',
                'session.ended': 'none',
              },
            },
            asyncClose: {
              tags: ['asyncClose'],
              entry: { type: 'clearDialogs', params: {} },
              on: {
                close: { guard: 'forced', target: '#chatWindow.closed' },
                // End Chat: the end is asked for, then the window closes.
                'dialog.confirm': { target: 'none', actions: [{ type: 'publish', params: { type: 'endRequested' } }, 'closeNow'] },
                // Close Window: the chat goes on.
                'dialog.cancel': '#chatWindow.closed',
                'session.ended': 'none',
              },
            },
            alert: {
              tags: ['alert'],
              entry: { type: 'clearDialogs', params: { keep: 'alert' } },
              on: {
                'alert.dismiss': 'none',
                retry: { guard: 'retryable', target: 'none', actions: 'requestRetry' },
                close: askOrClose,
                end: { guard: 'chatting', target: 'confirmingEnd' },
                'idle.alert': { guard: 'chatting', target: 'idleAlert', actions: 'setIdle' },
                'survey.offer': { guard: 'ended', target: 'survey', actions: 'setSurvey' },
              },
            },
            idleAlert: {
              tags: ['idleAlert'],
              entry: { type: 'clearDialogs', params: { keep: 'idle' } },
              on: {
                'alert.dismiss': 'none',
                'idle.close': 'none',
                'idle.alert': { actions: 'setIdle' },
                'session.ended': 'none',
                close: [{ guard: 'forced', target: '#chatWindow.closed' }, { guard: 'async', target: 'asyncClose' }, { target: 'confirmingEnd' }],
                end: { target: 'confirmingEnd' },
              },
            },
            survey: {
              tags: ['survey'],
              entry: { type: 'clearDialogs', params: { keep: 'survey' } },
              on: {
                'dialog.confirm': { target: 'none', actions: 'acceptSurvey' },
                'dialog.cancel': { target: 'none', actions: 'declineSurvey' },
                close: '#chatWindow.closed',
              },
            },
          },
        },
      },
    },
  },
});

export type ChatWindowMachine = typeof chatWindowMachine;
export type ChatWindowSnapshot = SnapshotFrom<ChatWindowMachine>;
