import { expect } from '@esm-bundle/chai';
import { setViewport } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, endChat, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// WCAG 1.4.10 reflow on a desktop browser (mobileMode 'auto', no mobile device): at 320 × 256 and 256 × 320
// CSS px (a 1280 px window at 400 % zoom) the chat and search windows fill the viewport, so the input's
// start, the transcript and the answers are on screen; a floating 360 px window started at x = −95.
window.liveAssistConfig = {
  main: { lang: 'pl', deploymentID: 'test-reflow', preload: 'intent' },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot', bot: true },
    chatButton: { enabled: false },
    form: { fields: [{ name: 'firstname', required: true }] },
  },
  knowledgecenter: { host: '/api/kc', apikey: 'demo-key', lang: 'pl' },
};

let api: LiveAssistApi;
let sim: Simulator;
const root = (tag: string) => document.querySelector(tag)?.shadowRoot ?? null;
const $ = <T extends Element = HTMLElement>(tag: string, selector: string) => root(tag)?.querySelector<T & Element>(selector) ?? null;
const inside = (r: DOMRect) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;

async function fillsViewport(win: HTMLElement, what: string) {
  await waitFor(() => Math.abs(win.getBoundingClientRect().height - innerHeight) < 1, 2000, `the ${what} window to fill the height`);
  const rect = win.getBoundingClientRect();
  expect([rect.left, rect.top, rect.width], `the ${what} window at ${innerWidth} × ${innerHeight}`).to.deep.equal([0, 0, innerWidth]);
}

describe('reflow at 320 × 256 and 256 × 320 on a desktop browser', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(async () => {
    await setViewport({ width: 800, height: 600 });
    sim.dispose();
  });

  for (const [width, height] of [
    [320, 256],
    [256, 320],
  ]) {
    it(`${width} × ${height}: the chat fills the window, its transcript has height, the input is in view`, async () => {
      await setViewport({ width, height });
      await api.command('WebChat.open');
      const name = await waitFor(() => $<HTMLInputElement>('la-chat', '[name=firstname]'), 6000, 'the form');
      expect(document.querySelector('la-chat')!.matches(':state(mobile)'), 'the full-window layout').to.equal(true);
      name.value = '';
      name.focus();
      document.execCommand('insertText', false, 'Ola');
      name.form!.requestSubmit();
      const input = await waitFor(() => $<HTMLTextAreaElement>('la-chat', 'textarea'), 6000, 'the input');
      await fillsViewport($('la-chat', '[part=window]')!, 'chat');
      expect(inside(input.getBoundingClientRect()), 'the input in view').to.equal(true);
      expect($('la-chat', '[part=transcript]')!.getBoundingClientRect().height, "the transcript's height").to.be.greaterThan(40);
      await endChat(api);
      await waitFor(() => !$('la-chat', '[part=window]'), 4000, 'the chat closed');
    });

    it(`${width} × ${height}: the search window fills the window, its box in view`, async () => {
      await setViewport({ width, height });
      await api.command('Search.open');
      const win = await waitFor(() => $<HTMLElement>('la-search', '[part=window]'), 4000, 'the search window');
      await fillsViewport(win, 'search');
      expect(inside($('la-search', 'input[role=combobox]')!.getBoundingClientRect()), 'the box in view').to.equal(true);
      await api.command('Search.close');
      await waitFor(() => !$('la-search', '[part=window]'), 4000, 'the search closed');
    });
  }

  it('a desktop window of 1280 × 800 keeps the floating window', async () => {
    await setViewport({ width: 1280, height: 800 });
    await api.command('Search.open');
    const win = await waitFor(() => $<HTMLElement>('la-search', '[part=window]'), 4000, 'the search window');
    await waitFor(() => !document.querySelector('la-search')!.matches(':state(mobile)'), 2000, 'the floating layout');
    expect(win.getBoundingClientRect().width).to.be.lessThan(innerWidth);
    await api.command('Search.close');
  });
});
