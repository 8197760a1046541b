import { and, assertEvent, assign, fromPromise, setup, stateIn } from 'xstate';

/** How a session ended: the visitor's Stop, the agent or the relay (time or size limit), or a failure while recording. */
export type CobrowseEndReason = 'visitor' | 'agent' | 'ended' | 'failed';

export interface CobrowseContext {
  /** The contact centre's co-browse service answers (the provider's `available`). */
  online: boolean;
  /** The running session's token (9 digits, read to the agent and sent in the chat's start marker). */
  token: string | null;
  /** Why the last start failed, for the plugin's rejection. */
  error: string | null;
  /** How the last session ended. */
  reason: CobrowseEndReason | null;
}

export type CobrowseEvent =
  | { type: 'status'; online: boolean }
  /** `Cobrowse.start`; `agreed`: the caller showed the warning dialog already (the call-us panel). */
  | { type: 'start'; agreed?: boolean }
  | { type: 'consent.accept' }
  | { type: 'consent.cancel' }
  /** The visitor's Stop (the bar, the chat's menu, `Cobrowse.stop`). */
  | { type: 'stop' }
  /** The provider says the session is over (the agent ended it, the relay's limits, a failed upload). */
  | { type: 'session.ended'; reason: CobrowseEndReason };

export const cobrowseMessages = {
  pending: 'Co-browse start is already pending',
  offline: 'Co-browse is not online',
  alreadyStarted: 'Co-browse is already started',
  notStarted: 'Co-browse is not started',
  cancelled: 'Co-browse was cancelled by the visitor',
} as const;

/** plugins-and-infrastructure.md §9: a start's pending flag is cleared after 3 s. */
export const START_PENDING_RESET_MS = 3000;

/** Why `start` is refused now, or null: pending first (§4), then offline, then a session already running. */
export function startRefusal(snapshot: { context: CobrowseContext; matches(state: unknown): boolean }): string | null {
  if (snapshot.matches({ pending: 'set' })) return cobrowseMessages.pending;
  if (!snapshot.matches({ session: 'stopped' })) return cobrowseMessages.alreadyStarted;
  if (!snapshot.context.online) return cobrowseMessages.offline;
  return null;
}

/**
 * Co-browse (plugins-and-infrastructure.md §4): online or not, and a session stopped, asking the visitor
 * (the warning dialog), starting, started or stopping. A start is refused while the previous one is
 * pending; the pending flag clears after 3 s (`startPendingReset`), whatever became of that start.
 * Nothing is recorded before `consent.accept` (or a start whose caller showed the warning itself): the
 * provider is invoked only in `starting`.
 */
export const cobrowseMachine = setup({
  types: { context: {} as CobrowseContext, events: {} as CobrowseEvent },
  actors: {
    startSession: fromPromise<{ token: string }>(async () => {
      throw new Error('startSession is provided by the Cobrowse plugin');
    }),
    stopSession: fromPromise<void>(async () => undefined),
  },
  delays: { startPendingReset: START_PENDING_RESET_MS },
  guards: {
    mayStart: ({ context }) => context.online,
    agreed: ({ event }) => event.type === 'start' && event.agreed === true,
    notPending: stateIn({ pending: 'clear' }),
    stopped: stateIn({ session: 'stopped' }),
  },
  actions: {
    setStatus: assign(({ event }) => {
      assertEvent(event, 'status');
      return { online: event.online };
    }),
    clearSession: assign({ error: null, reason: null }),
    setToken: assign((_, params: { token: string }) => ({ token: params.token })),
    setError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error ? params.error.message : String(params.error),
      reason: 'failed' as const,
    })),
    endedBy: assign((_, params: { reason: CobrowseEndReason }) => ({ token: null, reason: params.reason })),
  },
}).createMachine({
  id: 'cobrowse',
  type: 'parallel',
  context: { online: false, token: null, error: null, reason: null },
  on: { status: { actions: 'setStatus' } },
  states: {
    session: {
      initial: 'stopped',
      states: {
        stopped: {
          on: {
            start: [
              { guard: and(['notPending', 'mayStart', 'agreed']), target: 'starting', actions: 'clearSession' },
              { guard: and(['notPending', 'mayStart']), target: 'consent', actions: 'clearSession' },
            ],
          },
        },
        // The warning dialog: nothing is recorded until the visitor presses Start Co-browse.
        consent: {
          tags: ['dialog'],
          on: {
            'consent.accept': 'starting',
            'consent.cancel': { target: 'stopped', actions: { type: 'endedBy', params: { reason: 'visitor' } } },
          },
        },
        starting: {
          tags: ['busy'],
          invoke: {
            src: 'startSession',
            onDone: { target: 'started', actions: { type: 'setToken', params: ({ event }) => ({ token: event.output.token }) } },
            onError: { target: 'stopped', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
          // Stop while starting: the session the provider is opening is closed as soon as it stands.
          on: { stop: { target: 'stopping', actions: { type: 'endedBy', params: { reason: 'visitor' } } } },
        },
        started: {
          tags: ['bar'],
          on: {
            stop: { target: 'stopping', actions: { type: 'endedBy', params: { reason: 'visitor' } } },
            'session.ended': { target: 'stopping', actions: { type: 'endedBy', params: ({ event }) => ({ reason: event.reason }) } },
          },
        },
        stopping: {
          invoke: { src: 'stopSession', onDone: 'stopped', onError: 'stopped' },
        },
      },
    },
    pending: {
      initial: 'clear',
      states: {
        clear: { on: { start: { guard: and(['mayStart', 'stopped']), target: 'set' } } },
        set: { after: { startPendingReset: 'clear' } },
      },
    },
  },
});
