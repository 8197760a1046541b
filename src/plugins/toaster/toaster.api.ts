/**
 * The Toaster plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { ToasterController, ToasterOpenOptions } from './toaster.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'Toaster.open': { options: ToasterOpenOptions; result: void };
    'Toaster.close': { options: void; result: void };
  }
  interface Events {
    'Toaster.opened': { owner: string; title?: string };
    'Toaster.closed': { owner: string };
    'Toaster.closeAttempt': { commander: string; owner: string };
    'Toaster.buttonClicked': { id: string; owner: string };
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Toaster: ToasterController;
  }
}
