import type { App } from '../../app/app.ts';
import type { OpeningHours } from '../../../machines/availability.ts';
import { listOf, objectMessage, sectionReader, text, v, type SectionOf } from '../../app/section.ts';
import { openingHoursSchema } from './office-hours.ts';

/**
 * The `callus` section (contact-widgets.md §3), read by the CallUs plugin (the panel's numbers, lines and
 * hours) and by the ChannelSelector plugin (the helpline tile's open or closed status).
 */

/** One number of `callus.contacts` (contact-widgets.md §3): a non-empty number, labelled by `i18n` or `displayName`. */
const contactSchema = v.object(
  {
    number: v.pipe(v.string('must be a phone number'), v.trim(), v.nonEmpty('must be a phone number'), v.maxLength(40, 'must be at most 40 characters long')),
    displayName: text(),
    i18n: text(),
  },
  objectMessage,
);

/** The `callus` section: the numbers (the first is the main one), the opening-hours lines and their rule. */
export const callUsSection = {
  contacts: listOf(contactSchema, 20),
  hours: listOf(
    v.pipe(v.string('must be a line of text'), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(200, 'must be at most 200 characters long')),
    14,
  ),
  openingHours: v.optional(openingHoursSchema),
};

export type CallUsSection = SectionOf<typeof callUsSection>;

/** Reads the section (again only when it was replaced): bad contacts and hours are reported and dropped. */
export const readCallUsSection = sectionReader('callus', callUsSection);

/** The helpline's opening hours (`callus.openingHours`), null when none are configured. */
export const readOpeningHours = (app: App): OpeningHours | null => readCallUsSection(app.section('callus')).openingHours ?? null;
