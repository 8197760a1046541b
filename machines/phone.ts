import { DIAL_CODES } from './dial-codes.ts';
import type { isValidPhone } from './phone-check.ts';

/**
 * The callback's phone number by country: the `callback.countries` list (contact-widgets.md §5: this
 * deployment's list has one entry, Poland, dial code 48). Pure: the rules the callback machine applies
 * while the visitor types and before it submits. The countries and their dial codes come from a table
 * generated from libphonenumber-js's metadata (machines/dial-codes.ts, 0.9 KB gzip); the number's
 * validation needs the library itself (machines/phone-check.ts), which loads after the form's first
 * frame (`loadPhoneCheck`).
 */

/** One country of `callback.countries`: ISO 3166 alpha-2 (lowercase, as intl-tel-input names it) and its dial code (digits). */
export interface PhoneCountry {
  iso2: string;
  dialCode: string;
}

/** The deployment's only country (contact-widgets.md §5, §9: +48). */
export const POLAND: PhoneCountry = { iso2: 'pl', dialCode: '48' };

/** ISO code (lowercase) → dial code, read from the generated table on first use. */
let dialCodes: Map<string, string> | undefined;
const table = (): Map<string, string> =>
  (dialCodes ??= new Map(
    DIAL_CODES.split(';').flatMap((entry) => {
      const [code = '', isos = ''] = entry.split(':');
      return isos.split(',').map((iso) => [iso, code] as const);
    }),
  ));

/** libphonenumber's code for an ISO code ('pl' → 'PL'), undefined when it does not know the country. */
export function countryCode(iso2: string): string | undefined {
  return table().has(iso2.toLowerCase()) ? iso2.toUpperCase() : undefined;
}

/** The dial code of a known country ('de' → '49'). */
export function dialCodeOf(iso2: string): string | undefined {
  return table().get(iso2.toLowerCase());
}

/** The configured country whose `+dialCode` begins `value` ('+49176…' → Germany); the longest dial code wins. */
export function countryOf(value: string, countries: readonly PhoneCountry[]): PhoneCountry | undefined {
  let found: PhoneCountry | undefined;
  for (const country of countries) {
    if (value.startsWith(`+${country.dialCode}`) && (!found || country.dialCode.length > found.dialCode.length)) found = country;
  }
  return found;
}

export interface PhoneRules {
  /** The configured countries; the first is the default. */
  countries: readonly PhoneCountry[];
  /** The country picker is shown and the value keeps a country's prefix. */
  countryCodes: boolean;
  maxLength: number;
}

/**
 * The value while the visitor types: digits and '+' only, at most `maxLength`. With country codes the
 * value always begins with a configured country's prefix: one it names already ('+49 176…', or a
 * country picked in the list, which rewrites the prefix) is kept; otherwise the prefix of the country
 * `previous` named (the first configured one by default) is put back in front of the digits, without
 * doubling a dial code the visitor typed without its '+' ('48601…' → '+48601…').
 */
export function sanitizePhone(value: string, rules: PhoneRules, previous = ''): string {
  let clean = value.replace(/[^\d+]/g, '');
  clean = clean.charAt(0) + clean.slice(1).replace(/\+/g, '');
  const [first] = rules.countries;
  if (rules.countryCodes && first && !countryOf(clean, rules.countries)) {
    const country = countryOf(previous, rules.countries) ?? first;
    const prefix = `+${country.dialCode}`;
    // Deleting into the prefix leaves the prefix.
    if (prefix.startsWith(clean)) return prefix;
    const digits = clean.replace(/^\+/, '');
    clean = prefix + (digits.startsWith(country.dialCode) ? digits.slice(country.dialCode.length) : digits);
  }
  return clean.slice(0, rules.maxLength);
}

/** The number as the visitor's country prefix leaves it, before anything was typed ('+48'). */
export const phonePrefix = (rules: Pick<PhoneRules, 'countries' | 'countryCodes'>): string =>
  rules.countryCodes && rules.countries[0] ? `+${rules.countries[0].dialCode}` : '';

/** libphonenumber-js's check of a number (machines/phone-check.ts). */
export type PhoneCheck = typeof isValidPhone;

/** The check once its chunk has loaded (the module's own cache: one load per page). */
let loaded: PhoneCheck | undefined;

/**
 * Loads libphonenumber-js's check (its own chunk with the library): the Callback plugin asks for it
 * once idle after the form's open, so the open neither fetches nor evaluates the library; the machine
 * waits for it only when a submit comes first. Rejects when the chunk cannot be fetched (offline): the
 * number is then checked by the callback service (its answer marks the field).
 */
export const loadPhoneCheck = (): Promise<PhoneCheck> => (loaded ? Promise.resolve(loaded) : import('./phone-check.ts').then((m) => (loaded = m.isValidPhone)));

/** The check when it has loaded, else undefined. */
export const phoneCheck = (): PhoneCheck | undefined => loaded;
