import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// <la-sidebar> on a desktop page: the launcher chunk's strip (lit-html), then the Sidebar plugin's actor.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'sbt', preload: 'intent' },
  sidebar: {
    channels: [
      // Configured commands may only open or show a widget (src/bus/channel-commands.ts).
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'Callback', clickCommand: 'Callback.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open' },
      { name: 'SendMessage', clickCommand: 'SendMessage.open', displayName: 'E-mail', displayTitle: 'Write to us' },
    ],
  },
  callus: { contacts: [{ number: '+48 22 100 20 30', displayName: 'Helpline' }] },
  stats: {
    groupEWT: { url: '/api/ewt/group', queue: 'PPK_Chat', refreshInterval: 1 },
    availability: {
      timeZone: 'Europe/Warsaw',
      openHour: 8,
      closeHour: 17,
      chatUnavailableWait: 10000,
      whenOpen: ['CallUs', 'WebChat', 'SendMessage', 'Callback'],
      whenClosed: ['CallUs', 'SendMessage', 'Callback'],
    },
  },
};

/**
 * A controlled clock for the sidebar's 250 ms / 500 ms delays: while installed, timers of exactly those
 * lengths wait for `tick()`; every other timer runs as usual.
 */
function controlDelays() {
  const real = window.setTimeout;
  const pending: Array<{ fn: () => void; ms: number; id: number }> = [];
  let next = 1e6;
  window.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
    if (ms === 250 || ms === 500) {
      next += 1;
      pending.push({ fn, ms, id: next });
      return next;
    }
    return real(fn, ms, ...rest);
  }) as typeof window.setTimeout;
  const realClear = window.clearTimeout;
  window.clearTimeout = ((id?: number) => {
    const index = pending.findIndex((t) => t.id === id);
    if (index >= 0) pending.splice(index, 1);
    else realClear(id);
  }) as typeof window.clearTimeout;
  return {
    pending: () => pending.map((t) => t.ms),
    /** Runs the timers of `ms`. */
    fire(ms: number) {
      for (const timer of pending.filter((t) => t.ms === ms)) {
        pending.splice(pending.indexOf(timer), 1);
        timer.fn();
      }
    },
    restore() {
      window.setTimeout = real;
      window.clearTimeout = realClear;
    },
  };
}

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-sidebar')!;
const root = () => host().shadowRoot!;
const nav = () => root().querySelector<HTMLElement>('nav.la-sidebar');
const names = () => [...root().querySelectorAll('li:not([hidden]) .la-sidebar__name')].map((e) => e.textContent);
const button = (name: string) => [...root().querySelectorAll('button')].find((b) => b.textContent!.includes(name))!;
const message = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );

describe('<la-sidebar>', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator('<a href="#x" id="before">before</a><la-sidebar></la-sidebar>'));
  });
  after(() => sim.dispose());

  it('shows the collapsed strip with the configured channels before any plugin loads (48 px)', async () => {
    await waitFor(nav, 4000, 'the strip');
    expect(names()).to.deep.equal(['Call Us', 'Callback', 'Live Chat', 'E-mail']);
    const titles = [...root().querySelectorAll('button')].map((b) => b.title);
    expect(titles).to.deep.equal(['Call Us', 'Callback', 'Live Chat', 'Write to us']);
    expect(nav()!.getBoundingClientRect().width).to.equal(48);
    expect(root().querySelector('[style]')).to.equal(null);
    await expectAccessible(host());
  });

  it('loads the plugin on intent, then expands 250 ms after the pointer enters and contracts 500 ms after it leaves', async () => {
    const clock = controlDelays();
    try {
      const events: string[] = [];
      for (const name of ['la-expanded', 'la-contracted']) host().addEventListener(name, () => events.push(name));
      nav()!.dispatchEvent(new PointerEvent('pointerenter'));
      await waitFor(() => clock.pending().includes(250), 8000, 'the expand delay');
      expect(nav()!.classList.contains('la-sidebar--expanded')).to.equal(false);
      clock.fire(250);
      await waitFor(() => nav()!.classList.contains('la-sidebar--expanded'), 2000, 'expanded');
      await waitFor(() => nav()!.getBoundingClientRect().width >= 132, 2000, 'at least 132 px');
      await expectAccessible(host());
      nav()!.dispatchEvent(new PointerEvent('pointerleave'));
      expect(clock.pending()).to.include(500);
      expect(nav()!.classList.contains('la-sidebar--expanded')).to.equal(true);
      clock.fire(500);
      await waitFor(() => !nav()!.classList.contains('la-sidebar--expanded'), 2000, 'contracted');
      expect(events).to.deep.equal(['la-expanded', 'la-contracted']);
    } finally {
      clock.restore();
    }
  });

  it('keyboard: focus expands it like hover, Tab reaches every channel and Enter runs it', async () => {
    document.getElementById('before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect((root().activeElement as HTMLElement).textContent).to.contain('Call Us');
    await waitFor(() => nav()!.classList.contains('la-sidebar--expanded'), 2000, 'expanded by focus');
    for (const name of ['Callback', 'Live Chat', 'E-mail']) {
      await sendKeys({ press: 'Tab' });
      expect((root().activeElement as HTMLElement).textContent).to.contain(name);
    }
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Tab' });
    await sendKeys({ press: 'Shift+Tab' });
    const opened = new Promise((resolve) => api.subscribe('CallUs.opened', resolve));
    const clicked = new Promise<unknown>((resolve) => host().addEventListener('la-channel-click', (e) => resolve((e as CustomEvent).detail), { once: true }));
    await sendKeys({ press: 'Enter' });
    expect(await clicked).to.deep.equal({ name: 'CallUs' });
    await opened;
    await api.command('CallUs.close');
    document.getElementById('before')!.focus();
    await waitFor(() => !nav()!.classList.contains('la-sidebar--expanded'), 2000, 'contracted after focus left');
  });

  it('follows the availability rule: chat disappears at 18:00 and returns with the full list when statistics fail', async () => {
    const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    await waitFor(() => names().length === 4, 3000, 'four channels at 10:00');
    // Each channel keeps its own button while the list changes: the one a visitor is on never turns
    // into a neighbour, and a focused channel that goes away hands focus to the first one shown.
    const email = button('E-mail');
    email.focus();
    await post('/__control/clock', { warsawTime: '18:00' });
    await waitFor(() => names().length === 3, 4000, 'three channels at 18:00');
    expect(names()).to.deep.equal(['Call Us', 'Callback', 'E-mail']);
    expect(button('E-mail')).to.equal(email);
    expect(root().activeElement).to.equal(email);
    await post('/__control/faults', { endpoint: 'ewt.group', failureRate: 1, status: 503 });
    await waitFor(() => names().length === 4, 4000, 'the full list when statistics fail');
    expect(button('E-mail')).to.equal(email);
    button('Live Chat').focus();
    await fetch('/__control/faults', { method: 'DELETE' });
    await waitFor(() => names().length === 3, 4000, 'three channels again');
    expect(root().activeElement).to.equal(button('Call Us'));
    document.getElementById('before')!.focus();
    await waitFor(() => !nav()!.classList.contains('la-sidebar--expanded'), 2000, 'contracted after focus left');
    await fetch('/__control/faults', { method: 'DELETE' });
    await post('/__control/clock', { reset: true });
  });

  it('answers every command with the spec rejections and publishes its events', async () => {
    const events: string[] = [];
    const off = api.subscribe('Sidebar.*', (e) => events.push(e.name));
    expect(await message(api.command('Sidebar.open'))).to.equal('already open');
    expect(await message(api.command('Sidebar.contract'))).to.equal('sidebar already contracted');
    await api.command('Sidebar.expand');
    expect(await message(api.command('Sidebar.expand'))).to.equal('sidebar already expanded');
    await waitFor(() => nav()!.classList.contains('la-sidebar--expanded'), 2000, 'expanded by command');
    await api.command('Sidebar.contract');
    await api.command('Sidebar.close');
    await waitFor(() => !nav(), 2000, 'hidden');
    expect(await message(api.command('Sidebar.close'))).to.equal('already closed');
    expect(await message(api.command('Sidebar.expand'))).to.equal('already closed');
    await api.command('Sidebar.open');
    await waitFor(nav, 2000, 'shown again');
    expect(events).to.deep.equal(['Sidebar.expanded', 'Sidebar.contracted', 'Sidebar.closed', 'Sidebar.opened']);
    expect(await message(api.command('Sidebar.addButton', { name: 'CallUs' }))).to.equal('Incorrect or Insufficient data or use of reserved name');
    expect(await message(api.command('Sidebar.addButton', {} as { name: string }))).to.equal('Incorrect or Insufficient data or use of reserved name');
    expect(await message(api.command('Sidebar.configure', { channels: [] }))).to.equal(
      'Invalid configuration. Please ensure atleast one channel is configured.',
    );
    const refused =
      'App.closeAll may not run from configuration or markup: a clickCommand may only open or show a widget (e.g. Callback.open, SendMessage.redirect)';
    expect(await message(api.command('Sidebar.addButton', { name: 'Faq', clickCommand: 'App.closeAll' }))).to.equal(refused);
    expect(await message(api.command('Sidebar.configure', { channels: [{ name: 'CallUs', clickCommand: 'App.closeAll' }] }))).to.equal(refused);
    await api.command('Sidebar.addButton', { name: 'Faq', displayName: 'FAQ', icon: 'F', clickCommand: 'Search.open' });
    // Its button is there (hidden while the availability rule, which does not list it, is known).
    await waitFor(() => root().querySelector('[data-channel=Faq]')?.textContent?.includes('FAQ'), 2000, 'the added button');
    expect((await api.command('Sidebar.getState')).state).to.equal('collapsed');
    off();
  });

  it('Sidebar.configure and addButton check channels with the configuration schema and its bound of 50', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
    try {
      const channels = [
        { name: 'CallUs', displayName: 5, clickCommand: 'CallUs.open' },
        { name: 'Callback', displayName: 'Ring me', clickCommand: 'Callback.open' },
        ...Array.from({ length: 59 }, (_, i) => ({ name: `C${i}` })),
      ];
      // A page's script may pass anything: the command's types do not reach it.
      await api.command('Sidebar.configure', { channels } as unknown as { channels: [] });
      await waitFor(() => names().includes('Ring me'), 2000, 'the configured channels');
      expect(names()).not.to.include('5');
      expect(errors).to.deep.equal([
        '[live-assist] Sidebar.configure channels: must have at most 50 items: the 11 after the first 50 were ignored',
        '[live-assist] Sidebar.configure channels[0].displayName: must be a string',
      ]);
      expect(await message(api.command('Sidebar.addButton', { name: 'Faq', icon: {} } as unknown as { name: string }))).to.equal(
        'Incorrect or Insufficient data or use of reserved name',
      );
      await api.command('Sidebar.addButton', { name: 'Faq' }); // the 50th: the first configured one was dropped
      expect(await message(api.command('Sidebar.addButton', { name: 'Faq2' }))).to.equal('Sidebar.addButton: the sidebar has its most channels (50)');
    } finally {
      console.error = original;
    }
  });

  it('checks the channels attribute before rendering: a bad channel is reported by its path and dropped, at most 50 are shown', async () => {
    const channels = [
      { name: 'CallUs', displayName: 5 },
      { name: 'Callback', icon: { src: 'x.png' } },
      { name: 'SendMessage', displayName: 'Mail', icon: 'M', clickCommand: 'SendMessage.open' },
      ...Array.from({ length: 60 }, (_, i) => ({ name: `C${i}`, displayName: `C${i}` })),
    ];
    const element = document.createElement('la-sidebar');
    element.setAttribute('channels', JSON.stringify(channels));
    const errors: string[] = [];
    const uncaught: string[] = [];
    const onError = (event: ErrorEvent) => void uncaught.push(event.message);
    window.addEventListener('error', onError);
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
    try {
      document.body.append(element);
      const shown = () => [...element.shadowRoot!.querySelectorAll('.la-sidebar__name')].map((e) => e.textContent);
      await waitFor(() => shown().length > 0, 4000, 'the checked channels');
      expect(shown()).to.have.length(48);
      expect(shown().slice(0, 2)).to.deep.equal(['Mail', 'C0']);
      expect(element.shadowRoot!.textContent).not.to.include('[object Object]');
      // The Sidebar plugin is loaded by now: the whole channel schema checks the attribute (issue 10 item 18).
      expect(errors.filter((line) => line.includes('<la-sidebar channels>'))).to.deep.equal([
        '[live-assist] <la-sidebar channels>: must have at most 50 items: the 13 after the first 50 were ignored',
        '[live-assist] <la-sidebar channels>[0].displayName: must be a string',
        '[live-assist] <la-sidebar channels>[1].icon: must be a string',
      ]);
      expect(uncaught).to.deep.equal([]);
    } finally {
      console.error = original;
      window.removeEventListener('error', onError);
      element.remove();
    }
  });

  it('a hostile channels attribute cannot import a module: App.registerExtension is refused on click, with a message', async () => {
    const extension = new URL('./fixtures/evil-extension.js', import.meta.url).href;
    const channels = JSON.stringify([{ name: 'Evil', displayName: 'Evil', clickCommand: 'App.registerExtension', clickOptions: { name: 'evil', extension } }]);
    const hostile = document.createElement('la-sidebar');
    hostile.setAttribute('channels', channels);
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
    document.body.append(hostile);
    try {
      // The Sidebar plugin is loaded by now: the whole channel schema refuses the channel before it is
      // rendered (issue 10 item 18); before it loads, the click is refused (bus.channelCommand).
      const button = hostile.shadowRoot!.querySelector<HTMLButtonElement>('button.la-sidebar__button');
      button?.click();
      const refusal = '[live-assist] <la-sidebar channels>[0].clickCommand: App.registerExtension may not run from configuration or markup';
      await waitFor(() => errors.some((line) => line.startsWith(refusal)), 2000, 'the refusal, named by its path');
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      console.error = original;
      hostile.remove();
    }
    expect((window as { __liveAssistEvilExtensionRan?: boolean }).__liveAssistEvilExtensionRan).to.equal(undefined);
    expect(performance.getEntriesByType('resource').filter((entry) => entry.name.includes('evil-extension'))).to.deep.equal([]);
  });
});
