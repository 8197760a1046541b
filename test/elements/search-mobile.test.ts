import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import { deepActiveElement } from '../../elements/common/modal.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// Mobile mode forced (main.mobileMode: true), Polish, dark: the search window fills the screen as a modal
// dialog like every docked window, the box takes 16 px text, every string is Polish.
window.liveAssistConfig = {
  main: { lang: 'pl', theme: 'dark', deploymentID: 'srm', preload: 'intent', mobileMode: true },
  knowledgecenter: { host: '/api/kc', apikey: 'demo-key', lang: 'pl' },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-search')!;
const $ = <T extends Element = HTMLElement>(selector: string) => host().shadowRoot?.querySelector<T & Element>(selector) ?? null;

describe('<la-search> in mobile mode, Polish', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it("fills the screen as a modal 'Zadaj pytanie' with a 16 px box, and answers in Polish", async () => {
    await api.command('Search.open');
    const win = await waitFor(() => $('[part=window]'), 4000, 'the window');
    expect(host().matches(':state(mobile)')).to.equal(true);
    expect(win.querySelector('h2')!.textContent).to.equal('Zadaj pytanie');
    expect(win.getAttribute('aria-modal')).to.equal('true');
    expect(win.getBoundingClientRect().width).to.be.closeTo(window.innerWidth, 2);
    const box = $<HTMLInputElement>('input[role=combobox]')!;
    expect(parseFloat(getComputedStyle(box).fontSize)).to.be.at.least(16);
    expect(box.placeholder).to.equal('Wpisz tutaj swoje pytanie');
    expect($('button[type=submit]')!.textContent).to.equal('Zapytaj');
    await waitFor(() => deepActiveElement() === box, 4000, 'focus in the box');
    await sendKeys({ type: 'rezygnacja' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $('.la-search__more'), 4000, 'answers');
    expect($('.la-search__more')!.textContent).to.equal('Więcej');
    await waitFor(() => /^Znaleziono \d+ odpowied(ź|zi)$/.test($('.la-search > [role=status]')!.textContent ?? ''), 4000, 'the Polish count');
    await expectAccessible(host());
    $<HTMLButtonElement>('.la-search__more')!.click();
    await waitFor(() => $('.la-search__document-title'), 4000, 'the document');
    expect($('.la-helpful__question')!.textContent).to.equal('Czy to było pomocne?');
    expect($('.la-search__stars legend')!.textContent).to.equal('Oceń tę odpowiedź');
    expect($('.la-search__star span.la-visually-hidden')!.textContent).to.equal('1 gwiazdka');
    await expectAccessible(host());
    // Escape asks the window to close (a modal on a phone), and it closes.
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$('[part=window]'), 4000, 'closed');
  });
});
