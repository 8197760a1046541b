/** The main number's largest font size (contact-widgets.md §2: at most 36 px). */
export const MAIN_NUMBER_MAX_PX = 36;
/** Below this the number wraps rather than shrinking further. */
export const MAIN_NUMBER_MIN_PX = 16;

/**
 * The font size (whole px) at which text measured `natural` px wide at `max` px fits in `available` px:
 * at most `max`, at least `min`.
 */
export function fitFontSize(natural: number, available: number, max = MAIN_NUMBER_MAX_PX, min = MAIN_NUMBER_MIN_PX): number {
  if (!(natural > 0) || !(available > 0) || natural <= available) return max;
  return Math.max(min, Math.min(max, Math.floor((max * available) / natural)));
}
