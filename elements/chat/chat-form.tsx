import { useEffect, useRef, type FormEvent } from 'react';
import { Button, ButtonGroup } from '../common/chrome.tsx';
import { TextField } from '../common/fields.tsx';
import { useT } from '../common/context.ts';
import { deepActiveElement } from '../common/modal.ts';
import type { Translator } from '../../src/app/i18n.ts';
import {
  CHAT_FORM_MAX,
  FIELD_CODES,
  validateChatForm,
  type ChatFieldConfig,
  type ChatFormErrors,
  type ChatFormField,
} from '../../machines/chat-window.machine.ts';

/**
 * The chat's pre-chat form (web-chat.md §2, §5): the configured fields in their order,
 * each a real <label>led input named as the spec names it, the data-protection notice, Cancel and
 * Start Chat. The form only shows: the window machine owns the values, validates (with
 * `validateChatForm`) and marks the server's codes on their fields (FIELD_CODES).
 */

/** The form's fields, their settings and problems are the window machine's (one authority for the rules). */
export type { ChatFormField, ChatFormErrors };
/** One shown field: whether it is required and its maximum length (spec: 100). */
export type ChatFormFieldConfig = ChatFieldConfig;
/** The form's own checks, re-exported for the harness in test/elements/chat-form.test.tsx. */
export { validateChatForm };

export interface ChatFormProps {
  /** Which fields are shown, in this order. */
  fields: readonly ChatFormFieldConfig[];
  values: Partial<Record<ChatFormField, string>>;
  errors: ChatFormErrors;
  /** Starting: the inputs are inert and Start Chat shows a spinner. */
  busy?: boolean;
  /** The notice after the form: controller, purpose and a link to the PDF with the details. */
  dataProtection?: { controller: string; purpose: string; pdf: string };
  onChange(field: ChatFormField, value: string): void;
  /** Start Chat or Enter in a field; the window machine validates, the form does not. */
  onSubmit(): void;
  onCancel(): void;
  /** Increment to move focus to the first field with an error (after a failed submit). */
  focusErrorKey?: number;
}

const AUTOCOMPLETE: Record<ChatFormField, string> = {
  firstname: 'given-name',
  lastname: 'family-name',
  email: 'email',
  subject: 'off',
};

/** The words of one field's problem in the active language (the spec's messages for the server codes). */
function errorMessage(t: Translator, field: ChatFormFieldConfig, error: ChatFormErrors[ChatFormField]): string | undefined {
  switch (error) {
    case undefined:
      return undefined;
    case 'required':
      return t.t(`chat.form.required.${field.name}`);
    case 'tooLong':
      return t.plural('chat.form.tooLong', field.maxlength ?? CHAT_FORM_MAX);
    case 'invalidEmail':
      return t.t('chat.form.invalidEmail');
    default:
      return t.t(FIELD_CODES[error].key);
  }
}

/** The pre-chat form (see the module comment). */
export function ChatForm({ fields, values, errors, busy = false, dataProtection, onChange, onSubmit, onCancel, focusErrorKey }: ChatFormProps) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  // A refused submit: focus moves to the first field (in the shown order) with an error, whose
  // description (the error) is read with it. Not on the first render: the form never steals focus.
  const seenKey = useRef(focusErrorKey);
  useEffect(() => {
    if (focusErrorKey === seenKey.current) return;
    seenKey.current = focusErrorKey;
    const first = fields.find((field) => errors[field.name] !== undefined);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`input[name="${first.name}"]`)?.focus();
  }, [focusErrorKey, fields, errors]);

  // Starting makes the fields inert: focus in one of them would fall to <body>, so it moves to Start Chat.
  useEffect(() => {
    if (!busy) return;
    const focused = deepActiveElement(formRef.current?.ownerDocument);
    if (focused && formRef.current?.querySelector('.la-chat-form__fields')?.contains(focused)) submitRef.current?.focus();
  }, [busy]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };

  return (
    <form ref={formRef} className="la-chat-form cx-form" noValidate onSubmit={submit} aria-label={t.t('chat.form.label')} aria-busy={busy || undefined}>
      <div className="la-chat-form__fields" inert={busy}>
        {fields.map((field) => (
          <TextField
            key={field.name}
            label={t.t(`chat.form.${field.name}`)}
            name={field.name}
            type={field.name === 'email' ? 'email' : 'text'}
            autoComplete={AUTOCOMPLETE[field.name]}
            required={field.required ?? false}
            aria-required={field.required ? true : undefined}
            maxLength={field.maxlength ?? CHAT_FORM_MAX}
            value={values[field.name] ?? ''}
            onChange={(event) => onChange(field.name, event.target.value)}
            error={errorMessage(t, field, errors[field.name])}
          />
        ))}
      </div>
      {dataProtection ? (
        <p className="la-chat-form__notice">
          {t.t('chat.form.dataProtection', { controller: dataProtection.controller, purpose: dataProtection.purpose })}{' '}
          <a href={dataProtection.pdf} target="_blank" rel="noopener noreferrer">
            {t.t('chat.form.dataProtectionLink')}
          </a>
        </p>
      ) : null}
      <ButtonGroup variant="binary">
        <Button onClick={onCancel}>{t.t('common.cancel')}</Button>
        <Button ref={submitRef} type="submit" variant="primary" aria-disabled={busy || undefined} className={busy ? 'la-chat-form__start--busy' : undefined}>
          {busy ? <span className="la-spinner la-chat-form__spinner" aria-hidden="true" /> : null}
          {t.t('chat.form.start')}
        </Button>
      </ButtonGroup>
      <span className="la-visually-hidden" role="status">
        {busy ? t.t('chat.form.starting') : ''}
      </span>
    </form>
  );
}
