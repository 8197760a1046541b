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
