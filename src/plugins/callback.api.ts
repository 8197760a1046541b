/**
 * The Callback plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { LifecycleReport, OpenOptions } from '../../machines/callback.machine.ts';
import type { CallbackActor } from './callback.ts';

declare module '../bus/types.ts' {
  interface Commands {
    'Callback.open': { options: OpenOptions | void; result: void };
    'Callback.close': { options: void; result: void };
    'Callback.minimize': { options: void; result: void };
  }
  interface Events {
    'Callback.opened': LifecycleReport;
    'Callback.started': LifecycleReport;
    'Callback.submitted': LifecycleReport;
    'Callback.completed': LifecycleReport;
    'Callback.failed': LifecycleReport;
    'Callback.cancelled': LifecycleReport;
    'Callback.closed': LifecycleReport;
    'Callback.minimized': LifecycleReport;
    'Callback.maximized': LifecycleReport;
  }
}

declare module '../app/app.ts' {
  interface Controllers {
    Callback: CallbackActor;
  }
}
