import type { ChatWindow, WebChatServiceController } from './window.ts';

/** The stored draft is at most this old while the visitor types (stored this long after the first change, and at once on `pagehide`). */
export const DRAFT_SAVE_MS = 300;

/** The visitor's failed messages and the input's draft, once the service is provided. */
export function followOutbox(win: ChatWindow): void {
  const { app, actor, plugin } = win;
  // The visitor's unsent messages show in the transcript with their state; one that becomes 'Not sent'
  // here raises MessageFailed once. The input's draft is stored as the visitor types (at most DRAFT_SAVE_MS
  // after a key, at once on pagehide) and put back when the chat comes back after a reload.
  const follow = (controller: WebChatServiceController) => {
    let failed = new Set(controller.session.value.transcript.outgoing.filter((e) => e.state === 'failed').map((e) => e.id));
    const update = () => {
      const now = controller.session.value.transcript.outgoing.filter((e) => e.state === 'failed');
      const fresh = now.filter((e) => !failed.has(e.id));
      failed = new Set(now.map((e) => e.id));
      if (fresh.length && win.isOpen()) actor.send({ type: 'session.error', key: 'MessageFailed', messages: fresh.map((e) => e.error ?? ''), retry: true });
    };
    controller.session.subscribe(update);
    update();
    let saved = '';
    let timer: number | undefined;
    const save = () => {
      if (timer !== undefined) app.window.clearTimeout(timer);
      timer = undefined;
      const { draft } = actor.getSnapshot().context;
      if (draft === saved || !controller.session.value.active) return;
      saved = draft;
      void plugin.command('WebChatService.saveDraft', { text: draft }).catch(() => undefined);
    };
    actor.subscribe((snapshot) => {
      if (snapshot.context.draft === saved || timer !== undefined) return;
      timer = app.window.setTimeout(save, DRAFT_SAVE_MS);
    });
    app.window.addEventListener('pagehide', save);
    /** The stored draft back in an empty input (after a reload). */
    const putBack = () =>
      void plugin.command('WebChatService.getDraft').then(
        ({ text }) => {
          saved = text;
          if (text && !actor.getSnapshot().context.draft) actor.send({ type: 'draft.change', text });
        },
        () => undefined,
      );
    app.bus.subscribe('WebChatService.restored', putBack);
    app.bus.subscribe('WebChatService.restoredOffline', putBack);
    if (controller.session.value.active) putBack();
  };
  void app.whenProvided('WebChatService').then(follow);
}
