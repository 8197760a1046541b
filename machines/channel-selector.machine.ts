import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { SidebarChannel } from './sidebar.machine.ts';

/** A channel of `channelselector.channels`: the sidebar channel plus its wait-time settings. */
export interface SelectorChannel extends SidebarChannel {
  subtitle?: string;
  ewt?: {
    display?: boolean;
    queue?: string;
    availabilityThresholdMin?: number;
    availabilityThresholdMax?: number;
    hideChannelWhenThresholdMax?: boolean;
  };
}

/** What one refresh learns: the offered channel names (null = all) and the wait per queue (seconds). */
export interface SelectorStatus {
  available: string[] | null;
  waits: Record<string, number>;
}

export interface ChannelSelectorContext extends SelectorStatus {
  channels: SelectorChannel[];
  refreshMs: number;
}

export type ChannelSelectorEvent = { type: 'open'; channels: SelectorChannel[] } | { type: 'close' };

export const channelSelectorMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  noChannels: 'Invalid configuration. Please ensure atleast one channel is configured.',
} as const;

export const THRESHOLD_MIN = 300;
export const THRESHOLD_MAX = 480;

export interface TileStatus {
  /**
   * available: no wait shown; longerWait: a wait under the minimum threshold, said in words (not by the
   * warning colour alone, WCAG 1.4.1); wait: 'Wait Time' with minutes; unavailable: disabled; hidden: not listed.
   */
  status: 'available' | 'longerWait' | 'wait' | 'unavailable' | 'hidden';
  /** Style: none, warning (under the minimum threshold) or alert (between the thresholds). */
  level: 'none' | 'warning' | 'alert';
  minutes: number;
}

/**
 * A tile's status (contact-widgets.md §4): wait 0 (or unknown, or display off) is Available; under the
 * minimum threshold a warning ('Longer wait'); from the minimum to the maximum the wait in minutes with an alert; at or
 * above the maximum hidden (`hideChannelWhenThresholdMax`, default true) or Unavailable.
 */
export function tileStatus(channel: SelectorChannel, waits: Record<string, number>): TileStatus {
  const ewt = channel.ewt;
  const wait = ewt?.queue ? waits[ewt.queue] : undefined;
  if (!ewt || ewt.display === false || wait === undefined || wait <= 0) return { status: 'available', level: 'none', minutes: 0 };
  const min = ewt.availabilityThresholdMin ?? THRESHOLD_MIN;
  const max = ewt.availabilityThresholdMax ?? THRESHOLD_MAX;
  const minutes = Math.max(1, Math.round(wait / 60));
  if (wait >= max) return { status: ewt.hideChannelWhenThresholdMax === false ? 'unavailable' : 'hidden', level: 'alert', minutes };
  if (wait >= min) return { status: 'wait', level: 'alert', minutes };
  return { status: 'longerWait', level: 'warning', minutes };
}

export const channelSelectorMachine = setup({
  types: {
    context: {} as ChannelSelectorContext,
    events: {} as ChannelSelectorEvent,
    input: {} as { refreshMs?: number } | undefined,
  },
  actors: {
    fetchStatus: fromPromise<SelectorStatus, { channels: SelectorChannel[] }>(async () => {
      throw new Error('fetchStatus is provided by the ChannelSelector plugin');
    }),
  },
  delays: { refreshInterval: ({ context }) => context.refreshMs },
  guards: {
    hasChannels: ({ event }) => {
      assertEvent(event, 'open');
      return Array.isArray(event.channels) && event.channels.length > 0;
    },
  },
  actions: {
    showChannels: assign(({ event }) => {
      assertEvent(event, 'open');
      return { channels: event.channels, available: null, waits: {} };
    }),
    // The fetchStatus result is not in ChannelSelectorEvent: it comes in as params.
    storeStatus: assign((_, params: { status: SelectorStatus }) => params.status),
    /** A failed statistics request shows every channel as available. */
    forgetStatus: assign({ available: null, waits: {} }),
  },
}).createMachine({
  id: 'channelSelector',
  context: ({ input }) => ({ channels: [], available: null, waits: {}, refreshMs: input?.refreshMs ?? 10_000 }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        open: { guard: 'hasChannels', target: 'open', actions: 'showChannels' },
      },
    },
    // Statistics refresh every 10 s only while open.
    open: {
      initial: 'loading',
      on: { close: 'closed' },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'fetchStatus',
            input: ({ context }) => ({ channels: context.channels }),
            onDone: { target: 'idle', actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) } },
            onError: { target: 'idle', actions: 'forgetStatus' },
          },
        },
        idle: { after: { refreshInterval: 'loading' } },
      },
    },
  },
});
