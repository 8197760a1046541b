import { checkboxValue, inputType, type ChatFieldConfig } from '../../../machines/chat-form.ts';
import { KNOWLEDGE_SENDER, type KnowledgeBubble, type KnowledgeMessage } from '../../../machines/chat-knowledge.ts';
import { sideButtonMessages } from '../../../machines/side-button.machine.ts';
import { readSection } from '../../app/section.ts';
import { isRecord } from '../../app/records.ts';
import { endInvite, showInvite } from './invite.ts';
import { readOpenForm } from './form-config.ts';
import { readWebChatInvite, readWebChatWindow, webChatInviteSchema, webChatWindowSchema } from './webchat-window-config.ts';
import { openWindow, webChatMessages, type ChatWindow } from './window.ts';

/** A prefilled value as the form holds it: text, or true / false (or the box's value) for a checkbox. */
function prefillValue(field: ChatFieldConfig | undefined, given: unknown): string | undefined {
  if (field && inputType(field) === 'checkbox' && (typeof given === 'boolean' || typeof given === 'string')) {
    return given === true || given === checkboxValue(field) ? checkboxValue(field) : given === false || given === '' ? '' : given;
  }
  return typeof given === 'string' ? given : undefined;
}

/** The WebChat commands (web-chat.md §4, §7), and the window following configuration and `App.closeAll`. */
export function registerCommands(win: ChatWindow): void {
  const { app, actor, chatButton, plugin, view } = win;
  plugin.registerCommand('open', async (options) => {
    if (win.isOpen()) throw new Error(webChatMessages.alreadyOpen);
    // A restored chat's window (service-events.ts cameBack): on the chat at once, which the restore goes on to fill.
    if (isRecord(options) && options.restoring === true && win.session?.session.value.active) {
      actor.send({ type: 'open', view: 'chat' });
      return;
    }
    // The invite ends; the window opens here, not from the invite.
    if (win.inviteShown) endInvite(win, false);
    const form = isRecord(options) && isRecord(options.form) ? options.form : undefined;
    const userData = isRecord(options) && isRecord(options.userData) ? options.userData : undefined;
    win.openUserData = userData
      ? Object.fromEntries(Object.entries(userData).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]))
      : undefined;
    // A form of this open's own (`formJSON`); the configured one otherwise.
    win.openForm = isRecord(options) && options.formJSON !== undefined ? readOpenForm(options.formJSON) : null;
    await openWindow(
      win,
      () => {
        if (!form) return;
        const fields = actor.getSnapshot().context.fields;
        for (const [field, given] of Object.entries(form)) {
          const value = prefillValue(
            fields.find((f) => f.name === field),
            given,
          );
          if (value !== undefined) actor.send({ type: 'form.change', field, value });
        }
        // The form's own check runs as for the visitor's submit: a missing or refused value shows the form.
        if (form.autoSubmit === true) actor.send({ type: 'form.submit' });
      },
      isRecord(options) && options.restoring === true,
    );
  });
  plugin.registerCommand('close', (options) => {
    if (!win.isOpen()) throw new Error(webChatMessages.notOpen);
    const force = isRecord(options) && options.confirmed === true;
    actor.send({ type: 'close', ...(force ? { force: true as const } : {}) });
    if (win.isOpen()) throw new Error(webChatMessages.confirmClose);
  });
  plugin.registerCommand('minimize', () => {
    if (!win.isOpen()) throw new Error(webChatMessages.notOpen);
    // The spec's toggle.
    actor.send({ type: actor.getSnapshot().context.minimized ? 'restore' : 'minimize' });
  });
  plugin.registerCommand('endChat', async () => {
    const active = (await plugin.command('WebChatService.verifySession')).sessionActive;
    if (!active) throw new Error(webChatMessages.noSession);
    if (win.isOpen() && actor.getSnapshot().can({ type: 'end' })) actor.send({ type: 'end' });
    else await plugin.command('WebChatService.endChat');
  });
  plugin.registerCommand('configure', (options) => {
    if (!isRecord(options) || !Object.keys(options).length) throw new Error(webChatMessages.invalidConfiguration);
    const next = { ...app.section('webchat'), ...options };
    const [issue] = readSection('webchat', next, { ...webChatWindowSchema, ...webChatInviteSchema }, () => undefined).issues;
    if (issue) throw new Error(`${webChatMessages.invalidConfiguration}: ${issue.path} ${issue.message}`);
    app.configure('webchat', next);
  });
  plugin.registerCommand('invite', async () => {
    if (win.isOpen()) throw new Error(webChatMessages.chatOpen);
    if ((await plugin.command('WebChatService.verifySession')).sessionActive) throw new Error(webChatMessages.inviteOff);
    await showInvite(win, 'proactive');
  });
  plugin.registerCommand('reInvite', async () => {
    if (!win.restoreTimedOut || !win.invite.autoInvite.inviteOnRestoreTimeout) throw new Error(webChatMessages.noRestoreTimeout);
    await showInvite(win, 'restore');
  });
  plugin.registerCommand('injectMessage', (options) => {
    const o: Record<string, unknown> = isRecord(options) ? options : {};
    if (o.type !== 'text' && o.type !== 'html') throw new Error(webChatMessages.injectType);
    if (typeof o.text !== 'string' || !o.text.trim() || o.text.length > 5000) throw new Error(webChatMessages.injectText);
    win.inject({
      index: win.nextLocalIndex(),
      type: 'Message',
      text: o.text,
      html: o.type === 'html',
      timestamp: Date.now(),
      from: { id: 'injected', type: 'External', name: typeof o.name === 'string' ? o.name.slice(0, 100) : '' },
    });
  });
  // Whether an agent is in the chat, for plugins that load after the agentConnected event (CallUs).
  plugin.registerCommand('getState', () => ({ agentConnected: view.value.agentConnected }));
  plugin.registerCommand('showOverlay', (options) => {
    if (!win.isOpen()) throw new Error(webChatMessages.notOpen);
    const text = isRecord(options) && typeof options.text === 'string' ? options.text.slice(0, 2000) : '';
    win.patch({ overlay: text || app.t.t('chat.overlay.default') });
  });
  plugin.registerCommand('hideOverlay', () => win.patch({ overlay: null }));
  plugin.registerCommand('showChatButton', () => {
    if (!chatButton.getSnapshot().can({ type: 'show' })) throw new Error(sideButtonMessages.alreadyVisible);
    win.element();
    chatButton.send({ type: 'show' });
  });
  plugin.registerCommand('addKnowledge', async (options, { commander }) => {
    if (commander !== 'ChatDeflection') throw new Error(webChatMessages.privateCommand('WebChat.addKnowledge'));
    if (!isRecord(options) || !isRecord(options.knowledge) || typeof options.summary !== 'string') throw new Error(webChatMessages.noKnowledge);
    // Sent while a batch's messageReceived is delivered, before the session store has the batch: placed
    // once the store has it (a microtask on), the line follows the messages that prompted it.
    await Promise.resolve();
    const message: KnowledgeMessage = {
      index: win.nextLocalIndex(),
      type: 'Message',
      text: options.summary,
      html: false,
      timestamp: Date.now(),
      from: { id: KNOWLEDGE_SENDER, type: 'Bot', name: '' },
      knowledge: options.knowledge as KnowledgeBubble,
    };
    win.inject(message);
  });
  plugin.registerCommand('hideChatButton', () => {
    if (!chatButton.getSnapshot().can({ type: 'hide' })) throw new Error(sideButtonMessages.alreadyHidden);
    chatButton.send({ type: 'hide' });
  });

  app.bus.subscribe('App.configured', (event) => {
    if (event.data.section === 'chatdeflection' && win.serviceLoaded) win.loadDeflection();
    if (event.data.section !== 'webchat') return;
    win.settings = readWebChatWindow(app.section('webchat'));
    if (win.service) win.service = win.readService();
    const was = win.invite.chatButton.enabled;
    win.invite = readWebChatInvite(app.section('webchat'), () => undefined);
    const { enabled, openDelay, effect, effectDuration } = win.invite.chatButton;
    chatButton.send({ type: 'configure', openDelay, effect, effectDuration });
    // Turned off or on by this configure (not merely still on: a button the site hid stays hidden).
    if (was && !enabled && chatButton.getSnapshot().can({ type: 'hide' })) chatButton.send({ type: 'hide' });
    if (!was && enabled && !win.inviteShown && chatButton.getSnapshot().can({ type: 'show' })) {
      win.element();
      chatButton.send({ type: 'show' });
    }
  });
  app.bus.subscribe('App.closeAll', () => {
    if (win.isOpen()) actor.send({ type: 'close' });
  });
}
