import * as v from 'valibot';
import { httpUrl } from './urls.ts';
import { isRecord } from './records.ts';

/**
 * Validation of a plugin's configuration section with valibot, in the plugin's own (lazily loaded)
 * chunk. The loader checks only `main` (by hand, see config.ts: valibot's runtime would take a
 * tenth of the loader's budget); every other section is read here when its plugin first runs.
 *
 * A section schema maps each option to a valibot schema (with its default), to a nested section
 * (an object option whose fields are checked one by one, e.g. `callback.ewt`) or to a list
 * (`listOf(item, max)`: good items kept, each bad one dropped, items past `max` ignored unread). Each option is checked on its own: a bad
 * value is reported in the console with its path and a specific message, and replaced by its
 * default, so the widget still starts.
 */
const LIST: unique symbol = Symbol('list');

/** A list option: its items are checked one by one (see `readList`), at most `max` of them. */
export interface ListOption<S extends v.GenericSchema = v.GenericSchema> {
  readonly [LIST]: S;
  readonly max: number;
}

export type SectionEntry = v.GenericSchema | ListOption | SectionSchema;
export interface SectionSchema {
  readonly [key: string]: SectionEntry;
}

/** The type a section entry reads as. */
export type EntryOf<E> =
  E extends ListOption<infer S> ? v.InferOutput<S>[] : E extends v.GenericSchema ? v.InferOutput<E> : E extends SectionSchema ? SectionOf<E> : never;
export type SectionOf<S extends SectionSchema> = { -readonly [K in keyof S]: EntryOf<S[K]> };

export interface SectionIssue {
  path: string;
  message: string;
}

export type Log = (message: string) => void;

/**
 * A list option of at most `max` `item`s: a longer list is reported and cut to its first `max`
 * items before any is checked, so a page listing 100,000 channels cannot block the main thread.
 */
export const listOf = <S extends v.GenericSchema>(item: S, max: number): ListOption<S> => ({ [LIST]: item, max });

const isSchema = (entry: SectionEntry): entry is v.GenericSchema => (entry as { kind?: unknown }).kind === 'schema';
const isList = (entry: SectionEntry): entry is ListOption => LIST in entry;

const report = (issues: SectionIssue[], log: Log) => issues.forEach(({ path, message }) => log(`[live-assist] ${path}: ${message}`));

/** `path` plus where inside the value valibot found the problem (`.ewt.queue`, `[2].name`). */
function where(path: string, issue: v.BaseIssue<unknown>): string {
  let out = path;
  for (const step of issue.path ?? []) out += typeof step.key === 'number' ? `[${step.key}]` : `.${String(step.key)}`;
  return out;
}

/** One option: the parsed value, or its default with an issue. */
function readEntry(path: string, raw: unknown, entry: SectionEntry, issues: SectionIssue[]): unknown {
  if (isList(entry)) return listItems(path, raw, entry[LIST], entry.max, issues);
  if (!isSchema(entry)) return sectionValue(path, raw, entry, issues);
  const result = v.safeParse(entry, raw);
  if (result.success) return result.output;
  issues.push({ path: where(path, result.issues[0]), message: result.issues[0].message });
  return v.getDefault(entry as v.OptionalSchema<v.GenericSchema, unknown>);
}

function sectionValue(path: string, raw: unknown, schema: SectionSchema, issues: SectionIssue[]): Record<string, unknown> {
  if (raw !== undefined && !isRecord(raw)) issues.push({ path, message: 'must be an object' });
  const source = isRecord(raw) ? raw : {};
  const value: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(schema)) value[key] = readEntry(`${path}.${key}`, source[key], entry, issues);
  return value;
}

function listItems(path: string, raw: unknown, item: v.GenericSchema, max: number, issues: SectionIssue[]): unknown[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    issues.push({ path, message: 'must be a list' });
    return [];
  }
  if (raw.length > max) issues.push({ path, message: `must have at most ${max} items: the ${raw.length - max} after the first ${max} were ignored` });
  const value: unknown[] = [];
  raw.slice(0, max).forEach((entry, index) => {
    const result = v.safeParse(item, entry);
    if (result.success) value.push(result.output);
    else issues.push({ path: where(`${path}[${index}]`, result.issues[0]), message: result.issues[0].message });
  });
  return value;
}

/**
 * The options of `raw` checked against `schema`; a bad or missing option takes the schema's default.
 * A missing section is all defaults; one that is not an object is reported and read as all defaults.
 */
export function readSection<S extends SectionSchema>(
  name: string,
  raw: unknown,
  schema: S,
  log: Log = console.error,
): { value: SectionOf<S>; issues: SectionIssue[] } {
  const issues: SectionIssue[] = [];
  const value = sectionValue(name, raw, schema, issues);
  report(issues, log);
  // The loop above gave each key of `schema` the type `EntryOf` names for it.
  return { value: value as SectionOf<S>, issues };
}

/**
 * A reader of one section that checks it again only when it was replaced (`LiveAssist.configure`
 * stores a new object), so a plugin may read its section on every request and each bad option is
 * reported once.
 */
export function sectionReader<S extends SectionSchema>(name: string, schema: S, log?: Log): (raw: unknown) => SectionOf<S> {
  let last: { raw: unknown; value: SectionOf<S> } | undefined;
  return (raw) => {
    if (!last || last.raw !== raw) last = { raw, value: readSection(name, raw, schema, log).value };
    return last.value;
  };
}

/** The valid items of a list option (at most `max`); each invalid item is reported with its index and dropped. */
export function readList<S extends v.GenericSchema>(
  path: string,
  raw: unknown,
  item: S,
  max: number,
  log: Log = console.error,
): { value: v.InferOutput<S>[]; issues: SectionIssue[] } {
  const issues: SectionIssue[] = [];
  const value = listItems(path, raw, item, max, issues);
  report(issues, log);
  return { value: value as v.InferOutput<S>[], issues };
}

/**
 * The message of an object schema: valibot reports a missing key with the object's own message, so
 * it says "is missing" there (the path names the key) and "must be an object" otherwise.
 */
export const objectMessage = (issue: v.BaseIssue<unknown>): string => (issue.input === undefined ? 'is missing' : 'must be an object');

// Option schemas most sections share; the message says what is expected (the path names the option).

/** true or false. */
export const flag = (fallback: boolean) => v.optional(v.boolean('must be true or false'), fallback);
/** The longest text option (characters) unless the option names its own bound: a link, a label, a key. */
export const MAX_TEXT = 2000;
const someText = (max: number) =>
  v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty'), v.maxLength(max, `must be at most ${max} characters long`));
/** An optional non-empty string of at most `max` characters (absent: undefined). */
export const text = (max = MAX_TEXT) => v.optional(someText(max));
/** A non-empty string of at most `max` characters, `fallback` when absent. */
export const textOr = (fallback: string, max = MAX_TEXT) => v.optional(someText(max), fallback);
const isA = (unit?: string) => (unit ? `must be a number of ${unit}` : 'must be a number');
const atLeast = (min: number, unit?: string) =>
  min === 0 ? 'must not be negative' : `must be at least ${min}${unit ? ` ${min === 1 ? unit.replace(/s$/, '') : unit}` : ''}`;
/**
 * The largest value of a number option in each unit, unless the option names its own: a day of
 * seconds or minutes, the browser's longest timer (a longer one fires at once), 100 files, 1 GB.
 */
export const UNIT_MAX: Record<string, number> = {
  seconds: 86_400,
  minutes: 1440,
  milliseconds: 2 ** 31 - 1,
  files: 100,
  bytes: 1_000_000_000,
};
const MAX_NUMBER = 1_000_000_000;
const atMost = (max: number, unit?: string) => `must be at most ${max}${unit ? ` ${unit}` : ''}`;
const finiteNumber = (min: number, unit?: string, max = (unit && UNIT_MAX[unit]) || MAX_NUMBER) =>
  v.pipe(v.number(isA(unit)), v.finite(isA(unit)), v.minValue(min, atLeast(min, unit)), v.maxValue(max, atMost(max, unit)));

/** A finite number from `min` to `max` (absent: `fallback`); `unit` (plural: 'seconds') words the messages and names the default `max`. */
export const number = (fallback: number, min = 0, unit?: string, max?: number) => v.optional(finiteNumber(min, unit, max), fallback);
/** An optional finite number from `min` to `max` with no default. */
export const someNumber = (min = 0, unit?: string, max?: number) => v.optional(finiteNumber(min, unit, max));
/** Seconds (a finite number from `min` to `max`, a day unless named). */
export const seconds = (fallback: number, min = 0, max?: number) => number(fallback, min, 'seconds', max);
/** Milliseconds (a finite number from `min` to `max`, the longest timer unless named). */
export const milliseconds = (fallback: number, min = 0, max?: number) => number(fallback, min, 'milliseconds', max);
/** A bus command name, `Plugin.command`. */
export const commandName = () => v.pipe(v.string('must be a string'), v.regex(/^\w+\.\w+$/, 'must look like Plugin.command'));
/**
 * The bus's rule for a command named by configuration or markup (src/bus/channel-commands.ts, which
 * says why), copied: that module is in the load-graph chunk, which this one (in the plugins' chunks)
 * must not import statically. test/app/section.test.ts checks the copies agree.
 */
export const CHANNEL_COMMAND =
  /^(?:(?:CallUs|Callback|Calendar|ChannelSelector|ClickToCall|Search|SendMessage|WebChat)\.(?:open|show[A-Z]\w*)|SendMessage\.redirect|Sidebar\.(?:open|expand|showChannels))$/;
export const notChannelCommand = (name: string): string =>
  `${name} may not run from configuration or markup: a clickCommand may only open or show a widget (e.g. Callback.open, SendMessage.redirect)`;
/** The most keys of a `userData` record: each is sent with every request. */
export const MAX_KEYS = 50;
/** The longest `clickOptions` as JSON (characters) and its deepest nesting: a widget's open options, not data. */
export const MAX_CLICK_OPTIONS = 2000;
export const MAX_CLICK_DEPTH = 5;
/** Whether `value` nests objects or lists no deeper than `max` levels (stops at the first deeper one). */
const shallow = (value: unknown, max: number): boolean =>
  typeof value !== 'object' || value === null || (max > 0 && Object.values(value).every((inner) => shallow(inner, max - 1)));
/** `value` as JSON is at most MAX_CLICK_OPTIONS characters (a cycle, a BigInt: not JSON). */
const fitsJSON = (value: unknown): boolean => {
  try {
    return (JSON.stringify(value) ?? '').length <= MAX_CLICK_OPTIONS;
  } catch {
    return false;
  }
};
/**
 * A `clickOptions`: plain options of at most MAX_CLICK_OPTIONS characters as JSON and MAX_CLICK_DEPTH
 * levels, except `autoSubmit` (a click opens a form; the visitor submits it).
 */
export const clickOptions = () =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.check((options) => shallow(options, MAX_CLICK_DEPTH), `must be nested at most ${MAX_CLICK_DEPTH} levels deep`),
      v.check(fitsJSON, `must be at most ${MAX_CLICK_OPTIONS} characters long as JSON`),
      v.check((options) => !(options as { autoSubmit?: unknown } | null)?.autoSubmit, 'must not ask autoSubmit: the visitor submits the form'),
    ),
  );
/**
 * A `clickCommand` (channels, the send-message side button): a command name from configuration or
 * markup, so only a widget's open or show command; the bus refuses any other when it runs too.
 */
export const clickCommand = () =>
  v.pipe(
    commandName(),
    v.check<string, (issue: v.CheckIssue<string>) => string>(
      (name) => CHANNEL_COMMAND.test(name),
      (issue) => notChannelCommand(issue.input),
    ),
  );
/** A link a notice points to: http(s) or relative to the page (never `javascript:`). */
export const link = () =>
  v.pipe(
    v.string('must be a link'),
    v.nonEmpty('must be a link'),
    v.maxLength(MAX_TEXT, `must be at most ${MAX_TEXT} characters long`),
    v.check((url) => httpUrl(url, 'https://host.invalid/') !== undefined, 'must be an http(s) or relative link'),
  );

/**
 * A form's data-protection notice (callback, send message, chat: contact-widgets.md §2): the data
 * controller, the purpose and the policy document; all three or no notice.
 */
export const dataProtectionSchema = v.object(
  {
    controller: someText(MAX_TEXT),
    purpose: someText(MAX_TEXT),
    pdf: link(),
  },
  objectMessage,
);

/** The most channels a sidebar or channel selector lists (`sidebar.channels`, `channelselector.channels`). */
export const MAX_CHANNELS = 50;

/**
 * One channel of `sidebar.channels` and `channelselector.channels` (contact-widgets.md §3 "Channel
 * configuration"); the sidebar ignores `subtitle`, `html` and `ewt`.
 */
export const channelSchema = v.looseObject(
  {
    name: v.pipe(
      v.string('each channel must be an object with a name'),
      v.nonEmpty('must not be empty'),
      v.maxLength(100, 'must be at most 100 characters long'),
    ),
    enable: v.optional(v.boolean('must be true or false')),
    clickCommand: v.optional(clickCommand()),
    clickOptions: clickOptions(),
    displayName: text(),
    displayTitle: text(),
    icon: text(),
    html: text(),
    i18n: text(),
    subtitle: text(),
    onClick: v.optional(v.function('must be a function')),
    ewt: v.optional(
      v.object(
        {
          display: v.optional(v.boolean('must be true or false')),
          queue: text(),
          availabilityThresholdMin: someNumber(0, 'seconds'),
          availabilityThresholdMax: someNumber(0, 'seconds'),
          hideChannelWhenThresholdMax: v.optional(v.boolean('must be true or false')),
        },
        objectMessage,
      ),
    ),
  },
  'each channel must be an object with a name',
);

export { v };
