/**
 * The chat transcript (web-chat.md §2 "Transcript view", §4 "Chat session (UI)"):
 * date separators, agent / visitor / bot / supervisor bubbles with avatar, name and time, system lines,
 * grouping, the typing indicator, links, file bubbles, history paging and the connection state. In parts,
 * as BotFramework-WebChat's packages/component/src/Transcript/ is:
 * - items.ts: the display items built from the messages (pure);
 * - rows.tsx: the lines, each an `article` labelled with sender, time and text, in memoised boxes;
 * - live-region.tsx: the separate polite live region (the log itself is not live);
 * - focus.ts: the roving Tab stop and the arrow keys between lines (elements/common/keyboard.ts);
 * - scroll.ts: following the newest line only while the visitor is at the bottom; otherwise a
 *   'New messages' button appears, which scrolls to and focuses the newest line;
 * - history.ts: asking for older messages at the top, and the content-visibility boxes.
 *
 * Chat deflection's knowledge-assistant lines (`from.id` 'knowledge', added on this page by the ChatDeflection
 * plugin) are bubbles of their own sender style; their question links are buttons (knowledge-bubble.tsx)
 * that ask the chat view to open the article (`onKnowledgeOpen`).
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type JSX } from 'react';
import type { TranscriptMessage } from '../../../src/plugins/webchat-service/webchat-service.api.ts';
import type { PendingMessage } from '../../../src/plugins/webchat/webchat.ts';
import { useEnvironment, useT } from '../../common/context.ts';
import type { KnowledgeOpen } from '../knowledge-bubble.tsx';
import { GROUPING_THRESHOLD_MS, buildItems, dayKey } from './items.ts';
import { Chunk, PendingLines } from './rows.tsx';
import { LiveRegion, useAnnouncements, useLiveRegion } from './live-region.tsx';
import { edgeLine, keyForInput, useLoadButtonFocus, useTranscriptFocus } from './focus.ts';
import { useScrollFollow } from './scroll.ts';
import { chunked, useHistoryObserver } from './history.ts';

export { GROUPING_THRESHOLD_MS, shortFileName } from './items.ts';

export interface TranscriptProps {
  /** Visible messages, ordered by index (the service dropped duplicates and filtered ones). */
  messages: readonly TranscriptMessage[];
  /**
   * The visitor's messages the server has not shown yet (the outbox), in order, after the server's:
   * 'Sending…', 'Sent', or 'Not sent' with Retry and Edit.
   */
  pending?: readonly PendingMessage[];
  /** A 'Not sent' message's Retry (the same message again). */
  onRetry?: (id: string) => void;
  /** A 'Not sent' message's Edit (its text back into the input). */
  onEdit?: (id: string) => void;
  /** The chat ended: a 'Chat Ended' line closes the log. */
  ended?: boolean;
  /** Who is typing now (an agent's, bot's or supervisor's name), or null. */
  typing?: string | null;
  connection?: 'connected' | 'disconnected' | 'reconnected';
  /** Asynchronous chats: older messages can be fetched (a button / scrolling to the top asks). */
  canLoadHistory?: boolean;
  historyLoading?: boolean;
  onLoadHistory?: () => void;
  /** A file bubble's Download button. */
  onDownload: (fileId: string) => void;
  /** Focus the message input (Escape and printable keys in the log); false when there is none to type in. */
  onToInput?: () => boolean;
  /** A knowledge assistant's question link (chat deflection): open the article; `opener` is the link. */
  onKnowledgeOpen?: (request: KnowledgeOpen, opener: HTMLElement) => void;
  /** Grouping of consecutive messages of one sender within this many ms (default 100000; 0 = off). */
  groupingThresholdMs?: number;
  /** For "Today": the current time (tests pass a fixed one). Default Date.now. */
  now?: () => number;
}

const NONE: readonly PendingMessage[] = [];

/** The chat transcript. Reads the language and 12/24-hour format from the environment. */
export function Transcript(props: TranscriptProps): JSX.Element {
  const {
    messages,
    pending = NONE,
    ended = false,
    typing = null,
    connection = 'connected',
    canLoadHistory = false,
    historyLoading = false,
    groupingThresholdMs = GROUPING_THRESHOLD_MS,
    now = Date.now,
  } = props;
  const t = useT();
  const { lang, timeFormat } = useEnvironment();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const [unseen, setUnseen] = useState(false);

  // The callbacks the parent passes, read when called: rows keep one stable function.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const download = useCallback((fileId: string) => latest.current.onDownload(fileId), []);
  const openKnowledge = useCallback((request: KnowledgeOpen, opener: HTMLElement) => latest.current.onKnowledgeOpen?.(request, opener), []);
  // Retry: the line stays (now 'Sending…'), its button goes — focus moves to the line itself.
  const retry = useCallback((id: string, from: HTMLElement) => {
    const line = from.closest('.la-transcript__pending-line')?.querySelector<HTMLElement>('[data-pending]');
    latest.current.onRetry?.(id);
    line?.focus();
  }, []);
  const edit = useCallback((id: string) => latest.current.onEdit?.(id), []);

  const today = dayKey(now());
  const items = useMemo(
    () => buildItems(messages, ended, t, lang, groupingThresholdMs, now(), pending.length > 0),
    // `today` stands for now(): the labels change only when the day does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [messages, ended, t, lang, groupingThresholdMs, today, pending.length > 0],
  );
  const focus = useTranscriptFocus(items);
  const { currentKey } = focus;
  const rows = useMemo(
    () =>
      chunked(items).map(([key, slice]) => {
        const current = slice.some((item) => item.key === currentKey) ? currentKey : null;
        return (
          <Chunk key={key} items={slice} currentKey={current} lang={lang} timeFormat={timeFormat} t={t} onDownload={download} onKnowledgeOpen={openKnowledge} />
        );
      }),
    [items, currentKey, lang, timeFormat, t, download, openKnowledge],
  );

  const follow = useScrollFollow(scrollerRef, listRef, { messages, items, pending, typing });
  const live = useLiveRegion();
  useAnnouncements(live.announce, { messages, items, ended, pending, connection }, t, lang, () => {
    if (!follow.stick.current) setUnseen(true);
  });

  // Scrolling to the top asks for older messages (asynchronous chats).
  useHistoryObserver(scrollerRef, topRef, () => {
    const { canLoadHistory: can, historyLoading: loading, onLoadHistory } = latest.current;
    if (can && !loading && !follow.stick.current) onLoadHistory?.();
  });

  const showLoad = canLoadHistory || historyLoading;
  const loadButton = useLoadButtonFocus(showLoad, listRef);

  function onScroll() {
    follow.onScroll();
    if (follow.stick.current && unseen) setUnseen(false);
  }

  function jumpToNewest() {
    const list = listRef.current;
    if (!scrollerRef.current || !list) return;
    follow.stick.current = true;
    setUnseen(false);
    edgeLine(list, -1)?.focus({ preventScroll: true });
    follow.toBottom();
  }

  return (
    <div className="la-transcript" part="transcript">
      {connection === 'disconnected' ? (
        <div className="la-transcript__connection la-transcript__connection--lost">
          <span className="la-spinner" aria-hidden="true" />
          {t.t('chat.transcript.connectionLost')}
        </div>
      ) : connection === 'reconnected' ? (
        <div className="la-transcript__connection la-transcript__connection--restored">{t.t('chat.transcript.connectionRestored')}</div>
      ) : null}
      <div
        ref={scrollerRef}
        className="la-transcript__log cx-transcript"
        role="log"
        aria-live="off"
        aria-label={t.t('chat.transcript.label')}
        aria-busy={historyLoading || undefined}
        onScroll={onScroll}
        onKeyDown={(event) => {
          const { onToInput } = latest.current;
          if (!onToInput || !keyForInput(event, onToInput)) focus.onKeyDown(event);
        }}
        onFocus={focus.onFocus}
      >
        <div ref={topRef} className="la-transcript__top">
          {showLoad ? (
            <button
              type="button"
              className="la-button la-transcript__history"
              aria-disabled={historyLoading || undefined}
              onFocus={loadButton.onFocus}
              onBlur={loadButton.onBlur}
              onClick={() => {
                if (!historyLoading) latest.current.onLoadHistory?.();
              }}
            >
              {historyLoading ? <span className="la-spinner" aria-hidden="true" /> : null}
              {t.t(historyLoading ? 'chat.transcript.loadingHistory' : 'chat.transcript.loadEarlier')}
            </button>
          ) : null}
        </div>
        <div ref={listRef} className="la-transcript__list">
          {rows}
          <PendingLines pending={pending} t={t} lang={lang} timeFormat={timeFormat} onRetry={retry} onEdit={edit} />
        </div>
        {typing ? (
          <div className="la-transcript__typing">
            <span className="la-transcript__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t.t('chat.transcript.typing', { name: typing })}
          </div>
        ) : null}
      </div>
      {unseen ? (
        <button type="button" className="la-button la-button--primary la-transcript__jump" onClick={jumpToNewest}>
          {t.t('chat.transcript.newMessages')}
        </button>
      ) : null}
      <LiveRegion ref={live.ref} />
    </div>
  );
}
