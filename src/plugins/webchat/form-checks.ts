import { checkboxValue, inputType, type ChatFieldConfig, type ChatFormField } from '../../../machines/chat-form.ts';
import type { ValidateFieldsInput } from '../../../machines/chat-window.machine.ts';

/**
 * The sites' `validate(event, form, input, label)` functions of the chat's start form, run for the window
 * machine's `validateFields` actor: with the drawn form's own elements (a validate may read or mark
 * them), or, when the form is not drawn yet (`WebChat.open` with `autoSubmit`), with a detached copy that
 * holds the same values. Each may answer a promise; one that throws or rejects refuses its input.
 */

/** Where the form's elements are: the chat element's shadow root (null before it is drawn). */
export type FormRoot = () => ParentNode | null | undefined;

interface Elements {
  form: HTMLFormElement;
  input: Element;
  label: Element | null;
}

/** The drawn input of `name` (a radio group's first radio), its form and its label (a group's legend). */
function drawn(root: ParentNode | null | undefined, name: string): Elements | null {
  const form = root?.querySelector<HTMLFormElement>('form.la-chat-form');
  if (!form) return null;
  const input = [...form.querySelectorAll('input, select, textarea')].find((el) => el.getAttribute('name') === name);
  if (!input) return null;
  const group = input.closest('fieldset');
  const label =
    input.id && input.getAttribute('type') !== 'radio' ? form.querySelector(`label[for="${CSS.escape(input.id)}"]`) : (group?.querySelector('legend') ?? null);
  return { form, input, label };
}

/** A detached form holding the field's value (no drawn form to hand a validate): its input and label. */
function copyOf(doc: Document, field: ChatFieldConfig, value: string): Elements {
  const form = doc.createElement('form');
  const label = doc.createElement('label');
  const input = doc.createElement('input');
  const type = inputType(field);
  label.textContent = field.label ?? field.name;
  input.name = field.name;
  // A box or a radio is checked when it holds a value; any other kind holds it as text.
  if (type === 'checkbox' || type === 'radio') {
    input.type = type;
    input.checked = value !== '';
    input.value = type === 'checkbox' ? checkboxValue(field) : value;
  } else input.value = value;
  form.append(label, input);
  return { form, input, label };
}

/** Runs each field's validate in turn; answers the names refused. */
export async function runValidates(root: FormRoot, doc: Document, { fields, values, trigger }: ValidateFieldsInput): Promise<ChatFormField[]> {
  const refused: ChatFormField[] = [];
  for (const field of fields) {
    if (typeof field.validate !== 'function') continue;
    const { form, input, label } = drawn(root(), field.name) ?? copyOf(doc, field, values[field.name] ?? '');
    let accepted: boolean;
    try {
      accepted = Boolean(await field.validate(new Event(trigger), form, input, label));
    } catch (error) {
      console.error(`[live-assist] The chat form input ${field.name}'s validate function failed:`, error);
      accepted = false;
    }
    if (!accepted) refused.push(field.name);
  }
  return refused;
}
