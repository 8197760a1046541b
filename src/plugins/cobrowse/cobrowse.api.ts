/**
 * The Cobrowse plugin's public vocabulary, type-only: its bus commands and events and the controller it
 * provides to its element. `src/index.ts` re-exports this module so the published types declare them
 * (see src/bus/types.ts).
 */
import type { CobrowseActor } from './cobrowse.ts';
import type { CobrowseEndReason } from '../../../machines/cobrowse.machine.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /**
     * Asks the visitor (the warning dialog), then shares the page; resolves once shared. Rejected while a
     * previous start is pending (3 s), when offline, when a session runs, and when the visitor cancels.
     */
    'Cobrowse.start': { options: { agreed?: boolean } | void; result: void };
    /** Ends the session at once and tells the agent. */
    'Cobrowse.stop': { options: void; result: void };
    'Cobrowse.getState': { options: void; result: { online: boolean; started: boolean; token?: string | null } };
  }
  interface Events {
    /** Co-browse events (web-chat.md §7): the service is online; a session started; it stopped. */
    'Cobrowse.online': void;
    /** The service stopped taking sessions. */
    'Cobrowse.offline': void;
    'Cobrowse.started': { token: string } | void;
    'Cobrowse.stopped': { reason: CobrowseEndReason } | void;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Cobrowse: CobrowseActor;
  }
}
