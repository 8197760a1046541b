import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// Mobile mode forced: the sidebar is one 'Need help?' button opening the channel list in <la-overlay>;
// the channel selector uses the same overlay.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'dark', deploymentID: 'sbm', preload: 'intent', mobileMode: true },
  sidebar: {
    channels: [
      { name: 'ChannelSelector', clickCommand: 'ChannelSelector.open' },
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open' },
    ],
  },
  channelselector: {
    ewtRefreshInterval: 1,
    channels: [
      // Configured commands may only open or show a widget (src/bus/channel-commands.ts).
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      {
        name: 'WebChat',
        clickCommand: 'WebChat.open',
        ewt: { display: true, queue: 'PPK_Chat', availabilityThresholdMin: 300, availabilityThresholdMax: 3600, hideChannelWhenThresholdMax: false },
      },
      { name: 'Callback', clickCommand: 'Callback.open', ewt: { display: true, queue: 'PPK_Callback' } },
    ],
  },
  callus: { contacts: [{ number: '+48 22 100 20 30', displayName: 'Helpline' }] },
  stats: { groupEWT: { url: '/api/ewt/group', queue: 'PPK_Chat' }, apiVersion: 'v1', dataURL: '/api/stats/v1', apikey: 'demo-key' },
};

let api: LiveAssistApi;
let sim: Simulator;
const sidebar = () => document.querySelector('la-sidebar')!.shadowRoot!;
const overlay = () => document.querySelector('la-overlay')?.shadowRoot ?? null;
const dialog = () => overlay()?.querySelector<HTMLElement>('[role=dialog]') ?? null;
const selector = () => overlay()?.querySelector('la-channel-selector')?.shadowRoot ?? null;
const tiles = () => [...(selector()?.querySelectorAll('.la-tile') ?? [])].map((t) => t.textContent);
const message = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );
// React's "Attempted to synchronously unmount a root while React was already rendering" (a view
// element removed inside another view's commit) must not appear.
const reactErrors: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  if (/synchronously unmount a root/.test(args.map(String).join(' '))) reactErrors.push(String(args[0]));
  consoleError(...args);
};
const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('<la-sidebar> in mobile mode, <la-overlay> and <la-channel-selector>', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator('<la-sidebar></la-sidebar>'));
  });
  after(() => sim.dispose());

  it('is a single "Need help?" button that opens an overlay titled "Need help?" listing the channels', async () => {
    const button = await waitFor(() => sidebar().querySelector<HTMLButtonElement>('[part=mobile-button]'), 4000, 'the mobile button');
    expect(button.textContent!.trim()).to.equal('Need help?');
    expect(sidebar().querySelector('nav')).to.equal(null);
    await expectAccessible(document.querySelector('la-sidebar')!);
    button.click();
    await waitFor(dialog, 8000, 'the overlay');
    expect(dialog()!.querySelector('h2')!.textContent).to.equal('Need help?');
    const labels = () => [...dialog()!.querySelectorAll('li:not([hidden]) .la-sidebar__name')].map((e) => e.textContent);
    await waitFor(() => labels().length, 2000, 'the channel list');
    expect(labels()).to.deep.equal(['Live Assistance', 'Call Us', 'Live Chat']);
    await waitFor(() => overlay()!.activeElement?.textContent?.includes('Live Assistance'), 2000, 'focus on the first channel');
    expect(await message(api.command('Sidebar.open'))).to.equal('Could not open Sidebar in mobile mode');
    await expectAccessible(document.querySelector('la-overlay')!);
  });

  it('closes on Escape, and on a click on the backdrop', async () => {
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(), 2000, 'closed by Escape');
    sidebar().querySelector<HTMLButtonElement>('[part=mobile-button]')!.click();
    await waitFor(dialog, 2000, 'the overlay again');
    overlay()!.querySelector<HTMLElement>('[part=backdrop]')!.click();
    await waitFor(() => !dialog(), 2000, 'closed by the backdrop');
    expect(await message(api.command('Overlay.close'))).to.equal('Overlay view is already closed');
  });

  it('a channel in the overlay closes it and opens the channel selector: Live Assistance with statuses', async () => {
    sidebar().querySelector<HTMLButtonElement>('[part=mobile-button]')!.click();
    await waitFor(dialog, 2000, 'the overlay');
    dialog()!.querySelector<HTMLButtonElement>('.la-sidebar__button')!.click();
    await waitFor(() => tiles().length === 3, 8000, 'the tiles');
    expect(dialog()!.querySelector('h2')!.textContent).to.equal('Live Assistance');
    expect(dialog()!.querySelector('.la-titlebar__subtitle')!.textContent).to.equal('How would you like to get in touch?');
    // 'Available' until the waits are known, then the simulator's (45 s chat, 30 s callback: under the
    // 300 s minimum, 'Longer wait'); waiting for the answer keeps the check independent of timing.
    await waitFor(() => tiles()[1] === 'Live ChatLonger wait', 8000, 'the statuses from the wait-time answer');
    expect(tiles()).to.deep.equal(['Call UsAvailable', 'Live ChatLonger wait', 'CallbackLonger wait']);
    expect(await message(api.command('ChannelSelector.open'))).to.equal('Already opened');
    await expectAccessible(document.querySelector('la-overlay')!);
  });

  it('refreshes the waits while open: minutes in the alert style, hidden or Unavailable at the maximum', async () => {
    await post('/__control/wait', { waits: { PPK_Chat: 1800, PPK_Callback: 600 } });
    await waitFor(() => tiles().length === 2 && tiles()[1]!.includes('Wait time: 30 minutes'), 4000, 'the refreshed waits');
    expect(selector()!.querySelector('.la-tile--alert')!.textContent).to.contain('Live Chat');
    await post('/__control/wait', { queue: 'PPK_Chat', ewt: 4000 });
    await waitFor(() => selector()!.querySelector<HTMLButtonElement>('.la-tile:disabled')?.textContent?.includes('Unavailable'), 4000, 'Unavailable');
    await expectAccessible(document.querySelector('la-overlay')!);
    await post('/__control/reset', {});
  });

  it('a tile click closes the selector and runs the channel', async () => {
    const opened = new Promise((resolve) => api.subscribe('CallUs.opened', resolve));
    const closed = new Promise((resolve) => api.subscribe('ChannelSelector.closed', resolve));
    selector()!.querySelector<HTMLButtonElement>('.la-tile')!.click();
    await closed;
    await opened;
    await waitFor(() => dialog()?.querySelector('h2')?.textContent === 'Call Us', 2000, 'the call-us panel in the overlay');
    await api.command('CallUs.close');
    await waitFor(() => !dialog(), 2000, 'the overlay closed');
    expect(await message(api.command('ChannelSelector.close'))).to.equal('Already closed');
  });

  it('a reserved overlay refuses other plugins and publishes the close attempt', async () => {
    await api.command('Overlay.open', { html: '<p>Offer</p><button>Take it</button>', title: 'Offer', immutable: true });
    expect(await message(api.command('ChannelSelector.open'))).to.equal('Overlay view is currently reserved by page');
    const attempt = new Promise((resolve) => api.subscribe('Overlay.closeAttempt', (e) => resolve(e.data)));
    await sendKeys({ press: 'Escape' });
    expect(await attempt).to.deep.equal({ commander: 'Overlay', owner: 'page' });
    expect(dialog()).to.not.equal(null);
    expect(await message(api.command('Overlay.open', { title: 'x' }))).to.equal('No HTML content was provided. Overlay has ignored your command.');
    await api.command('Overlay.close');
  });

  it("removing the channel selector from the overlay unmounts its React root outside the overlay's commit", async () => {
    await api.command('ChannelSelector.open');
    await waitFor(() => tiles().length > 0, 4000, 'the tiles');
    const view = selector()!.querySelector('la-channel-selector-view')!;
    await api.command('ChannelSelector.close');
    await waitFor(() => !dialog(), 2000, 'the overlay closed');
    expect(view.isConnected).to.equal(false);
    await waitFor(() => (view.shadowRoot ?? view).childNodes.length === 0, 2000, 'the React root unmounted');
    expect(reactErrors).to.deep.equal([]);
  });
});
