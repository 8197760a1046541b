import { expect } from '@esm-bundle/chai';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// Docked windows and the keyboard (issue 10 items 1 and 3): Escape asks to close, closing gives focus back to
// the control that opened the window (never <body>), a refused submit focuses the first invalid field.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'wfocus', preload: 'intent', timeFormat: 24 },
  callback: CALLBACK_V3,
  sendmessage: { dataURL: '/api/sendmessage', limitsURL: '/api/sendmessage/limits' },
};

let api: LiveAssistApi;
let sim: Simulator;
const rootOf = (tag: string) => document.querySelector(tag)?.shadowRoot ?? null;
const windowOf = (tag: string) => rootOf(tag)?.querySelector<HTMLElement>('[part=window]') ?? null;
const deepActive = () => deepActiveElement();

/** A page button that opens `command` when the visitor activates it with the keyboard. */
async function openFrom(command: 'Callback.open' | 'SendMessage.open', tag: string): Promise<HTMLButtonElement> {
  const opener = document.createElement('button');
  opener.textContent = `Open ${tag}`;
  opener.addEventListener('click', () => void api.command(command).catch(() => undefined));
  document.body.append(opener);
  opener.focus();
  await sendKeys({ press: 'Enter' });
  await waitFor(() => windowOf(tag)?.contains(deepActive()), 4000, `focus in the ${tag} window`);
  return opener;
}

describe('docked windows and focus', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());
  afterEach(() => document.querySelectorAll('body > button').forEach((b) => b.remove()));

  it('callback: a non-modal dialog; Escape with nothing typed closes it and focus goes back to the opener', async () => {
    const opener = await openFrom('Callback.open', 'la-callback');
    const win = windowOf('la-callback')!;
    expect(win.getAttribute('role')).to.equal('dialog');
    expect(win.hasAttribute('aria-modal')).to.equal(false);
    await expectAccessible(document.querySelector('la-callback')!);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !windowOf('la-callback'), 3000, 'the callback closed');
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');
  });

  it('callback: Escape after typing asks to close; Yes closes and focus goes back to the opener', async () => {
    const opener = await openFrom('Callback.open', 'la-callback');
    await sendKeys({ type: 'Jan' });
    await sendKeys({ press: 'Escape' });
    const dialog = await waitFor(() => rootOf('la-callback')!.querySelector<HTMLElement>('[role=alertdialog]'), 2000, 'the close confirmation');
    const yes = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Yes')!;
    yes.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !windowOf('la-callback'), 3000, 'the callback closed');
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');
    expect(document.activeElement).to.not.equal(document.body);
  });

  it('callback: a submit with several errors focuses the first invalid field; the confirmation region waits empty', async () => {
    const opener = await openFrom('Callback.open', 'la-callback');
    const root = rootOf('la-callback')!;
    // The live region the 'booked' text goes into is there before the text.
    const region = root.querySelector('.la-window__body > div:first-child > [role=status]');
    expect(region, 'the confirmation live region before booking').to.not.equal(null);
    expect(region!.textContent).to.equal('');
    const confirm = [...root.querySelectorAll<HTMLButtonElement>('button[type=submit]')].find((b) => b.textContent === 'Confirm')!;
    confirm.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => root.querySelectorAll('[aria-invalid="true"]').length >= 2, 2000, 'several field errors');
    await waitFor(() => deepActive() === root.querySelector('[name=firstname]'), 2000, 'focus on the first invalid field');
    await api.command('Callback.close').catch(() => undefined);
    await waitFor(() => !windowOf('la-callback'), 3000, 'the callback closed');
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');
  });

  it('send-message: Escape closes the docked window and focus goes back to the opener', async () => {
    const opener = await openFrom('SendMessage.open', 'la-send-message');
    expect(windowOf('la-send-message')!.getAttribute('role')).to.equal('dialog');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !windowOf('la-send-message'), 3000, 'send-message closed');
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');
  });
});
