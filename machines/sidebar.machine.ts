import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { deferred } from './deferred.ts';
import type { Availability } from './availability.ts';

/** One channel of `sidebar.channels` (contact-widgets.md §3, Channel configuration). */
export interface SidebarChannel {
  name: string;
  enable?: boolean;
  clickCommand?: string;
  clickOptions?: unknown;
  displayName?: string;
  displayTitle?: string;
  icon?: string;
  i18n?: string;
  onClick?: (channel: SidebarChannel) => void;
}

export interface SidebarContext {
  channels: SidebarChannel[];
  /** Channel names offered by the availability rule; null = every configured channel. */
  available: string[] | null;
  /** 'none' without a rule; 'pending' before the first answer. */
  availability: 'none' | 'pending' | 'known' | 'failed';
  mobile: boolean;
  showOnStartup: boolean;
  expandOnHover: boolean;
  refreshMs: number;
}

export type SidebarEvent =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'expand' }
  | { type: 'contract' }
  /** Pointer or focus entered the strip (expands after the expand delay). */
  | { type: 'pointer.enter' }
  /** Pointer and focus left the strip (contracts after the contract delay). */
  | { type: 'pointer.leave' }
  | { type: 'channels.set'; channels: SidebarChannel[] }
  | { type: 'channels.add'; channel: SidebarChannel }
  | { type: 'mobile.set'; mobile: boolean }
  /** Show the channel list (mobile mode's overlay): the element renders it when the machine emits it. */
  | { type: 'channels.show' };

/** What the element hears from the actor (`actor.on`): the channel list is wanted. */
export type SidebarEmitted = { type: 'channels.show' };

export interface SidebarInput {
  channels: SidebarChannel[];
  showOnStartup?: boolean;
  mobile?: boolean;
  /** Whether the deployment's availability rule applies (refreshes the list). */
  availabilityRule?: boolean;
  refreshMs?: number;
  expandOnHover?: boolean;
}

export const sidebarMessages = {
  mobile: 'Could not open Sidebar in mobile mode',
  alreadyOpen: 'already open',
  alreadyClosed: 'already closed',
  alreadyExpanded: 'sidebar already expanded',
  alreadyContracted: 'sidebar already contracted',
  badButton: 'Incorrect or Insufficient data or use of reserved name',
  noChannels: 'Invalid configuration. Please ensure atleast one channel is configured.',
} as const;

/** Names a button added at run time may not take (the built-in channels). */
export const RESERVED_CHANNELS = ['ChannelSelector', 'Search', 'Offers', 'CallUs', 'Callback', 'ClickToCall', 'SendMessage', 'WebChat'];

export const isChannel = (value: unknown): value is SidebarChannel =>
  typeof value === 'object' && value !== null && typeof (value as SidebarChannel).name === 'string' && (value as SidebarChannel).name !== '';

/** The channels a visitor sees: enabled, and offered by the availability rule when there is one. */
export function visibleChannels(context: Pick<SidebarContext, 'channels' | 'available'>): SidebarChannel[] {
  return context.channels.filter((c) => c.enable !== false && (!context.available || context.available.includes(c.name)));
}

const sidebarSetup = setup({
  types: {
    context: {} as SidebarContext,
    events: {} as SidebarEvent,
    input: {} as SidebarInput,
    emitted: {} as SidebarEmitted,
  },
  actors: {
    fetchAvailability: fromPromise<Availability>(async () => {
      throw new Error('fetchAvailability is provided by the Sidebar plugin');
    }),
  },
  delays: {
    expandDelay: 250,
    contractDelay: 500,
    refreshInterval: ({ context }) => context.refreshMs,
  },
  guards: {
    desktop: ({ context }) => !context.mobile,
    hover: ({ context }) => !context.mobile && context.expandOnHover,
    /** A run-time button: a channel whose name is neither reserved nor taken. */
    validButton: ({ context, event }) => {
      assertEvent(event, 'channels.add');
      return isChannel(event.channel) && !RESERVED_CHANNELS.includes(event.channel.name) && !context.channels.some((c) => c.name === event.channel.name);
    },
    hasChannels: ({ event }) => {
      assertEvent(event, 'channels.set');
      return Array.isArray(event.channels) && event.channels.some(isChannel);
    },
    hasVisibleChannels: ({ context }) => visibleChannels(context).length > 0,
    showOnStartup: ({ context }) => context.showOnStartup,
    noRule: ({ context }) => context.availability === 'none',
  },
  actions: {
    /** The view layer shows the list: a machine renders nothing. */
    showChannels: emit({ type: 'channels.show' as const }),
    setChannels: assign(({ event }) => {
      assertEvent(event, 'channels.set');
      return { channels: event.channels.filter(isChannel) };
    }),
    addChannel: assign(({ context, event }) => {
      assertEvent(event, 'channels.add');
      return { channels: [...context.channels, event.channel] };
    }),
    setMobile: assign(({ event }) => {
      assertEvent(event, 'mobile.set');
      return { mobile: event.mobile };
    }),
    // The availability actor's results are not in SidebarEvent: they come in as params.
    storeAvailability: assign((_, params: { available: string[] }) => ({ available: params.available, availability: 'known' as const })),
    /** A failed wait-time request offers the full list. */
    forgetAvailability: assign({ available: null, availability: 'failed' }),
  },
});

export const sidebarMachine = deferred(sidebarSetup, (s) =>
  s.createMachine({
    id: 'sidebar',
    context: ({ input }) => ({
      channels: input.channels.filter(isChannel),
      available: null,
      availability: input.availabilityRule ? 'pending' : 'none',
      mobile: Boolean(input.mobile),
      showOnStartup: input.showOnStartup !== false,
      expandOnHover: input.expandOnHover !== false,
      refreshMs: input.refreshMs ?? 10_000,
    }),
    type: 'parallel',
    on: {
      'channels.set': { guard: 'hasChannels', actions: 'setChannels' },
      'channels.add': { guard: 'validButton', actions: 'addChannel' },
      'mobile.set': { actions: 'setMobile' },
      'channels.show': { guard: 'hasVisibleChannels', actions: 'showChannels' },
    },
    states: {
      view: {
        initial: 'start',
        states: {
          start: {
            always: [{ guard: 'showOnStartup', target: 'opened' }, { target: 'closed' }],
          },
          closed: {
            on: { open: { guard: 'desktop', target: 'opened' } },
          },
          // Tags for the launcher, which reads the snapshot without importing this module: shown, and expanded
          // (also while waiting to contract).
          opened: {
            tags: ['shown'],
            initial: 'collapsed',
            on: { close: 'closed' },
            states: {
              collapsed: {
                on: {
                  'pointer.enter': { guard: 'hover', target: 'expanding' },
                  expand: { guard: 'desktop', target: 'expanded' },
                },
              },
              expanding: {
                after: { expandDelay: 'expanded' },
                on: { 'pointer.leave': 'collapsed', expand: 'expanded' },
              },
              expanded: {
                tags: ['expanded'],
                on: { 'pointer.leave': 'contracting', contract: 'collapsed' },
              },
              contracting: {
                tags: ['expanded'],
                after: { contractDelay: 'collapsed' },
                on: { 'pointer.enter': 'expanded', contract: 'collapsed' },
              },
            },
          },
        },
      },
      availability: {
        initial: 'check',
        states: {
          check: {
            always: [{ guard: 'noRule', target: 'off' }, { target: 'loading' }],
          },
          off: {},
          loading: {
            invoke: {
              src: 'fetchAvailability',
              onDone: { target: 'waiting', actions: { type: 'storeAvailability', params: ({ event }) => ({ available: event.output.channels }) } },
              onError: { target: 'waiting', actions: 'forgetAvailability' },
            },
          },
          waiting: {
            after: { refreshInterval: 'loading' },
          },
        },
      },
    },
  }),
);
