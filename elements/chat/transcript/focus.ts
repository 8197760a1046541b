/**
 * The transcript's focus (as BotFramework-WebChat's docs/ACCESSIBILITY.md describes it): the log is one
 * Tab stop with a roving tabindex — the current line has tabindex 0, the others -1, the newest by
 * default; arrow Up / Down move between lines, Home / End to the first / last; Tab from a line reaches
 * that line's own links and buttons, then leaves the transcript. Focus moves only on the visitor's own
 * keys and clicks, never when messages arrive.
 */
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { useRovingFocus } from '../../common/keyboard.ts';
import type { Item } from './items.ts';

/** Every line of the log (server messages, system lines and pending lines) carries this attribute. */
export const LINE = '[data-item]';

/** The first (step 1) or the last (step -1) line of the list. */
export function edgeLine(list: Element, step: 1 | -1): HTMLElement | null {
  return step > 0 ? list.querySelector<HTMLElement>(LINE) : ([...list.querySelectorAll<HTMLElement>(LINE)].at(-1) ?? null);
}

export interface TranscriptFocus {
  /** The key of the line that holds the Tab stop. */
  currentKey: string | null;
  /** For the log: the arrow keys, Home and End between lines. */
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  /** For the log: a line (or a control inside it) taking focus becomes the current line. */
  onFocus(event: FocusEvent<HTMLElement>): void;
}

/** The roving Tab stop over the items: the line last focused while it is shown, else the newest. */
export function useTranscriptFocus(items: readonly Item[]): TranscriptFocus {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const currentKey = activeKey !== null && items.some((item) => item.key === activeKey) ? activeKey : (items.at(-1)?.key ?? null);
  const rove = useRovingFocus({ selector: LINE, next: ['ArrowDown'], previous: ['ArrowUp'], edges: true });
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const line = (event.target as HTMLElement).closest<HTMLElement>(LINE);
    const key = line?.dataset.key;
    if (key && key !== currentKey) setActiveKey(key);
  };
  return { currentKey, onKeyDown: rove, onFocus };
}

/**
 * Keys that belong to the message input (BotFramework-WebChat's transcript rule): Escape in the log
 * returns to the input instead of asking to close the window, and a printable key typed on a line goes
 * to the input with its character (focus moves during the keydown, so the browser types it there).
 * `toInput` focuses the input and says whether there was one (an ended chat has none: Escape then closes).
 * Answers whether the key was taken.
 */
export function keyForInput(event: KeyboardEvent<HTMLElement>, toInput: () => boolean): boolean {
  const { key } = event;
  if (event.ctrlKey || event.metaKey || event.altKey || event.nativeEvent.isComposing) return false;
  if (key === 'Escape') {
    if (!toInput()) return false;
    // The window's own Escape (modal.ts) skips a handled key.
    event.preventDefault();
    return true;
  }
  // Space activates a line's own button or link.
  if ([...key].length !== 1 || (key === ' ' && (event.target as Element).closest('button, a[href]'))) return false;
  return toInput();
}

/**
 * The 'Load earlier messages' button's focus: when the button leaves (no more history) while it has
 * focus, focus goes to the first line rather than to <body>. Returns the button's onFocus / onBlur.
 */
export function useLoadButtonFocus(shown: boolean, listRef: RefObject<HTMLElement | null>): { onFocus(): void; onBlur(): void } {
  const focused = useRef(false);
  useLayoutEffect(() => {
    if (shown || !focused.current) return;
    focused.current = false;
    (listRef.current && edgeLine(listRef.current, 1))?.focus();
  }, [shown, listRef]);
  return {
    onFocus: useCallback(() => {
      focused.current = true;
    }, []),
    onBlur: useCallback(() => {
      focused.current = false;
    }, []),
  };
}
