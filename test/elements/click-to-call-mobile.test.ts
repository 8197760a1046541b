import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// Mobile mode forced, Polish, dark: the click-to-call window fills the screen as a modal dialog; its main
// states pass axe, the inputs are at least 16 px, and it is not dragged.
window.liveAssistConfig = {
  main: { lang: 'pl', theme: 'dark', deploymentID: 'c2cm', preload: 'intent', timeFormat: 24, mobileMode: true },
  clicktocall: { dataURL: '/api/clicktocall', apikey: 'demo-key' },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-click-to-call') as HTMLElement;
const root = () => host()?.shadowRoot ?? null;
const field = (name: string) => root()!.querySelector<HTMLInputElement>(`[name=${name}]`)!;

describe('<la-click-to-call> in mobile mode', () => {
  before(async function () {
    // The first boot of a test page compiles every module on a loaded machine.
    this.timeout(30_000);
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('fills the screen as a modal, in Polish, and passes axe in the form, the number and a dialog', async function () {
    // Four axe scans and a request: about 8 s beside other test files.
    this.timeout(20_000);
    await api.command('ClickToCall.open');
    const win = await waitFor(() => root()?.querySelector<HTMLElement>('[part=window]'), 4000, 'the window');
    expect(host().matches(':state(mobile)')).to.equal(true);
    expect(win.getAttribute('aria-modal')).to.equal('true');
    expect(win.querySelector('h2')!.textContent).to.equal('Zadzwoń do nas');
    expect(win.getBoundingClientRect().width).to.be.closeTo(window.innerWidth, 2);
    expect(parseFloat(getComputedStyle(field('phonenumber')).fontSize)).to.be.at.least(16);
    await waitFor(() => root()!.activeElement === field('firstname'), 2000, 'focus in the first field');
    await expectAccessible(host(), ['target-size']);
    root()!.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    await waitFor(() => field('phonenumber').getAttribute('aria-invalid') === 'true', 2000, 'the refusal');
    expect(root()!.textContent).to.include('Podaj numer telefonu');
    await expectAccessible(host(), ['target-size']);
    field('firstname').focus();
    await sendKeys({ type: 'Anna' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => root()!.querySelector('[role=alertdialog]'), 2000, 'the close question');
    await expectAccessible(host(), ['target-size']);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !root()!.querySelector('[role=alertdialog]'), 2000, 'answered No');
    field('phonenumber').focus();
    await sendKeys({ type: '600100200' });
    await sendKeys({ press: 'Enter' });
    const dial = await waitFor(() => root()!.querySelector<HTMLAnchorElement>('.la-c2c__dial'), 4000, 'the number');
    await waitFor(() => root()!.activeElement === dial, 2000, 'focus on the number');
    expect(dial.textContent).to.include('Zadzwoń teraz');
    await expectAccessible(host(), ['target-size']);
    expect(getComputedStyle(win).translate).to.equal('none');
    await api.command('ClickToCall.close');
    await waitFor(() => !root()?.querySelector('[part=window]'), 2000, 'closed');
  });
});
