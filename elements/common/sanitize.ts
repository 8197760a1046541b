/**
 * Allow-list HTML sanitiser for content that is not ours (overlay HTML, offers, agent messages,
 * knowledge articles). The string is parsed inertly (DOMParser runs nothing); then every element
 * outside the allow-list is dropped (its text kept for harmless wrappers, removed with its content
 * for script-like ones), every attribute outside the allow-list is removed — so no `on*` handler,
 * no `style`, no `srcdoc` — and links keep only http(s), mailto and tel URLs and relative ones that
 * stay on the page's origin (anything else, `javascript:` and `/\evil.example` included, becomes a
 * harmless placeholder). The string reaches DOMParser (a Trusted Types sink) through our policy
 * 'live-assist' (trusted-types.ts); where the page forbids that policy, the content is shown as text.
 */
import { htmlPolicy } from './trusted-types.ts';

const KEEP = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'dd',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
/** Removed together with everything inside them. */
const DROP = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'link',
  'meta',
  'base',
  'frame',
  'frameset',
]);
const ATTRIBUTES: Record<string, readonly string[]> = {
  '*': ['title', 'lang', 'dir'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
};
const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const SAFE_IMAGE = /^(?:https?:|data:image\/(?:png|gif|jpeg|webp);)/i;
export const PLACEHOLDER_URL = '#';

/**
 * Whether a link may stay: an absolute http(s), mailto or tel URL, or a relative one that resolves
 * to the page's own origin. Parsed the way the browser will follow it (backslashes count as slashes,
 * tabs and newlines are dropped), so `/\\evil.example` or `/<tab>/evil.example`, which look
 * relative, are caught going off-site.
 */
export function isSafeLink(href: string): boolean {
  const absolute = parseUrl(href);
  if (absolute) return LINK_SCHEMES.has(absolute.protocol);
  return parseUrl(href, document.baseURI)?.origin === new URL(document.baseURI).origin;
}

/** The URL as the browser reads it, or null when it does not parse. */
function parseUrl(href: string, base?: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

function clean(node: Node, doc: Document): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove();
      continue;
    }
    const element = child as Element;
    const tag = element.localName;
    if (DROP.has(tag)) {
      element.remove();
      continue;
    }
    clean(element, doc);
    if (!KEEP.has(tag)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    const allowed = [...ATTRIBUTES['*']!, ...(ATTRIBUTES[tag] ?? [])];
    for (const { name } of [...element.attributes]) {
      if (!allowed.includes(name)) element.removeAttribute(name);
    }
    if (tag === 'a') {
      const href = (element.getAttribute('href') ?? '').trim();
      if (!isSafeLink(href)) element.setAttribute('href', PLACEHOLDER_URL);
      element.setAttribute('rel', 'noopener noreferrer');
      if (element.getAttribute('target') !== '_self') element.setAttribute('target', '_blank');
    }
    if (tag === 'img' && !SAFE_IMAGE.test((element.getAttribute('src') ?? '').trim())) element.remove();
  }
  void doc;
}

/**
 * Sanitised nodes for an HTML string, ready to append to a live document; a single text node (the
 * string without its tags, never markup) when the page forbids our Trusted Types policy.
 */
export function sanitizeHtml(html: string): Node[] {
  const policy = htmlPolicy();
  if (!policy) return [document.createTextNode(html.replace(/<[^>]*>/g, ''))];
  const doc = new DOMParser().parseFromString(policy.createHTML(`<body>${html}</body>`), 'text/html');
  clean(doc.body, doc);
  return [...doc.body.childNodes];
}
