/**
 * Plain-text transcript messages with their web addresses and e-mail addresses made into links, by
 * linkifyjs (a well-kept library: it knows the top-level domains, trailing punctuation and brackets,
 * which a hand-written pattern gets wrong). The text is split into parts for React to render: never
 * HTML, so nothing the sender typed can become markup. Only http(s) and mailto links are made; a
 * bare `www.` address gets https.
 */
import { find } from 'linkifyjs';

/** A run of text, or a link with the text it shows and where it leads. */
export type TextPart = string | { text: string; href: string };

const SCHEMES = /^(?:https?:|mailto:)/i;

/** The text split into plain runs and links, in order; the text unchanged when it has no address. */
export function linkify(text: string): TextPart[] {
  if (!text) return [];
  const found = find(text, { defaultProtocol: 'https' });
  if (found.length === 0) return [text];
  const parts: TextPart[] = [];
  let at = 0;
  for (const link of found) {
    if (!link.isLink || !SCHEMES.test(link.href)) continue;
    if (link.start > at) parts.push(text.slice(at, link.start));
    parts.push({ text: link.value, href: link.href });
    at = link.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
