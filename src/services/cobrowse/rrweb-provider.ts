import { HttpError, requestJson } from '../../http/request.ts';
import type { CobrowseEnd, CobrowseHooks, CobrowseProvider } from './provider.ts';

/**
 * The built-in co-browse provider: the page recorded with rrweb (./recorder.ts, loaded when a session
 * starts) and sent in small JSON batches to the contact centre's relay, which the agent's console reads.
 * Its own channel, not the chat's: each chat transport owns its connection, and a call-us visitor may
 * have no chat at all (docs/elements/cobrowse.md).
 *
 *   GET    {url}/status                  → { online }
 *   POST   {url}/sessions                → { token }            (503 while offline)
 *   POST   {url}/sessions/{token}/events  [rrweb events]       (410 with { reason } once the session is over)
 *   DELETE {url}/sessions/{token}                               (the visitor's Stop)
 */
export interface RelayOptions {
  /** The relay's base URL (`cobrowse.url`). */
  url: string;
  window: Window;
  /** How often queued events are sent (ms). */
  batchMs?: number;
  /** The most unsent bytes kept while the relay cannot be reached; past it the session fails. */
  maxQueuedBytes?: number;
  /** The longest the relay may stay unreachable (ms) before the session fails. */
  maxOutageMs?: number;
  fetch?: typeof fetch;
  /** The recorder (tests give a fake); default: the rrweb chunk. */
  recorder?: () => Promise<{ startRecording(emit: (event: unknown) => void): () => void }>;
}

const TOKEN = /^\d{9}$/;
/** The relay's reason for a session it ended, as the plugin names it. */
const endOf = (reason: unknown): CobrowseEnd => (reason === 'agent' ? 'agent' : 'ended');

export function rrwebProvider(options: RelayOptions): CobrowseProvider {
  const { url, window: win, batchMs = 500, maxQueuedBytes = 4 * 1024 * 1024, maxOutageMs = 15_000 } = options;
  const base = url.replace(/\/+$/, '');
  const http = { fetch: options.fetch };
  const loadRecorder = options.recorder ?? (() => import('./recorder.ts'));

  /** The running session; null when none. `generation` tells a stopped session's late answers apart. */
  let session: {
    token: string;
    stopRecording: () => void;
    timer: number;
    queue: string[];
    bytes: number;
    failingSince: number | null;
    sending: boolean;
  } | null = null;
  let generation = 0;

  const end = (hooks: CobrowseHooks, reason: CobrowseEnd) => {
    halt();
    hooks.ended(reason);
  };

  /** Stops recording and sending, synchronously; returns the token that was running. */
  function halt(): string | null {
    generation++;
    const running = session;
    session = null;
    if (!running) return null;
    running.stopRecording();
    win.clearInterval(running.timer);
    win.removeEventListener('pagehide', onPageHide);
    return running.token;
  }

  const closeRelay = (token: string) =>
    requestJson(`${base}/sessions/${token}`, { ...http, method: 'DELETE', timeoutMs: 3000 }).then(
      () => undefined,
      () => undefined, // the relay ends a silent session by itself (its idle limit)
    );

  // Leaving the page ends the session: the agent is told at once (keepalive outlives the page).
  function onPageHide(): void {
    const token = halt();
    if (token) void (options.fetch ?? fetch)(`${base}/sessions/${token}`, { method: 'DELETE', keepalive: true }).catch(() => undefined);
  }

  async function flush(hooks: CobrowseHooks, mine: number): Promise<void> {
    const s = session;
    if (!s || s.sending || !s.queue.length) return;
    s.sending = true;
    const batch = s.queue.splice(0);
    const size = s.bytes;
    s.bytes = 0;
    try {
      await requestJson(`${base}/sessions/${s.token}/events`, {
        ...http,
        method: 'POST',
        body: `[${batch.join(',')}]`,
        headers: { 'Content-Type': 'application/json' },
        timeoutMs: 5000,
      });
      if (mine !== generation) return;
      s.failingSince = null;
    } catch (error) {
      if (mine !== generation) return;
      // The relay closed the session (the agent, its time or size limit): it is over.
      if (error instanceof HttpError && error.kind === 'status' && error.status !== undefined && error.status < 500 && error.status !== 429) {
        return end(hooks, endOf((error.body as { reason?: unknown } | undefined)?.reason));
      }
      // Not reached: the batch goes back in front and is sent again, within limits.
      s.queue.unshift(...batch);
      s.bytes += size;
      s.failingSince ??= Date.now();
      if (Date.now() - s.failingSince > maxOutageMs || s.bytes > maxQueuedBytes) return end(hooks, 'failed');
    } finally {
      s.sending = false;
    }
  }

  return {
    async available() {
      try {
        const answer = await requestJson<{ online?: unknown }>(`${base}/status`, { ...http, timeoutMs: 3000 });
        return answer?.online === true;
      } catch {
        return false;
      }
    },

    async start(hooks) {
      halt();
      const mine = generation;
      const opened = await requestJson<{ token?: unknown }>(`${base}/sessions`, { ...http, method: 'POST', body: {}, timeoutMs: 3000 });
      const token = String(opened?.token ?? '');
      if (!TOKEN.test(token)) throw new Error('The co-browse relay answered without a session token');
      let recorder;
      try {
        recorder = await loadRecorder();
      } catch (error) {
        void closeRelay(token);
        throw error;
      }
      // Stopped while the session was being opened: close it, record nothing.
      if (mine !== generation) {
        void closeRelay(token);
        throw new Error('Co-browse was stopped');
      }
      const s = { token, stopRecording: (): void => undefined, timer: 0, queue: [] as string[], bytes: 0, failingSince: null as number | null, sending: false };
      session = s;
      s.stopRecording = recorder.startRecording((event) => {
        if (session !== s) return;
        const text = JSON.stringify(event);
        s.queue.push(text);
        s.bytes += text.length;
      });
      s.timer = win.setInterval(() => void flush(hooks, mine), batchMs);
      win.addEventListener('pagehide', onPageHide);
      void flush(hooks, mine);
      return { token };
    },

    async stop() {
      const token = halt();
      if (token) await closeRelay(token);
    },
  };
}
