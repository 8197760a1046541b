import { expect } from '@esm-bundle/chai';
import { setViewport } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// <la-chat> on a phone: full screen over the page (a modal dialog), the input inside the visible
// viewport, the footer gone when the height is short (landscape), minimised to a bar.
window.liveAssistConfig = {
  main: { lang: 'pl', deploymentID: 'test-chat-mobile', preload: 'intent', mobileMode: true },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot', bot: true },
    chatButton: { enabled: false },
    form: { fields: [{ name: 'firstname', required: true }] },
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const root = () => document.querySelector('la-chat')?.shadowRoot ?? null;
const $ = <T extends Element = HTMLElement>(selector: string) => root()?.querySelector<T & Element>(selector) ?? null;
const inside = (r: DOMRect) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;

describe('<la-chat> on a phone', () => {
  before(async () => {
    await setViewport({ width: 390, height: 844 });
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('portrait: full screen and modal, the input in view; landscape: the footer goes; minimised: a bar', async () => {
    await api.command('WebChat.open');
    await waitFor(() => $('[name=firstname]'), 6000, 'the form');
    $<HTMLInputElement>('[name=firstname]')!.value = '';
    $<HTMLInputElement>('[name=firstname]')!.focus();
    document.execCommand('insertText', false, 'Ola');
    $<HTMLInputElement>('[name=firstname]')!.form!.requestSubmit();
    const input = await waitFor(() => $<HTMLTextAreaElement>('textarea'), 6000, 'the input');
    const win = $('[part=window]')!;
    await waitFor(() => Math.abs(win.getBoundingClientRect().height - innerHeight) < 1, 2000, 'the window to fill the height');
    const rect = win.getBoundingClientRect();
    expect([rect.left, rect.top, rect.width]).to.deep.equal([0, 0, innerWidth]);
    expect(win.getAttribute('aria-modal')).to.equal('true');
    expect(inside(input.getBoundingClientRect())).to.equal(true);
    // At least 16 px text in the input on a phone (no zoom on focus).
    expect(parseFloat(getComputedStyle(input).fontSize)).to.be.at.least(16);
    expect(getComputedStyle($('[part=footer]')!).display).to.not.equal('none');
    await expectAccessible(document.querySelector('la-chat')!);

    await setViewport({ width: 844, height: 390 });
    await waitFor(() => getComputedStyle($('[part=footer]')!).display === 'none', 2000, 'the footer to go');
    await waitFor(() => Math.abs(win.getBoundingClientRect().height - innerHeight) < 1, 2000, 'the window to follow the height');
    expect(inside($<HTMLTextAreaElement>('textarea')!.getBoundingClientRect())).to.equal(true);

    await setViewport({ width: 390, height: 844 });
    await api.command('WebChat.minimize');
    await waitFor(() => win.getBoundingClientRect().height < 100, 2000, 'the bar');
    expect(win.getAttribute('aria-modal')).to.equal(null);
    await api.command('WebChat.minimize');
    await api.command('WebChatService.endChat').catch(() => undefined);
  });
});
