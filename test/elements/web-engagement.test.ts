import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, endChat, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { trustedScriptURL } from '../../src/app/trusted-types.ts';

// The web-engagement invite toast (plugins-and-infrastructure.md §2, §4): shown in the shared toaster,
// answered by mouse or keyboard, each outcome a disposition the simulator records. The plugin loads by
// itself when idle on a page whose webengagement section has an endpoint.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'engage', preload: 'intent', pluginLoadDelay: 1 },
  webengagement: { endpoint: `${location.origin}/api/gwe`, pollInterval: 0, trackedEvents: ['Toaster.opened'] },
  webchat: { transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot' }, chatButton: { enabled: false } },
};

let api: LiveAssistApi;
let sim: Simulator;
const events: Array<{ name: string; data: unknown }> = [];
const root = () => document.querySelector('la-toaster')?.shadowRoot ?? null;
const toast = () => root()?.querySelector<HTMLElement>('.la-toaster:not(.la-toaster--closing)') ?? null;
const button = (text: string) => [...(toast()?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => b.textContent!.trim() === text) ?? null;
const closeIcon = () => toast()?.querySelector<HTMLButtonElement>('[part~=titlebar] button, .la-window__controls button') ?? null;
const message = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );
const dispositions = () => sim.state.engagement.dispositions.map((d) => [d.result, d.code]);
const gone = () => waitFor(() => !root()?.querySelector('.la-toaster'), 3000, 'the toast to close');
const invite = {
  subject: 'Questions about PPK?',
  message: 'An adviser can answer them now.',
  actionID: 'a1',
  engagementID: 'e1',
  chatOptions: { registration: true, userData: { firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.com' } },
  dispositions: { accept: { code: 'CHAT' }, cancel: { code: 'DECLINED' } },
};

describe('WebEngagement invite toast', function () {
  // Each flow waits on the chunks, the simulator and the toaster's slide: room on a loaded machine.
  this.timeout(30_000);
  before(async function () {
    this.timeout(45_000);
    ({ api, sim } = await bootWithSimulator('<button id="page-button" type="button">A page button</button>'));
    api.subscribe('*', (event) => events.push({ name: event.name, data: event.data }));
    await waitFor(() => events.some((e) => e.name === 'WebEngagement.configured'), 40_000, 'the plugin to load when idle').catch((e) => {
      throw new Error(`${e.message}: ${JSON.stringify(events.map((x) => x.name))}`);
    });
  });
  after(() => sim.dispose());

  it('loads the tracking script, which takes over the _gt queue; getIDs, push and tracked events reach it', async () => {
    await waitFor(() => (window as { _gt?: unknown })._gt && !Array.isArray((window as { _gt?: unknown })._gt), 6000, 'the tracking script');
    expect([...document.scripts].some((s) => s.src.endsWith('/api/gwe/server/resources/js/build/GTCJ.min.js'))).to.equal(true);
    const ids = await api.command('WebEngagement.getIDs');
    expect(ids.visitID).to.match(/^[\w-]{8,}$/);
    expect(ids.pageID).to.match(/^[\w-]{8,}$/);
    expect(await message(api.command('WebEngagement.push', [] as unknown[]))).to.equal('Attempted to push invalid data. Expected an array of values.');
    await api.command('WebEngagement.push', ['event', 'PlanChosen', { data: { plan: 'PPK' } }]);
    await waitFor(() => sim.state.engagement.events.some((e) => e.name === 'PlanChosen' && e.visitID === ids.visitID), 4000, 'the pushed event');
    expect(sim.state.engagement.events.some((e) => e.name === 'PageEntered')).to.equal(true);
  });

  it('the Trusted Types policy gives a script URL only to http(s)', () => {
    expect(String(trustedScriptURL('https://gwe.example.com/GTCJ.min.js'))).to.equal('https://gwe.example.com/GTCJ.min.js');
    for (const url of ['javascript:alert(1)', 'data:text/javascript,alert(1)', 'blob:https://x/1'])
      expect(() => trustedScriptURL(url), url).to.throw(/not http\(s\)/);
  });

  it("refuses configure from the page: 'Forbidden: Access Denied'", async () => {
    expect(await message(api.command('WebEngagement.configure', { endpoint: 'https://elsewhere.example' }))).to.equal('Forbidden: Access Denied');
  });

  it('shows the invite (axe clean); the keyboard declines it with Tab and Enter: cancel, and focus is not lost', async () => {
    document.querySelector<HTMLButtonElement>('#page-button')!.focus();
    await api.command('Engage.invite', invite);
    const panel = await waitFor(toast, 8000, 'the toast');
    expect(panel.querySelector('h2')!.textContent).to.equal('Questions about PPK?');
    expect(panel.textContent).to.contain('An adviser can answer them now.');
    // A non-modal toast: it does not take the focus from the page.
    expect(document.activeElement?.id).to.equal('page-button');
    await Promise.all(panel.getAnimations().map((a) => a.finished));
    await expectAccessible(document.querySelector('la-toaster')!);
    // The toaster's shown event is a configured tracked event: forwarded to the tracker.
    await waitFor(() => sim.state.engagement.events.some((e) => e.name === 'Toaster.opened'), 4000, 'the tracked event');
    button('Start chat')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(root()!.activeElement?.textContent).to.equal('No thanks');
    await sendKeys({ press: 'Enter' });
    await gone();
    await waitFor(() => dispositions().length === 1, 3000, 'the disposition');
    expect(dispositions()).to.deep.equal([['cancel', 'DECLINED']]);
    // The focus that was in the toast goes back to where the visitor was.
    await waitFor(() => document.activeElement?.id === 'page-button', 2000, 'the focus back on the page button');
    expect(events.find((e) => e.name === 'WebEngagement.inviteEnded')?.data).to.deep.equal({
      actionID: 'a1',
      engagementID: 'e1',
      media: 'chat',
      result: 'cancel',
    });
  });

  it('Escape in the toast (its close) is a cancel too', async () => {
    sim.state.engagement.dispositions.length = 0;
    await api.command('WebEngagement.invite', { ...invite, dispositions: undefined });
    await waitFor(toast, 4000, 'the toast');
    expect(closeIcon(), 'a close icon').to.not.equal(null);
    document.querySelector<HTMLButtonElement>('#page-button')!.focus();
    button('Start chat')!.focus();
    await sendKeys({ press: 'Escape' });
    await gone();
    await waitFor(() => document.activeElement?.id === 'page-button', 2000, 'the focus back on the page button');
    await waitFor(() => dispositions().length === 1, 3000, 'the disposition');
    expect(dispositions()).to.deep.equal([['cancel', undefined]]);
  });

  it('a custom container replaces the body (sanitised, axe clean); the invite times out after its timeout in ms', async () => {
    sim.state.engagement.dispositions.length = 0;
    await api.command('WebEngagement.invite', {
      subject: 'Offer',
      container: '<p class="x">Our <b>new</b> plan<img src=x onerror="window.pwned=1"></p>',
      inviteTimeout: 1500,
    });
    const panel = await waitFor(toast, 4000, 'the toast');
    await waitFor(() => panel.querySelector('.la-toaster__content b'), 2000, 'the container');
    expect(panel.querySelector('.la-toaster__body')).to.equal(null);
    expect(panel.querySelector('[onerror]')).to.equal(null);
    await expectAccessible(document.querySelector('la-toaster')!);
    await gone();
    await waitFor(() => dispositions().length === 1, 3000, 'the disposition');
    expect(dispositions()).to.deep.equal([['timeout', undefined]]);
  });

  it('Enter on Start chat accepts: the chat opens with the invite’s chatOptions; while it is open a smart invite is mediaBusy', async () => {
    sim.state.engagement.dispositions.length = 0;
    await api.command('Engage.invite', invite);
    await waitFor(toast, 4000, 'the toast');
    button('Start chat')!.focus();
    await sendKeys({ press: 'Enter' });
    const chat = await waitFor(() => document.querySelector('la-chat')?.shadowRoot?.querySelector<HTMLInputElement>('[name=firstname]'), 8000, 'the chat form');
    expect(chat.value).to.equal('Anna');
    await waitFor(() => dispositions().length === 1, 3000, 'the disposition');
    expect(dispositions()).to.deep.equal([['accept', 'CHAT']]);
    expect(await message(api.command('WebEngagement.invite', invite))).to.match(/mediaBusy/);
    await waitFor(() => dispositions().length === 2, 3000, 'the error disposition');
    expect(dispositions()[1]).to.deep.equal(['error', 'mediaBusy']);
    expect(toast()).to.equal(null);
    await endChat(api);
  });

  it('with no options, the invite waiting on the server for this visit is shown', async () => {
    await waitFor(
      () => !events.some((e) => e.name === 'WebChat.opened') || events.findLast((e) => /^WebChat\.(opened|closed)$/.test(e.name))?.name === 'WebChat.closed',
      4000,
      'the chat to close',
    );
    expect(await message(api.command('WebEngagement.invite'))).to.equal('No invite is waiting for this visit');
    await fetch('/__control/engagement', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invite: { subject: 'From the server' } }),
    });
    await api.command('WebEngagement.invite');
    const panel = await waitFor(toast, 4000, 'the toast');
    expect(panel.querySelector('h2')!.textContent).to.equal('From the server');
    await api.command('App.closeAll');
    await gone();
  });
});
