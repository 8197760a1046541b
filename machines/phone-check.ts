import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type { PhoneRules } from './phone.ts';

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
 * A number a callback can be placed to: valid for its country and, with country codes, of one of the
 * configured countries. A number without '+' is read in the first country.
 */
export function isValidPhone(value: string, rules: Pick<PhoneRules, 'countries' | 'countryCodes'>): boolean {
  const [first] = rules.countries;
  const phone = parsePhoneNumberFromString(value, first && (first.iso2.toUpperCase() as CountryCode));
  if (!phone?.isValid()) return false;
  if (!rules.countryCodes) return true;
  return rules.countries.some((c) => c.iso2.toUpperCase() === phone.country || (!phone.country && c.dialCode === phone.countryCallingCode));
}
