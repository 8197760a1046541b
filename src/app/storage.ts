/**
 * Cookies named with the deployment id prefix and set on the parent domain (so www.example.pl and
 * pomoc.example.pl share them) unless asked host-only, and the ready flag in session storage. Storage can be unavailable
 * (privacy modes, sandboxed iframes): every call degrades to a no-op instead of throwing.
 */

/**
 * Candidate cookie domains for a host, shortest first: `www.pomoc.example.com.pl` →
 * `.com.pl`, `.example.com.pl`, `.pomoc.example.com.pl`, `.www.pomoc.example.com.pl`. None for
 * `localhost` or an IP address (host-only cookies there).
 */
export function candidateDomains(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [];
  const parts = hostname.split('.');
  return parts.slice(0, -1).map((_, i) => `.${parts.slice(parts.length - 2 - i).join('.')}`);
}

/** The parent domain cookies are set on: the shortest candidate the browser accepts (a public
 * suffix such as `.com.pl` is refused), found by writing a probe cookie. */
export function parentDomain(doc: Document): string | undefined {
  for (const domain of candidateDomains(doc.location?.hostname ?? '')) {
    try {
      doc.cookie = `la_probe=1; path=/; domain=${domain}; SameSite=Lax`;
      if (doc.cookie.split('; ').includes('la_probe=1')) {
        doc.cookie = `la_probe=; path=/; domain=${domain}; max-age=0`;
        return domain;
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * `hostOnly`: a cookie no other host may set or read — for state that decides what runs on the page
 * (the developer console's open flag). Any sibling subdomain can set a cookie on the parent domain, so
 * such a cookie has no Domain attribute and, on https, the `__Host-` name prefix, which the browser
 * refuses from any other host (and requires Secure, path=/ and no Domain). Reading it ignores a
 * parent-domain cookie of the same name there; removing it also expires a parent-domain one.
 */
export interface CookieOptions {
  hostOnly?: boolean;
}

export interface CookieJar {
  get(name: string, options?: CookieOptions): string | undefined;
  /**
   * `get` without blocking the page, for the boot: a `document.cookie` read is a synchronous call to the
   * browser's network process (1–60 ms while the page's fetches keep it busy); the Cookie Store API asks
   * the same asynchronously. Where the browser has no `cookieStore` (or it fails), `get`.
   */
  read(name: string, options?: CookieOptions): Promise<string | undefined>;
  set(name: string, value: string, options?: CookieOptions & { maxAgeSeconds?: number }): void;
  remove(name: string, options?: CookieOptions): void;
}

export function createCookieJar(doc: Document, prefix: string): CookieJar {
  const https = () => doc.location?.protocol === 'https:';
  const full = (name: string, hostOnly?: boolean) => `${hostOnly && https() ? '__Host-' : ''}${encodeURIComponent(`${prefix}_${name}`)}`;
  let domain: string | undefined | null = null;
  const write = (name: string, value: string, maxAge?: number, hostOnly?: boolean) => {
    if (!hostOnly && domain === null) domain = parentDomain(doc);
    try {
      doc.cookie = `${full(name, hostOnly)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${domain && !hostOnly ? `; domain=${domain}` : ''}${
        maxAge === undefined ? '' : `; max-age=${maxAge}`
      }${https() ? '; Secure' : ''}`;
    } catch {
      /* cookies disabled */
    }
  };
  return {
    get(name, options) {
      let cookies = '';
      try {
        cookies = doc.cookie;
      } catch {
        return undefined;
      }
      const key = `${full(name, options?.hostOnly)}=`;
      const found = cookies.split('; ').find((pair) => pair.startsWith(key));
      return found === undefined ? undefined : decodeURIComponent(found.slice(key.length));
    },
    read(name, options) {
      const store = (doc.defaultView as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } } | null)?.cookieStore;
      return store
        ? store.get(full(name, options?.hostOnly)).then(
            (cookie) => (cookie ? decodeURIComponent(cookie.value) : undefined),
            () => this.get(name, options),
          )
        : Promise.resolve(this.get(name, options));
    },
    set: (name, value, options) => write(name, value, options?.maxAgeSeconds, options?.hostOnly),
    remove(name, options) {
      write(name, '', 0, options?.hostOnly);
      // A parent-domain cookie of the same name (an earlier version's, or one a sibling host planted).
      if (options?.hostOnly) write(name, '', 0);
    },
  };
}

/** Sets (or clears) a flag in session storage; nothing when it is unavailable. */
export function setSessionFlag(win: Window, key: string, value: boolean): void {
  try {
    if (value) win.sessionStorage.setItem(key, '1');
    else win.sessionStorage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

/** A flag in session storage (the app sets `<deploymentID>_ready` with `setSessionFlag`). */
export function sessionFlag(win: Window, key: string): { get(): boolean; set(value: boolean): void } {
  return {
    get() {
      try {
        return win.sessionStorage.getItem(key) === '1';
      } catch {
        return false;
      }
    },
    set: (value) => setSessionFlag(win, key, value),
  };
}
