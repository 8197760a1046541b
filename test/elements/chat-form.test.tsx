import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { useEffect, useState } from 'react';
import { LaElement, defineElement } from '../../elements/common/host.ts';
import { defineView, type ViewProps } from '../../elements/common/define-view.tsx';
import { Window } from '../../elements/common/chrome.tsx';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { ChatForm, validateChatForm, type ChatFormField, type ChatFormProps } from '../../elements/chat/chat-form.tsx';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };
import sheet from '../../styles/chat-input.css' with { type: 'css' };
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { expectRingVisible } from '../helpers/focus-ring.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The chat's pre-chat form (issue 12 item 2) in a test widget built like a real one, in English. The
// harness plays the window machine: it keeps the values and, on submit, validates with validateChatForm
// and asks the form to focus the first error (focusErrorKey).
window.liveAssistConfig = { main: { lang: 'en', preload: 'intent' } };

type FormState = Omit<ChatFormProps, 'onChange' | 'onSubmit' | 'onCancel'>;

interface Harness {
  initial: FormState;
  /** What the form asked for: ['change', field, value], ['submit'], ['cancel']. */
  calls: unknown[][];
  /** Validate on submit as the window machine does (default true). */
  validate: boolean;
  set?: (next: Partial<FormState>) => void;
}

declare module '../../src/app/app.ts' {
  interface Controllers {
    ChatFormTest: Harness;
  }
}

function FormView({ controller }: ViewProps<Harness>) {
  const [state, setState] = useState<FormState>(controller.initial);
  useEffect(() => {
    controller.set = (next) => setState((now) => ({ ...now, ...next }));
  }, [controller]);
  return (
    <Window title="Live Chat" onClose={() => controller.calls.push(['close'])} autoFocus={false}>
      <ChatForm
        {...state}
        onChange={(field, value) => {
          controller.calls.push(['change', field, value]);
          setState((now) => ({ ...now, values: { ...now.values, [field]: value } }));
        }}
        onSubmit={() => {
          controller.calls.push(['submit']);
          if (!controller.validate) return;
          setState((now) => ({ ...now, errors: validateChatForm(now.fields, now.values), focusErrorKey: (now.focusErrorKey ?? 0) + 1 }));
        }}
        onCancel={() => controller.calls.push(['cancel'])}
      />
    </Window>
  );
}

class LaChatFormTest extends LaElement {
  static override spec = {
    tag: 'la-chat-form-test',
    plugin: 'ChatFormTest',
    attributes: { theme: 'string' as const },
    view: async () => defineView('la-chat-form-test-view', FormView, [sheet]),
  };
}

const PROTECTION = { controller: 'Acme Helpline sp. z o.o.', purpose: 'answering your questions', pdf: 'https://example.com/rodo.pdf' };

let api: LiveAssistApi;
let element: LaChatFormTest;
let harness: Harness;
const root = () => element.shadowRoot!;
const input = (name: ChatFormField) => root().querySelector<HTMLInputElement>(`input[name=${name}]`)!;
const errorOf = (name: ChatFormField) => {
  const field = input(name);
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return field.getAttribute('aria-invalid') === 'true' ? ids.map((id) => root().getElementById(id)!.textContent).join(' ') : null;
};
const button = (text: string) => [...root().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text)!;
/** Focus is on a control of the form, never on <body> (nor lost). */
const focused = () => {
  const el = deepActiveElement();
  expect(el, 'something has focus').to.not.equal(null);
  expect(el, 'focus is not on <body>').to.not.equal(document.body);
  return el!;
};

async function mount(state: Partial<FormState> = {}, validate = true): Promise<void> {
  harness = { initial: { fields: [], values: {}, errors: {}, ...state }, calls: [], validate };
  element.app.provide('ChatFormTest', harness);
  document.body.append(element);
  await waitFor(() => root().querySelector('form.la-chat-form') && harness.set, 4000, 'the form');
}

/** Sets the harness's props and waits a frame for React. */
async function update(next: Partial<FormState>): Promise<void> {
  harness.set!(next);
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

describe('chat pre-chat form', () => {
  before(async () => {
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    defineElement(LaChatFormTest);
  });

  beforeEach(() => {
    element = document.createElement('la-chat-form-test') as LaChatFormTest;
  });

  afterEach(() => {
    element.remove();
    const { app } = element;
    if (app.environment.value.mobile) app.environment.next({ ...app.environment.value, mobile: false });
  });

  it('shows only the configured fields, in their order, with real labels, names, max lengths and the required marking', async () => {
    await mount({ fields: [{ name: 'subject' }, { name: 'firstname', required: true }, { name: 'email', maxlength: 60 }] });
    const inputs = [...root().querySelectorAll<HTMLInputElement>('form input')];
    expect(inputs.map((i) => i.name)).to.deep.equal(['subject', 'firstname', 'email']);
    expect(inputs.map((i) => i.labels![0]!.textContent)).to.deep.equal(['Subject', 'First name * (Required)', 'Email']);
    expect(inputs.map((i) => i.maxLength)).to.deep.equal([100, 100, 60]);
    expect(inputs.map((i) => i.getAttribute('aria-required'))).to.deep.equal([null, 'true', null]);
    // Genesys Widgets' class names, for a site's stylesheet (main.customStylesheetID).
    expect(root().querySelector('form')!.classList.contains('cx-form')).to.equal(true);
    expect(inputs.every((i) => i.classList.contains('cx-input') && i.closest('.cx-form-group'))).to.equal(true);
    expect(inputs.map((i) => i.required)).to.deep.equal([false, true, false]);
    expect(input('email').type).to.equal('email');
    expect(input('firstname').autocomplete).to.equal('given-name');
    expect(root().querySelector('input[name=lastname]')).to.equal(null);
    expect([...root().querySelectorAll('form .la-buttons button')].map((b) => b.textContent)).to.deep.equal(['Cancel', 'Start Chat']);
    expect(button('Start Chat').type).to.equal('submit');
  });

  it('validateChatForm: required (blank counts as empty), too long, email format; only the given fields', () => {
    const fields = [
      { name: 'firstname', required: true },
      { name: 'lastname', required: true, maxlength: 5 },
      { name: 'email' },
      { name: 'subject', required: false },
    ] as const;
    expect(validateChatForm(fields, {})).to.deep.equal({ firstname: 'required', lastname: 'required' });
    expect(validateChatForm(fields, { firstname: '   ', lastname: 'Kowalski', email: 'anna@', subject: 'x'.repeat(101) })).to.deep.equal({
      firstname: 'required',
      lastname: 'tooLong',
      email: 'invalidEmail',
      subject: 'tooLong',
    });
    expect(validateChatForm(fields, { firstname: 'Anna', lastname: 'Nowak', email: 'anna.nowak@example.pl', subject: 'x'.repeat(100) })).to.deep.equal({});
    expect(validateChatForm(fields, { firstname: 'Anna', lastname: 'Nowak', email: '' }), 'an optional email may be empty').to.deep.equal({});
    for (const bad of ['anna nowak@example.pl', 'anna@example', 'anna@@example.pl', '<anna@example.pl>']) {
      expect(validateChatForm([{ name: 'email', required: true }], { email: bad }), bad).to.deep.equal({ email: 'invalidEmail' });
    }
    expect(validateChatForm([{ name: 'firstname' }], { lastname: '' }), 'a field not shown is not checked').to.deep.equal({});
  });

  it("marks the form's own errors on their fields (aria-invalid + aria-describedby, no alert per field)", async () => {
    await mount({
      fields: [{ name: 'firstname', required: true }, { name: 'lastname', maxlength: 40 }, { name: 'email' }, { name: 'subject', required: true }],
      errors: { firstname: 'required', lastname: 'tooLong', email: 'invalidEmail', subject: 'required' },
    });
    expect(errorOf('firstname')).to.equal('First name is required');
    expect(errorOf('lastname')).to.equal('Use at most 40 characters');
    expect(errorOf('email')).to.equal('Invalid email address');
    expect(errorOf('subject')).to.equal('Subject is required');
    expect(root().querySelectorAll('[role=alert]').length).to.equal(0);
    await update({ errors: {} });
    expect(['firstname', 'lastname', 'email', 'subject'].map((f) => errorOf(f as ChatFormField))).to.deep.equal([null, null, null, null]);
  });

  it("shows the server's codes 102, 103, 161 and 364 on their fields with the spec's messages (en and pl)", async () => {
    const fields = [{ name: 'firstname' }, { name: 'lastname' }, { name: 'email' }] as const;
    await mount({ fields, errors: { firstname: 102, lastname: 103, email: 364 } });
    expect([errorOf('firstname'), errorOf('lastname'), errorOf('email')]).to.deep.equal([
      'First name is required',
      'Last name is required',
      'Invalid email address',
    ]);
    await update({ errors: { firstname: 161, lastname: 161 } });
    expect([errorOf('firstname'), errorOf('lastname'), errorOf('email')]).to.deep.equal(['Please enter your name', 'Please enter your name', null]);
    // The same keys in Polish (the deployment's language).
    const polish = pl as Record<string, string>;
    const english = en as Record<string, string>;
    expect(
      ['chat.form.required.firstname', 'chat.form.required.lastname', 'chat.form.enterName', 'chat.form.invalidEmail'].map((k) => [english[k], polish[k]]),
    ).to.deep.equal([
      ['First name is required', 'Imię jest wymagane'],
      ['Last name is required', 'Nazwisko jest wymagane'],
      ['Please enter your name', 'Podaj swoje dane'],
      ['Invalid email address', 'Nieprawidłowy adres e-mail'],
    ]);
  });

  it('keyboard only: typing reports each change, Enter in a field submits, and a refused submit focuses the first invalid field', async () => {
    await mount({ fields: [{ name: 'firstname', required: true }, { name: 'lastname', required: true }, { name: 'email' }] });
    input('firstname').focus();
    await sendKeys({ type: 'Anna' });
    expect(harness.calls.slice(-1)).to.deep.equal([['change', 'firstname', 'Anna']]);
    expect(harness.calls.filter((c) => c[0] === 'change').length, 'one change per keystroke').to.equal(4);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal(input('email'));
    await sendKeys({ type: 'anna@' });
    await sendKeys({ press: 'Enter' });
    expect(harness.calls.filter((c) => c[0] === 'submit').length).to.equal(1);
    await waitFor(() => focused() === input('lastname'), 2000, 'focus on the first invalid field (last name)');
    expectRingVisible('the first invalid field');
    expect(errorOf('lastname')).to.equal('Last name is required');
    expect(errorOf('email')).to.equal('Invalid email address');
    expect(errorOf('firstname')).to.equal(null);
    // Fix the last name, submit again: focus goes to the email, the next error in the shown order.
    await sendKeys({ type: 'Nowak' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focused() === input('email'), 2000, 'focus on the email');
    expect(errorOf('lastname')).to.equal(null);
    await sendKeys({ press: 'Tab' });
    expect(focused().textContent).to.equal('Cancel');
    expectRingVisible('Cancel');
    await sendKeys({ press: 'Enter' });
    expect(harness.calls.slice(-1)).to.deep.equal([['cancel']]);
    await sendKeys({ press: 'Tab' });
    expect(focused().textContent).to.equal('Start Chat');
    await sendKeys({ press: 'Space' });
    expect(harness.calls.filter((c) => c[0] === 'submit').length).to.equal(3);
    focused();
  });

  it('does not steal focus on its first render, even with errors and a focusErrorKey', async () => {
    const outside = document.createElement('button');
    outside.textContent = 'page';
    document.body.append(outside);
    outside.focus();
    await mount({ fields: [{ name: 'firstname', required: true }], errors: { firstname: 102 }, focusErrorKey: 3 });
    expect(deepActiveElement()).to.equal(outside);
    outside.remove();
  });

  it('while starting: the fields are inert, Start Chat shows a spinner and does not submit, focus moves from a field to Start Chat', async () => {
    await mount({ fields: [{ name: 'firstname', required: true }], values: { firstname: 'Anna' } }, false);
    input('firstname').focus();
    await update({ busy: true });
    const fields = root().querySelector<HTMLElement>('.la-chat-form__fields')!;
    expect(fields.inert).to.equal(true);
    const start = button('Start Chat');
    expect(focused()).to.equal(start);
    expect(start.getAttribute('aria-disabled')).to.equal('true');
    expect(start.querySelector('.la-spinner')).to.not.equal(null);
    expect(root().querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
    expect(root().querySelector('[role=status]')!.textContent).to.equal('Starting the chat…');
    await sendKeys({ press: 'Enter' });
    start.click();
    expect(harness.calls.filter((c) => c[0] === 'submit')).to.deep.equal([]);
    await expectAccessible(element);
    await update({ busy: false });
    expect(fields.inert).to.equal(false);
    expect(start.querySelector('.la-spinner')).to.equal(null);
    expect(root().querySelector('[role=status]')!.textContent).to.equal('');
    await sendKeys({ press: 'Enter' });
    expect(harness.calls.filter((c) => c[0] === 'submit')).to.deep.equal([['submit']]);
  });

  it('shows the data-protection notice after the fields: controller, purpose and a link to the PDF', async () => {
    await mount({ fields: [{ name: 'firstname', required: true }], dataProtection: PROTECTION });
    const notice = root().querySelector<HTMLElement>('.la-chat-form__notice')!;
    expect(notice.textContent).to.equal(
      'The controller of your personal data is Acme Helpline sp. z o.o.. We process it for the purpose of answering your questions. Details (PDF)',
    );
    const link = notice.querySelector('a')!;
    expect([link.getAttribute('href'), link.target, link.rel, link.textContent]).to.deep.equal([
      'https://example.com/rodo.pdf',
      '_blank',
      'noopener noreferrer',
      'Details (PDF)',
    ]);
    // After the form's fields, before its buttons.
    expect(input('firstname').compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(notice.compareDocumentPosition(button('Start Chat')) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    await update({ dataProtection: undefined });
    expect(root().querySelector('.la-chat-form__notice')).to.equal(null);
  });

  it('has no axe violations, dark and light, desktop and mobile (with errors and the notice); 16 px inputs on mobile', async () => {
    await mount({
      fields: [{ name: 'firstname', required: true }, { name: 'lastname', required: true }, { name: 'email' }, { name: 'subject' }],
      values: { firstname: 'Anna', email: 'anna@' },
      errors: { lastname: 103, email: 364 },
      dataProtection: PROTECTION,
    });
    const { app } = element;
    for (const mobile of [false, true]) {
      app.environment.next({ ...app.environment.value, mobile });
      await waitFor(() => element.matches(':state(mobile)') === mobile, 2000, 'the mobile state');
      for (const theme of ['dark', 'light']) {
        element.setAttribute('theme', theme);
        await expectAccessible(element);
      }
      const size = parseFloat(getComputedStyle(input('firstname')).fontSize);
      if (mobile) expect(size, 'inputs at least 16 px on mobile').to.be.at.least(16);
    }
  });

  describe('every input kind (issue 34 part 1)', () => {
    const KINDS: ChatFormProps['fields'] = [
      { name: 'firstname', required: true },
      { name: 'phone', type: 'tel', label: 'Phone', placeholder: '+48 …', maxlength: 15 },
      { name: 'question', type: 'textarea', label: 'Your question', rows: 4 },
      {
        name: 'topic',
        type: 'select',
        label: 'Topic',
        options: [
          { text: 'Pensions', value: 'pensions' },
          { text: 'Tax', value: 'tax' },
        ],
      },
      {
        name: 'contact',
        type: 'radio',
        label: 'Reply by',
        required: true,
        options: [
          { text: 'Email', value: 'email' },
          { text: 'Phone', value: 'phone' },
        ],
      },
      { name: 'consent', type: 'checkbox', label: 'I agree to be contacted', required: true, value: 'yes' },
      { name: 'customerId', type: 'text', label: 'Customer number', readonly: true },
      { name: 'page', type: 'hidden' },
      { name: 'segment', isHidden: true, label: 'Segment' },
    ];
    const control = (name: string) => [...root().querySelectorAll<HTMLElement>('form [name]')].filter((el) => el.getAttribute('name') === name);
    const described = (el: Element) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => root().getElementById(id)!.textContent)
        .join(' ');

    it('draws each kind with its label tied to it, its value and options; hidden ones are in the form, not shown', async () => {
      await mount({
        fields: KINDS,
        values: { firstname: '', phone: '', question: '', topic: 'tax', contact: '', consent: '', customerId: 'C-42', page: '/en/pricing', segment: 'gold' },
      });
      const [phone] = control('phone') as HTMLInputElement[];
      expect([phone!.type, phone!.placeholder, phone!.maxLength, phone!.labels![0]!.textContent]).to.deep.equal(['tel', '+48 …', 15, 'Phone']);
      const [question] = control('question') as HTMLTextAreaElement[];
      expect([question!.tagName, question!.rows, question!.labels![0]!.textContent]).to.deep.equal(['TEXTAREA', 4, 'Your question']);
      const [topic] = control('topic') as HTMLSelectElement[];
      expect([topic!.tagName, topic!.value, [...topic!.options].map((o) => o.text), topic!.labels![0]!.textContent]).to.deep.equal([
        'SELECT',
        'tax',
        ['Pensions', 'Tax'],
        'Topic',
      ]);
      const radios = control('contact') as HTMLInputElement[];
      expect(radios.map((r) => [r.type, r.labels![0]!.textContent, r.checked])).to.deep.equal([
        ['radio', 'Email', false],
        ['radio', 'Phone', false],
      ]);
      const group = radios[0]!.closest('fieldset')!;
      expect(group.querySelector('legend')!.textContent, 'the group is named by its legend').to.equal('Reply by * (Required)');
      const [consent] = control('consent') as HTMLInputElement[];
      expect([consent!.type, consent!.value, consent!.checked, consent!.required, consent!.labels![0]!.textContent]).to.deep.equal([
        'checkbox',
        'yes',
        false,
        true,
        'I agree to be contacted * (Required)',
      ]);
      const [customer] = control('customerId') as HTMLInputElement[];
      expect([customer!.readOnly, customer!.value]).to.deep.equal([true, 'C-42']);
      const [page] = control('page') as HTMLInputElement[];
      expect([page!.type, page!.value]).to.deep.equal(['hidden', '/en/pricing']);
      const [segment] = control('segment') as HTMLInputElement[];
      expect([segment!.value, segment!.closest('[hidden]') !== null, segment!.getClientRects().length]).to.deep.equal(['gold', true, 0]);
    });

    it('reports a change of each kind as the value the form holds (a box: its value or empty)', async () => {
      await mount({ fields: KINDS, values: { topic: 'pensions' } });
      (control('contact')[1] as HTMLInputElement).click();
      (control('consent')[0] as HTMLInputElement).click();
      (control('consent')[0] as HTMLInputElement).click();
      const topic = control('topic')[0] as HTMLSelectElement;
      topic.value = 'tax';
      topic.dispatchEvent(new Event('change', { bubbles: true }));
      expect(harness.calls.filter((c) => c[0] === 'change')).to.deep.equal([
        ['change', 'contact', 'phone'],
        ['change', 'consent', 'yes'],
        ['change', 'consent', ''],
        ['change', 'topic', 'tax'],
      ]);
    });

    it('ties each error to its field (a radio group: the group), uses a configured errorText, and focuses the first invalid on submit', async () => {
      const fields = KINDS.map((f) => (f.name === 'phone' ? { ...f, errorText: 'Give a Polish number' } : f));
      await mount({ fields, values: { firstname: 'Anna', topic: 'pensions', phone: '12' } });
      await update({ errors: { phone: 'invalid', contact: 'required', consent: 'required', question: 'invalid' }, focusErrorKey: 1 });
      await waitFor(() => focused() === control('phone')[0], 2000, 'focus on the first invalid field');
      expect([control('phone')[0]!.getAttribute('aria-invalid'), described(control('phone')[0]!)]).to.deep.equal(['true', 'Give a Polish number']);
      expect(described(control('question')[0]!), 'a refused empty input asks for it').to.equal('This field is required');
      const group = control('contact')[0]!.closest('fieldset')!;
      expect([group.getAttribute('aria-invalid'), described(group)]).to.deep.equal(['true', 'This field is required']);
      expect([control('consent')[0]!.getAttribute('aria-invalid'), described(control('consent')[0]!)]).to.deep.equal(['true', 'This field is required']);
      await update({ errors: { contact: 'required' }, focusErrorKey: 2 });
      await waitFor(() => focused() === control('contact')[0], 2000, 'focus on the radio group’s first radio');
      await update({ values: { question: 'x' }, errors: { question: 'invalid' }, focusErrorKey: 3 });
      await waitFor(() => focused() === control('question')[0], 2000, 'focus on the textarea');
      expect(described(control('question')[0]!)).to.equal('Check this field');
    });

    it('keyboard only: Tab reaches every shown control in order (never <body>), arrows pick a radio, Space ticks the box', async () => {
      await mount({ fields: KINDS, values: { topic: 'pensions' } });
      (control('firstname')[0] as HTMLInputElement).focus();
      const order: string[] = [];
      for (let i = 0; i < 7; i += 1) {
        await sendKeys({ press: 'Tab' });
        const el = focused() as HTMLInputElement;
        order.push(el.getAttribute('name') ?? el.textContent ?? '');
        if (el.getAttribute('name') === 'contact') {
          await sendKeys({ press: 'ArrowDown' });
          expect(focused().getAttribute('value')).to.equal('phone');
        }
        if (el.getAttribute('name') === 'consent') await sendKeys({ press: 'Space' });
      }
      expect(order).to.deep.equal(['phone', 'question', 'topic', 'contact', 'consent', 'customerId', 'Cancel']);
      expect(harness.calls).to.deep.include.members([
        ['change', 'contact', 'phone'],
        ['change', 'consent', 'yes'],
      ]);
    });

    it('has no axe violations with every kind, with and without errors, dark and light', async () => {
      await mount({ fields: KINDS, values: { topic: 'pensions', customerId: 'C-42' }, dataProtection: PROTECTION });
      for (const errors of [{}, { phone: 'invalid', contact: 'required', consent: 'required', topic: 'invalid', question: 'tooLong' }] as const) {
        await update({ errors });
        for (const theme of ['dark', 'light']) {
          element.setAttribute('theme', theme);
          await expectAccessible(element);
        }
      }
    });
  });
});
