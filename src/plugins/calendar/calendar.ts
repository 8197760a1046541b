import { createActor, fromPromise } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import { DateTime } from 'luxon';
import type { App } from '../../app/app.ts';
import {
  calendarMachine,
  calendarMessages,
  defaultCalendarConfig,
  parseHhMm,
  type CalendarConfig,
  type Period,
  type PeriodHours,
} from '../../../machines/calendar.machine.ts';
import { formatDate, formatDayLabel, formatTime } from '../../app/datetime.ts';
import { flag, number, readSection, seconds, v, type SectionOf } from '../../app/section.ts';

/** A service plugin's `availability` answer: slot start (ISO) → remaining capacity. */
const availabilitySchema = v.record(v.string(), v.number());
/** The most days the calendar lists (`calendar.numberOfDays`): each is a row and an availability request. */
export const MAX_DAYS = 14;

/** The calendar selection (contact-widgets.md §3). */
export interface CalendarSelection {
  dateString: string;
  dayString: string;
  timeString: string;
  /** ISO date-time of the chosen slot. */
  date: string;
}

export type CalendarActor = ActorRefFrom<typeof calendarMachine>;

/** An 'HH:MM' time of day; the message is the spec's for allDay ('Invalid config: allDay open time'). */
const hhmm = (fallback: string, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.check((value) => parseHhMm(value) !== undefined, message),
    ),
    fallback,
  );

/** One period of `calenderHours`, with its section 9 defaults. */
const period = (name: Period) => {
  const d: PeriodHours = defaultCalendarConfig.calenderHours[name];
  return {
    openTime: hhmm(d.openTime, `Invalid config: ${name} open time`),
    closeTime: hhmm(d.closeTime, `Invalid config: ${name} close time`),
    enable: flag(d.enable),
  };
};

/**
 * The `calendar` section (contact-widgets.md §3 "Calendar configuration", §9 defaults); the time format
 * falls back to the app's (`main.timeFormat`) when the section names none.
 */
export const calendarSection = (timeFormat: 12 | 24 = defaultCalendarConfig.timeFormat) => ({
  showAvailability: flag(defaultCalendarConfig.showAvailability),
  /** Seconds between availability refreshes while a day is shown (0 = never). */
  refreshInterval: seconds(defaultCalendarConfig.refreshInterval),
  convertToUTC: flag(defaultCalendarConfig.convertToUTC),
  hideUnavailableTimeSlots: flag(defaultCalendarConfig.hideUnavailableTimeSlots),
  numberOfDays: v.optional(
    v.pipe(
      v.number('must be a whole number of days'),
      v.integer('must be a whole number of days'),
      v.minValue(1, 'must be at least 1'),
      v.maxValue(MAX_DAYS, `must be at most ${MAX_DAYS} days`),
    ),
    defaultCalendarConfig.numberOfDays,
  ),
  timeFormat: v.optional(v.picklist([12, 24], calendarMessages.timeFormat), timeFormat),
  /** The plugin asked for availability (`<servicePlugin>.availability`). */
  servicePlugin: v.optional(
    v.pipe(v.string('must be a plugin name'), v.regex(/^[A-Za-z]\w*$/, 'must be a plugin name'), v.maxLength(100, 'must be at most 100 characters long')),
    defaultCalendarConfig.servicePlugin,
  ),
  calenderHours: {
    interval: number(defaultCalendarConfig.calenderHours.interval, 1, 'minutes'),
    morning: period('morning'),
    afternoon: period('afternoon'),
    evening: period('evening'),
    allDay: period('allDay'),
  },
});

export type CalendarSection = SectionOf<ReturnType<typeof calendarSection>>;

const SPEC_MESSAGES = new Set<string>(Object.values(calendarMessages));

/**
 * `Calendar.configure`: the options over the current settings, checked as the section is; a bad option
 * rejects the whole call with the spec's message ('Invalid config: allDay open time', 'Invalid time
 * format: expected 12 or 24') or one naming the option.
 */
export function configureCalendar(current: CalendarConfig, options: unknown): CalendarConfig {
  if (!options || typeof options !== 'object' || Object.keys(options).length === 0) throw new Error(calendarMessages.noConfiguration);
  const { value, issues } = readSection('calendar', { ...current, ...options }, calendarSection(current.timeFormat), () => undefined);
  const [issue] = issues;
  if (issue) throw new Error(SPEC_MESSAGES.has(issue.message) ? issue.message : `Invalid config: ${issue.path} ${issue.message}`);
  return value;
}

/**
 * The Calendar plugin: owns the calendar's actor, asks the callback service plugin (`servicePlugin`,
 * default CallbackService) for a day's availability, and publishes the chosen slot as
 * `Calendar.selected`. The `<la-calendar>` element is appended to the page when it opens.
 */
export function register(app: App): void {
  const plugin = app.bus.registerPlugin('Calendar');
  const initial: CalendarConfig = readSection('calendar', app.section('calendar'), calendarSection(app.config.main.timeFormat)).value;

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
    { input: { config: initial } },
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
    actor.send({ type: 'configure', config: configureCalendar(actor.getSnapshot().context.config, options) });
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
