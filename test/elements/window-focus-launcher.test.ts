import { expect } from '@esm-bundle/chai';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// A docked window opened with nothing focused (a command from the page's script): when it closes, focus goes
// to the launcher — the sidebar's button for that channel — never to <body> (issue 10 item 1).
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'wfocusl', preload: 'intent' },
  sidebar: {
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'Callback', clickCommand: 'Callback.open' },
    ],
  },
  callback: CALLBACK_V3,
};

let api: LiveAssistApi;
let sim: Simulator;
const deepActive = () => deepActiveElement();

describe('focus falls back to the launcher', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator('<la-sidebar></la-sidebar>'));
  });
  after(() => sim.dispose());

  it('callback opened by a command: Escape closes it and focus goes to the sidebar Callback button', async () => {
    const button = await waitFor(
      () => document.querySelector('la-sidebar')?.shadowRoot?.querySelector<HTMLElement>('button[data-channel=Callback]'),
      4000,
      'the sidebar',
    );
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).to.equal(document.body);
    await api.command('Callback.open');
    const win = () => document.querySelector('la-callback')?.shadowRoot?.querySelector<HTMLElement>('[part=window]') ?? null;
    await waitFor(() => win()?.contains(deepActive()), 4000, 'focus in the callback window');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !win(), 3000, 'the callback closed');
    await waitFor(() => deepActive() === button, 2000, "focus on the sidebar's Callback button");
  });
});
