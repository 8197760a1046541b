/**
 * The chat's start form as data, pure (web-chat.md §2, §5): the inputs a site configures (`webchat.form`,
 * `WebChat.open`'s `formJSON`), their values as the window machine keeps them, the form's own checks and
 * the server's codes on their fields. The chat window machine owns the values; the view only draws them.
 */

/** The kinds of input the form draws. */
export const CHAT_INPUT_TYPES = ['text', 'email', 'tel', 'textarea', 'select', 'checkbox', 'radio', 'hidden'] as const;
export type ChatInputType = (typeof CHAT_INPUT_TYPES)[number];

/** An input's name: the form's value key, its `name` attribute and, unless it is a start field, its userData key. */
export type ChatFormField = string;

/** The chat start's own fields (web-chat.md §3 "Chat start payload"); every other input travels as userData. */
export const CHAT_FORM_FIELDS: readonly ChatFormField[] = ['firstname', 'lastname', 'email', 'subject'];
export const START_FIELDS: readonly ChatFormField[] = ['nickname', ...CHAT_FORM_FIELDS];

/** Each text field holds at most 100 characters unless its maxlength says less (web-chat.md §5, §9). */
export const CHAT_FORM_MAX = 100;

/** One choice of a select or a radio group. */
export interface ChatInputOption {
  text: string;
  value: string;
  selected?: boolean;
  disabled?: boolean;
}

/**
 * A site's check of one input, called with the submit (or, with `validateWhileTyping`, the input) event,
 * the form, the input and its label; true accepts. It may answer a promise (a Genesys validate waits for
 * jQuery). The window machine never calls it: its `validateFields` actor does, where the form is drawn.
 */
export type ChatFieldValidate = (event: unknown, form: unknown, input: unknown, label: unknown) => unknown;

/** One input as the window machine holds it: drawn, so `value` is text (a function of the page was called). */
export interface ChatFieldConfig {
  name: ChatFormField;
  /** Default 'email' for the field named email, 'text' otherwise. */
  type?: ChatInputType;
  label?: string;
  placeholder?: string;
  /** The value the form starts with; a checkbox's value is what it sends when checked (default 'true'). */
  value?: string;
  /** A checkbox starts checked. */
  checked?: boolean;
  required?: boolean;
  /** At most this many characters (text kinds); CHAT_FORM_MAX when not given. */
  maxlength?: number;
  /** A textarea's height in lines. */
  rows?: number;
  readonly?: boolean;
  /** Not shown, but in the form (a validate finds it) and sent. */
  isHidden?: boolean;
  options?: ChatInputOption[];
  validate?: ChatFieldValidate;
  validateWhileTyping?: boolean;
  /** The text shown when the input is refused (required, invalid); the language pack's otherwise. */
  errorText?: string;
}

/** A field's problem: the form's own checks, a site's validate ('invalid'), or the server's code (FIELD_CODES). */
export type ChatFieldError = 'required' | 'tooLong' | 'invalidEmail' | 'invalid' | FieldCode;
export type ChatFormErrors = Partial<Record<ChatFormField, ChatFieldError>>;

/** The form's values by input name: a checkbox's is its value when checked and '' when not. */
export type ChatFormValues = Record<ChatFormField, string>;

export const inputType = (field: ChatFieldConfig): ChatInputType => field.type ?? (field.name === 'email' ? 'email' : 'text');
const TEXT_KINDS: ReadonlySet<ChatInputType> = new Set(['text', 'email', 'tel', 'textarea', 'hidden']);
/** Text kinds hold typed text (maxlength, placeholder, read-only apply). */
export const isTextKind = (field: ChatFieldConfig): boolean => TEXT_KINDS.has(inputType(field));
/** The visitor sees and edits it (not a hidden input, not `isHidden`). */
export const isShown = (field: ChatFieldConfig): boolean => inputType(field) !== 'hidden' && !field.isHidden;
export const checkboxValue = (field: ChatFieldConfig): string => field.value || 'true';

/** A field's value as the form is drawn: the given value, a select's or radio's selected option, a checked checkbox's value. */
export function initialValue(field: ChatFieldConfig): string {
  const type = inputType(field);
  if (type === 'checkbox') return field.checked ? checkboxValue(field) : '';
  if (type === 'select' || type === 'radio') {
    const options = field.options ?? [];
    if (field.value !== undefined && options.some((o) => o.value === field.value)) return field.value;
    const chosen = options.find((o) => o.selected && !o.disabled);
    // A select shows its first option when none is chosen; a radio group starts with none.
    return chosen?.value ?? (type === 'select' ? (options.find((o) => !o.disabled)?.value ?? '') : '');
  }
  return field.value ?? '';
}

/** The form as drawn: the start fields empty (a prefill may fill one the form does not draw), then each input's value. */
export function drawnValues(fields: readonly ChatFieldConfig[]): ChatFormValues {
  const values: ChatFormValues = Object.fromEntries(CHAT_FORM_FIELDS.map((name) => [name, '']));
  for (const field of fields) values[field.name] = initialValue(field);
  return values;
}

/** A shown field holds something the visitor typed or chose (it differs from the drawn value, and is not blank). */
export function hasContent(fields: readonly ChatFieldConfig[], form: ChatFormValues, drawn: ChatFormValues): boolean {
  return fields.some((field) => isShown(field) && (form[field.name] ?? '').trim() !== '' && form[field.name] !== (drawn[field.name] ?? ''));
}

/** An address with one @, no spaces or brackets, and a dotted domain (the send-message form's check). */
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;

/**
 * The form's own problems, pure, for the drawn fields: a required field left empty or blank (a required
 * checkbox unchecked) is 'required', text over its maxlength 'tooLong', an email given but malformed
 * 'invalidEmail', a select's or radio's value that is none of its options 'invalid'.
 */
export function validateChatForm(fields: readonly ChatFieldConfig[], form: Partial<ChatFormValues>): ChatFormErrors {
  const errors: ChatFormErrors = {};
  for (const field of fields) {
    const type = inputType(field);
    const value = (form[field.name] ?? '').trim();
    if (value === '') {
      if (field.required) errors[field.name] = 'required';
    } else if (type === 'select' || type === 'radio') {
      if (!(field.options ?? []).some((o) => o.value === value && !o.disabled)) errors[field.name] = 'invalid';
    } else if (type === 'checkbox') {
      if (value !== checkboxValue(field)) errors[field.name] = 'invalid';
    } else if (value.length > (field.maxlength ?? CHAT_FORM_MAX)) errors[field.name] = 'tooLong';
    else if (type === 'email' && !EMAIL.test(value)) errors[field.name] = 'invalidEmail';
  }
  return errors;
}

/** The drawn fields a site's validate checks: on submit every one that has it, typing only those asking for it. */
export const fieldsToCheck = (fields: readonly ChatFieldConfig[], only?: ChatFormField): ChatFieldConfig[] =>
  fields.filter((field) => typeof field.validate === 'function' && (only === undefined || (field.name === only && field.validateWhileTyping === true)));

/**
 * The server's form codes (web-chat.md §5), the one table of them: the fields each marks (102 first name,
 * 103 last name, 161 both, 364 email) and the language-pack key that words it on them.
 */
export const FIELD_CODES = {
  102: { fields: ['firstname'], key: 'chat.form.required.firstname' },
  103: { fields: ['lastname'], key: 'chat.form.required.lastname' },
  161: { fields: ['firstname', 'lastname'], key: 'chat.form.enterName' },
  364: { fields: ['email'], key: 'chat.form.invalidEmail' },
} as const satisfies Record<number, { fields: readonly ChatFormField[]; key: string }>;
export type FieldCode = keyof typeof FIELD_CODES;
const isFieldCode = (code: number): code is FieldCode => Object.hasOwn(FIELD_CODES, code);

/**
 * A start failure's codes split into field markings (on the shown fields only) and the codes left for an
 * alert (every other code, and a field code whose fields are all hidden).
 */
export function markServerCodes(fields: readonly ChatFieldConfig[], codes: readonly number[]): { errors: ChatFormErrors; unmarked: number[] } {
  const shown = new Set(fields.filter(isShown).map((f) => f.name));
  const errors: ChatFormErrors = {};
  const unmarked: number[] = [];
  for (const code of codes) {
    const marked = isFieldCode(code) ? FIELD_CODES[code].fields.filter((name) => shown.has(name)) : [];
    if (marked.length === 0) unmarked.push(code);
    for (const name of marked) errors[name] = code as FieldCode;
  }
  return { errors, unmarked };
}
