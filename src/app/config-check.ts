// The explanations of configuration problems, and the complete, synchronous `readConfig` (values and
// issues). Not part of the loader: the loader reads `window.liveAssistConfig` with src/app/config.ts
// `loadConfig` (the same values, without a word of explanation) and imports this module only when that
// found something it did not accept (or to run App.registerExtension, or a host pack without the page's
// language). test/app/config.test.ts runs thousands of configurations through both and compares them.
// Lazy chunks never import loader code (rollup.config.mjs), so the host packs' flattening is this
// module's own copy of src/app/packs.ts `normalizePacks`.
import type { AppConfig, ConfigIssue, LanguagePacks, MainConfig } from './config.ts';
import { isRecord } from './records.ts';

export type { AppConfig, ConfigIssue, MainConfig } from './config.ts';

/** `AppConfig` with every problem found, as the loader reports it in the console. */
export interface CheckedConfig extends AppConfig {
  issues: ConfigIssue[];
}

/** The spec's messages (plugins-and-infrastructure.md §5 and §8), plus our own for the other options. */
export const ConfigMessages = {
  noConfiguration: 'No configuration provided',
  invalidTheme: 'Invalid theme specified',
  invalidThemes: 'themes must be an object of theme name: CSS class name, such as { custom: "cx-theme-custom" }',
  invalidStylesheetID: 'customStylesheetID must be the id of a <style> or <link rel="stylesheet"> element: 1 to 256 characters, no spaces',
  invalidTimeFormat: 'Invalid time format: expected 12 or 24',
  noLanguage: 'No language code provided',
  unknownLanguage: 'No matching language code found in language pack',
  invalidWait: 'Wait needs at least 1 ms: pluginLoadDelay must be a number of milliseconds ≥ 1',
  noRequestHeader: 'No request header found.',
  extensionNotReady: 'You must wait until App.ready is published before registering new Extensions.',
  extensionInvalid: 'The options name must be a string and extension must be a function or a URL.',
  extensionTaken: (name: string) => `The Extension name: ${name}, is already taken. Please use another name.`,
  extensionNotPage: (commander: string) => `App.registerExtension may be run only by the host page's own script (LiveAssist.command), not by ${commander}`,
} as const;

/**
 * The loader's (src/boot.ts) messages about the configuration and the page, logged or thrown as they
 * are needed: none of them is in the loader.
 */
export const BootMessages = {
  unreadable: 'window.liveAssistConfig could not be read (its getter threw): starting with the default configuration',
  consoleOff: 'The console is off: set console.enabled to true in liveAssistConfig to use it',
  consoleEnabled: 'console.enabled: must be true or false',
  loadedTwice: 'loaded twice; the second copy is ignored.',
} as const;

/** One of the loader's own problems as an issue (a second copy of the loader is a warning, the others errors). */
export const bootIssue = (name: 'unreadable' | 'consoleEnabled' | 'loadedTwice'): ConfigIssue => ({
  level: name === 'loadedTwice' ? 'warn' : 'error',
  message: BootMessages[name],
});

/** Logs issues in the console as the loader reports them: `[live-assist] <message> (<path>)`, errors as errors. */
export const log = (issues: readonly ConfigIssue[]): void =>
  issues.forEach((issue) => (issue.level === 'error' ? console.error : console.warn)(`[live-assist] ${issue.message}${issue.path ? ` (${issue.path})` : ''}`));

const M = ConfigMessages;
const DEFAULT_LANGUAGE = 'en';
const ALLOWED_HEADERS: Readonly<Record<string, 'Authorization' | 'apikey'>> = {
  authorization: 'Authorization',
  apikey: 'apikey',
};

/**
 * Options of `main` that are plain values: each check returns the first problem's message (null when
 * valid) and carries its default. Hand-written, as the loader's own reading (src/app/config.ts), which
 * must accept and refuse exactly the same values.
 */
interface Field<T> {
  problem(value: unknown): string | null;
  fallback: () => T;
  /** The accepted value (defaults to the value itself). */
  read?: (value: unknown) => T;
}
const oneOf = <T>(values: readonly T[], message: string, fallback: T): Field<T> => ({
  problem: (value) => (values.includes(value as T) ? null : message),
  fallback: () => fallback,
});
const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);
const isAbsoluteUrl = (value: string): boolean => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};
const isClassName = (value: unknown): boolean => typeof value === 'string' && /^-?[_a-zA-Z][\w-]*$/.test(value);
/** A list of strings (plugin and module names, origins): each entry is checked as it loads (src/app/external.ts). */
const strings = (name: string): Field<string[]> => ({
  problem: (value) => (Array.isArray(value) && value.every((entry) => typeof entry === 'string') ? null : `${name} must be an array of strings`),
  fallback: () => [],
});
const DEFAULT_FONTS = (): MainConfig['fonts'] => ({ enabled: false, family: 'Roboto:400,300,100' });

const mainSchemas = {
  deploymentID: {
    problem: (value: unknown) =>
      typeof value !== 'string' ? 'deploymentID must be a string' : value.length > 64 ? 'deploymentID must be at most 64 characters long' : null,
    fallback: () => '',
  } as Field<string>,
  themes: {
    problem: (value: unknown) => (isRecord(value) && Object.values(value).every(isClassName) ? null : M.invalidThemes),
    fallback: () => ({}),
    read: (value: unknown) => ({ ...(value as Record<string, string>) }),
  } as Field<Record<string, string>>,
  customStylesheetID: {
    problem: (value: unknown) => (typeof value === 'string' && /^\S{1,256}$/.test(value) ? null : M.invalidStylesheetID),
    fallback: () => undefined,
  } as Field<string | undefined>,
  timeFormat: oneOf([12, 24] as const, M.invalidTimeFormat, 12),
  mobileMode: oneOf<'auto' | boolean>(['auto', true, false], "mobileMode must be 'auto', true or false", 'auto'),
  mobileModeBreakpoint: {
    problem: (value: unknown) =>
      !isNumber(value) ? 'mobileModeBreakpoint must be a number of pixels' : value < 1 || value > 1e4 ? 'mobileModeBreakpoint must be from 1 to 10000' : null,
    fallback: () => 600,
  } as Field<number>,
  pluginLoadDelay: {
    problem: (value: unknown) => (isNumber(value) && value >= 1 && value <= 2 ** 31 - 1 ? null : M.invalidWait),
    fallback: () => 100,
  } as Field<number>,
  preload: oneOf(['idle', 'intent'] as const, "preload must be 'idle' or 'intent'", 'idle'),
  fonts: {
    problem: (value: unknown) => {
      if (!isRecord(value)) return 'fonts must be an object';
      const { enabled, family, url } = value;
      if (enabled !== undefined && typeof enabled !== 'boolean') return 'fonts.enabled must be true or false';
      if (family !== undefined && typeof family !== 'string') return 'fonts.family must be a string';
      if (family === '' || (family as string)?.length > 200) return 'fonts.family must be 1 to 200 characters long';
      if (url !== undefined && typeof url !== 'string') return 'fonts.url must be a string';
      if (typeof url === 'string' && !isAbsoluteUrl(url)) return 'fonts.url must be an absolute URL';
      return null;
    },
    fallback: DEFAULT_FONTS,
    read: (value: unknown) => {
      const { enabled, family, url } = value as Partial<MainConfig['fonts']>;
      return { enabled: enabled ?? false, family: family ?? DEFAULT_FONTS().family, ...(url === undefined ? {} : { url }) };
    },
  } as Field<MainConfig['fonts']>,
  plugins: strings('plugins'),
  pluginModules: strings('pluginModules'),
  pluginsPath: {
    problem: (value: unknown) => (value === '' || isHttpUrl(value) ? null : 'pluginsPath must be an http(s) URL (relative to the page) of the plugins folder'),
    fallback: () => '',
  } as Field<string>,
  pluginOrigins: strings('pluginOrigins'),
  debug: { problem: (value: unknown) => (typeof value === 'boolean' ? null : 'debug must be true or false'), fallback: () => false } as Field<boolean>,
};

type FieldValue<K extends keyof typeof mainSchemas> = (typeof mainSchemas)[K] extends Field<infer T> ? T : never;

const specialKeys = ['theme', 'lang', 'i18n', 'header', 'extensions'];
const knownKeys = new Set([...Object.keys(mainSchemas), ...specialKeys]);

/** src/app/packs.ts `normalizePacks` (the loader's): host packs in canonical form, nested objects flattened
 * to dotted keys, or null when the value is not an object of language objects. */
const flatten = (value: Record<string, unknown>, prefix = '', depth = 0): [string, string][] =>
  Object.entries(value).flatMap(([key, entry]): [string, string][] => {
    if (typeof entry === 'string') return [[prefix + key, entry]];
    if (isRecord(entry) && depth < 4) return flatten(entry, `${prefix}${key}.`, depth + 1);
    return [];
  });
function normalizePacks(value: unknown): LanguagePacks | null {
  if (!isRecord(value)) return null;
  const languages = Object.entries(value);
  if (!languages.every(([, pack]) => isRecord(pack))) return null;
  return Object.fromEntries(languages.map(([lang, pack]) => [lang, Object.fromEntries(flatten(pack as Record<string, unknown>))]));
}

class Reader {
  readonly issues: ConfigIssue[] = [];

  report(level: ConfigIssue['level'], message: string, path?: string): void {
    this.issues.push(path === undefined ? { level, message } : { level, message, path });
  }

  /** Own enumerable entries of a host object as a plain object; a getter that throws is reported and skipped. */
  plain(value: object, path: string): Record<string, unknown> {
    const entries: [string, unknown][] = [];
    let keys: string[] = [];
    try {
      keys = Object.keys(value);
    } catch {
      this.report('error', `${path} could not be read`, path);
    }
    for (const key of keys) {
      try {
        entries.push([key, (value as Record<string, unknown>)[key]]);
      } catch {
        this.report('error', `${path}.${key} could not be read`, `${path}.${key}`);
      }
    }
    return Object.fromEntries(entries); // own data properties: a `__proto__` key cannot reach a prototype
  }

  /** The value if `field` accepts it (undefined gives the default), or the default with the message reported. */
  field<T>(field: Field<T>, value: unknown, path: string): T {
    if (value === undefined) return field.fallback();
    try {
      const problem = field.problem(value);
      if (problem === null) return field.read ? field.read(value) : (value as T);
      this.report('error', problem, path);
    } catch {
      this.report('error', `${path} could not be read`, path);
    }
    return field.fallback();
  }
}

/** The language to use: `lang` if it is among `available` (case-insensitive), else English with the
 * spec's warning. Exported so the app can check again once a language-pack URL has been fetched. */
export function resolveLanguage(lang: unknown, available: readonly string[]): { lang: string; issue?: ConfigIssue } {
  if (typeof lang !== 'string' || lang.trim() === '') {
    return { lang: DEFAULT_LANGUAGE, issue: { level: 'warn', message: M.noLanguage, path: 'main.lang' } };
  }
  const match = available.find((code) => code.toLowerCase() === lang.trim().toLowerCase());
  return match ? { lang: match } : { lang: DEFAULT_LANGUAGE, issue: { level: 'warn', message: M.unknownLanguage, path: 'main.lang' } };
}

// The loader's own copy of src/app/urls.ts `httpUrl` (lazy chunks never import loader code: rollup.config.mjs).
const isHttpUrl = (value: unknown): boolean => {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const base = globalThis.location?.href ?? 'http://localhost/';
    return ['http:', 'https:'].includes(new URL(value, base).protocol);
  } catch {
    return false;
  }
};

/** Why an extension cannot be registered under `name`, or null when it can. */
export function validateExtension(name: unknown, extension: unknown, taken: ReadonlySet<string>, ready: boolean): string | null {
  if (!ready) return M.extensionNotReady;
  if (typeof name !== 'string' || name === '' || !(typeof extension === 'function' || isHttpUrl(extension))) {
    return M.extensionInvalid;
  }
  return taken.has(name) ? M.extensionTaken(name) : null;
}

/**
 * `App.registerExtension` (src/app/app.ts hands it over as the command runs, with whether the app was
 * ready then): it imports a module or runs a function, so only the host page's own script may ask
 * (LiveAssist.command), never a plugin, the console or a name taken from configuration or markup.
 * `taken`: the app's extension names, to which a registered one is added. The URL is imported from
 * this chunk, which sits beside the loader in the same folder, so a relative URL resolves as there.
 */
export async function registerExtension(
  bus: unknown,
  options: { name: string; extension: unknown } | undefined,
  commander: string,
  taken: Set<string>,
  ready: boolean,
): Promise<void> {
  if (commander !== 'page') throw new Error(M.extensionNotPage(commander));
  const problem = validateExtension(options?.name, options?.extension, taken, ready);
  if (problem) throw new Error(problem);
  const { name, extension } = options!;
  taken.add(name);
  if (typeof extension === 'function') await extension(bus);
  else await import(/* @vite-ignore */ String(extension));
}

function readI18n(r: Reader, value: unknown): MainConfig['i18n'] {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  try {
    const packs = normalizePacks(value);
    if (packs) return packs;
  } catch {
    // a getter threw: reported below like any other malformed value
  }
  r.report('error', 'i18n must be a URL or an object of language packs: { "<lang>": { "<key>": "<text>" } }', 'main.i18n');
  return undefined;
}

function readHeader(r: Reader, value: unknown): MainConfig['header'] {
  if (value === undefined) return {};
  if (!isRecord(value)) {
    r.report('error', 'header must be an object', 'main.header');
    return {};
  }
  const header: MainConfig['header'] = {};
  const dropped: string[] = [];
  for (const [name, text] of Object.entries(r.plain(value, 'main.header'))) {
    const allowed = Object.hasOwn(ALLOWED_HEADERS, name.toLowerCase()) ? ALLOWED_HEADERS[name.toLowerCase()] : undefined;
    if (allowed && typeof text === 'string' && !/[\r\n]/.test(text)) header[allowed] = text;
    else dropped.push(name);
  }
  if (dropped.length > 0) {
    r.report('warn', `Request headers dropped: ${dropped.join(', ')} (only Authorization and apikey are accepted, as single-line strings)`, 'main.header');
  }
  if (Object.keys(header).length === 0) r.report('warn', M.noRequestHeader, 'main.header');
  return header;
}

function readExtensions(r: Reader, value: unknown): MainConfig['extensions'] {
  if (value === undefined) return {};
  if (!isRecord(value)) {
    r.report('error', 'extensions must be an object of name: function or URL', 'main.extensions');
    return {};
  }
  const entries = Object.entries(r.plain(value, 'main.extensions')).filter(([name, extension]) => {
    const problem = validateExtension(name, extension, new Set(), true);
    if (problem) r.report('error', problem, `main.extensions.${name}`);
    return problem === null;
  });
  return Object.fromEntries(entries);
}

/** 'dark', 'light' or a name of `themes`; anything else is the spec's 'Invalid theme specified', and dark. */
function readTheme(r: Reader, value: unknown, themes: Record<string, string>): string {
  if (value === undefined || value === 'dark' || value === 'light' || (typeof value === 'string' && Object.hasOwn(themes, value))) return value ?? 'dark';
  r.report('error', M.invalidTheme, 'main.theme');
  return 'dark';
}

function readMain(r: Reader, raw: Record<string, unknown>, availableLanguages: readonly string[]): MainConfig {
  const field = <K extends keyof typeof mainSchemas>(key: K): FieldValue<K> => r.field(mainSchemas[key] as Field<FieldValue<K>>, raw[key], `main.${key}`);
  for (const key of Object.keys(raw)) {
    if (!knownKeys.has(key)) r.report('warn', `Unknown option main.${key} was ignored`, `main.${key}`);
  }
  const i18n = readI18n(r, raw.i18n);
  const language =
    typeof i18n === 'string' && typeof raw.lang === 'string' && raw.lang.trim() !== ''
      ? { lang: raw.lang.trim() } // the pack is fetched later; the app checks again with resolveLanguage
      : resolveLanguage(raw.lang, [...availableLanguages, ...Object.keys(i18n ?? {})]);
  if (language.issue) r.issues.push(language.issue);
  const themes = field('themes');
  const customStylesheetID = field('customStylesheetID');
  return {
    deploymentID: field('deploymentID'),
    themes,
    theme: readTheme(r, raw.theme, themes),
    ...(customStylesheetID === undefined ? {} : { customStylesheetID }),
    lang: language.lang,
    ...(i18n === undefined ? {} : { i18n }),
    timeFormat: field('timeFormat'),
    mobileMode: field('mobileMode'),
    mobileModeBreakpoint: field('mobileModeBreakpoint'),
    header: readHeader(r, raw.header),
    pluginLoadDelay: field('pluginLoadDelay'),
    preload: field('preload'),
    fonts: field('fonts'),
    plugins: field('plugins'),
    pluginModules: field('pluginModules'),
    pluginsPath: field('pluginsPath'),
    pluginOrigins: field('pluginOrigins'),
    extensions: readExtensions(r, raw.extensions),
    debug: field('debug'),
  };
}

/** The configuration every option at its default. */
export function defaultMainConfig(): MainConfig {
  return readMain(new Reader(), { lang: DEFAULT_LANGUAGE }, [DEFAULT_LANGUAGE]);
}

/** Validate the host page's configuration object. Never throws, whatever `raw` is. */
export function readConfig(raw: unknown, availableLanguages: readonly string[]): CheckedConfig {
  const r = new Reader();
  try {
    if (!isRecord(raw)) {
      const got = Array.isArray(raw) ? 'an array' : typeof raw;
      const detail = raw === undefined || raw === null ? '' : `: expected an object, got ${got}`;
      r.report('error', M.noConfiguration + detail);
      return { main: defaultMainConfig(), sections: {}, issues: r.issues };
    }
    const sections: [string, Record<string, unknown>][] = [];
    let main: Record<string, unknown> = {};
    for (const [name, section] of Object.entries(r.plain(raw, 'liveAssistConfig'))) {
      if (!isRecord(section)) {
        r.report('error', `Configuration section "${name}" must be an object; it was ignored`, name);
      } else if (name === 'main') {
        main = r.plain(section, 'main');
      } else {
        sections.push([name, r.plain(section, name)]);
      }
    }
    return { main: readMain(r, main, availableLanguages), sections: Object.fromEntries(sections), issues: r.issues };
  } catch (error) {
    r.report('error', `Invalid configuration: ${error instanceof Error ? error.message : String(error)}`);
    return { main: defaultMainConfig(), sections: {}, issues: r.issues };
  }
}
