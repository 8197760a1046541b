/**
 * The Callback plugin's public vocabulary, type-only: its bus commands and events
 * and the controller it provides to its element. `src/index.ts` re-exports this module
 * so the published types declare them (see src/bus/types.ts).
 */
import type { CallbackReportForm, OpenOptions } from '../../../machines/callback.machine.ts';
import type { LifecycleReport } from '../../../machines/lifecycle-report.ts';
import type { CallbackActor } from './callback.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'Callback.open': { options: OpenOptions | void; result: void };
    'Callback.close': { options: void; result: void };
    'Callback.minimize': { options: void; result: void };
  }
  interface Events {
    'Callback.opened': LifecycleReport<CallbackReportForm>;
    'Callback.started': LifecycleReport<CallbackReportForm>;
    'Callback.submitted': LifecycleReport<CallbackReportForm>;
    'Callback.completed': LifecycleReport<CallbackReportForm>;
    'Callback.failed': LifecycleReport<CallbackReportForm>;
    'Callback.cancelled': LifecycleReport<CallbackReportForm>;
    'Callback.closed': LifecycleReport<CallbackReportForm>;
    'Callback.minimized': LifecycleReport<CallbackReportForm>;
    'Callback.maximized': LifecycleReport<CallbackReportForm>;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    Callback: CallbackActor;
  }
}
