/**
 * A Widgets 9 registration form (`webchat.form`, `WebChat.open`'s `formJSON`: `{ wrapper, inputs: [{ id,
 * name, type, label, placeholder, value, maxlength, rows, options, validate, validateWhileTyping … }] }`)
 * as our start form's inputs (src/plugins/webchat/form-config.ts): names of the start fields in our
 * spelling, numbers written as strings read as numbers, option values as text, `@i18n:` labels and
 * placeholders in the page's language, and each `validate` called with Genesys's arguments through the
 * extension kit (the form, input and label wrapped by jQuery, then `$, CXBus, Common`: it answers a
 * promise, as jQuery loads on the first one). `wrapper` and `id` are not read: our form draws its own rows.
 */
import type { LanguagePack } from '../app/packs.ts';
import { isRecord } from '../app/records.ts';
import type { ExtensionKit, Validate } from './extensions.ts';
import { resolveFormTokens } from './i18n.ts';

/** The start fields, written as Widgets sites write them (firstName, Email …), by our names. */
const START_NAMES = ['nickname', 'firstname', 'lastname', 'email', 'subject'];

/** '24' → 24 (Widgets takes numbers written as strings); anything else unchanged, for our checks to report. */
const numeric = (value: unknown): unknown => (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value);

/** A value Widgets takes as text (a number, a boolean) as text; a function (a value of the page) or text unchanged. */
const asText = (value: unknown): unknown => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);

/** One Widgets input written our way (the pure part: no tokens, no validate wrapping). */
export function widgetsInput(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const { id: _id, wrapper: _wrapper, ...rest } = input;
  const out: Record<string, unknown> = { ...rest };
  if (typeof out.name === 'string' && START_NAMES.includes(out.name.toLowerCase())) out.name = out.name.toLowerCase();
  for (const key of ['maxlength', 'rows'] as const) if (key in out) out[key] = numeric(out[key]);
  if ('value' in out) out.value = asText(out.value);
  if (Array.isArray(out.options)) {
    out.options = out.options.map((option: unknown) =>
      isRecord(option) ? { ...option, text: asText(option.text ?? option.value), value: asText(option.value ?? option.text) } : option,
    );
  }
  return out;
}

/** A Widgets form definition with its inputs written our way (`wrapper` and the definition's other keys dropped). */
export function widgetsForm(definition: unknown): unknown {
  if (!isRecord(definition) || !Array.isArray(definition.inputs)) return definition;
  return { inputs: definition.inputs.map(widgetsInput) };
}

export interface FormContext {
  /** The validate caller with Genesys's arguments (face.ts's extension kit). */
  kit: Pick<ExtensionKit, 'validate'>;
  /** The page's language pack (ours, with the site's Genesys keys beside: i18n.ts mapGenesysPack) and its fallback. */
  pack: LanguagePack;
  fallback?: LanguagePack;
}

/** The language pack of `main` (`lang`, `i18n` as our packs), and English as its fallback. */
export function packsOf(main: unknown): { pack: LanguagePack; fallback: LanguagePack } {
  const m = isRecord(main) ? main : {};
  const packs = isRecord(m.i18n) ? (m.i18n as Record<string, LanguagePack>) : {};
  const lang = typeof m.lang === 'string' ? m.lang : 'en';
  return { pack: (isRecord(packs[lang]) ? packs[lang] : {}) as LanguagePack, fallback: (isRecord(packs.en) ? packs.en : {}) as LanguagePack };
}

/**
 * A Widgets form definition as ours, ready to draw: written our way, tokens resolved (a token nothing
 * resolves is left out: a start field then shows our label), each validate called Genesys's way.
 */
export function genesysForm(definition: unknown, { kit, pack, fallback = {} }: FormContext): unknown {
  const form = widgetsForm(resolveFormTokens(widgetsForm(definition), pack, fallback));
  if (!isRecord(form) || !Array.isArray(form.inputs)) return form;
  return {
    inputs: form.inputs.map((input: unknown) => {
      if (!isRecord(input) || typeof input.validate !== 'function') return input;
      const validate = input.validate as Validate;
      return {
        ...input,
        validate: (event: unknown, formElement: Element, inputElement: Element, label: Element | null) =>
          kit.validate(validate, event, formElement, inputElement, label),
      };
    }),
  };
}
