import type { ChatWindow, WebChatServiceController } from './window.ts';

/** The stored draft is at most this old while the visitor types (stored this long after the first change, and at once on `pagehide`). */
export const DRAFT_SAVE_MS = 300;

/** The input's draft, stored and put back, once the service is provided. */
export function followOutbox(win: ChatWindow): void {
  const { app, actor, plugin } = win;
  // A message that becomes 'Not sent' is reported by its own row (Retry / Edit) and the polite live region,
  // never by a modal alert: one would take focus, and the keys, from the visitor typing the next message.
  // The input's draft is stored as the visitor types (at most DRAFT_SAVE_MS after a key, at once on
  // pagehide) and put back when the chat comes back after a reload.
  const follow = (controller: WebChatServiceController) => {
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
