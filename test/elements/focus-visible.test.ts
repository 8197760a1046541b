import { expect } from '@esm-bundle/chai';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { expectRingVisible } from '../helpers/focus-ring.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// Every focused control is fully visible with its focus ring (issue 10 item 4, WCAG 2.4.7 / 2.4.11): the
// control's box plus its ring (at least 2 px) lies inside every ancestor that clips or scrolls it, inside
// the viewport, and nothing covers it. Clipped were the calendar's day tiles (the days row scrolls), the
// sidebar's buttons (the nav's overflow: hidden) and Confirm (scrolled under the footer after a keyboard submit).
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'fvisible', preload: 'intent', timeFormat: 24 },
  callback: CALLBACK_V3,
  calendar: {
    numberOfDays: 14,
    timeFormat: 24,
    convertToUTC: true,
    calenderHours: { interval: 15, allDay: { openTime: '09:00', closeTime: '17:00', enable: true } },
  },
  sidebar: {
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'Callback', clickCommand: 'Callback.open' },
      { name: 'SendMessage', clickCommand: 'SendMessage.open' },
    ],
  },
  callus: { contacts: [{ number: '+48 22 100 20 30', displayName: 'Helpline' }] },
  sendmessage: { dataURL: '/api/sendmessage', limitsURL: '/api/sendmessage/limits' },
};

let api: LiveAssistApi;
let sim: Simulator;
const control = (path: string, body: unknown, method = 'POST') =>
  fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('focus rings are never clipped', () => {
  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    ({ api, sim } = await bootWithSimulator('<button id="start">Before the sidebar</button><la-sidebar></la-sidebar>'));
  });
  after(() => sim.dispose());
  afterEach(async () => {
    await api.command('App.closeAll').catch(() => undefined);
  });

  it('sidebar: each channel button, collapsed and expanded', async () => {
    const sidebar = document.querySelector('la-sidebar')!;
    await waitFor(() => sidebar.shadowRoot?.querySelector('.la-sidebar__button'), 4000, 'the sidebar buttons');
    document.querySelector<HTMLButtonElement>('#start')!.focus();
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      await sendKeys({ press: 'Tab' });
      const button = expectRingVisible(`sidebar button ${i + 1}, just focused`);
      names.push(button.dataset.channel!);
      await waitFor(() => sidebar.shadowRoot!.querySelector('.la-sidebar--expanded'), 2000, 'the sidebar to expand');
      await Promise.all(
        sidebar
          .shadowRoot!.querySelector('nav')!
          .getAnimations()
          .map((a) => a.finished),
      );
      expectRingVisible(`sidebar button ${i + 1}, expanded`);
    }
    expect(names).to.deep.equal(['CallUs', 'Callback', 'SendMessage']);
  });

  it('calendar: every day tile, stepping along the scrolling days row with the arrow keys', async () => {
    await api.command('Calendar.open');
    const root = () => document.querySelector('la-calendar')!.shadowRoot!;
    await waitFor(() => deepActiveElement()?.classList.contains('la-calendar__day'), 4000, 'focus on a day');
    const row = root().querySelector<HTMLElement>('.la-calendar__days')!;
    expect(row.scrollWidth, 'the days row scrolls').to.be.greaterThan(row.clientWidth);
    // Keyboard focus: the first arrow press makes the ring visible (focus came with the dialog).
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowLeft' });
    expectRingVisible('day 1');
    for (let day = 2; day <= 14; day++) {
      await sendKeys({ press: 'ArrowRight' });
      expectRingVisible(`day ${day}`);
    }
    for (let day = 13; day >= 1; day--) {
      await sendKeys({ press: 'ArrowLeft' });
      expectRingVisible(`day ${day} going back`);
    }
  });

  for (const height of [800, 560]) {
    it(`callback with the calendar at 1280 × ${height}: Confirm reached by Tab, and again after a keyboard submit that failed`, async () => {
      await setViewport({ width: 1280, height });
      await control('/__control/faults', { endpoint: 'callback.create', failureRate: 1, status: 503 });
      const desiredTime = new Date(Date.now() + 2 * 86_400_000);
      desiredTime.setUTCHours(10, 0, 0, 0);
      await api.command('Callback.open', {
        form: { firstname: 'Jan', phonenumber: '+48600100200', subject: 'Wpłaty' },
        desiredTime: desiredTime.toISOString(),
      });
      const root = () => document.querySelector('la-callback')!.shadowRoot!;
      await waitFor(() => root().querySelector<HTMLTextAreaElement>('[name=subject]'), 4000, 'the callback form');
      expect(root().querySelector<HTMLInputElement>('input[value=pick]')!.checked, 'pick mode').to.equal(true);
      const body = root().querySelector('.la-window__body')!;
      if (height < 800) expect(body.scrollHeight, 'the window body scrolls').to.be.greaterThan(body.clientHeight);
      // Every control on the way, from the first field to Confirm: none under the footer or the form's
      // sticky action bar.
      root().querySelector<HTMLInputElement>('[name=firstname]')!.focus();
      const confirm = [...root().querySelectorAll<HTMLButtonElement>('button[type=submit]')].find((b) => b.textContent === 'Confirm')!;
      for (let i = 0; i < 15 && deepActiveElement() !== confirm; i++) {
        await sendKeys({ press: 'Tab' });
        expectRingVisible(`Tab stop ${i + 1} (${deepActiveElement()?.getAttribute('name') ?? deepActiveElement()?.textContent})`);
      }
      expect(deepActiveElement()).to.equal(confirm);
      expectRingVisible('Confirm, reached by Tab');
      await sendKeys({ press: 'Enter' });
      const alert = await waitFor(() => root().querySelector<HTMLElement>('[role=alertdialog]'), 4000, 'the failure alert');
      await waitFor(() => alert.contains(deepActiveElement()), 2000, 'focus in the alert');
      await sendKeys({ press: 'Escape' });
      await waitFor(() => deepActiveElement() === confirm, 2000, 'focus back on Confirm');
      expectRingVisible('Confirm, after the failed keyboard submit');
      await control('/__control/faults', {}, 'DELETE');
      await setViewport({ width: 1280, height: 800 });
    });
  }
});
