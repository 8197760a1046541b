import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The chat button sits where docked windows go: it stays away while another docked window is open, also
// when the WebChat plugin loads after that window docked (it asks the window manager then), and comes back
// when the window closes.
window.liveAssistConfig = {
  // The chat plugin would load when idle; a long delay lets the test open a window before it does.
  main: { lang: 'en', deploymentID: 'test-chat-button-docked', preload: 'intent', pluginLoadDelay: 60000 },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    chatButton: { enabled: true, openDelay: 0, effectDuration: 0 },
  },
  knowledgecenter: { host: '/api/kc', apikey: 'k', lang: 'en', knowledgebases: ['ppk'] },
};

let api: LiveAssistApi;
let sim: Simulator;
const chatButton = () => document.querySelector('la-chat')?.shadowRoot?.querySelector<HTMLElement>('[part~=side-button]') ?? null;
const shown = () => chatButton()?.classList.contains('la-side-button--visible') ?? false;

describe('the chat button and docked windows', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('stays hidden while a window docked before the chat plugin loaded is open, and shows once it closes', async () => {
    await api.command('Search.open');
    await waitFor(() => document.querySelector('la-search')?.shadowRoot?.querySelector('[part=window]'), 4000, 'the search window');
    // Now the WebChat plugin loads (as it does when the page is idle).
    await api.command('WebChat.showChatButton').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(shown(), 'the chat button over the docked search window').to.equal(false);
    await api.command('Search.close');
    await waitFor(shown, 4000, 'the chat button after the window closed');
  });
});
