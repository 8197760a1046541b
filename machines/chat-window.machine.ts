import { httpUrl as absoluteHttpUrl } from '../src/app/urls.ts';
import {
  drawnValues,
  fieldsToCheck,
  hasContent,
  markServerCodes,
  validateChatForm,
  type ChatFieldConfig,
  type ChatFormErrors,
  type ChatFormField,
  type ChatFormValues,
} from './chat-form.ts';
import { and, assertEvent, assign, emit, enqueueActions, fromPromise, not, setup, stateIn, type SnapshotFrom } from 'xstate';

/**
 * The chat window (web-chat.md §2 "Chat window", §4 "Chat session (UI)", "Window", "Idle alerts", "Survey
 * offer", §5 pre-chat form, §8 chat window messages):
 *
 *   closed ── open ──▶ open (parallel)
 *                        main:   form ── form.submit ──▶ starting ── session.started ──▶ chat ── session.ended ──▶ ended
 *                                  ▲ │                       │ session.startFailed
 *                                  │ └─ validating ──────────┤ (an input has a site's validate: it answers first)
 *                                  └─────────────────────────┘
 *                        dialog: none | confirmingClose | confirmingEnd | asyncClose | alert | idleAlert | survey
 *
 * The form's inputs, values and checks are machines/chat-form.ts; `form.checking` runs a validate while
 * the visitor types (validateWhileTyping).
 *
 * The window knows the chat session only through the `session.*` events the WebChat plugin forwards, and
 * asks it for things by emitting `startRequested`, `endRequested` and `retryRequested`. A chat keeps
 * running when the window closes (async Close Window, a forced close): the next `open` shows its
 * transcript, and its end while closed is reported as `completed` or `cancelled`.
 */
export {
  CHAT_FORM_FIELDS,
  CHAT_FORM_MAX,
  CHAT_INPUT_TYPES,
  FIELD_CODES,
  markServerCodes,
  validateChatForm,
  type ChatFieldConfig,
  type ChatFieldError,
  type ChatFieldValidate,
  type ChatFormErrors,
  type ChatFormField,
  type ChatFormValues,
  type ChatInputOption,
  type ChatInputType,
  type FieldCode,
} from './chat-form.ts';

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
export type ChatStartRequest = ChatFormValues;

export interface ChatWindowInput {
  /** The shown fields (deployment: firstname required). */
  fields: ChatFieldConfig[];
  /** Ask before closing a form with typed content; default true (webchat.confirmFormCloseEnabled). */
  confirmFormClose?: boolean;
  /** Asynchronous chat: closing a running chat asks End Chat / Close Window. */
  async?: boolean;
}

export interface ChatWindowContext {
  /** The form's inputs (the configured ones, or an `open`'s own for that open). */
  fields: ChatFieldConfig[];
  form: ChatFormValues;
  /** The values as the form was drawn (a change from them is typed content; form.reset goes back to them). */
  drawn: ChatFormValues;
  errors: ChatFormErrors;
  /** The field whose validate runs while the visitor types (validateWhileTyping). */
  typing: ChatFormField | null;
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
  /** `fields`: the inputs to draw for this open, their values resolved (the plugin sends them on every open). */
  | { type: 'open'; view?: 'chat'; fields?: ChatFieldConfig[] }
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

/** What the `validateFields` actor checks: the inputs whose validate runs, with the form's values. */
export interface ValidateFieldsInput {
  fields: ChatFieldConfig[];
  values: ChatFormValues;
  /** A submit checks every input with a validate; typing, the one field being typed in. */
  trigger: 'submit' | 'input';
}

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

/** Only an absolute http(s) URL is opened or posted to (a `javascript:` or relative one is not). */
export const httpUrl = (url: string | undefined): url is string => absoluteHttpUrl(url, null) !== undefined;

/** The start request: every value of the form, trimmed (a prefill may give one the form does not draw). */
const trimmed = (form: ChatFormValues): ChatStartRequest => Object.fromEntries(Object.entries(form).map(([name, value]) => [name, value.trim()]));

/** What the window holds after a close when no chat runs (and at the start). */
const freshWindow = () => ({
  form: drawnValues([]),
  drawn: drawnValues([]),
  errors: {},
  typing: null,
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

/** The refused fields a `validateFields` answer (its output, or every checked field when it failed) names. */
function refusedBy(event: unknown, checked: readonly ChatFieldConfig[]): ChatFormField[] {
  const { type, output } = event as { type: string; output?: unknown };
  if (type.startsWith('xstate.error.actor')) return checked.map((f) => f.name);
  return Array.isArray(output) ? output.filter((name): name is string => typeof name === 'string') : [];
}

/** The form's own problems, and 'invalid' on each field a site's validate refused (where the form found none). */
const withRefusals = (errors: ChatFormErrors, refused: readonly ChatFormField[]): ChatFormErrors =>
  Object.assign(Object.fromEntries(refused.map((name) => [name, 'invalid' as const])), errors);

/** The dialog contents a dialog state does not show are cleared on entering it. */
type DialogContent = 'alert' | 'idle' | 'survey';

export const chatWindowMachine = setup({
  types: {
    context: {} as ChatWindowContext,
    events: {} as ChatWindowEvent,
    input: {} as ChatWindowInput,
    emitted: {} as ChatWindowEmitted,
  },
  actors: {
    /**
     * Runs the sites' validate functions, which take the drawn form's elements: the WebChat plugin provides
     * it (src/plugins/webchat/form-checks.ts). Unprovided it fails, and a failed check refuses its fields.
     */
    validateFields: fromPromise<ChatFormField[], ValidateFieldsInput>(() => Promise.reject(new Error('validateFields is provided by the WebChat plugin'))),
  },
  guards: {
    /** A close that must not ask (the Close command, App.closeAll). */
    forced: ({ event }) => {
      assertEvent(event, 'close');
      return event.force === true;
    },
    /** Any field holds typed (non-blank) content. */
    formHasContent: ({ context }) => hasContent(context.fields, context.form, context.drawn),
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
    /** A drawn input has a site's validate: the submit waits for it. */
    needsChecks: ({ context }) => fieldsToCheck(context.fields).length > 0,
    /** The changed field's validate runs as the visitor types. */
    checkWhileTyping: ({ context, event }) => {
      assertEvent(event, 'form.change');
      return fieldsToCheck(context.fields, event.field).length > 0;
    },
    /** The validates accepted every field, and the form's own checks find nothing. */
    checksPassed: ({ context, event }) =>
      refusedBy(event, fieldsToCheck(context.fields)).length === 0 && Object.keys(validateChatForm(context.fields, context.form)).length === 0,
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
    /** The form as drawn for this open: its inputs (an `open`'s own, else the configured) and their first values. */
    drawForm: assign(({ context, event }) => {
      assertEvent(event, 'open');
      const fields = event.fields ?? context.fields;
      return { fields, form: drawnValues(fields), drawn: drawnValues(fields), errors: {}, typing: null };
    }),
    setTyping: assign(({ event }) => {
      assertEvent(event, 'form.change');
      return { typing: event.field };
    }),
    /** A validate that ran while typing refused its field: the error shows (no focus move: the visitor is there). */
    markTyped: assign(({ context, event }) => {
      const name = context.typing;
      const refused = name ? refusedBy(event, fieldsToCheck(context.fields, name)) : [];
      return { typing: null, errors: name && refused.includes(name) ? { ...context.errors, [name]: 'invalid' as const } : context.errors };
    }),
    /** A submit the validates (or the form's own checks) refused: every problem shown, the first focused. */
    refuseChecked: assign(({ context, event }) => ({
      errors: withRefusals(validateChatForm(context.fields, context.form), refusedBy(event, fieldsToCheck(context.fields))),
      focusErrorKey: context.focusErrorKey + 1,
    })),
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
    resetForm: assign(({ context }) => ({ form: { ...context.drawn }, errors: {} })),
    /** The first client join: the chat runs and the form inputs are cleared (web-chat.md §4). */
    startChat: enqueueActions(({ enqueue }) => {
      enqueue.assign(({ context }) => ({ started: true, form: drawnValues(context.fields), errors: {}, draft: '' }));
      enqueue.emit({ type: 'started' });
    }),
    restoreChat: assign(({ context }) => ({ started: true, form: drawnValues(context.fields), errors: {} })),
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
          { target: 'open', actions: ['drawForm', { type: 'publish', params: { type: 'opened' } }] },
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
              initial: 'idle',
              states: {
                idle: {},
                // The changed field's validate (validateWhileTyping); a newer change starts it again.
                checking: {
                  invoke: {
                    src: 'validateFields',
                    input: ({ context }) => ({
                      fields: fieldsToCheck(context.fields, context.typing ?? ''),
                      values: { ...context.form },
                      trigger: 'input' as const,
                    }),
                    onDone: { target: 'idle', actions: 'markTyped' },
                    onError: { target: 'idle', actions: 'markTyped' },
                  },
                },
              },
              on: {
                'form.change': [{ guard: 'checkWhileTyping', target: '.checking', reenter: true, actions: ['change', 'setTyping'] }, { actions: 'change' }],
                'form.submit': [
                  { guard: and(['noDialog', 'needsChecks']), target: 'validating' },
                  { guard: and(['noDialog', 'formValid']), target: 'starting', actions: 'requestStart' },
                  { guard: 'noDialog', actions: 'refuse' },
                ],
                'form.reset': { actions: 'resetForm' },
                // A chat started or restored without this form (the startChat command, a restore).
                'session.started': { target: 'chat', actions: 'startChat' },
                'session.restored': { target: 'chat', actions: 'restoreChat' },
              },
            },
            // The sites' validate functions run (they may answer a promise); the form waits, inert.
            validating: {
              tags: ['busy'],
              invoke: {
                src: 'validateFields',
                input: ({ context }) => ({ fields: fieldsToCheck(context.fields), values: { ...context.form }, trigger: 'submit' as const }),
                onDone: [
                  { guard: 'checksPassed', target: 'starting', actions: 'requestStart' },
                  { target: 'form', actions: 'refuseChecked' },
                ],
                onError: { target: 'form', actions: 'refuseChecked' },
              },
              on: {
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
