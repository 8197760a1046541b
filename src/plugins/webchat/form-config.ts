import { CHAT_INPUT_TYPES, type ChatFieldConfig } from '../../../machines/chat-form.ts';
import { listOf, readList, text, v, type Log, type SectionOf } from '../../app/section.ts';
import { isRecord } from '../../app/records.ts';

/**
 * The chat's start form (`webchat.form`, and `WebChat.open`'s `formJSON` for one open): web-chat.md §2,
 * §5, and Widgets 9's "Customizable Chat Registration Form" in our own spelling. `inputs` lists any
 * number of inputs; the older `fields` (the four start fields, name, required, maxlength) is the simple
 * case of it and reads as inputs. Functions (`value`, `validate`) come only from a configuration object:
 * an attribute or JSON has none, and a function's name given as a string is refused, never looked up.
 */

const FORM_FIELDS = ['firstname', 'lastname', 'email', 'subject'] as const;
/** The most inputs a form draws (a longer list is reported and cut). */
export const MAX_INPUTS = 30;
/** Input names: the form's keys, `name` attributes and userData keys. */
const NAME = /^[A-Za-z_][\w.-]{0,63}$/;

const count = (max: number) =>
  v.pipe(
    v.number('must be a number of characters'),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(max, `must be at most ${max}`),
  );
const length = (max: number) => v.optional(count(max));

/** One start-form field of the older fixed form: which is shown, in order, and whether it is required. */
export const formFieldSchema = v.object(
  {
    name: v.picklist(FORM_FIELDS, `must be one of ${FORM_FIELDS.map((f) => `'${f}'`).join(', ')}`),
    required: v.optional(v.boolean('must be true or false'), false),
    maxlength: v.optional(count(100), 100),
  },
  'each field must be an object with a name',
);

const optionSchema = v.object(
  {
    text: v.pipe(v.string('must be a string'), v.maxLength(200, 'must be at most 200 characters long')),
    value: v.pipe(v.string('must be a string'), v.maxLength(200, 'must be at most 200 characters long')),
    selected: v.optional(v.boolean('must be true or false')),
    disabled: v.optional(v.boolean('must be true or false')),
  },
  'each option must be an object with a text and a value',
);

const aFunction = (what: string) => v.optional(v.function(`must be a function (${what}), given in the configuration object, never by its name`));

/** One input of the start form (docs/elements/chat.md "Start form" lists each option). */
export const formInputSchema = v.pipe(
  v.object(
    {
      name: v.pipe(v.string('must be a string'), v.regex(NAME, 'must be a name of at most 64 letters, digits, _, . or -, not starting with a digit')),
      type: v.optional(v.picklist(CHAT_INPUT_TYPES, `must be one of ${CHAT_INPUT_TYPES.map((t) => `'${t}'`).join(', ')}`)),
      label: text(200),
      placeholder: text(200),
      value: v.optional(
        v.union([v.pipe(v.string(), v.maxLength(2000)), v.function()], 'must be a string of at most 2000 characters or a function of the page'),
      ),
      checked: v.optional(v.boolean('must be true or false')),
      maxlength: length(2000),
      rows: length(20),
      required: v.optional(v.boolean('must be true or false')),
      readonly: v.optional(v.boolean('must be true or false')),
      isHidden: v.optional(v.boolean('must be true or false')),
      options: v.optional(v.pipe(v.array(optionSchema, 'must be a list of options'), v.maxLength(100, 'must list at most 100 options'))),
      validate: aFunction('event, form, input, label → true or false'),
      validateWhileTyping: v.optional(v.boolean('must be true or false')),
      errorText: text(200),
    },
    'each input must be an object with a name',
  ),
  v.check((input) => (input.type !== 'select' && input.type !== 'radio') || (input.options?.length ?? 0) > 0, "a select or radio input needs its 'options'"),
);

export type FormInput = v.InferOutput<typeof formInputSchema>;

/** `webchat.form` as the window reads it. */
export const formSchema = {
  /** Any number of inputs (default: `fields`, else the spec's generic form). */
  inputs: listOf(formInputSchema, MAX_INPUTS),
  /** The older fixed form: firstname, lastname, email, subject with `required` and `maxlength`. */
  fields: listOf(formFieldSchema, 4),
};

export type FormSettings = SectionOf<typeof formSchema>;

/** The spec's generic start form when none is configured. */
export const DEFAULT_FORM_FIELDS: FormSettings['fields'] = [
  { name: 'firstname', required: true, maxlength: 100 },
  { name: 'lastname', required: true, maxlength: 100 },
  { name: 'email', required: false, maxlength: 100 },
  { name: 'subject', required: false, maxlength: 100 },
];

/** The form's inputs, one list: `inputs` when given, else `fields` (else the generic form) as inputs. */
export function formInputs(form: FormSettings): FormInput[] {
  if (form.inputs.length) return form.inputs;
  const fields = form.fields.length ? form.fields : DEFAULT_FORM_FIELDS;
  return fields.map((field) => ({ ...field }));
}

/** `WebChat.open`'s `formJSON`: a form definition of its own for that open (null when it has no valid input). */
export function readOpenForm(value: unknown, log: Log = console.error): FormInput[] | null {
  if (!isRecord(value)) return null;
  const inputs = readList('WebChat.open formJSON.inputs', value.inputs, formInputSchema, MAX_INPUTS, log).value;
  if (inputs.length) return inputs;
  const fields = readList('WebChat.open formJSON.fields', value.fields, formFieldSchema, 4, log).value;
  return fields.length ? fields.map((field) => ({ ...field })) : null;
}

/** What a `value` function of the page answers, as the field's text ('' when it throws or answers nothing). */
function valueOf(value: FormInput['value']): string | undefined {
  if (typeof value !== 'function') return value;
  try {
    const answer: unknown = (value as () => unknown)();
    return answer === undefined || answer === null ? '' : String(answer).slice(0, 2000);
  } catch (error) {
    console.error('[live-assist] A chat form input’s value function failed:', error);
    return '';
  }
}

/** The inputs as the window machine draws them: each `value` function of the page called now. */
export function drawInputs(inputs: readonly FormInput[]): ChatFieldConfig[] {
  return inputs.map(({ value, ...input }) => {
    // The schema's output has only the options given; its functions and options are the machine's types.
    const field = { ...input } as ChatFieldConfig;
    const text = valueOf(value);
    if (text !== undefined) field.value = text;
    return field;
  });
}
