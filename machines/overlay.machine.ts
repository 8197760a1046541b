import { assertEvent, assign, setup } from 'xstate';

/** One overlay view (plugins-and-infrastructure.md §2, §4): content, title, position, backdrop, group. */
export interface OverlayEntry {
  /** A DOM node (or fragment) or an HTML string (parsed inertly; scripts never run). */
  content: unknown;
  title?: string;
  subtitle?: string;
  position: 'left' | 'right' | 'center';
  /** Dimming backdrop (default true); a click on it closes the overlay. */
  modal: boolean;
  /** History group for Overlay.back. */
  group: string;
  /** The commander that opened it. */
  owner: string;
}

export interface OverlayContext {
  current: OverlayEntry | null;
  /** Reserved by `current.owner`: only it or the App may close or change it. */
  immutable: boolean;
  /** Previous views per group, newest last. */
  history: Record<string, OverlayEntry[]>;
}

export type OverlayEvent =
  | { type: 'open'; entry: OverlayEntry; immutable?: boolean; commander: string }
  | { type: 'close'; commander: string }
  | { type: 'immutable'; commander: string }
  | { type: 'mutable'; commander: string }
  | { type: 'back'; commander: string };

export const overlayMessages = {
  noContent: 'No HTML content was provided. Overlay has ignored your command.',
  alreadyClosed: 'Overlay view is already closed',
  reserved: 'Overlay view is currently reserved by {plugin}',
  noImmutable: 'There is no overlay to make immutable.',
  noMutable: 'There is no overlay to make mutable.',
  alreadyImmutable: 'Overlay is already in an immutable state.',
  alreadyMutable: 'Overlay is already in a mutable state.',
  notAuthorized: 'You are not authorized to change this state of the overlay.',
  backRefused: 'Overlay is immutable or you do not have permission to go back.',
  noPrevious: 'There is no previous overlay in this group.',
} as const;

export const OVERLAY_POSITIONS = ['left', 'right', 'center'] as const;

const hasContent = (content: unknown) => (typeof content === 'string' && content.trim() !== '') || (typeof Node !== 'undefined' && content instanceof Node);

/** Why `event` is refused in this context (null: allowed). The plugin rejects with it; the machine guards on it. */
export function overlayRefusal(context: OverlayContext, event: OverlayEvent): string | null {
  const { current, immutable } = context;
  const privileged = !current || event.commander === 'App' || event.commander === current.owner;
  switch (event.type) {
    case 'open':
      if (!event.entry || !hasContent(event.entry.content)) return overlayMessages.noContent;
      return immutable && !privileged ? overlayMessages.reserved.replace('{plugin}', current!.owner) : null;
    case 'close':
      if (!current) return overlayMessages.alreadyClosed;
      return immutable && !privileged ? overlayMessages.reserved.replace('{plugin}', current.owner) : null;
    case 'immutable':
      if (!current) return overlayMessages.noImmutable;
      if (event.commander !== current.owner) return overlayMessages.notAuthorized;
      return immutable ? overlayMessages.alreadyImmutable : null;
    case 'mutable':
      if (!current) return overlayMessages.noMutable;
      if (event.commander !== current.owner) return overlayMessages.notAuthorized;
      return immutable ? null : overlayMessages.alreadyMutable;
    case 'back':
      if (!current) return overlayMessages.noPrevious;
      if (immutable && !privileged) return overlayMessages.backRefused;
      return context.history[current.group]?.length ? null : overlayMessages.noPrevious;
  }
}

export const overlayMachine = setup({
  types: { context: {} as OverlayContext, events: {} as OverlayEvent },
  guards: { allowed: ({ context, event }) => overlayRefusal(context, event) === null },
  actions: {
    show: assign(({ context, event }) => {
      assertEvent(event, 'open');
      const { current } = context;
      // The view it replaces joins its group's history (Overlay.back returns to it).
      const history =
        current && current.group === event.entry.group
          ? { ...context.history, [current.group]: [...(context.history[current.group] ?? []), current] }
          : context.history;
      return { current: event.entry, immutable: Boolean(event.immutable), history };
    }),
    /** Closing forgets every group's history. */
    clear: assign({ current: null, immutable: false, history: {} }),
    reserve: assign({ immutable: true }),
    release: assign({ immutable: false }),
    /** Overlay.back: the previous view of the current group (the guard made sure there is one). */
    goBack: assign(({ context }) => {
      const group = context.current!.group;
      const stack = context.history[group]!;
      return { current: stack[stack.length - 1]!, immutable: false, history: { ...context.history, [group]: stack.slice(0, -1) } };
    }),
  },
}).createMachine({
  id: 'overlay',
  context: { current: null, immutable: false, history: {} },
  initial: 'closed',
  states: {
    closed: {
      on: { open: { guard: 'allowed', target: 'open', actions: 'show' } },
    },
    open: {
      on: {
        open: { guard: 'allowed', actions: 'show' },
        close: { guard: 'allowed', target: 'closed', actions: 'clear' },
        immutable: { guard: 'allowed', actions: 'reserve' },
        mutable: { guard: 'allowed', actions: 'release' },
        back: { guard: 'allowed', actions: 'goBack' },
      },
    },
  },
});
