import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { BADGE_VIEWBOX } from '../../elements/common/icons.ts';

// The sidebar's launcher drawn with lit-html (elements/sidebar/launcher.ts, its `repeat` keyed by
// channel): each channel keeps its <li><button> while its `channels` attribute is
// reordered, renamed or shortened, so keyboard focus stays on its channel; a click runs the channel as
// it is now; the wrapper is made once; configured text stays text and the badges are real SVG.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'sbk', preload: 'intent' },
  sidebar: { channels: [{ name: 'CallUs', clickCommand: 'CallUs.open' }] },
  callus: { contacts: [{ number: '+48 22 100 20 30' }] },
};

const callUs = { name: 'CallUs', clickCommand: 'CallUs.open' };
const callback = { name: 'Callback', clickCommand: 'Callback.open' };
const mail = { name: 'SendMessage', displayName: '<b onmouseover="window.__sidebarPwned = 1">Mail</b>', icon: 'M', clickCommand: 'SendMessage.open' };

describe('<la-sidebar> keeps one node per channel (lit-html repeat)', () => {
  let api: LiveAssistApi;
  let sim: Simulator;
  let element: HTMLElement;
  const root = () => element.shadowRoot!;
  const button = (name: string) => root().querySelector<HTMLButtonElement>(`button[data-channel="${name}"]`);
  const order = () => [...root().querySelectorAll<HTMLButtonElement>('li > button')].map((b) => b.dataset.channel);
  const focused = () => (root().activeElement as HTMLElement | null)?.dataset.channel;
  const set = (channels: object[]) => element.setAttribute('channels', JSON.stringify(channels));

  before(async () => {
    ({ api, sim } = await bootWithSimulator());
    element = document.createElement('la-sidebar');
    set([callUs, callback, mail]);
    document.body.append(element);
    await waitFor(() => order().length === 3, 4000, 'the three channels');
  });
  after(() => {
    element.remove();
    sim.dispose();
  });

  it('draws the wrapper, strip, buttons and badges with the classes, parts and aria the styles and tests rely on', () => {
    const wrapper = root().querySelector('.la-root')!;
    expect(wrapper.getAttribute('part')).to.equal('root');
    expect(wrapper.getAttribute('lang')).to.equal('en');
    const nav = wrapper.querySelector('nav')!;
    expect(nav.className).to.equal('la-sidebar cx-widget cx-sidebar cx-theme-light');
    expect(nav.getAttribute('part')).to.equal('sidebar');
    expect(nav.getAttribute('aria-label')).to.equal('Contact options');
    expect(order()).to.deep.equal(['CallUs', 'Callback', 'SendMessage']);
    const call = button('CallUs')!;
    expect([call.type, call.className, call.getAttribute('part'), call.title]).to.deep.equal(['button', 'la-sidebar__button', 'channel', 'Call Us']);
    const badge = call.querySelector('.la-sidebar__icon')!;
    expect(badge.getAttribute('aria-hidden')).to.equal('true');
    const icon = badge.querySelector('svg')!;
    expect(icon.namespaceURI).to.equal('http://www.w3.org/2000/svg');
    expect(icon.getAttribute('viewBox')).to.equal(BADGE_VIEWBOX);
    expect(icon.querySelector('path')!.getAttribute('d')).to.match(/^M/);
    // Configured text is text: no element from a displayName, the configured icon as its text.
    const letter = button('SendMessage')!;
    expect(letter.querySelector('b')).to.equal(null);
    expect(letter.querySelector('.la-sidebar__name')!.textContent).to.equal(mail.displayName);
    expect(letter.querySelector('.la-sidebar__icon')!.textContent).to.equal('M');
    expect(nav.querySelector('.la-sidebar__footer')!.textContent).to.equal('Powered by live-assist');
    expect(root().querySelector('[style]')).to.equal(null);
  });

  it('reordered, renamed and shortened: each channel keeps its node, the focused one keeps focus', async () => {
    const wrapper = root().querySelector('.la-root');
    const nav = root().querySelector('nav');
    const nodes = Object.fromEntries(['CallUs', 'Callback', 'SendMessage'].map((name) => [name, button(name)]));
    button('Callback')!.focus();
    set([mail, callUs, callback]);
    await waitFor(() => order()[0] === 'SendMessage', 2000, 'the new order');
    expect(order()).to.deep.equal(['SendMessage', 'CallUs', 'Callback']);
    expect(focused()).to.equal('Callback');
    set([callback, mail, callUs]);
    await waitFor(() => order()[0] === 'Callback', 2000, 'another order');
    expect(focused()).to.equal('Callback');
    set([callback, { ...mail, displayName: 'E-mail', icon: undefined }, callUs]);
    await waitFor(() => button('SendMessage')!.textContent!.includes('E-mail'), 2000, 'the new name');
    // No icon configured: the channel's own outline icon replaces the letter.
    expect(button('SendMessage')!.querySelector('.la-sidebar__icon svg')).not.to.equal(null);
    set([callback, callUs]);
    await waitFor(() => order().length === 2, 2000, 'two channels');
    expect(focused()).to.equal('Callback');
    for (const name of ['CallUs', 'Callback']) expect(button(name) === nodes[name], name).to.equal(true);
    expect(root().querySelector('.la-root') === wrapper && root().querySelector('nav') === nav).to.equal(true);
    expect(root().querySelectorAll('.la-root')).to.have.length(1);
    expect((window as { __sidebarPwned?: number }).__sidebarPwned).to.equal(undefined);
  });

  it('a click runs the channel as it is now, not as it was when its button was made', async () => {
    const made = button('Callback');
    set([{ ...callback, clickCommand: 'CallUs.open' }, callUs]);
    await waitFor(() => order().join() === 'Callback,CallUs', 2000, 'the same channels');
    expect(button('Callback') === made).to.equal(true);
    const clicks: unknown[] = [];
    element.addEventListener('la-channel-click', (e) => clicks.push((e as CustomEvent).detail));
    const opened = new Promise((resolve) => api.subscribe('CallUs.opened', resolve));
    button('Callback')!.click();
    expect(clicks).to.deep.equal([{ name: 'Callback' }]);
    await opened;
    await api.command('CallUs.close');
  });
});
