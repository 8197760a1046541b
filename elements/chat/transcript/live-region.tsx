/**
 * The transcript's live region, as BotFramework-WebChat's docs/ACCESSIBILITY.md does it: the visible log
 * (`role="log"`) is NOT a live region (`aria-live="off"` overrides the role's implicit polite); this
 * separate visually hidden polite region gets one short entry per NEW line ("Anna: text"), so a screen
 * reader never re-reads the log. Messages present at the first render, restored ones (`restoring`) and
 * history pages are not announced; a pending message is announced once when it becomes 'Not sent'; the
 * connection line as it changes.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type JSX, type Ref, type RefObject } from 'react';
import type { Translator } from '../../../src/app/i18n.ts';
import type { TranscriptMessage } from '../../../src/plugins/webchat-service/webchat-service.api.ts';
import type { PendingMessage } from '../../../src/plugins/webchat/webchat.ts';
import { announcement, freshItems, type Item } from './items.ts';

/** Live-region entries kept (older ones are removed; each entry is read once, when added). */
const LIVE_ENTRIES = 10;

export type Announce = (texts: readonly string[]) => void;

/** The region's ref and the function that adds entries to it. */
export function useLiveRegion(): { ref: RefObject<HTMLDivElement | null>; announce: Announce } {
  const ref = useRef<HTMLDivElement>(null);
  const announce = useCallback((texts: readonly string[]) => {
    const live = ref.current;
    if (!live || texts.length === 0) return;
    for (const text of texts) {
      const entry = document.createElement('p');
      entry.textContent = text;
      live.append(entry);
    }
    while (live.childElementCount > LIVE_ENTRIES) live.firstElementChild?.remove();
  }, []);
  return { ref, announce };
}

/** The visually hidden polite region. Its entries are added by `announce`, outside React's rendering. */
export function LiveRegion({ ref }: { ref: Ref<HTMLDivElement> }): JSX.Element {
  return <div ref={ref} className="la-visually-hidden" aria-live="polite" aria-atomic="false" />;
}

interface Lines {
  messages: readonly TranscriptMessage[];
  items: readonly Item[];
  ended: boolean;
  pending: readonly PendingMessage[];
  connection: 'connected' | 'disconnected' | 'reconnected';
}

/**
 * Announces what is new after each change: new lines (and 'Chat Ended'), pending messages that became
 * 'Not sent', the connection's changes. `onNew` is told when new lines arrived (the 'New messages' button).
 */
export function useAnnouncements(
  announce: Announce,
  { messages, items, ended, pending, connection }: Lines,
  t: Translator,
  lang: string,
  onNew: () => void,
): void {
  /** The highest index and the ended flag already seen (null before the first render's lines). */
  const seen = useRef<{ max: number; ended: boolean } | null>(null);
  useLayoutEffect(() => {
    const max = messages.reduce((m, message) => Math.max(m, message.index), -Infinity);
    const before = seen.current;
    if (before) {
      const fresh = freshItems(items, before.max);
      const texts = fresh.map((item) => announcement(item, t, lang));
      if (ended && !before.ended) texts.push(t.t('chat.transcript.chatEnded'));
      announce(texts);
      if (fresh.length > 0 || (ended && !before.ended)) onNew();
    }
    seen.current = { max: Math.max(max, before?.max ?? -Infinity), ended };
    // `items` changes with `messages` and `ended`; t and lang only relabel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  // Sending and sent are not announced: the visitor just sent it, and its server copy is announced when it arrives.
  const failedBefore = useRef<Set<string> | null>(null);
  useLayoutEffect(() => {
    const failed = new Set(pending.filter((line) => line.state === 'failed').map((line) => line.id));
    const before = failedBefore.current;
    if (before)
      announce(
        pending.filter((line) => line.state === 'failed' && !before.has(line.id)).map((line) => t.t('chat.outbox.announceNotSent', { text: line.text })),
      );
    failedBefore.current = failed;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  const lastConnection = useRef(connection);
  useEffect(() => {
    if (connection === lastConnection.current) return;
    lastConnection.current = connection;
    if (connection === 'disconnected') announce([t.t('chat.transcript.connectionLost')]);
    if (connection === 'reconnected') announce([t.t('chat.transcript.connectionRestored')]);
  }, [connection, announce, t]);
}
