import { expect } from '@esm-bundle/chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// On a 390 × 844 phone a docked window fills the screen and is modal; Minimise turns it into a small bar at
// the bottom (its title bar) with the page behind usable — not inert, no aria-modal — and Maximise brings
// back the full screen and the modality (issue 10 item 6: it was a blank 390 × 844 sheet over a hidden page).
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'phonemin', preload: 'intent', timeFormat: 24, mobileMode: true },
  callback: CALLBACK_V3,
  sidebar: { channels: [{ name: 'Callback', clickCommand: 'Callback.open' }] },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-callback')!;
const win = () => host().shadowRoot?.querySelector<HTMLElement>('[part=window]') ?? null;
const control = (label: string) => win()!.querySelector<HTMLButtonElement>(`.la-titlebar button[aria-label="${label}"]`);

describe('a docked window minimised on a phone', () => {
  before(async () => {
    await setViewport({ width: 390, height: 844 });
    ({ api, sim } = await bootWithSimulator(
      '<main><h1>Page</h1><p>Text behind the window.</p><a href="#top">A link on the page</a></main><la-sidebar></la-sidebar>',
    ));
  });
  after(() => sim.dispose());

  it('is a title bar at the bottom, the page usable; Maximise restores the full screen and the modality', async () => {
    const pageLink = document.querySelector<HTMLAnchorElement>('main a')!;
    await api.command('Callback.open');
    await waitFor(() => win()?.getAttribute('aria-modal') === 'true', 4000, 'the full-screen modal window');
    expect(win()!.getBoundingClientRect().height).to.be.closeTo(window.innerHeight, 2);
    await waitFor(() => pageLink.closest('[inert]'), 2000, 'the page behind a full-screen window inert');

    control('Minimize')!.focus();
    await sendKeys({ press: 'Enter' });
    const restore = await waitFor(() => control('Maximize'), 2000, 'the Maximize control');
    await waitFor(() => !win()!.hasAttribute('aria-modal'), 2000, 'no aria-modal while minimised');
    // A small bar: the title bar only, across the bottom of the screen.
    const bar = win()!.getBoundingClientRect();
    const titlebar = win()!.querySelector('.la-titlebar')!.getBoundingClientRect();
    expect(bar.height, 'the bar is its title bar').to.be.at.most(titlebar.height + 2);
    expect(bar.height).to.be.lessThan(80);
    expect(bar.bottom).to.be.closeTo(window.innerHeight, 1);
    expect(bar.width).to.be.closeTo(window.innerWidth, 2);
    // The page behind is visible, reachable and usable.
    expect(document.querySelectorAll('[inert]').length, 'inert elements while minimised').to.equal(0);
    const { left, top, width, height } = pageLink.getBoundingClientRect();
    expect(document.elementFromPoint(left + width / 2, top + height / 2)).to.equal(pageLink);
    expect(document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2), 'the middle of the screen').to.not.equal(host());
    // The sidebar's 'Need help?' button steps above the bar (it sat under it) and can still be clicked.
    const needHelp = document.querySelector('la-sidebar')!.shadowRoot!.querySelector<HTMLElement>('[part=mobile-button]')!;
    await waitFor(() => needHelp.getBoundingClientRect().bottom <= bar.top, 2000, "'Need help?' above the bar");
    const help = needHelp.getBoundingClientRect();
    expect(document.elementFromPoint(help.left + help.width / 2, help.top + help.height / 2)).to.equal(document.querySelector('la-sidebar'));
    expect(deepActiveElement(), 'focus stays on the control that minimised').to.equal(restore);
    pageLink.focus();
    expect(document.activeElement).to.equal(pageLink);
    await expectAccessible(document.body);

    restore.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => win()!.getAttribute('aria-modal') === 'true', 2000, 'the modal window again');
    expect(win()!.getBoundingClientRect().height).to.be.closeTo(window.innerHeight, 2);
    await waitFor(() => pageLink.closest('[inert]'), 2000, 'the page inert again');
    expect(win()!.contains(deepActiveElement()), 'focus inside the restored window').to.equal(true);
    await expectAccessible(host());
    // Closed: no docked window, the button back in its corner.
    await api.command('Callback.close');
    await waitFor(() => window.innerHeight - needHelpButton().getBoundingClientRect().bottom <= 13, 2000, "'Need help?' back at the bottom");
  });
});

const needHelpButton = () => document.querySelector('la-sidebar')!.shadowRoot!.querySelector<HTMLElement>('[part=mobile-button]')!;
