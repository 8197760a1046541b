import {
  dataProtectionSchema,
  MAX_KEYS,
  flag,
  listOf,
  milliseconds,
  objectMessage,
  sectionReader,
  seconds,
  someNumber,
  text,
  v,
  type SectionOf,
} from '../../app/section.ts';
import { CALLBACK_FIELDS, defaultCallbackSettings, type CallbackSettings } from '../../../machines/callback.machine.ts';
import { countryCode, dialCodeOf, POLAND } from '../../../machines/phone.ts';
import type { CallbackServiceConfig } from '../../services/callback.ts';
import { openingHoursSchema } from '../shared/office-hours.ts';

/**
 * The `callback` section (contact-widgets.md §3, §5, §7, §9), read by the Callback plugin (the window's
 * settings) and the CallbackService plugin (the service's). Each option is checked on its own; a bad
 * one is reported with its path and takes its default.
 */

/** One country of `callback.countries`: an ISO code libphonenumber knows and, optionally, its dial code. */
const countrySchema = v.pipe(
  v.object(
    {
      iso2: v.pipe(
        v.string('must be a two-letter country code such as pl'),
        v.toLowerCase(),
        v.check((iso2) => countryCode(iso2) !== undefined, 'must be a two-letter country code such as pl'),
      ),
      dialCode: v.optional(
        v.pipe(
          v.union([v.string(), v.number()], 'must be a dial code such as 48'),
          v.transform((code) => String(code).replace(/^\+/, '')),
          v.regex(/^\d{1,4}$/, 'must be a dial code such as 48'),
        ),
      ),
    },
    objectMessage,
  ),
  v.forward(
    v.check(({ iso2, dialCode }) => dialCode === undefined || dialCode === dialCodeOf(iso2), 'must be the country’s own dial code'),
    ['dialCode'],
  ),
  v.transform(({ iso2, dialCode }) => ({ iso2, dialCode: dialCode ?? dialCodeOf(iso2) ?? '' })),
);

/** One of `callback.formFields`: a known field's required flag, maximum length and label. */
const formFieldSchema = v.looseObject(
  {
    name: v.picklist(CALLBACK_FIELDS, `must be one of ${CALLBACK_FIELDS.join(', ')}`),
    required: v.optional(v.boolean('must be true or false')),
    maxlength: v.optional(
      v.pipe(
        v.number('must be a number of characters'),
        v.integer('must be a whole number'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(10_000, 'must be at most 10000'),
      ),
    ),
    value: v.optional(v.pipe(v.string('must be a string'), v.maxLength(200, 'must be at most 200 characters long'))),
    type: v.optional(v.pipe(v.string('must be a string'), v.maxLength(200, 'must be at most 200 characters long'))),
    label: v.optional(v.pipe(v.string('must be a string'), v.maxLength(200, 'must be at most 200 characters long'))),
  },
  objectMessage,
);

export const callbackSection = {
  apiVersion: v.optional(v.picklist(['v1', 'v3'], "must be 'v1' or 'v3'"), 'v1'),
  dataURL: text(),
  /** Required by v3. */
  serviceName: text(),
  apikey: text(),
  timeout: milliseconds(defaultCallbackSettings.timeout, 1),
  /** Merged into every request's user data. */
  userData: v.optional(
    v.pipe(v.record(v.string(), v.unknown(), 'must be an object'), v.maxEntries(MAX_KEYS, `must have at most ${MAX_KEYS} keys`)),
    () => ({}),
  ),
  countryCodes: flag(defaultCallbackSettings.countryCodes),
  /** The phone's countries; Poland when none is given (contact-widgets.md §5). */
  countries: listOf(countrySchema, 300),
  immediateCallback: flag(defaultCallbackSettings.immediateCallback),
  scheduledCallback: flag(defaultCallbackSettings.scheduledCallback),
  ewt: {
    display: flag(defaultCallbackSettings.ewtDisplay),
    /** The callback queue's wait: `GET {url}?name={queue}` (default /api/ewt/group). */
    url: text(),
    queue: text(),
    /** Seconds: the wait is shown only at or above it. */
    threshold: seconds(defaultCallbackSettings.ewtThreshold),
    /** Seconds between wait refreshes. */
    refreshInterval: seconds(defaultCallbackSettings.refreshInterval / 1000, 1),
    /** Seconds: ASAP is offered only for a wait within [min, max]. */
    immediateCallbackMin: seconds(defaultCallbackSettings.immediateMin),
    /** (No upper bound when absent.) */
    immediateCallbackMax: someNumber(0, 'seconds'),
  },
  formFields: listOf(formFieldSchema, 20),
  dataProtection: v.optional(dataProtectionSchema),
  /** When callbacks are taken (as `callus.openingHours`): outside them ASAP is not offered. */
  openingHours: v.optional(openingHoursSchema),
};

export type CallbackSection = SectionOf<typeof callbackSection>;

/** Reads the section (again only when it was replaced); bad options are reported and take their defaults. */
export const readCallbackSection = sectionReader('callback', callbackSection);

/** What the callback service takes from the section. */
export function callbackServiceConfig(section: CallbackSection): CallbackServiceConfig {
  const { apiVersion, dataURL, serviceName, apikey, timeout, userData, ewt } = section;
  return { apiVersion, dataURL, serviceName, apikey, timeout, userData, ewt: { url: ewt.url, queue: ewt.queue } };
}

/** The section as the callback machine's settings (contact-widgets.md §9 defaults). */
export function callbackSettings(section: CallbackSection): CallbackSettings {
  const d = defaultCallbackSettings;
  const maxLength = { ...d.maxLength };
  const required = { ...d.required };
  for (const field of section.formFields) {
    if (field.maxlength !== undefined) maxLength[field.name] = field.maxlength;
    // The phone number is always required (contact-widgets.md §5).
    if (field.required !== undefined && field.name !== 'phonenumber') required[field.name] = field.required;
  }
  const { ewt } = section;
  return {
    ...d,
    countries: section.countries.length ? section.countries : [POLAND],
    countryCodes: section.countryCodes,
    maxLength,
    required,
    immediateCallback: section.immediateCallback,
    scheduledCallback: section.scheduledCallback,
    ewtDisplay: ewt.display && ewt.queue !== undefined,
    ewtThreshold: ewt.threshold,
    immediateMin: ewt.immediateCallbackMin,
    immediateMax: ewt.immediateCallbackMax ?? d.immediateMax,
    refreshInterval: ewt.refreshInterval * 1000,
    timeout: section.timeout,
    dataProtection: section.dataProtection,
    openingHours: section.openingHours,
  };
}
