import { expect } from '@esm-bundle/chai';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// On a phone (main.mobileMode: true) a docked window fills the screen and is modal (issue 10 items 2 and 3):
// role=dialog with aria-modal, the page around inert, Shift+Tab never leaves it; closing gives focus back.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'wfocusm', preload: 'intent', timeFormat: 24, mobileMode: true },
  callback: CALLBACK_V3,
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-callback');
const win = () => host()?.shadowRoot?.querySelector<HTMLElement>('[part=window]') ?? null;
const deepActive = () => deepActiveElement();

describe('docked windows on a phone', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('are modal dialogs: the page around is inert, Shift+Tab stays inside, Escape closes and focus goes back', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Call me back';
    opener.addEventListener('click', () => void api.command('Callback.open'));
    document.body.append(opener);
    opener.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => win()?.contains(deepActive()), 4000, 'focus in the callback window');
    expect(host()!.matches(':state(mobile)')).to.equal(true);
    expect(win()!.getAttribute('role')).to.equal('dialog');
    expect(win()!.getAttribute('aria-modal')).to.equal('true');
    expect(opener.closest('[inert]'), 'the page behind is inert').to.not.equal(null);
    expect(host()!.closest('[inert]')).to.equal(null);
    await expectAccessible(host()!);
    // From the first control, Shift+Tab cycles inside the window and never reaches the page.
    win()!.querySelector<HTMLElement>('[name=firstname]')!.focus();
    for (let i = 0; i < 15; i++) {
      await sendKeys({ press: 'Shift+Tab' });
      expect(win()!.contains(deepActive()), `focus inside the window after Shift+Tab ${i + 1}`).to.equal(true);
    }
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !win(), 3000, 'the callback closed');
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');
    expect(opener.closest('[inert]'), 'the page usable again').to.equal(null);
    opener.remove();
  });
});
