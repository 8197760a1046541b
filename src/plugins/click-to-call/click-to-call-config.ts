import { flag, milliseconds, seconds, sectionReader, text, MAX_KEYS, v, type SectionOf } from '../../app/section.ts';
import { defaultClickToCallSettings, type ClickToCallSettings } from '../../../machines/click-to-call.machine.ts';
import type { ClickToCallServiceConfig } from '../../services/click-to-call.ts';

/**
 * The `clicktocall` section (plugins-and-infrastructure.md §3, §9), read by the ClickToCall plugin: the
 * request's options and the window's. Each option is checked on its own; a bad one is reported with its
 * path and takes its default.
 */
export const clickToCallSection = {
  /** Where the number is asked for: `POST {dataURL}`. */
  dataURL: text(),
  apikey: text(),
  timeout: milliseconds(defaultClickToCallSettings.timeout, 1),
  /** Merged into every request. */
  userData: v.optional(
    v.pipe(v.record(v.string(), v.unknown(), 'must be an object'), v.maxEntries(MAX_KEYS, `must have at most ${MAX_KEYS} keys`)),
    () => ({}),
  ),
  provideAccessCode: flag(true),
  autoDialAccessCode: flag(true),
  enableCountdown: flag(defaultClickToCallSettings.enableCountdown),
  /** Closing with unsubmitted input asks first. */
  confirmFormCloseEnabled: flag(defaultClickToCallSettings.confirmFormClose),
  wait: {
    display: flag(defaultClickToCallSettings.ewtDisplay),
    /** The queue whose wait is shown (the statistics service's group EWT); no wait row without one. */
    queue: text(200),
    /** Seconds: the wait is shown only at or above it. */
    threshold: seconds(defaultClickToCallSettings.ewtThreshold),
    /** Seconds between refreshes. */
    refresh: seconds(defaultClickToCallSettings.refreshInterval / 1000, 1),
  },
};

export type ClickToCallSection = SectionOf<typeof clickToCallSection>;

/** Reads the section (again only when it was replaced); bad options are reported and take their defaults. */
export const readClickToCallSection = sectionReader('clicktocall', clickToCallSection);

/** What the click-to-call service takes from the section. */
export function clickToCallServiceConfig(section: ClickToCallSection): ClickToCallServiceConfig {
  const { dataURL, apikey, timeout, userData, provideAccessCode, autoDialAccessCode } = section;
  return { dataURL, apikey, timeout, userData, provideAccessCode, autoDialAccessCode };
}

/** The section as the machine's settings. */
export function clickToCallSettings(section: ClickToCallSection): ClickToCallSettings {
  return {
    ...defaultClickToCallSettings,
    ewtDisplay: section.wait.display && section.wait.queue !== undefined,
    ewtThreshold: section.wait.threshold,
    refreshInterval: section.wait.refresh * 1000,
    timeout: section.timeout,
    enableCountdown: section.enableCountdown,
    confirmFormClose: section.confirmFormCloseEnabled,
  };
}
