import { expect } from '@esm-bundle/chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { expectRingVisible } from '../helpers/focus-ring.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// The phone's full-screen calendar (issue 10 item 4): its day column and its time column both scroll, and
// every day and every slot the arrow keys reach shows its whole focus ring.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'fvmobile', preload: 'intent', timeFormat: 24, mobileMode: true },
  callback: CALLBACK_V3,
  calendar: {
    numberOfDays: 14,
    timeFormat: 24,
    convertToUTC: true,
    calenderHours: { interval: 15, allDay: { openTime: '09:00', closeTime: '17:00', enable: true } },
  },
};

let api: LiveAssistApi;
let sim: Simulator;

describe('focus rings on a phone', () => {
  before(async () => {
    await setViewport({ width: 390, height: 844 });
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('calendar: every day in the day column and every slot in the time column', async () => {
    // Opened from the callback's date-time field, as a visitor does (the callback service answers the slots).
    await api.command('Callback.open');
    const callback = () => document.querySelector('la-callback')!.shadowRoot!;
    (await waitFor(() => callback()?.querySelector<HTMLInputElement>('input[value=pick]'), 4000, 'the callback')).click();
    (await waitFor(() => callback().querySelector<HTMLInputElement>('[name=desiredtime]'), 2000, 'the date-time field')).click();
    const root = () => document.querySelector('la-calendar')!.shadowRoot!;
    await waitFor(() => deepActiveElement()?.classList.contains('la-calendar__day'), 4000, 'focus on a day');
    expect(document.querySelector('la-calendar')!.matches(':state(mobile)')).to.equal(true);
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowUp' });
    expectRingVisible('day 1');
    for (let day = 2; day <= 14; day++) {
      await sendKeys({ press: 'ArrowDown' });
      expectRingVisible(`day ${day}`);
    }
    // Tomorrow's slots: the time column.
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    const slots = await waitFor(() => root().querySelector<HTMLElement>('.la-calendar__slots'), 4000, "tomorrow's slots");
    const first = slots.querySelector<HTMLButtonElement>('button[tabindex="0"]')!;
    first.focus();
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'ArrowUp' });
    expectRingVisible('slot 1');
    const count = slots.querySelectorAll('button:not([disabled])').length;
    expect(count).to.be.greaterThan(10);
    for (let i = 2; i <= count; i++) {
      await sendKeys({ press: 'ArrowDown' });
      expectRingVisible(`slot ${i}`);
    }
  });
});
