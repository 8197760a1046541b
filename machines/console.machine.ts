import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** The CXBus console: run any bus command with JSON options, watch events. */
export interface ConsoleResult {
  status: 'resolved' | 'rejected';
  /** JSON of the returned value, 'OK' when nothing was returned, or the rejection message. */
  text: string;
  /** Set when the console itself refused to run the command (the view shows its translation). */
  code?: 'invalidJson';
}

export interface WatchedEvent {
  id: number;
  name: string;
  data: string;
}

export interface ConsoleContext {
  plugin: string;
  command: string;
  options: string;
  result: ConsoleResult | null;
  watches: string[];
  log: WatchedEvent[];
  nextId: number;
}

export type ConsoleEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'form.change'; field: 'plugin' | 'command' | 'options'; value: string }
  | { type: 'execute' }
  | { type: 'watch.add'; pattern: string }
  | { type: 'watch.remove'; pattern: string }
  | { type: 'watch.clear' }
  | { type: 'watch.event'; name: string; data: unknown };

export const CONSOLE_LOG_LIMIT = 50;

export const consoleMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  invalidConfiguration: 'Invalid configuration',
  invalidJson: 'The options are not valid JSON',
} as const;

const parseOptions = (text: string): { ok: true; value: unknown } | { ok: false } => {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

const stringify = (value: unknown): string => {
  if (value === undefined) return 'OK';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
};

export const consoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    events: {} as ConsoleEvent,
    input: {} as Partial<Pick<ConsoleContext, 'plugin' | 'command' | 'options' | 'watches'>> | undefined,
  },
  actors: {
    runCommand: fromPromise<unknown, { name: string; options: unknown }>(async () => {
      throw new Error('runCommand is provided by the Console plugin');
    }),
  },
  guards: {
    validOptions: ({ context }) => parseOptions(context.options).ok,
    hasCommand: ({ context }) => context.plugin !== '' && context.command !== '',
    /** A pattern not empty and not watched yet. */
    newWatch: ({ context, event }) => {
      assertEvent(event, 'watch.add');
      return event.pattern.trim() !== '' && !context.watches.includes(event.pattern.trim());
    },
  },
  actions: {
    addWatch: assign(({ context, event }) => {
      assertEvent(event, 'watch.add');
      return { watches: [...context.watches, event.pattern.trim()] };
    }),
    removeWatch: assign(({ context, event }) => {
      assertEvent(event, 'watch.remove');
      return { watches: context.watches.filter((w) => w !== event.pattern) };
    }),
    clearWatches: assign({ watches: [], log: [] }),
    /** Newest first, at most CONSOLE_LOG_LIMIT entries. */
    logEvent: assign(({ context, event }) => {
      assertEvent(event, 'watch.event');
      return {
        log: [{ id: context.nextId, name: event.name, data: stringify(event.data) }, ...context.log].slice(0, CONSOLE_LOG_LIMIT),
        nextId: context.nextId + 1,
      };
    }),
    /** Changing the plugin clears the command (its list depends on the plugin). */
    change: assign(({ event }) => {
      assertEvent(event, 'form.change');
      return { [event.field]: event.value, ...(event.field === 'plugin' ? { command: '' } : {}) };
    }),
    refuseOptions: assign({ result: { status: 'rejected', text: consoleMessages.invalidJson, code: 'invalidJson' } }),
    // The runCommand actor's results are not in ConsoleEvent: they come in as params.
    showResult: assign((_, params: { output: unknown }) => ({ result: { status: 'resolved' as const, text: stringify(params.output) } })),
    showRejection: assign((_, params: { error: unknown }) => ({
      result: { status: 'rejected' as const, text: params.error instanceof Error ? params.error.message : String(params.error) },
    })),
  },
}).createMachine({
  id: 'console',
  context: ({ input }) => ({
    plugin: input?.plugin ?? '',
    command: input?.command ?? '',
    options: input?.options ?? '',
    result: null,
    watches: input?.watches ?? [],
    log: [],
    nextId: 1,
  }),
  initial: 'closed',
  on: {
    'watch.add': { guard: 'newWatch', actions: 'addWatch' },
    'watch.remove': { actions: 'removeWatch' },
    'watch.clear': { actions: 'clearWatches' },
    'watch.event': { actions: 'logEvent' },
  },
  states: {
    closed: {
      on: { open: 'open' },
    },
    open: {
      initial: 'idle',
      on: { close: 'closed' },
      states: {
        idle: {
          on: {
            'form.change': { actions: 'change' },
            execute: { guard: 'hasCommand', target: 'checking' },
          },
        },
        checking: {
          always: [
            { guard: 'validOptions', target: 'running' },
            { target: 'idle', actions: 'refuseOptions' },
          ],
        },
        running: {
          tags: ['busy'],
          invoke: {
            src: 'runCommand',
            input: ({ context }) => ({
              name: `${context.plugin}.${context.command}`,
              options: (parseOptions(context.options) as { value: unknown }).value,
            }),
            onDone: { target: 'idle', actions: { type: 'showResult', params: ({ event }) => ({ output: event.output }) } },
            onError: { target: 'idle', actions: { type: 'showRejection', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type ConsoleMachine = typeof consoleMachine;
