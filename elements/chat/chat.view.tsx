import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, Smokescreen, Window } from '../common/chrome.tsx';
import { AlertDialog, ConfirmDialog } from '../common/dialogs.tsx';
import { useEnvironment, useT, useView } from '../common/context.ts';
import type { Translator } from '../../src/app/i18n.ts';
import type { WebChatController } from '../../src/plugins/webchat/webchat.ts';
import { inputLimit, transcriptLines } from '../../machines/chat-transcript.ts';
import type { ChatAlert } from '../../machines/chat-window.machine.ts';
import { shortFileName } from '../../src/app/bytes.ts';
import { fileSize } from './transcript/items.ts';
import { ChatForm } from './chat-form.tsx';
import { MessageInput } from './message-input.tsx';
import { Transcript } from './transcript/index.tsx';
import { KnowledgeArticle } from './knowledge-article.tsx';
import type { KnowledgeOpen } from './knowledge-bubble.tsx';
import type { ChatDeflectionController } from '../../src/plugins/chat-deflection/chat-deflection.ts';
import sheet from '../../styles/chat.css' with { type: 'css' };
import transcriptSheet from '../../styles/chat-transcript.css' with { type: 'css' };
import inputSheet from '../../styles/chat-input.css' with { type: 'css' };
import knowledgeSheet from '../../styles/chat-knowledge.css' with { type: 'css' };

/**
 * The alert's lines: each server error by the key its transport gave it (next-generation REST's own codes),
 * else by its code (unknown codes: the generic text); or the alert's own text. What a text substitutes
 * (web-chat.md §8): the file's name, 201's allowed count, 202's and FileTransferSizeError's size limit.
 */
export function alertLines(t: Translator, alert: { key: string } & Pick<ChatAlert, 'codes' | 'keys' | 'messages' | 'details'>): string[] {
  if (alert.key === 'serverErrors' || (alert.codes.length && alert.key !== 'ChatUnavailable')) {
    const word = (code: number, index: number) => {
      const key = alert.keys?.[index];
      const { name, max } = alert.details?.[index] ?? {};
      const params = { ...(name && { name: shortFileName(name) }), ...(max && { max: code === 201 ? max : fileSize(max, t, t.lang) }) };
      if (key && key.startsWith('chat.error.') && t.t(key) !== key) return t.t(key, params);
      // A server code the language pack words (web-chat.md §8 "Chat window messages") has its own text;
      // with its limit known, the text that names it.
      const byCode = `chat.error.${code}`;
      if (max && t.t(`${byCode}.limit`) !== `${byCode}.limit`) return t.t(`${byCode}.limit`, params);
      return t.t(byCode) !== byCode ? t.t(byCode, params) : t.t('chat.error.Generic');
    };
    return alert.codes.length ? alert.codes.map(word) : [t.t('chat.error.Generic')];
  }
  return [t.t(`chat.error.${alert.key}`)];
}

/**
 * On a phone: the visual viewport's height and top as `--la-chat-viewport-height` / `-top`, in an
 * adopted sheet (no inline style: strict CSP), so the window shrinks above the on-screen keyboard.
 */
function useVisualViewport(active: boolean) {
  const { host } = useView();
  const sheet = useMemo(() => new CSSStyleSheet(), []);
  useEffect(() => {
    const viewport = host.ownerDocument.defaultView?.visualViewport;
    const shadow = host.shadowRoot;
    if (!active || !viewport || !shadow) return;
    const measure = () =>
      sheet.replaceSync(`:host { --la-chat-viewport-height: ${Math.round(viewport.height)}px; --la-chat-viewport-top: ${Math.round(viewport.offsetTop)}px; }`);
    measure();
    shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
    viewport.addEventListener('resize', measure);
    viewport.addEventListener('scroll', measure);
    return () => {
      viewport.removeEventListener('resize', measure);
      viewport.removeEventListener('scroll', measure);
      shadow.adoptedStyleSheets = shadow.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [active, host, sheet]);
}

/**
 * Chat deflection's controller once its plugin has loaded (it loads with the window when enabled), and
 * whether its article overlay is open. Never loads it: a chat without deflection has none.
 */
function useDeflection(): { deflection: ChatDeflectionController | null; articleOpen: boolean } {
  const { app } = useView();
  const [deflection, setDeflection] = useState<ChatDeflectionController | null>(null);
  useEffect(() => {
    let live = true;
    void app.whenProvided('ChatDeflection').then((controller) => live && setDeflection(controller));
    return () => {
      live = false;
    };
  }, [app]);
  const articleOpen = useSyncExternalStore(
    (notify) => {
      if (!deflection) return () => undefined;
      const subscription = deflection.actor.subscribe(notify);
      return () => subscription.unsubscribe();
    },
    () => deflection?.actor.getSnapshot().hasTag('article') ?? false,
  );
  return { deflection, articleOpen };
}

function ChatView({ controller }: ViewProps<WebChatController>) {
  const t = useT();
  const env = useEnvironment();
  const { actor } = controller;
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const context = useSelector(actor, (s) => s.context);
  const editing = useSelector(actor, (s) => s.hasTag('editing') || s.hasTag('busy'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const ended = useSelector(actor, (s) => s.hasTag('ended'));
  const alert = useSelector(actor, (s) => s.hasTag('alert'));
  const confirmingClose = useSelector(actor, (s) => s.hasTag('confirmingClose'));
  const confirmingEnd = useSelector(actor, (s) => s.hasTag('confirmingEnd'));
  const asyncClose = useSelector(actor, (s) => s.hasTag('asyncClose'));
  const idleAlert = useSelector(actor, (s) => s.hasTag('idleAlert'));
  const survey = useSelector(actor, (s) => s.hasTag('survey'));
  const canEnd = useSelector(actor, (s) => s.can({ type: 'end' }));
  const view = useSyncExternalStore(
    (notify) => {
      const subscription = controller.view.subscribe(notify);
      return () => subscription.unsubscribe();
    },
    () => controller.view.value,
  );
  const settings = controller.settings();
  // The service's transcript with this page's own lines, drawn as they are (the store ordered them).
  const lines = useMemo(() => transcriptLines(view.transcript, view.local), [view.transcript, view.local]);
  // The idle alert's close countdown, in whole seconds.
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!idleAlert || !context.idle?.countdownMs) return setLeft(null);
    const end = Date.now() + context.idle.countdownMs;
    setLeft(Math.ceil(context.idle.countdownMs / 1000));
    const timer = setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [idleAlert, context.idle?.countdownMs]);

  useVisualViewport(env.mobile && open);
  const { deflection, articleOpen } = useDeflection();
  // The form gives way to the transcript when the chat starts: focus goes on to the message input
  // (the focused Start Chat button is gone), never to <body>.
  const { host } = useView();
  const wasEditing = useRef(editing);
  useLayoutEffect(() => {
    if (wasEditing.current && !editing && open) {
      const active = host.shadowRoot?.activeElement;
      if (!active || active === host.shadowRoot?.querySelector('textarea') || !host.shadowRoot?.contains(active))
        host.shadowRoot?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
    }
    wasEditing.current = editing;
  }, [editing, open, host]);
  // Back from a knowledge article: the focus returns to the link that opened it (else to the input).
  const opener = useRef<HTMLElement | null>(null);
  const wasArticleOpen = useRef(articleOpen);
  useLayoutEffect(() => {
    if (wasArticleOpen.current && !articleOpen && open) {
      const target = opener.current;
      if (target?.isConnected) target.focus();
      else host.shadowRoot?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
    }
    if (!articleOpen) opener.current = null;
    wasArticleOpen.current = articleOpen;
  });
  const openKnowledge = (request: KnowledgeOpen, from: HTMLElement) => {
    opener.current = from;
    deflection?.actor.send({ type: 'article.open', ...request });
  };

  // Closed: nothing (the chat button is the launcher's: elements/chat/launcher.ts).
  if (!open) return null;

  const title = settings.title ?? t.t('chat.title');
  const unread = context.unread > 0 ? t.plural('chat.unread', context.unread) : undefined;
  // Safe in the outbox: the plugin empties the input; refused: the text stays (the window shows MessageFailed).
  const send = (value: string) => void controller.send(value).catch(() => undefined);

  return (
    <>
      <Window
        title={title}
        subtitle={unread}
        channel="WebChat"
        sideButton={controller.chatButton}
        autoFocus={!view.openedBySite}
        minimized={context.minimized}
        onMinimize={() => actor.send({ type: context.minimized ? 'restore' : 'minimize' })}
        onClose={() => actor.send({ type: 'close' })}
      >
        {editing ? (
          <ChatForm
            fields={context.fields}
            values={context.form}
            errors={context.errors}
            busy={busy}
            dataProtection={settings.dataProtection}
            focusErrorKey={context.focusErrorKey}
            onChange={(field, value) => actor.send({ type: 'form.change', field, value })}
            onSubmit={() => actor.send({ type: 'form.submit' })}
            onCancel={() => actor.send({ type: 'close' })}
          />
        ) : (
          <div className="la-chat__session" inert={articleOpen || undefined}>
            <Transcript
              messages={lines}
              pending={view.transcript.outgoing}
              onRetry={(id) => actor.send({ type: 'message.retry', id })}
              onEdit={(id) => {
                // The text goes back into the input: so does the focus (the Edit button is gone).
                actor.send({ type: 'message.edit', id });
                host.shadowRoot?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
              }}
              onToInput={() => {
                // The caret after the draft: a key typed from the log adds to it.
                const input = host.shadowRoot?.querySelector<HTMLTextAreaElement>('textarea:not([readonly])');
                input?.setSelectionRange(input.value.length, input.value.length);
                input?.focus();
                return Boolean(input);
              }}
              ended={ended}
              typing={view.typing}
              connection={view.connection}
              canLoadHistory={view.canLoadHistory}
              historyLoading={view.historyLoading}
              onLoadHistory={() => controller.loadHistory()}
              onDownload={(fileId) => controller.download(fileId)}
              onKnowledgeOpen={openKnowledge}
              groupingThresholdMs={settings.groupingThreshold}
            />
            <MessageInput
              value={context.draft}
              onChange={(value) => {
                actor.send({ type: 'draft.change', text: value });
                controller.typing(value);
              }}
              onSend={send}
              disabled={ended}
              {...inputLimit(settings.service.maxMessageLength)}
              charCounter={settings.charCountEnabled}
              emojis={settings.emojis}
              uploads={settings.service.uploadsEnabled && view.agentConnected ? { onFiles: (files) => void controller.sendFiles(files) } : null}
              cobrowse={view.agentConnected && view.cobrowse !== null ? { active: view.cobrowse, onToggle: controller.cobrowse } : null}
              mobile={env.mobile}
            />
            <ButtonGroup>
              {ended ? (
                <Button onClick={() => actor.send({ type: 'close' })}>{t.t('common.close')}</Button>
              ) : (
                <Button disabled={!canEnd} onClick={() => actor.send({ type: 'end' })}>
                  {t.t('chat.endChat')}
                </Button>
              )}
            </ButtonGroup>
          </div>
        )}
        {articleOpen && deflection && !editing ? <KnowledgeArticle actor={deflection.actor} /> : null}
        {view.overlay ? (
          <Smokescreen>
            <div className="la-chat__overlay" role="status">
              <p>{view.overlay}</p>
            </div>
          </Smokescreen>
        ) : null}
        {alert && context.alert ? (
          <AlertDialog
            title={t.t('common.error')}
            message={alertLines(t, context.alert)}
            onDismiss={() => actor.send({ type: 'alert.dismiss' })}
            onRetry={context.alert.retry ? () => actor.send({ type: 'retry' }) : undefined}
          />
        ) : null}
        {confirmingClose ? (
          <ConfirmDialog
            title={t.t('chat.closeTitle')}
            message={t.t('chat.closeConfirm')}
            confirmLabel={t.t('common.close')}
            cancelLabel={t.t('common.cancel')}
            onConfirm={() => actor.send({ type: 'close.confirm' })}
            onCancel={() => actor.send({ type: 'close.cancel' })}
          />
        ) : null}
        {confirmingEnd ? (
          <ConfirmDialog
            title={t.t('chat.endTitle')}
            message={t.t('chat.endConfirm')}
            confirmLabel={t.t('chat.endChat')}
            cancelLabel={t.t('common.cancel')}
            onConfirm={() => actor.send({ type: 'dialog.confirm' })}
            onCancel={() => actor.send({ type: 'dialog.cancel' })}
          />
        ) : null}
        {asyncClose ? (
          <ConfirmDialog
            role="dialog"
            title={t.t('chat.asyncCloseTitle')}
            message={t.t('chat.asyncClose')}
            confirmLabel={t.t('chat.endChat')}
            cancelLabel={t.t('chat.closeWindow')}
            onConfirm={() => actor.send({ type: 'dialog.confirm' })}
            onCancel={() => actor.send({ type: 'dialog.cancel' })}
          />
        ) : null}
        {idleAlert && context.idle ? (
          <AlertDialog
            title={t.t('chat.idle.title')}
            message={[t.t('chat.idle.message'), ...(left !== null ? [t.plural('chat.idle.countdown', left)] : [])]}
            okLabel={t.t('chat.idle.stay')}
            onDismiss={() => actor.send({ type: 'alert.dismiss' })}
          />
        ) : null}
        {survey ? (
          <ConfirmDialog
            role="dialog"
            title={t.t('chat.survey.title')}
            message={t.t('chat.survey.message')}
            onConfirm={() => actor.send({ type: 'dialog.confirm' })}
            onCancel={() => actor.send({ type: 'dialog.cancel' })}
          />
        ) : null}
      </Window>
    </>
  );
}

export default defineView('la-chat-view', ChatView, [sheet, transcriptSheet, inputSheet, knowledgeSheet]);
