/**
 * The lifecycle report a contact window publishes with each of its events (plugins-and-infrastructure.md
 * §3 "Lifecycle report object", contact-widgets.md §3): the callback window's today, click-to-call's
 * too by the spec. Pure: the window's machine keeps the report in its context and updates it with
 * these functions; `Form` is that window's form as the report carries it.
 */

/** A form as a report carries it when the window is not known: each field's text, null for one not set. */
export type ReportForm = Record<string, string | null>;

/** The report published with every event of a contact window (contact-widgets.md §3); the Callback's form is `CallbackReportForm`. */
export interface LifecycleReport<Form extends object = ReportForm> {
  proactive: boolean;
  prefilled: boolean;
  autoSubmitted: boolean;
  /** Every error shown, by code, in order. */
  errors: string[];
  /** Epoch ms, or null when it has not happened. */
  opened: number | null;
  started: number | null;
  cancelled: boolean;
  completed: boolean;
  closed: number | null;
  /** ms from opened to closed (or to now while open). */
  elapsed: number;
  /** The window's form as it stands. */
  form: Form;
}

/** The report before anything happened: nothing opened, started or closed, no error, the form as given. */
export const emptyReport = <Form extends object>(form: Form): LifecycleReport<Form> => ({
  proactive: false,
  prefilled: false,
  autoSubmitted: false,
  errors: [],
  opened: null,
  started: null,
  cancelled: false,
  completed: false,
  closed: null,
  elapsed: 0,
  form,
});

/**
 * The report with `patch` applied, the form as it stands, and the time elapsed from the open up to the
 * close, or up to `now` (the machine's last clock reading) while the window is open.
 */
export function reportAt<Form extends object>(
  report: LifecycleReport<Form>,
  patch: Partial<LifecycleReport<Form>>,
  form: Form,
  now: number,
): LifecycleReport<Form> {
  const next = { ...report, ...patch };
  const end = next.closed ?? now;
  return { ...next, elapsed: next.opened === null ? 0 : Math.max(0, end - next.opened), form };
}
