import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALENDAR_5_DAYS, CALLBACK_EWT, CALLBACK_V3 } from '../helpers/callback-config.ts';

// Mobile mode forced (main.mobileMode: true), Polish: the callback window fills the screen, the calendar
// is a full-screen sheet with a day column and a time column; a slot picked by touch-like clicks is booked.
window.liveAssistConfig = {
  main: { lang: 'pl', theme: 'dark', deploymentID: 'cbm', preload: 'intent', timeFormat: 24, mobileMode: true },
  callback: {
    ...CALLBACK_V3,
    ewt: CALLBACK_EWT,
  },
  calendar: CALENDAR_5_DAYS,
};

let api: LiveAssistApi;
let sim: Simulator;
const root = () => document.querySelector('la-callback')?.shadowRoot ?? null;
const calendarRoot = () => document.querySelector('la-calendar')?.shadowRoot ?? null;
const field = (name: string) => root()!.querySelector<HTMLInputElement & HTMLTextAreaElement>(`[name=${name}]`)!;

describe('<la-callback> and <la-calendar> in mobile mode', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('fills the screen, keeps the +48 prefix and inputs of at least 16 px', async () => {
    await api.command('Callback.open');
    const win = await waitFor(() => root()?.querySelector<HTMLElement>('[part=window]'), 4000, 'the callback window');
    expect(document.querySelector('la-callback')!.matches(':state(mobile)')).to.equal(true);
    expect(win.querySelector('h2')!.textContent).to.equal('Zamów rozmowę');
    const box = win.getBoundingClientRect();
    expect(box.width).to.be.closeTo(window.innerWidth, 2);
    expect(field('phonenumber').value).to.equal('+48');
    expect(parseFloat(getComputedStyle(field('phonenumber')).fontSize)).to.be.at.least(16);
    await expectAccessible(document.querySelector('la-callback')!);
  });

  it('books a slot tomorrow picked in the full-screen calendar (day column, time column)', async () => {
    field('firstname').focus();
    await sendKeys({ type: 'Jan' });
    field('phonenumber').focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '600100400' });
    field('subject').focus();
    await sendKeys({ type: 'Wpłaty' });
    root()!.querySelector<HTMLInputElement>('input[value=pick]')!.click();
    (await waitFor(() => root()!.querySelector<HTMLInputElement>('[name=desiredtime]'), 2000, 'the date-time field')).click();
    const dialog = await waitFor(() => calendarRoot()?.querySelector<HTMLElement>('[role=dialog]'), 4000, 'the calendar');
    expect(document.querySelector('la-calendar')!.matches(':state(mobile)')).to.equal(true);
    expect(dialog.getBoundingClientRect().width).to.be.closeTo(window.innerWidth, 2);
    const days = calendarRoot()!.querySelector<HTMLElement>('.la-calendar__days')!;
    expect(getComputedStyle(days).flexDirection).to.equal('column');
    const labels = [...calendarRoot()!.querySelectorAll('.la-calendar__day-label')].map((e) => e.textContent);
    expect(labels.slice(0, 2)).to.deep.equal(['Dzisiaj', 'Jutro']);
    calendarRoot()!.querySelectorAll<HTMLButtonElement>('.la-calendar__day')[1]!.click();
    const slot = await waitFor(() => calendarRoot()!.querySelector<HTMLButtonElement>('.la-calendar__slot:not([disabled])'), 4000, 'open slots');
    const times = calendarRoot()!.querySelector<HTMLElement>('.la-calendar__times')!;
    expect(times.getBoundingClientRect().left).to.be.greaterThan(days.getBoundingClientRect().left);
    slot.click();
    await expectAccessible(document.querySelector('la-calendar')!);
    [...calendarRoot()!.querySelectorAll<HTMLButtonElement>('.la-buttons button')].find((b) => b.textContent === 'W porządku')!.click();
    await waitFor(() => !calendarRoot()!.querySelector('[role=dialog]'), 2000, 'the calendar to close');
    expect(field('desiredtime').value).to.contain(slot.textContent!);
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    const confirmation = await waitFor(() => root()!.querySelector('.la-callback__confirmation p'), 4000, 'the confirmation');
    expect(confirmation.textContent).to.contain('+48600100400');
    await expectAccessible(document.querySelector('la-callback')!);
  });
});
