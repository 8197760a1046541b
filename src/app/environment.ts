import { BehaviorSubject } from 'rxjs';
import type { MainConfig } from './config.ts';

export type Theme = 'dark' | 'light';

export interface Environment {
  /** The tokens drawn: a custom theme (`main.themes`) draws the dark ones. */
  theme: Theme;
  /** The theme as named: 'dark', 'light' or a name of `main.themes` (whose class the widgets carry); absent: `theme`. */
  themeName?: string;
  mobile: boolean;
  lang: string;
  timeFormat: 12 | 24;
}

/** A device counts as mobile when it reports itself so, or has a coarse pointer and no hover. */
function isMobileDevice(win: Window): boolean {
  const uaData = (win.navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (uaData?.mobile !== undefined) return uaData.mobile;
  return win.matchMedia?.('(pointer: coarse) and (hover: none)').matches ?? false;
}

/**
 * A viewport too small for a floating window (360 px wide beside the page's edge, up to 640 px tall): a
 * narrow or zoomed desktop window (WCAG 1.4.10 reflow: 320 × 256 CSS px) gets the full-window layout too.
 */
export const REFLOW_QUERY = '(max-width: 480px), (max-height: 480px)';

/**
 * Mobile mode: forced by `main.mobileMode: true|false`, or automatic: a mobile device whose screen is at
 * most `mobileModeBreakpoint` (600) px in either dimension, or any viewport matching `REFLOW_QUERY`.
 * Re-evaluated when the viewport changes.
 */
export function watchEnvironment(win: Window, main: MainConfig): BehaviorSubject<Environment> {
  const query = `(max-width: ${main.mobileModeBreakpoint}px), (max-height: ${main.mobileModeBreakpoint}px)`;
  const media = win.matchMedia?.(query);
  const small = win.matchMedia?.(REFLOW_QUERY);
  const mobile = () => (main.mobileMode === 'auto' ? (!!media?.matches && isMobileDevice(win)) || !!small?.matches : main.mobileMode);
  const subject = new BehaviorSubject<Environment>({
    theme: main.theme === 'light' ? 'light' : 'dark',
    themeName: main.theme,
    mobile: mobile(),
    lang: main.lang,
    timeFormat: main.timeFormat,
  });
  const follow = () => {
    const next = mobile();
    if (next !== subject.value.mobile) subject.next({ ...subject.value, mobile: next });
  };
  media?.addEventListener?.('change', follow);
  small?.addEventListener?.('change', follow);
  return subject;
}
