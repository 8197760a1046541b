/**
 * Older messages and the log's boxes. Scrolling to the top asks for history through an
 * IntersectionObserver on the top of the log (no scroll-event debounce timer needed). Every message stays
 * in the DOM, in boxes of CHUNK messages (by index) with `content-visibility: auto` and
 * `contain-intrinsic-size: auto …` (styles/chat-transcript.css), so the browser skips the style, layout
 * and paint of the off-screen ones while screen readers, find-in-page and the arrow keys still reach
 * every message. Chromium observes each such box for intersection on every frame: one box per message
 * cost about 50 ms a frame at 5,000 messages, a hundred boxes do not. Windowing would bound the DOM
 * further, but the messages outside the window would leave the accessibility tree and roving focus
 * would have to re-create them before focusing.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Item } from './items.ts';

/** Messages per content-visibility box. */
export const CHUNK = 50;

/**
 * The lines in boxes by server index (messages 0–49, 50–99 …), so a box keeps its lines when history
 * is prepended (new boxes come before it) and only the last box changes when messages are appended.
 * Lines without a message ('Chat Ended') join the box before them.
 */
export function chunked(items: readonly Item[]): Array<[string, Item[]]> {
  const boxes: Array<[string, Item[]]> = [];
  let key: string | null = null;
  for (const item of items) {
    const next: string = item.message ? `c${Math.floor(item.message.index / CHUNK)}` : (key ?? 'c');
    if (next !== key || boxes.length === 0) boxes.push([next, []]);
    key = next;
    boxes.at(-1)![1].push(item);
  }
  return boxes;
}

/**
 * Calls `onTop` when the `top` marker scrolls into the scroller's view. The latest `onTop` is called (it
 * may be a new function on each render); it decides whether to ask for history.
 */
export function useHistoryObserver(scrollerRef: RefObject<HTMLElement | null>, topRef: RefObject<HTMLElement | null>, onTop: () => void): void {
  const latest = useRef(onTop);
  useLayoutEffect(() => {
    latest.current = onTop;
  });
  useEffect(() => {
    const scroller = scrollerRef.current;
    const top = topRef.current;
    if (!scroller || !top || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { root: scroller },
    );
    observer.observe(top);
    return () => observer.disconnect();
  }, [scrollerRef, topRef]);
}
