/**
 * The ChannelSelector plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { ChannelSelectorActor } from './channel-selector.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'ChannelSelector.open': { options: void; result: void };
    'ChannelSelector.close': { options: void; result: void };
  }
  interface Events {
    'ChannelSelector.opened': void;
    'ChannelSelector.closed': void;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    ChannelSelector: ChannelSelectorActor;
  }
}
