/**
 * The chat's outbox and draft (issue 13 items 1 and 2; docs/reliability.md): what the visitor typed and the
 * server has not yet acknowledged is kept in the browser, so a reload, a crashed tab, going offline or the
 * server being down loses nothing, and a message whose answer was lost is not sent twice.
 *
 * - `createOutbox` keeps the entries (each with its client message id, created once, carried by every
 *   retry) and the input's draft in web storage (`localStorage`: synchronous, so a reload right after a
 *   keystroke keeps it; shared by the tabs of the browser, whose `storage` event tells the others), under
 *   `<deploymentID>_webchat_outbox` and `<deploymentID>_webchat_draft`, each naming its chat id. Storage
 *   that throws (full, refused in a private window, blocked) is left for memory with one console warning;
 *   a stored value that is not ours (corrupt JSON, another shape) is reported and ignored, never a crash.
 * - `createOutboxSender` drains it: one message in flight at a time, in order, only in the tab that leads
 *   the chat (`isLeader`); a lost answer is retried with the same id after 0.5, 1, 2, 4 s; before a retry
 *   the transcript is searched for the message (servers that ignore the id); a server refusal is not
 *   retried; after the budget (5 attempts) the entry is 'failed' ('Not sent — Retry') unless the
 *   connection itself is down, when it waits for the connection to come back.
 *
 * Service layer: no DOM beyond a Storage-like object and an event target for `storage` events.
 */
import type { ChatFailure, TranscriptMessage } from './types.ts';
import { randomId } from '../../app/ids.ts';
import { isRecord } from '../../app/records.ts';
import { isVisitorMessage } from '../../app/participants.ts';

/** Where an entry is: queued, on its way, acknowledged (until the server's copy arrives), or given up. */
export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

/** The options of `WebChatService.sendMessage` an entry keeps for its retries. */
export interface OutboxOptions {
  messageType?: string;
  eventAttributes?: string;
}

export interface OutboxEntry {
  /** The client message id (`crypto.randomUUID()`): the same on every retry of this message. */
  id: string;
  text: string;
  options: OutboxOptions;
  /** Epoch ms the visitor sent it. */
  createdAt: number;
  /** The highest transcript index the client held when the message was added (reconciliation looks above it). */
  afterIndex: number;
  /** Send attempts so far. */
  attempts: number;
  state: OutboxState;
  /** The server's index, once acknowledged. */
  index?: number;
  /** Why it was not sent (the server's message, or the last failure's). */
  error?: string;
}

/** The part of `Storage` the outbox uses (tests pass a Map-backed one). */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where other tabs' `storage` events come from (the window). */
export interface StorageEvents {
  addEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void;
  removeEventListener(type: 'storage', listener: (event: { key: string | null }) => void): void;
}

export interface OutboxOptionsIn {
  /** `window.localStorage`, or null when it cannot be read at all (then memory only). */
  storage: StorageLike | null;
  /** The deployment id (the keys' prefix, as the cookies'). */
  prefix: string;
  /** The window, for other tabs' changes. */
  events?: StorageEvents;
  /** Ids for new entries (default `randomId`, src/app/ids.ts: randomUUID, or random bytes where it is missing). */
  uuid?: () => string;
  now?: () => number;
  /** Where problems are reported (default `console`). */
  log?: Pick<Console, 'warn' | 'error'>;
}

export interface Outbox {
  /** The chat the entries belong to (undefined: none). */
  readonly chatId: string | undefined;
  /** Whether the entries live in memory only (storage full or refused). */
  readonly memoryOnly: boolean;
  /** Opens the chat `chatId`: another chat's entries and draft are purged (none: everything is). */
  open(chatId: string | undefined): void;
  /** All entries, in the order they were sent. */
  entries(): OutboxEntry[];
  get(id: string): OutboxEntry | undefined;
  /** Entries still to be delivered (pending or sending), in order. */
  pending(): OutboxEntry[];
  /** Adds a message (state pending) and returns it. */
  add(text: string, options?: OutboxOptions, afterIndex?: number): OutboxEntry;
  /** A send attempt begins: state sending, attempts + 1. */
  attempt(id: string): OutboxEntry | undefined;
  /** The server acknowledged it (with its index when named): state sent. */
  acknowledge(id: string, index?: number): void;
  /** Back to pending (a lost answer, to be retried); attempts are kept. */
  requeue(id: string, error?: string): void;
  /** Given up: 'Not sent' with the reason. */
  fail(id: string, error: string): void;
  /** The visitor's Retry: pending again with a fresh budget (the same id), moved to the end of the queue. */
  retry(id: string): void;
  /** Removes an entry (the visitor's edit or delete, or its server copy arrived); returns it. */
  remove(id: string): OutboxEntry | undefined;
  /**
   * Reads a batch of transcript messages: an acknowledged entry whose index (or, without one, whose text
   * as the visitor's message above its `afterIndex`) arrived is removed — the server's copy replaces it.
   */
  settle(messages: readonly TranscriptMessage[]): void;
  /**
   * The visitor's message in `transcript` that is this entry (same text, above its afterIndex, not
   * claimed by another acknowledged entry), for a server that ignores the client message id.
   */
  findInTranscript(id: string, transcript: readonly TranscriptMessage[]): TranscriptMessage | undefined;
  draft(): string;
  setDraft(text: string): void;
  /** Ends the chat's outbox: entries and draft removed from storage. */
  clear(): void;
  /** Called after every change (this tab's, or another tab's through the `storage` event). */
  subscribe(listener: () => void): () => void;
  /** Stops listening to other tabs. */
  dispose(): void;
}

/** At most this many entries are kept (a visitor cannot queue more; the oldest acknowledged go first). */
export const OUTBOX_LIMIT = 200;

const STATES: readonly OutboxState[] = ['pending', 'sending', 'sent', 'failed'];
const str = (value: unknown): value is string => typeof value === 'string';
const num = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** One stored entry read back, or null when it is not one of ours. */
function readEntry(value: unknown): OutboxEntry | null {
  if (!isRecord(value) || !str(value.id) || !value.id || !str(value.text) || !num(value.createdAt) || !num(value.afterIndex) || !num(value.attempts))
    return null;
  if (!STATES.includes(value.state as OutboxState)) return null;
  const o = isRecord(value.options) ? value.options : {};
  const options: OutboxOptions = {};
  if (str(o.messageType)) options.messageType = o.messageType;
  if (str(o.eventAttributes)) options.eventAttributes = o.eventAttributes;
  const entry: OutboxEntry = {
    id: value.id,
    text: value.text,
    options,
    createdAt: value.createdAt,
    afterIndex: value.afterIndex,
    attempts: value.attempts,
    state: value.state as OutboxState,
  };
  if (num(value.index)) entry.index = value.index;
  if (str(value.error)) entry.error = value.error;
  return entry;
}

/** The outbox and draft of the chat (see the module comment). */
export function createOutbox(options: OutboxOptionsIn): Outbox {
  const log = options.log ?? console;
  const now = options.now ?? Date.now;
  const uuid = options.uuid ?? (() => randomId());
  const outboxKey = `${options.prefix}_webchat_outbox`;
  const draftKey = `${options.prefix}_webchat_draft`;
  let storage = options.storage;
  let memoryOnly = storage === null;
  let chatId: string | undefined;
  let opened = false;
  let entries: OutboxEntry[] = [];
  let draft = '';
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        log.error('[live-assist] an outbox listener threw', error);
      }
    }
  };

  /** Storage failed: memory from now on (said once). */
  const toMemory = (error: unknown) => {
    if (memoryOnly) return;
    memoryOnly = true;
    storage = null;
    log.warn(
      `[live-assist] the chat outbox cannot be stored (${error instanceof Error ? error.name || error.message : String(error)}): unsent messages and the draft are kept in this page only and do not survive a reload`,
    );
  };
  const readKey = (key: string): unknown => {
    if (!storage) return undefined;
    let raw: string | null;
    try {
      raw = storage.getItem(key);
    } catch (error) {
      toMemory(error);
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      log.error(`[live-assist] the stored chat outbox (${key}) is not valid JSON: it is ignored and will be replaced`);
      return undefined;
    }
  };
  const write = (key: string, value: unknown) => {
    if (!storage) return;
    try {
      if (value === undefined) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(value));
    } catch (error) {
      toMemory(error);
    }
  };

  /** The stored entries of `chatId` (another chat's, or a foreign shape: none). */
  const loadEntries = (): OutboxEntry[] | undefined => {
    const stored = readKey(outboxKey);
    if (stored === undefined) return undefined;
    if (!isRecord(stored) || !Array.isArray(stored.entries) || (stored.chatId !== undefined && !str(stored.chatId))) {
      log.error(`[live-assist] the stored chat outbox (${outboxKey}) has an unknown shape: it is ignored and will be replaced`);
      return undefined;
    }
    if (stored.chatId !== chatId) return stored.chatId === undefined ? [] : undefined;
    const list = stored.entries.map(readEntry);
    if (list.some((e) => e === null)) log.error(`[live-assist] the stored chat outbox (${outboxKey}) holds entries of an unknown shape: they are skipped`);
    return list.filter((e): e is OutboxEntry => e !== null);
  };
  const loadDraft = (): string | undefined => {
    const stored = readKey(draftKey);
    if (stored === undefined) return undefined;
    if (!isRecord(stored) || !str(stored.text)) {
      log.error(`[live-assist] the stored chat draft (${draftKey}) has an unknown shape: it is ignored`);
      return undefined;
    }
    return stored.chatId === chatId ? stored.text : undefined;
  };
  const saveEntries = () => write(outboxKey, chatId === undefined || !entries.length ? undefined : { chatId, entries });
  const saveDraft = () => write(draftKey, chatId === undefined || !draft ? undefined : { chatId, text: draft });

  /**
   * Read-modify-write: every change starts from what is stored, so a change another tab made a moment ago
   * (whose `storage` event has not arrived yet) is not overwritten — a follower's new message survives the
   * leader's acknowledgement of an older one.
   */
  const pull = () => {
    if (!storage || memoryOnly || chatId === undefined) return;
    let raw: string | null;
    try {
      raw = storage.getItem(outboxKey);
    } catch (error) {
      toMemory(error);
      return;
    }
    if (raw === null) {
      entries = [];
      return;
    }
    const stored = loadEntries();
    if (stored) entries = stored;
  };
  const index = (id: string) => entries.findIndex((e) => e.id === id);
  /** Applies `change` to entry `id`, stores and tells; false when there is no such entry. */
  const change = (id: string, fn: (entry: OutboxEntry) => OutboxEntry | null): boolean => {
    pull();
    const at = index(id);
    if (at < 0) return false;
    const next = fn(entries[at]!);
    entries = next ? entries.map((e, i) => (i === at ? next : e)) : entries.filter((_, i) => i !== at);
    saveEntries();
    notify();
    return true;
  };

  /** Another tab wrote the outbox or the draft: read it again. */
  const onStorage = (event: { key: string | null }) => {
    if (event.key !== null && event.key !== outboxKey && event.key !== draftKey) return;
    if (memoryOnly || chatId === undefined) return;
    entries = loadEntries() ?? [];
    draft = loadDraft() ?? '';
    notify();
  };
  options.events?.addEventListener('storage', onStorage);

  const claimed = (exceptId: string) => new Set(entries.filter((e) => e.id !== exceptId && e.index !== undefined).map((e) => e.index!));

  const outbox: Outbox = {
    get chatId() {
      return chatId;
    },
    get memoryOnly() {
      return memoryOnly;
    },
    open(id) {
      if (opened && id === chatId) return;
      opened = true;
      chatId = id;
      const stored = id === undefined ? undefined : loadEntries();
      const storedDraft = id === undefined ? undefined : loadDraft();
      // A message on its way when the last page went was maybe sent: it is retried (attempts kept, so the transcript is checked first).
      entries = (stored ?? []).map((e) => (e.state === 'sending' ? { ...e, state: 'pending' as const } : e));
      draft = storedDraft ?? '';
      // Another chat's (or no chat's) leftovers go.
      if (stored === undefined) write(outboxKey, undefined);
      else saveEntries();
      if (storedDraft === undefined) write(draftKey, undefined);
      notify();
    },
    entries: () => entries.map((e) => ({ ...e })),
    get: (id) => {
      const entry = entries[index(id)];
      return entry && { ...entry };
    },
    pending: () => entries.filter((e) => e.state === 'pending' || e.state === 'sending').map((e) => ({ ...e })),
    add(text, sendOptions = {}, afterIndex = 0) {
      pull();
      const entry: OutboxEntry = { id: uuid(), text, options: { ...sendOptions }, createdAt: now(), afterIndex, attempts: 0, state: 'pending' };
      entries = [...entries, entry];
      // Bounded: the oldest acknowledged or failed entries make room (never a queued one).
      while (entries.length > OUTBOX_LIMIT) {
        const old = entries.findIndex((e) => e.state === 'sent' || e.state === 'failed');
        if (old < 0) break;
        entries = entries.filter((_, i) => i !== old);
      }
      saveEntries();
      notify();
      return { ...entry };
    },
    attempt(id) {
      let out: OutboxEntry | undefined;
      change(id, (e) => (out = { ...e, state: 'sending', attempts: e.attempts + 1 }));
      return out && { ...out };
    },
    acknowledge(id, at) {
      change(id, ({ error: _, ...e }) => ({ ...e, state: 'sent', ...(at !== undefined ? { index: at } : {}) }));
    },
    requeue(id, error) {
      change(id, (e) => ({ ...e, state: 'pending', ...(error !== undefined ? { error } : {}) }));
    },
    fail(id, error) {
      change(id, (e) => ({ ...e, state: 'failed', error }));
    },
    retry(id) {
      pull();
      const at = index(id);
      if (at < 0 || entries[at]!.state !== 'failed') return;
      const { error: _, ...entry } = entries[at]!;
      entries = [...entries.filter((_, i) => i !== at), { ...entry, state: 'pending', attempts: 0 }];
      saveEntries();
      notify();
    },
    remove(id) {
      const entry = entries[index(id)];
      if (!entry) return undefined;
      change(id, () => null);
      return { ...entry };
    },
    settle(messages) {
      pull();
      const arrived = new Set(messages.map((m) => m.index));
      const visitor = messages.filter(isVisitorMessage);
      // A server copy settles one entry: those named by index first, then by text.
      const used = new Set(entries.filter((e) => e.state === 'sent' && e.index !== undefined).map((e) => e.index!));
      const keep = entries.filter((e) => {
        if (e.state !== 'sent') return true;
        if (e.index !== undefined) return !arrived.has(e.index);
        const match = visitor.find((m) => m.text === e.text && m.index > e.afterIndex && !used.has(m.index));
        if (match) used.add(match.index);
        return !match;
      });
      if (keep.length === entries.length) return;
      entries = keep;
      saveEntries();
      notify();
    },
    findInTranscript(id, transcript) {
      const entry = entries[index(id)];
      if (!entry) return undefined;
      const taken = claimed(id);
      return transcript.find((m) => isVisitorMessage(m) && m.text === entry.text && m.index > entry.afterIndex && !taken.has(m.index));
    },
    draft: () => draft,
    setDraft(text) {
      if (text === draft) return;
      draft = text;
      saveDraft();
    },
    clear() {
      entries = [];
      draft = '';
      chatId = undefined;
      opened = false;
      write(outboxKey, undefined);
      write(draftKey, undefined);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      options.events?.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
  return outbox;
}

/* ------------------------------------------------------------------ the sender */

/** Waits between attempts of one message (ms): after the 1st, 2nd, 3rd and 4th failed attempt. */
export const OUTBOX_BACKOFF = [500, 1000, 2000, 4000] as const;
/** Attempts before an entry is 'Not sent' (while the connection is up). */
export const OUTBOX_ATTEMPTS = 5;

/** How a failed send is handled: retried with the same id, or given up at once. */
export function retryable(failure: Pick<ChatFailure, 'kind' | 'status'>): boolean {
  switch (failure.kind) {
    case 'timeout':
    case 'network':
    case 'unavailable':
    case 'malformed': // an answer that could not be read: the server may have acted; the same id (and the transcript check) keep it single
      return true;
    case 'status':
      return failure.status === undefined || failure.status >= 500 || failure.status === 408 || failure.status === 429;
    default:
      // 'rejected' (too long, …) and 'ended' are the server's word: sending again changes nothing.
      return false;
  }
}

export interface OutboxSenderOptions {
  outbox: Outbox;
  /** Sends one entry with its id; rejects with a ChatFailure-like error. */
  send(entry: OutboxEntry): Promise<{ index?: number }>;
  /** The transcript so far (the visitor's messages carry their index). */
  transcript(): readonly TranscriptMessage[];
  /** Only the tab that leads the chat drains (default: every tab is its own leader). */
  isLeader?(): boolean;
  /** The connection is up (a lost answer then counts against the budget). Default: always. */
  connected?(): boolean;
  /** A message was delivered (acknowledged, or found in the transcript). */
  onSent?(entry: OutboxEntry, result: { index?: number }): void;
  /** A message is given up ('Not sent'). */
  onFailed?(entry: OutboxEntry, failure: unknown): void;
  /** What a rejection is read as (default: the error itself if it has a kind, else a network failure). */
  failureOf?(error: unknown): Pick<ChatFailure, 'kind' | 'status' | 'message'>;
  backoff?: readonly number[];
  attempts?: number;
  setTimeout?(fn: () => void, ms: number): unknown;
  clearTimeout?(timer: unknown): void;
}

export interface OutboxSender {
  /** Sends what is pending, if this tab leads and nothing is in flight (safe to call often). */
  kick(): void;
  /** The connection came back: waits are cut short and pending entries go, in order. */
  resume(): void;
  /** Cancels a waiting retry (the chat ended): `kick` starts again. An attempt in flight still settles its entry. */
  stop(): void;
  /** Whether a send is in flight. */
  readonly busy: boolean;
}

const defaultFailure = (error: unknown) => {
  const e = error as Partial<ChatFailure> | undefined;
  if (e && typeof e === 'object' && typeof e.kind === 'string') return e as ChatFailure;
  return { kind: 'network' as const, status: undefined, message: error instanceof Error ? error.message : String(error) };
};

/** The drain loop of an outbox (see the module comment). */
export function createOutboxSender(o: OutboxSenderOptions): OutboxSender {
  const backoff = o.backoff ?? OUTBOX_BACKOFF;
  const budget = o.attempts ?? OUTBOX_ATTEMPTS;
  const later = o.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const cancel = o.clearTimeout ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const isLeader = o.isLeader ?? (() => true);
  const connected = o.connected ?? (() => true);
  const failureOf = o.failureOf ?? defaultFailure;
  let busy = false;
  let timer: unknown;
  /** Waiting for the connection after a budget spent while it was down. */
  let parked = false;

  const schedule = (ms: number) => {
    if (timer !== undefined) cancel(timer);
    timer = later(() => {
      timer = undefined;
      run();
    }, ms);
  };

  const delivered = (entry: OutboxEntry, result: { index?: number }) => {
    o.outbox.acknowledge(entry.id, result.index);
    // The server's copy may have arrived before the answer (a poll, a push): then it replaces the entry now.
    o.outbox.settle(o.transcript());
    o.onSent?.({ ...entry, state: 'sent', ...(result.index !== undefined ? { index: result.index } : {}) }, result);
  };

  async function attempt(entry: OutboxEntry): Promise<void> {
    // An earlier attempt's answer was lost: the server may hold it already (a server that ignores the id).
    if (entry.attempts > 0) {
      const found = o.outbox.findInTranscript(entry.id, o.transcript());
      if (found) return delivered(entry, { index: found.index });
    }
    const sending = o.outbox.attempt(entry.id);
    if (!sending) return;
    let result: { index?: number };
    try {
      result = await o.send(sending);
    } catch (error) {
      const failure = failureOf(error);
      if (!o.outbox.get(entry.id)) return; // removed meanwhile
      if (!retryable(failure)) {
        o.outbox.fail(entry.id, failure.message);
        o.onFailed?.(o.outbox.get(entry.id)!, error);
        return;
      }
      if (sending.attempts >= budget) {
        if (!connected()) {
          // The connection is down: it waits, pending, and goes when the connection comes back.
          o.outbox.requeue(entry.id, failure.message);
          parked = true;
          return;
        }
        o.outbox.fail(entry.id, failure.message);
        o.onFailed?.(o.outbox.get(entry.id)!, error);
        return;
      }
      o.outbox.requeue(entry.id, failure.message);
      schedule(backoff[Math.min(sending.attempts - 1, backoff.length - 1)] ?? 0);
      throw WAIT;
    }
    if (!o.outbox.get(entry.id)) return;
    delivered(sending, result);
  }

  function run(): void {
    if (busy || parked || timer !== undefined || !isLeader()) return;
    const next = o.outbox.pending()[0];
    if (!next) return;
    busy = true;
    attempt(next).then(
      () => {
        busy = false;
        run();
      },
      (error: unknown) => {
        busy = false;
        if (error !== WAIT) throw error;
      },
    );
  }

  return {
    kick: run,
    resume() {
      parked = false;
      if (timer !== undefined) {
        cancel(timer);
        timer = undefined;
      }
      run();
    },
    stop() {
      parked = false;
      if (timer !== undefined) cancel(timer);
      timer = undefined;
    },
    get busy() {
      return busy;
    },
  };
}

/** Thrown inside the loop to end a turn while a back-off timer waits. */
const WAIT = Symbol('wait');
