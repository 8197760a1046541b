import { useCallback, useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { PoweredBy } from '../common/chrome.tsx';
import { useT, useView } from '../common/context.ts';
import type { LaElement } from '../common/host.ts';
import type { OffersController } from '../../src/plugins/offers/offers.ts';
import { OFFER_COUNTDOWN_WARNING_MS, videoSrc, type OfferStyles } from '../../machines/offers.machine.ts';
import { usePlayer } from './video.ts';
import sheet from '../../styles/offers.css' with { type: 'css' };

const PROPS: Record<keyof OfferStyles, string> = {
  background: '--la-offer-bg',
  color: '--la-offer-fg',
  headlineColor: '--la-offer-headline',
  buttonBackground: '--la-offer-button-bg',
  buttonColor: '--la-offer-button-fg',
};
const styleSheets = new WeakMap<LaElement, CSSStyleSheet>();

/** The offer's colours as custom properties on the host, through its own adopted sheet (no inline styles). */
function useOfferStyles(host: LaElement, styles: OfferStyles | undefined) {
  useEffect(() => {
    let own = styleSheets.get(host);
    if (!own) {
      own = new CSSStyleSheet();
      styleSheets.set(host, own);
      host.adopt([own]);
    }
    const rules = Object.entries(styles ?? {}).map(([key, colour]) => `${PROPS[key as keyof OfferStyles]}: ${colour};`);
    own.replaceSync(rules.length ? `:host { ${rules.join(' ')} }` : '');
  }, [host, styles]);
}

function OfferView({ controller }: ViewProps<OffersController>) {
  const { app, host } = useView();
  const t = useT();
  const { actor } = controller;
  const offer = useSelector(actor, (s) => (s.hasTag('shown') ? s.context.offer : null));
  const remaining = useSelector(actor, (s) => s.context.remainingMs);
  const frame = useRef<HTMLIFrameElement>(null);
  const report = useCallback((playing: boolean) => controller.video(playing), [controller]);
  useOfferStyles(host, offer?.styles);
  usePlayer(frame, offer?.video, report, app.window);

  if (!offer) return null;
  const { cta } = offer;
  const ctaText = offer.button ?? t.t('offers.cta');
  const seconds = remaining === null ? null : Math.ceil(remaining / 1000);
  const media = offer.video ? (
    <iframe
      ref={frame}
      className="la-offer__video"
      title={offer.headline ?? t.t('offers.video')}
      src={videoSrc(offer.video, app.window.location.origin, offer.autoplay)}
      allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  ) : offer.image ? (
    <img className="la-offer__image" src={offer.image} alt="" />
  ) : null;
  // Which part the visitor clicked is metadata (§3 elementClicked); the controls do their own work.
  const clicked = (event: React.MouseEvent) => {
    const part = (event.target as Element).closest('[data-offer-part]')?.getAttribute('data-offer-part');
    if (part && part !== 'cta') controller.click(part);
  };
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- records which part was clicked; the controls inside have their own keys
    <div
      className={`la-offer la-offer--${offer.mode} la-offer--${offer.layout}`}
      part="offer"
      onPointerEnter={() => controller.hover(true)}
      onPointerLeave={() => controller.hover(false)}
      onClick={clicked}
    >
      {media ? (
        <div className="la-offer__media" part="media" data-offer-part={offer.video ? 'video' : 'image'}>
          {media}
        </div>
      ) : null}
      <div className="la-offer__text">
        {offer.headline ? (
          <h3 className="la-offer__headline" part="headline" data-offer-part="headline">
            {offer.headline}
          </h3>
        ) : null}
        {offer.body ? (
          <p className="la-offer__body" data-offer-part="body">
            {offer.body}
          </p>
        ) : null}
        {cta?.url ? (
          <a
            className="la-button la-button--primary la-offer__cta"
            part="cta"
            href={cta.url}
            target={cta.target}
            rel="noopener noreferrer"
            onClick={() => controller.cta()}
          >
            {ctaText}
          </a>
        ) : cta?.command ? (
          <button type="button" className="la-button la-button--primary la-offer__cta" part="cta" onClick={() => controller.cta()}>
            {ctaText}
          </button>
        ) : null}
        {seconds !== null ? (
          <p className={`la-offer__countdown${remaining! <= OFFER_COUNTDOWN_WARNING_MS ? ' la-offer__countdown--warning' : ''}`} part="countdown">
            {offer.countdownText ? offer.countdownText.replace('{seconds}', String(seconds)) : t.plural('offers.countdown', seconds)}
          </p>
        ) : null}
      </div>
      {/* The overlay draws its own 'Powered by'; the toaster does not. */}
      {offer.mode === 'toaster' ? <PoweredBy /> : null}
    </div>
  );
}

export default defineView('la-offer-view', OfferView, [sheet]);
