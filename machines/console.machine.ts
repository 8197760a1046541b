import { assertEvent, assign, cancel, enqueueActions, fromPromise, raise, setup } from 'xstate';

/** The CXBus console: run any bus command with JSON options, watch events. */
export interface ConsoleResult {
  status: 'resolved' | 'rejected';
  /** JSON of the returned value, 'OK' when nothing was returned, the rejection message, or the JSON parse error. */
  text: string;
  /** Set when the console itself refused to run the command (the view shows its translation and `text`). */
  code?: 'invalidJson';
}

export interface WatchedEvent {
  id: number;
  name: string;
  data: string;
}

/** Where the visitor dragged the window (its left and top edges, px); null: where the window manager docks it. */
export interface ConsolePosition {
  x: number;
  y: number;
}

/** What the console keeps between pages (its cookie) and what `Console.configure` and `Console.restore` set. */
export interface ConsoleSaved {
  plugin?: string;
  command?: string;
  options?: string;
  /** The event section's plugin ('' = every plugin) and event ('' = every event of that plugin). */
  eventPlugin?: string;
  event?: string;
  watches?: string[];
  position?: ConsolePosition | null;
}

export interface ConsoleContext {
  plugin: string;
  command: string;
  options: string;
  eventPlugin: string;
  event: string;
  result: ConsoleResult | null;
  watches: string[];
  /** Watches whose event fired in the last `highlight` ms (their rows are highlighted). */
  lit: string[];
  /** Event names seen on the bus since the console loaded, sorted (the event dropdown). */
  known: string[];
  log: WatchedEvent[];
  nextId: number;
  position: ConsolePosition | null;
}

export type FormField = 'plugin' | 'command' | 'options' | 'eventPlugin' | 'event';

export type ConsoleEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'form.change'; field: FormField; value: string }
  | { type: 'execute' }
  | { type: 'watch.add'; pattern: string }
  | { type: 'watch.remove'; pattern: string }
  | { type: 'watch.clear' }
  /** Any event on the bus: logged and its watches lit when a watch matches it. */
  | { type: 'watch.event'; name: string; data: unknown }
  | { type: 'watch.unlight'; pattern: string }
  | { type: 'move.to'; x: number; y: number }
  | { type: 'move.reset' }
  | { type: 'state.restore'; saved: ConsoleSaved };

export const CONSOLE_LOG_LIMIT = 50;
/** How long a watched event's row stays highlighted after it fires (spec §9: about 3 seconds). */
export const CONSOLE_HIGHLIGHT_MS = 3000;

export const consoleMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  invalidConfiguration: 'Invalid configuration',
  invalidJson: 'The options are not valid JSON',
} as const;

const parseOptions = (text: string): { ok: true; value: unknown } | { ok: false; error: string } => {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
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

/** The bus's pattern rule (src/bus/bus.ts): an exact name, `Plugin.*` or `*`. */
export const patternMatches = (pattern: string, name: string): boolean =>
  pattern === '*' || pattern === name || (pattern.endsWith('.*') && name.startsWith(pattern.slice(0, -1)));

/** The watch pattern the event section's two dropdowns name. */
export const watchPattern = (eventPlugin: string, event: string): string => (eventPlugin ? `${eventPlugin}.${event || '*'}` : '*');

const isPosition = (value: unknown): value is ConsolePosition =>
  typeof value === 'object' && value !== null && Number.isFinite((value as ConsolePosition).x) && Number.isFinite((value as ConsolePosition).y);

/** The fields of `saved` that are well formed (a cookie or configure may carry anything). */
const restored = (saved: ConsoleSaved): Partial<ConsoleContext> => {
  const out: Partial<ConsoleContext> = {};
  for (const field of ['plugin', 'command', 'options', 'eventPlugin', 'event'] as const) {
    if (typeof saved[field] === 'string') out[field] = saved[field];
  }
  if (Array.isArray(saved.watches)) {
    out.watches = [...new Set(saved.watches.filter((w): w is string => typeof w === 'string' && w.trim() !== '').map((w) => w.trim()))];
  }
  if (saved.position === null || isPosition(saved.position)) {
    out.position = saved.position && { x: Math.round(saved.position.x), y: Math.round(saved.position.y) };
  }
  return out;
};

export const consoleMachine = setup({
  types: {
    context: {} as ConsoleContext,
    events: {} as ConsoleEvent,
    input: {} as ConsoleSaved | undefined,
  },
  actors: {
    runCommand: fromPromise<unknown, { name: string; options: unknown }>(async () => {
      throw new Error('runCommand is provided by the Console plugin');
    }),
  },
  delays: { highlight: CONSOLE_HIGHLIGHT_MS },
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
      return { watches: context.watches.filter((w) => w !== event.pattern), lit: context.lit.filter((w) => w !== event.pattern) };
    }),
    clearWatches: assign({ watches: [], log: [], lit: [] }),
    /**
     * Remembers the event's name for the dropdown; when a watch matches it, logs it (newest first, at most
     * CONSOLE_LOG_LIMIT) and lights the matching rows for `highlight` ms. An event firing again while its row
     * is lit restarts the timer: the row stays lit, it never blinks.
     */
    seeEvent: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'watch.event');
      const matching = context.watches.filter((w) => patternMatches(w, event.name));
      const known = context.known.includes(event.name) ? context.known : [...context.known, event.name].sort();
      if (matching.length === 0) {
        if (known !== context.known) enqueue.assign({ known });
        return;
      }
      enqueue.assign({
        known,
        log: [{ id: context.nextId, name: event.name, data: stringify(event.data) }, ...context.log].slice(0, CONSOLE_LOG_LIMIT),
        nextId: context.nextId + 1,
        lit: [...context.lit, ...matching.filter((w) => !context.lit.includes(w))],
      });
      for (const pattern of matching) {
        enqueue(cancel(`lit:${pattern}`));
        enqueue(raise({ type: 'watch.unlight', pattern }, { delay: 'highlight', id: `lit:${pattern}` }));
      }
    }),
    unlight: assign(({ context, event }) => {
      assertEvent(event, 'watch.unlight');
      return { lit: context.lit.filter((w) => w !== event.pattern) };
    }),
    /** Changing a plugin clears its command or event (their lists depend on the plugin). */
    change: assign(({ event }) => {
      assertEvent(event, 'form.change');
      return {
        [event.field]: event.value,
        ...(event.field === 'plugin' ? { command: '' } : {}),
        ...(event.field === 'eventPlugin' ? { event: '' } : {}),
      };
    }),
    moveTo: assign(({ event }) => {
      assertEvent(event, 'move.to');
      return Number.isFinite(event.x) && Number.isFinite(event.y) ? { position: { x: Math.round(event.x), y: Math.round(event.y) } } : {};
    }),
    resetPosition: assign({ position: null }),
    restore: assign(({ event }) => {
      assertEvent(event, 'state.restore');
      return restored(event.saved);
    }),
    refuseOptions: assign(({ context }) => {
      const parsed = parseOptions(context.options);
      return { result: { status: 'rejected' as const, text: parsed.ok ? '' : parsed.error, code: 'invalidJson' as const } };
    }),
    // The runCommand actor's results are not in ConsoleEvent: they come in as params.
    showResult: assign((_, params: { output: unknown }) => ({ result: { status: 'resolved' as const, text: stringify(params.output) } })),
    showRejection: assign((_, params: { error: unknown }) => ({
      result: { status: 'rejected' as const, text: params.error instanceof Error ? params.error.message : String(params.error) },
    })),
  },
}).createMachine({
  id: 'console',
  context: ({ input }) => ({
    plugin: '',
    command: '',
    options: '',
    eventPlugin: '',
    event: '',
    result: null,
    watches: [],
    lit: [],
    known: [],
    log: [],
    nextId: 1,
    position: null,
    ...restored(input ?? {}),
  }),
  initial: 'closed',
  on: {
    'watch.add': { guard: 'newWatch', actions: 'addWatch' },
    'watch.remove': { actions: 'removeWatch' },
    'watch.clear': { actions: 'clearWatches' },
    'watch.event': { actions: 'seeEvent' },
    'watch.unlight': { actions: 'unlight' },
    'move.to': { actions: 'moveTo' },
    'move.reset': { actions: 'resetPosition' },
    'state.restore': { actions: 'restore' },
  },
  states: {
    closed: {
      on: { open: 'open', 'form.change': { actions: 'change' } },
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
