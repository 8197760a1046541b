import type { WebChatController } from './view-state.ts';
import { errorMessage, type ChatWindow } from './window.ts';

/** An upload (FileSendFailed's Retry sends the same files again); a refusal is worded by the window's alert. */
export async function sendFiles(win: ChatWindow, files: File[]): Promise<void> {
  const { actor, plugin } = win;
  win.lastFiles = files;
  try {
    await plugin.command('WebChatService.sendFile', { files });
  } catch (error) {
    const errors = win.lastError?.during === 'sendFile' ? win.lastError.errors : [];
    const codes = errors.map((e) => e.code);
    actor.send({
      type: 'session.error',
      key: codes.length ? 'serverErrors' : 'FileSendFailed',
      codes,
      keys: errors.map((e) => e.key ?? ''),
      details: errors.map(({ name, max }) => ({ name, max })),
      messages: [errorMessage(error)],
      retry: !codes.length,
    });
  }
}

/** What `<la-chat>` holds: the window's actors and view state, and the visitor's intents as commands. */
export function createController(win: ChatWindow): WebChatController {
  const { actor, chatButton, plugin, view } = win;
  return {
    actor,
    chatButton,
    view,
    settings: () => {
      // Read by every way of opening the window (openWindow, ensureService, the service's events).
      if (!win.service) throw new Error("[live-assist] the chat window was drawn before the chat service's options were read");
      return { ...win.settings, service: win.service };
    },
    async send(text) {
      const { session: store } = await win.ensureService();
      // The text goes up as the public command. It is safe once its row shows in the transcript (the
      // outbox stored it): the input empties then, not when the server acknowledges it; a refusal (the
      // command rejects before any row) keeps it in the input.
      const before = new Set(store.value.transcript.outgoing.map((o) => o.id));
      let rowShown: () => void = () => undefined;
      const queued = new Promise<void>((resolve) => (rowShown = resolve));
      const watch = store.subscribe(() => {
        if (store.value.transcript.outgoing.some((o) => !before.has(o.id))) rowShown();
      });
      const sent = plugin.command('WebChatService.sendMessage', { message: text });
      // Given up later: its row says 'Not sent' with Retry and Edit, announced politely (no alert).
      sent.catch(() => undefined);
      try {
        await Promise.race([queued, sent]);
      } catch (error) {
        actor.send({ type: 'session.error', key: 'MessageFailed', messages: [errorMessage(error)] });
        throw error;
      } finally {
        watch.unsubscribe();
      }
      actor.send({ type: 'draft.sent', text });
    },
    typing(text) {
      if (!win.session?.session.value.active) return;
      void plugin.command('WebChatService.sendTyping', { message: text }).catch(() => undefined);
    },
    download(fileId) {
      void plugin
        .command('WebChatService.downloadFile', { fileId })
        .catch((error: unknown) => actor.send({ type: 'session.error', key: 'Generic', messages: [errorMessage(error)] }));
    },
    sendFiles: (files) => sendFiles(win, files),
    loadHistory() {
      if (view.value.historyLoading) return;
      win.patch({ historyLoading: true });
      plugin.command('WebChatService.fetchHistory').then(
        () => win.patch({ historyLoading: false }),
        () => win.patch({ historyLoading: false, canLoadHistory: false }),
      );
    },
    cobrowse() {
      void plugin.command(view.value.cobrowse ? 'Cobrowse.stop' : 'Cobrowse.start').catch(() => undefined);
    },
    chatButtonTemplate: () => win.invite.chatButton.template,
    clickChatButton() {
      if (!win.isOpen()) void plugin.command('WebChat.open').catch(() => undefined);
    },
  };
}
