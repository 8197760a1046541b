/**
 * jQuery 3 writes HTML strings into `innerHTML` (its start-up checks, `$('<div>…')`, `.html()`), which a
 * page that requires Trusted Types refuses. Widgets extensions need it, so before jQuery loads the layer
 * makes the page's `default` policy, if the page has none and its CSP allows that name. Every HTML string
 * that reaches a sink without a policy of its own then goes through `cleanMarkup`: parsed inert in a
 * template, and stripped of what can run (script-like elements, `on*` handlers, `javascript:` and other
 * script URLs, `srcdoc`) while keeping what jQuery and extensions build (forms, inputs, classes, ids). A
 * page without Trusted Types never calls it.
 */

interface TrustedTypesLike {
  defaultPolicy?: unknown;
  createPolicy(name: string, rules: { createHTML(html: string): string }): unknown;
}

/** Elements dropped with their content: they run code, load documents or restyle the page. */
const DROP = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'meta', 'link', 'style', 'noscript', 'portal']);
/** Attributes that hold a URL the browser may follow or load. */
const URLS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'cite', 'data', 'ping']);
/** A URL that runs script or renders markup of its own. */
const SCRIPT_URL = /^(?:javascript|vbscript|data(?!:image\/(?:png|gif|jpe?g|webp);))/i;

/** Removes what can run from a parsed tree, in place. */
function clean(root: ParentNode): void {
  for (const element of [...root.querySelectorAll('*')]) {
    if (DROP.has(element.localName)) {
      element.remove();
      continue;
    }
    for (const { name, value } of [...element.attributes]) {
      // Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`).
      // eslint-disable-next-line no-control-regex -- those are the characters to remove
      const url = value.replace(/[\u0000-\u0020\u007f]/g, '');
      if (/^on/i.test(name) || name === 'srcdoc' || (URLS.has(name) && SCRIPT_URL.test(url))) element.removeAttribute(name);
    }
  }
}

let cleaning = false;

/**
 * `html` without what can run, as markup. The string is parsed in a template (inert: nothing runs or
 * loads); that one assignment is the policy's own and passes through unchanged, so it is not cleaned twice.
 */
export function cleanMarkup(html: string, doc: Document = document): string {
  if (cleaning) return html;
  cleaning = true;
  try {
    const template = doc.createElement('template');
    template.innerHTML = html;
    clean(template.content);
    return template.innerHTML;
  } finally {
    cleaning = false;
  }
}

/**
 * Makes the `default` policy for jQuery's HTML (see above). Answers whether the page has one now; false
 * where the CSP does not allow the name (the extensions then cannot run there: the caller says so).
 */
export function defaultPolicyForJQuery(win: Window): boolean {
  const trustedTypes = (win as unknown as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (!trustedTypes) return true;
  if (trustedTypes.defaultPolicy) return true;
  try {
    trustedTypes.createPolicy('default', { createHTML: (html) => cleanMarkup(html, win.document) });
    return true;
  } catch {
    return false;
  }
}
