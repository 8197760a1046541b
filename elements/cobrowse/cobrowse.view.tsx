import { useEffect, useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, Smokescreen, useWidgetClass } from '../common/chrome.tsx';
import { useT } from '../common/context.ts';
import { useModal } from '../common/modal.ts';
import type { CobrowseActor } from '../../src/plugins/cobrowse/cobrowse.ts';
import sheet from '../../styles/cobrowse.css' with { type: 'css' };

/** The token as the visitor reads it to the agent: three groups of three digits. */
const spaced = (token: string) => token.replace(/(\d{3})(?=\d)/g, '$1 ');

function CobrowseView({ controller: actor }: ViewProps<CobrowseActor>) {
  const t = useT();
  const looks = useWidgetClass();
  const asking = useSelector(actor, (s) => s.hasTag('dialog'));
  const starting = useSelector(actor, (s) => s.hasTag('busy'));
  const on = useSelector(actor, (s) => s.hasTag('bar'));
  const token = useSelector(actor, (s) => s.context.token);
  const reason = useSelector(actor, (s) => s.context.reason);
  // Where focus was before it came to the bar: Stop gives it back there (the bar goes away).
  const back = useRef<HTMLElement | null>(null);
  const announced = useRef(false);
  const dialog = useRef<HTMLDivElement>(null);
  const id = useId();
  const cancel = () => actor.send({ type: 'consent.cancel' });
  useModal(dialog, asking, { onEscape: cancel });
  useEffect(() => {
    if (on) announced.current = true;
  }, [on]);

  const ended =
    !on && !starting && announced.current && reason && reason !== 'visitor' ? t.t(reason === 'agent' ? 'cobrowse.endedByAgent' : 'cobrowse.ended') : '';
  return (
    <div className={`la-cobrowse ${looks}`}>
      {/* One polite status line, present before it speaks, so a screen reader hears start and end. */}
      <p className="la-cobrowse__status" role="status">
        {on ? t.t('cobrowse.on') : ended}
      </p>
      {on || starting ? (
        <section
          className="la-cobrowse__bar"
          part="bar"
          aria-label={t.t('cobrowse.title')}
          onFocus={(event) => {
            const from = event.relatedTarget;
            if (from instanceof HTMLElement && !event.currentTarget.contains(from)) back.current = from;
          }}
        >
          <span className="la-cobrowse__dot" aria-hidden="true" />
          <span>{on ? t.t('cobrowse.on') : t.t('cobrowse.starting')}</span>
          {token ? <span className="la-cobrowse__code">{t.t('cobrowse.code', { token: spaced(token) })}</span> : null}
          <button
            type="button"
            className="la-cobrowse__stop"
            part="stop"
            onClick={() => {
              actor.send({ type: 'stop' });
              const target = back.current;
              back.current = null;
              if (target?.isConnected) target.focus();
            }}
          >
            {t.t('cobrowse.stop')}
          </button>
        </section>
      ) : null}
      {asking ? (
        <div className="la-cobrowse__layer">
          <Smokescreen>
            {/* Modal to the whole page (a start may come from the page's own script): focus moves to Cancel,
                Tab stays inside, Escape cancels, and focus goes back where it was. */}
            <div ref={dialog} className="la-dialog cx-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-t`} aria-describedby={`${id}-m`}>
              <h3 id={`${id}-t`} className="la-dialog__title">
                {t.t('cobrowse.title')}
              </h3>
              <p id={`${id}-m`} className="la-dialog__message">
                {t.t('cobrowse.warning')}
              </p>
              <ButtonGroup variant="binary">
                <Button onClick={cancel}>{t.t('common.cancel')}</Button>
                <Button variant="primary" onClick={() => actor.send({ type: 'consent.accept' })}>
                  {t.t('cobrowse.start')}
                </Button>
              </ButtonGroup>
            </div>
          </Smokescreen>
        </div>
      ) : null}
    </div>
  );
}

export default defineView('la-cobrowse-view', CobrowseView, [sheet]);
