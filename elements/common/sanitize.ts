/**
 * Allow-list HTML sanitiser for content that is not ours (overlay HTML, offers, agent messages,
 * knowledge articles). The string is parsed inertly (DOMParser runs nothing); then every element
 * outside the allow-list is dropped (its text kept for harmless wrappers, removed with its content
 * for script-like ones), every attribute outside the allow-list is removed — so no `on*` handler,
 * no `style`, no `srcdoc` — and links keep only http(s), mailto and tel URLs (anything else,
 * `javascript:` included, becomes a harmless placeholder).
 */
const KEEP = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'dd', 'div', 'dl', 'dt', 'em', 'figcaption',
  'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre', 'q', 's', 'small',
  'span', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
]);
/** Removed together with everything inside them. */
const DROP = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'svg', 'math', 'form', 'input', 'button', 'select', 'textarea', 'link', 'meta', 'base', 'frame', 'frameset']);
const ATTRIBUTES: Record<string, readonly string[]> = {
  '*': ['title', 'lang', 'dir'],
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
};
const SAFE_LINK = /^(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{0,2}\/)/i;
const SAFE_IMAGE = /^(?:https?:|data:image\/(?:png|gif|jpeg|webp);)/i;
export const PLACEHOLDER_URL = '#';

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
      if (!SAFE_LINK.test(href)) element.setAttribute('href', PLACEHOLDER_URL);
      element.setAttribute('rel', 'noopener noreferrer');
      if (element.getAttribute('target') !== '_self') element.setAttribute('target', '_blank');
    }
    if (tag === 'img' && !SAFE_IMAGE.test((element.getAttribute('src') ?? '').trim())) element.remove();
  }
  void doc;
}

/** Sanitised nodes for an HTML string, ready to append to a live document. */
export function sanitizeHtml(html: string): Node[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body, doc);
  return [...doc.body.childNodes];
}
