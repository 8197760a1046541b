import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import { contrast } from '../helpers/contrast.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { CALLBACK_V3 } from '../helpers/callback-config.ts';

// WCAG 1.4.11 (non-text contrast): a field's border must stand out 3:1 from the window around it (and
// from the field's own fill), in both themes, read from Chromium's computed styles.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'dark', deploymentID: 'borders', preload: 'intent', timeFormat: 24 },
  callback: {
    ...CALLBACK_V3,
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-callback')!;
const root = () => host().shadowRoot!;

/** The contrast of the first-name field's border against the window and against the field's fill. */
function borderContrast() {
  const win = getComputedStyle(root().querySelector<HTMLElement>('[part=window]')!);
  const input = getComputedStyle(root().querySelector<HTMLInputElement>('[name=firstname]')!);
  return {
    window: contrast(input.borderTopColor, win.backgroundColor),
    fill: contrast(input.borderTopColor, input.backgroundColor),
  };
}

describe('field borders against the window (WCAG 1.4.11)', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
    await api.command('Callback.open');
    await waitFor(() => root()?.querySelector('[name=firstname]'), 4000, 'the callback form');
  });
  after(() => sim.dispose());

  it('reach 3:1 in the dark theme', () => {
    expect(host().matches(':state(dark)')).to.equal(true);
    const ratio = borderContrast();
    expect(ratio.window, 'border against the window').to.be.at.least(3);
    expect(ratio.fill, 'border against the field').to.be.at.least(3);
  });

  it('reach 3:1 in the light theme', async () => {
    host().setAttribute('theme', 'light');
    await waitFor(() => host().matches(':state(light)'), 2000, 'the light theme');
    const ratio = borderContrast();
    expect(ratio.window, 'border against the window').to.be.at.least(3);
    expect(ratio.fill, 'border against the field').to.be.at.least(3);
  });
});
