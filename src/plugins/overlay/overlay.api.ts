/**
 * The Overlay plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { OverlayActor, OverlayOpenOptions } from './overlay.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'Overlay.open': { options: OverlayOpenOptions; result: void };
    'Overlay.close': { options: void; result: void };
    'Overlay.immutable': { options: void; result: void };
    'Overlay.mutable': { options: void; result: void };
    'Overlay.back': { options: void; result: void };
  }
  interface Events {
    'Overlay.opened': { owner: string; title?: string };
    'Overlay.closed': { owner: string };
    'Overlay.closeAttempt': { commander: string; owner: string };
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Overlay: OverlayActor;
  }
}
