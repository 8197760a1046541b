import { useId, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup } from '../common/chrome.tsx';
import { AlertDialog, ConfirmDialog } from '../common/dialogs.tsx';
import { useEnvironment, useT, useView } from '../common/context.ts';
import type { Translator } from '../../src/app/i18n.ts';
import type { LaElement } from '../common/host.ts';
import type { CallUsActor } from '../../src/plugins/call-us/call-us.ts';
import { officeText } from '../common/office-text.ts';
import { canOfferCobrowse, selectOffice, telHref, type CallUsContact, type CallUsContext } from '../../machines/call-us.machine.ts';
import { fitFontSize, MAIN_NUMBER_MAX_PX } from './fit.ts';
import sheet from '../../styles/call-us.css' with { type: 'css' };

/** A number's label: its i18n key when the language pack has it, else its display name. */
function label(t: Translator, contact: CallUsContact): string {
  if (contact.i18n) {
    const text = t.t(contact.i18n);
    if (text !== contact.i18n) return text;
  }
  return contact.displayName ?? '';
}

const fitSheets = new WeakMap<LaElement, CSSStyleSheet>();

/** Sets `--la-callus-main-size` on the host through its own adopted sheet (no inline styles). */
function setMainSize(host: LaElement, px: number): void {
  let fit = fitSheets.get(host);
  if (!fit) {
    fit = new CSSStyleSheet();
    fitSheets.set(host, fit);
    host.adopt([fit]);
  }
  fit.replaceSync(`:host { --la-callus-main-size: ${px}px; }`);
}

/** Fits the main number to its line: measured at 36 px, then scaled down (whole px) to the line's width. */
function useFittedMainNumber(number: string | undefined) {
  const { host } = useView();
  const line = useRef<HTMLParagraphElement>(null);
  const link = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => {
    const box = line.current;
    if (!box || !link.current) return;
    const fit = () => {
      if (!link.current) return;
      setMainSize(host, MAIN_NUMBER_MAX_PX);
      setMainSize(host, fitFontSize(link.current.getBoundingClientRect().width, box.clientWidth));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, [host, number]);
  return { line, link };
}

/**
 * Whether the helpline is open now: 'Available' while the configured opening hours (and the server's
 * clock) say so, else 'Closed now' and when it opens; 'Available' as the spec's line without opening hours.
 */
function OfficeLine({ t, context, timeFormat }: { t: Translator; context: CallUsContext; timeFormat: 12 | 24 }) {
  const status = selectOffice(context);
  if (!status || !context.openingHours) return <p className="la-callus__available">{t.t('callus.available')}</p>;
  const text = officeText(t, status, context.openingHours, context.now, timeFormat);
  return (
    <p className={`la-callus__available${status.open ? '' : ' la-callus__available--closed'}`} part="office-status">
      {text.status}
      {text.opens ? (
        <>
          <br />
          {text.opens}
        </>
      ) : null}
    </p>
  );
}

function CallUsView({ controller: actor }: ViewProps<CallUsActor>) {
  const t = useT();
  const id = useId();
  const open = useSelector(actor, (s) => s.matches('open'));
  const dialog = useSelector(actor, (s) => s.hasTag('dialog'));
  const starting = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('alert'));
  const context = useSelector(actor, (s) => s.context);
  const { timeFormat } = useEnvironment();
  const [main, ...alternates] = open ? context.contacts : [];
  const { line, link } = useFittedMainNumber(main?.number);
  if (!open || !main) return null;
  const mainLabel = label(t, main);

  return (
    <div className="la-callus">
      <p ref={line} className="la-callus__main">
        {mainLabel ? (
          <span id={`${id}-main`} className="la-callus__label">
            {mainLabel}
          </span>
        ) : null}
        <a
          ref={link}
          part="number"
          className="la-callus__number la-callus__number--main"
          href={telHref(main.number)}
          aria-describedby={mainLabel ? `${id}-main` : undefined}
        >
          {main.number}
        </a>
      </p>
      {alternates.length ? (
        <section className="la-callus__section" aria-labelledby={`${id}-alt`}>
          <h3 id={`${id}-alt`} className="la-callus__heading">
            {t.t('callus.alternates')}
          </h3>
          <ul className="la-callus__alternates">
            {alternates.map((contact, index) => {
              const text = label(t, contact);
              return (
                <li key={`${contact.number}-${index}`}>
                  {text ? <span className="la-callus__label">{text}: </span> : null}
                  <a part="number" className="la-callus__number la-callus__number--alternate" href={telHref(contact.number)}>
                    {contact.number}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {context.hours.length ? (
        <section className="la-callus__section" aria-labelledby={`${id}-hours`}>
          <h3 id={`${id}-hours`} className="la-callus__heading">
            {t.t('callus.hours')}
          </h3>
          <ul className="la-callus__hours">
            {context.hours.map((hours, index) => (
              <li key={index}>{hours}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <OfficeLine t={t} context={context} timeFormat={timeFormat} />
      <div className="la-callus__footer">
        {canOfferCobrowse(context) ? (
          <p className="la-callus__cobrowse">
            <button type="button" className="la-callus__link" onClick={() => actor.send({ type: 'cobrowse.offer' })}>
              {t.t('callus.cobrowse')}
            </button>
          </p>
        ) : null}
        <ButtonGroup>
          <Button onClick={() => actor.send({ type: 'close' })}>{t.t('common.cancel')}</Button>
        </ButtonGroup>
      </div>
      {dialog ? (
        <ConfirmDialog
          role="dialog"
          title={t.t('callus.cobrowseTitle')}
          message={t.t('callus.cobrowseText')}
          cancelLabel={t.t('common.cancel')}
          confirmLabel={t.t('callus.startCobrowse')}
          busy={starting}
          onConfirm={() => actor.send({ type: 'dialog.confirm' })}
          onCancel={() => actor.send({ type: 'dialog.cancel' })}
        />
      ) : null}
      {failed ? (
        <AlertDialog title={t.t('callus.cobrowseTitle')} message={t.t('callus.cobrowseFailed')} onDismiss={() => actor.send({ type: 'alert.dismiss' })} />
      ) : null}
    </div>
  );
}

export default defineView('la-call-us-view', CallUsView, [sheet]);
