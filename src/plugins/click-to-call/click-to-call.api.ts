/**
 * The ClickToCall plugin's public vocabulary, type-only: its bus commands and events and the controller
 * it provides to its element. `src/index.ts` re-exports this module so the published types declare them.
 */
import type { ClickToCallOpenOptions, ClickToCallReportForm } from '../../../machines/click-to-call.machine.ts';
import type { LifecycleReport } from '../../../machines/lifecycle-report.ts';
import type { ClickToCallSection } from './click-to-call-config.ts';
import type { ClickToCallActor } from './click-to-call.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    'ClickToCall.open': { options: ClickToCallOpenOptions | void; result: void };
    'ClickToCall.close': { options: void; result: void };
    'ClickToCall.configure': { options: Partial<ClickToCallSection>; result: void };
  }
  interface Events {
    'ClickToCall.opened': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.started': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.submitted': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.completed': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.failed': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.expired': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.cancelled': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.closed': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.minimized': LifecycleReport<ClickToCallReportForm>;
    'ClickToCall.maximized': LifecycleReport<ClickToCallReportForm>;
  }
}

declare module '../../app/app.ts' {
  interface Controllers {
    ClickToCall: ClickToCallActor;
  }
}
