import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * The callback's phone number by country: the `callback.countries` list (contact-widgets.md §5: this
 * deployment's list has one entry, Poland, dial code 48). Pure: the rules the callback machine applies
 * while the visitor types and before it submits, with libphonenumber-js's metadata for validation.
 *
 * Why libphonenumber-js and not intl-tel-input's own validation: intl-tel-input validates with its
 * `utils` script (Google's libphonenumber compiled by Closure), 57 KB gzip; `libphonenumber-js/min`
 * answers the same question in 29 KB gzip, runs in Node (machine tests) and needs no element.
 */

/** One country of `callback.countries`: ISO 3166 alpha-2 (lowercase, as intl-tel-input names it) and its dial code (digits). */
export interface PhoneCountry {
  iso2: string;
  dialCode: string;
}

/** The deployment's only country (contact-widgets.md §5, §9: +48). */
export const POLAND: PhoneCountry = { iso2: 'pl', dialCode: '48' };

/** libphonenumber's code for an ISO code ('pl' → 'PL'), undefined when it does not know the country. */
export function countryCode(iso2: string): CountryCode | undefined {
  const upper = iso2.toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

/** The dial code of a known country ('de' → '49'). */
export function dialCodeOf(iso2: string): string | undefined {
  const code = countryCode(iso2);
  return code && getCountryCallingCode(code);
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

/**
 * A number a callback can be placed to: valid for its country (libphonenumber-js metadata) and, with
 * country codes, of one of the configured countries. A number without '+' is read in the first country.
 */
export function isValidPhone(value: string, rules: Pick<PhoneRules, 'countries' | 'countryCodes'>): boolean {
  const [first] = rules.countries;
  const phone = parsePhoneNumberFromString(value, first && countryCode(first.iso2));
  if (!phone?.isValid()) return false;
  if (!rules.countryCodes) return true;
  return rules.countries.some((c) => c.iso2.toUpperCase() === phone.country || (!phone.country && c.dialCode === phone.countryCallingCode));
}
