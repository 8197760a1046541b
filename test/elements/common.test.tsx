import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { useState } from 'react';
import { LaElement, defineElement } from '../../elements/common/host.ts';
import { defineView, type ViewProps } from '../../elements/common/define-view.tsx';
import { Button, ButtonGroup, Dialog, LoadingScreen, Window } from '../../elements/common/chrome.tsx';
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
  const [loading, setLoading] = useState(false);
  return (
    <Window title="Okno testowe" subtitle={`limit ${String(attrs.limit ?? '—')}`} onClose={() => undefined} onMinimize={() => undefined}>
      <TextField label="Imię" name="firstname" required error={attrs.invalid ? 'Imię jest wymagane' : undefined} />
      <TextArea label="Uwagi" name="subject" hint="maks. 100 znaków" />
      <ButtonGroup variant="binary">
        <Button onClick={() => setLoading(true)}>Wczytaj</Button>
        <Button variant="primary" onClick={() => setDialog(true)}>
          Zamknij
        </Button>
      </ButtonGroup>
      {loading ? <LoadingScreen /> : null}
      {dialog ? (
        <Dialog title="Czy na pewno?" onCancel={() => setDialog(false)}>
          <ButtonGroup variant="binary">
            <Button onClick={() => setDialog(false)}>Nie</Button>
            <Button variant="primary" onClick={() => setDialog(false)}>
              Tak
            </Button>
          </ButtonGroup>
        </Dialog>
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

  it('moves focus into a dialog, keeps Tab inside it, closes on Escape and gives focus back', async () => {
    const opener = root().querySelector<HTMLButtonElement>('.la-button--primary')!;
    opener.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = await waitFor(() => root().querySelector('[role=alertdialog]'), 2000, 'the dialog');
    expect(dialog.getAttribute('aria-labelledby')).to.equal(dialog.querySelector('h3')!.id);
    await waitFor(() => active()?.textContent === 'Nie', 2000, 'focus on the first button');
    await sendKeys({ press: 'Tab' });
    expect(active()?.textContent).to.equal('Tak');
    await sendKeys({ press: 'Tab' });
    expect(active()?.textContent).to.equal('Nie');
    await sendKeys({ press: 'Shift+Tab' });
    expect(active()?.textContent).to.equal('Tak');
    await expectAccessible(element);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !root().querySelector('[role=alertdialog]'), 2000, 'the dialog to close');
    expect(active()).to.equal(opener);
  });

  it('fires composed la-* events from the host', () => {
    const seen: unknown[] = [];
    document.addEventListener('la-probe', (e) => seen.push((e as CustomEvent).detail), { once: true });
    (element as LaChromeTest).emit('probe', { ok: true });
    expect(seen).to.deep.equal([{ ok: true }]);
  });
});
