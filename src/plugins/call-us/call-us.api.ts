/**
 * The CallUs (and the Cobrowse / WebChat vocabulary it relies on) plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { CallUsActor } from './call-us.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'CallUs.open': { options: void; result: void };
    'CallUs.close': { options: void; result: void };
    /**
     * The co-browse and chat vocabulary the call-us panel relies on (web-chat.md §7 "Internal bus"):
     * `Cobrowse.start` (rejected while a start is pending) and the state queries, answered by those
     * plugins once they are loaded.
     */
    'Cobrowse.start': { options: void; result: void };
    'Cobrowse.getState': { options: void; result: { online: boolean; started: boolean } };
    'WebChat.getState': { options: void; result: { agentConnected: boolean } };
  }
  interface Events {
    'CallUs.opened': void;
    'CallUs.closed': void;
    /** Co-browse events (web-chat.md §7): the service is online; a session started; it stopped. */
    'Cobrowse.online': void;
    'Cobrowse.started': void;
    'Cobrowse.stopped': void;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    CallUs: CallUsActor;
  }
}
