/**
 * The Calendar plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { CalendarConfig } from '../../../machines/calendar.machine.ts';
import type { CalendarActor, CalendarSelection } from './calendar.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'Calendar.open': { options: { date?: string; time?: string } | void; result: void };
    'Calendar.close': { options: void; result: void };
    'Calendar.configure': { options: Partial<CalendarConfig>; result: void };
    'Calendar.getAvailability': { options: { date?: string }; result: Record<string, number> };
  }
  interface Events {
    'Calendar.opened': void;
    'Calendar.closed': void;
    'Calendar.selected': CalendarSelection;
    'Calendar.availabilityError': { message: string };
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Calendar: CalendarActor;
  }
}
