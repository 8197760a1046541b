/**
 * Cookies named with the deployment id prefix and set on the parent domain (so www.example.pl and
 * pomoc.example.pl share them), and the ready flag in session storage. Storage can be unavailable
 * (privacy modes, sandboxed iframes): every call degrades to a no-op instead of throwing.
 */

/** `www.pomoc.example.pl` → `.example.pl`; an IP address or `localhost` stays as it is (host-only). */
export function parentDomain(hostname: string): string | undefined {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  const parts = hostname.split('.');
  return parts.length <= 2 ? `.${hostname}` : `.${parts.slice(-2).join('.')}`;
}

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: { maxAgeSeconds?: number }): void;
  remove(name: string): void;
}

export function createCookieJar(doc: Document, prefix: string): CookieJar {
  const full = (name: string) => encodeURIComponent(`${prefix}_${name}`);
  const domain = parentDomain(doc.location?.hostname ?? '');
  const write = (name: string, value: string, maxAge?: number) => {
    const parts = [`${full(name)}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
    if (domain) parts.push(`domain=${domain}`);
    if (maxAge !== undefined) parts.push(`max-age=${maxAge}`);
    if (doc.location?.protocol === 'https:') parts.push('Secure');
    try {
      doc.cookie = parts.join('; ');
    } catch {
      /* cookies disabled */
    }
  };
  return {
    get(name) {
      let cookies = '';
      try {
        cookies = doc.cookie;
      } catch {
        return undefined;
      }
      const key = `${full(name)}=`;
      const found = cookies.split('; ').find((pair) => pair.startsWith(key));
      return found === undefined ? undefined : decodeURIComponent(found.slice(key.length));
    },
    set: (name, value, options) => write(name, value, options?.maxAgeSeconds),
    remove: (name) => write(name, '', 0),
  };
}

export function sessionFlag(win: Window, key: string): { get(): boolean; set(value: boolean): void } {
  return {
    get() {
      try {
        return win.sessionStorage.getItem(key) === '1';
      } catch {
        return false;
      }
    },
    set(value) {
      try {
        if (value) win.sessionStorage.setItem(key, '1');
        else win.sessionStorage.removeItem(key);
      } catch {
        /* storage unavailable */
      }
    },
  };
}
