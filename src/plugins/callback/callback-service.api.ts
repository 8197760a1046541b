/**
 * The CallbackService plugin's public vocabulary, type-only: its bus commands and events.
 * `src/index.ts` re-exports this module so the published types declare them (see src/bus/types.ts).
 */
import type { Availability, AvailabilityQuery, CallbackFailure, CallbackForm, CallbackReceipt, CallbackServiceConfig } from '../../services/callback.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'CallbackService.schedule': { options: CallbackForm; result: CallbackReceipt };
    'CallbackService.availability': { options: AvailabilityQuery; result: Availability };
    'CallbackService.configure': { options: Omit<CallbackServiceConfig, 'lang'>; result: void };
  }
  interface Events {
    'CallbackService.scheduled': CallbackReceipt;
    'CallbackService.error': CallbackFailure;
    'CallbackService.availableSlots': Availability;
    'CallbackService.availabilityError': { message: string };
  }
}
