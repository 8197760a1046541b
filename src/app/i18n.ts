// Language packs and the translator. This module is part of the loader bundle, so it stays small and uses
// only what the browser provides (Intl); dates and times live in datetime.ts (luxon, widget chunks only).

/** One language: flat, namespaced keys (`callback.confirm`); plural keys end in an Intl.PluralRules
 * category (`stats.waitMinutes.one`, `.few`, `.many`, `.other`). */
export type LanguagePack = Record<string, string>;

/** Several languages keyed by language code, as in the host's `main.i18n`. */
export type LanguagePacks = Record<string, LanguagePack>;

export type TranslationParams = Readonly<Record<string, string | number>>;

export interface Translator {
  readonly lang: string;
  /** The string for `key` with `{name}` placeholders filled; falls back to the fallback pack, then the key. */
  t(key: string, params?: TranslationParams): string;
  /** `key.<category>` for `count` under the language's plural rules (then `key.other`); `{count}` is
   * formatted with the language's number format. */
  plural(key: string, count: number, params?: TranslationParams): string;
}

/** Languages shipped with the library (locales/*.json). */
export const bundledLanguages = ['en', 'pl'] as const;
export type BundledLanguage = (typeof bundledLanguages)[number];

const bundled: Record<BundledLanguage, () => Promise<{ default: LanguagePack }>> = {
  en: () => import('../../locales/en.json', { with: { type: 'json' } }),
  pl: () => import('../../locales/pl.json', { with: { type: 'json' } }),
};

const lookup = (pack: LanguagePack, key: string): string | undefined =>
  Object.hasOwn(pack, key) ? pack[key] : undefined;

const fill = (template: string, params: TranslationParams | undefined): string =>
  params
    ? template.replace(/\{(\w+)\}/g, (match, name: string) =>
        Object.hasOwn(params, name) ? String(params[name]) : match,
      )
    : template;

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
 * `Intl.NumberFormat` costs tens of milliseconds in a fresh tab on a slow phone (issue 17), and most
 * pages never format a count before the visitor opens a window.
 */
const formats = new Map<string, { rules: Intl.PluralRules; numbers: Intl.NumberFormat }>();
const formatsOf = (lang: string) =>
  formats.get(lang) ?? formats.set(lang, { rules: intl((l) => new Intl.PluralRules(l), lang), numbers: intl((l) => new Intl.NumberFormat(l), lang) }).get(lang)!;

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

/** The bundled pack for `code`, each language in its own chunk; an empty pack for a language that is
 * not bundled (the translator then falls back to English). Rejects only if the chunk cannot be loaded. */
export async function loadLanguagePack(code: BundledLanguage | string): Promise<LanguagePack> {
  const load = Object.hasOwn(bundled, code) ? bundled[code as BundledLanguage] : undefined;
  return load ? (await load()).default : {};
}

/** A plain object (not null, not an array); config.ts reads with it too. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Flat string entries of one language; nested objects (`{ callback: { confirm: '…' } }`) are flattened
 * to dotted keys, other values dropped. */
const flatten = (value: Record<string, unknown>, prefix = '', depth = 0): [string, string][] =>
  Object.entries(value).flatMap(([key, entry]): [string, string][] => {
    if (typeof entry === 'string') return [[prefix + key, entry]];
    if (isRecord(entry) && depth < 4) return flatten(entry, `${prefix}${key}.`, depth + 1);
    return [];
  });

/** Host-provided packs (`{ pl: { 'callback.confirm': '…' } }`) in canonical form, or null when the value
 * is not an object of language objects. */
export function normalizePacks(value: unknown): LanguagePacks | null {
  if (!isRecord(value)) return null;
  const languages = Object.entries(value);
  if (!languages.every(([, pack]) => isRecord(pack))) return null;
  return Object.fromEntries(
    languages.map(([lang, pack]) => [lang, Object.fromEntries(flatten(pack as Record<string, unknown>))]),
  );
}

/** GET a host language-pack file (`{ "<lang>": { "<key>": "<text>" } }`). Null, never a rejection, on a
 * network error, a timeout, a non-2xx status or a body that is not such an object. */
export async function fetchLanguagePack(
  url: string,
  fetchImpl: typeof fetch = fetch,
  timeoutMs = 3000,
): Promise<LanguagePacks | null> {
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    return normalizePacks(await response.json());
  } catch {
    return null;
  }
}

/** Later layers override or extend earlier ones, key by key within each language. */
export function mergePacks(...layers: ReadonlyArray<LanguagePacks | null | undefined>): LanguagePacks {
  const merged = new Map<string, LanguagePack>();
  for (const layer of layers) {
    for (const [lang, pack] of Object.entries(layer ?? {})) merged.set(lang, { ...merged.get(lang), ...pack });
  }
  return Object.fromEntries(merged); // own data properties: a `__proto__` key cannot reach a prototype
}
