import { useEffect, useRef, type ChangeEvent, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, LoadingScreen, Smokescreen, Window } from '../common/chrome.tsx';
import { AlertDialog, ConfirmDialog } from '../common/dialogs.tsx';
import { TextArea, TextField } from '../common/fields.tsx';
import { takeActivation } from '../common/side-button.ts';
import { useEnvironment, useT, useView } from '../common/context.ts';
import type { Translator } from '../../src/app/i18n.ts';
import type { SendMessageController } from '../../src/plugins/send-message/send-message.ts';
import {
  ALLOWED_EXTENSIONS,
  MAX_FIELD_LENGTH,
  type FieldProblem,
  type FileProblem,
  type SendFailure,
  type SendMessageField,
} from '../../machines/send-message.machine.ts';
import { formatSize } from '../../src/app/bytes.ts';
import sheet from '../../styles/send-message.css' with { type: 'css' };

/** The spec's send-message codes and the locale keys that word them (the contact page's keys). */
const CODE_KEYS: Record<number, string> = {
  102: 'firstNameRequired',
  103: 'lastNameRequired',
  104: 'subjectRequired',
  181: 'emailRequired',
  182: 'textRequired',
  201: 'attachmentsLimit',
  202: 'attachmentsSize',
  203: 'invalidFileType',
  381: 'invalidFromEmail',
  383: 'invalidMailbox',
};

const ACCEPT = [...ALLOWED_EXTENSIONS.map((e) => `.${e}`), 'image/*', 'application/pdf', 'text/plain', 'application/zip'].join(',');

function size(t: Translator, lang: string, bytes: number): string {
  return formatSize(bytes, lang, (unit) => t.t(`sendmessage.size.${unit}`));
}

/** One code of the table in the active language; 201/202 with the allowed count or size. */
export function codeMessage(t: Translator, lang: string, code: number, limit?: number, fallback = ''): string {
  const key = CODE_KEYS[code];
  if (!key) return fallback || t.t('sendmessage.unknowError');
  const shown = limit === undefined ? '' : code === 202 ? size(t, lang, limit) : String(limit);
  return t.t(`sendmessage.${key}`, { limit: shown });
}

function fieldMessage(t: Translator, lang: string, problem: FieldProblem | undefined): string | undefined {
  if (problem === undefined) return undefined;
  return problem === 'maxLength' ? t.t('sendmessage.maxLength', { max: MAX_FIELD_LENGTH }) : codeMessage(t, lang, problem);
}

function fileMessage(t: Translator, lang: string, problem: FileProblem): string {
  const message = codeMessage(t, lang, problem.code, problem.limit);
  return problem.name ? t.t('sendmessage.fileProblem', { name: problem.name, message }) : message;
}

/**
 * The failure's messages: each error of a 400 by code, the server's reason, or the generic texts. A
 * timeout is not a failure the visitor can know about: the message may have arrived, and a retry (same
 * idempotency key) will not send it twice — the copy says so.
 */
function failureMessages(t: Translator, lang: string, failure: SendFailure): string[] {
  if (failure.kind === 'timeout') return [t.t('sendmessage.timeoutError')];
  if (failure.kind === 'network') return [t.t('sendmessage.connectionError')];
  if (failure.errors.length) {
    return failure.errors.map((e) => codeMessage(t, lang, e.code, e.limit, e.message));
  }
  return [failure.reason ?? t.t('sendmessage.unknowError')];
}

const FIELDS: ReadonlyArray<{ name: SendMessageField; type?: string; autoComplete: string }> = [
  { name: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'subject', autoComplete: 'off' },
];

function SendMessageView({ controller, attrs }: ViewProps<SendMessageController>) {
  const { actor } = controller;
  const settings = controller.settings();
  const t = useT();
  const { lang } = useEnvironment();
  const open = useSelector(actor, (s) => !s.matches('closed'));
  // What to show comes from the machine's tags and can() (machines/README.md), not from state names.
  const completed = useSelector(actor, (s) => s.hasTag('completed'));
  const sending = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('alert'));
  const confirmingClose = useSelector(actor, (s) => s.hasTag('confirmingClose'));
  const retryable = useSelector(actor, (s) => s.can({ type: 'retry' }));
  const context = useSelector(actor, (s) => s.context);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const { host } = useView();

  // A refused submit moves focus to the first problem.
  useEffect(() => {
    if (context.refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .la-send-message__file-problem')?.focus();
  }, [context.refusals]);
  // The success note replaces the form and back ('Write another message'): focus follows, never to <body>.
  const wasCompleted = useRef(false);
  useEffect(() => {
    if (completed) successRef.current?.focus();
    else if (wasCompleted.current) formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
    wasCompleted.current = completed;
  }, [completed]);
  // Opened from the side button (elements/common/side-button.ts): focus moves into the form (the button
  // itself steps aside); an embedded form is not focused by its window.
  useEffect(() => {
    if (!open || !takeActivation(host)) return;
    formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [open, host]);

  if (!open) return null;
  const embedded = attrs.mode !== 'dock';
  // While sending, the form is inert under the loading screen; a dialog makes it inert itself (dialogs.tsx).
  const busy = sending;
  const change = (field: SendMessageField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    actor.send({ type: 'form.change', field, value: event.target.value });
  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length) actor.send({ type: 'files.add', files });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
  };
  const total = context.files.reduce((sum, f) => sum + f.size, 0);
  const title = t.t('sendmessage.title');

  return (
    <>
      <Window
        title={title}
        channel="SendMessage"
        sideButton={controller.sideButton}
        kind={embedded ? 'embedded' : 'dock'}
        minimized={!embedded && context.minimized}
        {...(embedded
          ? {}
          : {
              onMinimize: () => actor.send({ type: context.minimized ? 'restore' : 'minimize' }),
              onClose: () => actor.send({ type: 'close' }),
            })}
      >
        {completed ? (
          <div ref={successRef} className="la-send-message__success cx-form-success" role="status" tabIndex={-1}>
            <p>{t.t('sendmessage.success')}</p>
            <ButtonGroup variant="primary">
              {embedded ? (
                <Button variant="primary" onClick={() => actor.send({ type: 'form.reset' })}>
                  {t.t('sendmessage.newMessage')}
                </Button>
              ) : (
                <Button variant="primary" onClick={() => actor.send({ type: 'close' })}>
                  {t.t('common.close')}
                </Button>
              )}
            </ButtonGroup>
          </div>
        ) : (
          <form ref={formRef} className="la-send-message__form cx-form" noValidate onSubmit={submit} inert={busy} aria-label={title}>
            {FIELDS.map(({ name, type, autoComplete }) => (
              <TextField
                key={name}
                label={t.t(`sendmessage.${name}`)}
                name={name}
                type={type ?? 'text'}
                autoComplete={autoComplete}
                required
                maxLength={MAX_FIELD_LENGTH}
                value={context.values[name]}
                onChange={change(name)}
                error={fieldMessage(t, lang, context.fieldErrors[name])}
              />
            ))}
            <TextArea
              label={t.t('sendmessage.text')}
              name="text"
              required
              rows={5}
              placeholder={t.t('sendmessage.textPlaceholder')}
              value={context.values.text}
              onChange={change('text')}
              error={fieldMessage(t, lang, context.fieldErrors.text)}
            />
            {settings.uploadsEnabled ? (
              <div className="la-send-message__attachments">
                <TextField
                  label={t.t('sendmessage.attach')}
                  name="files"
                  type="file"
                  multiple
                  accept={ACCEPT}
                  onChange={onFiles}
                  hint={t.t('sendmessage.attachHint')}
                />
                {context.fileProblem ? (
                  <p className="la-send-message__file-problem" role="alert" tabIndex={-1}>
                    {fileMessage(t, lang, context.fileProblem)}
                  </p>
                ) : null}
                {context.files.length ? (
                  <>
                    <ul className="la-send-message__files" aria-label={t.t('sendmessage.files')}>
                      {context.files.map((file, index) => (
                        <li key={`${index}-${file.name}`}>
                          <span className="la-send-message__file-name">{file.name}</span>
                          <span className="la-send-message__file-size">{size(t, lang, file.size)}</span>
                          <button
                            type="button"
                            className="la-icon-button"
                            aria-label={t.t('sendmessage.removeFile', { name: file.name })}
                            onClick={() => actor.send({ type: 'files.remove', index })}
                          >
                            <span aria-hidden="true">×</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                    <p className="la-send-message__total">{t.t('sendmessage.totalSize', { size: size(t, lang, total) })}</p>
                  </>
                ) : null}
              </div>
            ) : null}
            {settings.dataProtection ? (
              <p className="la-send-message__notice">
                {t.t('sendmessage.dataProtection', { controller: settings.dataProtection.controller, purpose: settings.dataProtection.purpose })}{' '}
                <a href={settings.dataProtection.pdf} target="_blank" rel="noopener">
                  {t.t('sendmessage.dataProtectionLink')}
                </a>
              </p>
            ) : null}
            <ButtonGroup variant="primary">
              <Button type="submit" variant="primary">
                {t.t('sendmessage.send')}
              </Button>
            </ButtonGroup>
          </form>
        )}
        {sending ? (
          <Smokescreen>
            <LoadingScreen label={t.t('sendmessage.sending')} />
          </Smokescreen>
        ) : null}
        {failed && context.failure ? (
          <AlertDialog
            title={t.t(context.failure.kind === 'timeout' ? 'sendmessage.unconfirmedTitle' : retryable ? 'sendmessage.retryTitle' : 'common.error')}
            message={failureMessages(t, lang, context.failure)}
            onDismiss={() => actor.send({ type: 'alert.dismiss' })}
            onRetry={retryable ? () => actor.send({ type: 'retry' }) : undefined}
            fallbackFocus={() => formRef.current?.querySelector<HTMLElement>('button[type=submit]')}
          />
        ) : null}
        {confirmingClose ? (
          <ConfirmDialog
            title={t.t('sendmessage.confirmCloseTitle')}
            message={t.t('sendmessage.confirmClose')}
            onConfirm={() => actor.send({ type: 'close.confirm' })}
            onCancel={() => actor.send({ type: 'close.cancel' })}
          />
        ) : null}
      </Window>
    </>
  );
}

export default defineView('la-send-message-view', SendMessageView, [sheet]);
