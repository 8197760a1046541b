import { expect } from '@esm-bundle/chai';
import { setViewport } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALENDAR_5_DAYS, CALLBACK_EWT, CALLBACK_V3 } from '../helpers/callback-config.ts';

// The window manager places the toaster and every docked window so that none overlaps another (issue 10
// item 9: the toaster covered the docked callback's notice and its Cancel / Confirm): the toaster keeps
// left of the docked windows, whatever its position. The callback in 'pick' mode at 1280 × 800 shows its
// Cancel and Confirm whole, inside the window and the screen, with nothing over them.
window.liveAssistConfig = {
  main: { lang: 'pl', theme: 'light', deploymentID: 'placement', preload: 'intent', timeFormat: 24 },
  callback: {
    ...CALLBACK_V3,
    ewt: CALLBACK_EWT,
    userData: { service: 'PPK' },
    dataProtection: {
      controller: 'Centrum Informacji PPK sp. z o.o., ul. Przykładowa 1, 00-001 Warszawa',
      purpose: 'obsługa Twojego pytania kontaktowego',
      pdf: '/ochrona-danych.pdf',
    },
  },
  calendar: CALENDAR_5_DAYS,
  sendmessage: { dataURL: '/api/sendmessage', limitsURL: '/api/sendmessage/limits' },
};

let api: LiveAssistApi;
let sim: Simulator;
const shadow = (tag: string) => document.querySelector(tag)?.shadowRoot ?? null;
const windowOf = (tag: string) => shadow(tag)?.querySelector<HTMLElement>('[part=window]') ?? null;
const toast = () => shadow('la-toaster')?.querySelector<HTMLElement>('.la-toaster:not(.la-toaster--closing)') ?? null;

type Box = Pick<DOMRect, 'left' | 'top' | 'right' | 'bottom'>;
const intersect = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
const inside = (a: Box, b: Box) => a.left >= b.left - 0.5 && a.top >= b.top - 0.5 && a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5;
const show = (b: Box) => `[${Math.round(b.left)}, ${Math.round(b.top)}, ${Math.round(b.right)}, ${Math.round(b.bottom)}]`;

/** The shown views, by name, once the toaster has slid in. */
async function views(): Promise<Record<string, DOMRect>> {
  const out: Record<string, DOMRect> = {};
  const panel = toast();
  if (panel) {
    await Promise.all(panel.getAnimations().map((a) => a.finished));
    out.toaster = panel.getBoundingClientRect();
  }
  for (const tag of ['la-callback', 'la-send-message']) {
    const win = windowOf(tag);
    if (win) out[tag] = win.getBoundingClientRect();
  }
  return out;
}

/** No two shown views overlap, and each lies on the screen. */
async function expectNoOverlap(what: string, expected: string[]): Promise<Record<string, DOMRect>> {
  const placed = await views();
  expect(Object.keys(placed).sort(), what).to.deep.equal([...expected].sort());
  const screen = { left: 0, top: 0, right: document.documentElement.clientWidth, bottom: document.documentElement.clientHeight };
  const names = Object.keys(placed);
  names.forEach((a, i) => {
    expect(inside(placed[a]!, screen), `${what}: ${a} ${show(placed[a]!)} on the screen`).to.equal(true);
    for (const b of names.slice(i + 1)) {
      expect(intersect(placed[a]!, placed[b]!), `${what}: ${a} ${show(placed[a]!)} and ${b} ${show(placed[b]!)} overlap`).to.equal(false);
    }
  });
  return placed;
}

/** Cancel and Confirm: whole, inside the window, its scrolling body and the screen, and nothing over them. */
function expectButtonsVisible(what: string): void {
  const root = shadow('la-callback')!;
  const win = windowOf('la-callback')!.getBoundingClientRect();
  const body = root.querySelector('.la-window__body')!;
  const b = body.getBoundingClientRect();
  const port = {
    left: b.left + body.clientLeft,
    top: b.top + body.clientTop,
    right: b.left + body.clientLeft + body.clientWidth,
    bottom: b.top + body.clientTop + body.clientHeight,
  };
  const screen = { left: 0, top: 0, right: document.documentElement.clientWidth, bottom: document.documentElement.clientHeight };
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('.la-callback__form .la-buttons--binary button')];
  expect(buttons.map((button) => button.textContent)).to.deep.equal(['Anuluj', 'Potwierdź']);
  for (const button of buttons) {
    const r = button.getBoundingClientRect();
    const name = `${what}: ${button.textContent} ${show(r)}`;
    expect(inside(r, screen), `${name} on the screen`).to.equal(true);
    expect(inside(r, win), `${name} inside the window ${show(win)}`).to.equal(true);
    expect(inside(r, port), `${name} inside the window's visible body ${show(port)}`).to.equal(true);
    const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
    for (const [px, py] of [
      [x, r.top + 1],
      [x, r.bottom - 1],
      [r.left + 1, y],
      [r.right - 1, y],
    ] as const) {
      const hit = root.elementFromPoint(px, py);
      const top = document.elementFromPoint(px, py);
      expect(hit === button || button.contains(hit), `${name}: (${Math.round(px)}, ${Math.round(py)}) shows ${hit?.className}`).to.equal(true);
      expect(top, `${name}: (${Math.round(px)}, ${Math.round(py)}) on the page is the callback`).to.equal(document.querySelector('la-callback'));
    }
  }
}

const openToaster = async (position: 'left' | 'right' | 'center') => {
  await api.command('Toaster.open', {
    title: 'Potrzebujesz pomocy?',
    body: 'Daj znać, jeśli możemy pomóc.',
    position,
    buttons: [
      { id: 'no', text: 'Nie, dziękuję' },
      { id: 'yes', text: 'Czat', primary: true },
    ],
  });
  await waitFor(() => toast()?.classList.contains(`la-toaster--${position}`), 4000, `the ${position} toaster`);
};

describe('the window manager places the toaster and the docked windows', () => {
  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it("callback in 'pick' mode at 1280 × 800: Cancel and Confirm whole, inside the window and the screen", async () => {
    const desiredTime = new Date(Date.now() + 2 * 86_400_000);
    desiredTime.setUTCHours(10, 0, 0, 0);
    await api.command('Callback.open', { form: { firstname: 'Jan', phonenumber: '+48600100200' }, desiredTime: desiredTime.toISOString() });
    await waitFor(() => shadow('la-callback')?.querySelector<HTMLInputElement>('input[value=pick]:checked'), 4000, "the callback in 'pick' mode");
    // The tallest form: the queue's wait arrived, noted beside 'As soon as possible'.
    await waitFor(() => shadow('la-callback')!.querySelector('.la-callback__note'), 4000, "the ASAP choice's wait note");
    expectButtonsVisible('pick mode');
  });

  it('a toaster opened beside the docked callback keeps clear of it; Cancel and Confirm stay uncovered', async () => {
    await openToaster('right');
    const placed = await expectNoOverlap('toaster beside the callback', ['toaster', 'la-callback']);
    expect(placed.toaster!.right, 'the toaster left of the callback').to.be.at.most(placed['la-callback']!.left);
    expect(Math.round(placed.toaster!.bottom)).to.equal(window.innerHeight);
    expectButtonsVisible('with the toaster');
  });

  it('a window docked while the toaster is shown moves the toaster, never under it', async () => {
    await api.command('SendMessage.open');
    await waitFor(() => windowOf('la-send-message'), 4000, 'the send-message window');
    await expectNoOverlap('callback, send-message and the toaster', ['toaster', 'la-callback', 'la-send-message']);
  });

  it('a centred or left toaster keeps clear of the docked windows too', async () => {
    for (const position of ['center', 'left'] as const) {
      await openToaster(position);
      await expectNoOverlap(`a ${position} toaster with two windows`, ['toaster', 'la-callback', 'la-send-message']);
    }
  });

  it('closing the windows gives the toaster its place back', async () => {
    await openToaster('right');
    await api.command('Callback.close');
    await waitFor(() => !windowOf('la-callback'), 3000, 'the callback closed');
    const placed = await expectNoOverlap('send-message and the toaster', ['toaster', 'la-send-message']);
    expect(placed.toaster!.right).to.be.at.most(placed['la-send-message']!.left);
    await api.command('SendMessage.close');
    await waitFor(() => !windowOf('la-send-message'), 3000, 'send-message closed');
    await waitFor(
      () => Math.round(toast()!.getBoundingClientRect().right) === document.documentElement.clientWidth - 24,
      2000,
      'the toaster back 24 px from the right',
    );
    await api.command('Toaster.close');
  });
});
