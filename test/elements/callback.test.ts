import { expect } from '@esm-bundle/chai';
import { controlData } from '../helpers/simulator.ts';
import { sendKeys } from '@web/test-runner-commands';
import { http, HttpResponse, delay } from 'msw';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import { DateTime } from 'luxon';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALENDAR_5_DAYS, CALLBACK_EWT, CALLBACK_V3 } from '../helpers/callback-config.ts';

// <la-callback> and <la-calendar> through the whole pattern, against the demo simulator behind msw.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'cbtest', preload: 'intent', timeFormat: 24 },
  callback: {
    ...CALLBACK_V3,
    ewt: { ...CALLBACK_EWT, url: '/api/ewt/group' },
    dataProtection: { controller: 'Centrum Informacji PPK', purpose: 'handling your contact question', pdf: '/ochrona-danych.pdf' },
  },
  calendar: CALENDAR_5_DAYS,
};

let api: LiveAssistApi;
let sim: Simulator;
const root = () => document.querySelector('la-callback')?.shadowRoot ?? null;
const calendarRoot = () => document.querySelector('la-calendar')?.shadowRoot ?? null;
const win = () => root()?.querySelector<HTMLElement>('[part=window]') ?? null;
const field = (name: string) => root()!.querySelector<HTMLInputElement & HTMLTextAreaElement>(`[name=${name}]`)!;
const active = () => (root()?.activeElement ?? calendarRoot()?.activeElement) as HTMLElement | null;
const control = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const tabUntil = async (match: (el: HTMLElement | null) => boolean, max = 12) => {
  for (let i = 0; i < max && !match(active()); i++) await sendKeys({ press: 'Tab' });
  expect(match(active()), 'tab target reached').to.equal(true);
};

describe('<la-callback> with <la-calendar>', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('is appended, docked and rendered when Callback.open runs; a second open is rejected', async () => {
    const events: string[] = [];
    api.subscribe('Callback.*', (e) => events.push(e.name));
    await api.command('Callback.open');
    const w = await waitFor(win, 4000, 'the callback window');
    expect(w.querySelector('h2')!.textContent).to.equal('Receive a Call');
    // The window takes focus: keyboard and screen-reader users land in its first field.
    await waitFor(() => root()!.activeElement === field('firstname'), 2000, 'focus in the first field');
    expect(await api.command('Callback.open').catch((e: Error) => e.message)).to.equal('Already opened');
    expect(events).to.deep.equal(['Callback.opened']);
    // The +48 prefix is shown in the field itself (intl-tel-input must not strip it as a separate dial code).
    await waitFor(() => root()!.querySelector('.iti'), 5000, 'intl-tel-input (its chunk, when idle after the first frame)');
    expect(field('phonenumber').value).to.equal('+48');
    expect(root()!.querySelector('.iti__selected-dial-code')).to.equal(null);
    // The country picker is there, with Poland as its one entry.
    const picker = root()!.querySelector<HTMLButtonElement>('.iti__selected-country')!;
    expect(picker.getAttribute('aria-label')).to.equal('Country code: Poland (+48)');
    expect(root()!.querySelectorAll('.iti__country')).to.have.length(1);
    expect(root()!.querySelector('.iti__country')!.getAttribute('data-dial-code')).to.equal('48');
    expect(root()!.querySelector('style')).to.equal(null);
    expect([...root()!.querySelectorAll('[style]')].filter((el) => !el.closest('.iti'))).to.have.length(0);
    expect(root()!.querySelector('a[href="/ochrona-danych.pdf"]')).to.not.equal(null);
    const registry = await api.command('WindowManager.getRegistry');
    expect(registry.map((e) => e.plugin)).to.include('Callback');
    await expectAccessible(document.querySelector('la-callback')!);
  });

  it('the phone field takes digits and + only and keeps the +48 prefix', async () => {
    field('phonenumber').focus();
    await sendKeys({ type: 'ab 6-0' });
    expect(field('phonenumber').value).to.equal('+4860');
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'Backspace' });
    expect(field('phonenumber').value).to.equal('+48');
    await sendKeys({ press: 'Home' });
    await sendKeys({ press: 'Delete' });
    expect(field('phonenumber').value).to.equal('+48');
    await sendKeys({ press: 'End' });
    await sendKeys({ type: '6001002003004' });
    expect(field('phonenumber').value).to.equal('+48600100200');
    expect(field('phonenumber').value).to.have.length(12);
    for (let i = 0; i < 9; i++) await sendKeys({ press: 'Backspace' });
    expect(field('phonenumber').value).to.equal('+48');
  });

  it('validates before submit with the spec messages', async () => {
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => root()!.querySelector('.la-field__error'), 2000, 'errors');
    const errors = [...root()!.querySelectorAll('.la-field__error')].map((e) => e.textContent);
    expect(errors).to.include('Please enter a valid phone number.');
    expect(errors).to.include('This field is required.');
    expect(field('firstname').getAttribute('aria-invalid')).to.equal('true');
    await expectAccessible(document.querySelector('la-callback')!);
  });

  it('books a slot from the calendar with the keyboard alone', async () => {
    field('firstname').focus();
    await sendKeys({ type: 'Jan' });
    await tabUntil((el) => el?.getAttribute('name') === 'phonenumber');
    await sendKeys({ type: '600100300' });
    await sendKeys({ press: 'Tab' });
    expect(active()?.getAttribute('name')).to.equal('subject');
    await sendKeys({ type: 'Wpłaty' });
    await sendKeys({ press: 'Tab' });
    expect(active()?.getAttribute('value')).to.equal('asap');
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => root()!.querySelector('[name=desiredtime]'), 2000, 'the date-time field');
    await sendKeys({ press: 'Tab' });
    expect(active()?.getAttribute('name')).to.equal('desiredtime');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => calendarRoot()?.querySelector('[role=dialog]'), 4000, 'the calendar');
    await waitFor(() => calendarRoot()!.activeElement?.classList.contains('la-calendar__day'), 2000, 'focus on the first day');
    const labels = [...calendarRoot()!.querySelectorAll('.la-calendar__day-label')].map((e) => e.textContent);
    expect(labels.slice(0, 2)).to.deep.equal(['Today', 'Tomorrow']);
    expect(labels).to.have.length(5);
    await expectAccessible(document.querySelector('la-calendar')!);
    await sendKeys({ press: 'ArrowRight' });
    expect(calendarRoot()!.activeElement!.querySelector('.la-calendar__day-label')!.textContent).to.equal('Tomorrow');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => calendarRoot()!.querySelector('.la-calendar__slot:not([disabled])'), 4000, 'open slots');
    expect(calendarRoot()!.querySelector('.la-calendar__day--chosen .la-calendar__day-label')!.textContent).to.equal('Tomorrow');
    await sendKeys({ press: 'Tab' });
    expect(calendarRoot()!.activeElement!.classList.contains('la-calendar__slot')).to.equal(true);
    await sendKeys({ press: 'ArrowRight' });
    const chosenTime = calendarRoot()!.activeElement!.textContent;
    const selected = new Promise<{ date: string; timeString: string }>((resolve) => api.subscribe('Calendar.selected', (e) => resolve(e.data)));
    await sendKeys({ press: 'Enter' });
    expect((await selected).timeString).to.equal(chosenTime);
    await expectAccessible(document.querySelector('la-calendar')!);
    // The modal calendar traps focus: Tab and Shift+Tab cycle inside it.
    for (let i = 0; i < 10; i++) {
      await sendKeys({ press: 'Tab' });
      expect(calendarRoot()!.activeElement, `focus inside the calendar after Tab ${i + 1}`).to.not.equal(null);
    }
    for (let i = 0; i < 10; i++) {
      await sendKeys({ press: 'Shift+Tab' });
      expect(calendarRoot()!.activeElement, `focus inside the calendar after Shift+Tab ${i + 1}`).to.not.equal(null);
    }
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !calendarRoot()!.querySelector('[role=dialog]'), 2000, 'the calendar to close');
    await waitFor(() => active()?.getAttribute('name') === 'desiredtime', 2000, 'focus back on the date-time field');
    expect(field('desiredtime').value).to.contain(chosenTime!);
    await tabUntil((el) => el?.textContent === 'Confirm');
    await sendKeys({ press: 'Enter' });
    const confirmation = await waitFor(() => root()!.querySelector('.la-callback__confirmation p'), 4000, 'the confirmation');
    expect(confirmation.textContent).to.equal("You're booked in! We will call you at the number provided: +48600100300");
    const [record] = (await (await controlData('/__control/callbacks')).json()).callbacks ?? (await (await controlData('/__control/callbacks')).json());
    expect(record.phoneNumber).to.equal('600100300');
    expect(record.state).to.equal('SCHEDULED');
    await expectAccessible(document.querySelector('la-callback')!);
  });

  it('closes after booking with Close (completed, not cancelled); close when closed is rejected', async () => {
    const events: string[] = [];
    const off = api.subscribe('Callback.*', (e) => events.push(e.name));
    const button = [...root()!.querySelectorAll<HTMLButtonElement>('.la-callback__confirmation button')].find((b) => b.textContent === 'Close')!;
    button.click();
    await waitFor(() => !win(), 2000, 'the window to close');
    off();
    expect(events).to.deep.equal(['Callback.closed']);
    expect(await api.command('Callback.close').catch((e: Error) => e.message)).to.equal('Already closed');
    expect(await api.command('Callback.minimize').catch((e: Error) => e.message)).to.equal('Callback is not currently open');
  });

  it('an error answer shows its message in a dialog and Okay gives back the filled form', async () => {
    await api.command('Callback.open', { form: { firstname: 'Ala', phonenumber: '600000036', subject: 'PPK' } });
    await waitFor(win, 4000, 'the callback window');
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    const dialog = await waitFor(() => root()!.querySelector('[role=alertdialog]'), 4000, 'the error dialog');
    expect(dialog.textContent).to.contain('Callback to this number is not possible. Please retry with another phone number.');
    await expectAccessible(document.querySelector('la-callback')!);
    expect(active()?.textContent).to.equal('Okay');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !root()!.querySelector('[role=alertdialog]'), 2000, 'the dialog to close');
    expect(field('firstname').value).to.equal('Ala');
    expect(field('phonenumber').value).to.equal('+48600000036');
    expect(field('subject').value).to.equal('PPK');
  });

  it('a number that is not one is refused before submit; 7030 from the server marks the phone field too; every value is kept', async () => {
    field('phonenumber').focus();
    await sendKeys({ press: 'End' });
    for (let i = 0; i < 9; i++) await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: '12345' });
    expect(field('phonenumber').value).to.equal('+4812345');
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    // Checked in the browser (libphonenumber-js): no request, no dialog, the field says why.
    await waitFor(() => field('phonenumber').getAttribute('aria-invalid') === 'true', 2000, 'the phone field marked');
    expect(root()!.querySelector('[role=alertdialog]')).to.equal(null);
    expect(root()!.querySelector('.la-callback__phone .la-field__error')!.textContent).to.equal('Please enter a valid phone number.');
    // A number the browser accepts and the server refuses with 7030.
    sim.worker.use(
      http.post('/api/callback/v3/create', () =>
        HttpResponse.json({ code: 7030, message: 'Invalid phone number. Please enter a valid phone number.' }, { status: 400 }),
      ),
    );
    try {
      for (let i = 0; i < 5; i++) await sendKeys({ press: 'Backspace' });
      await sendKeys({ type: '600100209' });
      root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
      const dialog = await waitFor(() => root()!.querySelector('[role=alertdialog]'), 4000, 'the error dialog');
      expect(dialog.textContent).to.contain('Please enter a valid phone number.');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !root()!.querySelector('[role=alertdialog]'), 2000, 'the dialog to close');
    } finally {
      sim.worker.resetHandlers();
    }
    expect(field('phonenumber').getAttribute('aria-invalid')).to.equal('true');
    expect(root()!.querySelector('.la-callback__phone .la-field__error')!.textContent).to.equal('Please enter a valid phone number.');
    expect(field('firstname').getAttribute('aria-invalid')).to.equal(null);
    expect([field('firstname').value, field('phonenumber').value, field('subject').value]).to.deep.equal(['Ala', '+48600100209', 'PPK']);
    await expectAccessible(document.querySelector('la-callback')!);
  });

  it('closing with data asks for confirmation; No keeps it, Yes closes as cancelled', async () => {
    const events: string[] = [];
    const off = api.subscribe('Callback.*', (e) => events.push(e.name));
    root()!.querySelector<HTMLButtonElement>('button[aria-label="Close Receive a Call"]')!.click();
    const dialog = await waitFor(() => root()!.querySelector('[role=alertdialog]'), 2000, 'the confirmation dialog');
    expect(dialog.textContent).to.contain('Are you sure you want to cancel arranging this callback?');
    await expectAccessible(document.querySelector('la-callback')!);
    [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'No')!.click();
    await waitFor(() => !root()!.querySelector('[role=alertdialog]'), 2000, 'the dialog to close');
    expect(field('firstname').value).to.equal('Ala');
    root()!.querySelector<HTMLButtonElement>('button[aria-label="Close Receive a Call"]')!.click();
    const again = await waitFor(() => root()!.querySelector('[role=alertdialog]'), 2000, 'the confirmation dialog');
    [...again.querySelectorAll('button')].find((b) => b.textContent === 'Yes')!.click();
    await waitFor(() => !win(), 2000, 'the window to close');
    off();
    expect(events).to.deep.equal(['Callback.cancelled', 'Callback.closed']);
  });

  it('Callback.close with the calendar open closes the calendar too; a later open and close, with it shut, publish nothing of it', async () => {
    await api.command('Callback.open');
    await waitFor(win, 4000, 'the callback window');
    const calendarEvents: string[] = [];
    const off = api.subscribe('Calendar.*', (e) => calendarEvents.push(e.name));
    await api.command('Calendar.open');
    await waitFor(() => calendarRoot()?.querySelector('[role=dialog]'), 4000, 'the calendar');
    await api.command('Callback.close');
    await waitFor(() => !win(), 2000, 'the window to close');
    await waitFor(() => !calendarRoot()?.querySelector('[role=dialog]'), 2000, 'the calendar to close with it');
    expect(calendarEvents).to.deep.equal(['Calendar.opened', 'Calendar.closed']);
    await api.command('Callback.open');
    await waitFor(win, 4000, 'the callback window');
    await api.command('Callback.close');
    await waitFor(() => !win(), 2000, 'the window to close');
    off();
    // The window's close asks the calendar to close only when it is open (src/plugins/callback/callback.ts).
    expect(calendarEvents).to.deep.equal(['Calendar.opened', 'Calendar.closed']);
  });

  it('books as soon as possible with the keyboard alone', async () => {
    await control('/__control/clock', { warsawTime: '10:00' });
    await api.command('Callback.open');
    await waitFor(win, 4000, 'the callback window');
    await waitFor(() => root()!.querySelector('.la-callback__note'), 4000, 'the ASAP wait note');
    field('firstname').focus();
    await sendKeys({ type: 'Ewa' });
    await tabUntil((el) => el?.getAttribute('name') === 'phonenumber');
    await sendKeys({ type: '600100301' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Wypłata' });
    await sendKeys({ press: 'Tab' });
    expect(active()?.getAttribute('value')).to.equal('asap');
    expect((active() as HTMLInputElement).checked).to.equal(true);
    await tabUntil((el) => el?.textContent === 'Confirm');
    await sendKeys({ press: 'Enter' });
    const confirmation = await waitFor(() => root()!.querySelector('.la-callback__confirmation p'), 4000, 'the confirmation');
    expect(confirmation.textContent).to.equal("You're booked in! We will call you at the number provided: +48600100301");
    // The confirmation replaced the focused Confirm button: focus is on its Close button, not the page.
    await waitFor(() => active()?.textContent === 'Close', 2000, "focus on the confirmation's Close button");
    const body = await (await controlData('/__control/callbacks')).json();
    const records = (body.callbacks ?? body) as Array<{ phoneNumber: string }>;
    expect(records.map((r) => r.phoneNumber)).to.include('600100301');
    await api.command('Callback.close');
    await control('/__control/clock', { reset: true });
  });

  it('too many requests (7041) shows the full slot and the proposed free times in local time', async () => {
    const full = '2025-03-04T09:30:00.000Z';
    const proposed = ['2025-03-04T09:45:00.000Z', '2025-03-04T13:15:00.000Z'];
    sim.worker.use(
      http.post('/api/callback/v3/create', () =>
        HttpResponse.json(
          {
            code: 7041,
            message: `Too many requests at this time. The time slot ${full} is full. Proposed time slots: ${proposed.join(', ')}. Please propose another time slot.`,
            proposedTimes: proposed,
          },
          { status: 429 },
        ),
      ),
    );
    try {
      await api.command('Callback.open', { form: { firstname: 'Ola', phonenumber: '600100402', subject: 'PPK' } });
      await waitFor(win, 4000, 'the callback window');
      root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
      const dialog = await waitFor(() => root()!.querySelector('[role=alertdialog]'), 4000, 'the error dialog');
      // Local time of the browser, 24 h as configured (timeFormat: 24), with the day.
      const local = (iso: string) => {
        const time = DateTime.fromISO(iso).setLocale('en');
        return `${time.toLocaleString({ day: 'numeric', month: 'long', year: 'numeric' })}, ${time.toFormat('HH:mm')}`;
      };
      expect(dialog.textContent).to.contain(
        `Too many requests at this time. The time ${local(full)} is already taken. Free times: ${proposed.map(local).join(', ')}.`,
      );
      expect(dialog.textContent).to.not.contain('propose');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => !root()!.querySelector('[role=alertdialog]'), 2000, 'the dialog to close');
    } finally {
      sim.worker.resetHandlers();
    }
    await api.command('Callback.close');
  });

  it('a server slower than the timeout: "not confirmed" with Try again, and the retry books once', async () => {
    await control('/__control/faults', { endpoint: 'callback.create', latencyMs: 3600 });
    try {
      await api.command('Callback.open', { form: { firstname: 'Iga', phonenumber: '600100403', subject: 'PPK' } });
      await waitFor(win, 4000, 'the callback window');
      root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
      const dialog = await waitFor(() => root()!.querySelector('[role=alertdialog]'), 5000, 'the unconfirmed dialog');
      expect(dialog.querySelector('h2, [id$=title]')?.textContent ?? dialog.textContent).to.contain('Booking not confirmed');
      expect(dialog.textContent).to.contain('We could not confirm that your callback was booked. Retrying will not book it twice.');
      await expectAccessible(document.querySelector('la-callback')!);
      // The server is fast again; the first try is still running there when the retry arrives.
      await control('/__control/faults', { endpoint: 'callback.create', clear: true });
      [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!.click();
      await waitFor(() => root()!.querySelector('.la-callback__confirmation p'), 4000, 'the confirmation');
    } finally {
      await control('/__control/faults', { endpoint: 'callback.create', clear: true });
    }
    const body = await (await controlData('/__control/callbacks')).json();
    const records = (body.callbacks ?? body) as Array<{ phoneNumber: string }>;
    expect(records.filter((r) => r.phoneNumber === '600100403')).to.have.length(1);
    await api.command('Callback.close');
  });

  it('refuses an immediate callback while the queue wait is outside 0-300 s', async () => {
    await control('/__control/wait', { queue: 'PPK_Callback', ewt: 600 });
    await api.command('Callback.open', { form: { firstname: 'Ola', phonenumber: '600100302', subject: 'PPK' } });
    await waitFor(win, 4000, 'the callback window');
    const asap = await waitFor(() => root()!.querySelector<HTMLInputElement>('input[value=asap][disabled]'), 4000, 'ASAP disabled');
    expect(asap.checked).to.equal(true);
    expect(root()!.querySelector('.la-callback__wait')!.textContent).to.equal('Estimated wait time: 10 minutes');
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    const error = await waitFor(() => root()!.querySelector('.la-callback__schedule .la-field__error'), 2000, 'the schedule error');
    expect(error.textContent).to.equal('An immediate callback is not available at the moment. Please pick a date and time.');
    expect(root()!.querySelector('.la-callback__confirmation')).to.equal(null);
    await api.command('Callback.close');
    await control('/__control/wait', { queue: 'PPK_Callback', ewt: 30 });
  });

  it("asks for the queue's wait once the browser is idle after the open, and not at all when the window closed before", async () => {
    const asked: string[] = [];
    // Seen, then left to the simulator (a resolver that returns nothing passes the request on).
    sim.worker.use(
      http.get('/api/ewt/group', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('name') ?? '');
      }),
    );
    try {
      await control('/__control/wait', { queue: 'PPK_Callback', ewt: 120 });
      // Opened and closed in the same task: the wait is never asked for.
      await api.command('Callback.open');
      await api.command('Callback.close');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(asked, 'no wait request for a window closed before the browser was idle').to.deep.equal([]);
      // Opened: asked once idle (1 s at the latest), and shown.
      await api.command('Callback.open');
      await waitFor(() => root()?.querySelector('.la-callback__wait')?.textContent === 'Estimated wait time: 2 minutes', 4000, 'the wait');
      expect(asked).to.deep.equal(['PPK_Callback']);
      await api.command('Callback.close');
    } finally {
      sim.worker.resetHandlers();
      await control('/__control/wait', { queue: 'PPK_Callback', ewt: 30 });
    }
  });

  it("a proactive open takes no focus from the page; a visitor's open focuses its first field, in one step", async () => {
    const focused: string[] = [];
    const onFocus = (event: FocusEvent) => {
      const target = event.composedPath()[0] as HTMLElement;
      focused.push(target.getAttribute('name') ?? target.getAttribute('aria-label') ?? target.localName);
    };
    document.addEventListener('focusin', onFocus);
    try {
      (document.activeElement as HTMLElement | null)?.blur();
      await api.command('Callback.open', { proactive: true });
      await waitFor(() => root()?.querySelector('[name=firstname]'), 4000, 'the form');
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
      expect(document.activeElement === document.body, 'focus stays on the page').to.equal(true);
      expect(focused).to.deep.equal([]);
      await api.command('Callback.close');
      (document.activeElement as HTMLElement | null)?.blur();
      focused.length = 0;
      await api.command('Callback.open');
      await waitFor(() => active()?.getAttribute('name') === 'firstname', 4000, 'focus in the first field');
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100)));
      // Not the title bar's button first, then the field.
      expect(focused).to.deep.equal(['firstname']);
    } finally {
      document.removeEventListener('focusin', onFocus);
    }
    await api.command('Callback.close');
  });

  it('the calendar is disabled while loading and shows an error alert when availability fails', async () => {
    await sim.worker.use(
      http.get('/api/callback/v3/availability/:service', async () => {
        await delay(300);
        return HttpResponse.json({ code: 1, message: 'down' }, { status: 500 });
      }),
    );
    await api.command('Calendar.open');
    await waitFor(() => calendarRoot()?.querySelector('[role=dialog]'), 4000, 'the calendar');
    calendarRoot()!.querySelector<HTMLButtonElement>('.la-calendar__day')!.click();
    await waitFor(() => calendarRoot()!.querySelector('.la-calendar__day[aria-disabled=true]'), 2000, 'disabled days');
    const panel = await waitFor(() => calendarRoot()!.querySelector('[role=alertdialog]'), 4000, 'the error alert');
    expect(panel.textContent).to.contain('Unable to fetch availability details');
    expect(calendarRoot()!.querySelector('.la-calendar__slot')).to.equal(null);
    await expectAccessible(document.querySelector('la-calendar')!);
    panel.querySelector('button')!.click();
    await waitFor(() => !calendarRoot()!.querySelector('[role=alertdialog]'), 2000, 'the alert dismissed');
    expect(await api.command('Calendar.open', { date: 'not a date' }).catch((e: Error) => e.message)).to.equal('Invalid data');
    await api.command('Calendar.close');
    expect(await api.command('Calendar.close').catch((e: Error) => e.message)).to.equal('Already closed');
    expect(await api.command('Calendar.getAvailability', {}).catch((e: Error) => e.message)).to.equal('No date found to check availability');
    expect(await api.command('Calendar.getAvailability', { date: 'x' }).catch((e: Error) => e.message)).to.equal('Invalid date');
    expect(await api.command('Calendar.configure', {}).catch((e: Error) => e.message)).to.equal('No configuration provided');
    sim.worker.resetHandlers();
  });
});
