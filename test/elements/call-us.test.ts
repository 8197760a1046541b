import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import type { Bus, PluginHandle } from '../../src/bus/index.ts';

window.liveAssistConfig = {
  main: { lang: 'en', theme: 'dark', deploymentID: 'cu', preload: 'intent' },
  sidebar: { channels: [{ name: 'CallUs', clickCommand: 'CallUs.open' }] },
  callus: {
    contacts: [
      { number: '+48 22 100 20 30', displayName: 'Infolinia PPK', i18n: 'callus.helpline' },
      { number: '800 100 200', displayName: 'Free line' },
      { number: '+48 61 000 00 00', i18n: 'callus.missingKey', displayName: 'Poznań' },
    ],
    hours: ['Mon–Fri: 8:00–17:00', 'Sat: closed'],
  },
};

let api: LiveAssistApi;
let cobrowse: PluginHandle<'Cobrowse'>;
let chat: PluginHandle<'WebChat'>;

/** What WebChat publishes when an agent joins or leaves (the service's data). */
const agents = (connected: boolean) => {
  const agent = { name: 'Ewa', connected, supervisor: false, connectedTime: 1 };
  const from = { id: 'a-1', type: 'Agent' as const, name: 'Ewa' };
  const message = { index: 2, type: connected ? ('ParticipantJoined' as const) : ('ParticipantLeft' as const), text: '', html: false, timestamp: 1, from };
  return { agents: { 'a-1': agent }, numAgentsConnected: connected ? 1 : 0, message };
};
let startCobrowse: () => Promise<void> = async () => {
  throw new Error('Command does not exist');
};
const overlay = () => document.querySelector('la-overlay')?.shadowRoot ?? null;
const dialog = () => overlay()?.querySelector<HTMLElement>('[role=dialog]') ?? null;
const panel = () => overlay()?.querySelector('la-call-us')?.shadowRoot ?? null;
const q = <E extends Element = HTMLElement>(selector: string) => panel()?.querySelector<E>(selector) ?? null;
const cobrowseLink = () => q<HTMLButtonElement>('.la-callus__link');
const message = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );
const button = (root: ParentNode, text: string) => [...root.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent!.trim() === text) ?? null;
const openPanel = async () => {
  await api.command('CallUs.open');
  await waitFor(() => q('.la-callus__number--main'), 8000, 'the call-us panel');
};

describe('<la-call-us>', () => {
  before(async () => {
    document.body.insertAdjacentHTML('beforeend', '<la-sidebar></la-sidebar>');
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    // Co-browse and chat do not exist yet: stand-ins publish their events and answer Cobrowse.start.
    await api.command('App.registerExtension', {
      name: 'cobrowse-and-chat-stand-ins',
      extension: (bus: Bus) => {
        cobrowse = bus.registerPlugin('Cobrowse');
        cobrowse.registerCommand('start', () => startCobrowse());
        cobrowse.ready();
        chat = bus.registerPlugin('WebChat');
        chat.ready();
      },
    });
  });

  it('the sidebar channel opens the overlay titled Call Us: main number, alternates, hours, Available', async () => {
    const opened = new Promise((resolve) => api.subscribe('CallUs.opened', resolve));
    const sidebarButton = await waitFor(
      () => document.querySelector('la-sidebar')!.shadowRoot!.querySelector<HTMLButtonElement>('.la-sidebar__button'),
      4000,
      'the sidebar button',
    );
    sidebarButton.click();
    await opened;
    await waitFor(() => q('.la-callus__number--main'), 8000, 'the panel');
    expect(dialog()!.querySelector('h2')!.textContent).to.equal('Call Us');
    const main = q<HTMLAnchorElement>('.la-callus__number--main')!;
    expect(main.textContent).to.equal('+48 22 100 20 30');
    expect(main.getAttribute('href')).to.equal('tel:+48221002030');
    // Labels: the i18n key when the language pack has it, else the display name.
    expect(q('.la-callus__main .la-callus__label')!.textContent).to.equal('Helpline');
    const alternates = [...panel()!.querySelectorAll<HTMLAnchorElement>('.la-callus__number--alternate')];
    expect(alternates.map((a) => a.getAttribute('href'))).to.deep.equal(['tel:800100200', 'tel:+48610000000']);
    expect([...panel()!.querySelectorAll('.la-callus__alternates li')].map((li) => li.textContent)).to.deep.equal([
      'Free line: 800 100 200',
      'Poznań: +48 61 000 00 00',
    ]);
    expect([...panel()!.querySelectorAll('.la-callus__hours li')].map((li) => li.textContent)).to.deep.equal(['Mon–Fri: 8:00–17:00', 'Sat: closed']);
    expect(q('.la-callus__available')!.textContent).to.equal('Available');
    expect(cobrowseLink(), 'no co-browse offer without co-browse and an agent').to.equal(null);
    expect(await message(api.command('CallUs.open'))).to.equal('Already opened');
    await expectAccessible(document.querySelector('la-overlay')!);
  });

  it('the main number is fitted to at most 36 px, the alternates are 13 px; no inline styles', async () => {
    const main = q('.la-callus__number--main')!;
    expect(parseFloat(getComputedStyle(main).fontSize)).to.equal(36);
    expect(parseFloat(getComputedStyle(q('.la-callus__number--alternate')!).fontSize)).to.equal(13);
    await api.command('CallUs.close');
    await api.configure('callus', { contacts: [{ number: '+48 22 100 20 30 40 50 60 70 80 90 11 22' }], hours: [] });
    await openPanel();
    const long = q('.la-callus__number--main')!;
    const size = parseFloat(getComputedStyle(long).fontSize);
    expect(size).to.be.below(36);
    expect(long.getBoundingClientRect().width).to.be.at.most(q('.la-callus__main')!.clientWidth + 0.5);
    expect(panel()!.querySelectorAll('[style]')).to.have.length(0);
    expect(panel()!.querySelectorAll('style')).to.have.length(0);
    await api.command('CallUs.close');
    expect(await message(api.command('CallUs.close'))).to.equal('Already closed');
    await api.configure('callus', { contacts: [], hours: [] });
    expect(await message(api.command('CallUs.open'))).to.equal('Invalid configuration. Please ensure atleast one contact number is configured.');
    await api.configure('callus', (window.liveAssistConfig as { callus: Record<string, unknown> }).callus);
  });

  it('Cancel closes the panel and the overlay', async () => {
    await openPanel();
    const closed = new Promise((resolve) => api.subscribe('CallUs.closed', resolve));
    button(panel()!, 'Cancel')!.click();
    await closed;
    await waitFor(() => !dialog(), 2000, 'the overlay closed');
  });

  it('Escape closes it like the overlay', async () => {
    await openPanel();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(), 2000, 'closed by Escape');
    expect(await message(api.command('CallUs.close'))).to.equal('Already closed');
  });

  it('keyboard: Tab and Shift+Tab stay inside the modal overlay; Escape returns focus to the sidebar button', async () => {
    const sidebarButton = document.querySelector('la-sidebar')!.shadowRoot!.querySelector<HTMLButtonElement>('.la-sidebar__button')!;
    sidebarButton.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => q('.la-callus__number--main'), 8000, 'the panel');
    const inOverlay = () => document.activeElement === document.querySelector('la-overlay');
    await waitFor(() => panel()?.activeElement === q('.la-callus__number--main'), 2000, 'focus on the main number once the panel has rendered');
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Tab' });
      expect(inOverlay(), `Tab ${i + 1} stays in the overlay`).to.equal(true);
    }
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Shift+Tab' });
      expect(inOverlay(), `Shift+Tab ${i + 1} stays in the overlay`).to.equal(true);
    }
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(), 2000, 'closed by Escape');
    await waitFor(() => document.querySelector('la-sidebar')!.shadowRoot!.activeElement === sidebarButton, 2000, 'focus back on the sidebar button');
  });

  it('the co-browse footer shows only when co-browse is online, not started and an agent is connected', async () => {
    await openPanel();
    cobrowse.publish('online', undefined);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(cobrowseLink()).to.equal(null);
    chat.publish('agentConnected', agents(true));
    await waitFor(cobrowseLink, 2000, 'the co-browse offer');
    expect(cobrowseLink()!.textContent).to.equal('Already on a call? Let us browse with you');
    await expectAccessible(document.querySelector('la-overlay')!);
    cobrowse.publish('started', undefined);
    await waitFor(() => !cobrowseLink(), 2000, 'no offer once co-browse started');
    cobrowse.publish('stopped', undefined);
    await waitFor(cobrowseLink, 2000, 'the offer again');
    chat.publish('agentDisconnected', agents(false));
    await waitFor(() => !cobrowseLink(), 2000, 'no offer without an agent');
    chat.publish('agentConnected', agents(true));
    await waitFor(cobrowseLink, 2000, 'the offer again');
  });

  it('the warning dialog: keyboard, Cancel back to the panel, a failed start shown gracefully', async () => {
    cobrowseLink()!.focus();
    await sendKeys({ press: 'Enter' });
    const warning = await waitFor(() => q('.la-dialog'), 2000, 'the warning dialog');
    expect(warning.querySelector('h3')!.textContent).to.equal('Co-browse');
    expect(warning.textContent).to.contain('Co-browse lets the agent');
    expect(panel()!.activeElement!.textContent).to.equal('Cancel');
    await expectAccessible(document.querySelector('la-overlay')!);
    await sendKeys({ press: 'Tab' });
    expect(panel()!.activeElement!.textContent).to.equal('Start Co-browse');
    await sendKeys({ press: 'Tab' });
    expect(panel()!.activeElement!.textContent, 'Tab stays in the dialog').to.equal('Cancel');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !q('.la-dialog'), 2000, 'the dialog closed');
    expect(dialog(), 'the panel stays open').to.not.equal(null);

    cobrowseLink()!.click();
    await waitFor(() => q('.la-dialog'), 2000, 'the warning dialog');
    button(q('.la-dialog')!, 'Start Co-browse')!.click();
    const failure = await waitFor(() => q('[role=alertdialog]'), 2000, 'the failure notice');
    expect(failure.textContent).to.contain('Co-browse could not be started. Please try again later.');
    await expectAccessible(document.querySelector('la-overlay')!);
    button(failure, 'OK')!.click();
    await waitFor(() => !q('[role=alertdialog]'), 2000, 'the notice closed');
    expect(cobrowseLink()).to.not.equal(null);
  });

  it('a successful start closes the panel', async () => {
    let started = 0;
    startCobrowse = async () => void started++;
    const closed = new Promise((resolve) => api.subscribe('CallUs.closed', resolve));
    cobrowseLink()!.click();
    button(await waitFor(() => q('.la-dialog'), 2000, 'the warning dialog'), 'Start Co-browse')!.click();
    await closed;
    expect(started).to.equal(1);
    await waitFor(() => !dialog(), 2000, 'the overlay closed');
  });
});
