import { useId, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { DateTime } from 'luxon';
import { defineView, type ViewProps } from '../common/define-view.tsx';
import { Button, ButtonGroup, LoadingScreen, useWidgetClass } from '../common/chrome.tsx';
import { useEnvironment, useT, useView } from '../common/context.ts';
import { AlertDialog } from '../common/dialogs.tsx';
import { useRovingFocus } from '../common/keyboard.ts';
import { otherElements, useModal } from '../common/modal.ts';
import type { CalendarActor } from '../../src/plugins/calendar/calendar.ts';
import { enabledPeriods, selectDays, selectSlots } from '../../machines/calendar.machine.ts';
import { formatDate, formatDayLabel, formatTime } from '../../src/app/datetime.ts';
import sheet from '../../styles/calendar.css' with { type: 'css' };

/** The date picker's buttons (WAI-ARIA date picker pattern): the enabled ones, one Tab stop, shown whole. */
const BUTTONS = { selector: 'button:not([disabled])', edges: true, tabStop: true, reveal: true } as const;

function CalendarView({ controller: actor }: ViewProps<CalendarActor>) {
  const { app } = useView();
  const t = useT();
  const env = useEnvironment();
  const snapshot = useSelector(actor, (s) => s);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const looks = useWidgetClass();
  const open = !snapshot.matches('closed');
  const dayKeys = useRovingFocus({ ...BUTTONS, next: ['ArrowRight', 'ArrowDown'], previous: ['ArrowLeft', 'ArrowUp'] });
  // The times are a grid: four a row, one on a phone.
  const slotKeys = useRovingFocus({ ...BUTTONS, next: ['ArrowRight'], previous: ['ArrowLeft'], rowSize: env.mobile ? 1 : 4 });

  // A page-level modal (elements/common/modal.ts): focus starts on the roving day, Tab stays inside, our
  // other elements (the callback window that opened it) are inert, Escape closes, focus goes back.
  useModal(dialog, open, {
    inert: (container) => otherElements(container, app.elements),
    initialFocus: () => dialog.current?.querySelector<HTMLButtonElement>('.la-calendar__day[tabindex="0"]'),
    onEscape: () => actor.send({ type: 'close' }),
  });

  if (!open) return null;
  // Days, slots and the clock that decides which slots are over come from the machine (machines/calendar-slots.ts).
  const { config, day, time, period, now } = snapshot.context;
  const loading = snapshot.hasTag('busy');
  const failed = snapshot.hasTag('alert');
  const timeFormat = config.timeFormat ?? env.timeFormat;
  const days = selectDays(snapshot);
  const chosenDay = day ? DateTime.fromISO(day) : null;
  const periods = enabledPeriods(config);
  const list = selectSlots(snapshot);
  const focusSlot = list.find((s) => s.iso === time && s.open) ?? list.find((s) => s.open);
  const close = () => actor.send({ type: 'close' });
  const selectedDayIndex = chosenDay ? days.findIndex((d) => d.hasSame(chosenDay, 'day')) : -1;

  return (
    <div className="la-calendar__backdrop">
      <div ref={dialog} className={`la-calendar la-surface ${looks}`} role="dialog" aria-modal="true" aria-labelledby={titleId} part="window" tabIndex={-1}>
        <header className="la-titlebar cx-titlebar">
          <div className="la-titlebar__text">
            <h2 id={titleId} className="la-titlebar__title cx-title">
              {t.t('calendar.title')}
            </h2>
          </div>
          <button type="button" className="la-icon-button" aria-label={t.t('common.closeWindow', { title: t.t('calendar.title') })} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <p className="la-calendar__prompt">{t.t('calendar.prompt')}</p>
        <div className="la-calendar__body">
          <div className="la-calendar__days" role="group" aria-label={t.t('calendar.days')} aria-busy={loading || undefined} onKeyDown={dayKeys}>
            {days.map((d, i) => {
              const chosen = i === selectedDayIndex;
              return (
                <button
                  key={d.toISODate()}
                  type="button"
                  className={`la-calendar__day la-choice${chosen ? ' la-calendar__day--chosen' : ''}`}
                  aria-pressed={chosen}
                  aria-disabled={loading || undefined}
                  tabIndex={i === (selectedDayIndex < 0 ? 0 : selectedDayIndex) ? 0 : -1}
                  onClick={() => {
                    if (!loading) actor.send({ type: 'day.select', day: d.startOf('day').toISO()! });
                  }}
                >
                  <span className="la-calendar__day-label">{formatDayLabel(d, t, DateTime.fromMillis(now))}</span>
                  <span className="la-calendar__day-date">{formatDate(d, env.lang)}</span>
                </button>
              );
            })}
          </div>
          <div className="la-calendar__times">
            {periods.length > 1 ? (
              <div className="la-calendar__tabs" role="group" aria-label={t.t('calendar.periods')}>
                {periods.map((p) => (
                  <button
                    key={p}
                    type="button"
                    className={`la-calendar__tab${p === period ? ' la-calendar__tab--chosen' : ''}`}
                    aria-pressed={p === period}
                    disabled={loading || failed}
                    onClick={() => actor.send({ type: 'period.select', period: p })}
                  >
                    {t.t(`calendar.${p}`)}
                  </button>
                ))}
              </div>
            ) : null}
            {loading ? <LoadingScreen /> : null}
            {!chosenDay && !loading ? <p className="la-calendar__hint">{t.t('calendar.chooseDay')}</p> : null}
            {chosenDay && !loading && !failed ? (
              list.length ? (
                <div
                  className="la-calendar__slots"
                  role="group"
                  aria-label={t.t('calendar.times', { day: formatDate(chosenDay, env.lang) })}
                  onKeyDown={slotKeys}
                >
                  {list.map((slot) => {
                    const chosen = slot.iso === time;
                    return (
                      <button
                        key={slot.iso}
                        type="button"
                        className={`la-calendar__slot${chosen ? ' la-calendar__slot--chosen' : ''}`}
                        aria-pressed={chosen}
                        disabled={!slot.open}
                        tabIndex={slot === focusSlot ? 0 : -1}
                        onClick={() => actor.send({ type: 'slot.select', time: slot.iso })}
                      >
                        {formatTime(slot.at, env.lang, timeFormat)}
                      </button>
                    );
                  })}
                </div>
              ) : (
                <p className="la-calendar__hint">{t.t('calendar.noSlots')}</p>
              )
            ) : null}
          </div>
        </div>
        <ButtonGroup variant="binary">
          <Button onClick={close}>{t.t('common.cancel')}</Button>
          <Button variant="primary" disabled={!time} onClick={close}>
            {t.t('common.okay')}
          </Button>
        </ButtonGroup>
        {failed ? (
          <AlertDialog
            title={t.t('common.error')}
            message={t.t('calendar.error')}
            okLabel={t.t('calendar.ok')}
            onDismiss={() => actor.send({ type: 'alert.dismiss' })}
          />
        ) : null}
      </div>
    </div>
  );
}

export default defineView('la-calendar-view', CalendarView, [sheet]);
