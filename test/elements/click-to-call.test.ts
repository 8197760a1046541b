import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// <la-click-to-call> against the demo simulator behind msw: every main state scanned by axe in both themes,
// a keyboard-only flow, the kept number, the dialogs.
const CLICK_TO_CALL = { dataURL: '/api/clicktocall', apikey: 'demo-key', wait: { queue: 'PPK_Callback', threshold: 30 } };
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'c2ctest', preload: 'intent', timeFormat: 24 },
  stats: { groupEWT: { url: '/api/ewt/group', queue: 'PPK_Callback' } },
  clicktocall: CLICK_TO_CALL,
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-click-to-call') as HTMLElement;
const root = () => document.querySelector('la-click-to-call')?.shadowRoot ?? null;
const win = () => root()?.querySelector<HTMLElement>('[part=window]') ?? null;
const field = (name: string) => root()!.querySelector<HTMLInputElement>(`[name=${name}]`)!;
const active = () => root()?.activeElement as HTMLElement | null;
const control = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const NUMBER_COOKIE = 'c2ctest_clicktocall_number';
const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
const clearCookies = () => {
  for (const name of [NUMBER_COOKIE, 'c2ctest_clicktocall_open']) document.cookie = `${name}=; path=/; max-age=0`;
};
/** Both themes: axe (with WCAG 2.2 target size) on the element as it stands, light then dark. */
async function accessibleInBothThemes() {
  for (const theme of ['light', 'dark'] as const) {
    await api.command('App.setTheme', { theme });
    await waitFor(() => host().matches(theme === 'dark' ? ':not(:state(light))' : ':state(light)'), 2000, `the ${theme} theme`);
    await expectAccessible(host(), ['target-size']);
  }
  await api.command('App.setTheme', { theme: 'light' });
}
const close = async () => {
  await api.command('ClickToCall.close').catch(() => undefined);
  await waitFor(() => !win(), 2000, 'the window closed');
};

describe('<la-click-to-call>', function () {
  // Most tests scan with axe in both themes (with WCAG 2.2 target size): about 8 s each beside other test files.
  this.timeout(20_000);
  let opener: HTMLButtonElement;
  before(async function () {
    // The first boot of a test page compiles every module on a loaded machine.
    this.timeout(30_000);
    clearCookies();
    ({ api, sim } = await bootWithSimulator('<button type="button" id="opener">Call us for free</button>'));
    opener = document.querySelector<HTMLButtonElement>('#opener')!;
    opener.addEventListener('click', () => void api.command('ClickToCall.open'));
  });
  afterEach(async () => {
    await close();
    clearCookies();
    await control('/__control/clicktocall', { expirySeconds: 120, poolSize: 5, release: true });
  });
  after(() => sim.dispose());

  it('opens the registration step, docked, with the wait time; a second open is rejected', async () => {
    const events: string[] = [];
    const off = api.subscribe('ClickToCall.*', (e) => void events.push(e.name));
    await control('/__control/wait', { queue: 'PPK_Callback', ewt: 150 });
    await api.command('ClickToCall.open');
    const w = await waitFor(win, 4000, 'the click-to-call window');
    expect(w.querySelector('h2')!.textContent).to.equal('Click to Call');
    await waitFor(() => active() === field('firstname'), 2000, 'focus in the first field');
    expect(await api.command('ClickToCall.open').catch((e: Error) => e.message)).to.equal('Already opened');
    expect((await api.command('WindowManager.getRegistry')).map((e) => e.plugin)).to.include('ClickToCall');
    await waitFor(() => root()!.querySelector('.la-c2c__wait'), 4000, 'the wait row');
    expect(root()!.querySelector('.la-c2c__wait')!.textContent).to.equal('Estimated wait time: 3 minutes');
    expect(root()!.querySelector('style')).to.equal(null);
    expect(root()!.querySelectorAll('[style]')).to.have.length(0);
    expect(events).to.deep.equal(['ClickToCall.opened']);
    off();
    await accessibleInBothThemes();
  });

  it('takes only digits and + in the phone, and refuses an empty one with the spec message', async () => {
    await api.command('ClickToCall.open');
    await waitFor(() => active() === field('firstname'), 4000, 'focus in the first field');
    field('phonenumber').focus();
    await sendKeys({ type: 'ab+48 6-0x1' });
    expect(field('phonenumber').value).to.equal('+48601');
    for (let i = 0; i < 6; i++) await sendKeys({ press: 'Backspace' });
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => field('phonenumber').getAttribute('aria-invalid') === 'true', 2000, 'the phone refused');
    const errors = [...root()!.querySelectorAll('.la-field__error')].map((e) => e.textContent);
    expect(errors).to.include('Please enter a phone number');
    expect(active()).to.equal(field('firstname'));
    await accessibleInBothThemes();
  });

  it('runs the main flow by keyboard alone, focus never on the page body', async () => {
    opener.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => active() === field('firstname'), 4000, 'focus in the first field');
    await sendKeys({ type: 'Anna' });
    await sendKeys({ press: 'Tab' });
    expect(active()?.getAttribute('name')).to.equal('lastname');
    await sendKeys({ press: 'Tab' });
    expect(active()?.getAttribute('name')).to.equal('phonenumber');
    await sendKeys({ type: '+48600100200' });
    await sendKeys({ press: 'Enter' });
    const dial = await waitFor(() => root()!.querySelector<HTMLAnchorElement>('.la-c2c__dial'), 4000, 'the number');
    await waitFor(() => active() === dial, 2000, 'focus on Dial in now');
    expect(dial.textContent).to.equal('Dial in now +48 22 100 30 01');
    const code = root()!.querySelector('.la-c2c__code strong')!.textContent!;
    expect(code).to.match(/^\d{4}$/);
    expect(dial.getAttribute('href')).to.equal(`tel:+48221003001,,${code}#`);
    expect(root()!.querySelector('.la-c2c__countdown')!.textContent).to.match(/^Number expires in [12]:\d\d$/);
    expect(document.activeElement).to.not.equal(document.body);
    await accessibleInBothThemes();
    await sendKeys({ press: 'Tab' });
    expect(active()?.textContent).to.equal('Close');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !win(), 2000, 'the window closed');
    expect(document.activeElement).to.equal(opener);
  });

  it('keeps the number in the cookie and reopens straight into it, until it expires', async () => {
    const events: string[] = [];
    const off = api.subscribe('ClickToCall.*', (e) => void events.push(e.name));
    await api.command('ClickToCall.open', { form: { firstname: 'Anna', phonenumber: '+48600100200' } });
    await waitFor(win, 4000, 'the window');
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => root()!.querySelector('.la-c2c__dial'), 4000, 'the number');
    const kept = JSON.parse(decodeURIComponent(cookie(NUMBER_COOKIE)!)) as { number: string; code: string; telHref: string; expires: number };
    expect(kept.number).to.equal('+48 22 100 30 01');
    expect(kept.telHref).to.equal(`tel:+48221003001,,${kept.code}#`);
    expect(kept.expires).to.be.closeTo(Date.now() + 120_000, 5000);
    expect(cookie('c2ctest_clicktocall_open')).to.equal('1');
    await close();
    expect(cookie('c2ctest_clicktocall_open')).to.equal(undefined);
    // The next open (another page's) shows the kept number at once, without a request.
    await api.command('ClickToCall.open');
    const dial = await waitFor(() => root()!.querySelector<HTMLAnchorElement>('.la-c2c__dial'), 4000, 'the kept number');
    expect(dial.getAttribute('href')).to.equal(kept.telHref);
    await close();
    // Expired meanwhile: the form, and expired.
    document.cookie = `${NUMBER_COOKIE}=${encodeURIComponent(JSON.stringify({ ...kept, expires: Date.now() - 1000 }))}; path=/`;
    events.length = 0;
    await api.command('ClickToCall.open');
    await waitFor(() => root()?.querySelector('form'), 4000, 'the form');
    expect(events).to.deep.equal(['ClickToCall.opened', 'ClickToCall.expired']);
    expect(cookie(NUMBER_COOKIE)).to.equal(undefined);
    off();
  });

  it('counts down with a warning, then offers a new number in the expired dialog', async () => {
    await control('/__control/clicktocall', { expirySeconds: 3 });
    await api.command('ClickToCall.open', { form: { firstname: 'Anna', phonenumber: '+48600100200' } });
    await waitFor(win, 4000, 'the window');
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => root()!.querySelector('.la-c2c__countdown--warning'), 4000, 'the warning countdown');
    await expectAccessible(host(), ['target-size']);
    const dialog = await waitFor(() => root()!.querySelector<HTMLElement>('[role=alertdialog]'), 6000, 'the expired dialog');
    expect(dialog.textContent).to.include('Phone number has expired!');
    await waitFor(() => dialog.contains(active()), 2000, 'focus in the dialog');
    expect(active()?.textContent).to.equal('Request a new number');
    await accessibleInBothThemes();
    await control('/__control/clicktocall', { expirySeconds: 120 });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => root()!.querySelector('.la-c2c__dial:not(.x)') && !root()!.querySelector('[role=alertdialog]'), 4000, 'a new number');
    expect(root()!.querySelector('.la-c2c__countdown')!.textContent).to.match(/1:\d\d|2:00/);
  });

  it('shows a service exception in the invalid-form dialog and marks the phone; OK gives the form back', async () => {
    await api.command('ClickToCall.open', { form: { firstname: 'Anna', phonenumber: '+4812' } });
    await waitFor(win, 4000, 'the window');
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    const dialog = await waitFor(() => root()!.querySelector<HTMLElement>('[role=alertdialog]'), 4000, 'the dialog');
    expect(dialog.textContent).to.include('This phone number is not valid. Please check it and try again.');
    expect(field('phonenumber').getAttribute('aria-invalid')).to.equal('true');
    await accessibleInBothThemes();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !root()!.querySelector('[role=alertdialog]'), 2000, 'the dialog closed');
    expect(field('phonenumber').value).to.equal('+4812');
    expect(field('firstname').value).to.equal('Anna');
  });

  it('shows the network failure dialog when the request fails', async () => {
    await control('/__control/faults', { endpoint: 'clicktocall', failureRate: 1 });
    try {
      await api.command('ClickToCall.open', { form: { firstname: 'Anna', phonenumber: '+48600100200' } });
      await waitFor(win, 4000, 'the window');
      root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
      const dialog = await waitFor(() => root()!.querySelector<HTMLElement>('[role=alertdialog]'), 4000, 'the dialog');
      expect(dialog.textContent).to.include('network problem');
      await expectAccessible(host(), ['target-size']);
    } finally {
      await control('/__control/faults', { endpoint: 'clicktocall', clear: true });
    }
  });

  it('answers bad commands and configuration with the spec messages', async () => {
    expect(await api.command('ClickToCall.close').catch((e: Error) => e.message)).to.equal('Already closed');
    expect(await api.command('ClickToCall.configure', {} as never).catch((e: Error) => e.message)).to.equal('Invalid configuration');
    expect(await api.command('ClickToCall.configure', { timeout: -1 }).catch((e: Error) => e.message)).to.equal(
      'Invalid configuration: clicktocall.timeout must be at least 1 millisecond',
    );
    await api.configure('clicktocall', { apikey: 'demo-key' });
    try {
      expect(await api.command('ClickToCall.open').catch((e: Error) => e.message)).to.equal('API is not available');
      expect(win()).to.equal(null);
    } finally {
      await api.configure('clicktocall', CLICK_TO_CALL);
    }
    await api.command('ClickToCall.configure', { confirmFormCloseEnabled: false });
    await api.command('ClickToCall.open');
    await waitFor(() => active() === field('firstname'), 4000, 'focus in the first field');
    await sendKeys({ type: 'Anna' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !win(), 2000, 'closed without a question');
    await api.command('ClickToCall.configure', { confirmFormCloseEnabled: true });
  });

  it('asks before closing with input, minimises and restores, and is dragged by its title bar', async () => {
    await api.command('ClickToCall.open');
    await waitFor(() => active() === field('firstname'), 4000, 'focus in the first field');
    await sendKeys({ type: 'Anna' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => root()!.querySelector('[role=alertdialog]'), 2000, 'the close question');
    await accessibleInBothThemes();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !root()!.querySelector('[role=alertdialog]'), 2000, 'the question answered No');
    expect(field('firstname').value).to.equal('Anna');
    root()!.querySelector<HTMLButtonElement>('.cx-button-minimize')!.click();
    await waitFor(() => win()!.classList.contains('la-window--minimized'), 2000, 'minimised');
    await expectAccessible(host(), ['target-size']);
    root()!.querySelector<HTMLButtonElement>('.cx-button-minimize')!.click();
    await waitFor(() => !win()!.classList.contains('la-window--minimized'), 2000, 'restored');
    const before = win()!.getBoundingClientRect();
    const title = root()!.querySelector<HTMLElement>('.la-titlebar__title')!.getBoundingClientRect();
    const at = { clientX: title.left + 5, clientY: title.top + 5, bubbles: true, composed: true, button: 0 };
    root()!.querySelector('.la-titlebar__title')!.dispatchEvent(new PointerEvent('pointerdown', at));
    window.dispatchEvent(new PointerEvent('pointermove', { ...at, clientX: at.clientX - 100, clientY: at.clientY - 50 }));
    window.dispatchEvent(new PointerEvent('pointerup', at));
    const after = win()!.getBoundingClientRect();
    expect(after.left).to.be.closeTo(before.left - 100, 1);
    expect(after.top).to.be.closeTo(before.top - 50, 1);
    expect(win()!.getAttribute('style')).to.equal(null);
    // From the keyboard: the title bar takes focus, is described by the hint, arrows move, Home docks again.
    const bar = root()!.querySelector<HTMLElement>('[part=titlebar]')!;
    bar.focus();
    expect((bar.getRootNode() as ShadowRoot).getElementById(bar.getAttribute('aria-describedby')!)?.textContent).to.match(/Arrow keys/);
    await sendKeys({ press: 'ArrowRight' });
    expect(win()!.getBoundingClientRect().left).to.be.closeTo(after.left + 10, 1);
    await sendKeys({ press: 'Home' });
    expect(win()!.getBoundingClientRect().left).to.be.closeTo(before.left, 1);
  });
});
