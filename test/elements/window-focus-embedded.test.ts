import { expect } from '@esm-bundle/chai';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// An embedded <la-send-message> after a sent message: 'Write another message' gives the form back and focus
// goes to its first field, not to <body> (issue 10 item 1). The console: Escape closes it, focus goes back.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'wfocuse', preload: 'intent' },
  sendmessage: { dataURL: '/api/sendmessage', limitsURL: '/api/sendmessage/limits' },
  console: { enabled: true },
};

let api: LiveAssistApi;
let sim: Simulator;
const deepActive = () => deepActiveElement();

describe('focus after an embedded form and the console close', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator('<la-send-message mode="embedded"></la-send-message>'));
  });
  after(() => sim.dispose());

  it("send-message: 'Write another message' moves focus to the first field", async () => {
    const root = () => document.querySelector('la-send-message')!.shadowRoot;
    const first = await waitFor(() => root()?.querySelector<HTMLInputElement>('[name=firstName]'), 4000, 'the form');
    first.focus();
    for (const text of ['Jan', 'Kowalski', 'jan@example.com', 'Pytanie', 'Treść']) {
      await sendKeys({ type: text });
      await sendKeys({ press: 'Tab' });
    }
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.focus();
    await sendKeys({ press: 'Enter' });
    const again = await waitFor(
      () => [...root()!.querySelectorAll<HTMLButtonElement>('.la-send-message__success button')].find((b) => b.textContent === 'Write another message'),
      4000,
      'the success view',
    );
    again.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deepActive() === root()!.querySelector('[name=firstName]'), 2000, 'focus on the first field');
  });

  it('console: Escape closes it and focus goes back to the opener', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Console';
    opener.addEventListener('click', () => void api.command('Console.open'));
    document.body.append(opener);
    opener.focus();
    await sendKeys({ press: 'Enter' });
    const win = () => document.querySelector('la-console')?.shadowRoot?.querySelector<HTMLElement>('[part=window]') ?? null;
    await waitFor(() => win()?.contains(deepActive()), 4000, 'focus in the console');
    expect(win()!.getAttribute('role')).to.equal('dialog');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !win(), 3000, 'the console closed');
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');
    opener.remove();
  });
});
