// The translator: a chunk of its own, fetched beside the language pack (src/app/packs.ts, in the loader,
// fetches the pack), since no text is drawn before both are in. Only what the browser provides (Intl);
// dates and times live in datetime.ts (luxon, widget chunks only).
import type { LanguagePack, LanguagePacks } from './packs.ts';

export type { LanguagePack, LanguagePacks } from './packs.ts';

export type TranslationParams = Readonly<Record<string, string | number>>;

export interface Translator {
  readonly lang: string;
  /** The string for `key` with `{name}` placeholders filled; falls back to the fallback pack, then the key. */
  t(key: string, params?: TranslationParams): string;
  /** `key.<category>` for `count` under the language's plural rules (then `key.other`); `{count}` is
   * formatted with the language's number format. */
  plural(key: string, count: number, params?: TranslationParams): string;
}

const lookup = (pack: LanguagePack, key: string): string | undefined => (Object.hasOwn(pack, key) ? pack[key] : undefined);

const fill = (template: string, params: TranslationParams | undefined): string =>
  params ? template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : match)) : template;

/** Intl constructors throw a RangeError on a malformed language tag; fall back to English then. */
const intl = <T>(make: (lang: string) => T, lang: string): T => {
  try {
    return make(lang);
  } catch {
    return make('en');
  }
};

/**
 * The plural rules and number format of each language, made on first use and kept: creating an
 * `Intl.NumberFormat` costs tens of milliseconds in a fresh tab on a slow phone, and most
 * pages never format a count before the visitor opens a window.
 */
const formats = new Map<string, { rules: Intl.PluralRules; numbers: Intl.NumberFormat }>();
const formatsOf = (lang: string) =>
  formats.get(lang) ??
  formats.set(lang, { rules: intl((l) => new Intl.PluralRules(l), lang), numbers: intl((l) => new Intl.NumberFormat(l), lang) }).get(lang)!;

/**
 * A translator over `pack`, then `fallback`, then the key. `onMiss` is told of a key found in neither
 * (the app then fetches the English fallback, which it loads only on demand for a bundled language).
 */
export function createTranslator(lang: string, pack: LanguagePack, fallback: LanguagePack, onMiss?: (key: string) => void): Translator {
  const find = (...keys: string[]): string | undefined => {
    for (const source of [pack, fallback]) {
      for (const key of keys) {
        const found = lookup(source, key);
        if (found !== undefined) return found;
      }
    }
    onMiss?.(keys[0]!);
    return undefined;
  };
  return {
    lang,
    t: (key, params) => fill(find(key) ?? key, params),
    plural(key, count, params) {
      const { rules, numbers } = formatsOf(lang);
      const exact = `${key}.${rules.select(count)}`;
      const template = find(exact, `${key}.other`) ?? exact;
      return fill(template, { ...params, count: numbers.format(count) });
    },
  };
}

/** Later layers override or extend earlier ones, key by key within each language. */
export function mergePacks(...layers: ReadonlyArray<LanguagePacks | null | undefined>): LanguagePacks {
  const merged = new Map<string, LanguagePack>();
  for (const layer of layers) {
    for (const [lang, pack] of Object.entries(layer ?? {})) merged.set(lang, { ...merged.get(lang), ...pack });
  }
  return Object.fromEntries(merged); // own data properties: a `__proto__` key cannot reach a prototype
}

export interface LanguageOptions {
  lang: string;
  /** English's launchers' part (or whole pack), when English is the language or the fallback from the start. */
  english: LanguagePack | undefined;
  /** The language's own launchers' part, for a language other than English. */
  own: LanguagePack | undefined;
  hostPacks: LanguagePacks | null;
  /** The bundled pack of a language, whole or its launchers' part (src/app/packs.ts, in the loader). */
  loadPack: (code: string, part?: 'all' | 'launchers') => Promise<LanguagePack>;
  /** The translator changed (the whole pack or the English fallback came in): views draw again. */
  changed: (translator: Translator) => void;
  /** A key was missing before the whole pack was asked for: ask for it (the app's texts()). */
  wanted: () => void;
}

/**
 * One language's packs: the launchers' parts the app starts with, the whole packs once `whole()` is asked
 * (once; a chunk that failed is asked for again next time), and for a bundled language the English
 * fallback the first time a key is missing even from the whole pack.
 */
export function languageOf({ lang, english, own, hostPacks, loadPack, changed, wanted }: LanguageOptions) {
  const packs = { english, own, whole: false };
  let fallback: Promise<void> | undefined;
  let whole: Promise<void> | undefined;
  const translator = (): Translator => {
    const merged = mergePacks(packs.english ? { en: packs.english } : {}, packs.own ? { [lang]: packs.own } : {}, hostPacks);
    return createTranslator(lang, merged[lang] ?? {}, merged.en ?? {}, packs.english && packs.whole ? undefined : onMiss);
  };
  const onMiss = (): void => {
    if (!packs.whole) return wanted();
    void (fallback ??= loadPack('en').then(
      (en) => {
        packs.english = en;
        changed(translator());
      },
      (error: unknown) => console.error('[live-assist] The English language pack could not be loaded.', error),
    ));
  };
  return {
    translator,
    whole: (): Promise<void> =>
      (whole ??= Promise.all([packs.english ? loadPack('en') : undefined, packs.own ? loadPack(lang) : undefined]).then(
        ([en, mine]) => {
          Object.assign(packs, { english: en ?? packs.english, own: mine ?? packs.own, whole: true });
          changed(translator());
        },
        (error: unknown) => {
          whole = undefined;
          throw error;
        },
      )),
  };
}
