/**
 * The Console plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { ConsoleActor } from './console.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'Console.open': { options: void; result: void };
    'Console.close': { options: void; result: void };
    /** Fills the form and the event section, adds watches, moves the window (`position`: null docks it again). */
    'Console.configure': {
      options: {
        plugin?: string;
        command?: string;
        options?: string;
        eventPlugin?: string;
        event?: string;
        watches?: string[];
        position?: { x: number; y: number } | null;
      };
      result: void;
    };
    /** Applies what the console kept in this host's cookies (form, watches, position) and reopens it if it was open. */
    'Console.restore': { options: void; result: void };
  }
  interface Events {
    'Console.opened': void;
    'Console.closed': void;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Console: ConsoleActor;
  }
}
