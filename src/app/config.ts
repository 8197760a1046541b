// The host page's `window.liveAssistConfig`: one section per plugin. `main` is read here, in the loader,
// by hand and without a word of explanation: a value is accepted or replaced by its default, and every
// other section is handed, as a plain object, to the plugin that owns it. Reading never throws. When
// something was not accepted as given, the app imports src/app/config-check.ts, whose `readConfig`
// gives the same values with the explanations (ConfigIssue) it logs in the console; the loader, whose
// every byte each host page pays for, carries none of them (test/app/config.test.ts runs
// many configurations through both).
import { normalizePacks, type LanguagePacks } from './i18n.ts';

export type { LanguagePacks } from './i18n.ts';

export interface MainConfig {
  /** Prefix of every cookie name. */
  deploymentID: string;
  theme: 'dark' | 'light';
  lang: string;
  /** A URL of a language-pack file, or packs keyed by language code (flattened to dotted keys). */
  i18n?: string | LanguagePacks;
  timeFormat: 12 | 24;
  mobileMode: 'auto' | boolean;
  mobileModeBreakpoint: number;
  /** Only these two request headers are accepted from configuration. */
  header: { Authorization?: string; apikey?: string };
  /** ms (≥ 1, default 100) to wait after the page's load event and idle before preloading the React runtime. */
  pluginLoadDelay: number;
  /** 'idle': preload the runtime when the browser is idle after load; 'intent': only on first intent. */
  preload: 'idle' | 'intent';
  /** Web fonts are fetched from a third party only when enabled (off by default, for the visitor's privacy). */
  fonts: { enabled: boolean; family: string; url?: string };
  extensions: Record<string, unknown>;
  debug: boolean;
}

export interface ConfigIssue {
  level: 'error' | 'warn';
  message: string;
  /** Where in the configuration, e.g. `main.theme`. */
  path?: string;
}

export interface AppConfig {
  main: MainConfig;
  sections: Record<string, Record<string, unknown>>;
}

/** What the loader read: the configuration, and whether every value was accepted as given (no issue to explain). */
export interface LoadedConfig extends AppConfig {
  clean: boolean;
}

type Fields = Omit<MainConfig, 'lang' | 'i18n' | 'header' | 'extensions'>;
/** An option of `main` that is a plain value: whether a value is accepted, its default, and the value kept. */
type Field<T> = [accept: (value: any) => boolean, fallback: () => T, read?: (value: any) => T];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf =
  (...values: unknown[]) =>
  (value: unknown): boolean =>
    values.includes(value);
/** A number in [min, max] (NaN is not). */
const within =
  (min: number, max: number) =>
  (value: unknown): boolean =>
    typeof value === 'number' && value >= min && value <= max;
const absoluteUrl = (value: string): boolean => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
const DEFAULT_FONTS = (): MainConfig['fonts'] => ({ enabled: false, family: 'Roboto:400,300,100' });

const FIELDS: { [K in keyof Fields]: Field<Fields[K]> } = {
  deploymentID: [(value) => typeof value === 'string' && value.length <= 64, () => ''],
  theme: [oneOf('dark', 'light'), () => 'dark'],
  timeFormat: [oneOf(12, 24), () => 12],
  mobileMode: [oneOf('auto', true, false), () => 'auto'],
  mobileModeBreakpoint: [within(1, 1e4), () => 600],
  pluginLoadDelay: [within(1, 2 ** 31 - 1), () => 100],
  preload: [oneOf('idle', 'intent'), () => 'idle'],
  fonts: [
    (value) => {
      if (!isRecord(value)) return false;
      const { enabled, family, url } = value;
      return (
        (enabled === undefined || typeof enabled === 'boolean') &&
        (family === undefined || (typeof family === 'string' && family !== '' && family.length <= 200)) &&
        (url === undefined || (typeof url === 'string' && absoluteUrl(url)))
      );
    },
    DEFAULT_FONTS,
    (value: Partial<MainConfig['fonts']>) => {
      const { enabled, family, url } = value;
      return { enabled: enabled ?? false, family: family ?? DEFAULT_FONTS().family, ...(url === undefined ? {} : { url }) };
    },
  ],
  debug: [(value) => typeof value === 'boolean', () => false],
};
/** Every option of `main`, in the order `readConfig` writes them (the keys of `getConfig`'s answer). */
const OPTIONS: readonly (keyof MainConfig)[] = ['deploymentID', 'theme', 'lang', 'i18n', 'timeFormat', 'mobileMode', 'mobileModeBreakpoint', 'header', 'pluginLoadDelay', 'preload', 'fonts', 'extensions', 'debug'];
const HEADERS: Readonly<Record<string, 'Authorization' | 'apikey'>> = { authorization: 'Authorization', apikey: 'apikey' };

/** `lang` among `available` (case-insensitive, as `available` spells it), or undefined: then English, with a warning. */
export function findLanguage(lang: unknown, available: readonly string[]): string | undefined {
  const wanted = typeof lang === 'string' ? lang.trim().toLowerCase() : '';
  return wanted === '' ? undefined : available.find((code) => code.toLowerCase() === wanted);
}

/** An http(s) URL, relative to the page (the loader's own copy of src/app/urls.ts `httpUrl`). */
const isHttpUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const base = globalThis.location?.href ?? 'http://localhost/';
    return ['http:', 'https:'].includes(new URL(value, base).protocol);
  } catch {
    return false;
  }
};

/** Whether an extension may be registered under `name` (a name, and a function or an http(s) URL). */
const isExtension = (name: unknown, extension: unknown): boolean =>
  typeof name === 'string' && name !== '' && (typeof extension === 'function' || isHttpUrl(extension));

/** The configuration, every value accepted or replaced by its default, as src/app/config-check.ts `readConfig` reads it. */
export function loadConfig(raw: unknown, availableLanguages: readonly string[]): LoadedConfig {
  let clean = true;
  const refuse = <T>(value: T): T => {
    clean = false;
    return value;
  };
  /** Own enumerable entries as a plain object; a getter that throws is skipped. */
  const plain = (value: object): Record<string, unknown> => {
    const entries: [string, unknown][] = [];
    let keys: string[] = [];
    try {
      keys = Object.keys(value);
    } catch {
      clean = false;
    }
    for (const key of keys) {
      try {
        entries.push([key, (value as Record<string, unknown>)[key]]);
      } catch {
        clean = false;
      }
    }
    return Object.fromEntries(entries); // own data properties: a `__proto__` key cannot reach a prototype
  };
  const field = <K extends keyof Fields>(key: K, value: unknown): Fields[K] => {
    const [accept, fallback, read] = FIELDS[key] as Field<Fields[K]>;
    if (value === undefined) return fallback();
    try {
      if (accept(value)) return read ? read(value) : (value as Fields[K]);
    } catch {
      // a getter threw: the default, as for any value not accepted
    }
    return refuse(fallback());
  };
  const i18nOf = (value: unknown): MainConfig['i18n'] => {
    if (value === undefined) return undefined;
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    try {
      const packs = normalizePacks(value);
      if (packs) return packs;
    } catch {
      // a getter threw
    }
    return refuse(undefined);
  };
  const headerOf = (value: unknown): MainConfig['header'] => {
    if (value === undefined) return {};
    if (!isRecord(value)) return refuse({});
    const header: MainConfig['header'] = {};
    for (const [name, text] of Object.entries(plain(value))) {
      const allowed = Object.hasOwn(HEADERS, name.toLowerCase()) ? HEADERS[name.toLowerCase()] : undefined;
      if (allowed && typeof text === 'string' && !/[\r\n]/.test(text)) header[allowed] = text;
      else clean = false; // a header dropped
    }
    return Object.keys(header).length > 0 ? header : refuse(header);
  };
  const extensionsOf = (value: unknown): MainConfig['extensions'] => {
    if (value === undefined) return {};
    if (!isRecord(value)) return refuse({});
    return Object.fromEntries(Object.entries(plain(value)).filter(([name, extension]) => isExtension(name, extension) || refuse(false)));
  };
  const mainOf = (main: Record<string, unknown>, available: readonly string[]): MainConfig => {
    if (Object.keys(main).some((key) => !OPTIONS.includes(key as keyof MainConfig))) clean = false; // an unknown option, ignored
    const i18n = i18nOf(main.i18n);
    const lang =
      typeof i18n === 'string' && typeof main.lang === 'string' && main.lang.trim() !== ''
        ? main.lang.trim() // the pack is fetched later; the app checks again
        : (findLanguage(main.lang, [...available, ...Object.keys(i18n ?? {})]) ?? refuse('en'));
    const out: Record<string, unknown> = {};
    for (const key of OPTIONS) {
      if (key === 'i18n') {
        if (i18n !== undefined) out.i18n = i18n;
      } else {
        out[key] = key === 'lang' ? lang : key === 'header' ? headerOf(main.header) : key === 'extensions' ? extensionsOf(main.extensions) : field(key, main[key]);
      }
    }
    return out as unknown as MainConfig;
  };
  const defaults = (): LoadedConfig => ({ main: defaultMainConfig(), sections: {}, clean: false });
  try {
    if (!isRecord(raw)) return defaults();
    const sections: [string, Record<string, unknown>][] = [];
    let main: Record<string, unknown> = {};
    for (const [name, section] of Object.entries(plain(raw))) {
      if (!isRecord(section)) clean = false; // ignored
      else if (name === 'main') main = plain(section);
      else sections.push([name, plain(section)]);
    }
    return { main: mainOf(main, availableLanguages), sections: Object.fromEntries(sections), clean };
  } catch {
    return defaults();
  }
}

/** The configuration every option at its default. */
export function defaultMainConfig(): MainConfig {
  return loadConfig({ main: { lang: 'en' } }, ['en']).main;
}
