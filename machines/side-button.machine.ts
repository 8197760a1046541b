import { assertEvent, assign, emit, setup } from 'xstate';
import { deferred } from './deferred.ts';

/**
 * A side button (contact-widgets.md §4 Send message, §9; plugins-and-infrastructure.md §4 Side
 * buttons, §9): hidden or visible, with a delayed show (`openDelay`, 1000 ms) and a fade or slide
 * effect. Shared by the side buttons of the spec (send message now; search and the chat button use the
 * same states): the owning plugin sends `show` / `hide` (its commands) and `window.open` /
 * `window.close` (its window's lifecycle: the button steps aside while the window is open and comes
 * back after the delay when it closes). The effect itself is CSS; only the timing lives here.
 * `focus.return` (the view's, when the closed window hands the keyboard focus back to the button) shows
 * it at once, without the delay: a button still waiting cannot take focus, and focus must not fall to
 * <body> meanwhile. Refused while the window is open (the button stays aside) or the button is hidden.
 *
 * hidden ── show ──▶ shown.waiting ── after openDelay (or focus.return) ──▶ shown.visible (emits `displayed`)
 *   ▲                   │  ▲                                                  │
 *   └──── hide ─────────┘  └──── window.close ── shown.aside ◀────────────────┘ window.open (also from waiting)
 */
export type SideButtonEffect = 'fade' | 'slide';

export interface SideButtonOptions {
  /** ms between `show` (or the window closing) and the button appearing. */
  openDelay: number;
  /** How the button appears and leaves (the view's CSS runs it). */
  effect: SideButtonEffect;
  /** ms of the effect (none under `prefers-reduced-motion`). */
  effectDuration: number;
}

export interface SideButtonContext extends SideButtonOptions {
  /** Whether the plugin's window is open (the button is not shown then). */
  windowOpen: boolean;
}

export interface SideButtonInput extends Partial<SideButtonOptions> {
  windowOpen?: boolean;
}

export type SideButtonEvent =
  | { type: 'show' }
  | { type: 'hide' }
  | { type: 'window.open' }
  | { type: 'window.close' }
  | { type: 'focus.return' }
  | ({ type: 'configure' } & Partial<SideButtonOptions>);

export type SideButtonEmitted = { type: 'displayed' } | { type: 'hidden' };

/** Defaults of the spec (§9 side buttons). */
export const SIDE_BUTTON_DEFAULTS: Readonly<SideButtonOptions> = { openDelay: 1000, effect: 'fade', effectDuration: 300 };

const ms = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback);

/** Command rejections (the spec gives none; worded like the windows' 'Already opened'). */
export const sideButtonMessages = {
  alreadyVisible: 'Button already visible',
  alreadyHidden: 'Button already hidden',
} as const;

const sideButtonSetup = setup({
  types: {
    context: {} as SideButtonContext,
    events: {} as SideButtonEvent,
    input: {} as SideButtonInput | undefined,
    emitted: {} as SideButtonEmitted,
  },
  delays: {
    openDelay: ({ context }) => context.openDelay,
  },
  guards: {
    windowOpen: ({ context }) => context.windowOpen,
  },
  actions: {
    windowOpened: assign({ windowOpen: true }),
    windowClosed: assign({ windowOpen: false }),
    configure: assign(({ context, event }) => {
      assertEvent(event, 'configure');
      return {
        openDelay: ms(event.openDelay, context.openDelay),
        effect: event.effect === 'slide' || event.effect === 'fade' ? event.effect : context.effect,
        effectDuration: ms(event.effectDuration, context.effectDuration),
      };
    }),
    publish: emit((_, params: { type: SideButtonEmitted['type'] }) => ({ type: params.type })),
  },
});

export const sideButtonMachine = deferred(sideButtonSetup, (s) =>
  s.createMachine({
    id: 'sideButton',
    context: ({ input }) => ({
      openDelay: ms(input?.openDelay, SIDE_BUTTON_DEFAULTS.openDelay),
      effect: input?.effect === 'slide' ? 'slide' : 'fade',
      effectDuration: ms(input?.effectDuration, SIDE_BUTTON_DEFAULTS.effectDuration),
      windowOpen: input?.windowOpen ?? false,
    }),
    initial: 'hidden',
    on: {
      'window.open': { actions: 'windowOpened' },
      'window.close': { actions: 'windowClosed' },
      configure: { actions: 'configure' },
    },
    states: {
      hidden: {
        on: { show: 'shown' },
      },
      shown: {
        initial: 'waiting',
        on: { hide: { target: 'hidden', actions: { type: 'publish', params: { type: 'hidden' } } } },
        states: {
          waiting: {
            always: { guard: 'windowOpen', target: 'aside' },
            after: { openDelay: 'visible' },
            on: {
              'window.open': { target: 'aside', actions: 'windowOpened' },
              'focus.return': 'visible',
            },
          },
          visible: {
            tags: ['visible'],
            entry: { type: 'publish', params: { type: 'displayed' } },
            on: { 'window.open': { target: 'aside', actions: 'windowOpened' } },
          },
          aside: {
            on: { 'window.close': { target: 'waiting', actions: 'windowClosed' } },
          },
        },
      },
    },
  }),
);

export type SideButtonMachine = typeof sideButtonMachine;
