import * as v from 'valibot';

/**
 * Validation of a plugin's configuration section with valibot, in the plugin's own (lazily loaded)
 * chunk. The loader checks only `main` (by hand, see config.ts: valibot's runtime would take a
 * tenth of the loader's budget); every other section is read here when its plugin first runs.
 *
 * Each option is checked on its own: a bad value is reported in the console with the section, the
 * option and a specific message, and replaced by its default, so the widget still starts. Lists
 * keep their good items and report each bad one.
 */
export type SectionSchema = Record<string, v.GenericSchema>;
export type SectionOf<S extends SectionSchema> = { [K in keyof S]: v.InferOutput<S[K]> };

export interface SectionIssue {
  path: string;
  message: string;
}

const report = (issues: SectionIssue[], log: (message: string) => void) =>
  issues.forEach(({ path, message }) => log(`[live-assist] ${path}: ${message}`));

/** The options of `raw` checked against `schema`; a bad or missing option takes the schema's default. */
export function readSection<S extends SectionSchema>(
  name: string,
  raw: unknown,
  schema: S,
  log: (message: string) => void = console.error,
): { value: SectionOf<S>; issues: SectionIssue[] } {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const issues: SectionIssue[] = [];
  const value = {} as Record<string, unknown>;
  for (const [key, option] of Object.entries(schema)) {
    const result = v.safeParse(option, source[key]);
    if (result.success) {
      value[key] = result.output;
    } else {
      issues.push({ path: `${name}.${key}`, message: result.issues[0].message });
      value[key] = v.getDefault(option as v.OptionalSchema<v.GenericSchema, unknown>);
    }
  }
  report(issues, log);
  return { value: value as SectionOf<S>, issues };
}

/** The valid items of a list option; each invalid item is reported with its index and dropped. */
export function readList<S extends v.GenericSchema>(
  path: string,
  raw: unknown,
  item: S,
  log: (message: string) => void = console.error,
): { value: v.InferOutput<S>[]; issues: SectionIssue[] } {
  const issues: SectionIssue[] = [];
  if (raw === undefined) return { value: [], issues };
  if (!Array.isArray(raw)) {
    issues.push({ path, message: 'must be a list' });
    report(issues, log);
    return { value: [], issues };
  }
  const value: v.InferOutput<S>[] = [];
  raw.forEach((entry, index) => {
    const result = v.safeParse(item, entry);
    if (result.success) value.push(result.output);
    else {
      const where = result.issues[0].path?.map((p) => String(p.key)).join('.') ?? '';
      issues.push({ path: `${path}[${index}]${where ? `.${where}` : ''}`, message: result.issues[0].message });
    }
  });
  report(issues, log);
  return { value, issues };
}

export { v };
