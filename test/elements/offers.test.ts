import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { deepActiveElement } from '../../elements/common/modal.ts';
import { expectAccessible } from '../helpers/axe.ts';
import { captureConsole, waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import type { OfferEventData } from '../../machines/offers.machine.ts';

window.liveAssistConfig = { main: { lang: 'en', theme: 'dark', deploymentID: 'offers', preload: 'intent' } };

let api: LiveAssistApi;
const container = (tag: 'la-toaster' | 'la-overlay') => document.querySelector(tag)?.shadowRoot ?? null;
const offerIn = (tag: 'la-toaster' | 'la-overlay') => container(tag)?.querySelector('la-offer')?.shadowRoot?.querySelector<HTMLElement>('.la-offer') ?? null;
const message = (work: Promise<unknown>) =>
  work.then(
    () => 'resolved',
    (e: Error) => e.message,
  );
const next = (name: Parameters<LiveAssistApi['subscribe']>[0]) =>
  new Promise<OfferEventData>((resolve) => {
    const off = api.subscribe(name, (e) => {
      off();
      resolve(e.data as OfferEventData);
    });
  });
const closedOf = (tag: 'la-toaster' | 'la-overlay') => waitFor(() => !offerIn(tag), 4000, `the offer gone from <${tag}>`);

/** Every main state is scanned in both themes. */
async function scanBothThemes(tag: 'la-toaster' | 'la-overlay') {
  for (const theme of ['dark', 'light'] as const) {
    await api.command('App.setTheme', { theme });
    await waitFor(() => container(tag)!.querySelector('la-offer')!.matches(`:state(${theme})`), 2000, `the ${theme} theme`);
    await expectAccessible(document.querySelector(tag)!);
  }
}

const PPK = {
  title: 'PPK',
  headline: 'Employer adds 1.5%',
  body: 'Your employer pays 1.5% of your pay on top of yours.',
  button: 'Call me back',
  cta: { url: '#ppk', target: '_self' },
  timeout: 12000,
  actionID: 'ppk-1',
};

describe('<la-offer>', () => {
  before(async function () {
    this.timeout(30000);
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
  });
  afterEach(async () => {
    await api.command('App.closeAll');
    await waitFor(() => !offerIn('la-toaster') && !offerIn('la-overlay'), 4000, 'closed');
    // The 1 s wait after a video.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it("answers bad commands with the spec's messages", async () => {
    expect(await message(api.command('Offers.close'))).to.equal('already closed');
    expect(await message(api.command('Offers.open'))).to.equal('No offer data provided');
    expect(await message(api.command('Offers.configure', {}))).to.equal('Invalid configuration.');
    expect(await message(api.command('Offers.open', { button: 'Go' }))).to.equal('Could not render offer with data provided.');
  });

  it('toaster: headline, body, call to action, countdown, Powered by; axe clean in both themes; Already open is mediaBusy', async () => {
    const opened = next('Offers.opened');
    await api.command('Offers.open', PPK);
    expect((await opened).actionID).to.equal('ppk-1');
    const offer = await waitFor(() => offerIn('la-toaster'), 8000, 'the offer in the toaster');
    expect(offer.classList.contains('la-offer--toaster')).to.equal(true);
    expect(offer.querySelector('h3')!.textContent).to.equal('Employer adds 1.5%');
    expect(offer.querySelector('.la-offer__body')!.textContent).to.contain('1.5%');
    expect(offer.querySelector('a.la-offer__cta')!.textContent).to.equal('Call me back');
    expect(offer.querySelector('.la-offer__countdown')!.textContent).to.match(/^Closes in 1[12] seconds$/);
    expect(offer.querySelector('.la-powered-by')).to.not.equal(null);
    expect(container('la-toaster')!.querySelector('h2')!.textContent).to.equal('PPK');
    await scanBothThemes('la-toaster');

    const error = new Promise((resolve) => api.subscribe('Offers.error', (e) => resolve(e.data)));
    expect(await message(api.command('Offers.open', PPK))).to.equal('Already open');
    expect(await error).to.deep.equal({ code: 'mediaBusy', message: 'Already open', actionID: 'ppk-1' });

    const dismissed = next('Offers.dismissed');
    const closed = next('Offers.closed');
    container('la-toaster')!.querySelector<HTMLButtonElement>('[aria-label="Close PPK"]')!.click();
    expect((await dismissed).metadata).to.include({ dismissed: true, triggeredCTA: false });
    expect((await closed).metadata.closed).to.be.a('number');
    await closedOf('la-toaster');
  });

  it('the countdown turns to its warning style at 10 s left', async () => {
    await api.command('Offers.open', { ...PPK, timeout: 11000 });
    const offer = await waitFor(() => offerIn('la-toaster'), 4000, 'the offer');
    expect(offer.querySelector('.la-offer__countdown--warning')).to.equal(null);
    await waitFor(() => offer.querySelector('.la-offer__countdown--warning'), 3000, 'the warning style');
    await expectAccessible(document.querySelector('la-toaster')!);
  });

  it('the call to action closes it as accepted; a command outside the allow-list does not run', async () => {
    await api.command('Offers.open', PPK);
    const offer = await waitFor(() => offerIn('la-toaster'), 4000, 'the offer');
    const accepted = next('Offers.accepted');
    offer.querySelector<HTMLElement>('h3')!.click();
    offer.querySelector<HTMLAnchorElement>('a.la-offer__cta')!.click();
    const { metadata } = await accepted;
    expect(metadata).to.include({ triggeredCTA: true, elementClicked: 'cta' });
    expect(metadata.timeBeforeCTA).to.be.a('number');
    expect(location.hash).to.equal('#ppk');
    await closedOf('la-toaster');

    await api.command('Offers.open', { headline: 'Console', cta: { command: 'Console.open' } });
    const { warnings } = await captureConsole(async () => {
      (await waitFor(() => offerIn('la-toaster')?.querySelector<HTMLButtonElement>('button.la-offer__cta'), 4000, 'the CTA')).click();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(warnings.join('\n')).to.match(/Console\.open may not run from configuration or markup/);
    expect(document.querySelector('la-console')).to.equal(null);
  });

  it('overlay: a YouTube video through youtube-nocookie; a play stops the countdown; closed 1 s after; axe clean in both themes', async () => {
    await api.command('Offers.open', { ...PPK, mode: 'overlay', layout: 'rightText', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const offer = await waitFor(() => offerIn('la-overlay'), 8000, 'the offer in the overlay');
    expect(offer.className).to.contain('la-offer--overlay la-offer--rightText');
    const frame = offer.querySelector('iframe')!;
    expect(frame.src).to.match(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?enablejsapi=1/);
    expect(offer.querySelector('.la-powered-by'), "the overlay draws 'Powered by'").to.equal(null);
    await scanBothThemes('la-overlay');

    const played = next('Offers.videoPlayed');
    const state = (info: number, origin = 'https://www.youtube-nocookie.com') =>
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify({ event: 'onStateChange', info }), origin, source: frame.contentWindow }));
    state(1, 'https://evil.example');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(offer.querySelector('.la-offer__countdown'), 'another origin is ignored').to.not.equal(null);
    state(1);
    expect((await played).metadata.videoPlayed).to.equal(true);
    await waitFor(() => !offer.querySelector('.la-offer__countdown'), 2000, 'the countdown gone');

    const closed = next('Offers.closed');
    const at = performance.now();
    await api.command('Offers.close');
    await closedOf('la-overlay');
    await closed;
    expect(performance.now() - at).to.be.at.least(950);
  });

  it('removes a video from other sites with a warning', async () => {
    const { warnings } = await captureConsole(() => api.command('Offers.open', { headline: 'Clip', video: 'https://www.dailymotion.com/video/x7tgad0' }));
    expect(warnings.join('\n')).to.match(/not a YouTube or Vimeo link; removed/);
    const offer = await waitFor(() => offerIn('la-toaster'), 4000, 'the offer');
    expect(offer.querySelector('iframe')).to.equal(null);
  });

  it('keyboard: the overlay takes focus from its opener, never leaves it on body, and gives it back on Escape', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Show offer';
    opener.addEventListener('click', () => void api.command('Offers.open', { ...PPK, mode: 'overlay' }).catch(() => undefined));
    document.body.append(opener);
    opener.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => offerIn('la-overlay')?.contains(deepActiveElement()), 8000, 'focus on the offer');
    expect(deepActiveElement()!.textContent).to.equal('Call me back');
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      expect(deepActiveElement(), 'never on body').to.not.equal(document.body);
      expect(document.activeElement, 'kept inside the overlay').to.equal(document.querySelector('la-overlay'));
    }
    const dismissed = next('Offers.dismissed');
    await sendKeys({ press: 'Escape' });
    await dismissed;
    await waitFor(() => document.activeElement === opener, 2000, 'focus back on the opener');
    opener.remove();
  });

  it('keyboard: the toaster takes no focus; Tab reaches its call to action, Escape closes it and focus goes back', async () => {
    const before = document.createElement('button');
    before.textContent = 'Before';
    document.body.append(before);
    before.focus();
    await api.command('Offers.open', PPK);
    await waitFor(() => offerIn('la-toaster'), 4000, 'the offer');
    expect(document.activeElement, 'the toaster does not take focus').to.equal(before);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(offerIn('la-toaster')!.contains(deepActiveElement()) || container('la-toaster')!.contains(deepActiveElement())).to.equal(true);
    const dismissed = next('Offers.dismissed');
    await sendKeys({ press: 'Escape' });
    await dismissed;
    await waitFor(() => deepActiveElement() !== null && deepActiveElement() !== document.body, 2000, 'focus not on body');
    expect(document.activeElement).to.equal(before);
    before.remove();
  });
});
