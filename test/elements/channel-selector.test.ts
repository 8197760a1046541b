import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { channelSelectorPage } from '../helpers/channel-selector.ts';

// The channel selector says each tile's state in words, never by its coloured stripe alone (WCAG 1.4.1):
// no wait is 'Available', a wait under the minimum threshold (the warning level) is 'Longer wait', a wait
// between the thresholds is 'Wait Time' with the minutes.
describe('<la-channel-selector> tile statuses in words', () => {
  let page: Awaited<ReturnType<typeof channelSelectorPage>>;
  before(async () => {
    page = await channelSelectorPage('en');
  });
  after(() => page.sim.dispose());

  it('a warning-level tile says "Longer wait", not "Available"', async () => {
    const { api, selector, statuses } = page;
    await api.command('ChannelSelector.open');
    await waitFor(() => Object.keys(statuses()).length === 3 && (statuses()['Callback'] ?? '').startsWith('Wait time'), 4000, 'the tiles with their waits');
    const warning = selector()!.querySelector('.la-tile--warning')!;
    expect(warning.querySelector('.la-tile__name')!.textContent).to.equal('Live Chat');
    expect(warning.querySelector('.la-tile__status')!.textContent).to.equal('Longer wait');
    expect(statuses()).to.deep.equal({ 'Call Us': 'Available', 'Live Chat': 'Longer wait', Callback: 'Wait time: 7 minutes' });
    await expectAccessible(document.querySelector('la-overlay')!);
  });

  it('opened by a command while focus was on the page: Escape closes it and focus goes to the page, never to <body>', async () => {
    const { api, selector } = page;
    const link = document.body.appendChild(Object.assign(document.createElement('a'), { href: '#page', textContent: 'A link on the page' }));
    await api.command('ChannelSelector.close').catch(() => undefined);
    await waitFor(() => !selector(), 4000, 'the selector closed');
    (document.activeElement as HTMLElement | null)?.blur();
    await api.command('ChannelSelector.open');
    await waitFor(() => selector()?.querySelector('.la-tile'), 4000, 'the tiles');
    await waitFor(() => deepActiveElement() !== document.body, 4000, 'focus in the selector');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !selector(), 4000, 'the selector closed');
    expect(deepActiveElement(), 'focus on the page').to.equal(link);
    link.remove();
  });
});
