import { expect } from '@esm-bundle/chai';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { startSimulator } from '../helpers/simulator.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The 'Search' side button configured visible: the app loads the Search plugin when the page is idle
// (no command, no intent, `preload: 'intent'`), as it does send-message's, and the button shows; a click
// opens the 'Ask a Question' window.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'test-search-button', preload: 'intent', pluginLoadDelay: 1 },
  knowledgecenter: { host: '/api/kc', apikey: 'k', lang: 'en', knowledgebases: ['ppk'] },
  search: { sideButton: { visible: true, openDelay: 0 } },
};

let api: LiveAssistApi;
const host = () => document.querySelector('la-search');
const button = () => host()?.shadowRoot?.querySelector<HTMLButtonElement>('button.la-side-button') ?? null;

describe('Search side button', () => {
  before(async () => {
    await startSimulator();
    ({ LiveAssist: api } = (await import('../../src/index.ts')) as { LiveAssist: LiveAssistApi });
    await api.ready;
  });

  it('shows on page load without any command when configured visible, and opens the window', async () => {
    await waitFor(() => button()?.classList.contains('la-side-button--visible'), 8000, 'the Search side button');
    expect(button()!.textContent).to.contain('Search');
    await expectAccessible(host()!);
    button()!.click();
    await waitFor(() => host()!.shadowRoot!.querySelector('[part=window]'), 4000, 'the search window');
  });
});
