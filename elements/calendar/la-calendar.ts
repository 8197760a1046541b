import { LaElement } from '../common/host.ts';

/**
 * The scheduling calendar 'Schedule a Call': a row of day tiles (Today, Tomorrow, then day names), the
 * chosen day's time slots (all day, or morning / afternoon / evening tabs), past and unavailable slots
 * greyed out or hidden. Opened by the callback window's date-time field or
 * `LiveAssist.command('Calendar.open')`; publishes `Calendar.selected`.
 *
 * @tag la-calendar
 * @summary Day and time-slot picker for scheduled callbacks (modal).
 * @attr {'dark'|'light'} theme - Overrides the app's theme for this element.
 * @fires la-opened - The calendar opened.
 * @fires la-closed - The calendar closed.
 * @fires la-selected - A time slot was chosen (detail: dateString, dayString, timeString, date).
 * @fires la-availabilityerror - The availability request failed.
 * @csspart root - The element's root wrapper.
 * @cssprop --la-accent - Accent colour of the chosen day and slot.
 * @cssprop --la-bg - Background.
 * @cssprop --la-fg - Text colour.
 */
export class LaCalendarElement extends LaElement {
  static override spec = {
    tag: 'la-calendar',
    plugin: 'Calendar',
    attributes: { theme: 'string' as const },
    view: () => import('./calendar.view.tsx').then((m) => m.default),
  };
}
