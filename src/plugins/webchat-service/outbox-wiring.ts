import { createOutbox, createOutboxSender, type Outbox, type OutboxSender, type StorageLike } from '../../services/chat/outbox.ts';
import { isRecord } from '../../app/records.ts';
import type { ChatService } from './core.ts';
import { errorEvent, failureOf, webChatServiceMessages } from './messages.ts';

type Outcome = { result: { index?: number } } | { error: unknown };
type SendOptions = { messageType?: string; eventAttributes?: string };

/** The chat's outgoing side: the outbox, its sender, and the `sendMessage` commands waiting for their entry. */
export interface Outgoing {
  outbox: Outbox;
  sender: OutboxSender;
  /** The visitor's message checked and queued; resolves when acknowledged, rejects when refused or given up. */
  send(message: unknown, options?: SendOptions): Promise<{ index?: number }>;
  /** The ids of `sendMessage` commands still waiting. */
  waiting(): string[];
  settleWaiting(id: string, outcome: Outcome): void;
}

/**
 * The outbox (docs/reliability.md): what the visitor sent and the server has not acknowledged, and the
 * draft, survive a reload; one message in flight at a time, in order, each with its client message id on
 * every retry. Its entries are the transcript's outgoing rows. Registers the commands on it: retryMessage,
 * editMessage, getDraft, saveDraft.
 */
export function wireOutbox(svc: ChatService): Outgoing {
  const { app, actor, plugin } = svc;
  const storageOf = (): StorageLike | null => {
    try {
      return app.window.localStorage ?? null;
    } catch {
      return null;
    }
  };
  const outbox = createOutbox({ storage: storageOf(), prefix: app.config.main.deploymentID || 'la', events: svc.outboxEvents });
  const waiting = new Map<string, { resolve(result: { index?: number }): void; reject(error: unknown): void }>();
  const settleWaiting = (id: string, outcome: Outcome) => {
    const waiter = waiting.get(id);
    if (!waiter) return;
    waiting.delete(id);
    if ('result' in outcome) waiter.resolve(outcome.result);
    else waiter.reject(outcome.error);
  };
  const connectionUp = () => {
    const snapshot = actor.getSnapshot();
    return !snapshot.context.offline && !snapshot.matches({ started: { connection: 'disconnected' } }) && app.window.navigator?.onLine !== false;
  };
  /**
   * After a reload the outbox waits for the restored transcript (it may come after `restored`: a follower tab's
   * comes from the leader), so a message whose answer was lost before the reload is found there, not sent again.
   */
  let transcriptKnown = true;
  let knownTimer: ReturnType<typeof setTimeout> | undefined;
  const knowTranscript = () => {
    if (knownTimer !== undefined) clearTimeout(knownTimer);
    knownTimer = undefined;
    if (transcriptKnown) return;
    transcriptKnown = true;
    queueMicrotask(() => sender.kick());
  };
  const sender = createOutboxSender({
    outbox,
    send: (entry) =>
      svc.transport!.send(svc.sessionOf(), entry.text, { ...entry.options, clientMessageId: entry.id }).catch((error: unknown) => {
        // The answer was lost: a poll now, so the retry (0.5 s on) finds the message if the server has it.
        if (failureOf(error).lost) actor.send({ type: 'poll.now' });
        throw error;
      }),
    transcript: () => actor.getSnapshot().context.transcript.messages,
    // Only the tab that holds the chat's connection sends (the tabs' leader; without Web Locks every tab leads).
    isLeader: () => actor.getSnapshot().hasTag('active') && outbox.chatId !== undefined && transcriptKnown && svc.tabs.isLeader(),
    connected: connectionUp,
    failureOf,
    onSent: (entry, result) => {
      svc.saveMetadata({ userMessages: svc.metadata.userMessages + 1 });
      actor.send({ type: 'message.sent' });
      actor.send({ type: 'activity' });
      actor.send({ type: 'poll.now' });
      settleWaiting(entry.id, { result });
    },
    onFailed: (entry, error) => {
      const failure = failureOf(error);
      svc.saveMetadata({ errors: svc.metadata.errors + 1 });
      plugin.publish('error', errorEvent(failure, 'sendMessage'));
      if (failure.kind === 'ended') actor.send({ type: 'poll.now' });
      settleWaiting(entry.id, { error: failure });
    },
  });
  // Another tab's message, a Retry: the sender looks again (it sends one at a time whatever calls it).
  outbox.subscribe(() => sender.kick());
  // The outbox's entries are the transcript's outgoing rows, with their send state.
  outbox.subscribe(() => actor.send({ type: 'outbox.changed', entries: outbox.entries() }));
  actor.send({ type: 'outbox.changed', entries: outbox.entries() });
  const openOutbox = () => {
    const session = actor.getSnapshot().context.session;
    outbox.open(session ? String(session.chatId) : undefined);
    queueMicrotask(() => sender.kick());
  };
  /** A restored chat: the outbox sends once the transcript is in (or after 3 s without one: offline, all hidden). */
  const reopenOutbox = () => {
    transcriptKnown = false;
    if (knownTimer !== undefined) clearTimeout(knownTimer);
    knownTimer = setTimeout(knowTranscript, 3000);
    openOutbox();
  };
  const closeOutbox = () => {
    sender.stop();
    outbox.clear();
    for (const id of [...waiting.keys()]) settleWaiting(id, { error: new Error(webChatServiceMessages.noSession) });
  };
  actor.on('started', () => {
    knowTranscript();
    openOutbox();
  });
  actor.on('restored', reopenOutbox);
  actor.on('restoredOffline', reopenOutbox);
  actor.on('ended', closeOutbox);
  actor.on('restoreFailed', closeOutbox);
  actor.on('restoreTimeout', closeOutbox);
  // The server's copy of an acknowledged message replaces it.
  actor.on('messageReceived', (event) => {
    outbox.settle(event.messages);
    knowTranscript();
  });
  // The connection is back: what waits goes now, in order.
  actor.on('reconnected', () => sender.resume());
  actor.on('chatServerBackOnline', () => sender.resume());
  app.window.addEventListener?.('online', () => sender.resume());
  // Entries of a chat the session cookie no longer names go (a chat that ended in another page, expired).
  if (!svc.store.load()) outbox.open(undefined);

  /** The visitor's message checked (preprocessors, empty, too long) and put in the outbox; throws when refused. */
  const queue = (message: unknown, options: SendOptions) => {
    svc.requireActive();
    if (typeof message !== 'string' || message.trim() === '') throw new Error(webChatServiceMessages.noText);
    let text = message;
    for (const preprocess of svc.preprocessors) {
      try {
        const out = preprocess(text);
        if (typeof out === 'string') text = out;
      } catch (error) {
        console.error('[live-assist] a WebChatService preprocessor threw; its change is skipped', error);
      }
    }
    if (text.trim() === '') throw new Error(webChatServiceMessages.noText);
    const max = svc.settings.maxMessageLength;
    if (text.length > max) throw new Error(webChatServiceMessages.tooLong(max));
    const sendOptions = Object.fromEntries(Object.entries(options).filter(([, v]) => typeof v === 'string'));
    const entry = outbox.add(text, sendOptions, actor.getSnapshot().context.lastIndex);
    sender.kick();
    return entry;
  };
  const send = async (message: unknown, options: SendOptions = {}) => {
    const entry = queue(message, options);
    const answer = outbox.get(entry.id);
    if (answer?.state === 'sent') return answer.index === undefined ? {} : { index: answer.index };
    // The public command's contract: it resolves when the entry is acknowledged, rejects when it is given up.
    return new Promise<{ index?: number }>((resolve, reject) => waiting.set(entry.id, { resolve, reject }));
  };

  plugin.registerCommand('retryMessage', (options) => {
    const id = isRecord(options) && typeof options.id === 'string' ? options.id : undefined;
    for (const entry of outbox.entries()) if (entry.state === 'failed' && (id === undefined || entry.id === id)) outbox.retry(entry.id);
    sender.kick();
  });
  plugin.registerCommand('editMessage', (options) => {
    const id = isRecord(options) && typeof options.id === 'string' ? options.id : '';
    const entry = outbox.get(id);
    if (entry?.state !== 'failed') throw new Error(webChatServiceMessages.notFailed);
    outbox.remove(id);
    settleWaiting(id, { error: new Error('The message was taken back to be edited') });
    return { text: entry.text };
  });
  plugin.registerCommand('getDraft', () => ({ text: outbox.draft() }));
  plugin.registerCommand('saveDraft', (options) => {
    if (!isRecord(options) || typeof options.text !== 'string') throw new Error(webChatServiceMessages.noDraftText);
    if (svc.active()) outbox.setDraft(options.text);
  });

  return { outbox, sender, send, waiting: () => [...waiting.keys()], settleWaiting };
}
