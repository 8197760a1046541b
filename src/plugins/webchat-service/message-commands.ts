import { isRecord } from '../../app/records.ts';
import { missing } from '../../../machines/chat-transcript.ts';
import type { ChatService } from './core.ts';
import { HISTORY_PAGE, webChatServiceMessages } from './messages.ts';
import type { Outgoing } from './outbox-wiring.ts';

/**
 * The commands on the chat's messages (web-chat.md §7, §8): sending (plain, filtered, custom notices),
 * typing and its preview, user data, preprocessors, and the asynchronous chat's history.
 */
export function registerMessageCommands(svc: ChatService, { send }: Outgoing): void {
  const { app, actor, plugin } = svc;
  plugin.registerCommand('sendMessage', (options) => send(options?.message, { messageType: options?.messageType, eventAttributes: options?.eventAttributes }));

  const toFilters = (filters: unknown): RegExp[] => {
    const list = Array.isArray(filters) ? filters : [filters];
    if (!list.length || list.length > 20 || !list.every((f) => f instanceof RegExp)) throw new Error(webChatServiceMessages.invalidFilters);
    return list as RegExp[];
  };
  plugin.registerCommand('addPrefilter', (options) => {
    const filters = toFilters(isRecord(options) ? options.filters : undefined);
    actor.send({ type: 'prefilter.add', filters });
    if (svc.stored) svc.persistSession(svc.stored.session);
  });
  plugin.registerCommand('sendFilteredMessage', async (options) => {
    const filters = toFilters(isRecord(options) ? options.regex : undefined);
    svc.requireActive();
    // A message that cannot be sent adds no filter either.
    if (typeof options.message !== 'string' || options.message.trim() === '') throw new Error(webChatServiceMessages.noText);
    actor.send({ type: 'prefilter.add', filters });
    if (svc.stored) svc.persistSession(svc.stored.session);
    return send(options.message);
  });

  plugin.registerCommand('sendCustomNotice', async (options) => {
    svc.requireActive();
    const message = isRecord(options) && typeof options.message === 'string' ? options.message : '';
    await svc.transport!.customNotice(svc.sessionOf(), message);
  });

  plugin.registerCommand('sendTyping', (options) => {
    svc.requireActive();
    svc.preview = isRecord(options) && typeof options.message === 'string' ? options.message.slice(0, svc.settings.maxMessageLength) : svc.preview;
    actor.send({ type: 'typing.input' });
    actor.send({ type: 'activity' });
  });

  plugin.registerCommand('updateUserData', async (options) => {
    if (!isRecord(options)) throw new Error(webChatServiceMessages.malformedUserData);
    const data = Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    if (!svc.active()) {
      // Before a chat: kept for the next start.
      svc.settings = { ...svc.settings, userData: { ...svc.settings.userData, ...data } };
      return;
    }
    await svc.transport!.updateUserData(svc.sessionOf(), data);
  });

  plugin.registerCommand('fetchHistory', async () => {
    if (!svc.isAsync()) throw new Error(webChatServiceMessages.historyAsyncOnly);
    svc.requireActive();
    const { transcript, lastIndex } = actor.getSnapshot().context;
    const oldest = Math.min(transcript.messages[0]?.index ?? Infinity, lastIndex + 1);
    if (oldest <= 1) throw new Error(webChatServiceMessages.noMoreMessages);
    const page = await svc.transport!.history(svc.sessionOf(), oldest, HISTORY_PAGE);
    const messages = missing(actor.getSnapshot().context.transcript, page);
    if (!messages.length) throw new Error(webChatServiceMessages.noMoreMessages);
    // The machine upserts them and emits messageReceived (history), published above.
    actor.send({ type: 'history.received', messages });
    return messages;
  });

  plugin.registerCommand('registerTypingPreviewInput', (options) => {
    const input = isRecord(options) ? options.input : undefined;
    const win = app.window as Window & typeof globalThis;
    const ok = input instanceof win.HTMLTextAreaElement || (input instanceof win.HTMLInputElement && input.type === 'text');
    if (!ok) throw new Error(webChatServiceMessages.invalidPreviewInput);
    (input as HTMLInputElement).addEventListener('input', () => {
      if (!svc.active()) return;
      svc.preview = (input as HTMLInputElement).value.slice(0, svc.settings.maxMessageLength);
      actor.send({ type: 'typing.input' });
    });
  });
  plugin.registerCommand('registerPreProcessor', (options) => {
    const preprocessor = isRecord(options) ? options.preprocessor : undefined;
    if (typeof preprocessor !== 'function') throw new Error(webChatServiceMessages.invalidPreProcessor);
    svc.preprocessors.push(preprocessor as (text: string) => string);
  });
}
