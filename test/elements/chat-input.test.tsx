import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { useEffect, useState } from 'react';
import { LaElement, defineElement } from '../../elements/common/host.ts';
import { defineView, type ViewProps } from '../../elements/common/define-view.tsx';
import { Window } from '../../elements/common/chrome.tsx';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { MessageInput, type MessageInputProps } from '../../elements/chat/message-input.tsx';
import sheet from '../../styles/chat-input.css' with { type: 'css' };
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { expectRingVisible } from '../helpers/focus-ring.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The chat's message input (issue 12 item 4) in a test widget built like a real one, in Polish (the
// deployment's language). The harness plays the chat window: it keeps the text, clears it after a send
// unless the send "fails", and sits in a docked window (whose Escape would close it).
window.liveAssistConfig = { main: { lang: 'pl', preload: 'intent' } };

type InputState = Omit<MessageInputProps, 'onChange' | 'onSend'>;

interface Harness {
  initial: InputState;
  /** ['change', text], ['send', text], ['close'], ['cobrowse'], ['files', names]. */
  calls: unknown[][];
  /** The send fails: the window keeps the text. */
  failSend: boolean;
  set?: (next: Partial<InputState>) => void;
}

declare module '../../src/app/app.ts' {
  interface Controllers {
    ChatInputTest: Harness;
  }
}

// A transcript's room above the input, so a menu opening upwards stays inside the window.
const layout = new CSSStyleSheet();
layout.replaceSync('.test-transcript { height: 260px; } .la-window__body { padding: 0; display: flex; flex-direction: column; }');

function InputView({ controller }: ViewProps<Harness>) {
  const [state, setState] = useState<InputState>(controller.initial);
  useEffect(() => {
    controller.set = (next) => setState((now) => ({ ...now, ...next }));
  }, [controller]);
  return (
    <Window title="Czat" onClose={() => controller.calls.push(['close'])} autoFocus={false}>
      <div className="test-transcript" />
      <MessageInput
        {...state}
        onChange={(text) => {
          controller.calls.push(['change', text]);
          setState((now) => ({ ...now, value: text }));
        }}
        onSend={(text) => {
          controller.calls.push(['send', text]);
          if (!controller.failSend) setState((now) => ({ ...now, value: '' }));
        }}
      />
    </Window>
  );
}

class LaChatInputTest extends LaElement {
  static override spec = {
    tag: 'la-chat-input-test',
    plugin: 'ChatInputTest',
    attributes: { theme: 'string' as const },
    view: async () => defineView('la-chat-input-test-view', InputView, [sheet, layout]),
  };
}

let api: LiveAssistApi;
let element: LaChatInputTest;
let harness: Harness;
const root = () => element.shadowRoot!;
const area = () => root().querySelector<HTMLTextAreaElement>('textarea')!;
const counter = () => root().querySelector<HTMLElement>('.la-chat-input__counter')!;
const live = () => root().querySelector<HTMLElement>('.la-chat-input [role=status]')!;
const named = (name: string) => root().querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
const menu = () => root().querySelector<HTMLElement>('[role=menu]');
const items = () => [...root().querySelectorAll<HTMLElement>('[role=menuitem]')].map((i) => i.textContent);
const sends = () => harness.calls.filter((c) => c[0] === 'send');
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
/** Focus is on a control, never on <body> (nor lost). */
const focused = () => {
  const el = deepActiveElement();
  expect(el, 'something has focus').to.not.equal(null);
  expect(el, 'focus is not on <body>').to.not.equal(document.body);
  return el!;
};
const press = async (key: string) => {
  await sendKeys({ press: key });
  return focused();
};

async function mount(state: Partial<InputState> = {}): Promise<void> {
  harness = { initial: { value: '', ...state }, calls: [], failSend: false };
  element.app.provide('ChatInputTest', harness);
  document.body.append(element);
  await waitFor(() => root().querySelector('textarea') && harness.set, 4000, 'the input');
}

async function update(next: Partial<InputState>): Promise<void> {
  harness.set!(next);
  await frame();
  await frame();
}

/** Puts the caret at `at` and inserts `text` as a paste does (an editing command, under maxlength rules). */
function paste(at: number, text: string): void {
  area().focus();
  area().setSelectionRange(at, at);
  document.execCommand('insertText', false, text);
}

describe('chat message input', () => {
  before(async () => {
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    defineElement(LaChatInputTest);
  });

  beforeEach(() => {
    element = document.createElement('la-chat-input-test') as LaChatInputTest;
  });

  afterEach(() => {
    element.remove();
    const { app } = element;
    if (app.environment.value.mobile) app.environment.next({ ...app.environment.value, mobile: false });
  });

  it('Enter sends the trimmed text, Shift+Enter breaks the line, blank text is not sent, the Send button sends', async () => {
    await mount();
    expect(area().labels![0]!.textContent).to.equal('Wiadomość');
    expect(area().classList.contains('cx-input'), "Genesys Widgets' class name").to.equal(true);
    area().focus();
    await sendKeys({ type: '  Dzień dobry' });
    await press('Shift+Enter');
    await sendKeys({ type: 'mam pytanie ' });
    expect(area().value).to.equal('  Dzień dobry\nmam pytanie ');
    expect(sends()).to.deep.equal([]);
    expect(harness.calls.filter((c) => c[0] === 'change').length, 'a change per keystroke').to.equal(26);
    await press('Enter');
    expect(sends()).to.deep.equal([['send', 'Dzień dobry\nmam pytanie']]);
    await waitFor(() => area().value === '', 2000, 'the window to clear the input');
    // Whitespace only (spaces, a line break): nothing is sent, the text stays.
    await sendKeys({ type: '   ' });
    await press('Shift+Enter');
    await press('Enter');
    await press('Enter');
    expect(sends().length).to.equal(1);
    expect(area().value).to.equal('   \n');
    // The Send button, named 'Wyślij' (the accessible name; the icon is hidden).
    const send = named('Wyślij')!;
    expect(send.querySelector('svg')!.getAttribute('aria-hidden')).to.equal('true');
    send.click();
    expect(sends().length, 'blank text is not sent by the button either').to.equal(1);
    await update({ value: 'Halo?' });
    send.click();
    expect(sends()).to.deep.equal([
      ['send', 'Dzień dobry\nmam pytanie'],
      ['send', 'Halo?'],
    ]);
    await waitFor(() => focused() === area(), 2000, 'focus back in the textarea after the Send button');
  });

  it('a failed send keeps the text (the window does not clear it); the Enter that ends an IME composition does not send', async () => {
    await mount();
    harness.failSend = true;
    area().focus();
    await sendKeys({ type: 'Czy jest ktoś?' });
    await press('Enter');
    expect(sends()).to.deep.equal([['send', 'Czy jest ktoś?']]);
    expect(area().value).to.equal('Czy jest ktoś?');
    const composing = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true, isComposing: true });
    area().dispatchEvent(composing);
    expect(sends().length).to.equal(1);
    expect(composing.defaultPrevented, 'the composition keeps its Enter').to.equal(false);
    const plain = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true });
    area().dispatchEvent(plain);
    expect(sends().length, 'the same Enter outside a composition sends').to.equal(2);
  });

  it('grows with its text up to 11 lines, then scrolls; 8 on mobile (rows, no inline style)', async () => {
    await mount();
    expect(area().rows).to.equal(1);
    area().focus();
    for (let line = 2; line <= 13; line++) {
      await sendKeys({ type: `linia ${line - 1}` });
      await press('Shift+Enter');
      await frame();
      expect(area().rows, `after ${line - 1} line breaks`).to.equal(Math.min(line, 11));
    }
    expect(area().scrollHeight, 'the rest scrolls').to.be.greaterThan(area().clientHeight);
    expect(area().hasAttribute('style')).to.equal(false);
    expect(root().querySelector('[style]')).to.equal(null);
    // A long line wraps: it counts by its wrapped lines.
    await update({ value: 'słowo '.repeat(30) });
    expect(area().rows).to.be.within(3, 10);
    await update({ value: '' });
    expect(area().rows, 'shrinks back').to.equal(1);
    await update({ value: Array.from({ length: 20 }, (_, i) => `linia ${i}`).join('\n'), mobile: true });
    expect(area().rows).to.equal(8);
    await update({ mobile: false });
    expect(area().rows).to.equal(11);
  });

  it('counter: "N characters left" describes the textarea, turns to a warning at 10 left, announced once at the threshold', async () => {
    await mount({ value: 'a'.repeat(489) });
    expect(counter().textContent).to.equal('Pozostało 11 znaków');
    expect(area().getAttribute('aria-describedby')).to.equal(counter().id);
    expect(counter().classList.contains('la-chat-input__counter--warning')).to.equal(false);
    const calm = getComputedStyle(counter()).color;
    expect(live().textContent, 'nothing announced before the warning').to.equal('');
    area().focus();
    area().setSelectionRange(489, 489);
    await sendKeys({ type: 'b' });
    expect(counter().textContent).to.equal('Pozostało 10 znaków');
    expect(counter().classList.contains('la-chat-input__counter--warning')).to.equal(true);
    expect(getComputedStyle(counter()).color).to.not.equal(calm);
    await waitFor(() => live().textContent === 'Pozostało 10 znaków', 2000, 'the polite announcement');
    await sendKeys({ type: 'cdefgh' });
    expect(counter().textContent).to.equal('Pozostały 4 znaki');
    expect(live().textContent, 'not re-announced on every keystroke').to.equal('Pozostało 10 znaków');
    await sendKeys({ type: 'ijk' });
    expect(counter().textContent).to.equal('Pozostał 1 znak');
    await sendKeys({ type: 'l' });
    expect(counter().textContent).to.equal('Pozostało 0 znaków');
    await waitFor(() => live().textContent === 'Pozostało 0 znaków', 2000, 'the limit announced');
    await update({ value: '' });
    expect(counter().textContent).to.equal('Pozostało 500 znaków');
    expect(counter().classList.contains('la-chat-input__counter--warning')).to.equal(false);
    await waitFor(() => live().textContent === '', 2000, 'the announcement cleared');
    await update({ charCounter: false });
    expect(root().querySelector('.la-chat-input__counter')).to.equal(null);
    expect(area().hasAttribute('aria-describedby')).to.equal(false);
  });

  it('at 500: pasted text is cut to the maximum, and typing at the limit adds nothing', async () => {
    await mount({ value: 'a'.repeat(495) });
    expect(area().hasAttribute('maxlength'), 'no native block').to.equal(false);
    paste(0, 'b'.repeat(20));
    await frame();
    expect(area().value).to.equal('b'.repeat(20) + 'a'.repeat(480));
    expect(harness.calls.slice(-1)).to.deep.equal([['change', 'b'.repeat(20) + 'a'.repeat(480)]]);
    expect(counter().textContent).to.equal('Pozostało 0 znaków');
    area().setSelectionRange(500, 500);
    await sendKeys({ type: 'xyz' });
    expect(area().value.length).to.equal(500);
    expect(area().value.endsWith('a')).to.equal(true);
    // An emoji at the cut is not split in half.
    await update({ value: 'a'.repeat(498) });
    paste(498, '👍👍');
    await frame();
    expect(area().value).to.equal(`${'a'.repeat(498)}👍`);
  });

  it('blockAtLimit: typing stops at the limit and a paste keeps the text already there', async () => {
    await mount({ value: 'a'.repeat(495), blockAtLimit: true });
    expect(area().maxLength).to.equal(500);
    paste(0, 'b'.repeat(20));
    await frame();
    expect(area().value, 'only what fits is inserted').to.equal('b'.repeat(5) + 'a'.repeat(495));
    area().setSelectionRange(3, 3);
    await sendKeys({ type: 'xyz' });
    expect(area().value).to.equal('b'.repeat(5) + 'a'.repeat(495));
    expect(counter().textContent).to.equal('Pozostało 0 znaków');
    await update({ maxLength: 20, value: '' });
    area().focus();
    await sendKeys({ type: 'x'.repeat(25) });
    expect(area().value).to.equal('x'.repeat(20));
  });

  it('emoji menu, keyboard only: Enter / arrows open it, arrows move, Escape returns to the button, choosing inserts at the caret', async () => {
    await mount({ emojis: true });
    area().focus();
    await sendKeys({ type: 'Ala ma kota' });
    for (let i = 0; i < 4; i++) await press('ArrowLeft');
    const button = named('Emotikony')!;
    expect(await press('Tab')).to.equal(button);
    expectRingVisible('the Emoji button');
    expect([button.getAttribute('aria-haspopup'), button.getAttribute('aria-expanded')]).to.deep.equal(['menu', 'false']);
    expect((await press('Enter')).textContent).to.equal('🙂Uśmiech');
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(button.getAttribute('aria-controls')).to.equal(menu()!.id);
    expect(menu()!.getAttribute('aria-label')).to.equal('Emotikony');
    expect(items()).to.deep.equal(['🙂Uśmiech', '👍Kciuk w górę', '🙁Smutek']);
    expect(
      [...menu()!.querySelectorAll('[role=menuitem] > span')].every((s) => s.getAttribute('aria-hidden') === 'true'),
      'the glyphs are hidden, the names read',
    ).to.equal(true);
    expectRingVisible('the first emoji');
    expect((await press('ArrowDown')).textContent).to.equal('👍Kciuk w górę');
    expect((await press('ArrowDown')).textContent).to.equal('🙁Smutek');
    expect((await press('ArrowDown')).textContent, 'wraps to the first').to.equal('🙂Uśmiech');
    expect((await press('ArrowUp')).textContent, 'wraps to the last').to.equal('🙁Smutek');
    expect((await press('Home')).textContent).to.equal('🙂Uśmiech');
    expect((await press('End')).textContent).to.equal('🙁Smutek');
    expect(await press('Escape')).to.equal(button);
    expect(menu()).to.equal(null);
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(
      harness.calls.filter((c) => c[0] === 'close'),
      'Escape closed the menu, not the window',
    ).to.deep.equal([]);
    expect((await press('ArrowUp')).textContent, 'ArrowUp opens on the last').to.equal('🙁Smutek');
    await press('Escape');
    expect((await press('ArrowDown')).textContent, 'ArrowDown opens on the first').to.equal('🙂Uśmiech');
    await press('ArrowDown');
    expect(await press('Enter')).to.equal(area());
    expect(menu()).to.equal(null);
    expect(area().value).to.equal('Ala ma 👍kota');
    expect([area().selectionStart, area().selectionEnd], 'the caret after the emoji').to.deep.equal([9, 9]);
    // Space chooses too; a selection is replaced.
    area().setSelectionRange(7, 9);
    await press('Tab');
    await press('Space');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(await press('Space')).to.equal(area());
    expect(area().value).to.equal('Ala ma 🙁kota');
    // Tab from an open menu closes it and moves on.
    await press('Tab');
    await press('Enter');
    await press('Tab');
    expect(menu()).to.equal(null);
    expect(focused()).to.equal(named('Więcej działań'));
  });

  it('actions menu: only the actions given; none: no button; co-browse start/stop; Emoji opens the emoji menu', async () => {
    await mount();
    expect(named('Więcej działań'), 'no action, no button').to.equal(null);
    expect(named('Emotikony')).to.equal(null);
    await update({ cobrowse: { active: false, onToggle: () => harness.calls.push(['cobrowse']) } });
    const actions = named('Więcej działań')!;
    expect(named('Emotikony')).to.equal(null);
    actions.focus();
    expect((await press('Enter')).textContent).to.equal('Rozpocznij wspólne przeglądanie');
    expect(items()).to.deep.equal(['Rozpocznij wspólne przeglądanie']);
    expect(await press('Enter')).to.equal(actions);
    expect(harness.calls.filter((c) => c[0] === 'cobrowse').length).to.equal(1);
    expect(menu()).to.equal(null);
    await update({ cobrowse: { active: true, onToggle: () => harness.calls.push(['cobrowse']) } });
    await press('Enter');
    expect(items()).to.deep.equal(['Zakończ wspólne przeglądanie']);
    await press('Escape');
    await update({ emojis: true, uploads: { onFiles: () => undefined } });
    await press('ArrowDown');
    expect(items()).to.deep.equal(['Emotikony', 'Zakończ wspólne przeglądanie', 'Wyślij plik']);
    expect((await press('Enter')).textContent, 'the emoji menu opens on its first emoji').to.equal('🙂Uśmiech');
    expect(items()).to.deep.equal(['🙂Uśmiech', '👍Kciuk w górę', '🙁Smutek']);
    expect(await press('Escape')).to.equal(named('Emotikony'));
    await update({ cobrowse: null, uploads: null });
    await press('Tab');
    expect(focused()).to.equal(named('Więcej działań'));
    await press('Enter');
    expect(items(), 'emoji only').to.deep.equal(['Emotikony']);
    await press('Escape');
    await update({ emojis: false });
    expect(named('Więcej działań')).to.equal(null);
  });

  it("'Send a file' opens the hidden file input, whose choice goes to onFiles", async () => {
    const chosen: string[][] = [];
    await mount({ uploads: { onFiles: (files) => chosen.push(files.map((f) => f.name)), accept: '.pdf,image/*' } });
    const file = root().querySelector<HTMLInputElement>('input[type=file]')!;
    expect([file.hidden, file.multiple, file.accept]).to.deep.equal([true, true, '.pdf,image/*']);
    let opened = 0;
    file.addEventListener('click', (event) => {
      opened++;
      event.preventDefault(); // no file chooser in the test
    });
    const actions = named('Więcej działań')!;
    actions.focus();
    await press('Enter');
    expect(items()).to.deep.equal(['Wyślij plik']);
    expect(await press('Enter')).to.equal(actions);
    expect(opened).to.equal(1);
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF'], 'umowa.pdf', { type: 'application/pdf' }));
    transfer.items.add(new File(['x'], 'zdjęcie.png', { type: 'image/png' }));
    file.files = transfer.files;
    file.dispatchEvent(new Event('change', { bubbles: true }));
    expect(chosen).to.deep.equal([['umowa.pdf', 'zdjęcie.png']]);
    expect(file.value, 'the input is emptied, so the same file can be chosen again').to.equal('');
  });

  it('disabled: nothing is sent, the menus stay shut, focus stays on the controls', async () => {
    await mount({ value: 'Halo', emojis: true, disabled: true });
    area().focus();
    expect(area().readOnly).to.equal(true);
    expect(area().getAttribute('aria-disabled')).to.equal('true');
    await press('Enter');
    const send = named('Wyślij')!;
    send.click();
    expect(sends()).to.deep.equal([]);
    expect(await press('Tab')).to.equal(named('Emotikony'));
    await press('Enter');
    await press('ArrowDown');
    expect(menu()).to.equal(null);
    await update({ disabled: false });
    await press('Enter');
    expect(menu()).to.not.equal(null);
  });

  it('has no axe violations, dark and light, desktop and mobile (warning counter, menu open); 16 px text on mobile', async () => {
    await mount({ value: 'a'.repeat(495), emojis: true, uploads: { onFiles: () => undefined }, cobrowse: { active: false, onToggle: () => undefined } });
    const { app } = element;
    for (const mobile of [false, true]) {
      app.environment.next({ ...app.environment.value, mobile });
      await update({ mobile });
      await waitFor(() => element.matches(':state(mobile)') === mobile, 2000, 'the mobile state');
      for (const theme of ['dark', 'light']) {
        element.setAttribute('theme', theme);
        await expectAccessible(element);
        named('Więcej działań')!.click();
        await waitFor(() => menu(), 2000, 'the actions menu');
        await expectAccessible(element);
        await press('Escape');
        named('Emotikony')!.click();
        await waitFor(() => menu(), 2000, 'the emoji menu');
        await expectAccessible(element);
        await press('Escape');
      }
      const size = parseFloat(getComputedStyle(area()).fontSize);
      if (mobile) expect(size, 'the textarea at least 16 px on mobile').to.be.at.least(16);
    }
  });
});
