import { useEffect, type RefObject } from 'react';
import type { OfferVideo } from '../../machines/offers.machine.ts';

const ORIGINS = { youtube: 'https://www.youtube-nocookie.com', vimeo: 'https://player.vimeo.com' } as const;

/** Reads a player's message: YouTube and Vimeo send JSON strings (Vimeo sometimes objects). */
function parse(data: unknown): Record<string, unknown> | null {
  try {
    const value = typeof data === 'string' ? JSON.parse(data) : data;
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

/**
 * Follows the embedded player through its postMessage API (no third-party script in the page): YouTube's
 * `onStateChange` (1 playing, 0 ended, 2 paused) after a `listening` handshake, Vimeo's `play`, `pause`
 * and `ended` after it reports `ready`. Only messages from the frame's own window and origin count.
 */
export function usePlayer(frame: RefObject<HTMLIFrameElement | null>, video: OfferVideo | undefined, report: (playing: boolean) => void, win: Window): void {
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe || !video) return;
    const origin = ORIGINS[video.provider];
    const post = (message: unknown) => iframe.contentWindow?.postMessage(JSON.stringify(message), origin);
    let playing = false;
    const set = (now: boolean) => {
      if (now !== playing) report((playing = now));
    };
    const hello = () => {
      if (video.provider === 'youtube') {
        post({ event: 'listening', id: 1, channel: 'widget' });
        post({ event: 'command', func: 'addEventListener', args: ['onStateChange'], id: 1, channel: 'widget' });
      }
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== iframe.contentWindow || event.origin !== origin) return;
      const data = parse(event.data);
      if (!data) return;
      if (video.provider === 'youtube') {
        const state = data.event === 'onStateChange' ? data.info : (data.info as { playerState?: unknown } | undefined)?.playerState;
        if (state === 1) set(true);
        else if (state === 0 || state === 2) set(false);
      } else if (data.event === 'ready') {
        for (const value of ['play', 'pause', 'ended']) post({ method: 'addEventListener', value });
      } else if (data.event === 'play' || data.event === 'playing') set(true);
      else if (data.event === 'pause' || data.event === 'ended') set(false);
    };
    win.addEventListener('message', onMessage);
    iframe.addEventListener('load', hello);
    return () => {
      win.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', hello);
      set(false);
    };
  }, [frame, video, report, win]);
}
