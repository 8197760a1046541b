/**
 * The CallUs (and the WebChat vocabulary it relies on) plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { CallUsActor } from './call-us.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'CallUs.open': { options: void; result: void };
    'CallUs.close': { options: void; result: void };
    /** The chat's state query the call-us panel relies on (web-chat.md §7), answered once the chat is loaded; co-browse's is cobrowse.api.ts. */
    'WebChat.getState': { options: void; result: { agentConnected: boolean } };
  }
  interface Events {
    'CallUs.opened': void;
    'CallUs.closed': void;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    CallUs: CallUsActor;
  }
}
