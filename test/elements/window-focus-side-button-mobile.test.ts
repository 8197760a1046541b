import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { describeFocus, deepActive, shown, sideButton, sideButtonsConfig, windowOf, type SideButtonTag } from '../helpers/side-buttons.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';

// On a phone (main.mobileMode: true) without a sidebar: a window opened from its side button fills the screen
// and is modal — the page around it, the side button included, is inert. When it closes, the modal layer lets
// go first, then focus goes to the side button, shown again at once; never to <body>.
window.liveAssistConfig = sideButtonsConfig('wfocus-side-m', true);

type Tag = SideButtonTag;
const TAGS: Tag[] = ['la-chat', 'la-send-message', 'la-search'];

let sim: Simulator;

describe('a phone without a sidebar: a full-screen window opened from its side button gives focus back to it', () => {
  before(async () => {
    ({ sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  for (const tag of TAGS) {
    it(`${tag}: Enter on the side button, Escape; focus on the side button, shown and no longer inert`, async () => {
      await waitFor(() => TAGS.every(shown), 8000, 'every side button shown');
      const button = sideButton(tag)!;
      (document.activeElement as HTMLElement | null)?.blur();
      for (let i = 0; i < 12 && deepActive() !== button; i++) await sendKeys({ press: 'Tab' });
      expect(describeFocus(deepActive()), 'Tab reaches the side button').to.equal(describeFocus(button));
      await sendKeys({ press: 'Enter' });
      await waitFor(() => windowOf(tag)?.contains(deepActive()), 6000, `focus in the ${tag} window`);
      expect(windowOf(tag)!.getAttribute('aria-modal')).to.equal('true');
      expect(button.closest('[inert]') !== null, 'the side button is inert behind the full-screen window').to.equal(true);
      await waitFor(() => getComputedStyle(button).visibility === 'hidden', 2000, 'the side button hidden');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => !windowOf(tag), 4000, `the ${tag} window closed`);
      expect(describeFocus(deepActive()), 'focus on the side button as soon as the window is gone').to.equal(describeFocus(button));
      expect(deepActive() === button).to.equal(true);
      expect(button.closest('[inert]') === null, 'the side button no longer inert').to.equal(true);
      expect(shown(tag)).to.equal(true);
      expect(button.getAttribute('aria-hidden')).to.equal(null);
    });
  }
});
