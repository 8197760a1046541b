import { expect } from '@esm-bundle/chai';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };

const packs: Record<string, Record<string, string>> = { en, pl };
const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];

describe('locales', () => {
  it('en and pl have exactly the same keys', () => {
    expect(Object.keys(pl).sort()).to.deep.equal(Object.keys(en).sort());
  });

  for (const [lang, pack] of Object.entries(packs)) {
    it(`${lang}: every value is a non-empty string without stray whitespace`, () => {
      for (const [key, text] of Object.entries(pack)) {
        expect(text, key).to.be.a('string');
        expect(text.trim(), key).to.not.equal('');
        expect(text, key).to.equal(text.trim());
      }
    });

    it(`${lang}: keys are flat and namespaced`, () => {
      for (const key of Object.keys(pack)) expect(key).to.match(/^[a-z]+(\.[A-Za-z0-9]+)+$/);
    });

    it(`${lang}: every plural family has an .other form`, () => {
      const families = Object.keys(pack)
        .filter((key) => PLURAL_CATEGORIES.includes(key.split('.').pop() ?? ''))
        .map((key) => key.slice(0, key.lastIndexOf('.')));
      for (const family of families) expect(pack, family).to.have.property(`${family}.other`);
    });
  }

  it('every {placeholder} of en exists in pl', () => {
    for (const [key, text] of Object.entries(en)) {
      const polish = (pl as Record<string, string>)[key] ?? '';
      for (const name of placeholders(text)) expect(placeholders(polish), `${key}: {${name}}`).to.include(name);
    }
  });

  it('pl has no placeholder that en lacks', () => {
    for (const [key, text] of Object.entries(pl)) {
      const english = (en as Record<string, string>)[key] ?? '';
      for (const name of placeholders(text)) expect(placeholders(english), `${key}: {${name}}`).to.include(name);
    }
  });

  it('pl has every plural category Polish needs for each plural family', () => {
    const categories = new Set<string>();
    for (const n of [0, 1, 2, 5, 12, 22, 1.5]) categories.add(new Intl.PluralRules('pl').select(n));
    for (const category of categories) expect(pl).to.have.property(`stats.waitMinutes.${category}`);
  });
});
