// The host page's `window.liveAssistConfig`: one section per plugin. `main` is read here, in the loader,
// by hand and without a word of explanation: a value is accepted or replaced by its default, and every
// other section is handed, as a plain object, to the plugin that owns it. Reading never throws. When
// something was not accepted as given, the app imports src/app/config-check.ts, whose `readConfig`
// gives the same values with the explanations (ConfigIssue) it logs in the console; the loader, whose
// every byte each host page pays for, carries none of them (test/app/config.test.ts runs
// many configurations through both).
import { isRecord, normalizePacks, type LanguagePacks } from './packs.ts';

export type { LanguagePacks } from './packs.ts';

export interface MainConfig {
  /** Prefix of every cookie name. */
  deploymentID: string;
  /** Custom theme names → the CSS class the widgets' windows and launchers carry (`{ custom: 'cx-theme-custom' }`). */
  themes: Record<string, string>;
  /** 'dark', 'light', or a name of `themes` (drawn with the dark tokens, plus its class). */
  theme: string;
  /**
   * The id of a `<style>` or `<link rel="stylesheet">` of the page whose rules are adopted into every
   * element's shadow root after ours (elements/common/page-sheet.ts).
   */
  customStylesheetID?: string;
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
  /** Plugin scripts by name, loaded from `{pluginsPath}{name}.min.js` (src/app/external.ts). */
  plugins: string[];
  /** ES modules by name, imported from `{pluginsPath}{name}.mod.js`. */
  pluginModules: string[];
  /** Where plugins and modules are; '' = the loader's folder. */
  pluginsPath: string;
  /** Origins besides the page's own that plugins, modules and extension URLs may come from. */
  pluginOrigins: string[];
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

/** An option of `main` that is a plain value: whether a value is accepted, its default, and the value kept from either. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read gets the value accept just let through, typed by each field its own way
type Field = [accept: (value: unknown) => boolean, fallback: unknown, read?: (value: any) => unknown];

const oneOf =
  (...values: unknown[]) =>
  (value: unknown): boolean =>
    values.includes(value);
/** A number in [min, max] (NaN is not). */
const within =
  (min: number, max: number) =>
  (value: unknown): boolean =>
    typeof value === 'number' && value >= min && value <= max;
/** A list of strings; each entry is checked as it is used (src/app/external.ts). */
const strings = (value: unknown): boolean => Array.isArray(value) && value.every((entry) => typeof entry === 'string');
/** One CSS class name (`cx-theme-custom`). */
const isClassName = (value: unknown): boolean => typeof value === 'string' && /^-?[_a-zA-Z][\w-]*$/.test(value);
const absoluteUrl = (value: string): boolean => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every option of `main`, in the order `readConfig` writes them (the keys of `getConfig`'s answer): a
 * plain value's `Field`, or 0 for the five `loadConfig` reads itself (theme, lang, i18n, header, extensions).
 */
const FIELDS: Record<keyof MainConfig, Field | 0> = {
  deploymentID: [(value) => typeof value === 'string' && value.length <= 64, ''],
  // Before `theme`, which may name one of them.
  themes: [(value) => isRecord(value) && Object.values(value).every(isClassName), {}, (value: Record<string, string>) => ({ ...value })],
  theme: 0,
  customStylesheetID: [(value) => typeof value === 'string' && /^\S{1,256}$/.test(value), undefined],
  lang: 0,
  i18n: 0,
  timeFormat: [oneOf(12, 24), 12],
  mobileMode: [oneOf('auto', true, false), 'auto'],
  mobileModeBreakpoint: [within(1, 1e4), 600],
  header: 0,
  pluginLoadDelay: [within(1, 2 ** 31 - 1), 100],
  preload: [oneOf('idle', 'intent'), 'idle'],
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
    {},
    // A new object each time (the default too: `{}` read).
    ({ enabled = false, family = 'Roboto:400,300,100', url }: Partial<MainConfig['fonts']>): MainConfig['fonts'] => ({
      enabled,
      family,
      ...(url === undefined ? {} : { url }),
    }),
  ],
  plugins: [strings, []],
  pluginModules: [strings, []],
  pluginsPath: [(value) => value === '' || isHttpUrl(value), ''],
  pluginOrigins: [strings, []],
  extensions: 0,
  debug: [oneOf(true, false), false],
};
/** The accepted request headers by their lower-case name (a Map: no prototype member is a header). */
const HEADERS = new Map<string, 'Authorization' | 'apikey'>([
  ['authorization', 'Authorization'],
  ['apikey', 'apikey'],
]);

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
  const refuse = <T>(value: T): T => ((clean = false), value);
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
  const field = ([accept, fallback, read = (kept) => kept]: Field, value: unknown): unknown => {
    if (value === undefined) return read(fallback);
    try {
      if (accept(value)) return read(value);
    } catch {
      // a getter threw: the default, as for any value not accepted
    }
    return refuse(read(fallback));
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
  /** A record's entries (`undefined`: none; not a record: refused). */
  const entriesOf = (value: unknown): [string, unknown][] => (value === undefined ? [] : isRecord(value) ? Object.entries(plain(value)) : refuse([]));
  const headerOf = (value: unknown): MainConfig['header'] => {
    const header: MainConfig['header'] = {};
    for (const [name, text] of entriesOf(value)) {
      const allowed = HEADERS.get(name.toLowerCase());
      if (allowed && typeof text === 'string' && !/[\r\n]/.test(text)) header[allowed] = text;
      else clean = false; // a header dropped
    }
    return value === undefined || Object.keys(header).length > 0 ? header : refuse(header);
  };
  const mainOf = (main: Record<string, unknown>): MainConfig => {
    if (Object.keys(main).some((key) => !Object.hasOwn(FIELDS, key))) clean = false; // an unknown option, ignored
    const i18n = i18nOf(main.i18n);
    const out: Record<string, unknown> = {};
    for (const [key, plainField] of Object.entries(FIELDS)) {
      out[key] = plainField
        ? field(plainField, main[key])
        : key === 'theme'
          ? main.theme === undefined
            ? 'dark'
            : main.theme === 'dark' || main.theme === 'light' || (typeof main.theme === 'string' && Object.hasOwn(out.themes as object, main.theme))
              ? main.theme
              : refuse('dark')
          : key === 'lang'
            ? typeof i18n === 'string' && typeof main.lang === 'string' && main.lang.trim() !== ''
              ? main.lang.trim() // the pack is fetched later; the app checks again
              : (findLanguage(main.lang, [...availableLanguages, ...Object.keys(i18n ?? {})]) ?? refuse('en'))
            : key === 'i18n'
              ? i18n
              : key === 'header'
                ? headerOf(main.header)
                : Object.fromEntries(entriesOf(main.extensions).filter(([name, extension]) => isExtension(name, extension) || refuse(false)));
      if (out[key] === undefined) delete out[key]; // i18n, customStylesheetID left out
    }
    return out as unknown as MainConfig;
  };
  try {
    if (isRecord(raw)) {
      const sections: [string, Record<string, unknown>][] = [];
      let main: Record<string, unknown> = {};
      for (const [name, section] of Object.entries(plain(raw))) {
        if (!isRecord(section))
          clean = false; // ignored
        else if (name === 'main') main = plain(section);
        else sections.push([name, plain(section)]);
      }
      return { main: mainOf(main), sections: Object.fromEntries(sections), clean };
    }
  } catch {
    // not an object, or a revoked proxy: the defaults
  }
  return { main: defaultMainConfig(), sections: {}, clean: false };
}

/** The configuration every option at its default. */
export function defaultMainConfig(): MainConfig {
  return loadConfig({ main: { lang: 'en' } }, ['en']).main;
}
