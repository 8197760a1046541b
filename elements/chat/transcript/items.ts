/**
 * The transcript's display items, built from the messages: which messages show as a bubble, which as a
 * system line and which not at all; grouping of one sender's consecutive bubbles; date separators; and
 * the plain words of a message (its accessible label and its live-region entry). Pure: no React, no
 * state, only the translator and the language passed in.
 *
 * IdleAlert is not an item (the window's idle overlay shows it with its countdown); IdleClose is kept as
 * a system line, a lasting record of why the chat closed. TypingStarted / TypingStopped / CustomNotice /
 * NicknameUpdated / FileDeleted are not items.
 */
import type { TranscriptMessage } from '../../../src/plugins/webchat-service/webchat-service.api.ts';
import type { Translator } from '../../../src/app/i18n.ts';
import { formatDay } from '../../../src/app/clock.ts';
import { formatSize, shortFileName } from '../../../src/app/bytes.ts';
import { sanitizeHtml } from '../../common/sanitize.ts';
import { isKnowledgeMessage } from '../../../machines/chat-knowledge.ts';
import { isVisitor } from '../../../src/app/participants.ts';

export { shortFileName };

/** Spec §9: message grouping threshold. */
export const GROUPING_THRESHOLD_MS = 100000;
/** The key of the 'Chat Ended' line, the one item without a message. */
export const ENDED_KEY = 'ended';

export type Sender = 'agent' | 'client' | 'bot' | 'supervisor' | 'knowledge';

/** One rendered line of the log: a bubble for a message, or a system line. */
export interface Item {
  key: string;
  message?: TranscriptMessage;
  /** System lines: the text shown (translated). Bubbles: undefined. */
  system?: string;
  sender?: Sender;
  grouped: boolean;
  /** The date label shown above this item when its day differs from the previous item's. */
  separator: string | null;
  /** A structured message the visitor has spoken after: its quick replies are spent. */
  answered?: boolean;
}

const SENDERS: Partial<Record<TranscriptMessage['from']['type'], Sender>> = {
  Agent: 'agent',
  Client: 'client',
  Bot: 'bot',
  Supervisor: 'supervisor',
};

/** The sender's name, or the spec's default name for its type (Agent, Bot, Supervisor; the visitor: You). */
export function senderName(message: TranscriptMessage, t: Translator): string {
  if (isKnowledgeMessage(message)) return t.t('chat.knowledge.name');
  const name = message.from.name?.trim();
  if (name) return name;
  const type = SENDERS[message.from.type] ?? 'agent';
  return t.t(`chat.transcript.${type === 'client' ? 'you' : type}`);
}

/** A local calendar day as a comparable number. */
export function dayKey(epochMs: number): number {
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
      // A structured message that could not be read and has no text: a short notice, never a blank line.
      if (!message.rich && !message.text.trim() && message.type === 'Structured') return { system: t.t('chat.rich.unreadable') };
      if (!sender) return message.text.trim() ? { system: message.text } : null;
      return { bubble: true };
    case 'Notice':
    case 'IdleClose':
      return message.text.trim() ? { system: message.text } : null;
    case 'ParticipantJoined':
      if (isVisitor(message.from.type)) return firstClientJoin ? { system: t.t('chat.transcript.chatStarted') } : null;
      return sender ? { system: t.t('chat.transcript.joined', { name: senderName(message, t) }) } : null;
    case 'ParticipantLeft':
      return sender && sender !== 'client' ? { system: t.t('chat.transcript.left', { name: senderName(message, t) }) } : null;
    default:
      return null;
  }
}

/**
 * The rendered lines for the messages: classification, grouping and date separators. `spoke`: the visitor
 * has messages on their way, so every structured message so far is answered.
 */
export function buildItems(
  messages: readonly TranscriptMessage[],
  ended: boolean,
  t: Translator,
  lang: string,
  threshold: number,
  now: number,
  spoke = false,
): Item[] {
  const items: Item[] = [];
  const today = dayKey(now);
  let clientJoined = false;
  let previous: { day: number; bubble?: TranscriptMessage } | null = null;
  for (const message of messages) {
    const firstClientJoin = message.type === 'ParticipantJoined' && isVisitor(message.from.type) && !clientJoined;
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
  for (let i = items.length; i--;) {
    const message = items[i]!.message;
    if (message?.rich && spoke) items[i]!.answered = true;
    else if (message?.from.type === 'Client' && message.type === 'Message') spoke = true;
  }
  return items;
}

/** The items of messages after index `after` that arrived live (restored ones are not new to the visitor). */
export const freshItems = (items: readonly Item[], after: number): Item[] =>
  items.filter((item) => item.message && item.message.index > after && !item.message.restoring);

/** Two builds of one line show the same thing. */
export const sameItem = (a: Item, b: Item) =>
  a.key === b.key && a.message === b.message && a.system === b.system && a.grouped === b.grouped && a.separator === b.separator && a.answered === b.answered;

/** The file bubble's parts from its user data. */
export function fileOf(message: TranscriptMessage): { id: string; name: string; size: number | null } {
  const data = message.userData ?? {};
  const size = Number(data['file-size']);
  return { id: data['file-id'] ?? '', name: data['file-name'] ?? message.text, size: data['file-size'] !== undefined && Number.isFinite(size) ? size : null };
}

export function fileSize(bytes: number, t: Translator, lang: string): string {
  return formatSize(bytes, lang, (unit) => t.t(`sendmessage.size.${unit}`));
}

/** A message's text as plain words: for the accessible label and the live region. */
export function plainText(message: TranscriptMessage, t: Translator, lang: string): string {
  if (message.type === 'FileUploaded') {
    const file = fileOf(message);
    return t.t('chat.transcript.fileLabel', { name: file.name, size: file.size === null ? '' : fileSize(file.size, t, lang) });
  }
  // A structured message: its words and how many choices (or cards, items) it offers, said once.
  if (message.rich) return t.plural('chat.rich.summary', message.rich.content.length, { text: message.text });
  if (message.html)
    return sanitizeHtml(message.text)
      .map((node) => node.textContent ?? '')
      .join('')
      .trim();
  return message.text;
}

/** What the live region says of a new line. */
export function announcement(item: Item, t: Translator, lang: string): string {
  if (item.system !== undefined || !item.message) return item.system ?? '';
  return t.t('chat.transcript.announce', { name: senderName(item.message, t), text: plainText(item.message, t, lang) });
}
