import { expect } from '@esm-bundle/chai';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALENDAR_5_DAYS, CALLBACK_EWT, CALLBACK_V3 } from '../helpers/callback-config.ts';

// The callback's schedule choices are touch targets of at least 24 × 24 px (WCAG 2.2 2.5.8): axe's
// 'target-size' rule, which axe leaves off by default, runs in every state of the form, and each choice
// (the whole label row, which toggles its radio button) is measured.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'cbtarget', preload: 'intent', timeFormat: 24 },
  callback: {
    ...CALLBACK_V3,
    ewt: CALLBACK_EWT,
  },
  calendar: CALENDAR_5_DAYS,
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-callback')!;
const root = () => document.querySelector('la-callback')?.shadowRoot ?? null;

/** Every schedule choice is at least 24 px high and wide, and its radio button lies inside it. */
function expectLargeChoices(): void {
  const choices = [...root()!.querySelectorAll<HTMLElement>('.la-callback__choice')];
  expect(choices).to.have.length(2);
  for (const choice of choices) {
    const box = choice.getBoundingClientRect();
    expect(box.height, `${choice.textContent} height`).to.be.at.least(24);
    expect(box.width, `${choice.textContent} width`).to.be.at.least(24);
    const radio = choice.querySelector('input[type=radio]')!.getBoundingClientRect();
    expect(radio.top).to.be.at.least(box.top);
    expect(radio.bottom).to.be.at.most(box.bottom);
  }
}

describe('<la-callback> schedule choices as touch targets', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('passes target-size with ASAP chosen', async () => {
    await api.command('Callback.open');
    await waitFor(() => root()?.querySelector('input[value=asap]'), 4000, 'the schedule choices');
    await expectAccessible(host(), ['target-size']);
    expectLargeChoices();
  });

  it('passes target-size with the validation errors shown', async () => {
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => root()!.querySelector('.la-field__error'), 2000, 'errors');
    await expectAccessible(host(), ['target-size']);
    expectLargeChoices();
  });

  it('passes target-size with "pick a date" chosen, and a click anywhere on the row chooses', async () => {
    const pick = root()!.querySelector<HTMLElement>('input[value=pick]')!.closest<HTMLElement>('.la-callback__choice')!;
    // With the errors shown the form scrolls, and Cancel / Confirm stay in view over its bottom: bring the row
    // into view first, as a visitor would.
    pick.scrollIntoView({ block: 'nearest' });
    const box = pick.getBoundingClientRect();
    // Near the row's right edge, away from the radio button and its text.
    const target = root()!.elementFromPoint(box.right - 2, box.top + box.height / 2);
    expect(pick.contains(target), 'the row edge belongs to the choice').to.equal(true);
    (target as HTMLElement).click();
    await waitFor(() => root()!.querySelector('[name=desiredtime]'), 2000, 'the date-time field');
    expect(root()!.querySelector<HTMLInputElement>('input[value=pick]')!.checked).to.equal(true);
    await expectAccessible(host(), ['target-size']);
    expectLargeChoices();
  });
});
