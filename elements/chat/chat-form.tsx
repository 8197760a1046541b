import { useEffect, useRef, type FormEvent } from 'react';
import { Button, ButtonGroup } from '../common/chrome.tsx';
import { CheckboxField, RadioGroup, SelectField, TextArea, TextField } from '../common/fields.tsx';
import { useT } from '../common/context.ts';
import { deepActiveElement } from '../common/modal.ts';
import type { Translator } from '../../src/app/i18n.ts';
import {
  CHAT_FORM_MAX,
  FIELD_CODES,
  checkboxValue,
  inputType,
  isShown,
  validateChatForm,
  type ChatFieldConfig,
  type ChatFieldError,
  type ChatFormErrors,
  type ChatFormField,
} from '../../machines/chat-form.ts';

/**
 * The chat's pre-chat form (web-chat.md §2, §5): the configured inputs in their order — text, email,
 * tel, textarea, select, checkbox, radio group, hidden — each with a real <label> (a radio group, its
 * legend) and its error tied to it, named as configured; the data-protection notice, Cancel and Start
 * Chat. The form only shows: the window machine owns the values, validates (`validateChatForm`, the
 * sites' validate functions) and marks the server's codes on their fields (FIELD_CODES).
 */

/** The form's fields, their settings and problems are the window machine's (one authority for the rules). */
export type { ChatFormField, ChatFormErrors };
/** One drawn input (machines/chat-form.ts). */
export type ChatFormFieldConfig = ChatFieldConfig;
/** The form's own checks, re-exported for the harness in test/elements/chat-form.test.tsx. */
export { validateChatForm };

export interface ChatFormProps {
  /** Which inputs are drawn, in this order. */
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

/** The start fields the language pack names (their label, required text and autocomplete). */
const AUTOCOMPLETE: Readonly<Record<string, string>> = {
  nickname: 'nickname',
  firstname: 'given-name',
  lastname: 'family-name',
  email: 'email',
  subject: 'off',
};
const known = (field: ChatFormFieldConfig) => Object.hasOwn(AUTOCOMPLETE, field.name) && field.name !== 'nickname';

/** An input's label: the configured one, the language pack's for a start field, else its placeholder or name. */
const labelOf = (t: Translator, field: ChatFormFieldConfig) =>
  field.label ?? (known(field) ? t.t(`chat.form.${field.name}`) : (field.placeholder ?? field.name));

/** The words of one field's problem in the active language (the spec's messages for the server codes). */
function errorMessage(t: Translator, field: ChatFormFieldConfig, error: ChatFieldError | undefined, value: string): string | undefined {
  switch (error) {
    case undefined:
      return undefined;
    case 'tooLong':
      return t.plural('chat.form.tooLong', field.maxlength ?? CHAT_FORM_MAX);
    case 'required':
    case 'invalid':
    case 'invalidEmail':
      if (field.errorText) return field.errorText;
      // A validate that refuses an empty field asks for it, as a required field does.
      if (error === 'required' || (error === 'invalid' && value.trim() === ''))
        return known(field) ? t.t(`chat.form.required.${field.name}`) : t.t('chat.form.required');
      return error === 'invalidEmail' ? t.t('chat.form.invalidEmail') : t.t('chat.form.invalid');
    default:
      return t.t(FIELD_CODES[error].key);
  }
}

/** The first control of a field (a radio group's first radio), by its name. */
export const controlOf = (form: HTMLFormElement | null, name: string): HTMLElement | undefined =>
  [...(form?.querySelectorAll<HTMLElement>('input, select, textarea') ?? [])].find(
    (el) => el.getAttribute('name') === name && el.getAttribute('type') !== 'hidden',
  );

interface InputProps {
  field: ChatFormFieldConfig;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}

/** One input of the form, by its kind. */
function FormInput({ field, value, error, onChange }: InputProps) {
  const t = useT();
  const type = inputType(field);
  const label = labelOf(t, field);
  const required = field.required ?? false;
  if (type === 'hidden') return <input type="hidden" name={field.name} value={value} />;
  if (type === 'select')
    return (
      <SelectField
        label={label}
        name={field.name}
        options={field.options ?? []}
        required={required}
        aria-required={required || undefined}
        disabled={field.readonly}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
    );
  if (type === 'radio')
    return (
      <RadioGroup
        label={label}
        name={field.name}
        options={field.options ?? []}
        required={required}
        disabled={field.readonly}
        value={value}
        onChange={onChange}
        error={error}
      />
    );
  if (type === 'checkbox')
    return (
      <CheckboxField
        label={label}
        name={field.name}
        value={checkboxValue(field)}
        checked={value !== ''}
        required={required}
        disabled={field.readonly}
        onChange={(event) => onChange(event.target.checked ? checkboxValue(field) : '')}
        error={error}
      />
    );
  const text = {
    label,
    name: field.name,
    required,
    'aria-required': required || undefined,
    maxLength: field.maxlength ?? CHAT_FORM_MAX,
    placeholder: field.placeholder,
    readOnly: field.readonly,
    value,
    error,
  };
  if (type === 'textarea') return <TextArea {...text} rows={field.rows ?? 3} onChange={(event) => onChange(event.target.value)} />;
  return <TextField {...text} type={type} autoComplete={AUTOCOMPLETE[field.name] ?? 'off'} onChange={(event) => onChange(event.target.value)} />;
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
    const first = fields.find((field) => isShown(field) && errors[field.name] !== undefined);
    if (first) controlOf(formRef.current, first.name)?.focus();
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
        {fields.map((field) => {
          const input = (
            <FormInput
              key={field.name}
              field={field}
              value={values[field.name] ?? ''}
              error={errorMessage(t, field, errors[field.name], values[field.name] ?? '')}
              onChange={(value) => onChange(field.name, value)}
            />
          );
          // `isHidden`: in the form (a validate finds it, it is sent) but not shown.
          return field.isHidden && inputType(field) !== 'hidden' ? (
            <div key={field.name} hidden>
              {input}
            </div>
          ) : (
            input
          );
        })}
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
