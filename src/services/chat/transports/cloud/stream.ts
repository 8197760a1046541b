import { objectMessage, v } from '../../../answer.ts';
import { ChatFailure, type SessionData, type StreamHandlers, type TranscriptMessage } from '../../types.ts';
import { read, requiredId as id } from '../shared.ts';
import {
  CLOUD,
  cloudFailure,
  cloudSession,
  statusFailure,
  type CloudSession,
  type CloudSocket,
  type CloudSocketFactory,
  type CloudTimers,
  type CloudTransportOptions,
} from './protocol.ts';
import { cloudMessages, millisOf, sequence, type CloudRest } from './rest.ts';

/**
 * The cloud transport's event stream: one WebSocket per subscriber to the session's eventStreamUri, its
 * frames (message, typing-indicator, member-change, heartbeats) as transcript messages, the heartbeat
 * tracker, the reconnect, and the resync by pages (rest.ts `pagesAfter`) on every open, in one ordered
 * queue with what the socket brings, so nothing is lost and nothing is handed on twice.
 */

const frameSchema = v.object({
  topicName: v.optional(v.string(), ''),
  eventBody: v.optional(v.unknown()),
  metadata: v.optional(v.nullable(v.object({ type: v.optional(v.string(), '') }))),
});
const typingSchema = v.object(
  { sender: v.object({ id }, objectMessage), sequence, timestamp: v.optional(v.nullable(v.union([v.string(), v.number()]))) },
  objectMessage,
);
const memberChangeSchema = v.object(
  {
    member: v.object({ id, state: v.optional(v.string(), '') }, objectMessage),
    sequence,
    timestamp: v.optional(v.nullable(v.union([v.string(), v.number()]))),
  },
  objectMessage,
);

/**
 * A socket's close code as a failure, or undefined for a plain loss (1000, 1001, 1005, 1006 …: open it
 * again). 4000 + status is the server's refusal; 1008 / 1011 / 1013 are the standard codes for 400 / 500 / 503.
 */
export function closeFailure(code: number, reason = ''): ChatFailure | undefined {
  const status =
    code >= 4000 && code < 5000 ? code - 4000 : code === 1008 || code === 1003 || code === 1007 ? 400 : code === 1011 ? 500 : code === 1013 ? 503 : 0;
  return status >= 400 && status < 600 ? statusFailure('stream', status, reason) : undefined;
}

/** The event streams of one cloud transport: `subscribe`, and `close` to end every running one. */
export function createCloudStreams(options: CloudTransportOptions, rest: CloudRest) {
  const { ends, fromMessage, pagesAfter, transcriptOf } = rest;
  const timers: CloudTimers = options.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const reconnectDelay = options.reconnectDelay ?? CLOUD.reconnectDelay;
  const heartbeatTimeout = options.heartbeatTimeout ?? CLOUD.heartbeatTimeout;
  /** The running subscriptions' stops. */
  const streams = new Set<() => void>();

  /** A frame of the event stream as transcript messages ([] for a heartbeat or another conversation's). */
  async function fromFrame(s: CloudSession, frame: v.InferOutput<typeof frameSchema>): Promise<TranscriptMessage[]> {
    const type = frame.metadata?.type ?? '';
    if (!frame.topicName.includes(s.conversationId)) return [];
    if (type === 'message') {
      const out: TranscriptMessage[] = [];
      for (const m of cloudMessages([frame.eventBody], 'The chat event stream', 'eventBody').messages) {
        const message = await fromMessage(s, m);
        if (message) out.push(message);
      }
      return out;
    }
    if (type === 'typing-indicator') {
      const typing = read('stream', frame.eventBody, typingSchema);
      return [await transcriptOf(s, 'TypingStarted', typing.sequence, typing.sender.id, '', millisOf(typing.timestamp))];
    }
    if (type === 'member-change') {
      const change = read('stream', frame.eventBody, memberChangeSchema);
      const state = change.member.state.toUpperCase();
      if (state !== 'CONNECTED' && state !== 'DISCONNECTED') return [];
      return [
        await transcriptOf(
          s,
          state === 'CONNECTED' ? 'ParticipantJoined' : 'ParticipantLeft',
          change.sequence,
          change.member.id,
          '',
          millisOf(change.timestamp),
        ),
      ];
    }
    return [];
  }

  const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as CloudSocketFactory | undefined);

  /** The event stream of one conversation for one subscriber. */
  function subscribe(session: SessionData, fromIndex: number, handlers: StreamHandlers): () => void {
    const s = cloudSession(session);
    let stopped = false;
    let ended = false;
    let connected = true;
    /** The highest index handed on. */
    let high = Math.max(0, Math.floor(fromIndex) - 1);
    let socket: CloudSocket | undefined;
    /** Which socket the queued work belongs to: work of a socket given up is dropped. */
    let generation = 0;
    let heartbeat: unknown;
    let reconnect: unknown;
    /** One ordered queue: the resync of an open, then the frames in their order. */
    let queue: Promise<void> = Promise.resolve();
    /** Frames read but not handed on yet, and frames queued: what arrives together is handed on as one batch, in index order. */
    let pending: TranscriptMessage[] = [];
    let waiting = 0;

    const clear = () => {
      if (heartbeat !== undefined) timers.clearTimeout(heartbeat);
      heartbeat = undefined;
    };
    const shut = () => {
      clear();
      if (reconnect !== undefined) timers.clearTimeout(reconnect);
      reconnect = undefined;
      generation++;
      pending = [];
      waiting = 0;
      const old = socket;
      socket = undefined;
      if (old) {
        old.onopen = old.onmessage = old.onclose = old.onerror = null;
        try {
          old.close(1000);
        } catch {
          // already closed
        }
      }
    };
    const hand = (messages: TranscriptMessage[], chatEnded: boolean, always: boolean) => {
      if (stopped) return;
      // In index order, each index once (a frame sent twice, a page overlapping what the socket brought).
      const fresh: TranscriptMessage[] = [];
      for (const m of [...messages].sort((a, b) => a.index - b.index)) {
        if (m.index <= high) continue;
        high = m.index;
        fresh.push(m);
      }
      if (!connected) {
        connected = true;
        handlers.status('connected');
      }
      if (fresh.length || chatEnded || always) handlers.messages({ messages: fresh, chatEnded });
      if (chatEnded) {
        ended = true;
        shut();
      }
    };
    /** The socket is gone (or dead, or could not catch up): say so once, open another after the reconnect delay. */
    const lost = (report = true) => {
      shut();
      if (stopped || ended) return;
      if (report && connected) {
        connected = false;
        handlers.status('disconnected');
      }
      reconnect = timers.setTimeout(() => {
        reconnect = undefined;
        open();
      }, reconnectDelay);
    };
    const failed = (error: unknown) => {
      if (stopped || ended) return;
      const failure = cloudFailure('stream', error);
      if (failure.kind === 'ended') {
        ended = true;
        shut();
        handlers.failed(failure);
        return;
      }
      // Not caught up: nothing the socket brings may be handed on before a resync succeeds.
      if (!failure.lost) handlers.failed(failure);
      lost(failure.lost);
    };
    const run = (gen: number, task: () => Promise<void>) => {
      queue = queue.then(async () => {
        if (gen !== generation || stopped) return;
        try {
          await task();
        } catch (error) {
          if (gen === generation) failed(error);
        }
      });
    };
    /**
     * Every page after the highest index handed on, to the last there is: each page is handed on as it is
     * read (a failure later keeps it; the next socket reads on from there), and no frame is handed on before
     * the read is caught up — a frame's higher index would otherwise hide the pages not read yet.
     */
    const catchUp = async (gen: number) => {
      for (;;) {
        const result = await pagesAfter(s, high, CLOUD.maxPages, (messages) => {
          if (gen !== generation || stopped || ended) throw new ChatFailure('network', 'The cloud event stream was given up');
          hand(messages, ends(s, messages), false);
        });
        if (result.caughtUp || gen !== generation || ended) return;
      }
    };
    const beat = () => {
      clear();
      heartbeat = timers.setTimeout(() => {
        heartbeat = undefined;
        lost();
      }, heartbeatTimeout);
    };
    const open = () => {
      if (stopped || ended) return;
      if (!Socket) return failed(new ChatFailure('rejected', 'The cloud transport needs WebSocket, which this browser does not have'));
      const gen = ++generation;
      let ws: CloudSocket;
      try {
        ws = new Socket(s.webSocketUrl);
      } catch (error) {
        return lost();
      }
      socket = ws;
      // A socket that does not open within the heartbeat time is as dead as one that goes silent.
      beat();
      ws.onopen = () => {
        if (gen !== generation) return;
        beat();
        run(gen, async () => {
          await catchUp(gen);
          // A socket given up meanwhile: the next open reads on from the highest index handed on.
          if (gen === generation) hand([], false, true);
        });
      };
      ws.onmessage = (event) => {
        if (gen !== generation) return;
        beat();
        let frame: v.InferOutput<typeof frameSchema>;
        try {
          frame = read('stream', JSON.parse(typeof event.data === 'string' ? event.data : String(event.data)), frameSchema);
        } catch {
          console.error('[live-assist] cloud chat: a frame of the event stream is not JSON of the expected shape');
          return;
        }
        if (frame.topicName === 'channel.metadata') return;
        waiting++;
        run(gen, async () => {
          let messages: TranscriptMessage[] = [];
          try {
            messages = await fromFrame(s, frame);
          } catch (error) {
            // A frame of the wrong shape is the server's fault, not the visitor's: logged, skipped.
            if (!(error instanceof ChatFailure && error.kind === 'malformed')) throw error;
            console.error('[live-assist] cloud chat:', error.message);
          }
          if (gen !== generation) return;
          pending.push(...messages);
          if (--waiting > 0) return;
          const batch = pending;
          pending = [];
          if (batch.length) hand(batch, ends(s, batch), false);
        });
      };
      ws.onclose = (event) => {
        if (gen !== generation) return;
        socket = undefined;
        clear();
        const failure = closeFailure(event.code, event.reason ?? '');
        if (!failure) return lost();
        if (failure.kind === 'ended') {
          // The server ended the stream: what the chat said last (and the visitor's leave) is read first.
          run(gen, async () => {
            await catchUp(gen);
            if (!ended) failed(failure);
          });
          return;
        }
        failed(failure);
      };
      ws.onerror = () => undefined;
    };

    const stop = () => {
      stopped = true;
      streams.delete(stop);
      shut();
    };
    streams.add(stop);
    open();
    return stop;
  }

  const close = () => {
    for (const stop of [...streams]) stop();
  };

  return { subscribe, close };
}
