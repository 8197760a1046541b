/**
 * Where the log is scrolled: it follows the newest line only while the visitor is at the bottom (then
 * new messages, pending lines and the typing line are followed, and lines growing after their first
 * paint keep the bottom); a visitor reading further up keeps the place, also when older messages are
 * prepended above.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { TranscriptMessage } from '../../../src/plugins/webchat-service/webchat-service.api.ts';
import type { PendingMessage } from '../../../src/plugins/webchat/webchat.ts';
import type { Item } from './items.ts';

/** How close to the bottom (px) counts as "at the bottom" for following new messages. */
const BOTTOM_SLACK = 24;

export interface ScrollFollow {
  /** The visitor is at the bottom: new lines are followed. */
  stick: RefObject<boolean>;
  /** For the log's scroll event: whether the visitor is at the bottom is read again. */
  onScroll(): void;
  /** Scrolls to the newest line and follows again. */
  toBottom(): void;
}

interface Lines {
  messages: readonly TranscriptMessage[];
  /** The built items: a new array when the lines change. */
  items: readonly Item[];
  pending: readonly PendingMessage[];
  typing: string | null;
}

export function useScrollFollow(
  scrollerRef: RefObject<HTMLElement | null>,
  listRef: RefObject<HTMLElement | null>,
  { messages, items, pending, typing }: Lines,
): ScrollFollow {
  const stick = useRef(true);
  /** The first message's index and the scroll position after the last change. */
  const mark = useRef<{ first?: number; scrollHeight: number; scrollTop: number } | null>(null);

  const toBottomIfStuck = () => {
    const scroller = scrollerRef.current;
    if (scroller && stick.current) scroller.scrollTop = scroller.scrollHeight;
  };

  // After each change of the lines: follow the bottom, or keep the place when history was prepended.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const first = messages[0]?.index;
    const before = mark.current;
    if (!before || stick.current) {
      scroller.scrollTop = scroller.scrollHeight;
    } else if (first !== undefined && before.first !== undefined && first < before.first && scroller.scrollTop === before.scrollTop) {
      scroller.scrollTop += scroller.scrollHeight - before.scrollHeight;
    }
    mark.current = { first, scrollHeight: scroller.scrollHeight, scrollTop: scroller.scrollTop };
    // `items` changes with `messages`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  // New pending lines and the typing line appearing at the bottom are followed like messages.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(toBottomIfStuck, [pending]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(toBottomIfStuck, [typing]);

  // Lines change size after the first paint (content-visibility estimates, fonts, images): keep the bottom.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (!scroller || !list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current) scroller.scrollTop = scroller.scrollHeight;
      if (mark.current) {
        mark.current.scrollHeight = scroller.scrollHeight;
        mark.current.scrollTop = scroller.scrollTop;
      }
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [scrollerRef, listRef]);

  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    stick.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= BOTTOM_SLACK;
    if (mark.current) {
      mark.current.scrollTop = scroller.scrollTop;
      mark.current.scrollHeight = scroller.scrollHeight;
    }
  };

  const toBottom = () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    stick.current = true;
    scroller.scrollTop = scroller.scrollHeight;
  };

  return { stick, onScroll, toBottom };
}
