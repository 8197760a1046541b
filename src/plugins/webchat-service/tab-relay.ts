import { ChatFailure } from '../../services/chat/types.ts';
import { transportTypeOf } from '../shared/webchat-config.ts';
import type { ChatService } from './core.ts';
import type { Outgoing } from './outbox-wiring.ts';
import { restore } from './restore.ts';

/**
 * The chat in every tab of this browser (docs/reliability.md "One connection for all tabs"): the leader
 * polls or streams and sends the shared outbox; a follower streams the leader's broadcasts; a chat started
 * or restored in one tab is taken up by the others.
 */
export function relayTabs(svc: ChatService, { outbox, sender, waiting, settleWaiting }: Outgoing): void {
  const { actor } = svc;
  /**
   * The machine polls or streams as this tab's part says (after a restore; `restart` when the tab comes to
   * lead: a push transport streams either way, but from the leader's channel before and its own socket now).
   */
  const align = (restart: boolean) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches('notConfigured')) return;
    const want = svc.streamMode(svc.stored?.type ?? transportTypeOf(svc.settings));
    const differs = snapshot.context.stream !== want;
    if (differs) actor.send({ type: 'configure', stream: want });
    // Polling starts over in the new mode, from the highest index held (a stopped poll stays stopped).
    if ((differs || restart) && snapshot.hasTag('active') && !snapshot.matches({ started: { polling: 'stopped' } })) {
      actor.send({ type: 'poll.stop' });
      actor.send({ type: 'poll.start' });
    }
  };
  /** A stored chat this tab does not run yet (started or restored in another tab): it restores it. */
  const adopt = (chatId?: string) => {
    if (svc.active() || svc.restoring) return;
    const found = svc.store.load();
    if (!found || (chatId !== undefined && String(found.session.chatId) !== chatId)) return;
    svc.handover = true;
    restore(svc)
      .catch(() => undefined)
      .finally(() => (svc.handover = false));
  };
  svc.tabs.onLeader(() => {
    align(true);
    adopt();
    // What the tab before left in the shared outbox goes from here now.
    sender.kick();
  });
  // Every change of this tab's outbox is news to the others (the leader drains what a follower added; a
  // follower shows what the leader sent); what another tab said is read, not said again.
  let readingOutbox = false;
  outbox.subscribe(() => {
    if (!readingOutbox) svc.tabs.post({ t: 'outbox', chatId: outbox.chatId ?? '' });
  });
  svc.tabs.onMessage((message) => {
    if (message.t !== 'outbox') return;
    readingOutbox = true;
    try {
      for (const read of [...svc.outboxReaders]) read({ key: null });
    } finally {
      readingOutbox = false;
    }
  });
  // A follower's sendMessage: the leader sends the entry; the shared outbox says when it is acknowledged
  // (sent, or already replaced by the server's copy) or given up.
  outbox.subscribe(() => {
    if (svc.tabs.isLeader()) return;
    for (const id of waiting()) {
      const entry = outbox.get(id);
      if (!entry || entry.state === 'sent') settleWaiting(id, { result: entry?.index === undefined ? {} : { index: entry.index } });
      else if (entry.state === 'failed') settleWaiting(id, { error: new ChatFailure('rejected', entry.error ?? 'The message was not sent') });
    }
  });
  actor.on('restored', () => queueMicrotask(() => align(false)));
  actor.on('restoredOffline', () => queueMicrotask(() => align(false)));
  svc.tabs.onMessage((message) => {
    if (message.t === 'chat' && message.event === 'started') adopt(message.chatId);
    // A follower asks the leader for a chat it does not run: the leader takes it up.
    else if (message.t === 'sync' && svc.tabs.isLeader()) adopt(message.chatId);
    else if (message.t === 'chat' && message.event === 'ended' && svc.tabs.isLeader() && svc.active() && String(svc.sessionOf().chatId) === message.chatId)
      actor.send({ type: 'poll.now' });
  });
}
