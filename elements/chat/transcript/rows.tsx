/**
 * The log's lines (the transcript's rendering elements): a message's bubble with avatar, name, time and
 * body (text with links, sanitised HTML, a file with its Download button, a pushed URL, a knowledge
 * assistant's bubble), a system line, the visitor's pending lines, and the boxes that hold them.
 * Links and buttons inside a line are Tab stops only in the current line (the roving one, focus.ts).
 * Rows and boxes are `memo` components compared on the items' fields, so an appended message renders one
 * new row and an unrelated re-render of the transcript renders none.
 */
import { lazy, memo, Suspense, useMemo, type ReactNode } from 'react';
import type { Translator } from '../../../src/app/i18n.ts';
import { formatClock, type TimeFormat } from '../../../src/app/clock.ts';
import { httpUrl } from '../../../src/app/urls.ts';
import type { TranscriptMessage } from '../../../src/plugins/webchat-service/webchat-service.api.ts';
import type { PendingMessage } from '../../../src/plugins/webchat/webchat.ts';
import { isKnowledgeMessage } from '../../../machines/chat-knowledge.ts';
import { SafeHtml } from '../../common/safe-html.tsx';
import { linkify } from '../linkify.ts';
import { KnowledgeBody, type KnowledgeOpen } from '../knowledge-bubble.tsx';
import { fileOf, fileSize, plainText, sameItem, senderName, shortFileName, type Item, type Sender } from './items.ts';

/** Genesys Widgets' classes of a bubble by its sender, for a site's stylesheet (docs/genesys/styling.md). */
const CX_SENDER: Record<Sender, string> = {
  agent: 'cx-message cx-agent',
  client: 'cx-message cx-user',
  bot: 'cx-message cx-bot',
  supervisor: 'cx-message cx-agent cx-supervisor',
  knowledge: 'cx-message cx-bot cx-knowledge',
};

// Its own chunk, fetched when the first structured message is drawn.
const RichMessage = lazy(() => import('../rich/rich.tsx'));

const isWebLink = (href: string): boolean => httpUrl(href, null) !== undefined;

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
  answered,
  t,
  lang,
  onDownload,
  onKnowledgeOpen,
}: {
  message: TranscriptMessage;
  current: boolean;
  answered?: boolean;
  t: Translator;
  lang: string;
  onDownload: (fileId: string) => void;
  onKnowledgeOpen: (request: KnowledgeOpen, opener: HTMLElement) => void;
}) {
  if (message.rich)
    return (
      <Suspense fallback={<PlainText text={message.text} tabbable={current} />}>
        <RichMessage message={message} answered={!!answered} t={t} />
      </Suspense>
    );
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
  return message.html ? (
    <SafeHtml html={message.text} className="la-transcript__html" tabbable={current} />
  ) : (
    <PlainText text={message.text} tabbable={current} />
  );
}

/**
 * One line of the log (with its date separator). Memoised: its props are the item built for it, which
 * is rebuilt only when the message list changes, so comparing the item's fields decides.
 */
const Row = memo(
  function Row({ item, current, lang, timeFormat, t, onDownload, onKnowledgeOpen }: RowProps) {
    const separator =
      item.separator === null ? null : (
        <div className="la-transcript__date">
          <span>{item.separator}</span>
        </div>
      );
    const common = { 'data-item': '', 'data-key': item.key, role: 'article', tabIndex: current ? 0 : -1 } as const;
    if (item.system !== undefined || !item.message) {
      return (
        <>
          {separator}
          <div {...common} className="la-transcript__item la-transcript__system cx-message cx-system" aria-label={item.system}>
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
          className={`la-transcript__item la-transcript__bubble la-transcript__bubble--${sender}${grouped ? ' la-transcript__bubble--grouped' : ''}${sender ? ` ${CX_SENDER[sender]}` : ''}`}
          aria-label={label}
        >
          {grouped ? null : (
            <span className="la-transcript__avatar cx-avatar" aria-hidden="true">
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
            <MessageBody
              message={message}
              current={current}
              answered={item.answered}
              t={t}
              lang={lang}
              onDownload={onDownload}
              onKnowledgeOpen={onKnowledgeOpen}
            />
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
export const PendingLines = memo(function PendingLines({
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
              className={`la-transcript__item la-transcript__bubble la-transcript__bubble--client la-transcript__bubble--grouped la-transcript__bubble--${line.state} cx-message cx-user`}
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
                <button
                  type="button"
                  className="la-button la-transcript__edit"
                  aria-label={t.t('chat.outbox.editLabel', { text: line.text })}
                  onClick={() => onEdit(line.id)}
                >
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
 * One box of consecutive lines (history.ts `chunked`): a `content-visibility: auto` box. Chromium tracks every such box with an
 * intersection observation on each frame, which at 5,000 boxes cost more than it saved (about 50 ms a
 * frame); a hundred boxes of fifty lines keep the skipping and drop that cost. Memoised on the lines'
 * fields, so an append renders the last chunk only, and in it (Row is memoised too) the new line only.
 */
export const Chunk = memo(
  function Chunk({ items, currentKey, lang, timeFormat, t, onDownload, onKnowledgeOpen }: ChunkProps) {
    return (
      <div className="la-transcript__chunk">
        {items.map((item) => (
          <Row
            key={item.key}
            item={item}
            current={item.key === currentKey}
            lang={lang}
            timeFormat={timeFormat}
            t={t}
            onDownload={onDownload}
            onKnowledgeOpen={onKnowledgeOpen}
          />
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
