import { transportProblem } from './settings.ts';
import type { ChatService } from './core.ts';
import { failureOf, webChatServiceMessages } from './messages.ts';
import type { ChatSessionInfo } from './webchat-service.api.ts';

/** Waits for the outcome of a start, end or restore the machine is running: the first of `wanted` resolves, of `failed` rejects. */
export const outcome = (svc: ChatService, wanted: ReadonlyArray<string>, failed: ReadonlyArray<string>): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const subscriptions = [...wanted, ...failed].map((type) =>
      svc.actor.on(type as 'started', (event: { type: string; failure?: unknown }) => {
        subscriptions.forEach((s) => s.unsubscribe());
        if (wanted.includes(type)) resolve(event);
        else
          reject(
            event.failure
              ? failureOf(event.failure)
              : new Error(type === 'restoreTimeout' ? 'The chat could not be restored: the restore timeout passed' : webChatServiceMessages.restoreEnded),
          );
      }),
    );
  });

/** Restores the stored chat (after a reload, another tab's chat, or asyncRestore). */
export async function restore(svc: ChatService): Promise<ChatSessionInfo> {
  const { actor } = svc;
  if (svc.restoring) throw new Error(webChatServiceMessages.restoring);
  if (svc.active()) throw new Error(webChatServiceMessages.active);
  const found = svc.store.load();
  if (!found) return { sessionActive: false };
  const problem = transportProblem({ ...svc.settings, transport: { ...svc.settings.transport, type: found.type } });
  if (problem) throw new Error(problem);
  svc.stored = found;
  svc.restoring = true;
  // The stored chat's transport decides whether it is polled or pushed.
  actor.send({ type: 'configure', stream: svc.streamMode(found.type) });
  const done = outcome(svc, ['restored', 'restoredOffline'], ['restoreFailed', 'restoreTimeout']);
  if (found.filters.length)
    actor.send({
      type: 'prefilter.add',
      filters: found.filters.flatMap(([source, flags]) => {
        try {
          return [new RegExp(source, flags)];
        } catch {
          return [];
        }
      }),
    });
  actor.send({ type: 'restore', session: found.session, position: 1, lastActivity: found.ping, now: Date.now() });
  try {
    await done;
  } finally {
    svc.restoring = false;
  }
  return svc.info();
}
