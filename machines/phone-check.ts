import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Whether a number is one a callback can be placed to, with libphonenumber-js's metadata: its own chunk
 * with the library (118 KB, 29 KB gzip), loaded after the callback form's first frame
 * (`loadPhoneCheck` in machines/phone.ts), since only the submit asks it. Pure; runs in Node.
 *
 * Why libphonenumber-js and not intl-tel-input's own validation: intl-tel-input validates with its
 * `utils` script (Google's libphonenumber compiled by Closure), 57 KB gzip; `libphonenumber-js/min`
 * answers the same question in 29 KB gzip, runs in Node (machine tests) and needs no element.
 */

/**
 * What the check reads of the callback's phone rules (machines/phone.ts `PhoneRules` has it). Declared
 * here: phone.ts loads this module, so this one imports nothing of it.
 */
export interface CheckedCountries {
  /** The configured countries (ISO code, dial code); the first is the default. */
  countries: readonly { iso2: string; dialCode: string }[];
  /** The number must be of one of the countries. */
  countryCodes: boolean;
}

/**
 * A number a callback can be placed to: valid for its country and, with country codes, of one of the
 * configured countries. A number without '+' is read in the first country.
 */
export function isValidPhone(value: string, rules: CheckedCountries): boolean {
  const [first] = rules.countries;
  const phone = parsePhoneNumberFromString(value, first && (first.iso2.toUpperCase() as CountryCode));
  if (!phone?.isValid()) return false;
  if (!rules.countryCodes) return true;
  return rules.countries.some((c) => c.iso2.toUpperCase() === phone.country || (!phone.country && c.dialCode === phone.countryCallingCode));
}
