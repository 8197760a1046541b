import { assertEvent, assign, setup } from 'xstate';

/** A button of a generic toaster; a click publishes `Toaster.buttonClicked { id, owner }` and closes it. */
export interface ToasterButton {
  id: string;
  text: string;
  primary?: boolean;
}

/** One toaster view (web-chat.md §2 "Toaster container"): generic parts or custom content. */
export interface ToasterEntry {
  title?: string;
  /** A short text or symbol shown before the title. */
  icon?: string;
  /** Plain text. */
  body?: string;
  /** Custom content: an HTML string (sanitised) or a DOM node. */
  content?: unknown;
  buttons: ToasterButton[];
  /** Docked at the bottom: left, right (default) or centre. */
  position: 'left' | 'right' | 'center';
  /** The commander that opened it. */
  owner: string;
}

export interface ToasterContext {
  current: ToasterEntry | null;
  /** Reserved by `current.owner`: only it or the App may close or replace it. */
  immutable: boolean;
  closeMs: number;
}

export type ToasterEvent = { type: 'open'; entry: ToasterEntry; immutable?: boolean; commander: string } | { type: 'close'; commander: string };

export const toasterMessages = {
  noContent: 'No content was provided. Toaster has ignored your command.',
  reserved: 'Toaster view is currently reserved',
  alreadyClosed: 'Toaster view is already closed',
} as const;

export const TOASTER_POSITIONS = ['left', 'right', 'center'] as const;
/** web-chat.md §9: the toaster's close animation (it slides down). */
export const TOASTER_CLOSE_MS = 500;

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const hasContent = (entry: ToasterEntry | undefined) =>
  Boolean(entry) &&
  (hasText(entry!.title) || hasText(entry!.body) || hasText(entry!.content) || (typeof Node !== 'undefined' && entry!.content instanceof Node));

/**
 * Why `event` is refused (null: allowed) — the overlay's reservation rule (plugins-and-infrastructure.md
 * §6) with the toaster's messages (web-chat.md §8). `open` and `close` from another commander than the
 * owner of a reserved toaster are refused; the App may always close it.
 */
export function toasterRefusal(context: ToasterContext, event: ToasterEvent, closing = false): string | null {
  const { current, immutable } = context;
  const shown = current !== null && !closing;
  const privileged = !shown || event.commander === 'App' || event.commander === current!.owner;
  if (event.type === 'open') {
    if (!hasContent(event.entry)) return toasterMessages.noContent;
    return immutable && !privileged ? toasterMessages.reserved : null;
  }
  if (!shown) return toasterMessages.alreadyClosed;
  return immutable && !privileged ? toasterMessages.reserved : null;
}

/**
 * The toaster: closed, open (optionally reserved) and closing (the 500 ms slide down; a new open during
 * it shows the new toaster at once).
 */
export const toasterMachine = setup({
  types: { context: {} as ToasterContext, events: {} as ToasterEvent, input: {} as { closeMs?: number } | undefined },
  delays: { closeAnimation: ({ context }) => context.closeMs },
  guards: {
    allowed: ({ context, event }) => toasterRefusal(context, event) === null,
    allowedWhileClosing: ({ context, event }) => toasterRefusal(context, event, true) === null,
  },
  actions: {
    show: assign(({ event }) => {
      assertEvent(event, 'open');
      return { current: event.entry, immutable: Boolean(event.immutable) };
    }),
    clear: assign({ current: null, immutable: false }),
  },
}).createMachine({
  id: 'toaster',
  context: ({ input }) => ({ current: null, immutable: false, closeMs: input?.closeMs ?? TOASTER_CLOSE_MS }),
  initial: 'closed',
  states: {
    closed: {
      on: { open: { guard: 'allowed', target: 'open', actions: 'show' } },
    },
    open: {
      on: {
        open: { guard: 'allowed', actions: 'show' },
        close: { guard: 'allowed', target: 'closing' },
      },
    },
    closing: {
      after: { closeAnimation: { target: 'closed', actions: 'clear' } },
      on: { open: { guard: 'allowedWhileClosing', target: 'open', actions: 'show' } },
    },
  },
});
