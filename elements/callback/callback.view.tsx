import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import type intlTelInput from 'intl-tel-input';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, LoadingScreen, Window } from '../common/chrome.tsx';
import { AlertDialog, ConfirmDialog } from '../common/dialogs.tsx';
import { TextArea, TextField } from '../common/fields.tsx';
import { useEnvironment, useT, useView } from '../common/context.ts';
import type { CallbackActor } from '../../src/plugins/callback/callback.ts';
import type { CallbackField, FieldError } from '../../machines/callback.machine.ts';
import { immediateAvailable, selectAsapMinutes, selectOffice, selectWaitMinutes } from '../../machines/callback.machine.ts';
import { officeText } from '../common/office-text.ts';
import { countryOf, type PhoneCountry } from '../../machines/phone.ts';
import { formatDateTime } from '../../src/app/clock.ts';
import type { Translator } from '../../src/app/i18n.ts';
import sheet from '../../styles/callback.css' with { type: 'css' };

const message = (t: Translator, error: FieldError | undefined): string | undefined => (error ? t.t(error.key, error.params) : undefined);

/** Typing rule of the phone field: digits and '+' only (editing keys pass). */
const phoneKey = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !/[\d+]/.test(event.key)) event.preventDefault();
};

/** The country picker's chunk (intl-tel-input and its sheet), imported once, when a phone field first starts it. */
type PhonePicker = typeof import('../common/phone-picker.ts');
let pickerChunk: Promise<PhonePicker> | undefined;
const loadPicker = () => {
  pickerChunk ??= import('../common/phone-picker.ts').catch((error: unknown) => {
    pickerChunk = undefined; // not fetched (offline): the field stays a plain phone input, asked again next time
    throw error;
  });
  return pickerChunk;
};

interface PhoneFieldProps {
  label: string;
  value: string;
  error: string | undefined;
  maxLength: number;
  countryCodes: boolean;
  /** The configured countries (`callback.countries`; this deployment: Poland only). */
  countries: readonly PhoneCountry[];
  onChange: (value: string) => void;
}

/** The phone number with intl-tel-input's country picker, limited to the configured countries. */
function PhoneField({ label, value, error, maxLength, countryCodes, countries, onChange }: PhoneFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<{ iti: ReturnType<typeof intlTelInput>; known: PhonePicker['knownCountry'] } | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const changed = useRef(onChange);
  changed.current = onChange;
  // Read when the picker starts; the effect follows `countryList`, their stable form.
  const latestCountries = useRef(countries);
  latestCountries.current = countries;
  const t = useT();
  const { lang } = useEnvironment();
  const { app } = useView();
  const countryList = countries.map((c) => c.iso2).join(',');
  const [plain, setPlain] = useState(false);
  // The flag shown is the country the machine's value names (its prefix).
  const shown = countryOf(value, countries)?.iso2;
  // Initialised once per language and country list: intl-tel-input wraps the input and draws the flag; the
  // dial code stays inside the input's value (no separate dial code), so the machine's '+48' is what the
  // visitor sees, and picking a country rewrites that prefix. Its chunk (elements/common/phone-picker.ts)
  // is imported, and it starts, when the browser is idle after the window's first frame: the form is
  // usable without it, and the open neither compiles nor runs its code nor parses its sheet (its start
  // alone builds markup, reads country names and measures its button, 15–30 ms at 4× CPU in a new tab).
  // The input keeps the flag's room meanwhile (`la-callback__tel--flagged`), and focus and caret if the
  // visitor is already in it.
  useEffect(() => {
    const el = input.current;
    if (!countryCodes || !el) return undefined;
    let iti: ReturnType<typeof intlTelInput> | undefined;
    const picked = () => changed.current(el.value);
    const start = ({ intlTelInput, itiSheet, knownCountry }: PhonePicker) => {
      const only = countryList
        .split(',')
        .map(knownCountry)
        .filter((iso2) => iso2 !== undefined);
      if (only.length === 0) return;
      const root = el.getRootNode() as Document | ShadowRoot;
      // Its sheet goes where it always stood, before the callback's own (which refines it).
      const sheets = root.adoptedStyleSheets;
      if (!sheets.includes(itiSheet)) {
        const at = sheets.indexOf(sheet);
        root.adoptedStyleSheets = at < 0 ? [...sheets, itiSheet] : [...sheets.slice(0, at), itiSheet, ...sheets.slice(at)];
      }
      const focused = root.activeElement === el;
      const { selectionStart, selectionEnd } = el;
      iti = intlTelInput(el, {
        onlyCountries: only,
        initialCountry: knownCountry(countryOf(latest.current, latestCountries.current)?.iso2) ?? only[0],
        countrySelectorMode: 'DROPDOWN',
        separateDialCode: false,
        showFlags: true,
        countrySearch: false,
        formatAsYouType: false,
        strictMode: false,
        countryNameLocale: lang,
        placeholderNumberPolicy: 'OFF',
        uiTranslations: {
          selectedCountryAriaLabel: `${t.t('callback.countryCode')}: \${countryName} (\${dialCode})`,
          noCountrySelected: t.t('callback.countryCode'),
          countryListAriaLabel: t.t('callback.countryList'),
        },
      });
      // The library may rewrite the value while it starts; the machine's value (prefix included) wins.
      el.value = latest.current;
      // It moves the input into its wrapper, which takes focus away: given back, with the caret.
      if (focused && root.activeElement !== el) {
        el.focus({ preventScroll: true });
        el.setSelectionRange(selectionStart, selectionEnd);
      }
      picker.current = { iti, known: knownCountry };
      // The value may have named another country while the chunk loaded: the flag follows it.
      const now = knownCountry(countryOf(latest.current, latestCountries.current)?.iso2);
      if (now && iti.getSelectedCountry()?.iso2 !== now) iti.setSelectedCountry(now);
      // A country picked in the list: intl-tel-input writes its dial code into the value itself, a write
      // React's onChange does not see, so the machine is told here.
      el.addEventListener('countrychange', picked);
    };
    // After the next frame, once the browser is idle: the open's own work and the visitor's input go first.
    // Its chunk not fetched (offline): the field stays a plain phone input without the flag's room, which
    // the form accepts as well.
    // Gone (the window closed, the language changed) before that: the frame and the idle callback are
    // cancelled, and a chunk still on its way starts nothing.
    const gone = new AbortController();
    const frame = requestAnimationFrame(
      () =>
        void app
          .idle(500, gone.signal)
          .then(() => loadPicker())
          .then(
            (chunk) => gone.signal.aborted || start(chunk),
            () => gone.signal.aborted || setPlain(true),
          ),
    );
    return () => {
      gone.abort();
      cancelAnimationFrame(frame);
      if (!iti) return;
      el.removeEventListener('countrychange', picked);
      picker.current = null;
      iti.destroy();
    };
  }, [countryCodes, countryList, t, lang, app]);
  // The machine changed the prefix (the visitor typed another country's dial code, or deleted into the
  // prefix): the flag follows.
  useLayoutEffect(() => {
    const current = picker.current;
    const known = current?.known(shown);
    if (current && known && current.iti.getSelectedCountry()?.iso2 !== known) current.iti.setSelectedCountry(known);
  }, [shown]);
  return (
    <div className={`la-field la-callback__phone${error ? ' la-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        <span className="la-field__required" aria-hidden="true">
          {' *'}
        </span>
        <span className="la-visually-hidden"> ({t.t('common.required')})</span>
      </label>
      <div className="la-callback__phone-box">
        <input
          ref={input}
          id={id}
          className={countryCodes && !plain ? 'la-callback__tel--flagged' : undefined}
          type="tel"
          name="phonenumber"
          inputMode="tel"
          autoComplete="tel"
          maxLength={maxLength}
          value={value}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onKeyDown={phoneKey}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {error ? (
        <span id={`${id}-error`} className="la-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The queue's wait in minutes; the machine's `selectWaitMinutes` decides whether it is shown. */
function WaitRow({ minutes }: { minutes: number | null }) {
  const t = useT();
  if (minutes === null) return null;
  return (
    <p className="la-callback__wait" role="status">
      {t.t('callback.waitTime', { minutes: t.plural('stats.waitMinutes', minutes) })}
    </p>
  );
}

function CallbackView({ controller: actor }: ViewProps<CallbackActor>) {
  const t = useT();
  const env = useEnvironment();
  const { app } = useView();
  const snapshot = useSelector(actor, (s) => s);
  const confirmationClose = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const idBase = useId();
  // A refused submit moves focus to the first invalid field (its error is read with it), as send-message does:
  // once the submit's outcome is known (a submit before the number's check has loaded waits for it, busy).
  const [submits, setSubmits] = useState(0);
  const refusalPending = useRef(false);
  // The calendar's code is loaded after the form's open (src/plugins/callback/callback.ts): when it cannot be
  // (offline), the time field says so instead of doing nothing. The browser keeps a module that failed to
  // fetch as failed for the page's life, so the message asks for a reload; ASAP and the form stay usable.
  const [calendarFailed, setCalendarFailed] = useState(false);
  const waiting = snapshot.hasTag('busy');
  const refused = snapshot.hasTag('editing');
  useEffect(() => {
    if (!refusalPending.current || waiting) return;
    refusalPending.current = false;
    // Back to the form: refused by validation. Booked or failed (its own view or alert): focus is theirs.
    if (refused) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits, waiting, refused]);

  // The confirmation replaces the form (and the focused submit button): focus moves to its Close button
  // so a keyboard or screen-reader user is not left on the page's <body>.
  const scheduled = snapshot.hasTag('completed');
  useEffect(() => {
    if (scheduled) confirmationClose.current?.focus();
  }, [scheduled]);

  if (snapshot.matches('closed')) return null;
  const context = snapshot.context;
  const { values, errors, settings, schedule } = context;
  const busy = snapshot.hasTag('busy');
  const change = (field: CallbackField) => (event: { target: { value: string } }) => actor.send({ type: 'form.change', field, value: event.target.value });
  // The calendar is a page-level modal: on closing it gives focus back to this field (elements/common/modal.ts).
  const openCalendar = () => {
    setCalendarFailed(false);
    app.bus.load('Calendar').then(
      () =>
        app.bus
          .command('Calendar.open', context.desiredTime ? { date: context.desiredTime, time: context.desiredTime } : undefined, { commander: 'Callback' })
          .catch(() => undefined),
      () => setCalendarFailed(true),
    );
  };
  const protection = settings.dataProtection;
  const asapOffered = immediateAvailable(context);
  // Out of hours: a line saying so and when the office opens (ASAP is off and a date pre-selected).
  const office = selectOffice(context);
  const officeLine =
    office && !office.open && settings.openingHours
      ? [
          t.t(settings.scheduledCallback ? 'callback.officeClosed' : 'callus.closedNow'),
          officeText(t, office, settings.openingHours, context.now, env.timeFormat).opens,
        ]
          .filter(Boolean)
          .join(' ')
      : null;
  const asapMinutes = selectAsapMinutes(snapshot);
  const failureText = (() => {
    const failure = context.failure;
    if (!failure) return '';
    if (failure.message) return failure.message;
    // Too many requests: the full slot and the free ones the server proposes, in local time (12/24 h as configured).
    const local = (time: string) => formatDateTime(new Date(time), env.lang, env.timeFormat);
    return [
      t.t(`callback.error.${failure.code}`),
      failure.slot ? t.t('callback.error.slotFull', { time: local(failure.slot) }) : '',
      failure.times?.length ? t.t('callback.error.proposals', { times: failure.times.map(local).join(', ') }) : '',
    ]
      .filter(Boolean)
      .join(' ');
  })();
  const retryable = snapshot.can({ type: 'retry' });

  return (
    <Window
      title={t.t('callback.title')}
      channel="Callback"
      autoFocus={!context.report.proactive}
      minimized={context.minimized}
      onMinimize={() => actor.send({ type: context.minimized ? 'restore' : 'minimize' })}
      onClose={() => actor.send({ type: 'close' })}
    >
      {/* The confirmation's live region is in place before its text arrives, so the text is announced. */}
      <div className={scheduled ? 'la-callback__confirmation cx-confirmation' : undefined}>
        <div role="status">{scheduled ? <p>{t.t('callback.confirmation', { number: values.phonenumber })}</p> : null}</div>
        {scheduled ? (
          <ButtonGroup variant="primary">
            <Button ref={confirmationClose} variant="primary" onClick={() => actor.send({ type: 'close' })}>
              {t.t('common.close')}
            </Button>
          </ButtonGroup>
        ) : null}
      </div>
      {scheduled ? null : (
        <form
          ref={formRef}
          className="la-callback__form cx-form"
          noValidate
          aria-busy={busy || undefined}
          onKeyDown={() => {
            if (snapshot.can({ type: 'form.keydown' })) actor.send({ type: 'form.keydown' });
          }}
          onSubmit={(event) => {
            event.preventDefault();
            refusalPending.current = true;
            actor.send({ type: 'form.submit' });
            setSubmits((n) => n + 1);
          }}
        >
          <fieldset className="la-callback__fields" disabled={busy}>
            <legend className="la-visually-hidden">{t.t('callback.title')}</legend>
            <TextField
              label={t.t('callback.firstname')}
              name="firstname"
              autoComplete="given-name"
              required
              maxLength={settings.maxLength.firstname}
              value={values.firstname}
              error={message(t, errors.firstname)}
              onChange={change('firstname')}
            />
            <TextField
              label={t.t('callback.lastname')}
              name="lastname"
              autoComplete="family-name"
              maxLength={settings.maxLength.lastname}
              value={values.lastname}
              error={message(t, errors.lastname)}
              onChange={change('lastname')}
            />
            <PhoneField
              label={t.t('callback.phonenumber')}
              value={values.phonenumber}
              error={message(t, errors.phonenumber)}
              maxLength={settings.maxLength.phonenumber}
              countryCodes={settings.countryCodes}
              countries={settings.countries}
              onChange={(value) => actor.send({ type: 'form.change', field: 'phonenumber', value })}
            />
            <TextArea
              label={t.t('callback.subject')}
              name="subject"
              rows={3}
              required
              maxLength={settings.maxLength.subject}
              value={values.subject}
              error={message(t, errors.subject)}
              onChange={change('subject')}
            />
            {officeLine ? (
              <p className="la-callback__office" id={`${idBase}-office`}>
                {officeLine}
              </p>
            ) : null}
            {!settings.scheduledCallback && errors.desiredTime ? (
              <span className="la-field__error" role="alert">
                {message(t, errors.desiredTime)}
              </span>
            ) : null}
            {settings.scheduledCallback ? (
              <>
                <fieldset className="la-callback__schedule">
                  <legend className="la-callback__label">{t.t('callback.schedule')}</legend>
                  {settings.immediateCallback ? (
                    <label className="la-callback__choice">
                      <input
                        type="radio"
                        name="schedule"
                        value="asap"
                        checked={schedule === 'asap'}
                        disabled={!asapOffered}
                        aria-describedby={officeLine ? `${idBase}-office` : undefined}
                        onChange={() => actor.send({ type: 'schedule.asap' })}
                      />
                      {/* One text block, so the label and its note wrap together beside the radio button. */}
                      <span>
                        {t.t('callback.asap')}
                        {asapMinutes !== null ? (
                          <span className="la-callback__note"> {t.t('callback.asapNote', { minutes: t.plural('callback.asapMinutes', asapMinutes) })}</span>
                        ) : null}
                      </span>
                    </label>
                  ) : null}
                  <label className="la-callback__choice">
                    <input type="radio" name="schedule" value="pick" checked={schedule === 'pick'} onChange={() => actor.send({ type: 'schedule.pick' })} />
                    <span>{t.t('callback.pick')}</span>
                  </label>
                  {schedule === 'asap' && errors.desiredTime ? (
                    <span className="la-field__error" role="alert">
                      {message(t, errors.desiredTime)}
                    </span>
                  ) : null}
                </fieldset>
                {schedule === 'pick' ? (
                  <div className={`la-field${errors.desiredTime ? ' la-field--invalid' : ''}`}>
                    <label htmlFor={`${idBase}-time`}>{t.t('callback.dateTime')}</label>
                    <input
                      id={`${idBase}-time`}
                      name="desiredtime"
                      readOnly
                      aria-haspopup="dialog"
                      placeholder={t.t('callback.chooseTime')}
                      value={context.desiredTime ? formatDateTime(new Date(context.desiredTime), env.lang, env.timeFormat) : ''}
                      aria-invalid={errors.desiredTime ? true : undefined}
                      aria-describedby={errors.desiredTime ? `${idBase}-time-error` : undefined}
                      onClick={openCalendar}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
                          event.preventDefault();
                          openCalendar();
                        }
                      }}
                    />
                    {errors.desiredTime ? (
                      <span id={`${idBase}-time-error`} className="la-field__error">
                        {message(t, errors.desiredTime)}
                      </span>
                    ) : null}
                    {calendarFailed ? (
                      <span className="la-field__error" role="alert">
                        {t.t('calendar.loadError')}
                      </span>
                    ) : null}
                  </div>
                ) : null}
              </>
            ) : null}
            <WaitRow minutes={selectWaitMinutes(snapshot)} />
            {protection ? (
              <p className="la-callback__privacy">
                {t.t('callback.dataProtection', { controller: protection.controller, purpose: protection.purpose })}{' '}
                {protection.pdf ? (
                  <a href={protection.pdf} target="_blank" rel="noopener noreferrer">
                    {t.t('callback.dataProtectionLink')}
                  </a>
                ) : null}
              </p>
            ) : null}
            <ButtonGroup variant="binary">
              <Button onClick={() => actor.send({ type: 'close' })}>{t.t('common.cancel')}</Button>
              <Button type="submit" variant="primary">
                {t.t('common.confirm')}
              </Button>
            </ButtonGroup>
          </fieldset>
          {busy ? <LoadingScreen /> : null}
        </form>
      )}
      {snapshot.hasTag('alert') ? (
        <AlertDialog
          title={t.t(context.failure?.code === 'timeout' ? 'callback.unconfirmedTitle' : 'common.error')}
          message={failureText}
          okLabel={t.t('common.okay')}
          onDismiss={() => actor.send({ type: 'alert.dismiss' })}
          onRetry={retryable ? () => actor.send({ type: 'retry' }) : undefined}
          fallbackFocus={() => formRef.current?.querySelector<HTMLElement>('button[type=submit]')}
        />
      ) : null}
      {snapshot.hasTag('confirmingClose') ? (
        <ConfirmDialog
          title={t.t('callback.closeTitle')}
          message={t.t('callback.closeConfirm')}
          onConfirm={() => actor.send({ type: 'close.confirm' })}
          onCancel={() => actor.send({ type: 'close.cancel' })}
        />
      ) : null}
    </Window>
  );
}

export default defineView('la-callback-view', CallbackView, [sheet]);
