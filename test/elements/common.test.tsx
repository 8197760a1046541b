import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { LaElement, defineElement } from '../../elements/common/host.ts';
import { defineView, type ViewProps } from '../../elements/common/define-view.tsx';
import { Button, ButtonGroup, LoadingScreen, Window } from '../../elements/common/chrome.tsx';
import { AlertDialog, ConfirmDialog } from '../../elements/common/dialogs.tsx';
import { TextArea, TextField } from '../../elements/common/fields.tsx';
import { expectAccessible } from '../helpers/axe.ts';
import { captureConsole, waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The shared element pattern and window chrome, through a test widget built like a real one.
window.liveAssistConfig = { main: { lang: 'pl', preload: 'intent' } };

interface Controller {
  renders: number;
}

// The test widget's controller, declared as a real plugin declares its own in its `.api.ts`.
declare module '../../src/app/app.ts' {
  interface Controllers {
    ChromeTest: Controller;
  }
}

function ChromeView({ attrs }: ViewProps<Controller>) {
  const [dialog, setDialog] = useState(false);
  const [alert, setAlert] = useState<'ok' | 'retry' | null>(null);
  const [answers, setAnswers] = useState<string[]>([]);
  const answer = (text: string) => setAnswers((list) => [...list, text]);
  const [loading, setLoading] = useState(false);
  return (
    <Window title="Okno testowe" subtitle={`limit ${String(attrs.limit ?? '—')}`} onClose={() => undefined} onMinimize={() => undefined}>
      <TextField label="Imię" name="firstname" required error={attrs.invalid ? 'Imię jest wymagane' : undefined} />
      <TextArea label="Uwagi" name="subject" hint="maks. 100 znaków" />
      <ButtonGroup variant="binary">
        <Button onClick={() => setLoading(true)}>Wczytaj</Button>
        <Button onClick={() => setAlert('ok')}>Błąd</Button>
        <Button onClick={() => setAlert('retry')}>Przerwa</Button>
        <Button variant="primary" onClick={() => setDialog(true)}>
          Zamknij
        </Button>
      </ButtonGroup>
      <output className="answers">{answers.join(',')}</output>
      {loading ? <LoadingScreen /> : null}
      {dialog ? (
        <ConfirmDialog
          title="Czy na pewno?"
          message="Wpisane dane zostaną utracone."
          onConfirm={() => (answer('tak'), setDialog(false))}
          onCancel={() => (answer('nie'), setDialog(false))}
        />
      ) : null}
      {alert ? (
        <AlertDialog
          title="Błąd"
          message={alert === 'ok' ? 'Nie udało się wysłać.' : ['Brak połączenia.', 'Spróbuj ponownie.']}
          onDismiss={() => (answer('ok'), setAlert(null))}
          onRetry={alert === 'retry' ? () => (answer('retry'), setAlert(null)) : undefined}
        />
      ) : null}
    </Window>
  );
}

class LaChromeTest extends LaElement {
  static override spec = {
    tag: 'la-chrome-test',
    plugin: 'ChromeTest',
    attributes: { limit: 'number' as const, invalid: 'json' as const, theme: 'string' as const },
    view: async () => defineView('la-chrome-test-view', ChromeView),
  };
}

let api: LiveAssistApi;
let element: HTMLElement;
const root = () => element.shadowRoot!;
const active = () => root().activeElement as HTMLElement | null;

describe('element pattern and window chrome', () => {
  before(async () => {
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    defineElement(LaChromeTest);
  });

  beforeEach(async () => {
    element = document.createElement('la-chrome-test');
    element.setAttribute('limit', '100');
    document.body.append(element);
    const { app } = element as LaChromeTest;
    app.provide('ChromeTest', { renders: 0 });
    await waitFor(() => root().querySelector('[part=window]'), 4000, 'the window');
    // A docked window takes focus after it renders (its first field): let that happen before a test moves
    // focus itself, or it lands on the field after the test's own focus() (a race that failed loaded runs).
    await waitFor(() => active()?.getAttribute('name') === 'firstname', 4000, 'the initial focus');
  });

  afterEach(() => element.remove());

  it('renders the view in the host shadow root with parsed attributes and Polish chrome', () => {
    expect(root().querySelector('h2')!.textContent).to.equal('Okno testowe');
    expect(root().querySelector('.la-titlebar__subtitle')!.textContent).to.equal('limit 100');
    expect(root().querySelector('[part=root]')!.getAttribute('lang')).to.equal('pl');
    expect(root().querySelector('button[aria-label="Zamknij okno Okno testowe"]')).to.not.equal(null);
    expect(root().querySelector('.la-powered-by')!.textContent).to.contain('live-assist');
  });

  it('passes attribute changes to the view, and shows a clear message for a bad value instead of going blank', async () => {
    element.setAttribute('invalid', 'true');
    await waitFor(() => root().querySelector('[aria-invalid=true]'), 2000, 'the invalid field');
    const input = root().querySelector<HTMLInputElement>('input[name=firstname]')!;
    const described = input.getAttribute('aria-describedby')!;
    expect(root().getElementById(described)!.textContent).to.equal('Imię jest wymagane');
    await expectAccessible(element);
    const { errors } = await captureConsole(() => element.setAttribute('limit', 'sto'));
    expect(errors.join()).to.contain('<la-chrome-test> attribute "limit" must be a number, got "sto"');
    const alert = await waitFor(() => root().querySelector('.la-element-error'), 2000, 'the attribute error');
    expect(alert.textContent).to.contain('must be a number');
    expect(root().querySelector('[part=window]')).to.not.equal(null);
  });

  it('has no axe violations in light and dark themes, with a loading screen', async () => {
    await expectAccessible(element);
    expect(element.matches(':state(dark)')).to.equal(true);
    element.setAttribute('theme', 'light');
    expect([element.matches(':state(light)'), element.matches(':state(dark)')]).to.deep.equal([true, false]);
    expect(getComputedStyle(element).getPropertyValue('--la-bg').trim()).to.equal('#ffffff');
    root().querySelector<HTMLButtonElement>('.la-buttons--binary button')!.click();
    await waitFor(() => root().querySelector('[role=status]'), 2000, 'the loading screen');
    await expectAccessible(element);
  });

  it('ConfirmDialog: focus moves in, Tab stays inside, the window body is inert, Escape answers No and focus goes back', async () => {
    const opener = root().querySelector<HTMLButtonElement>('.la-button--primary')!;
    opener.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await waitFor(() => root().querySelector('[role=alertdialog]'), 2000, 'the dialog');
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    expect(root().getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal('Czy na pewno?');
    expect(root().getElementById(dialog.getAttribute('aria-describedby')!)!.textContent, 'aria-describedby names the message').to.equal(
      'Wpisane dane zostaną utracone.',
    );
    await waitFor(() => active()?.textContent === 'Nie', 2000, 'focus on the first button');
    // What lies behind the dialog in the window body is inert: the form fields and buttons cannot be reached.
    const behind = [...root().querySelector('.la-window__body')!.children].filter((el) => !el.classList.contains('la-smokescreen'));
    expect(behind.length).to.be.greaterThan(0);
    expect(behind.every((el) => (el as HTMLElement).inert)).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(active()?.textContent).to.equal('Tak');
    await sendKeys({ press: 'Tab' });
    expect(active()?.textContent).to.equal('Nie');
    await sendKeys({ press: 'Shift+Tab' });
    expect(active()?.textContent).to.equal('Tak');
    await expectAccessible(element);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !root().querySelector('[role=alertdialog]'), 2000, 'the dialog to close');
    expect(root().querySelector('.answers')!.textContent).to.equal('nie');
    expect(active()).to.equal(opener);
    expect(
      behind.some((el) => (el as HTMLElement).inert),
      'inert released',
    ).to.equal(false);
  });

  it('ConfirmDialog: Yes confirms', async () => {
    root().querySelector<HTMLButtonElement>('.la-button--primary')!.click();
    const dialog = await waitFor(() => root().querySelector('[role=alertdialog]'), 2000, 'the dialog');
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Tak')!.click();
    await waitFor(() => !root().querySelector('[role=alertdialog]'), 2000, 'the dialog to close');
    expect(root().querySelector('.answers')!.textContent).to.equal('tak');
  });

  it('AlertDialog: OK (or Escape) dismisses; with a retry it offers Cancel and Retry; the message is its description', async () => {
    const button = (text: string) => [...root().querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text)!;
    const opener = button('Błąd');
    opener.focus();
    await sendKeys({ press: 'Enter' });
    let dialog = await waitFor(() => root().querySelector('[role=alertdialog]'), 2000, 'the alert');
    expect(root().getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).to.equal('Nie udało się wysłać.');
    await waitFor(() => active()?.textContent === 'OK', 2000, 'focus on OK');
    await sendKeys({ press: 'Tab' });
    expect(active()?.textContent, 'the only button keeps focus').to.equal('OK');
    await expectAccessible(element);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !root().querySelector('[role=alertdialog]'), 2000, 'the alert to close');
    expect(active()).to.equal(opener);
    button('Przerwa').click();
    dialog = await waitFor(() => root().querySelector('[role=alertdialog]'), 2000, 'the retry alert');
    const described = root().getElementById(dialog.getAttribute('aria-describedby')!)!;
    expect([...described.querySelectorAll('li')].map((li) => li.textContent)).to.deep.equal(['Brak połączenia.', 'Spróbuj ponownie.']);
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).to.deep.equal(['Anuluj', 'Spróbuj ponownie']);
    await expectAccessible(element);
    [...dialog.querySelectorAll('button')][1]!.click();
    await waitFor(() => !root().querySelector('[role=alertdialog]'), 2000, 'the alert to close');
    expect(root().querySelector('.answers')!.textContent).to.equal('ok,retry');
  });

  it('fires composed la-* events from the host', () => {
    const seen: unknown[] = [];
    document.addEventListener('la-probe', (e) => seen.push((e as CustomEvent).detail), { once: true });
    (element as LaChromeTest).emit('probe', { ok: true });
    expect(seen).to.deep.equal([{ ok: true }]);
  });
});
