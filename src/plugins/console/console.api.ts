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
    'Console.configure': { options: { plugin?: string; command?: string; options?: string; watches?: string[] }; result: void };
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
