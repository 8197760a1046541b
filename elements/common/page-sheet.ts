/**
 * `main.customStylesheetID` (a chunk of its own, fetched by elements/common/parts.ts on a page that names one): the rules of a `<style>` or `<link rel="stylesheet">` of the page, copied into
 * one constructable sheet that every element adopts after its own (so the site's rules win). A copy, not
 * the element itself: a shadow root adopts only constructed sheets, and `replaceSync` injects no `<style>`
 * and no inline style, so a strict Content-Security-Policy with Trusted Types keeps working. One sheet per
 * page, shared by every shadow root: read again when the page changes the element (new rules in a
 * `<style>`, a `<link>` that loads again), which restyles every widget at once.
 */

/** The page's sheet by document and id: made once, whatever the number of elements. */
const made = new WeakMap<Document, Map<string, CSSStyleSheet>>();

const say = (message: string) => console.warn(`[live-assist] main.customStylesheetID: ${message}`);

/** The text of `sheet`'s rules, `@import`ed sheets inlined (a constructed sheet ignores `@import`); throws SecurityError on a cross-origin sheet read without CORS. */
function textOf(sheet: CSSStyleSheet, depth = 0): string {
  const text = [...sheet.cssRules]
    .map((rule) => {
      if (!(rule instanceof CSSImportRule)) return rule.cssText;
      const imported = rule.styleSheet && depth < 4 ? textOf(rule.styleSheet, depth + 1) : '';
      const media = rule.media.mediaText;
      return media ? `@media ${media} {\n${imported}\n}` : imported;
    })
    .join('\n');
  const media = sheet.media.mediaText;
  return media && depth === 0 ? `@media ${media} {\n${text}\n}` : text;
}

/**
 * The page's sheet named `id` in `doc`, as the one constructed sheet every element adopts last (empty until
 * the page's element is found and loaded: a `<link>` that has not loaded yet is read on its `load`, an
 * element that comes later in the document once it is parsed). A missing element, or one that cannot
 * be read (a cross-origin stylesheet served without CORS), is said once in the console; the widgets
 * keep their own looks.
 */
export function pageSheet(doc: Document, id: string | undefined): readonly CSSStyleSheet[] {
  if (!id) return [];
  let byId = made.get(doc);
  if (!byId) made.set(doc, (byId = new Map()));
  const existing = byId.get(id);
  if (existing) return [existing];
  const copy = new CSSStyleSheet();
  byId.set(id, copy);
  const said = new Set<string>();
  const once = (key: string, message: string) => {
    if (!said.has(key)) say(message);
    said.add(key);
  };
  const read = (element: HTMLStyleElement | HTMLLinkElement) => {
    const sheet = element.sheet;
    if (!sheet) return; // a <link> still loading: read on its load
    try {
      copy.replaceSync(textOf(sheet));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'SecurityError') {
        once(
          'origin',
          `the stylesheet #${id} cannot be read: it must be same-origin, or served with CORS (Access-Control-Allow-Origin) and linked with crossorigin`,
        );
      } else once('read', `the stylesheet #${id} could not be read (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  const find = () => {
    const element = doc.getElementById(id);
    const isLink = element instanceof HTMLLinkElement && element.relList.contains('stylesheet');
    if (!(element instanceof HTMLStyleElement) && !isLink) {
      once('missing', element ? `#${id} is a <${element.localName}>, not a <style> or <link rel="stylesheet">` : `no element of the page has the id ${id}`);
      return;
    }
    read(element);
    // Kept in step with the page's element: its rules rewritten (a <style>), or its file loaded again (a <link>).
    if (isLink) {
      element.addEventListener('load', () => read(element));
      element.addEventListener('error', () => once('load', `the stylesheet #${id} (${element.href}) did not load`));
    } else {
      new MutationObserver(() => read(element)).observe(element, { childList: true, characterData: true, subtree: true });
    }
  };
  if (doc.readyState === 'loading' && !doc.getElementById(id)) doc.addEventListener('DOMContentLoaded', find, { once: true });
  else find();
  return [copy];
}
