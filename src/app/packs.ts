// Language packs: which are bundled, fetching one, and a host's own in canonical form. Part of the loader
// (the pack is fetched at boot, and configuration reads a host's packs); the translator that reads them
// is src/app/i18n.ts, a chunk fetched beside the pack.

/** One language: flat, namespaced keys (`callback.confirm`); plural keys end in an Intl.PluralRules
 * category (`stats.waitMinutes.one`, `.few`, `.many`, `.other`). */
export type LanguagePack = Record<string, string>;

/** Several languages keyed by language code, as in the host's `main.i18n`. */
export type LanguagePacks = Record<string, LanguagePack>;

/** Languages shipped with the library (locales/*.json). */
export const bundledLanguages = ['en', 'pl'] as const;
export type BundledLanguage = (typeof bundledLanguages)[number];

const bundled: Record<BundledLanguage, () => Promise<{ default: LanguagePack }>> = {
  en: () => import('../../locales/en.json', { with: { type: 'json' } }),
  pl: () => import('../../locales/pl.json', { with: { type: 'json' } }),
};

/** Of each bundled pack, the texts the launchers draw before any plugin loads (scripts/launcher-texts.mjs). */
const launchers: Record<BundledLanguage, () => Promise<{ default: LanguagePack }>> = {
  en: () => import('../../locales/launchers/en.json', { with: { type: 'json' } }),
  pl: () => import('../../locales/launchers/pl.json', { with: { type: 'json' } }),
};

/** The whole pack, or the launchers' part of it: the one fetched up front, a few hundred bytes. */
export type PackPart = 'all' | 'launchers';

/** The bundled pack (or its launchers' part) for `code`, each in its own chunk; an empty pack for a language
 * that is not bundled (the translator then falls back to English). Rejects only if the chunk cannot be loaded. */
export async function loadLanguagePack(code: BundledLanguage | string, part: PackPart = 'all'): Promise<LanguagePack> {
  const table = part === 'all' ? bundled : launchers;
  const load = Object.hasOwn(table, code) ? table[code as BundledLanguage] : undefined;
  return load ? (await load()).default : {};
}

/** A plain object; config.ts reads with it too. The loader's copy of records.ts': a lazy chunk never imports loader code. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
  return Object.fromEntries(languages.map(([lang, pack]) => [lang, Object.fromEntries(flatten(pack as Record<string, unknown>))]));
}

/** GET a host language-pack file (`{ "<lang>": { "<key>": "<text>" } }`). Null, never a rejection, on a
 * network error, a timeout, a non-2xx status or a body that is not such an object. */
export async function fetchLanguagePack(url: string, fetchImpl: typeof fetch = fetch, timeoutMs = 3000): Promise<LanguagePacks | null> {
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    return normalizePacks(await response.json());
  } catch {
    return null;
  }
}
