// `webchat.async.getSessionData` / `setSessionData` the Widgets way round. In Widgets, getSessionData is
// handed the session to store (`(sessionData, Cookie, CookieOptions)`) and setSessionData returns what
// was stored (`(Open, Cookie, CookieOptions)`, often the JSON string); ours are named from our side:
// getSessionData reads the stored session, setSessionData stores one (null when the chat ends).
import { isRecord } from '../app/records.ts';

export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: Record<string, unknown>): void;
  remove(name: string, options?: Record<string, unknown>): void;
}

/** `document.cookie` as the small Cookie object Widgets hands these functions (`main.cookieOptions` as defaults). */
export function documentCookies(defaults: Record<string, unknown> = {}, doc: { cookie: string } | undefined = globalThis.document): CookieJar {
  const attributes = (options: Record<string, unknown>) => {
    const { path = '/', domain, secure, lifetime, expires } = { ...defaults, ...options };
    const parts = [`path=${String(path)}`];
    if (typeof domain === 'string' && domain) parts.push(`domain=${domain}`);
    if (secure === true) parts.push('secure');
    // Widgets' `lifetime` is in seconds.
    if (typeof lifetime === 'number') parts.push(`max-age=${Math.round(lifetime)}`);
    else if (expires instanceof Date) parts.push(`expires=${expires.toUTCString()}`);
    return parts.join('; ');
  };
  return {
    get: (name) => {
      const wanted = `${encodeURIComponent(String(name))}=`;
      const found = doc?.cookie.split(/;\s*/).find((pair) => pair.startsWith(wanted));
      if (found === undefined) return undefined;
      // A value some other script wrote without encoding it is read as it is.
      try {
        return decodeURIComponent(found.slice(wanted.length));
      } catch {
        return found.slice(wanted.length);
      }
    },
    set: (name, value, options = {}) => {
      if (doc) doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${attributes(options)}`;
    },
    remove: (name, options = {}) => {
      if (doc) doc.cookie = `${encodeURIComponent(name)}=; ${attributes({ ...options, lifetime: 0 })}`;
    },
  };
}

type Fn = (...args: unknown[]) => unknown;

/** The section's `async` with the two functions turned our way round; other options as they were. */
export function adaptSessionFunctions(
  async: Record<string, unknown>,
  cookieOptions: Record<string, unknown> = {},
  cookies = documentCookies(cookieOptions),
): void {
  const store = async.getSessionData;
  const restore = async.setSessionData;
  if (typeof store === 'function') async.setSessionData = (data: unknown) => (store as Fn)(data, cookies, cookieOptions);
  else delete async.setSessionData;
  if (typeof restore === 'function') {
    async.getSessionData = () => {
      const stored = (restore as Fn)(true, cookies, cookieOptions);
      if (typeof stored !== 'string') return isRecord(stored) ? stored : undefined;
      try {
        const parsed: unknown = JSON.parse(stored);
        return isRecord(parsed) ? parsed : undefined;
      } catch {
        return undefined;
      }
    };
  } else delete async.getSessionData;
}
