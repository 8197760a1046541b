import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import type { OfferEventData } from '../../machines/offers.machine.ts';

// The toaster and the overlay are loaded (and so hear App.closeAll) before the Offers plugin: they close
// first, and the offer must still close as closed by the App, not as dismissed by the visitor.
window.liveAssistConfig = { main: { lang: 'en', theme: 'light', deploymentID: 'offers-all', preload: 'intent' } };

let api: LiveAssistApi;
const offerIn = (tag: string) => document.querySelector(tag)?.shadowRoot?.querySelector('la-offer')?.shadowRoot?.querySelector('.la-offer') ?? null;

describe('<la-offer> and App.closeAll', () => {
  before(async function () {
    this.timeout(30000);
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    await api.command('Toaster.open', { body: 'first' });
    await api.command('Toaster.close');
    await api.command('Overlay.open', { html: '<p>first</p>' });
    await api.command('Overlay.close');
  });

  for (const [mode, tag] of [
    ['toaster', 'la-toaster'],
    ['overlay', 'la-overlay'],
  ] as const) {
    it(`closes the offer in the ${mode} as the App's, not as a dismissal`, async () => {
      await api.command('Offers.open', { headline: 'Save', mode });
      await waitFor(() => offerIn(tag), 8000, 'the offer');
      const closed = new Promise<OfferEventData>((resolve) => api.subscribe('Offers.closed', (e) => resolve(e.data)));
      let dismissed = false;
      api.subscribe('Offers.dismissed', () => (dismissed = true));
      await api.command('App.closeAll');
      expect((await closed).metadata).to.include({ dismissed: false, timedOut: false, triggeredCTA: false });
      expect(dismissed).to.equal(false);
      await waitFor(() => !offerIn(tag), 4000, 'the offer gone');
    });
  }
});
