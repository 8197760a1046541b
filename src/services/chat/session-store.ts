import type { CookieJar } from '../../app/storage.ts';
import type { SessionData, TransportType } from './types.ts';
import { isRecord } from '../../app/records.ts';

/**
 * Where a chat's session lives between pages (web-chat.md §3 "Cookies", §4 restore): in cookies named
 * with the deployment prefix, or — asynchronous chats — through the page's own `getSessionData` /
 * `setSessionData` functions (`webchat.async`).
 *
 * Every chat cookie is host-only (storage.ts `hostOnly`): a chat's keys let whoever holds them read
 * and write the conversation, and any sibling subdomain can set a cookie on the parent domain — it
 * could plant its own chat's keys (and read what the visitor then types) or read the visitor's.
 * A chat therefore restores on the host it started on. The cookies expire with the restore timeout
 * (60000 ms) after the server's last answer (an asynchronous chat's with the browser session), and the
 * `ping` time decides whether a reload may still restore.
 *
 * | cookie (`<deploymentID>_…`) | holds | why |
 * |---|---|---|
 * | `webchat_session` | transport type, chat id, start time | which chat to restore, over which transport |
 * | `webchat_keys` | the transport's other session fields (userId, secureKey, alias) | to talk to that chat |
 * | `webchat_index` | the highest transcript index delivered | how far the visitor has read (restore reads from 1 and drops duplicates) |
 * | `webchat_ping` | epoch ms of the last answer from the server | the restore timeout |
 * | `webchat_filters` | the custom prefilters' sources and flags | hidden messages stay hidden after a reload |
 * | `webchat_metadata` | chat metadata (web-chat.md §3) | counts and times for reporting, across pages |
 */

export interface StoredSession {
  type: TransportType;
  session: SessionData;
  /** Epoch ms the chat started. */
  started: number;
  /** Highest transcript index delivered. */
  index: number;
  /** Epoch ms of the last answer from the server. */
  ping: number;
  /** Custom prefilters, as [source, flags]. */
  filters: Array<[string, string]>;
}

/** Chat metadata (web-chat.md §3), kept in its cookie. Times are epoch ms, 0 = not yet. */
export interface ChatMetadata {
  proactive: boolean;
  prefilled: boolean;
  autoSubmitted: boolean;
  coBrowseInitiated: boolean;
  filesUploaded: number;
  numAgents: number;
  userMessages: number;
  agentMessages: number;
  systemMessages: number;
  errors: number;
  opened: number;
  started: number;
  cancelled: number;
  completed: number;
  closed: number;
  /** ms from start to end (or to now while the chat runs). */
  elapsed: number;
  /** ms from start to the first agent. */
  waitingForAgent: number;
  agentReached: boolean;
  supervisorReached: boolean;
  /** Which start-form fields the visitor filled. */
  form: Record<string, boolean>;
}

export const emptyMetadata = (): ChatMetadata => ({
  proactive: false,
  prefilled: false,
  autoSubmitted: false,
  coBrowseInitiated: false,
  filesUploaded: 0,
  numAgents: 0,
  userMessages: 0,
  agentMessages: 0,
  systemMessages: 0,
  errors: 0,
  opened: 0,
  started: 0,
  cancelled: 0,
  completed: 0,
  closed: 0,
  elapsed: 0,
  waitingForAgent: 0,
  agentReached: false,
  supervisorReached: false,
  form: {},
});

const HOST_ONLY = { hostOnly: true } as const;
type CookieName = 'session' | 'keys' | 'index' | 'ping' | 'filters' | 'metadata';
const cookie = (name: CookieName) => `webchat_${name}`;
const TRANSPORTS: readonly string[] = ['rest', 'cometd', 'ngrest', 'cloud', 'webmessaging'];

const parse = (raw: string | undefined): unknown => {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
};
/**
 * A session record of strings and finite numbers only (what a cookie or the page may hand back). A field
 * may hold 2000 characters: a cloud jwt (base64url, usually 800–1500) and the transport's other keys fit
 * the 4096 bytes a browser keeps of one cookie.
 */
const MAX_FIELD = 2000;
const isSessionData = (value: unknown): value is SessionData =>
  isRecord(value) &&
  Object.keys(value).length <= 20 &&
  Object.values(value).every((x) => (typeof x === 'string' && x.length <= MAX_FIELD) || (typeof x === 'number' && Number.isFinite(x)));
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);
const isFilters = (value: unknown): value is Array<[string, string]> =>
  Array.isArray(value) &&
  value.length <= 20 &&
  value.every(
    (f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && f[0].length <= 500 && typeof f[1] === 'string' && /^[dgimsuvy]{0,8}$/.test(f[1]),
  );

/**
 * A stored session read back (from cookies or the page's getSessionData), checked field by field: a
 * tampered or truncated value reads as no session, never as a half one.
 */
export function readStored(value: unknown): StoredSession | undefined {
  if (!isRecord(value)) return undefined;
  const { type, session, started, index, ping, filters } = value;
  if (typeof type !== 'string' || !TRANSPORTS.includes(type) || !isSessionData(session) || typeof session.chatId !== 'string') return undefined;
  return {
    type: type as TransportType,
    session,
    started: count(started),
    index: count(index),
    ping: count(ping),
    filters: isFilters(filters) ? filters : [],
  };
}

export interface SessionStore {
  load(): StoredSession | undefined;
  save(stored: StoredSession): void;
  /** Only the index and ping (every poll): cheaper than a full save. */
  touch(index: number, ping: number): void;
  clear(): void;
  loadMetadata(): ChatMetadata;
  saveMetadata(metadata: ChatMetadata): void;
}

/**
 * The cookie store. `maxAgeSeconds` (the restore timeout; none for an asynchronous chat): the chat's
 * cookies expire that long after the last answer, so a browser left open does not keep a session that
 * could no longer be restored; every `touch` renews them all.
 */
export function cookieSessionStore(cookies: CookieJar, maxAgeSeconds: () => number | undefined = () => undefined): SessionStore {
  const get = (name: CookieName) => cookies.get(cookie(name), HOST_ONLY);
  const set = (name: CookieName, value: unknown) => {
    const maxAge = name === 'metadata' ? undefined : maxAgeSeconds();
    cookies.set(cookie(name), JSON.stringify(value), maxAge === undefined ? HOST_ONLY : { ...HOST_ONLY, maxAgeSeconds: maxAge });
  };
  let saved: StoredSession | undefined;
  const store: SessionStore = {
    load() {
      const head = parse(get('session'));
      const keys = parse(get('keys'));
      if (!isRecord(head) || !isRecord(keys)) return undefined;
      return readStored({
        type: head.type,
        session: { ...keys, chatId: head.chatId },
        started: head.started,
        index: parse(get('index')),
        ping: parse(get('ping')),
        filters: parse(get('filters')),
      });
    },
    save(stored) {
      saved = stored;
      const { chatId, ...keys } = stored.session;
      set('session', { type: stored.type, chatId, started: stored.started });
      set('keys', keys);
      set('index', stored.index);
      set('ping', stored.ping);
      if (stored.filters.length) set('filters', stored.filters);
      else cookies.remove(cookie('filters'), HOST_ONLY);
    },
    touch(index, ping) {
      if (saved && maxAgeSeconds() !== undefined) store.save({ ...saved, index, ping });
      else {
        set('index', index);
        set('ping', ping);
      }
    },
    clear() {
      saved = undefined;
      for (const name of ['session', 'keys', 'index', 'ping', 'filters'] as const) cookies.remove(cookie(name), HOST_ONLY);
    },
    loadMetadata() {
      const raw = parse(get('metadata'));
      const base = emptyMetadata();
      if (!isRecord(raw)) return base;
      const out: Record<string, unknown> = { ...base };
      for (const [key, fallback] of Object.entries(base)) {
        const value = raw[key];
        if (typeof fallback === 'boolean' && typeof value === 'boolean') out[key] = value;
        else if (typeof fallback === 'number') out[key] = count(value);
        else if (key === 'form' && isRecord(value))
          out[key] = Object.fromEntries(
            Object.entries(value)
              .filter(([, x]) => typeof x === 'boolean')
              .slice(0, 20),
          );
      }
      return out as unknown as ChatMetadata;
    },
    saveMetadata(metadata) {
      set('metadata', metadata);
    },
  };
  return store;
}

/**
 * The page's store (asynchronous chats, `webchat.async.getSessionData` / `setSessionData`): the whole
 * record is handed to the page, which may keep it server-side for a chat that outlives the browser
 * session. Metadata stays in its cookie. A throwing page function is reported and read as no session.
 */
export function pageSessionStore(
  getSessionData: () => unknown,
  setSessionData: (data: StoredSession | null) => void,
  metadata: Pick<SessionStore, 'loadMetadata' | 'saveMetadata'>,
  report: (message: string, error: unknown) => void = (message, error) => console.error(`[live-assist] ${message}`, error),
): SessionStore {
  let last: StoredSession | undefined;
  const call = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (error) {
      report(`webchat.async.${what} threw`, error);
    }
  };
  return {
    load() {
      let value: unknown;
      call('getSessionData', () => (value = getSessionData()));
      last = readStored(value);
      return last;
    },
    save(stored) {
      last = stored;
      call('setSessionData', () => setSessionData(stored));
    },
    touch(index, ping) {
      if (!last) return;
      last = { ...last, index, ping };
      const current = last;
      call('setSessionData', () => setSessionData(current));
    },
    clear() {
      last = undefined;
      call('setSessionData', () => setSessionData(null));
    },
    loadMetadata: () => metadata.loadMetadata(),
    saveMetadata: (value) => metadata.saveMetadata(value),
  };
}
