import { assign, fromPromise, setup } from 'xstate';

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
    'watch.add': {
      guard: ({ context, event }) => event.pattern.trim() !== '' && !context.watches.includes(event.pattern.trim()),
      actions: assign({ watches: ({ context, event }) => [...context.watches, event.pattern.trim()] }),
    },
    'watch.remove': {
      actions: assign({ watches: ({ context, event }) => context.watches.filter((w) => w !== event.pattern) }),
    },
    'watch.clear': { actions: assign({ watches: [], log: [] }) },
    'watch.event': {
      actions: assign(({ context, event }) => ({
        log: [{ id: context.nextId, name: event.name, data: stringify(event.data) }, ...context.log].slice(0, CONSOLE_LOG_LIMIT),
        nextId: context.nextId + 1,
      })),
    },
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
            'form.change': {
              actions: assign(({ context, event }) => ({
                ...context,
                [event.field]: event.value,
                ...(event.field === 'plugin' ? { command: '' } : {}),
              })),
            },
            execute: [
              { guard: 'hasCommand', target: 'checking' },
            ],
          },
        },
        checking: {
          always: [
            { guard: 'validOptions', target: 'running' },
            {
              target: 'idle',
              actions: assign({ result: { status: 'rejected', text: consoleMessages.invalidJson, code: 'invalidJson' } }),
            },
          ],
        },
        running: {
          invoke: {
            src: 'runCommand',
            input: ({ context }) => ({
              name: `${context.plugin}.${context.command}`,
              options: (parseOptions(context.options) as { value: unknown }).value,
            }),
            onDone: {
              target: 'idle',
              actions: assign({ result: ({ event }) => ({ status: 'resolved', text: stringify(event.output) }) }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                result: ({ event }) => ({
                  status: 'rejected',
                  text: event.error instanceof Error ? event.error.message : String(event.error),
                }),
              }),
            },
          },
        },
      },
    },
  },
});

export type ConsoleMachine = typeof consoleMachine;
