import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

window.liveAssistConfig = { main: { lang: 'en', theme: 'light', deploymentID: 'toast', preload: 'intent' } };

let api: LiveAssistApi;
const root = () => document.querySelector('la-toaster')?.shadowRoot ?? null;
const toast = () => root()?.querySelector<HTMLElement>('.la-toaster:not(.la-toaster--closing)') ?? null;
const message = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );
const button = (text: string) => [...(toast()?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => b.textContent!.trim() === text) ?? null;
const invite = {
  title: 'Need help?',
  body: 'Let us know if we can help out.',
  buttons: [
    { id: 'accept', text: 'Start chat', primary: true },
    { id: 'decline', text: 'No thanks' },
  ],
};

describe('<la-toaster>', () => {
  before(async () => {
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
  });

  it('rejects an open without content and a close when closed', async () => {
    expect(await message(api.command('Toaster.open', {}))).to.equal('No content was provided. Toaster has ignored your command.');
    expect(await message(api.command('Toaster.close'))).to.equal('Toaster view is already closed');
  });

  it('shows a generic toaster docked at the bottom right: title, body, buttons; a button reports and closes it', async () => {
    const opened = new Promise((resolve) => api.subscribe('Toaster.opened', (e) => resolve(e.data)));
    await api.command('Toaster.open', invite);
    expect(await opened).to.deep.equal({ owner: 'page', title: 'Need help?' });
    const panel = await waitFor(toast, 8000, 'the toaster');
    expect(panel.getAttribute('role')).to.equal('dialog');
    expect(panel.querySelector('h2')!.textContent).to.equal('Need help?');
    expect(panel.querySelector('.la-toaster__body')!.textContent).to.equal('Let us know if we can help out.');
    await Promise.all(panel.getAnimations().map((a) => a.finished));
    const box = panel.getBoundingClientRect();
    expect(Math.round(box.bottom)).to.equal(window.innerHeight);
    expect(box.right).to.be.greaterThan(window.innerWidth / 2);
    await expectAccessible(document.querySelector('la-toaster')!);
    const clicked = new Promise((resolve) => api.subscribe('Toaster.buttonClicked', (e) => resolve(e.data)));
    const closed = new Promise((resolve) => api.subscribe('Toaster.closed', (e) => resolve(e.data)));
    button('Start chat')!.click();
    expect(await clicked).to.deep.equal({ id: 'accept', owner: 'page' });
    expect(root()!.querySelector('.la-toaster--closing'), 'slides down').to.not.equal(null);
    expect(await closed).to.deep.equal({ owner: 'page' });
    await waitFor(() => !root()!.querySelector('.la-toaster'), 2000, 'removed after the slide');
  });

  it('positions: left and centre; custom content is sanitised', async () => {
    await api.command('Toaster.open', {
      title: 'Offer',
      html: '<p class="x">Half price</p><img src="x" onerror="alert(1)"><script>alert(1)</script>',
      position: 'left',
    });
    const panel = await waitFor(toast, 2000, 'the toaster');
    expect(panel.classList.contains('la-toaster--left')).to.equal(true);
    expect(panel.getBoundingClientRect().left).to.be.below(window.innerWidth / 2);
    expect(panel.querySelector('.la-toaster__content')!.innerHTML).to.not.contain('script');
    expect(panel.querySelector('[onerror]')).to.equal(null);
    await api.command('Toaster.open', { body: 'Centred', position: 'center' });
    await waitFor(() => toast()?.classList.contains('la-toaster--center'), 2000, 'the centred toaster');
    expect(toast()!.querySelector('h2')!.textContent, 'a default title names it').to.equal('Notice');
    await api.command('Toaster.close');
    await waitFor(() => !root()!.querySelector('.la-toaster'), 2000, 'closed');
  });

  it('keyboard: Tab reaches its controls, Escape closes it', async () => {
    await api.command('Toaster.open', invite);
    await waitFor(toast, 2000, 'the toaster');
    button('No thanks')!.focus();
    await sendKeys({ press: 'Shift+Tab' });
    expect(root()!.activeElement!.textContent).to.equal('Start chat');
    const closed = new Promise((resolve) => api.subscribe('Toaster.closed', resolve));
    await sendKeys({ press: 'Escape' });
    await closed;
  });

  it('a reserved toaster refuses other commanders and its own close control; the App closes it', async () => {
    await api.command('Toaster.open', { ...invite, immutable: true });
    await waitFor(toast, 2000, 'the toaster');
    const attempt = new Promise((resolve) => api.subscribe('Toaster.closeAttempt', (e) => resolve(e.data)));
    toast()!.querySelector<HTMLButtonElement>('[aria-label="Close Need help?"]')!.click();
    expect(await attempt).to.deep.equal({ commander: 'Toaster', owner: 'page' });
    expect(toast()).to.not.equal(null);
    await api.command('App.closeAll');
    await waitFor(() => !root()!.querySelector('.la-toaster'), 2000, 'closed by the App');
  });
});
