import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { officeStatus, type OfficeStatus, type OpeningHours } from './availability.ts';

/** One number of `callus.contacts` (contact-widgets.md §3): shown as a `tel:` link, labelled by `i18n` or `displayName`. */
export interface CallUsContact {
  number: string;
  displayName?: string;
  i18n?: string;
}

/**
 * The `callus` configuration section, as the CallUs plugin reads it: the numbers (the first is the main
 * one), the opening-hours lines and the structured rule behind them (`openingHours`), which says whether
 * the helpline is open now.
 */
export interface CallUsConfig {
  contacts: CallUsContact[];
  hours: string[];
  openingHours?: OpeningHours | null;
}

export interface CallUsContext extends CallUsConfig {
  openingHours: OpeningHours | null;
  /** The time (epoch ms) as last read (`readClock`: the server's clock when known, else the page's). */
  now: number;
  /** Co-browse status as last published on the bus (Cobrowse.online / offline / started / stopped). */
  cobrowseOnline: boolean;
  cobrowseStarted: boolean;
  /** A chat agent is connected (WebChat.agentConnected / agentDisconnected). */
  agentConnected: boolean;
  /** Why the last co-browse start failed (shown in the failure dialog). */
  error: string | null;
}

export type CallUsEvent =
  | { type: 'open'; config: CallUsConfig }
  | { type: 'close' }
  /** Read the clock again (the server's time became known, or time passed). */
  | { type: 'clock.read' }
  | { type: 'cobrowse.online' }
  | { type: 'cobrowse.offline' }
  | { type: 'cobrowse.started' }
  | { type: 'cobrowse.stopped' }
  | { type: 'agent.connected' }
  | { type: 'agent.disconnected' }
  /** The footer link: opens the co-browse warning dialog. */
  | { type: 'cobrowse.offer' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.confirm' }
  | { type: 'alert.dismiss' };

export const callUsMessages = {
  alreadyOpened: 'Already opened',
  alreadyClosed: 'Already closed',
  noContacts: 'Invalid configuration. Please ensure atleast one contact number is configured.',
} as const;

/** `tel:` target of a number: spaces (and other whitespace) removed. */
export const telHref = (number: string): string => `tel:${number.replace(/\s+/g, '')}`;

/**
 * The helpline now: open, or closed and when it opens (machines/availability.ts `officeStatus`), by the
 * configured opening hours at the time last read; null without opening hours (nothing is claimed).
 */
export const selectOffice = (context: Pick<CallUsContext, 'openingHours' | 'now'>): OfficeStatus | null =>
  context.openingHours ? officeStatus(context.openingHours, context.now) : null;

/** The co-browse footer's condition (plugins-and-infrastructure.md §2): online, not started, an agent connected. */
export const canOfferCobrowse = (c: Pick<CallUsContext, 'cobrowseOnline' | 'cobrowseStarted' | 'agentConnected'>): boolean =>
  c.cobrowseOnline && !c.cobrowseStarted && c.agentConnected;

/**
 * The call-us panel (contact-widgets.md §2): closed, or open showing the numbers and hours, with the
 * co-browse warning dialog, its start (the `startCobrowse` actor runs `Cobrowse.start`) and a failure
 * notice. Co-browse and chat status is tracked in every state, so the footer is right when it opens.
 */
export const callUsMachine = setup({
  types: { context: {} as CallUsContext, events: {} as CallUsEvent },
  actors: {
    startCobrowse: fromPromise<void>(async () => {
      throw new Error('startCobrowse is provided by the CallUs plugin');
    }),
  },
  guards: {
    hasContacts: ({ event }) => {
      assertEvent(event, 'open');
      return Array.isArray(event.config?.contacts) && event.config.contacts.length > 0;
    },
    canOffer: ({ context }) => canOfferCobrowse(context),
    cannotOffer: ({ context }) => !canOfferCobrowse(context),
  },
  actions: {
    showConfig: assign(({ event }) => {
      assertEvent(event, 'open');
      return { contacts: event.config.contacts, hours: event.config.hours ?? [], openingHours: event.config.openingHours ?? null, error: null };
    }),
    /** The clock: the plugin provides the server-corrected reading (README "Clocks"). */
    readClock: assign({ now: () => Date.now() }),
    cobrowseOnline: assign({ cobrowseOnline: true }),
    cobrowseOffline: assign({ cobrowseOnline: false }),
    cobrowseStarted: assign({ cobrowseOnline: true, cobrowseStarted: true }),
    cobrowseStopped: assign({ cobrowseStarted: false }),
    agentConnected: assign({ agentConnected: true }),
    agentDisconnected: assign({ agentConnected: false }),
    // The startCobrowse actor's error event is not in CallUsEvent: it comes in as params.
    recordError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error ? params.error.message : String(params.error),
    })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'callUs',
  context: { contacts: [], hours: [], openingHours: null, now: 0, cobrowseOnline: false, cobrowseStarted: false, agentConnected: false, error: null },
  initial: 'closed',
  on: {
    'cobrowse.online': { actions: 'cobrowseOnline' },
    'cobrowse.offline': { actions: 'cobrowseOffline' },
    'cobrowse.started': { actions: 'cobrowseStarted' },
    'cobrowse.stopped': { actions: 'cobrowseStopped' },
    'agent.connected': { actions: 'agentConnected' },
    'agent.disconnected': { actions: 'agentDisconnected' },
  },
  states: {
    closed: {
      on: {
        open: { guard: 'hasContacts', target: 'open', actions: ['showConfig', 'readClock'] },
      },
    },
    open: {
      initial: 'panel',
      on: { close: 'closed', 'clock.read': { actions: 'readClock' } },
      states: {
        panel: {
          on: { 'cobrowse.offer': { guard: 'canOffer', target: 'dialog' } },
        },
        // The warning dialog: leaves by itself when the offer no longer holds (the agent left, co-browse started).
        dialog: {
          tags: ['dialog'],
          always: { guard: 'cannotOffer', target: 'panel' },
          on: { 'dialog.cancel': 'panel', 'dialog.confirm': 'starting' },
        },
        // The dialog stays up, busy, while co-browse starts.
        starting: {
          tags: ['dialog', 'busy'],
          invoke: {
            src: 'startCobrowse',
            onDone: { target: '#callUs.closed' },
            onError: { target: 'failed', actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          tags: ['alert'],
          on: { 'alert.dismiss': { target: 'panel', actions: 'clearError' } },
        },
      },
    },
  },
});
