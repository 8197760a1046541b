import { record } from 'rrweb';

/**
 * The built-in provider's recorder: rrweb's `record` with privacy settings that cannot be turned off. A
 * chunk of its own, imported only when a session starts (after the visitor agreed), so a page pays
 * nothing for it before.
 * - every input, select and textarea value is masked (`maskAllInputs`);
 * - a password field is never recorded: blocked, the agent sees an empty box of its size;
 * - an element marked `data-la-private` (and what it holds) is blocked the same way, and its text masked.
 * rrweb's recorder injects no style or script into the page and uses no eval, so it runs under a strict
 * Content-Security-Policy with Trusted Types; canvas recording (a worker from a blob URL) stays off.
 */
export const BLOCKED = '[data-la-private], input[type="password" i]';

/** Starts recording the page; `emit` gets each rrweb event. Returns how to stop, at once. */
export function startRecording(emit: (event: unknown) => void): () => void {
  const stop = record({
    emit,
    maskAllInputs: true,
    blockSelector: BLOCKED,
    maskTextSelector: '[data-la-private]',
    recordCanvas: false,
    collectFonts: false,
    // A fresh full snapshot every minute: the relay keeps events from the latest one, so a late agent joins.
    checkoutEveryNms: 60_000,
    sampling: { mousemove: 50, scroll: 100 },
  });
  return () => stop?.();
}
