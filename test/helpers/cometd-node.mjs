// The official CometD JavaScript client (npm `cometd`) is written for browsers: it reads `window`
// (timers, console, WebSocket) and sends long-polling requests with `window.XMLHttpRequest`. Node 20
// has fetch but no XMLHttpRequest, so the Node tests give it this small one over fetch — the client's
// own code runs unchanged against the demo's Bayeux server. Not a test file.

/**
 * Cookies by origin, as a browser keeps them for `withCredentials` requests: the CometD Node server finds
 * a client's session through its BAYEUX_BROWSER cookie.
 * @type {Map<string, Map<string, string>>}
 */
const jar = new Map();

/** The part of XMLHttpRequest the CometD long-polling transport uses, over fetch, with a cookie jar. */
export class FetchXMLHttpRequest {
  readyState = 0;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  /** @type {null | (() => void)} */ onload = null;
  /** @type {null | (() => void)} */ onerror = null;
  /** @type {null | (() => void)} */ onabort = null;
  #method = 'GET';
  #url = '';
  /** @type {Record<string, string>} */ #headers = {};
  #controller = new AbortController();
  #responseHeaders = new Headers();

  open(method, url) {
    this.#method = method;
    this.#url = url;
    this.readyState = 1;
  }

  setRequestHeader(name, value) {
    this.#headers[name] = value;
  }

  getResponseHeader(name) {
    return this.#responseHeaders.get(name);
  }

  send(body) {
    const origin = new URL(this.#url).origin;
    const cookies = jar.get(origin) ?? new Map();
    jar.set(origin, cookies);
    const headers = { ...this.#headers };
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    fetch(this.#url, { method: this.#method, headers, body, signal: this.#controller.signal }).then(
      async (response) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const at = pair.indexOf('=');
          if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
        }
        this.#responseHeaders = response.headers;
        this.responseText = await response.text();
        this.status = response.status;
        this.statusText = response.statusText;
        this.readyState = 4;
        this.onload?.();
      },
      () => {
        this.readyState = 4;
        if (this.#controller.signal.aborted) this.onabort?.();
        else this.onerror?.();
      },
    );
  }

  abort() {
    this.#controller.abort();
  }
}

/** Installs a `window` for the CometD client (idempotent); returns it. */
export function installCometdWindow() {
  const g = /** @type {any} */ (globalThis);
  if (!g.window) g.window = g;
  g.window.XMLHttpRequest ??= FetchXMLHttpRequest;
  return g.window;
}
