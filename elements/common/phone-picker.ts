/**
 * The phone field's country picker, in a chunk of its own with intl-tel-input and its stylesheet
 * (rollup.config.mjs LIBRARIES: a library's chunk, not the callback's). The callback's view imports it
 * when the browser is idle after the window's first frame (elements/callback/callback.view.tsx
 * `PhoneField`), so a window's open neither compiles its 66 KB nor runs its module nor parses its 17 KB
 * of CSS: the form is usable without it, and the input keeps the flag's room meanwhile.
 */
import intlTelInput from 'intl-tel-input';
import itiSheet from 'intl-tel-input/dist/css/intlTelInput-no-assets.css' with { type: 'css' };

export { intlTelInput, itiSheet };

/** intl-tel-input's own code for a configured country ('pl'), undefined when it has none. */
export const knownCountry = (iso2: string | undefined) => intlTelInput.getAllCountries().find((country) => country.iso2 === iso2)?.iso2;
