import { expect } from '@esm-bundle/chai';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { startSimulator } from '../helpers/simulator.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The Polish statuses fit every channel name, verbs ('Zadzwoń', 'Oddzwonimy') and nouns ('Czat') alike
// (not the masculine 'Dostępny'), and the warning level is said in words: 'Dłuższy czas oczekiwania'.
window.liveAssistConfig = {
  main: { lang: 'pl', theme: 'dark', deploymentID: 'selectorpl', preload: 'intent' },
  channelselector: {
    ewtRefreshInterval: 1,
    channels: [
      { name: 'CallUs', clickCommand: 'CallUs.open' },
      { name: 'WebChat', clickCommand: 'WebChat.open', ewt: { display: true, queue: 'PPK_Chat' } },
      { name: 'Callback', clickCommand: 'Callback.open', ewt: { display: true, queue: 'PPK_Callback' } },
    ],
  },
  callus: { contacts: [{ number: '+48 22 100 20 30', displayName: 'Helpline' }] },
  stats: { apiVersion: 'v1', dataURL: '/api/stats/v1', apikey: 'demo-key' },
};

let api: LiveAssistApi;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const selector = () => document.querySelector('la-overlay')?.shadowRoot?.querySelector('la-channel-selector')?.shadowRoot ?? null;
/** Each tile's name and status text, by channel name. */
const statuses = () =>
  Object.fromEntries(
    [...(selector()?.querySelectorAll('.la-tile') ?? [])].map((t) => [t.querySelector('.la-tile__name')!.textContent, t.querySelector('.la-tile__status')!.textContent]),
  );
const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('<la-channel-selector> tile statuses in Polish', () => {
  before(async () => {
    sim = await startSimulator();
    await post('/__control/wait', { waits: { PPK_Chat: 120, PPK_Callback: 400 } });
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
  });
  after(() => sim.dispose());

  it('a warning-level tile says "Dłuższy czas oczekiwania"; the others fit verb-named channels', async () => {
    await api.command('ChannelSelector.open');
    await waitFor(() => Object.keys(statuses()).length === 3 && (statuses()['Oddzwonimy'] ?? '').startsWith('Czas oczekiwania'), 4000, 'the tiles with their waits');
    const warning = selector()!.querySelector('.la-tile--warning')!;
    expect(warning.querySelector('.la-tile__name')!.textContent).to.equal('Czat');
    expect(warning.querySelector('.la-tile__status')!.textContent).to.equal('Dłuższy czas oczekiwania');
    expect(statuses()).to.deep.equal({ Zadzwoń: 'Dostępne teraz', Czat: 'Dłuższy czas oczekiwania', Oddzwonimy: 'Czas oczekiwania: 7 minut' });
    await expectAccessible(document.querySelector('la-overlay')!);
  });
});
