import { expect } from '@esm-bundle/chai';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { channelSelectorPage } from '../helpers/channel-selector.ts';

// The Polish statuses fit every channel name, verbs ('Zadzwoń', 'Oddzwonimy') and nouns ('Czat') alike
// (not the masculine 'Dostępny'), and the warning level is said in words: 'Dłuższy czas oczekiwania'.
describe('<la-channel-selector> tile statuses in Polish', () => {
  let page: Awaited<ReturnType<typeof channelSelectorPage>>;
  before(async () => {
    page = await channelSelectorPage('pl');
  });
  after(() => page.sim.dispose());

  it('a warning-level tile says "Dłuższy czas oczekiwania"; the others fit verb-named channels', async () => {
    const { api, selector, statuses } = page;
    await api.command('ChannelSelector.open');
    await waitFor(
      () => Object.keys(statuses()).length === 3 && (statuses()['Oddzwonimy'] ?? '').startsWith('Czas oczekiwania'),
      4000,
      'the tiles with their waits',
    );
    const warning = selector()!.querySelector('.la-tile--warning')!;
    expect(warning.querySelector('.la-tile__name')!.textContent).to.equal('Czat');
    expect(warning.querySelector('.la-tile__status')!.textContent).to.equal('Dłuższy czas oczekiwania');
    expect(statuses()).to.deep.equal({ Zadzwoń: 'Dostępne teraz', Czat: 'Dłuższy czas oczekiwania', Oddzwonimy: 'Czas oczekiwania: 7 minut' });
    await expectAccessible(document.querySelector('la-overlay')!);
  });
});
