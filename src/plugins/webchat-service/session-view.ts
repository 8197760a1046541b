import type { ChatSessionActor } from './core.ts';
import type { ChatSessionView, ReadableStore } from './webchat-service.api.ts';

/** The read-only store of the session's view: the machine's snapshot, told only when what it holds changes. */
export function sessionView(actor: ChatSessionActor): ReadableStore<ChatSessionView> {
  const read = (held?: ChatSessionView): ChatSessionView => {
    const snapshot = actor.getSnapshot();
    const active = snapshot.hasTag('active');
    const connection = !active
      ? 'connected'
      : snapshot.matches({ started: { connection: 'disconnected' } })
        ? 'disconnected'
        : snapshot.matches({ started: { connection: 'reconnected' } })
          ? 'reconnected'
          : 'connected';
    const next: ChatSessionView = { active, transcript: snapshot.context.transcript, connection };
    return held && held.active === next.active && held.transcript === next.transcript && held.connection === next.connection ? held : next;
  };
  let value = read();
  const listeners = new Set<() => void>();
  actor.subscribe(() => {
    const next = read(value);
    if (next === value) return;
    value = next;
    for (const listener of [...listeners]) listener();
  });
  return {
    get value() {
      return value;
    },
    subscribe(listener) {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
  };
}
