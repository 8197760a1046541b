import { expect } from '@esm-bundle/chai';
import { readFileSync } from 'node:fs';
import { getCountryCallingCode, getCountries } from 'libphonenumber-js/min';
import { countryCode, dialCodeOf, phoneCheck, loadPhoneCheck } from '../../machines/phone.ts';
import { isValidPhone } from '../../machines/phone-check.ts';
import { dialCodesSource, DIAL_CODES_FILE } from '../../scripts/dial-codes.mjs';

// The callback's countries are checked and its prefix drawn from a table generated from libphonenumber-js's
// metadata (machines/dial-codes.ts), so the form opens without the library; the number's validation
// loads it later (machines/phone-check.ts).
describe('phone (machines/phone.ts, dial-codes.ts, phone-check.ts)', () => {
  it('the dial-code table is what the installed libphonenumber-js gives (run node scripts/dial-codes.mjs after updating it)', () => {
    expect(readFileSync(DIAL_CODES_FILE, 'utf8')).to.equal(dialCodesSource());
  });

  it('knows every country the library knows, with its dial code, and no other', () => {
    const countries = getCountries();
    expect(countries.length).to.be.greaterThan(240);
    for (const iso of countries) {
      expect(countryCode(iso.toLowerCase()), iso).to.equal(iso);
      expect(dialCodeOf(iso.toLowerCase()), iso).to.equal(getCountryCallingCode(iso));
    }
    expect(dialCodeOf('pl')).to.equal('48');
    expect(dialCodeOf('DE')).to.equal('49');
    expect(countryCode('xx')).to.equal(undefined);
    expect(dialCodeOf('xx')).to.equal(undefined);
    expect(countryCode('')).to.equal(undefined);
  });

  it('phone.ts does not import the library: only phone-check.ts does, loaded by loadPhoneCheck', async () => {
    const source = readFileSync(new URL('../../machines/phone.ts', import.meta.url), 'utf8');
    expect(source).not.to.match(/from 'libphonenumber-js/);
    expect(await loadPhoneCheck()).to.equal(isValidPhone);
    expect(phoneCheck()).to.equal(isValidPhone);
  });

  it('the check takes a number of a configured country and refuses the rest', () => {
    const poland = { countries: [{ iso2: 'pl', dialCode: '48' }], countryCodes: true };
    expect(isValidPhone('+48600100200', poland)).to.equal(true);
    expect(isValidPhone('+48', poland)).to.equal(false);
    expect(isValidPhone('+4917612345678', poland)).to.equal(false);
    expect(isValidPhone('600100200', { ...poland, countryCodes: false })).to.equal(true);
  });
});
