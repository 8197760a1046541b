import { expect } from '@esm-bundle/chai';
import * as channelIcons from '../../elements/common/icons.ts';
import * as windowIcons from '../../elements/common/window-icons.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// Issue 10 item 10: the sidebar, the channel selector, the window title bars and the side buttons draw
// lucide's outline icons (SVG, currentColor strokes, hidden from assistive technology, no inline style),
// not Unicode glyphs in the system font; the inlined paths are the package's own.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'icons', preload: 'intent' },
  sidebar: {
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'Callback', clickCommand: 'Callback.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open' },
      { name: 'SendMessage', clickCommand: 'SendMessage.open' },
      { name: 'Offers', clickCommand: 'CallUs.open', icon: 'O' },
    ],
  },
  channelselector: {
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open' },
      { name: 'Callback', clickCommand: 'Callback.open' },
    ],
  },
  callus: { contacts: [{ number: '+48 22 100 20 30', displayName: 'Helpline' }] },
  sendmessage: { dataURL: '/api/sendmessage', sideButton: { openDelay: 0 } },
  callback: {
    apiVersion: 'v3',
    dataURL: '/api/callback/v3',
    serviceName: 'ppk-callback',
    apikey: 'demo-key',
    immediateCallback: true,
    scheduledCallback: false,
  },
};

/** The glyphs the widgets drew before (☎ ↩ ✎ ✉ ☏ ⌕ ★ ? × ▾ ▴). */
const GLYPHS = /[☎↩✎✉☏⌕★×▾▴]/;

/** lucide's own converter, as elements/common/icons.ts was written: every element of an icon as one subpath. */
function toPath(nodes: Array<[string, Record<string, string>]>): string {
  const n = (value: number) => String(Number(value));
  return nodes
    .map(([tag, a]) => {
      if (tag === 'path') {
        const m = /^m\s*(-?[\d.]+)[\s,]*(-?[\d.]+)\s*/.exec(a.d!);
        if (!m) return a.d;
        const rest = a.d!.slice(m[0].length);
        return `M${m[1]} ${m[2]}${rest && !/^[a-zA-Z]/.test(rest) ? 'l' : ''}${rest}`;
      }
      if (tag === 'circle') {
        const [cx, cy, r] = [+a.cx!, +a.cy!, +a.r!];
        return `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0`;
      }
      if (tag === 'rect') {
        const [x, y, w, h, r] = [+a.x! || 0, +a.y! || 0, +a.width!, +a.height!, +(a.rx ?? 0)];
        return `M${n(x + r)} ${n(y)}h${n(w - 2 * r)}a${n(r)} ${n(r)} 0 0 1 ${n(r)} ${n(r)}v${n(h - 2 * r)}a${n(r)} ${n(r)} 0 0 1 ${n(-r)} ${n(r)}h${n(-(w - 2 * r))}a${n(r)} ${n(r)} 0 0 1 ${n(-r)} ${n(-r)}v${n(-(h - 2 * r))}a${n(r)} ${n(r)} 0 0 1 ${n(r)} ${n(-r)}z`;
      }
      throw new Error(`<${tag}> is not converted`);
    })
    .join('');
}

/** The lucide name of each inlined icon (the doc comment names it too). */
const LUCIDE: Record<string, string> = {
  phone: 'phone',
  phoneIncoming: 'phone-incoming',
  phoneCall: 'phone-call',
  mail: 'mail',
  messageCircle: 'message-circle',
  circleQuestionMark: 'circle-question-mark',
  search: 'search',
  star: 'star',
  x: 'x',
  chevronDown: 'chevron-down',
  chevronUp: 'chevron-up',
};

/** Each icon is an outline SVG drawn in the text colour, hidden, without an inline style, with a lucide path. */
function expectOutlineIcon(svg: SVGSVGElement | null, where: string): void {
  expect(svg, `${where}: an <svg>`).to.be.instanceOf(SVGSVGElement);
  const hidden = svg!.closest('[aria-hidden="true"]');
  expect(hidden, `${where}: hidden from assistive technology`).to.not.equal(null);
  expect(svg!.getAttribute('stroke')).to.equal('currentColor');
  expect(svg!.getAttribute('fill')).to.equal('none');
  expect(svg!.hasAttribute('style') || svg!.querySelector('[style]') !== null, `${where}: no inline style`).to.equal(false);
  const d = svg!.querySelector('path')?.getAttribute('d') ?? '';
  const known = [...Object.values(channelIcons), ...Object.values(windowIcons)].filter((value) => typeof value === 'string');
  expect(known, `${where}: a lucide path`).to.include(d);
  // Drawn: the strokes take room, in the text colour of the control.
  const box = svg!.getBoundingClientRect();
  expect(box.width, `${where}: drawn`).to.be.greaterThan(10);
  expect(getComputedStyle(svg!).stroke).to.equal(getComputedStyle(svg!.parentElement!).color);
}

describe('outline icons (lucide)', () => {
  let api: LiveAssistApi;
  let sim: Simulator;
  const sidebar = () => document.querySelector('la-sidebar')!.shadowRoot!;
  const overlay = () => document.querySelector('la-overlay')?.shadowRoot ?? null;

  before(async () => {
    ({ api, sim } = await bootWithSimulator('<la-sidebar></la-sidebar>'));
  });
  after(() => sim.dispose());

  it("every inlined path is the package's (lucide-static icon-nodes.json)", async () => {
    const nodes = (await (await fetch('/node_modules/lucide-static/icon-nodes.json')).json()) as Record<string, Array<[string, Record<string, string>]>>;
    const inlined = { ...channelIcons, ...windowIcons } as Record<string, unknown>;
    const paths = Object.entries(inlined).filter(([name, value]) => typeof value === 'string' && name in LUCIDE);
    expect(paths.map(([name]) => name).sort()).to.deep.equal(Object.keys(LUCIDE).sort());
    for (const [name, d] of paths) expect(d, name).to.equal(toPath(nodes[LUCIDE[name]!]!));
    expect(channelIcons.CHANNEL_ICONS.CallUs).to.equal(toPath(nodes.phone!));
    expect(channelIcons.CHANNEL_ICONS.WebChat).to.equal(toPath(nodes['message-circle']!));
  });

  it('the sidebar: one outline icon per channel, a configured icon text kept, no glyph', async () => {
    await waitFor(() => sidebar().querySelectorAll('.la-sidebar__button').length === 5, 4000, 'the channel buttons');
    const buttons = [...sidebar().querySelectorAll<HTMLButtonElement>('.la-sidebar__button')];
    for (const button of buttons.slice(0, 4)) expectOutlineIcon(button.querySelector('svg'), `sidebar ${button.dataset.channel}`);
    expect(buttons[0]!.querySelector('path')!.getAttribute('d')).to.equal(channelIcons.phone);
    expect(buttons[1]!.querySelector('path')!.getAttribute('d')).to.equal(channelIcons.phoneIncoming);
    expect(buttons[2]!.querySelector('path')!.getAttribute('d')).to.equal(channelIcons.messageCircle);
    expect(buttons[3]!.querySelector('path')!.getAttribute('d')).to.equal(channelIcons.mail);
    expect(buttons[4]!.querySelector('svg')).to.equal(null);
    expect(buttons[4]!.querySelector('.la-sidebar__icon')!.textContent).to.equal('O');
    expect(sidebar().textContent).to.not.match(GLYPHS);
    // The badge stays a 24 px circle: the icon fills it exactly.
    const badge = buttons[0]!.querySelector('.la-sidebar__icon')!.getBoundingClientRect();
    expect([badge.width, badge.height]).to.deep.equal([24, 24]);
  });

  it('the channel selector: an outline icon in each tile', async () => {
    await api.command('ChannelSelector.open');
    const selector = () => overlay()?.querySelector('la-channel-selector')?.shadowRoot ?? null;
    await waitFor(() => (selector()?.querySelectorAll('.la-tile').length ?? 0) === 3, 8000, 'the tiles');
    const tiles = [...selector()!.querySelectorAll('.la-tile')];
    tiles.forEach((tile, i) => expectOutlineIcon(tile.querySelector('.la-tile__icon svg'), `tile ${i}`));
    expect(tiles.map((t) => t.querySelector('path')!.getAttribute('d'))).to.deep.equal([
      channelIcons.phone,
      channelIcons.messageCircle,
      channelIcons.phoneIncoming,
    ]);
    expect(selector()!.textContent).to.not.match(GLYPHS);
    // The overlay's own Close control is the chrome's outline x too.
    await api.command('ChannelSelector.close');
  });

  it("a docked window's title bar: Minimise and Close are outline icons, Restore after minimising", async () => {
    await api.command('Callback.open');
    const root = () => document.querySelector('la-callback')?.shadowRoot ?? null;
    await waitFor(() => root()?.querySelector('.la-titlebar .la-icon-button'), 8000, 'the title bar');
    const [minimize, close] = [...root()!.querySelectorAll<HTMLButtonElement>('.la-titlebar .la-icon-button')];
    expectOutlineIcon(minimize!.querySelector('svg'), 'Minimise');
    expect(minimize!.querySelector('path')!.getAttribute('d')).to.equal(windowIcons.chevronDown);
    expectOutlineIcon(close!.querySelector('svg'), 'Close');
    expect(close!.querySelector('path')!.getAttribute('d')).to.equal(windowIcons.x);
    expect(root()!.querySelector('.la-titlebar')!.textContent).to.not.match(GLYPHS);
    minimize!.click();
    await waitFor(() => root()!.querySelector('.la-titlebar .la-icon-button path')?.getAttribute('d') === windowIcons.chevronUp, 4000, 'Restore');
    await api.command('Callback.close');
  });

  it('the send-message side button: the mail icon before its label', async () => {
    const root = () => document.querySelector('la-send-message')?.shadowRoot ?? null;
    await api.command('SendMessage.showButton');
    await waitFor(() => root()?.querySelector('.la-side-button--visible'), 8000, 'the side button');
    const button = root()!.querySelector<HTMLButtonElement>('.la-side-button')!;
    expectOutlineIcon(button.querySelector('svg'), 'side button');
    expect(button.querySelector('path')!.getAttribute('d')).to.equal(channelIcons.mail);
    expect(button.textContent!.trim()).to.equal('Send Message');
  });
});
