import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { DateTime } from 'luxon';
import type { App } from '../app/app.ts';
import { calendarMachine, calendarMessages, readCalendarConfig, type CalendarConfig } from '../../machines/calendar.machine.ts';
import { formatDate, formatDayLabel, formatTime } from '../app/datetime.ts';
import { v } from '../app/section.ts';

/** A service plugin's `availability` answer: slot start (ISO) → remaining capacity. */
const availabilitySchema = v.record(v.string(), v.number());

/** The calendar selection (contact-widgets.md §3). */
export interface CalendarSelection {
  dateString: string;
  dayString: string;
  timeString: string;
  /** ISO date-time of the chosen slot. */
  date: string;
}

export type CalendarActor = ActorRefFrom<typeof calendarMachine>;

/** The section, falling back to the app's time format when it names none. */
function configFrom(app: App, section: Record<string, unknown>): { config?: CalendarConfig; error?: string } {
  return readCalendarConfig({ timeFormat: app.config.main.timeFormat, ...section });
}

/**
 * The Calendar plugin: owns the calendar's actor, asks the callback service plugin (`servicePlugin`,
 * default CallbackService) for a day's availability, and publishes the chosen slot as
 * `Calendar.selected`. The `<la-calendar>` element is appended to the page when it opens.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Calendar');
  const initial = configFrom(app, { showAvailability: true, ...app.section('calendar') });
  if (initial.error) console.error(`[live-assist] calendar: ${initial.error}`);

  // The service plugin is configuration (`servicePlugin`), so the command goes through the bus's
  // untyped entry and its answer is checked before the machine sees it.
  const availability = async (day: string, config: CalendarConfig) => {
    const start = DateTime.fromISO(day);
    const startDate = config.convertToUTC ? start.toUTC().toISO()! : start.toISODate()!;
    const answer = await app.bus.commandByName(`${config.servicePlugin}.availability`, { startDate, numberOfDays: 1 }, { commander: 'Calendar' });
    const checked = v.safeParse(availabilitySchema, answer);
    if (!checked.success) throw new Error(calendarMessages.invalidData);
    return checked.output;
  };

  const actor: CalendarActor = createActor(
    calendarMachine.provide({
      actors: { fetchAvailability: fromPromise(({ input }) => availability(input.day, input.config)) },
    }),
    { input: initial.config ? { config: initial.config } : {} },
  ).start();

  actor.on('*', (event) => {
    if (event.type === 'opened') {
      app.ensureElement('la-calendar');
      plugin.publish('opened', undefined);
    } else if (event.type === 'closed') {
      plugin.publish('closed', undefined);
    } else if (event.type === 'availabilityError') {
      plugin.publish('availabilityError', { message: event.message });
    } else if (event.type === 'selected') {
      const { lang, timeFormat } = app.environment.value;
      const at = DateTime.fromISO(event.time);
      plugin.publish('selected', {
        dateString: formatDate(at, lang),
        dayString: formatDayLabel(at, app.t),
        timeString: formatTime(at, lang, actor.getSnapshot().context.config.timeFormat ?? timeFormat),
        date: at.toUTC().toISO()!,
      });
    }
  });

  plugin.registerCommand('open', (options) => {
    const date = options && typeof options === 'object' ? options.date : undefined;
    const time = options && typeof options === 'object' ? options.time : undefined;
    let day: string | null = null;
    if (date !== undefined && date !== '') {
      const parsed = DateTime.fromISO(String(date));
      if (!parsed.isValid) throw new Error(calendarMessages.invalidData);
      day = parsed.startOf('day').toISO();
    }
    if (!actor.getSnapshot().can({ type: 'open', start: '' })) throw new Error(calendarMessages.alreadyOpened);
    actor.send({ type: 'open', start: DateTime.now().startOf('day').toISO()!, day, time: time ?? null });
  });
  plugin.registerCommand('close', () => {
    if (!actor.getSnapshot().can({ type: 'close' })) throw new Error(calendarMessages.alreadyClosed);
    actor.send({ type: 'close' });
  });
  plugin.registerCommand('configure', (options) => {
    const { config, error } = configFrom(app, options && typeof options === 'object' && Object.keys(options).length ? { ...actor.getSnapshot().context.config, ...options } : {});
    if (!options || typeof options !== 'object' || Object.keys(options).length === 0) throw new Error(calendarMessages.noConfiguration);
    if (error || !config) throw new Error(error);
    actor.send({ type: 'configure', config });
  });
  plugin.registerCommand('getAvailability', (options) => {
    const date = options && typeof options === 'object' ? options.date : undefined;
    if (date === undefined || date === null || date === '') throw new Error(calendarMessages.noDate);
    const parsed = DateTime.fromISO(String(date));
    if (!parsed.isValid) throw new Error(calendarMessages.invalidDate);
    return availability(parsed.startOf('day').toISO()!, actor.getSnapshot().context.config);
  });
  app.bus.subscribe('App.closeAll', () => {
    if (actor.getSnapshot().can({ type: 'close' })) actor.send({ type: 'close' });
  });

  app.provide('Calendar', actor);
  plugin.ready();
}
