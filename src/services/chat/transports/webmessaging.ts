import { randomId } from '../../../app/ids.ts';
import { isRecord } from '../../../app/records.ts';
import { shortText, textField, timeOf } from '../transcript-schema.ts';
import {
  ChatFailure,
  type ChatTransport,
  type PollResult,
  type RichEnvelope,
  type SessionData,
  type StartRequest,
  type StreamHandlers,
  type TranscriptMessage,
  type TranscriptType,
  type TransportOptions,
} from '../types.ts';
import { callServer, failureOf, notJson, sessionFields } from './shared.ts';

/**
 * The Web Messaging transport (docs/webmessaging.md): Genesys Cloud Messenger's guest API, which replaced
 * the cloud transport's ACD web chat. One WebSocket to `wss://webmessaging.{region}/v1?deploymentId=` per
 * page (the tabs share it through the leading tab), and the guest history over HTTP with a JWT the socket
 * hands out:
 *
 *   configureSession { deploymentId, token }    → SessionResponse { newSession, readOnly }   the session token is kept per deployment
 *   onMessage Event Presence Join (+ customAttributes)                                       the conversation starts
 *   onMessage Text { text, metadata.customMessageId }  → StructuredMessage (Inbound)          the client message id rides along
 *   onMessage Event Typing On / Presence Clear    echo (keep-alive)    getJwt → JwtResponse
 *   GET {api}/api/v2/webmessaging/messages?pageSize=&pageNumber=   Bearer {jwt}            newest first, with `total`
 *
 * The index: the API numbers nothing, so a message's index is its position in the history (oldest 1)
 * times {@link WEBMESSAGING}.step; the numbers between two messages carry what the history never holds
 * (typing, an agent joining). Every push of a message only says "read the history": the read takes each
 * position once, in order, so a frame lost, sent twice or out of order changes nothing, and a reconnect
 * reads on from the highest position handed on.
 */

export const WEBMESSAGING = {
  /** Index = history position × step. */
  step: 1000,
  /** Messages per history page. */
  pageSize: 100,
  /** Most pages one read takes. */
  maxPages: 50,
  /** Keep-alive: an echo this often (and a history read after it: a lost push is found then at the latest). */
  echoInterval: 30_000,
  /** Waits before each reconnect, the last repeated. */
  backoff: [500, 1000, 2000, 5000, 10_000] as readonly number[],
  /** The session tokens' storage key, per deployment. */
  storageKey: 'live-assist:webmessaging:',
} as const;

/** `webchat.transport`'s Web Messaging options. */
export type { WebMessagingOptions } from '../types.ts';

interface Socket {
  readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
type SocketFactory = new (url: string) => Socket;
type Timers = { setTimeout(fn: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface WebMessagingTransportOptions extends TransportOptions {
  /** The WebSocket class (default: the browser's; Node tests pass the `ws` package's). */
  WebSocket?: SocketFactory;
  timers?: Timers;
  /** Where the session token of each deployment is kept (default: localStorage, else memory). */
  storage?: Store;
  echoInterval?: number;
  backoff?: readonly number[];
}

type Frame = Record<string, unknown> & { type?: unknown; class?: unknown; code?: unknown; body?: unknown };
interface SessionInfo {
  newSession: boolean;
  readOnly: boolean;
}

/** The socket and the API of a configuration: `region`, else `dataURL` (an api.{region} origin, or one proxying both). */
export function endpointsOf(options: WebMessagingTransportOptions): { socket: string; api: string } {
  const region = options.webMessaging?.region;
  if (region) return { socket: `wss://webmessaging.${region}/v1`, api: `https://api.${region}` };
  const base = new URL(options.dataURL || '/', globalThis.location?.href ?? 'http://localhost/');
  const api = base.origin;
  const host = base.host.startsWith('api.') ? `webmessaging.${base.host.slice(4)}` : base.host;
  return { socket: `${base.protocol === 'http:' ? 'ws' : 'wss'}://${host}/v1`, api };
}

/** A coded failure of this API: `name` 'webmessaging.<code>'; the session gone (403 read only), busy (429, 503), refused (4xx). */
export function codeFailure(call: string, code: number, text = ''): ChatFailure {
  const error = { code, message: text.trim() || `Web Messaging ${code}`, name: `webmessaging.${code}` };
  const message = `The chat ${call} call failed (${error.name}): ${error.message}`;
  if (code === 403 || code === 410) return new ChatFailure('ended', message, [error], code);
  if (code === 429 || code === 503) return new ChatFailure('unavailable', message, [error], code);
  return new ChatFailure(code < 500 ? 'rejected' : 'status', message, [error], code);
}

const lost = (call: string, why: string) => new ChatFailure('network', `The chat ${call} call failed: ${why}`);

/* ------------------------------------------------------------------ messages */

/** A structured message's content (quick replies, cards, a carousel, attachments) as the rich-media envelope. */
export function richOf(content: unknown, id: string): RichEnvelope | undefined {
  if (!Array.isArray(content)) return undefined;
  const replies: unknown[] = [];
  const cards: unknown[] = [];
  const files: unknown[] = [];
  const action = (a: unknown) =>
    isRecord(a)
      ? { type: a.type === 'Link' ? 'url' : 'postback', title: textField('text', a.text), text: textField('payload', a.payload), url: textField('url', a.url) }
      : {};
  const card = (c: Record<string, unknown>, n: number) => ({
    id: textField('id', c.id) || `${id}-${n}`,
    type: 'card',
    title: textField('title', c.title),
    desc: textField('description', c.description),
    image: textField('image', c.image),
    actions: Array.isArray(c.actions) ? c.actions.map(action) : [],
  });
  content.forEach((item, n) => {
    if (!isRecord(item)) return;
    const { quickReply: q, card: c, carousel, attachment: a } = item;
    if (item.contentType === 'QuickReply' && isRecord(q))
      replies.push({
        id: `${id}-${n}`,
        type: 'quick-reply',
        title: textField('text', q.text),
        text: textField('payload', q.payload) || textField('text', q.text),
      });
    else if (item.contentType === 'Card' && isRecord(c)) cards.push(card(c, n));
    else if (item.contentType === 'Carousel' && isRecord(carousel) && Array.isArray(carousel.cards))
      carousel.cards.forEach((x, k) => isRecord(x) && cards.push(card(x, n * 100 + k)));
    else if (item.contentType === 'Attachment' && isRecord(a))
      files.push({
        id: textField('id', a.id),
        type: 'attachment',
        url: textField('url', a.url),
        name: textField('filename', a.filename),
        mime: textField('mime', a.mime),
      });
  });
  const [contentType, list] = (
    cards.length ? ['generic', cards] : replies.length ? ['quick-replies', replies] : files.length ? ['attachments', files] : []
  ) as [RichEnvelope['contentType']?, unknown[]?];
  return contentType && list ? { contentType, content: list, id } : undefined;
}

/** A history entity (or a pushed message) at `position` as a transcript message; undefined for an event or what cannot be read. */
export function messageOf(entity: unknown, position: number): TranscriptMessage | undefined {
  if (!isRecord(entity) || entity.type === 'Event' || entity.type === 'Receipt') return undefined;
  try {
    const channel = isRecord(entity.channel) ? entity.channel : {};
    const sender = isRecord(channel.from) ? channel.from : {};
    const id = textField('id', entity.id);
    const rich = richOf(entity.content, id);
    const answered = Array.isArray(entity.content) ? entity.content.find((c) => isRecord(c) && isRecord(c.buttonResponse)) : undefined;
    let text =
      textField('text', entity.text) || (isRecord(answered) && isRecord(answered.buttonResponse) ? textField('text', answered.buttonResponse.text) : '');
    if (!text && rich?.contentType === 'attachments') text = rich.content.map((f) => (isRecord(f) ? String(f.name) : '')).join(', ');
    const raw = text;
    text = shortText(text, () => undefined);
    const inbound = entity.direction === 'Inbound';
    const name = textField('nickname', sender.nickname);
    const message: TranscriptMessage = {
      index: position * WEBMESSAGING.step,
      type: 'Message',
      text,
      timestamp: timeOf(channel.time) ?? Date.now(),
      html: false,
      from: inbound
        ? { id: 'visitor', type: 'Client', name: '' }
        : { id: textField('from.id', sender.id) || name || 'agent', type: entity.originatingEntity === 'Bot' ? 'Bot' : 'Agent', name },
    };
    if (text !== raw) message.shortened = true;
    if (rich) message.rich = rich;
    return message;
  } catch {
    return undefined;
  }
}

/* ------------------------------------------------------------------ the transport */

const session = (data: SessionData) => sessionFields(data, ['token', 'deploymentId']);

export const createTransport = (options: TransportOptions): ChatTransport => createWebMessagingTransport(options);

export function createWebMessagingTransport(options: WebMessagingTransportOptions): ChatTransport & { close(): void } {
  const deploymentId = options.webMessaging?.deploymentId ?? '';
  const { socket: socketURL, api } = endpointsOf(options);
  const timers: Timers = options.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  const echoInterval = options.echoInterval ?? WEBMESSAGING.echoInterval;
  const backoff = options.backoff ?? WEBMESSAGING.backoff;
  const memory = new Map<string, string>();
  const storage: Store = options.storage ??
    (() => {
      try {
        return globalThis.localStorage ?? undefined;
      } catch {
        return undefined;
      }
    })() ?? { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
  const tokenKey = WEBMESSAGING.storageKey + deploymentId;
  const keep = (write: () => void) => {
    try {
      write();
    } catch {
      // storage refused (a private window): the session store's cookie still carries the token
    }
  };

  /* ---------------------------------------------------------------- the one socket */

  let ws: Socket | undefined;
  let token = '';
  let opening: Promise<SessionInfo> | undefined;
  /** Tokens the server has answered for on this page: a `newSession` for one of them means it forgot it (expired). */
  const known = new Set<string>();
  interface Pending {
    match(frame: Frame): boolean;
    resolve(frame: Frame): void;
    reject(failure: ChatFailure): void;
  }
  const pending: Pending[] = [];
  const frameListeners = new Set<(frame: Frame) => void>();
  const closeListeners = new Set<() => void>();
  let jwt: { token: string; value: string; until: number } | undefined;

  const drop = (why: string) => {
    const old = ws;
    ws = undefined;
    opening = undefined;
    for (const p of pending.splice(0)) p.reject(lost('socket', why));
    if (old) {
      old.onopen = old.onmessage = old.onclose = old.onerror = null;
      try {
        old.close(1000);
      } catch {
        // already closed
      }
      for (const listener of [...closeListeners]) listener();
    }
  };

  const dispatch = (frame: Frame) => {
    const failed = frame.type === 'response' && typeof frame.code === 'number' && frame.code >= 400;
    const at = failed ? (pending.length ? 0 : -1) : pending.findIndex((p) => p.match(frame));
    if (at >= 0) {
      const [p] = pending.splice(at, 1);
      if (failed) p.reject(codeFailure('socket', frame.code as number, typeof frame.body === 'string' ? frame.body : ''));
      else p.resolve(frame);
    }
    if (frame.type === 'message') for (const listener of [...frameListeners]) listener(frame);
  };

  /** Sends a frame on the open socket and waits for the frame `match` takes (or an error response), within the timeout. */
  const ask = (frame: unknown, match: (frame: Frame) => boolean, call: string): Promise<Frame> =>
    new Promise((resolve, reject) => {
      if (!ws || ws.readyState !== 1) return reject(lost(call, 'the socket is not open'));
      const timer = timers.setTimeout(() => {
        const at = pending.indexOf(entry);
        if (at >= 0) pending.splice(at, 1);
        reject(new ChatFailure('timeout', `The chat ${call} call failed: no answer within ${options.timeout} ms`));
      }, options.timeout);
      const entry: Pending = {
        match,
        resolve: (f) => (timers.clearTimeout(timer), resolve(f)),
        reject: (e) => (timers.clearTimeout(timer), reject(e)),
      };
      pending.push(entry);
      try {
        ws.send(JSON.stringify(frame));
      } catch (error) {
        entry.reject(lost(call, String(error)));
      }
    });

  /** The socket, open and configured for `t` (one socket: another token closes it first). */
  function connect(t: string): Promise<SessionInfo> {
    if (opening && token === t) return opening;
    drop('the session changed');
    token = t;
    const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as SocketFactory | undefined);
    if (!Socket) return Promise.reject(new ChatFailure('rejected', 'The Web Messaging transport needs WebSocket, which this browser does not have'));
    const attempt = (opening = new Promise<SessionInfo>((resolve, reject) => {
      let socket: Socket;
      try {
        socket = new Socket(`${socketURL}?deploymentId=${encodeURIComponent(deploymentId)}`);
      } catch (error) {
        return reject(lost('socket', String(error)));
      }
      ws = socket;
      const timer = timers.setTimeout(() => {
        if (ws === socket) drop('no answer');
        reject(new ChatFailure('timeout', 'The chat socket did not open in time'));
      }, options.timeout * 2);
      socket.onopen = () => {
        ask({ action: 'configureSession', deploymentId, token: t }, (f) => f.class === 'SessionResponse', 'configureSession').then(
          (f) => {
            timers.clearTimeout(timer);
            const body = isRecord(f.body) ? f.body : {};
            const info = { newSession: body.newSession === true, readOnly: body.readOnly === true };
            if (info.newSession && known.has(t)) {
              reject(new ChatFailure('ended', 'The chat session has expired'));
              return;
            }
            known.add(t);
            resolve(info);
          },
          (error: ChatFailure) => {
            timers.clearTimeout(timer);
            if (error.lost && ws === socket) drop('no answer');
            reject(error);
          },
        );
      };
      socket.onmessage = (event) => {
        let frame: unknown;
        try {
          frame = JSON.parse(String(event.data));
        } catch {
          return console.error('[live-assist] Web Messaging: a frame that is not JSON was ignored');
        }
        if (isRecord(frame)) dispatch(frame as Frame);
      };
      socket.onclose = (event) => {
        if (ws !== socket) return;
        timers.clearTimeout(timer);
        drop(`closed (${event.code})`);
        reject(lost('socket', `closed (${event.code})`));
      };
      socket.onerror = () => undefined;
    }));
    attempt.catch(() => {
      if (opening === attempt) opening = undefined;
    });
    return attempt;
  }

  /** `frame` for the session `t`, the socket opened first when it is not. */
  const request = async (t: string, frame: Record<string, unknown>, match: (frame: Frame) => boolean, call: string): Promise<Frame> => {
    await connect(t);
    return ask({ ...frame, token: t }, match, call);
  };

  /* ---------------------------------------------------------------- the history */

  const getJwt = async (t: string): Promise<string> => {
    if (jwt && jwt.token === t && jwt.until > Date.now()) return jwt.value;
    const f = await request(t, { action: 'getJwt' }, (x) => x.class === 'JwtResponse', 'getJwt');
    const body = isRecord(f.body) ? f.body : {};
    if (typeof body.jwt !== 'string' || !body.jwt) throw new ChatFailure('malformed', 'The chat getJwt answer is malformed: no jwt');
    const exp = typeof body.exp === 'number' ? body.exp * 1000 : Date.now() + 600_000;
    jwt = { token: t, value: body.jwt, until: Math.min(exp - 60_000, Date.now() + 3_600_000) };
    return jwt.value;
  };

  const page = async (t: string, number: number, again = true): Promise<{ entities: unknown[]; total: number }> => {
    const value = await getJwt(t);
    let answer: unknown;
    try {
      answer = await callServer(
        options,
        `${api}/api/v2/webmessaging/messages`,
        { method: 'GET', headers: { Authorization: `Bearer ${value}` }, query: { pageSize: WEBMESSAGING.pageSize, pageNumber: number } },
        (error) => failureOf('history', error, (e) => notJson('history', e) ?? codeFailure('history', e.status ?? 0, e.message)),
      );
    } catch (error) {
      // An expired JWT: a fresh one, once; a lost answer: once more.
      if (again && error instanceof ChatFailure && (error.status === 401 || error.lost)) {
        if (error.status === 401) jwt = undefined;
        return page(t, number, false);
      }
      throw error;
    }
    if (!isRecord(answer) || !Array.isArray(answer.entities) || typeof answer.total !== 'number')
      throw new ChatFailure('malformed', 'The chat history answer is malformed: no entities and total');
    return { entities: answer.entities, total: answer.total };
  };

  /** The messages at history positions `lo` to `hi`, oldest first: each page numbered by its own `total`, so a message arriving between two pages is not read twice. */
  async function positions(t: string, lo: number, hi = Infinity): Promise<TranscriptMessage[]> {
    const out = new Map<number, TranscriptMessage>();
    for (let number = 1, n = 0; n < WEBMESSAGING.maxPages; n++) {
      const { entities, total } = await page(t, number);
      const offset = (number - 1) * WEBMESSAGING.pageSize;
      entities.forEach((entity, k) => {
        const at = total - offset - k;
        const message = at >= lo && at <= hi && !out.has(at) ? messageOf(entity, at) : undefined;
        if (message) out.set(at, message);
      });
      if (total - offset - entities.length < lo || entities.length < WEBMESSAGING.pageSize) break;
      // The page holding `hi`, when the first is newer than that.
      number = Math.max(number + 1, Math.floor((total - Math.min(hi, total)) / WEBMESSAGING.pageSize) + 1);
    }
    return [...out.values()].sort((a, b) => a.index - b.index);
  }
  /** The position of the last message an index stands at or after. */
  const positionOf = (index: number) => Math.floor(Math.max(0, index) / WEBMESSAGING.step);
  const after = (t: string, fromIndex: number) => positions(t, Math.ceil(Math.max(1, fromIndex) / WEBMESSAGING.step));

  /* ---------------------------------------------------------------- the stream */

  const streams = new Set<() => void>();
  /** The running streams' history reads: a message of ours was stored, its position is read. */
  const readers = new Set<() => void>();

  function subscribe(data: SessionData, fromIndex: number, handlers: StreamHandlers): () => void {
    const t = session(data).token;
    let stopped = false;
    let ended = false;
    let connected = true;
    let high = Math.max(0, Math.floor(fromIndex) - 1);
    let reading: Promise<void> | undefined;
    let again = false;
    let tries = 0;
    let retry: unknown;
    let echo: unknown;

    const hand = (messages: TranscriptMessage[], chatEnded: boolean, always = false) => {
      if (stopped || ended) return;
      const fresh = messages.filter((m) => m.index > high).sort((a, b) => a.index - b.index);
      if (fresh.length) high = fresh[fresh.length - 1].index;
      if (!connected) {
        connected = true;
        handlers.status('connected');
      }
      if (fresh.length || chatEnded || always) handlers.messages({ messages: fresh, chatEnded });
      if (chatEnded) finish();
    };
    /** What the history holds after the highest position handed on; asked again when a push comes during a read. */
    const read = (): Promise<void> => {
      if (reading) {
        again = true;
        return reading;
      }
      reading = (async () => {
        try {
          do {
            again = false;
            hand(await after(t, positionOf(high) * WEBMESSAGING.step + 1), false);
          } while (again && !stopped && !ended);
        } finally {
          reading = undefined;
        }
      })();
      return reading;
    };
    /** Between two messages: typing, an agent joining (the history holds neither). */
    const between = (type: TranscriptType, from: TranscriptMessage['from'], timestamp: number) => {
      if ((high + 1) % WEBMESSAGING.step === 0) return;
      hand([{ index: high + 1, type, text: '', timestamp, html: false, from }], false);
    };
    const fail = (error: unknown) => {
      if (stopped || ended) return;
      const failure = error instanceof ChatFailure ? error : lost('stream', String(error));
      if (failure.kind === 'ended') {
        finish();
        handlers.failed(failure);
        return;
      }
      if (!failure.lost && failure.kind !== 'unavailable') handlers.failed(failure);
      reconnect();
    };
    const reconnect = () => {
      if (stopped || ended || retry !== undefined) return;
      if (connected) {
        connected = false;
        handlers.status('disconnected');
      }
      if (ws && token === t) drop('reconnecting');
      retry = timers.setTimeout(
        () => {
          retry = undefined;
          void open();
        },
        backoff[Math.min(tries++, backoff.length - 1)],
      );
    };
    const keepAlive = () => {
      if (echo !== undefined) timers.clearTimeout(echo);
      echo = timers.setTimeout(() => {
        echo = undefined;
        if (stopped || ended) return;
        request(
          t,
          { action: 'echo', message: { type: 'Text', text: 'ping' } },
          (f) => f.class === 'StructuredMessage' && isRecord(f.body) && f.body.text === 'ping',
          'echo',
        )
          .then(() => read())
          .then(keepAlive, fail);
      }, echoInterval);
    };
    const open = async () => {
      if (stopped || ended) return;
      try {
        const info = await connect(t);
        tries = 0;
        await read();
        hand([], info.readOnly, true);
        keepAlive();
      } catch (error) {
        fail(error);
      }
    };
    const onFrame = (frame: Frame) => {
      if (stopped || ended || token !== t) return;
      const body = isRecord(frame.body) ? frame.body : {};
      if (frame.class === 'SessionExpiredEvent' || frame.class === 'SessionClearedEvent') {
        keep(() => storage.removeItem(tokenKey));
        if (frame.class === 'SessionClearedEvent') return hand([], true);
        return fail(new ChatFailure('ended', 'The chat session has expired'));
      }
      if (frame.class !== 'StructuredMessage') return;
      if (body.type === 'Event' && body.direction === 'Outbound') {
        const channel = isRecord(body.channel) ? body.channel : {};
        const sender = isRecord(channel.from) ? channel.from : {};
        const name = textField('nickname', sender.nickname);
        const from = { id: textField('from.id', sender.id) || name || 'agent', type: 'Agent' as const, name };
        const time = timeOf(channel.time) ?? Date.now();
        for (const e of Array.isArray(body.events) ? body.events : []) {
          if (!isRecord(e)) continue;
          const kind = isRecord(e.presence) ? e.presence.type : isRecord(e.typing) ? e.typing.type : undefined;
          if (e.eventType === 'Typing' && kind === 'On') between('TypingStarted', from, time);
          else if (e.eventType === 'Presence' && kind === 'Join' && name) between('ParticipantJoined', from, time);
          // The conversation was disconnected: what was said last is read first.
          else if (e.eventType === 'Presence' && kind === 'Disconnect') void read().then(() => hand([], true), fail);
        }
        return;
      }
      // A message (the agent's, the bot's, ours from another page): its position is the history's.
      read().catch(fail);
    };
    const onClose = () => {
      if (!stopped && !ended) reconnect();
    };
    const reader = () => void read().catch(fail);
    const finish = () => {
      ended = true;
      stop(false);
    };
    const stop = (user = true) => {
      if (user) stopped = true;
      streams.delete(stop);
      readers.delete(reader);
      frameListeners.delete(onFrame);
      closeListeners.delete(onClose);
      for (const handle of [retry, echo]) if (handle !== undefined) timers.clearTimeout(handle);
      retry = echo = undefined;
    };
    streams.add(stop);
    readers.add(reader);
    frameListeners.add(onFrame);
    closeListeners.add(onClose);
    void open();
    return () => stop();
  }

  /* ---------------------------------------------------------------- the calls */

  const unsupported = (what: string) => new ChatFailure('rejected', `${what} is not supported by the Web Messaging transport`);
  const event = (e: Record<string, unknown>, attributes?: Record<string, string>) => ({
    action: 'onMessage',
    message: { type: 'Event', events: [e], ...(attributes ? { channel: { metadata: { customAttributes: attributes } } } : {}) },
  });
  const isEventAnswer = (f: Frame) => f.class === 'StructuredMessage' && isRecord(f.body) && f.body.type === 'Event';
  const customId = (f: Frame) => (isRecord(f.body) && isRecord(f.body.metadata) ? f.body.metadata.customMessageId : undefined);

  /** Sends `text` under the client message id `id`; an answer lost is looked for in the history before the failure is said. */
  async function send(t: string, text: string, id: string, attributes?: Record<string, string>): Promise<{ index?: number }> {
    const message = {
      type: 'Text',
      text,
      metadata: { customMessageId: id },
      ...(attributes ? { channel: { metadata: { customAttributes: attributes } } } : {}),
    };
    try {
      await request(t, { action: 'onMessage', message }, (f) => f.class === 'StructuredMessage' && customId(f) === id, 'send');
      for (const read of readers) read();
      return {};
    } catch (error) {
      if (!(error instanceof ChatFailure && error.lost)) throw error;
      const stored = await page(t, 1)
        .then(({ entities }) => entities.some((entity) => isRecord(entity) && isRecord(entity.metadata) && entity.metadata.customMessageId === id))
        .catch(() => false);
      if (stored) return {};
      throw error;
    }
  }

  return {
    type: 'webmessaging',
    capabilities: { async: true, pagination: true, fileUpload: false, stream: true },

    close() {
      for (const stop of [...streams]) stop();
      drop('closed');
    },

    async start(req: StartRequest) {
      if (!deploymentId) throw new ChatFailure('rejected', 'Invalid transport configuration: webchat.transport.deploymentId is missing');
      // The deployment's conversation goes on (Messenger's): its token is used again unless it ended.
      let t = '';
      keep(() => (t = storage.getItem(tokenKey) ?? ''));
      let info = t ? await connect(t).catch(() => undefined) : undefined;
      if (!info || info.readOnly) {
        t = randomId();
        info = await connect(t);
      }
      keep(() => storage.setItem(tokenKey, t));
      const attributes: Record<string, string> = { ...req.userData };
      const fields = {
        nickname: req.nickname,
        firstName: req.firstName,
        lastName: req.lastName === '.' ? '' : req.lastName,
        email: req.emailAddress,
        subject: req.subject,
      };
      for (const [key, value] of Object.entries(fields)) if (value) attributes[key] = value;
      await request(t, event({ eventType: 'Presence', presence: { type: 'Join' } }, attributes), isEventAnswer, 'start');
      const data = { chatId: randomId(), token: t, deploymentId };
      if (req.text?.trim()) await send(t, req.text, randomId());
      return { session: data, messages: [] };
    },

    async restore(data, fromIndex) {
      const t = session(data).token;
      const info = await connect(t);
      if (info.newSession) throw new ChatFailure('ended', 'The chat session has expired');
      return { messages: await after(t, fromIndex), chatEnded: info.readOnly };
    },

    async poll(data, fromIndex): Promise<PollResult> {
      return { messages: await after(session(data).token, fromIndex), chatEnded: false };
    },

    subscribe,

    send: (data, text, sendOptions = {}) => send(session(data).token, text, sendOptions.clientMessageId || randomId()),

    /** Typing on only: the agent's side times it out (the API has no off). */
    async typing(data, typing) {
      const t = session(data).token;
      if (typing && ws && token === t) await ask({ ...event({ eventType: 'Typing', typing: { type: 'On' } }), token: t }, isEventAnswer, 'typing');
    },

    /** Clears the conversation (Messenger's 'Clear conversation'): its token is forgotten. */
    async disconnect(data) {
      const t = session(data).token;
      await request(t, event({ eventType: 'Presence', presence: { type: 'Clear' } }), (f) => f.class === 'SessionClearedEvent', 'end');
      keep(() => storage.removeItem(tokenKey));
      known.delete(t);
      drop('cleared');
    },

    customNotice: () => Promise.reject(unsupported('A custom notice')),
    updateUserData: () => Promise.reject(unsupported('Updating user data during a chat')),
    fileLimits: () => Promise.reject(unsupported('File transfer')),
    upload: () => Promise.reject(unsupported('File transfer')),
    download() {
      throw unsupported('File transfer');
    },

    async history(data, before, count) {
      const hi = Math.ceil(Math.max(1, before) / WEBMESSAGING.step) - 1;
      return hi < 1 ? [] : positions(session(data).token, Math.max(1, hi - Math.max(1, Math.floor(count)) + 1), hi);
    },
  };
}
