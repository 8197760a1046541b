/**
 * The arrow-key patterns the views share (WAI-ARIA APG): stepping through a list of items with the
 * arrow keys, Home and End, either moving focus (roving focus: the chat transcript's messages, the
 * calendar's days and times, a menu's items) or moving a pointer the view keeps (a combobox's
 * aria-activedescendant option, `stepIndex` alone). The views keep their own keys for what is theirs
 * (Enter, Escape, Tab).
 */
import { useCallback, useLayoutEffect, useRef, type KeyboardEvent } from 'react';

/** Which keys step through a list, and how. */
export interface StepKeys {
  /** Keys that move to the next item. */
  next: readonly string[];
  /** Keys that move to the previous item. */
  previous: readonly string[];
  /** A grid with this many items a row: ArrowDown and ArrowUp move a whole row. */
  rowSize?: number;
  /** Home and End move to the first and the last item. */
  edges?: boolean;
  /** After the last item comes the first, before the first the last; otherwise the ends hold. */
  wrap?: boolean;
}

/**
 * The index `key` moves to from `at` (-1: none yet) in a list of `count` items, or null when the key is
 * not one of `keys` (or the list is empty): the caller then leaves the key alone.
 */
export function stepIndex(key: string, at: number, count: number, keys: StepKeys): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  if (keys.next.includes(key)) return keys.wrap ? (at + 1) % count : Math.min(last, at + 1);
  if (keys.previous.includes(key)) return keys.wrap ? (at <= 0 ? last : at - 1) : Math.max(0, at - 1);
  if (keys.rowSize && key === 'ArrowDown') return Math.min(last, at + keys.rowSize);
  if (keys.rowSize && key === 'ArrowUp') return Math.max(0, at - keys.rowSize);
  if (keys.edges && key === 'Home') return 0;
  if (keys.edges && key === 'End') return last;
  return null;
}

export interface RovingFocusOptions extends StepKeys {
  /** The items: the handler's element's descendants matching this selector, in document order. */
  selector: string;
  /** The items keep one Tab stop: the item moved to gets tabindex 0, the others -1. */
  tabStop?: boolean;
  /** Bring the whole item moved to (and its focus ring, its scroller's scroll-padding) into view. */
  reveal?: boolean;
  /** A handled key goes no further (a menu inside a window whose own keys must not see it). */
  stopPropagation?: boolean;
}

/**
 * A keydown handler for a list's container that moves focus between its items: it answers whether it
 * handled the key (then the key's default action is prevented), so a view can handle its other keys.
 * Keys from anything but an item itself (a link inside a message, say) are left alone. The handler is
 * one stable function; it reads the latest options when called.
 */
export function useRovingFocus(options: RovingFocusOptions): (event: KeyboardEvent<HTMLElement>) => boolean {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  return useCallback((event: KeyboardEvent<HTMLElement>) => {
    const { selector, tabStop, reveal, stopPropagation } = latest.current;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
    const at = items.indexOf(event.target as HTMLElement);
    if (at < 0) return false;
    const next = stepIndex(event.key, at, items.length, latest.current);
    if (next === null) return false;
    event.preventDefault();
    if (stopPropagation) event.stopPropagation();
    const item = items[next]!;
    if (tabStop) items.forEach((other, i) => (other.tabIndex = i === next ? 0 : -1));
    item.focus();
    // focus() leaves a partly visible item where it is: bring all of it into view.
    if (reveal) item.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return true;
  }, []);
}
