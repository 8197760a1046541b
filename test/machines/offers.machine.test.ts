import { expect } from '@esm-bundle/chai';
import { createActor, SimulatedClock } from 'xstate';
import { offersMachine, offersMessages, parseVideo, readOffer, videoSrc } from '../../machines/offers.machine.ts';
import type { Offer, OfferInput, OffersEmitted } from '../../machines/offers.machine.ts';

const T0 = 1_700_000_000_000;

function read(input: OfferInput, mobile = false) {
  const warnings: string[] = [];
  const offer = readOffer(input, mobile, (m) => warnings.push(m));
  return { offer: offer as Offer, refusal: typeof offer === 'string' ? offer : null, warnings };
}

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(offersMachine, { clock }).start();
  const emitted: OffersEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  const open = (input: OfferInput) => actor.send({ type: 'open', offer: read(input).offer, at: T0 });
  const types = () => emitted.map((e) => e.type);
  const last = (type: string) => emitted.filter((e) => e.type === type).at(-1)!;
  return { actor, clock, emitted, open, types, last };
}

describe('offers machine', () => {
  describe('readOffer: §5 validation', () => {
    it('raises a timeout below 10000 ms to 10000 and keeps a longer one', () => {
      expect(read({ headline: 'H', timeout: 3000 }).offer.timeoutMs).to.equal(10000);
      expect(read({ headline: 'H', timeout: 9999 }).offer.timeoutMs).to.equal(10000);
      expect(read({ headline: 'H', timeout: 25000 }).offer.timeoutMs).to.equal(25000);
      expect(read({ headline: 'H' }).offer.timeoutMs).to.equal(undefined);
    });

    it('defaults the layout to leftText and the mode to toaster; keeps a known layout', () => {
      const { offer } = read({ headline: 'H' });
      expect(offer.layout).to.equal('leftText');
      expect(offer.mode).to.equal('toaster');
      expect(read({ headline: 'H', layout: 'nonsense' }).offer.layout).to.equal('leftText');
      expect(read({ headline: 'H', layout: 'stacked', mode: 'overlay' }).offer).to.include({ layout: 'stacked', mode: 'overlay' });
    });

    it('shows an overlay offer as a toaster on a phone', () => {
      expect(read({ headline: 'H', mode: 'overlay' }, true).offer.mode).to.equal('toaster');
      expect(read({ headline: 'H', mode: 'overlay' }, false).offer.mode).to.equal('overlay');
    });

    it('keeps YouTube and Vimeo videos and removes others with a warning', () => {
      expect(parseVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).to.deep.equal({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
      expect(parseVideo('https://youtu.be/dQw4w9WgXcQ')).to.deep.equal({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
      expect(parseVideo('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).to.deep.equal({ provider: 'youtube', id: 'dQw4w9WgXcQ' });
      expect(parseVideo('https://vimeo.com/76979871')).to.deep.equal({ provider: 'vimeo', id: '76979871' });
      expect(parseVideo('https://player.vimeo.com/video/76979871')).to.deep.equal({ provider: 'vimeo', id: '76979871' });
      expect(parseVideo('https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ')).to.equal(null);
      expect(parseVideo('javascript:alert(1)')).to.equal(null);
      const { offer, warnings } = read({ headline: 'H', video: 'https://dailymotion.com/video/x7tgad0' });
      expect(offer.video).to.equal(undefined);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.match(/not a YouTube or Vimeo link; removed/);
    });

    it('embeds videos through the privacy-enhanced players with their postMessage API', () => {
      expect(videoSrc({ provider: 'youtube', id: 'abcdefghijk' }, 'https://shop.example', false)).to.match(
        /^https:\/\/www\.youtube-nocookie\.com\/embed\/abcdefghijk\?enablejsapi=1&.*origin=https%3A%2F%2Fshop\.example/,
      );
      expect(videoSrc({ provider: 'vimeo', id: '1' }, 'x', true)).to.match(/^https:\/\/player\.vimeo\.com\/video\/1\?dnt=1&api=1&autoplay=1&muted=1$/);
    });

    it('refuses an offer with nothing to show, and drops unsafe links and styles', () => {
      expect(read({ button: 'Go' }).refusal).to.equal(offersMessages.cannotRender);
      expect(read({ headline: 'H', video: 'https://example.com/v.mp4' }).offer.video).to.equal(undefined);
      const { offer, warnings } = read({
        headline: 'H',
        image: 'javascript:alert(1)',
        cta: { url: 'javascript:alert(1)' },
        styles: { background: '#123456', color: 'red;background:url(x)', top: '0' },
      });
      expect(offer.image).to.equal(undefined);
      expect(offer.cta).to.equal(undefined);
      expect(offer.styles).to.deep.equal({ background: '#123456' });
      expect(warnings).to.have.length(3);
      expect(read({ headline: 'H', cta: { command: 'Callback.open', url: 'https://x.example' } }).offer.cta).to.deep.equal({
        command: 'Callback.open',
        commandOptions: undefined,
        url: undefined,
        target: '_blank',
      });
    });
  });

  it('opens, refuses an open when open (the plugin asks can()), and closes on dismiss with its metadata', () => {
    const { actor, open, types, last } = start();
    expect(actor.getSnapshot().can({ type: 'close', reason: 'dismiss', at: T0 })).to.equal(false);
    open({ headline: 'Save', actionID: 'a1' });
    expect(actor.getSnapshot().hasTag('shown')).to.equal(true);
    expect(actor.getSnapshot().can({ type: 'open', offer: read({ headline: 'x' }).offer, at: T0 })).to.equal(false);
    actor.send({ type: 'close', reason: 'dismiss', at: T0 + 4000 });
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
    expect(types()).to.deep.equal(['opened', 'dismissed', 'closed']);
    expect(last('closed').actionID).to.equal('a1');
    expect(last('closed').metadata).to.include({ opened: T0, closed: T0 + 4000, dismissed: true, timedOut: false, triggeredCTA: false });
  });

  it('times out after the timeout (raised to 10000 ms), counting down in whole seconds', () => {
    const { actor, clock, open, types, last } = start();
    open({ headline: 'H', timeout: 2000 });
    expect(actor.getSnapshot().context.remainingMs).to.equal(10000);
    clock.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).to.equal(9000);
    // The simulated clock runs only timers that exist when it advances: one second at a time.
    for (let s = 0; s < 8; s++) clock.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).to.equal(1000);
    expect(actor.getSnapshot().hasTag('shown')).to.equal(true);
    clock.increment(999);
    expect(actor.getSnapshot().hasTag('shown')).to.equal(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
    expect(types()).to.deep.equal(['opened', 'timeout', 'closed']);
    expect(last('closed').metadata).to.include({ timedOut: true, closed: T0 + 10000, dismissed: false });
  });

  it('a video play cancels the timeout; closing after a video waits 1 s before closed', () => {
    const { actor, clock, open, types, last } = start();
    open({ headline: 'H', timeout: 10000, video: 'https://youtu.be/dQw4w9WgXcQ' });
    clock.increment(3000);
    actor.send({ type: 'video.play', at: T0 + 3000 });
    expect(actor.getSnapshot().context.remainingMs).to.equal(null);
    for (let s = 0; s < 60; s++) clock.increment(1000);
    expect(actor.getSnapshot().hasTag('shown'), 'no timeout after a play').to.equal(true);
    actor.send({ type: 'video.pause', at: T0 + 8000 });
    actor.send({ type: 'video.play', at: T0 + 9000 });
    actor.send({ type: 'close', reason: 'dismiss', at: T0 + 12000 });
    expect(actor.getSnapshot().hasTag('shown'), 'hidden at once').to.equal(false);
    expect(types()).to.deep.equal(['opened', 'videoPlayed', 'dismissed']);
    clock.increment(999);
    expect(types()).to.not.include('closed');
    clock.increment(1);
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
    expect(last('closed').metadata).to.include({ videoPlayed: true, videoWatchTime: 5000 + 3000, closed: T0 + 12000 });
  });

  it('the call to action closes it as accepted, with the time before it', () => {
    const { actor, open, types, last } = start();
    open({ headline: 'H', cta: { command: 'Callback.open' } });
    actor.send({ type: 'pointer.enter', at: T0 + 1500 });
    actor.send({ type: 'pointer.leave', at: T0 + 2000 });
    actor.send({ type: 'pointer.enter', at: T0 + 2500 });
    actor.send({ type: 'element.click', element: 'image' });
    expect(actor.getSnapshot().context.metadata!.elementClicked).to.equal('image');
    actor.send({ type: 'close', reason: 'cta', at: T0 + 3000 });
    expect(types()).to.deep.equal(['opened', 'accepted', 'closed']);
    expect(last('accepted').metadata).to.include({
      triggeredCTA: true,
      timeBeforeCTA: 3000,
      timeFirstHover: T0 + 1500,
      timeBeforeHover: 1500,
      timeElapsedHover: 1000,
      elementClicked: 'cta',
      dismissed: false,
    });
  });

  it("the App's closeAll closes it without counting as a dismissal", () => {
    const { actor, open, types, last } = start();
    open({ headline: 'H', timeout: 20000 });
    actor.send({ type: 'close', reason: 'closeAll', at: T0 + 100 });
    expect(actor.getSnapshot().matches('closed')).to.equal(true);
    expect(types()).to.deep.equal(['opened', 'closed']);
    expect(last('closed').metadata).to.include({ dismissed: false, timedOut: false, triggeredCTA: false });
  });
});
