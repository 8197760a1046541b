/**
 * File names and sizes as people read them, shared by the chat service's messages and the views
 * (send-message's attachments, the chat's file bubbles): pure text, no DOM, no network.
 */

/** Size units, 1024 apart (contact-widgets.md §9: 'Bytes, KB, MB, GB, TB with one decimal'). */
export const SIZE_UNITS = ['bytes', 'kb', 'mb', 'gb', 'tb'] as const;
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** The units' English names, for messages that are not translated (the spec's error texts). */
const ENGLISH_UNITS: Record<SizeUnit, string> = { bytes: 'bytes', kb: 'KB', mb: 'MB', gb: 'GB', tb: 'TB' };

/**
 * A byte count in the largest unit (1 KB = 1024 bytes) that keeps the number at least 1, whole bytes and
 * one decimal above ('500 bytes', '1.5 KB', '5.0 MB'), in `lang`'s digits; `unit` names the unit in that
 * language (English names by default).
 */
export function formatSize(bytes: number, lang = 'en', unit: (key: SizeUnit) => string = (key) => ENGLISH_UNITS[key]): string {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < SIZE_UNITS.length - 1) {
    value /= 1024;
    index += 1;
  }
  const digits = index === 0 ? 0 : 1;
  const number = new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  return `${number} ${unit(SIZE_UNITS[index]!)}`;
}

/** Longest file name shown whole (web-chat.md §5); longer ones keep their first 16 and last 5 characters. */
export const MAX_SHOWN_FILE_NAME = 36;

/** A file name as the chat shows it: over 36 characters (code points), the first 16 + '…' + the last 5. */
export function shortFileName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_SHOWN_FILE_NAME) return name;
  return `${chars.slice(0, 16).join('')}…${chars.slice(-5).join('')}`;
}
