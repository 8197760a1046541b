import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, LoadingScreen, Window } from '../common/chrome.tsx';
import { AlertDialog, ConfirmDialog } from '../common/dialogs.tsx';
import { TextField } from '../common/fields.tsx';
import { useEnvironment, useT, useView } from '../common/context.ts';
import { useDragOffset, useTitleBarMove } from '../common/drag.ts';
import type { ClickToCallActor } from '../../src/plugins/click-to-call/click-to-call.ts';
import { selectCallWaitMinutes, selectCountdown, type ClickToCallField, type ClickToCallFieldError } from '../../machines/click-to-call.machine.ts';
import type { Translator } from '../../src/app/i18n.ts';
import sheet from '../../styles/click-to-call.css' with { type: 'css' };

const message = (t: Translator, error: ClickToCallFieldError | undefined): string | undefined => (error ? t.t(error.key, error.params) : undefined);

/** Typing rule of the phone field (§5): digits and '+' only (editing keys and shortcuts pass). */
const phoneKey = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !/[\d+]/.test(event.key)) event.preventDefault();
};

/** 1:05, 0:09. */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

function ClickToCallView({ controller: actor }: ViewProps<ClickToCallActor>) {
  const t = useT();
  const env = useEnvironment();
  const { host } = useView();
  const snapshot = useSelector(actor, (s) => s);
  const formRef = useRef<HTMLFormElement>(null);
  const dialRef = useRef<HTMLAnchorElement>(null);
  const [submits, setSubmits] = useState(0);
  const refusalPending = useRef(false);
  // The visitor asked for the number here (a submit, 'Request a new number'): focus goes to it when it comes.
  const asked = useRef(false);
  const closed = snapshot.matches('closed');
  const minimized = snapshot.context.minimized;
  const moveHint = useRef<HTMLParagraphElement>(null);
  const movable = !closed && !env.mobile && !minimized;
  const { moveTo, reset } = useDragOffset(host, moveHint, movable);
  useTitleBarMove(moveHint, movable, moveTo, reset);

  const busy = snapshot.hasTag('busy');
  const editing = snapshot.hasTag('editing');
  // A refused submit moves focus to the first invalid field (its error is read with it).
  useEffect(() => {
    if (!refusalPending.current || busy) return;
    refusalPending.current = false;
    if (editing) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits, busy, editing]);
  // The number replaces the form (and the focused submit button): focus moves to its 'Dial in now' link.
  // A window the app reopened on a new page shows its number without taking the page's focus.
  const display = snapshot.hasTag('display');
  const quiet = snapshot.context.quiet;
  useEffect(() => {
    if (!display || minimized || (quiet && !asked.current)) return;
    asked.current = false;
    dialRef.current?.focus();
  }, [display, minimized, quiet]);

  if (closed) return null;
  const { context } = snapshot;
  const { values, errors, settings, failure } = context;
  const change = (field: ClickToCallField) => (event: { target: { value: string } }) => actor.send({ type: 'form.change', field, value: event.target.value });
  const countdown = selectCountdown(snapshot);
  const waitMinutes = selectCallWaitMinutes(snapshot);
  const number = context.number;
  const firstField = () => formRef.current?.querySelector<HTMLElement>('input');

  return (
    <Window
      title={t.t('clicktocall.title')}
      channel="ClickToCall"
      autoFocus={!context.quiet}
      minimized={minimized}
      onMinimize={() => actor.send({ type: minimized ? 'restore' : 'minimize' })}
      onClose={() => actor.send({ type: 'close' })}
    >
      <p ref={moveHint} className="la-visually-hidden">
        {t.t('common.moveHint')}
      </p>
      {display && number ? (
        <div className="la-c2c__display">
          <p className="la-c2c__intro">{t.t('clicktocall.displayIntro')}</p>
          <a ref={dialRef} className="la-c2c__dial" href={number.telHref}>
            <span className="la-c2c__label">{t.t('clicktocall.dialNow')}</span> <span className="la-c2c__number">{number.number}</span>
          </a>
          {number.code ? (
            <p className="la-c2c__code">
              <span className="la-c2c__label">{t.t('clicktocall.accessCode')}</span> <strong>{number.code}</strong>
            </p>
          ) : null}
          {settings.enableCountdown && countdown ? (
            <p className={`la-c2c__countdown${countdown.warning ? ' la-c2c__countdown--warning' : ''}`} role="timer">
              {t.t('clicktocall.expiresIn')} <strong>{clock(countdown.seconds)}</strong>
            </p>
          ) : null}
          {/* Said once as the warning time starts (the timer itself is not announced every second). */}
          <p className="la-visually-hidden" role="status">
            {countdown?.warning ? t.t('clicktocall.expiresSoon') : ''}
          </p>
          <ButtonGroup variant="primary">
            <Button variant="primary" onClick={() => actor.send({ type: 'close' })}>
              {t.t('common.close')}
            </Button>
          </ButtonGroup>
        </div>
      ) : (
        <form
          ref={formRef}
          className="la-c2c__form cx-form"
          noValidate
          aria-busy={busy || undefined}
          onKeyDown={() => {
            if (snapshot.can({ type: 'form.keydown' })) actor.send({ type: 'form.keydown' });
          }}
          onSubmit={(event) => {
            event.preventDefault();
            refusalPending.current = true;
            asked.current = true;
            actor.send({ type: 'form.submit' });
            setSubmits((n) => n + 1);
          }}
        >
          <fieldset className="la-c2c__fields" disabled={busy}>
            <legend className="la-visually-hidden">{t.t('clicktocall.title')}</legend>
            <TextField
              label={t.t('clicktocall.firstname')}
              name="firstname"
              autoComplete="given-name"
              required={settings.required.firstname}
              maxLength={settings.maxLength.firstname}
              value={values.firstname}
              error={message(t, errors.firstname)}
              onChange={change('firstname')}
            />
            <TextField
              label={t.t('clicktocall.lastname')}
              name="lastname"
              autoComplete="family-name"
              maxLength={settings.maxLength.lastname}
              value={values.lastname}
              error={message(t, errors.lastname)}
              onChange={change('lastname')}
            />
            <TextField
              label={t.t('clicktocall.phonenumber')}
              name="phonenumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              maxLength={settings.maxLength.phonenumber}
              value={values.phonenumber}
              error={message(t, errors.phonenumber)}
              onKeyDown={phoneKey}
              onChange={change('phonenumber')}
            />
            {waitMinutes !== null ? (
              <p className="la-c2c__wait" role="status">
                {t.t('clicktocall.waitTime', { minutes: t.plural('stats.waitMinutes', waitMinutes) })}
              </p>
            ) : null}
            <ButtonGroup variant="binary">
              <Button onClick={() => actor.send({ type: 'close' })}>{t.t('common.cancel')}</Button>
              <Button type="submit" variant="primary">
                {t.t('clicktocall.request')}
              </Button>
            </ButtonGroup>
          </fieldset>
          {busy ? <LoadingScreen /> : null}
        </form>
      )}
      {snapshot.hasTag('alert') ? (
        <AlertDialog
          title={t.t(failure?.kind === 'refused' ? 'clicktocall.invalidTitle' : 'common.error')}
          message={failure?.kind === 'refused' && failure.message ? failure.message : t.t('clicktocall.error.networkFail')}
          okLabel={t.t('common.ok')}
          onDismiss={() => actor.send({ type: 'alert.dismiss' })}
          fallbackFocus={() => formRef.current?.querySelector<HTMLElement>(failure?.kind === 'refused' ? '[name=phonenumber]' : 'button[type=submit]')}
        />
      ) : null}
      {snapshot.hasTag('expired') ? (
        <AlertDialog
          title={t.t('clicktocall.expiredTitle')}
          message={t.t('clicktocall.expired')}
          okLabel={t.t('clicktocall.requestNew')}
          onDismiss={() => {
            asked.current = true;
            actor.send({ type: 'dialog.confirm' });
          }}
          fallbackFocus={firstField}
        />
      ) : null}
      {snapshot.hasTag('confirmingClose') ? (
        <ConfirmDialog
          title={t.t('clicktocall.closeTitle')}
          message={t.t('clicktocall.closeConfirm')}
          onConfirm={() => actor.send({ type: 'close.confirm' })}
          onCancel={() => actor.send({ type: 'close.cancel' })}
        />
      ) : null}
    </Window>
  );
}

export default defineView('la-click-to-call-view', ClickToCallView, [sheet]);
