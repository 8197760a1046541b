// End-to-end: the callback window and its calendar on the Polish demo page (`/`) against the demo
// server's simulator (issue 5): book ASAP from the sidebar, book a slot tomorrow picked in the calendar,
// 7042 for a closed office keeps the form, closing with data asks first. Needs `npx rollup -c` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { holdBack, useDemo } from './browser.mjs';
import { waitFor } from '../helpers/wait.mjs';

const demo = useDemo();
const control = (path, body, method) => demo.control(path, body, method);
const booked = async () => {
  const body = await (await fetch(`${demo.url}/__control/callbacks`, demo.agentAuth())).json();
  return body.callbacks ?? body;
};

/** The demo's Polish page; `preload` overrides the deployment's `main.preload` ('idle' by default). */
async function openDemo({ preload } = {}) {
  const context = await demo.browser.newContext({ timezoneId: 'Europe/Warsaw', locale: 'pl-PL' });
  const page = await context.newPage();
  if (preload) {
    await page.addInitScript((mode) => {
      let config;
      Object.defineProperty(window, 'liveAssistConfig', {
        configurable: true,
        get: () => config,
        set: (value) => {
          config = { ...value, main: { ...value.main, preload: mode } };
        },
      });
    }, preload);
  }
  page.setDefaultTimeout(10000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(demo.url + '/', { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  const win = page.locator('la-callback [part=window]');
  return { page, errors, win, close: () => context.close() };
}

async function fill(win, { firstname, phone, subject }) {
  await win.locator('[name=firstname]').fill(firstname);
  const phoneField = win.locator('[name=phonenumber]');
  assert.equal(await phoneField.inputValue(), '+48');
  await phoneField.press('End');
  await phoneField.pressSequentially(phone);
  await win.locator('[name=subject]').fill(subject);
}

test('ASAP from the sidebar\'s "Oddzwonimy": booked, confirmation in Polish', async () => {
  await control('/__control/clock', { warsawTime: '10:00' });
  const demo = await openDemo();
  try {
    await demo.page.locator('la-sidebar').getByRole('button', { name: 'Oddzwonimy' }).click();
    await demo.win.waitFor();
    assert.equal(await demo.win.locator('h2').textContent(), 'Zamów rozmowę');
    assert.match(await demo.win.locator('.la-callback__privacy').textContent(), /Centrum Informacji PPK/);
    await fill(demo.win, { firstname: 'Jan', phone: 'ab600-100 500', subject: 'Wpłaty' });
    assert.equal(await demo.win.locator('[name=phonenumber]').inputValue(), '+48600100500');
    assert.equal(await demo.win.locator('input[value=asap]').isChecked(), true);
    await demo.win.getByRole('button', { name: 'Potwierdź' }).click();
    await demo.win.getByText('Rozmowa zarezerwowana! Zadzwonimy pod podany numer: +48600100500').waitFor();
    const record = (await booked()).find((r) => r.phoneNumber === '600100500');
    assert.ok(record, 'the simulator booked the callback');
    assert.equal(record.userData?.firstname, 'Jan');
    await demo.win.getByRole('button', { name: 'Zamknij', exact: true }).click();
    await demo.win.waitFor({ state: 'detached' });
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test('a slot tomorrow picked in the calendar is booked for that time', async () => {
  await control('/__control/clock', { warsawTime: '10:00' });
  const demo = await openDemo();
  try {
    await demo.page.evaluate(() => window.LiveAssist.command('Callback.open'));
    await demo.win.waitFor();
    await fill(demo.win, { firstname: 'Anna', phone: '600100501', subject: 'Dopłaty' });
    await demo.win.getByLabel('Wybierz datę i godzinę').check();
    await demo.win.locator('[name=desiredtime]').click();
    const calendar = demo.page.locator('la-calendar').getByRole('dialog', { name: 'Umów rozmowę' });
    await calendar.waitFor();
    const days = calendar.locator('.la-calendar__day');
    assert.equal(await days.count(), 5);
    assert.deepEqual((await calendar.locator('.la-calendar__day-label').allTextContents()).slice(0, 2), ['Dzisiaj', 'Jutro']);
    await days.nth(1).click();
    const slot = calendar.locator('.la-calendar__slot:not([disabled])', { hasText: '11:00' });
    await slot.click();
    await calendar.getByRole('button', { name: 'W porządku' }).click();
    await calendar.waitFor({ state: 'detached' });
    assert.match(await demo.win.locator('[name=desiredtime]').inputValue(), /11:00/);
    await demo.win.getByRole('button', { name: 'Potwierdź' }).click();
    await demo.win.getByText('Rozmowa zarezerwowana!', { exact: false }).waitFor();
    const record = (await booked()).find((r) => r.phoneNumber === '600100501');
    assert.ok(record, 'the simulator booked the callback');
    const tomorrow = await demo.page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 1);
      d.setHours(11, 0, 0, 0);
      return d.toISOString();
    });
    assert.equal(new Date(record.desiredTime).toISOString(), tomorrow);
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test("the form opens without the calendar's code (its chunk and luxon's), which loads once idle after the open, before any click on the time", async () => {
  await control('/__control/clock', { warsawTime: '10:00' });
  // 'intent': nothing is prefetched at idle, so a request for the calendar's files is the open's own.
  const demo = await openDemo({ preload: 'intent' });
  try {
    const { asked, release } = await holdBack(demo.page, /\/dist\/(?:calendar|luxon)-[\w-]+\.js$/);
    await demo.page.locator('la-sidebar').getByRole('button', { name: 'Oddzwonimy' }).click();
    // Usable while the calendar's files are held: the form does not wait for them.
    await demo.win.locator('[name=firstname]').fill('Ola');
    assert.equal(await demo.win.locator('[name=firstname]').inputValue(), 'Ola');
    // Asked for without any calendar interaction: the plugin loads it once idle after the open.
    await waitFor(() => asked.some((p) => /\/calendar-/.test(p)) && asked.some((p) => /\/luxon-/.test(p)), {
      what: "the calendar's and luxon's files asked for once idle",
    });
    assert.equal(await demo.page.locator('la-calendar').count(), 0, 'the calendar is not opened');
    release();
    await demo.win.getByLabel('Wybierz datę i godzinę').check();
    await demo.win.locator('[name=desiredtime]').click();
    const calendar = demo.page.locator('la-calendar').getByRole('dialog', { name: 'Umów rozmowę' });
    await calendar.waitFor();
    assert.equal(await calendar.locator('.la-calendar__day').count(), 5);
    await calendar.getByRole('button', { name: 'Anuluj' }).click();
    await calendar.waitFor({ state: 'detached' });
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test("when the calendar's code cannot load, the time field says so and the form is kept: ASAP still books", async () => {
  await control('/__control/clock', { warsawTime: '10:00' });
  const demo = await openDemo();
  try {
    await demo.page.route(/\/dist\/calendar-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await demo.page.evaluate(() => window.LiveAssist.command('Callback.open'));
    await demo.win.waitFor();
    await fill(demo.win, { firstname: 'Iga', phone: '600100507', subject: 'Wpłaty' });
    await demo.win.getByLabel('Wybierz datę i godzinę').check();
    await demo.win.locator('[name=desiredtime]').click();
    // Chromium keeps a module that failed to fetch as failed for the page's life: the message asks for a reload.
    await demo.win.getByRole('alert').filter({ hasText: 'Nie udało się wczytać kalendarza. Sprawdź połączenie i odśwież stronę.' }).waitFor();
    assert.equal(await demo.page.locator('la-calendar [role=dialog]').count(), 0);
    assert.equal(await demo.win.locator('[name=firstname]').inputValue(), 'Iga');
    assert.equal(await demo.win.locator('[name=phonenumber]').inputValue(), '+48600100507');
    await demo.win.getByRole('radio', { name: /Jak najszybciej/ }).check();
    await demo.win.getByRole('button', { name: 'Potwierdź' }).click();
    await demo.win.getByText('Rozmowa zarezerwowana! Zadzwonimy pod podany numer: +48600100507').waitFor();
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test('the form opens without libphonenumber-js: held back, the form is usable, a submit waits for it (busy) and books once it comes', async () => {
  await control('/__control/clock', { warsawTime: '10:00' });
  const demo = await openDemo({ preload: 'intent' });
  try {
    const { asked, release } = await holdBack(demo.page, /\/dist\/libphonenumber-js-[\w-]+\.js$/);
    await demo.page.locator('la-sidebar').getByRole('button', { name: 'Oddzwonimy' }).click();
    await fill(demo.win, { firstname: 'Olek', phone: '600100508', subject: 'Wpłaty' });
    await waitFor(() => asked.length > 0, { what: 'the number check asked for once idle after the open' });
    await demo.win.getByRole('button', { name: 'Potwierdź' }).click();
    await demo.win.getByRole('status').filter({ hasText: 'Wczytywanie…' }).waitFor();
    assert.equal(
      (await booked()).some((r) => r.phoneNumber === '600100508'),
      false,
      'nothing sent before the check',
    );
    release();
    await demo.win.getByText('Rozmowa zarezerwowana! Zadzwonimy pod podany numer: +48600100508').waitFor();
    assert.equal((await booked()).filter((r) => r.phoneNumber === '600100508').length, 1);
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test('when libphonenumber-js cannot load, the callback service checks the number: a short one marks the phone field, a good one books', async () => {
  await control('/__control/clock', { warsawTime: '10:00' });
  const demo = await openDemo();
  try {
    await demo.page.route(/\/dist\/libphonenumber-js-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
    await demo.page.evaluate(() => window.LiveAssist.command('Callback.open'));
    await demo.win.waitFor();
    await fill(demo.win, { firstname: 'Ula', phone: '12', subject: 'Wpłaty' });
    await demo.win.getByRole('button', { name: 'Potwierdź' }).click();
    const alert = demo.win.getByRole('alertdialog');
    await alert.getByText('Podaj prawidłowy numer telefonu.').waitFor();
    await alert.getByRole('button', { name: 'W porządku' }).click();
    const phone = demo.win.locator('[name=phonenumber]');
    assert.equal(await phone.getAttribute('aria-invalid'), 'true');
    assert.equal(await phone.inputValue(), '+4812', 'the number is kept');
    await phone.press('End');
    await phone.pressSequentially('0100509');
    await demo.win.getByRole('button', { name: 'Potwierdź' }).click();
    await demo.win.getByText('Rozmowa zarezerwowana! Zadzwonimy pod podany numer: +48120100509').waitFor();
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test('out of hours the form offers a date, not ASAP, and says when the office opens', async () => {
  await control('/__control/clock', { warsawTime: '18:00', date: '2025-03-03' });
  const demo = await openDemo();
  try {
    await demo.page.evaluate(() => window.LiveAssist.command('Callback.open'));
    await demo.win.waitFor();
    await demo.win.getByText('Biuro jest teraz zamknięte: oddzwonimy w wybranym przez Ciebie terminie. Otwarcie: jutro, 09:00').waitFor();
    const asap = demo.win.getByRole('radio', { name: /Jak najszybciej/ });
    assert.equal(await asap.isDisabled(), true);
    assert.equal(await demo.win.getByRole('radio', { name: 'Wybierz datę i godzinę' }).isChecked(), true);
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test('7042 when the office closes while the visitor types shows its message and keeps the form; closing asks first', async () => {
  await control('/__control/clock', { warsawTime: '16:59' });
  const demo = await openDemo();
  try {
    await demo.page.evaluate(() => window.LiveAssist.command('Callback.open'));
    await demo.win.waitFor();
    await fill(demo.win, { firstname: 'Ewa', phone: '600100502', subject: 'Wypłata' });
    // The office closes before the visitor confirms: the page still thinks it is open, the server refuses.
    await control('/__control/clock', { warsawTime: '18:00' });
    await demo.win.getByRole('button', { name: 'Potwierdź' }).click();
    const alert = demo.win.getByRole('alertdialog');
    await alert.getByText('Biuro jest zamknięte. Wybierz termin w godzinach pracy.').waitFor();
    await alert.getByRole('button', { name: 'W porządku' }).click();
    await alert.waitFor({ state: 'detached' });
    assert.equal(await demo.win.locator('[name=firstname]').inputValue(), 'Ewa');
    assert.equal(await demo.win.locator('[name=phonenumber]').inputValue(), '+48600100502');
    assert.equal(await demo.win.locator('[name=subject]').inputValue(), 'Wypłata');
    assert.equal(
      (await booked()).some((r) => r.phoneNumber === '600100502'),
      false,
    );

    const events = [];
    await demo.page.exposeFunction('recordEvent', (name) => events.push(name));
    await demo.page.evaluate(() => window.LiveAssist.subscribe('Callback.*', (e) => window.recordEvent(e.name)));
    await demo.win.getByRole('button', { name: 'Zamknij okno Zamów rozmowę' }).click();
    const confirm = demo.win.getByRole('alertdialog');
    await confirm.getByText('Czy na pewno chcesz zrezygnować z zamówienia rozmowy?').waitFor();
    await confirm.getByRole('button', { name: 'Nie', exact: true }).click();
    assert.equal(await demo.win.locator('[name=firstname]').inputValue(), 'Ewa');
    await demo.win.getByRole('button', { name: 'Zamknij okno Zamów rozmowę' }).click();
    await confirm.getByRole('button', { name: 'Tak', exact: true }).click();
    await demo.win.waitFor({ state: 'detached' });
    await demo.page.waitForFunction(() => !document.querySelector('la-callback')?.shadowRoot?.querySelector('[part=window]'));
    await waitFor(() => events.length >= 2, { what: 'two Callback events' });
    assert.deepEqual(events, ['Callback.cancelled', 'Callback.closed']);
    assert.deepEqual(demo.errors, []);
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});

test('without its country picker (the intl-tel-input chunk cannot load) the phone field is a plain input and the callback is booked', async () => {
  await control('/__control/clock', { warsawTime: '10:00' });
  const demo = await openDemo();
  try {
    let asked = 0;
    await demo.page.route(/\/dist\/intl-tel-input-[\w-]+\.js$/, (route) => {
      asked += 1;
      return route.abort('internetdisconnected');
    });
    await demo.page.locator('la-sidebar').getByRole('button', { name: 'Oddzwonimy' }).click();
    await demo.win.waitFor();
    await waitFor(() => asked > 0, { what: 'the picker chunk asked for when idle after the first frame' });
    const phone = demo.win.locator('[name=phonenumber]');
    // No flag, and no room kept for one.
    await waitFor(async () => (await phone.getAttribute('class')) === null, { what: 'the flag room given up' });
    assert.equal(await demo.win.locator('.iti').count(), 0);
    await fill(demo.win, { firstname: 'Ewa', phone: '600200300', subject: 'Wypłaty' });
    await demo.win.getByRole('button', { name: 'Potwierdź' }).click();
    await demo.win.getByText('Rozmowa zarezerwowana! Zadzwonimy pod podany numer: +48600200300').waitFor();
    assert.ok(
      (await booked()).some((r) => r.phoneNumber === '600200300'),
      'the simulator booked the callback',
    );
  } finally {
    await demo.close();
    await control('/__control/clock', { reset: true });
  }
});
