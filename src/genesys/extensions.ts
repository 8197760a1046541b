/**
 * Genesys Widgets extensions: `_genesys.widgets.extensions[name] = function ($, CXBus, Common) {…}`, each
 * run once at start, and form `validate(event, form, input, label, $, CXBus, Common)` functions, which
 * get the same three. `$` is the real jQuery 3 (the major version Widgets 9 hands its extensions),
 * imported only when there is something to hand it to: a page without extensions never fetches it.
 */
/// <reference types="jquery" />
import { isRecord } from '../app/records.ts';
import type { CXBus } from './cxbus.ts';
import type { GenesysCommon } from './common.ts';

/** What Genesys hands an extension and a form's validate, after their own arguments. */
export type ExtensionArgs = readonly [$: JQueryStatic, CXBus: CXBus, Common: GenesysCommon];

export type Extension = (...args: ExtensionArgs) => unknown;

/** A form field's validate, as Genesys calls it: the form, input and label wrapped by `$`. */
export type Validate = (event: unknown, form: JQuery<Element>, input: JQuery<Element>, label: JQuery<Element>, ...args: ExtensionArgs) => unknown;

export interface ExtensionKitOptions {
  cxbus: CXBus;
  /** `Common`, made with the jQuery loaded (src/genesys/common.ts `createCommon`), or the object itself. */
  common: GenesysCommon | (($: JQueryStatic) => GenesysCommon);
  /** Loads jQuery; default the `jquery` package, by `import()` (a chunk of its own). */
  loadJQuery?: () => Promise<JQueryStatic>;
}

export interface ExtensionKit {
  /** `$`, `CXBus` and `Common`: jQuery is loaded on the first call, once. */
  args(): Promise<ExtensionArgs>;
  /** The arguments if they are loaded already (a validate on a keystroke need not wait), else undefined. */
  loaded(): ExtensionArgs | undefined;
  /** Runs every extension of `extensions` (Genesys's `widgets.extensions`); answers the names that ran. */
  run(extensions: unknown): Promise<string[]>;
  /**
   * Runs a form field's `validate` with Genesys's arguments; a validate that throws counts as a refusal
   * and is reported in the console.
   */
  validate(validate: Validate, event: unknown, form: Element, input: Element, label: Element | null): Promise<boolean>;
}

/** The `jquery` package's jQuery (a CommonJS module: the function is its default export once bundled). */
export const loadJQuery = (): Promise<JQueryStatic> => import('jquery').then((module) => ((module as { default?: unknown }).default ?? module) as JQueryStatic);

export function createExtensionKit({ cxbus, common, loadJQuery: load = loadJQuery }: ExtensionKitOptions): ExtensionKit {
  let loaded: ExtensionArgs | undefined;
  let loading: Promise<ExtensionArgs> | undefined;
  const args = () =>
    (loading ??= load().then(
      ($) => (loaded = [$, cxbus, typeof common === 'function' ? common($) : common] as const),
      (error: unknown) => {
        loading = undefined; // not fetched (offline): asked again next time
        throw error;
      },
    ));

  return {
    args,
    loaded: () => loaded,
    async run(extensions) {
      const entries = isRecord(extensions) ? Object.entries(extensions) : [];
      for (const [name, extension] of entries) {
        if (typeof extension !== 'function') console.warn(`[live-assist] The extension ${name} is not a function and was not run.`);
      }
      const runnable = entries.filter((entry): entry is [string, Extension] => typeof entry[1] === 'function');
      if (runnable.length === 0) return [];
      let given: ExtensionArgs;
      try {
        given = await args();
      } catch (error) {
        console.error('[live-assist] jQuery could not be loaded: the extensions were not run.', error);
        return [];
      }
      const ran: string[] = [];
      for (const [name, extension] of runnable) {
        // One extension's error stops no other, now or later (an async one's rejection is reported too).
        try {
          const answer = extension(...given);
          if (answer && typeof (answer as PromiseLike<unknown>).then === 'function') {
            (answer as PromiseLike<unknown>).then(undefined, (error: unknown) => console.error(`[live-assist] The extension ${name} failed:`, error));
          }
          ran.push(name);
        } catch (error) {
          console.error(`[live-assist] The extension ${name} failed:`, error);
        }
      }
      return ran;
    },
    async validate(validate, event, form, input, label) {
      const given = await args();
      const [$] = given;
      try {
        return !!validate(event, $(form), $(input), $(label ?? []), ...given);
      } catch (error) {
        console.error('[live-assist] A form field’s validate function failed:', error);
        return false;
      }
    },
  };
}

/** Runs Genesys extensions with `$` (loaded only when there is one), `CXBus` and `Common`. */
export function runExtensions(extensions: unknown, options: ExtensionKitOptions): Promise<string[]> {
  return createExtensionKit(options).run(extensions);
}
