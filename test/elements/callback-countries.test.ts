import { expect } from '@esm-bundle/chai';
import { controlData } from '../helpers/simulator.ts';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// `callback.countries` with a second country (issue 9): the picker lists the configured countries, picking
// one puts its dial code in the field, and the number is sent with it (never '+4949…').
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'cbcountries', preload: 'intent', timeFormat: 24 },
  callback: {
    ...CALLBACK_V3,
    countries: [{ iso2: 'pl', dialCode: '48' }, { iso2: 'de' }],
    formFields: [{ name: 'phonenumber', maxlength: 16 }],
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const root = () => document.querySelector('la-callback')?.shadowRoot ?? null;
const field = (name: string) => root()!.querySelector<HTMLInputElement & HTMLTextAreaElement>(`[name=${name}]`)!;
const picker = () => root()!.querySelector<HTMLButtonElement>('.iti__selected-country')!;

describe('<la-callback> with two countries', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('lists the configured countries, Poland first and selected', async () => {
    // intl-tel-input's code and sheet come when idle after the window's first frame: none of its rules
    // apply when the form first takes focus; then its sheet is adopted once, before the callback's own.
    const itiSheet = (sheet: CSSStyleSheet) => [...sheet.cssRules].some((rule) => (rule as CSSStyleRule).selectorText === '.iti');
    let early: boolean | undefined;
    const onFocus = () => {
      early ??= root()!.querySelector('[name=phonenumber]') !== null && !root()!.adoptedStyleSheets.some(itiSheet);
    };
    document.addEventListener('focusin', onFocus);
    await api.command('Callback.open');
    await waitFor(() => root()?.querySelector('.iti'), 4000, 'intl-tel-input');
    document.removeEventListener('focusin', onFocus);
    expect(early, "the form took focus without intl-tel-input's sheet").to.equal(true);
    const sheets = root()!.adoptedStyleSheets;
    const own = sheets.findIndex((sheet) => [...sheet.cssRules].some((rule) => (rule as CSSStyleRule).selectorText?.startsWith('.la-callback__phone-box')));
    expect(sheets.filter(itiSheet)).to.have.length(1);
    expect(own > sheets.findIndex(itiSheet), 'before the callback sheet').to.equal(true);
    expect(field('phonenumber').value).to.equal('+48');
    expect([...root()!.querySelectorAll('.iti__country')].map((c) => c.getAttribute('data-dial-code'))).to.have.members(['48', '49']);
    expect(picker().getAttribute('aria-label')).to.equal('Country code: Poland (+48)');
  });

  it('picking Germany puts +49 in the field; the number typed after it is sent with +49', async () => {
    picker().click();
    const germany = await waitFor(() => root()!.querySelector<HTMLElement>('.iti__country[data-dial-code="49"]'), 2000, 'Germany in the list');
    germany.click();
    await waitFor(() => field('phonenumber').value === '+49', 2000, 'the +49 prefix');
    expect(picker().getAttribute('aria-label')).to.equal('Country code: Germany (+49)');
    field('phonenumber').focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '176 1234 5678' });
    expect(field('phonenumber').value).to.equal('+4917612345678');
    // Deleting into the prefix leaves Germany's, not the default's.
    for (let i = 0; i < 12; i++) await sendKeys({ press: 'Backspace' });
    expect(field('phonenumber').value).to.equal('+49');
    await sendKeys({ type: '17612345678' });
    field('firstname').focus();
    await sendKeys({ type: 'Jan' });
    field('subject').focus();
    await sendKeys({ type: 'Wpłaty' });
    await expectAccessible(document.querySelector('la-callback')!);
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => root()!.querySelector('.la-callback__confirmation'), 4000, 'the confirmation');
    const answer = await (await controlData('/__control/callbacks')).json();
    const records = (answer.callbacks ?? answer) as Array<{ phoneNumber: string }>;
    expect(records.map((r) => r.phoneNumber)).to.deep.equal(['+4917612345678']);
  });

  it('a pasted number with another configured dial code keeps it and switches the flag', async () => {
    await api.command('Callback.close');
    await api.command('Callback.open');
    await waitFor(() => root()?.querySelector('.iti') && field('phonenumber').value === '+48', 4000, 'a fresh form');
    expect(picker().getAttribute('aria-label')).to.equal('Country code: Poland (+48)');
    // As a paste does: the whole value at once, then an input event.
    const input = field('phonenumber');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '+49 176 1234 5678');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await waitFor(() => field('phonenumber').value === '+4917612345678', 2000, 'the German number');
    await waitFor(() => picker().getAttribute('aria-label') === 'Country code: Germany (+49)', 2000, 'the German flag');
  });

  it('is usable before intl-tel-input starts: a number typed then keeps its focus, caret and flag', async () => {
    await api.command('Callback.close');
    // intl-tel-input starts after the window's first frame. The moment the reopened window gives its first
    // field focus (before that frame), the visitor is already in the phone field with a German number.
    let before: boolean | undefined;
    let padding = '';
    const typed = new Promise<void>((resolve) => {
      const shadow = root()!;
      const onFocus = (event: Event) => {
        if ((event.target as HTMLElement).getAttribute('name') !== 'firstname') return;
        shadow.removeEventListener('focusin', onFocus);
        queueMicrotask(() => {
          const input = field('phonenumber');
          before = root()!.querySelector('.iti') === null;
          padding = getComputedStyle(input).paddingLeft;
          input.focus();
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '+49176');
          input.dispatchEvent(new Event('input', { bubbles: true }));
          input.setSelectionRange(3, 3);
          resolve();
        });
      };
      shadow.addEventListener('focusin', onFocus);
    });
    await api.command('Callback.open');
    await typed;
    expect(before, 'the field is there before intl-tel-input').to.equal(true);
    await waitFor(() => root()!.querySelector('.iti'), 4000, 'intl-tel-input');
    const input = field('phonenumber');
    expect(root()!.activeElement === input, 'focus stays in the phone field').to.equal(true);
    expect(input.value).to.equal('+49176');
    expect([input.selectionStart, input.selectionEnd]).to.deep.equal([3, 3]);
    expect(picker().getAttribute('aria-label')).to.equal('Country code: Germany (+49)');
    // The flag's room was kept: the number does not move when the flag arrives.
    expect(getComputedStyle(input).paddingLeft).to.equal(padding);
  });
});
