/**
 * The Offers plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { OfferEventData } from '../../../machines/offers.machine.ts';
import type { OfferOptions, OffersController } from './offers.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'Offers.open': { options: OfferOptions | void; result: void };
    'Offers.close': { options: void; result: void };
    'Offers.configure': { options: OfferOptions; result: void };
  }
  interface Events {
    'Offers.opened': OfferEventData;
    /** The close control, Escape, the backdrop or `Offers.close`. */
    'Offers.dismissed': OfferEventData;
    'Offers.timeout': OfferEventData;
    /** The call to action was taken. */
    'Offers.accepted': OfferEventData;
    /** The video first played (the timeout stops). */
    'Offers.videoPlayed': OfferEventData;
    /** Closed for whatever reason; 1 s after the close when a video played. */
    'Offers.closed': OfferEventData;
    /** An open while one is shown: refused 'Already open', an error disposition with code mediaBusy. */
    'Offers.error': { code: 'mediaBusy'; message: string; actionID?: string };
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Offers: OffersController;
  }
}
