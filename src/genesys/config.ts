// `window._genesys.widgets` read the way Widgets 9 reads it: at start, not when the script is parsed,
// so `window._genesys.widgets.webchat.userData.x = …` written after the object literal counts. The
// answer is our configuration (the shape of `window.liveAssistConfig`) by the table in config-map.ts;
// an option live-assist does not know is kept where it was (an extension may read it) and said once.
import type { LanguagePacks } from '../app/packs.ts';
import { isRecord } from '../app/records.ts';
import { ANY, FACE_OPTIONS, MAIN_OPTIONS, ROOT_KEYS, SECTIONS, getPath, numeric, setPath, type SectionRow, type Shape } from './config-map.ts';
import { loadGenesysPacks, mapGenesysPacks } from './i18n.ts';

/** An extension as Widgets runs it: `function ($, CXBus, Common) {…}`. */
export type GenesysExtension = (...args: unknown[]) => unknown;

/** The Genesys face's own options: what the page asked of Widgets that is not one of our options. */
export interface GenesysExtras {
  /** `main.plugins` and a `main.preload` list: Widgets' plugin names. */
  plugins?: unknown[];
  preload?: unknown[];
  cookieOptions?: Record<string, unknown>;
  /** `main.i18n` given as a URL: fetched by `loadGenesysConfig`. */
  i18nURL?: string;
}

/** One option the table does not know (or a section live-assist has no widget for). */
export interface UnknownOption {
  /** `webchat.form.inputs[].maxlenght` (list items as `[]`). */
  path: string;
  /** The documented option a letter or two away, when there is one. */
  nearest?: string;
  /** Why a documented section does nothing here. */
  unsupported?: string;
}

export interface GenesysConfig {
  /** Our configuration: `main` and one section per plugin, unknown options kept in place. */
  config: Record<string, Record<string, unknown>>;
  /** `widgets.onReady`, for the entry point to call once the bus is up. */
  onReady?: GenesysExtension;
  /** `widgets.extensions`, by name, for the entry point to run. */
  extensions: Record<string, GenesysExtension>;
  extras: GenesysExtras;
  unknown: UnknownOption[];
}

export interface ReadOptions {
  /** Where the reports go (default: the console, warnings; an extension's own section as information). */
  log?: (level: 'warn' | 'info', message: string) => void;
  /** Paths already reported: each is said once per page (default: one set per page). */
  reported?: Set<string>;
}

const pageReported = new Set<string>();
const consoleLog = (level: 'warn' | 'info', message: string) => console[level](message);

/** Own enumerable entries as a plain object; a getter that throws is skipped (as our loader reads). */
function plain(value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let keys: string[] = [];
  try {
    keys = Object.keys(value);
  } catch {
    return out;
  }
  for (const key of keys) {
    try {
      Object.defineProperty(out, key, { value: (value as Record<string, unknown>)[key], enumerable: true, writable: true, configurable: true });
    } catch {
      // a getter threw: left out, as our loader leaves it
    }
  }
  return out;
}

/** A copy of plain objects and arrays (so the page's own object is never changed); functions and
 * other objects (a DOM node, a Date) are the page's, kept as they are. Deeper than 10 levels: as given. */
function copy(value: unknown, depth = 0): unknown {
  if (depth > 10) return value;
  if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1));
  if (!isRecord(value) || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out = plain(value);
  for (const key of Object.keys(out)) out[key] = copy(out[key], depth + 1);
  return out;
}

/** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) d[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[s.length]![t.length]!;
}

/** The known key nearest to `key`: at most 2 edits away (1 for keys of up to 4 letters), the closest first. */
export function nearestKey(key: string, known: Iterable<string>): string | undefined {
  const limit = key.length <= 4 ? 1 : 2;
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(key, candidate);
    if (candidate !== key && distance <= limit && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key;
}

/** The options of `value` the shape does not document, with their paths (list items as `[]`). */
function unknownOf(value: unknown, shape: Shape | typeof ANY, path: string, out: UnknownOption[]): void {
  if (shape === ANY || !isRecord(value)) return;
  for (const key of Object.keys(value)) {
    const known = Object.hasOwn(shape, key) ? shape[key] : undefined;
    const at = `${path}.${key}`;
    if (known === undefined) {
      const nearest = nearestKey(key, Object.keys(shape));
      out.push(nearest ? { path: at, nearest } : { path: at });
    } else if (Array.isArray(known)) {
      const items = value[key];
      if (Array.isArray(items)) items.slice(0, 100).forEach((item) => unknownOf(item, known[0] as Shape, `${at}[]`, out));
    } else if (known !== 1) {
      unknownOf(value[key], known as Shape | typeof ANY, at, out);
    }
  }
}

/** Deletes `path` and then the objects it leaves empty on the way up. */
function deletePath(target: Record<string, unknown>, path: string): void {
  const steps = path.split('.');
  const chain: Record<string, unknown>[] = [target];
  for (const step of steps.slice(0, -1)) {
    const next = chain.at(-1)![step];
    if (!isRecord(next)) return;
    chain.push(next);
  }
  delete chain.at(-1)![steps.at(-1)!];
  for (let i = chain.length - 1; i > 0; i--) {
    if (Object.keys(chain[i]!).length > 0) break;
    delete chain[i - 1]![steps[i - 1]!];
  }
}

/** One section, copied and written our way by its row. */
function mapSection(section: Record<string, unknown>, row: SectionRow, root: Record<string, unknown>): Record<string, unknown> {
  for (const [path, write] of Object.entries(row.values ?? {})) {
    const value = getPath(section, path);
    if (value !== undefined) setPath(section, path, write(value));
  }
  for (const [from, to] of Object.entries(row.moves ?? {})) {
    if (!hasPath(section, from)) continue;
    const value = getPath(section, from);
    deletePath(section, from);
    if (value !== undefined && getPath(section, to) === undefined) setPath(section, to, value);
  }
  row.derive?.(section, root);
  return section;
}
const hasPath = (source: unknown, path: string): boolean => {
  const steps = path.split('.');
  const parent = steps.length > 1 ? getPath(source, steps.slice(0, -1).join('.')) : source;
  return isRecord(parent) && Object.hasOwn(parent, steps.at(-1)!);
};

/** `main` written our way; what is the face's own goes to `extras`. */
function mapMain(main: Record<string, unknown>, extras: GenesysExtras): Record<string, unknown> {
  const out = { ...main };
  for (const key of FACE_OPTIONS) {
    if (out[key] !== undefined) Object.assign(extras, { [key]: out[key] });
    delete out[key];
  }
  if (out.timeFormat !== undefined) out.timeFormat = numeric(out.timeFormat);
  if (out.mobileModeBreakpoint !== undefined) out.mobileModeBreakpoint = numeric(out.mobileModeBreakpoint);
  // Widgets downloads Roboto from Google unless told not to; ours asks first (the visitor's privacy), so only an explicit true fetches it.
  if (out.downloadGoogleFont !== undefined) {
    if (out.downloadGoogleFont === true) out.fonts = { enabled: true };
    delete out.downloadGoogleFont;
  }
  // Widgets' preload is a list of plugins to load at start; an empty list loads on demand, as our 'intent'.
  if (Array.isArray(out.preload)) {
    extras.preload = out.preload;
    out.preload = out.preload.length ? 'idle' : 'intent';
  }
  if (typeof out.i18n === 'string') {
    if (out.i18n.trim() !== '') extras.i18nURL = out.i18n.trim();
    delete out.i18n;
  } else if (isRecord(out.i18n)) {
    const packs = mapGenesysPacks(out.i18n);
    if (packs) out.i18n = packs;
  }
  return out;
}

/**
 * `win._genesys.widgets`, read now, as our configuration. Never throws: a missing or unreadable
 * object reads as an empty configuration (our defaults). Unknown options are kept and reported, once
 * each per page, in the console, naming the documented option a letter or two away.
 */
export function readGenesysConfig(win: unknown = globalThis, options: ReadOptions = {}): GenesysConfig {
  const { log = consoleLog, reported = pageReported } = options;
  let widgets: unknown;
  try {
    widgets = (win as { _genesys?: { widgets?: unknown } })?._genesys?.widgets;
  } catch {
    widgets = undefined;
  }
  const root = isRecord(widgets) ? (copy(widgets) as Record<string, unknown>) : {};
  const extras: GenesysExtras = {};
  const unknown: UnknownOption[] = [];
  const config: Record<string, Record<string, unknown>> = {};
  const knownRoots = [...Object.keys(SECTIONS), ...ROOT_KEYS];

  for (const [name, value] of Object.entries(root)) {
    if ((ROOT_KEYS as readonly string[]).includes(name) && name !== 'main') continue;
    if (name === 'main') {
      if (isRecord(value)) {
        unknownOf(value, MAIN_OPTIONS, 'main', unknown);
        config.main = mapMain(value, extras);
      }
      continue;
    }
    const row = Object.hasOwn(SECTIONS, name) ? SECTIONS[name] : undefined;
    if (!row) {
      const nearest = nearestKey(name, knownRoots);
      unknown.push(nearest ? { path: name, nearest } : { path: name });
    } else if (row.unsupported) {
      unknown.push({ path: name, unsupported: row.unsupported });
    } else if (isRecord(value)) {
      unknownOf(value, row.options, name, unknown);
    }
    // Kept whatever it is: our section readers report a value that is not an object.
    config[name] = row && !row.unsupported && isRecord(value) ? mapSection(value, row, root) : (value as Record<string, unknown>);
  }

  for (const item of unknown) {
    if (reported.has(item.path)) continue;
    reported.add(item.path);
    const where = `_genesys.widgets.${item.path}`;
    if (item.unsupported) log('warn', `[live-assist] ${where}: ${item.unsupported}; the section is kept for extensions`);
    else if (item.nearest) log('warn', `[live-assist] ${where} is not a Widgets 9 option (did you mean ${item.nearest}?); it is kept as given`);
    else if (!item.path.includes('.')) log('info', `[live-assist] ${where} is not a Widgets 9 section; it is kept for extensions`);
    else log('warn', `[live-assist] ${where} is not a Widgets 9 option; it is kept as given`);
  }

  const onReady = typeof root.onReady === 'function' ? (root.onReady as GenesysExtension) : undefined;
  const extensions = isRecord(root.extensions)
    ? (Object.fromEntries(Object.entries(root.extensions).filter(([, run]) => typeof run === 'function')) as Record<string, GenesysExtension>)
    : {};
  return { config, ...(onReady ? { onReady } : {}), extensions, extras, unknown };
}

/** `readGenesysConfig`, and a `main.i18n` URL fetched and mapped as our loader fetches a pack (null on
 * any failure: then the bundled texts, as our loader does). */
export async function loadGenesysConfig(win: unknown = globalThis, options: ReadOptions & { fetch?: typeof fetch } = {}): Promise<GenesysConfig> {
  const read = readGenesysConfig(win, options);
  if (read.extras.i18nURL) {
    const packs: LanguagePacks | null = await loadGenesysPacks(read.extras.i18nURL, options.fetch);
    if (packs) read.config.main = { ...read.config.main, i18n: packs };
  }
  return read;
}
