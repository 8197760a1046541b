import { expect } from '@esm-bundle/chai';
import { createTranslator, mergePacks } from '../../src/app/i18n.ts';
import { fetchLanguagePack, loadLanguagePack, normalizePacks, type LanguagePack } from '../../src/app/packs.ts';

const en: LanguagePack = {
  'common.close': 'Close',
  'callback.booked': 'We will call you at {number}',
  'stats.waitMinutes.one': '{count} minute',
  'stats.waitMinutes.other': '{count} minutes',
  'only.english': 'English only',
};
const pl: LanguagePack = {
  'common.close': 'Zamknij',
  'callback.booked': 'Zadzwonimy pod numer {number}',
  'stats.waitMinutes.one': '{count} minuta',
  'stats.waitMinutes.few': '{count} minuty',
  'stats.waitMinutes.many': '{count} minut',
  'stats.waitMinutes.other': '{count} minuty',
};

const jsonResponse = (body: string, status = 200): Response => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

describe('createTranslator', () => {
  const t = createTranslator('pl', pl, en);

  it('translates a key and fills placeholders', () => {
    expect(t.lang).to.equal('pl');
    expect(t.t('common.close')).to.equal('Zamknij');
    expect(t.t('callback.booked', { number: '+48 600 100 200' })).to.equal('Zadzwonimy pod numer +48 600 100 200');
  });

  it('leaves unknown placeholders as they are', () => {
    expect(t.t('callback.booked')).to.equal('Zadzwonimy pod numer {number}');
    expect(t.t('callback.booked', { other: 1 })).to.equal('Zadzwonimy pod numer {number}');
  });

  it('falls back to the fallback pack, then to the key itself', () => {
    expect(t.t('only.english')).to.equal('English only');
    expect(t.t('missing.key')).to.equal('missing.key');
    expect(t.t('constructor')).to.equal('constructor'); // inherited properties are not translations
  });

  describe('Polish plurals (golden)', () => {
    const golden: [number, string, string][] = [
      [1, 'one', '1 minuta'],
      [2, 'few', '2 minuty'],
      [5, 'many', '5 minut'],
      [12, 'many', '12 minut'],
      [22, 'few', '22 minuty'],
      [1.5, 'other', '1,5 minuty'],
    ];
    for (const [count, category, text] of golden) {
      it(`${count} → ${category} → "${text}"`, () => {
        expect(new Intl.PluralRules('pl').select(count)).to.equal(category);
        expect(t.plural('stats.waitMinutes', count)).to.equal(text);
      });
    }
  });

  it('English plurals: 1 minute, 2 minutes', () => {
    const english = createTranslator('en', en, en);
    expect(english.plural('stats.waitMinutes', 1)).to.equal('1 minute');
    expect(english.plural('stats.waitMinutes', 2)).to.equal('2 minutes');
    expect(english.plural('stats.waitMinutes', 1234)).to.equal('1,234 minutes');
  });

  it('falls back to .other, then to the fallback pack, then to the key', () => {
    const onlyOther = createTranslator('pl', { 'x.other': '{count} x' }, {});
    expect(onlyOther.plural('x', 5)).to.equal('5 x');
    const empty = createTranslator('pl', {}, en);
    expect(empty.plural('stats.waitMinutes', 1)).to.equal('1 minute');
    expect(empty.plural('stats.waitMinutes', 5)).to.equal('5 minutes');
    expect(empty.plural('nothing', 5)).to.equal('nothing.many');
  });

  it('survives a malformed language tag', () => {
    const broken = createTranslator('not a tag!', pl, en);
    expect(broken.plural('stats.waitMinutes', 1)).to.equal('1 minuta');
  });
});

describe('loadLanguagePack', () => {
  it('loads the bundled packs', async () => {
    const [english, polish] = await Promise.all([loadLanguagePack('en'), loadLanguagePack('pl')]);
    expect(english['common.close']).to.equal('Close');
    expect(polish['common.close']).to.equal('Zamknij');
  });

  it('gives an empty pack for a language that is not bundled', async () => {
    expect(await loadLanguagePack('de')).to.deep.equal({});
    expect(await loadLanguagePack('toString')).to.deep.equal({});
  });
});

describe('fetchLanguagePack', () => {
  it('returns the packs of a good response', async () => {
    const fetchImpl: typeof fetch = async () => jsonResponse('{"pl": {"common.close": "Zamknij okno"}}');
    expect(await fetchLanguagePack('/i18n.json', fetchImpl)).to.deep.equal({ pl: { 'common.close': 'Zamknij okno' } });
  });

  it('returns null for a real 404 from the test server', async () => {
    expect(await fetchLanguagePack('/no/such/language-pack.json')).to.equal(null);
  });

  it('returns null on a network error', async () => {
    expect(await fetchLanguagePack('http://127.0.0.1:9/pack.json')).to.equal(null);
    const failing: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await fetchLanguagePack('/i18n.json', failing)).to.equal(null);
  });

  it('returns null on a non-2xx status', async () => {
    for (const status of [404, 500, 301]) {
      const fetchImpl: typeof fetch = async () => jsonResponse('{"pl": {}}', status);
      expect(await fetchLanguagePack('/i18n.json', fetchImpl), String(status)).to.equal(null);
    }
  });

  it('returns null on malformed JSON or a body of the wrong shape', async () => {
    for (const body of ['{"pl": {', '<html>', '', '[]', '"pl"', '{"pl": "Zamknij"}']) {
      const fetchImpl: typeof fetch = async () => jsonResponse(body);
      expect(await fetchLanguagePack('/i18n.json', fetchImpl), body).to.equal(null);
    }
  });

  it('gives up after the timeout', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    expect(await fetchLanguagePack('/i18n.json', hanging, 20)).to.equal(null);
  });
});

describe('normalizePacks and mergePacks', () => {
  it('flattens nested packs and drops values that are not strings', () => {
    expect(normalizePacks({ pl: { common: { close: 'Zamknij', n: 3 }, 'time.today': 'Dziś' } })).to.deep.equal({
      pl: { 'common.close': 'Zamknij', 'time.today': 'Dziś' },
    });
    expect(normalizePacks(null)).to.equal(null);
  });

  it('lets later layers override and extend earlier ones per language', () => {
    const merged = mergePacks(
      { en, pl },
      { pl: { 'common.close': 'Zamknij okno', 'custom.hello': 'Cześć' }, de: { 'common.close': 'Schließen' } },
      null,
      undefined,
    );
    expect(merged.pl?.['common.close']).to.equal('Zamknij okno');
    expect(merged.pl?.['custom.hello']).to.equal('Cześć');
    expect(merged.pl?.['stats.waitMinutes.few']).to.equal('{count} minuty');
    expect(merged.en).to.deep.equal(en);
    expect(merged.de).to.deep.equal({ 'common.close': 'Schließen' });
    expect(pl['common.close']).to.equal('Zamknij'); // inputs are not mutated
  });

  it('cannot be used to pollute Object.prototype', () => {
    const hostile = normalizePacks(JSON.parse('{"__proto__": {"polluted": "yes"}, "pl": {"__proto__": "x"}}'));
    mergePacks({ pl }, hostile);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});

describe('Polish genitive after "w ciągu około" (callback ASAP note)', () => {
  it('uses minuty / minut, not the nominative', async () => {
    const [pl, en] = await Promise.all([loadLanguagePack('pl'), loadLanguagePack('en')]);
    const t = createTranslator('pl', pl, en);
    const note = (n: number) => t.t('callback.asapNote', { minutes: t.plural('callback.asapMinutes', n) });
    expect([1, 2, 5, 22].map(note)).to.deep.equal([
      '(w ciągu około 1 minuty)',
      '(w ciągu około 2 minut)',
      '(w ciągu około 5 minut)',
      '(w ciągu około 22 minut)',
    ]);
  });
});
