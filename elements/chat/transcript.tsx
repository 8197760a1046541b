/**
 * The chat transcript (web-chat.md §2 "Transcript view", §4 "Chat session (UI)", issue 12 items 3, 7, 8):
 * date separators, agent / visitor / bot / supervisor bubbles with avatar, name and time, system lines,
 * grouping, the typing indicator, links, file bubbles, history paging and the connection state.
 *
 * Accessibility, as BotFramework-WebChat's docs/ACCESSIBILITY.md does it:
 * - the visible log (`role="log"`) is NOT a live region (`aria-live="off"` overrides the role's
 *   implicit polite): a separate visually hidden polite region gets one short entry per NEW message
 *   ("Anna: text"), so a screen reader never re-reads the log; messages present at the first render,
 *   restored ones (`restoring`) and history pages are not announced;
 * - focus never moves when messages arrive (only on the visitor's own keys and clicks);
 * - the transcript is one Tab stop (roving tabindex: the current message has tabindex 0, the others -1;
 *   the newest by default); arrow Up / Down move between messages, Home / End to the first / last;
 *   Tab from a message reaches that message's own links and Download button, then leaves the transcript;
 * - each message is an `article` labelled with sender, time and text;
 * - the view follows the newest message only when the visitor was already at the bottom; otherwise a
 *   'New messages' button appears, which scrolls to and focuses the newest message.
 *
 * Scale (5,000 messages): every message stays in the DOM, in boxes of 50 messages (by index) with
 * `content-visibility: auto` and `contain-intrinsic-size: auto …` (styles/chat-transcript.css), so the
 * browser skips the style, layout and paint of the off-screen ones, while screen readers, find-in-page
 * and the arrow keys still reach every message. One box per message was tried first: Chromium observes
 * each such box for intersection on every frame, which at 5,000 boxes cost ~50 ms a frame; a hundred
 * boxes do not. Windowing (@tanstack/virtual-core) would bound the DOM further, but the messages outside
 * the window would vanish from the accessibility tree and roving focus would have to re-create them
 * before focusing. Boxes and rows are `memo` components compared on the lines' fields, and the box list
 * is memoised, so an appended message renders one new row and an unrelated re-render of the parent
 * (the input beside it) renders none (`npm run bench` measures both at 5,000 messages).
 *
 * Chat deflection's knowledge-assistant lines (`from.id` 'knowledge', added on this page by the ChatDeflection
 * plugin) are bubbles of their own sender style; their question links are buttons (knowledge-bubble.tsx)
 * that ask the chat view to open the article (`onKnowledgeOpen`).
 *
 * IdleAlert is not shown here (the window's idle overlay shows it with its countdown); IdleClose is
 * kept as a system line, a lasting record of why the chat closed. TypingStarted / TypingStopped /
 * CustomNotice / NicknameUpdated / FileDeleted are not rendered. Scrolling to the top asks for history
 * through an IntersectionObserver on the top of the log (no scroll-event debounce timer needed).
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type JSX, type KeyboardEvent, type ReactNode } from 'react';
import type { TranscriptMessage } from '../../src/plugins/webchat-service.api.ts';
import type { Translator } from '../../src/app/i18n.ts';
import { formatClock, formatDay, type TimeFormat } from '../../src/app/clock.ts';
import { sanitizeHtml } from '../common/sanitize.ts';
import { SafeHtml } from '../common/safe-html.tsx';
import { useEnvironment, useT } from '../common/context.ts';
import { formatSize, shortFileName } from '../../src/app/bytes.ts';
import { httpUrl } from '../../src/app/urls.ts';
import { linkify } from './linkify.ts';
import { isKnowledgeMessage } from '../../machines/chat-knowledge.ts';
import { KnowledgeBody, type KnowledgeOpen } from './knowledge-bubble.tsx';
import type { PendingMessage } from '../../src/plugins/webchat.ts';

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
  /** A knowledge assistant's question link (chat deflection): open the article; `opener` is the link. */
  onKnowledgeOpen?: (request: KnowledgeOpen, opener: HTMLElement) => void;
  /** Grouping of consecutive messages of one sender within this many ms (default 100000; 0 = off). */
  groupingThresholdMs?: number;
  /** For "Today": the current time (tests pass a fixed one). Default Date.now. */
  now?: () => number;
}

/** Spec §9: message grouping threshold. */
export const GROUPING_THRESHOLD_MS = 100000;
/** How close to the bottom (px) counts as "at the bottom" for following new messages. */
const BOTTOM_SLACK = 24;
/** Live-region entries kept (older ones are removed; each entry is read once, when added). */
const LIVE_ENTRIES = 10;
const ENDED_KEY = 'ended';

type Sender = 'agent' | 'client' | 'bot' | 'supervisor' | 'knowledge';

/** One rendered line of the log: a bubble for a message, or a system line. */
interface Item {
  key: string;
  message?: TranscriptMessage;
  /** System lines: the text shown (translated). Bubbles: undefined. */
  system?: string;
  sender?: Sender;
  grouped: boolean;
  /** The date label shown above this item when its day differs from the previous item's. */
  separator: string | null;
}

export { shortFileName };

const SENDERS: Partial<Record<TranscriptMessage['from']['type'], Sender>> = {
  Agent: 'agent',
  Client: 'client',
  Bot: 'bot',
  Supervisor: 'supervisor',
};

/** The sender's name, or the spec's default name for its type (Agent, Bot, Supervisor; the visitor: You). */
function senderName(message: TranscriptMessage, t: Translator): string {
  if (isKnowledgeMessage(message)) return t.t('chat.knowledge.name');
  const name = message.from.name?.trim();
  if (name) return name;
  const type = SENDERS[message.from.type] ?? 'agent';
  return t.t(`chat.transcript.${type === 'client' ? 'you' : type}`);
}

/** A local calendar day as a comparable number. */
function dayKey(epochMs: number): number {
  const date = new Date(epochMs);
  return date.getFullYear() * 10000 + date.getMonth() * 100 + date.getDate();
}

function dayLabel(epochMs: number, today: number, now: number, t: Translator, lang: string): string {
  if (dayKey(epochMs) === today) return t.t('time.today');
  const sameYear = new Date(epochMs).getFullYear() === new Date(now).getFullYear();
  return formatDay(new Date(epochMs), lang, sameYear ? { day: 'numeric', month: 'long' } : { day: 'numeric', month: 'long', year: 'numeric' });
}

/** What a message shows as: a bubble, a system line (its text), or nothing. */
function classify(message: TranscriptMessage, t: Translator, firstClientJoin: boolean): { bubble: true } | { system: string } | null {
  const sender = SENDERS[message.from.type];
  switch (message.type) {
    case 'Message':
    case 'Structured':
    case 'PushUrl':
    case 'FileUploaded':
      if (!sender) return message.text.trim() ? { system: message.text } : null;
      return { bubble: true };
    case 'Notice':
    case 'IdleClose':
      return message.text.trim() ? { system: message.text } : null;
    case 'ParticipantJoined':
      if (message.from.type === 'Client') return firstClientJoin ? { system: t.t('chat.transcript.chatStarted') } : null;
      return sender ? { system: t.t('chat.transcript.joined', { name: senderName(message, t) }) } : null;
    case 'ParticipantLeft':
      return sender && sender !== 'client' ? { system: t.t('chat.transcript.left', { name: senderName(message, t) }) } : null;
    default:
      return null;
  }
}

/** The rendered lines for the messages: classification, grouping and date separators. */
function buildItems(messages: readonly TranscriptMessage[], ended: boolean, t: Translator, lang: string, threshold: number, now: number): Item[] {
  const items: Item[] = [];
  const today = dayKey(now);
  let clientJoined = false;
  let previous: { day: number; bubble?: TranscriptMessage } | null = null;
  for (const message of messages) {
    const firstClientJoin = message.type === 'ParticipantJoined' && message.from.type === 'Client' && !clientJoined;
    if (firstClientJoin) clientJoined = true;
    const shown = classify(message, t, firstClientJoin);
    if (!shown) continue;
    const day = dayKey(message.timestamp);
    const separator = previous?.day === day ? null : dayLabel(message.timestamp, today, now, t, lang);
    const last: TranscriptMessage | undefined = previous?.bubble;
    if ('bubble' in shown) {
      const grouped =
        threshold > 0 &&
        separator === null &&
        last !== undefined &&
        last.from.type === message.from.type &&
        last.from.id === message.from.id &&
        last.from.name === message.from.name &&
        message.timestamp - last.timestamp <= threshold;
      items.push({ key: `m${message.index}`, message, sender: isKnowledgeMessage(message) ? 'knowledge' : SENDERS[message.from.type]!, grouped, separator });
      previous = { day, bubble: message };
    } else {
      items.push({ key: `m${message.index}`, message, system: shown.system, grouped: false, separator });
      previous = { day };
    }
  }
  if (ended) items.push({ key: ENDED_KEY, system: t.t('chat.transcript.chatEnded'), grouped: false, separator: null });
  return items;
}

/** The file bubble's parts from its user data. */
function fileOf(message: TranscriptMessage): { id: string; name: string; size: number | null } {
  const data = message.userData ?? {};
  const size = Number(data['file-size']);
  return { id: data['file-id'] ?? '', name: data['file-name'] ?? message.text, size: data['file-size'] !== undefined && Number.isFinite(size) ? size : null };
}

function fileSize(bytes: number, t: Translator, lang: string): string {
  return formatSize(bytes, lang, (unit) => t.t(`sendmessage.size.${unit}`));
}

const isWebLink = (href: string): boolean => httpUrl(href, null) !== undefined;

/** A message's text as plain words: for the accessible label and the live region. */
function plainText(message: TranscriptMessage, t: Translator, lang: string): string {
  if (message.type === 'FileUploaded') {
    const file = fileOf(message);
    return t.t('chat.transcript.fileLabel', { name: file.name, size: file.size === null ? '' : fileSize(file.size, t, lang) });
  }
  if (message.html) return sanitizeHtml(message.text).map((node) => node.textContent ?? '').join('').trim();
  return message.text;
}

/** What the live region says of a new line. */
function announcement(item: Item, t: Translator, lang: string): string {
  if (item.system !== undefined || !item.message) return item.system ?? '';
  return t.t('chat.transcript.announce', { name: senderName(item.message, t), text: plainText(item.message, t, lang) });
}

function Link({ href, tabbable, children }: { href: string; tabbable: boolean; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" tabIndex={tabbable ? 0 : -1}>
      {children}
    </a>
  );
}

function PlainText({ text, tabbable }: { text: string; tabbable: boolean }) {
  const parts = useMemo(() => linkify(text), [text]);
  return (
    <div className="la-transcript__plain">
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Link key={i} href={part.href} tabbable={tabbable}>
            {part.text}
          </Link>
        ),
      )}
    </div>
  );
}

interface RowProps {
  item: Item;
  current: boolean;
  lang: string;
  timeFormat: TimeFormat;
  t: Translator;
  onDownload: (fileId: string) => void;
  onKnowledgeOpen: (request: KnowledgeOpen, opener: HTMLElement) => void;
}

function MessageBody({
  message,
  current,
  t,
  lang,
  onDownload,
  onKnowledgeOpen,
}: {
  message: TranscriptMessage;
  current: boolean;
  t: Translator;
  lang: string;
  onDownload: (fileId: string) => void;
  onKnowledgeOpen: (request: KnowledgeOpen, opener: HTMLElement) => void;
}) {
  if (isKnowledgeMessage(message)) return <KnowledgeBody knowledge={message.knowledge} current={current} t={t} onOpen={onKnowledgeOpen} />;
  if (message.type === 'FileUploaded') {
    const file = fileOf(message);
    const short = shortFileName(file.name);
    return (
      <div className="la-transcript__file">
        <span className="la-transcript__file-name" title={short === file.name ? undefined : file.name}>
          {short}
        </span>
        {file.size === null ? null : <span className="la-transcript__file-size">{fileSize(file.size, t, lang)}</span>}
        <button
          type="button"
          className="la-button la-transcript__download"
          tabIndex={current ? 0 : -1}
          aria-label={t.t('chat.transcript.downloadFile', { name: file.name })}
          onClick={() => onDownload(file.id)}
        >
          {t.t('chat.transcript.download')}
        </button>
      </div>
    );
  }
  if (message.type === 'PushUrl') {
    const url = message.text.trim();
    return isWebLink(url) ? (
      <div className="la-transcript__plain">
        <Link href={url} tabbable={current}>
          {url}
        </Link>
      </div>
    ) : (
      <div className="la-transcript__plain">{message.text}</div>
    );
  }
  return message.html ? <SafeHtml html={message.text} className="la-transcript__html" tabbable={current} /> : <PlainText text={message.text} tabbable={current} />;
}

/** Two builds of one line show the same thing. */
const sameItem = (a: Item, b: Item) =>
  a.key === b.key && a.message === b.message && a.system === b.system && a.grouped === b.grouped && a.separator === b.separator;

/**
 * One line of the log (with its date separator). Memoised: its props are the item built for it, which
 * is rebuilt only when the message list changes, so comparing the item's fields decides.
 */
const Row = memo(
  function Row({ item, current, lang, timeFormat, t, onDownload, onKnowledgeOpen }: RowProps) {
    const separator = item.separator === null ? null : (
      <div className="la-transcript__date">
        <span>{item.separator}</span>
      </div>
    );
    const common = { 'data-item': '', 'data-key': item.key, role: 'article', tabIndex: current ? 0 : -1 } as const;
    if (item.system !== undefined || !item.message) {
      return (
        <>
          {separator}
          <div {...common} className="la-transcript__item la-transcript__system" aria-label={item.system}>
            {item.system}
          </div>
        </>
      );
    }
    const { message, sender, grouped } = item;
    const name = senderName(message, t);
    const time = formatClock(new Date(message.timestamp), lang, timeFormat);
    const label = t.t('chat.transcript.messageLabel', { name, time, text: plainText(message, t, lang) });
    return (
      <>
        {separator}
        <div
          {...common}
          className={`la-transcript__item la-transcript__bubble la-transcript__bubble--${sender}${grouped ? ' la-transcript__bubble--grouped' : ''}`}
          aria-label={label}
        >
          {grouped ? null : (
            <span className="la-transcript__avatar" aria-hidden="true">
              {[...name][0]?.toLocaleUpperCase(lang) ?? '?'}
            </span>
          )}
          <div className="la-transcript__content">
            <div className="la-transcript__meta">
              {grouped ? null : <span className="la-transcript__name">{name}</span>}
              <time className="la-transcript__time" dateTime={new Date(message.timestamp).toISOString()}>
                {time}
              </time>
            </div>
            <MessageBody message={message} current={current} t={t} lang={lang} onDownload={onDownload} onKnowledgeOpen={onKnowledgeOpen} />
          </div>
        </div>
      </>
    );
  },
  (a, b) =>
    a.current === b.current &&
    a.lang === b.lang &&
    a.timeFormat === b.timeFormat &&
    a.t === b.t &&
    a.onDownload === b.onDownload &&
    a.onKnowledgeOpen === b.onKnowledgeOpen &&
    sameItem(a.item, b.item),
);

/** The words of a pending line's state. */
const PENDING_STATUS = { sending: 'chat.outbox.sending', sent: 'chat.outbox.sent', failed: 'chat.outbox.notSent' } as const;

/**
 * The visitor's messages still in the outbox: the visitor's bubbles after the server's lines, each with its
 * state in words; a 'Not sent' one has its reason and Retry / Edit buttons below it. They are lines of the
 * log for the arrow keys (never the roving Tab stop: that stays on a server message); the buttons are Tab stops.
 */
const PendingLines = memo(function PendingLines({
  pending,
  t,
  lang,
  timeFormat,
  onRetry,
  onEdit,
}: {
  pending: readonly PendingMessage[];
  t: Translator;
  lang: string;
  timeFormat: TimeFormat;
  onRetry: (id: string, from: HTMLElement) => void;
  onEdit: (id: string) => void;
}) {
  if (!pending.length) return null;
  const name = t.t('chat.transcript.you');
  return (
    <div className="la-transcript__pending">
      {pending.map((line) => {
        const status = t.t(PENDING_STATUS[line.state]);
        const time = formatClock(new Date(line.timestamp), lang, timeFormat);
        const failed = line.state === 'failed';
        return (
          <div key={line.id} className="la-transcript__pending-line">
            <div
              data-item=""
              data-key={`p${line.id}`}
              data-pending={line.id}
              role="article"
              tabIndex={-1}
              className={`la-transcript__item la-transcript__bubble la-transcript__bubble--client la-transcript__bubble--grouped la-transcript__bubble--${line.state}`}
              aria-label={t.t('chat.outbox.label', { name, time, text: line.text, status })}
            >
              <div className="la-transcript__content">
                <div className="la-transcript__meta">
                  <span className="la-transcript__status">{status}</span>
                  <time className="la-transcript__time" dateTime={new Date(line.timestamp).toISOString()}>
                    {time}
                  </time>
                </div>
                <div className="la-transcript__plain">{line.text}</div>
              </div>
            </div>
            {failed ? (
              <div className="la-transcript__delivery">
                {line.error ? <span className="la-transcript__reason">{line.error}</span> : null}
                <button
                  type="button"
                  className="la-button la-transcript__retry"
                  aria-label={t.t('chat.outbox.retryLabel', { text: line.text })}
                  onClick={(event) => onRetry(line.id, event.currentTarget)}
                >
                  {t.t('chat.outbox.retry')}
                </button>
                <button type="button" className="la-button la-transcript__edit" aria-label={t.t('chat.outbox.editLabel', { text: line.text })} onClick={() => onEdit(line.id)}>
                  {t.t('chat.outbox.edit')}
                </button>
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
});

interface ChunkProps {
  items: readonly Item[];
  /** The current line's key when it is in this chunk, else null. */
  currentKey: string | null;
  lang: string;
  timeFormat: TimeFormat;
  t: Translator;
  onDownload: (fileId: string) => void;
  onKnowledgeOpen: (request: KnowledgeOpen, opener: HTMLElement) => void;
}

/**
 * CHUNK consecutive lines in one `content-visibility: auto` box. Chromium tracks every such box with an
 * intersection observation on each frame, which at 5,000 boxes cost more than it saved (about 50 ms a
 * frame); a hundred boxes of fifty lines keep the skipping and drop that cost. Memoised on the lines'
 * fields, so an append renders the last chunk only, and in it (Row is memoised too) the new line only.
 */
const Chunk = memo(
  function Chunk({ items, currentKey, lang, timeFormat, t, onDownload, onKnowledgeOpen }: ChunkProps) {
    return (
      <div className="la-transcript__chunk">
        {items.map((item) => (
          <Row key={item.key} item={item} current={item.key === currentKey} lang={lang} timeFormat={timeFormat} t={t} onDownload={onDownload} onKnowledgeOpen={onKnowledgeOpen} />
        ))}
      </div>
    );
  },
  (a, b) =>
    a.currentKey === b.currentKey &&
    a.lang === b.lang &&
    a.timeFormat === b.timeFormat &&
    a.t === b.t &&
    a.onDownload === b.onDownload &&
    a.onKnowledgeOpen === b.onKnowledgeOpen &&
    a.items.length === b.items.length &&
    a.items.every((item, i) => sameItem(item, b.items[i]!)),
);

/** Messages per content-visibility box. */
const CHUNK = 50;

/**
 * The lines in boxes by server index (messages 0–49, 50–99 …), so a box keeps its lines when history
 * is prepended (new boxes come before it) and only the last box changes when messages are appended.
 * Lines without a message ('Chat Ended') join the box before them.
 */
function chunked(items: readonly Item[]): Array<[string, Item[]]> {
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

const NONE: readonly PendingMessage[] = [];

/** Every message line of the list, in order. */
const lines = (list: Element) => [...list.querySelectorAll<HTMLElement>('[data-item]')];

/** The line `step` lines away from `from` (clamped to the first and last). */
function sibling(list: Element, from: HTMLElement, step: 1 | -1): HTMLElement | null {
  const all = lines(list);
  const at = all.indexOf(from);
  return at < 0 ? null : (all[Math.min(all.length - 1, Math.max(0, at + step))] ?? null);
}

function edge(list: Element, step: 1 | -1): HTMLElement | null {
  return step > 0 ? list.querySelector<HTMLElement>('[data-item]') : (lines(list).at(-1) ?? null);
}

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
  const liveRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const loadButtonFocused = useRef(false);
  /** Following the newest message: the visitor is at the bottom. */
  const stick = useRef(true);
  const previous = useRef<{ first?: number; max: number; ended: boolean; scrollHeight: number; scrollTop: number } | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);
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
    () => buildItems(messages, ended, t, lang, groupingThresholdMs, now()),
    // `today` stands for now(): the labels change only when the day does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [messages, ended, t, lang, groupingThresholdMs, today],
  );
  const currentKey = activeKey !== null && items.some((item) => item.key === activeKey) ? activeKey : (items.at(-1)?.key ?? null);
  const rows = useMemo(
    () =>
      chunked(items).map(([key, slice]) => {
        const current = slice.some((item) => item.key === currentKey) ? currentKey : null;
        return <Chunk key={key} items={slice} currentKey={current} lang={lang} timeFormat={timeFormat} t={t} onDownload={download} onKnowledgeOpen={openKnowledge} />;
      }),
    [items, currentKey, lang, timeFormat, t, download, openKnowledge],
  );

  const announce = useCallback((texts: string[]) => {
    const live = liveRef.current;
    if (!live || texts.length === 0) return;
    for (const text of texts) {
      const entry = document.createElement('p');
      entry.textContent = text;
      live.append(entry);
    }
    while (live.childElementCount > LIVE_ENTRIES) live.firstElementChild?.remove();
  }, []);

  // After each change of the lines: follow the bottom (or keep the place when history was prepended),
  // offer 'New messages' when the visitor reads further up, and announce what is new.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const first = messages[0]?.index;
    const max = messages.reduce((m, message) => Math.max(m, message.index), -Infinity);
    const before = previous.current;
    if (!before || stick.current) {
      scroller.scrollTop = scroller.scrollHeight;
    } else if (first !== undefined && before.first !== undefined && first < before.first && scroller.scrollTop === before.scrollTop) {
      scroller.scrollTop += scroller.scrollHeight - before.scrollHeight;
    }
    if (before) {
      const fresh = items.filter((item) => item.message && item.message.index > before.max && !item.message.restoring);
      const texts = fresh.map((item) => announcement(item, t, lang));
      if (ended && !before.ended) texts.push(t.t('chat.transcript.chatEnded'));
      announce(texts);
      if (!stick.current && (fresh.length > 0 || (ended && !before.ended))) setUnseen(true);
    }
    previous.current = { first, max: Math.max(max, before?.max ?? -Infinity), ended, scrollHeight: scroller.scrollHeight, scrollTop: scroller.scrollTop };
    // `items` changes with `messages` and `ended`; t and lang only relabel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  // A pending message that becomes 'Not sent' is announced once (sending and sent are not: the visitor
  // just sent it, and its server copy is announced when it arrives); new pending lines are followed.
  const failedBefore = useRef<Set<string> | null>(null);
  useLayoutEffect(() => {
    const failed = new Set(pending.filter((line) => line.state === 'failed').map((line) => line.id));
    if (failedBefore.current) {
      announce(pending.filter((line) => line.state === 'failed' && !failedBefore.current!.has(line.id)).map((line) => t.t('chat.outbox.announceNotSent', { text: line.text })));
    }
    failedBefore.current = failed;
    const scroller = scrollerRef.current;
    if (scroller && stick.current) scroller.scrollTop = scroller.scrollHeight;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  // The typing line appearing at the bottom is followed like a message.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller && stick.current) scroller.scrollTop = scroller.scrollHeight;
  }, [typing]);

  // Lines change size after the first paint (content-visibility estimates, fonts, images): keep the bottom.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (!scroller || !list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current) scroller.scrollTop = scroller.scrollHeight;
      if (previous.current) {
        previous.current.scrollHeight = scroller.scrollHeight;
        previous.current.scrollTop = scroller.scrollTop;
      }
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  // Scrolling to the top asks for older messages (asynchronous chats).
  useEffect(() => {
    const scroller = scrollerRef.current;
    const top = topRef.current;
    if (!scroller || !top || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { canLoadHistory: can, historyLoading: loading, onLoadHistory } = latest.current;
        if (entries.some((entry) => entry.isIntersecting) && can && !loading && !stick.current) onLoadHistory?.();
      },
      { root: scroller },
    );
    observer.observe(top);
    return () => observer.disconnect();
  }, []);

  // The connection line is announced as it changes.
  const lastConnection = useRef(connection);
  useEffect(() => {
    if (connection === lastConnection.current) return;
    lastConnection.current = connection;
    if (connection === 'disconnected') announce([t.t('chat.transcript.connectionLost')]);
    if (connection === 'reconnected') announce([t.t('chat.transcript.connectionRestored')]);
  }, [connection, announce, t]);

  // The 'Load earlier messages' button leaves when there is no more history: focus goes to the first message.
  const showLoad = canLoadHistory || historyLoading;
  useLayoutEffect(() => {
    if (showLoad || !loadButtonFocused.current) return;
    loadButtonFocused.current = false;
    (listRef.current && edge(listRef.current, 1))?.focus();
  }, [showLoad]);

  function onScroll() {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    stick.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= BOTTOM_SLACK;
    if (previous.current) {
      previous.current.scrollTop = scroller.scrollTop;
      previous.current.scrollHeight = scroller.scrollHeight;
    }
    if (stick.current && unseen) setUnseen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const item = event.target as HTMLElement;
    const list = listRef.current;
    if (!list || !item.hasAttribute('data-item')) return;
    const next =
      event.key === 'ArrowDown' ? sibling(list, item, 1)
      : event.key === 'ArrowUp' ? sibling(list, item, -1)
      : event.key === 'Home' ? edge(list, 1)
      : event.key === 'End' ? edge(list, -1)
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    next?.focus();
  }

  function onFocus(event: FocusEvent<HTMLDivElement>) {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[data-item]');
    const key = item?.dataset.key;
    if (key && key !== currentKey) setActiveKey(key);
  }

  function jumpToNewest() {
    const scroller = scrollerRef.current;
    const list = listRef.current;
    if (!scroller || !list) return;
    stick.current = true;
    setUnseen(false);
    edge(list, -1)?.focus({ preventScroll: true });
    scroller.scrollTop = scroller.scrollHeight;
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
        className="la-transcript__log"
        role="log"
        aria-live="off"
        aria-label={t.t('chat.transcript.label')}
        aria-busy={historyLoading || undefined}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div ref={topRef} className="la-transcript__top">
          {showLoad ? (
            <button
              type="button"
              className="la-button la-transcript__history"
              aria-disabled={historyLoading || undefined}
              onFocus={() => (loadButtonFocused.current = true)}
              onBlur={() => (loadButtonFocused.current = false)}
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
      <div ref={liveRef} className="la-visually-hidden" aria-live="polite" aria-atomic="false" />
    </div>
  );
}
