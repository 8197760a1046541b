import type { BehaviorSubject } from 'rxjs';
import { Bus } from '../bus/index.ts';
import type { PluginHandle } from '../bus/index.ts';
import { findLanguage, loadConfig } from './config.ts';
import type { AppConfig, ConfigIssue } from './config.ts';
import { bundledLanguages, fetchLanguagePack, loadLanguagePack } from './packs.ts';
import type { Translator } from './i18n.ts';
import type { LanguagePacks } from './packs.ts';
import { watchEnvironment } from './environment.ts';
import type { Environment, Theme } from './environment.ts';
import { createCookieJar, setSessionFlag } from './storage.ts';
import type { CookieJar } from './storage.ts';

declare module '../bus/types.ts' {
  interface Commands {
    'App.closeAll': { options: void; result: void };
    /** 'dark', 'light' or a name of `main.themes`. */
    'App.setTheme': { options: { theme: Theme | (string & {}) }; result: void };
    'App.registerExtension': { options: { name: string; extension: unknown }; result: void };
    'App.getConfig': { options: { section?: string } | void; result: unknown };
    /** Switches the widgets' language (a bundled one or one of `main.i18n`'s); rejects an unknown code. */
    'App.setLanguage': { options: { lang: string }; result: void };
  }
  interface Events {
    'App.ready': { lang: string };
    'App.closeAll': void;
    'App.themeChanged': { theme: Theme | (string & {}) };
    'App.configured': { section: string };
    'App.languageChanged': { lang: string };
  }
}

/**
 * The controller registry: what each plugin hands to the elements that render it (usually its
 * actor). Each plugin declares its entry in its `src/plugins/<plugin>.api.ts`:
 *
 *   declare module '../app/app.ts' { interface Controllers { Callback: CallbackActor } }
 *
 * so `app.provide('Callback', …)` and `app.whenProvided('Callback')` are checked and typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one entry per plugin
export interface Controllers {}
export type ControllerName = keyof Controllers & string;

/** What a lazily loaded plugin module exports. */
export interface PluginModule {
  /**
   * Starts the plugin. `idle`: loaded when the browser was idle, no command waits for it; a plugin whose
   * start is long may then yield a task between its steps (the bus queues its commands until it resolves).
   */
  register(app: App, idle?: boolean): void | Promise<void>;
}

/**
 * Each plugin's code, fetched on its first command (`app`: the app that asks, e.g. for the console's gate;
 * `idle`: no command waits, the code may be evaluated in several shorter tasks).
 */
export type PluginLoaders = Record<string, (app: App, idle?: boolean) => Promise<PluginModule>>;

export interface PreloadOptions {
  /** Only into the HTTP cache (nothing parsed on the page's main thread until intent). */
  idle?: boolean;
  /** Also the windows a visitor is likely to open from this page (the launchers' channels …: src/load-graph.ts). */
  likely?: boolean;
  /** With the React runtime (default): false for a plugin that renders no view (the sidebar's actor, a service). */
  runtime?: boolean;
  /**
   * Also its view and the runtime where it has a view: a command asked for the plugin, so its window opens
   * next. Its files are fetched and the runtime is evaluated beside the plugin's load (src/load-graph.ts,
   * which knows which plugins have a view; the loader does not).
   */
  view?: boolean;
}

export interface AppOptions {
  window: Window;
  /** The raw `window.liveAssistConfig`. */
  config: unknown;
  /** Plugins whose code (and the React runtime) is loaded on their first command. */
  plugins: PluginLoaders;
  /** Fetches the React runtime chunk; called at most once. */
  loadRuntime: () => Promise<unknown>;
  /**
   * Fetches, without evaluating, the code of these plugins (with their views and the windows' companion
   * plugins) and the React runtime (src/preload.ts); called on intent and before a plugin loads.
   */
  preload?: (plugins: readonly string[], how: PreloadOptions) => void;
  /**
   * The plugins that render a React view: their first command also evaluates the runtime. Others
   * (services, the sidebar's actor) evaluate no React. Absent: every plugin loads the runtime.
   */
  viewPlugins?: ReadonlySet<string>;
  /**
   * The plugins whose view mounts when their window opens (the chat, send message, search): a command's
   * load fetches the runtime at once, beside the plugin and the load graph, not a round trip after them.
   */
  windowPlugins?: ReadonlySet<string>;
  /**
   * A bus made before the loader ran (the Genesys layer's, dist/genesys/): what the page commanded and
   * subscribed on it before the boot is kept. Absent: a new one.
   */
  bus?: Bus;
}

/**
 * The explanations of configuration problems (src/app/config-check.ts): not in the loader, imported when
 * needed. One promise for every caller, so messages are logged in the order they were asked for.
 */
let checking: Promise<typeof import('./config-check.ts')> | undefined;
export const configCheck = (): Promise<typeof import('./config-check.ts')> =>
  (checking ??= import('./config-check.ts').catch((error: unknown) => {
    checking = undefined; // not fetched: asked again next time
    throw error;
  }));

/**
 * Logs the issues `find` names (or one of the loader's own, by name) with the explanations module, as
 * `[live-assist] <message> (<path>)`; never rejects.
 */
export const explain = (
  find: ((check: Awaited<ReturnType<typeof configCheck>>) => ConfigIssue[]) | Parameters<Awaited<ReturnType<typeof configCheck>>['bootIssue']>[0],
): Promise<void> =>
  configCheck()
    .then((check) => check.log(typeof find === 'string' ? [check.bootIssue(find)] : find(check)))
    .catch((error: unknown) => console.error('[live-assist] The configuration has problems, but their explanation could not be loaded.', error));

/**
 * The app core: configuration, language, theme and mobile mode, cookies, the bus with the App plugin,
 * lazy plugin loading, and the controllers (actors) plugins provide to their elements.
 */
/** Said where a language pack (the launchers' part or the whole one) could not be loaded. */
const NO_PACK = '[live-assist] The language pack could not be loaded; texts show their keys.';

export class App {
  readonly bus: Bus;
  readonly config: AppConfig;
  readonly environment: BehaviorSubject<Environment>;
  readonly cookies: CookieJar;
  readonly window: Window;
  /**
   * The live-assist elements now connected to the page (in shadow roots too), in connection order: the
   * element hosts add and remove themselves; a page-level modal makes the others inert (elements/common/modal.ts).
   */
  readonly elements = new Set<HTMLElement>();
  /** Resolves once the language pack is loaded and `App.ready` is published. Never rejects. */
  readonly ready: Promise<void>;
  #translator: Translator;
  /** Loads the whole language pack once (App.ready has only the launchers' texts). */
  #wholePack: () => Promise<void> = () => Promise.resolve();
  #isReady = false;
  readonly #plugin: PluginHandle<'App'>;
  /** Each plugin's controller: a promise, pending until the plugin provides it (then resolved with the latest). */
  readonly #controllers = new Map<string, Promise<unknown>>();
  /** Resolves a plugin's pending promise (calling it again, after the first provide, does nothing). */
  readonly #provide = new Map<string, (controller: unknown) => void>();
  readonly #extensions = new Set<string>();
  readonly #loadRuntime: () => Promise<unknown>;
  #runtime?: Promise<unknown>;
  readonly #preload: (plugins: readonly string[], how: PreloadOptions) => void;
  #packs?: Promise<LanguagePacks | null>;

  constructor(options: AppOptions) {
    this.window = options.window;
    this.bus = options.bus ?? new Bus();
    // loadConfig adds the languages of a host `main.i18n` object itself; the raw configuration is not
    // read here, where a throwing getter would stop the boot. A value it did not accept is explained in
    // the console (config-check.ts, the same reading with its messages) before App.ready.
    const { main, sections, clean } = loadConfig(options.config, bundledLanguages);
    this.config = { main, sections };
    const explained = clean ? undefined : explain((check) => check.readConfig(options.config, bundledLanguages).issues);
    this.environment = watchEnvironment(this.window, main);
    this.cookies = createCookieJar(this.window.document, main.deploymentID || 'la');
    // Until the pack and the translator are in (App.ready), texts are their keys: nothing is drawn before.
    this.#translator = { lang: main.lang, t: (key) => key, plural: (key) => key };
    this.#loadRuntime = options.loadRuntime;
    this.#plugin = this.bus.registerPlugin('App');
    this.#registerCommands();
    this.#preload = options.preload ?? (() => undefined);
    for (const [name, load] of Object.entries(options.plugins)) {
      const runtime = options.viewPlugins?.has(name) ?? true;
      const opens = options.windowPlugins?.has(name) ?? false;
      this.bus.registerLazy(name, async (command) => {
        this.#preload([name], { runtime, view: !!command });
        // Its window opens next: the runtime is fetched now (the load graph, which also asks for it, is a
        // round trip away when cold, 12 ms at 4× CPU when warm); not awaited, the plugin registers without it.
        if (command && opens) void this.loadRuntime().catch(() => undefined);
        // The whole language pack beside the code, in the same round trip (a no-op once in).
        const [module] = await Promise.all([load(this, !command), runtime ? this.loadRuntime() : undefined, this.texts()]);
        // Loaded when idle (no command waits for it): the plugin starts in a task of its own, so the chunk's
        // evaluation and its start (its sections read, its actor made) are two shorter tasks, and input
        // waiting between them runs first. A command's load starts it at once: the visitor is waiting.
        if (!command) await this.nextTask();
        await module.register(this, !command);
      });
    }
    // Started in the task after the boot: the pack's and the translator's `import()`s and the lazy compile
    // of what runs them are 5–12 ms at 1×, and the boot task stays short (Lighthouse counts a task over
    // 12.5 ms at 1× as blocking). Nothing is drawn before App.ready anyway.
    this.ready = this.nextTask().then(() => this.#loadLanguage(explained));
  }

  /**
   * The task after this one: what awaits it lets the browser run what waits (input, rendering) first. The
   * one way live-assist yields, so a long start splits into tasks Lighthouse does not count as blocking
   * (over 12.5 ms at 1× CPU).
   */
  nextTask(): Promise<void> {
    return new Promise((resolve) => this.window.setTimeout(resolve));
  }

  /**
   * When the browser is next idle (an idle callback, `timeout` ms at the latest; the next task where it has
   * none): work the visitor does not wait for (a window's extras after its first frame) runs after the
   * open's own work and after their input. Once `signal` aborts (the window closed first) the callback is
   * cancelled and the promise never settles, so nothing waits on behind the closed window.
   */
  idle(timeout = 1000, signal?: AbortSignal): Promise<void> {
    const win = this.window as Window & {
      requestIdleCallback?: (go: () => void, options: { timeout: number }) => number;
      cancelIdleCallback?: (handle: number) => void;
    };
    return new Promise((resolve) => {
      if (signal?.aborted) return;
      const idle = typeof win.requestIdleCallback === 'function';
      const handle = idle ? win.requestIdleCallback!(() => done(), { timeout }) : win.setTimeout(() => done());
      const cancel = () => (idle ? win.cancelIdleCallback?.(handle) : win.clearTimeout(handle));
      const done = () => {
        signal?.removeEventListener('abort', cancel);
        resolve();
      };
      signal?.addEventListener('abort', cancel, { once: true });
    });
  }

  get t(): Translator {
    return this.#translator;
  }

  /**
   * Resolves once the whole language pack is in: App.ready brings only what the launchers draw, every
   * plugin waits for this before it starts. Never rejects (a pack that cannot load leaves texts as keys).
   */
  texts(): Promise<void> {
    return this.ready.then(() => this.#wholePack().catch((error: unknown) => console.error(NO_PACK, error)));
  }

  get isReady(): boolean {
    return this.#isReady;
  }

  /** Configuration section of a plugin (`sidebar`, `callback` …), an empty object when absent. */
  section(name: string): Record<string, unknown> {
    return this.config.sections[name] ?? {};
  }

  /** Host API `configure(section, options)`: replaces a section; plugins read it on their next use. */
  configure(section: string, options: Record<string, unknown>): void {
    if (typeof section !== 'string' || section === '' || section === 'main') {
      throw new Error('Invalid configuration: configure needs a plugin section name other than "main"');
    }
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw new Error('Invalid configuration');
    }
    this.config.sections[section] = { ...options };
    this.#plugin.publish('configured', { section });
  }

  /** Fetches the React runtime chunk (once): on first intent, on idle after load, or with a widget. */
  loadRuntime(): Promise<unknown> {
    this.#runtime ??= this.#loadRuntime().catch((error: unknown) => {
      this.#runtime = undefined;
      throw error;
    });
    return this.#runtime;
  }

  /**
   * The visitor shows intent (pointer or keyboard focus entering an element, a click): the code of the
   * likely windows and of `plugin` is fetched at once, and the React runtime is evaluated. `likely: false`
   * fetches `plugin`'s alone (a proactive invite to one window: the others are not aimed at).
   */
  intent(plugin?: string, { likely = true }: { likely?: boolean } = {}): void {
    this.#preload(plugin ? [plugin] : [], { likely });
    void this.loadRuntime().catch(() => undefined);
    void this.texts();
  }

  /** Fetches, without parsing or evaluating, the code of the likely windows and of the runtime (`preload: 'idle'`). */
  preload(): void {
    this.#preload([], { idle: true, likely: true });
    void this.texts();
  }

  /** A plugin hands its controller (usually its actor) to the elements that render it. */
  provide<P extends ControllerName>(plugin: P, controller: Controllers[P]): void {
    this.#provide.get(plugin)?.(controller);
    this.#controllers.set(plugin, Promise.resolve(controller));
  }

  /** Resolves with a plugin's controller once its code has loaded; does not load it. */
  whenProvided<P extends ControllerName>(plugin: P): Promise<Controllers[P]> {
    return this.whenProvidedByName(plugin) as Promise<Controllers[P]>;
  }

  /**
   * The untyped lookup, for generic code that holds a plugin name as data (the element host's
   * `spec.plugin`): the same as `whenProvided`, with the controller as `unknown`.
   */
  whenProvidedByName(plugin: string): Promise<unknown> {
    let controller = this.#controllers.get(plugin);
    if (!controller) this.#controllers.set(plugin, (controller = new Promise((resolve) => this.#provide.set(plugin, resolve))));
    return controller;
  }

  /** Appends a window's element to the page when a command opens it and the page does not hold one. */
  ensureElement(tag: string): HTMLElement {
    const doc = this.window.document;
    return doc.querySelector<HTMLElement>(tag) ?? doc.body.appendChild(doc.createElement(tag));
  }

  #registerCommands(): void {
    const app = this.#plugin;
    app.registerCommand('closeAll', () => app.publish('closeAll', undefined));
    app.registerCommand('setTheme', (options) => {
      const theme = options?.theme;
      if (theme !== 'dark' && theme !== 'light' && !(typeof theme === 'string' && Object.hasOwn(this.config.main.themes, theme))) {
        throw new Error('Invalid theme specified');
      }
      this.environment.next({ ...this.environment.value, theme: theme === 'light' ? 'light' : 'dark', themeName: theme });
      app.publish('themeChanged', { theme });
    });
    // Checked and run by config-check.ts (only the host page's own script may ask), with whether the app
    // was ready as the command was asked: the module loads first.
    app.registerCommand('registerExtension', (options, { commander }) => {
      const ready = this.#isReady;
      return configCheck().then((check) => check.registerExtension(this.bus, options, commander, this.#extensions, ready));
    });
    // After the start (its language first); the messages are config-check.ts's, loaded as the command runs.
    app.registerCommand('setLanguage', async (options) => {
      const wanted = options && typeof options === 'object' ? options.lang : undefined;
      const [{ ConfigMessages }, hostPacks] = await Promise.all([configCheck(), this.ready.then(() => this.#hostPacks())]);
      if (typeof wanted !== 'string' || wanted.trim() === '') throw new Error(ConfigMessages.noLanguage);
      const lang = findLanguage(wanted, [...bundledLanguages, ...Object.keys(hostPacks ?? {})]);
      if (lang === undefined) throw new Error(ConfigMessages.unknownLanguage);
      await this.#useLanguage(lang);
      // The widgets are in use: their whole pack, not only the launchers' part.
      await this.texts();
      app.publish('languageChanged', { lang: this.#translator.lang });
    });
    app.registerCommand('getConfig', (options) => {
      const section = options && typeof options === 'object' ? options.section : undefined;
      return section === undefined || section === 'main' ? this.config.main : this.section(section);
    });
    app.ready();
  }

  /** `explained`: the configuration's issues being logged, which App.ready waits for (they load beside the pack). */
  async #loadLanguage(explained?: Promise<void>): Promise<void> {
    const { main } = this.config;
    const unresolved = await this.#useLanguage(main.lang);
    await explained;
    await unresolved;
    this.#isReady = true;
    this.#plugin.publish('ready', { lang: this.#translator.lang });
    // In a task of its own: a page's first session storage access is a synchronous call to the browser
    // (about 6 ms at 1×), and this task draws every element.
    this.window.setTimeout(() => setSessionFlag(this.window, `${main.deploymentID || 'la'}_ready`, true));
  }

  /** The host's language packs (`main.i18n`: an object, or a URL fetched once), or null. */
  #hostPacks(): Promise<LanguagePacks | null> {
    const { i18n } = this.config.main;
    return (this.#packs ??= typeof i18n === 'string' ? fetchLanguagePack(i18n) : Promise.resolve(i18n ?? null));
  }

  /**
   * Makes `wanted` the translator's language (its launchers' texts now, the whole pack with texts()); a host
   * language without a pack falls back to English. Answers the logging of an unresolved language, if it was.
   */
  async #useLanguage(wanted: string): Promise<Promise<void> | undefined> {
    const { main } = this.config;
    let unresolved: Promise<void> | undefined;
    // The translator's chunk (which keeps the packs and makes the translator), fetched beside the packs.
    const i18n = import('./i18n.ts');
    try {
      const hostPacks = await this.#hostPacks();
      if (typeof main.i18n === 'string' && !hostPacks) {
        console.warn(`[live-assist] The language pack at ${main.i18n} could not be loaded; using the bundled one.`);
      }
      let lang = wanted;
      if (hostPacks && lang !== 'en' && !bundledLanguages.includes(lang as 'en') && !hostPacks[lang]) {
        const available = [...bundledLanguages, ...Object.keys(hostPacks)];
        const found = findLanguage(lang, available);
        if (found === undefined) {
          const code = lang;
          // Logged after the configuration's issues (one module promise: explain() keeps the order).
          unresolved = explain((check) => [check.resolveLanguage(code, available).issue ?? []].flat());
        }
        lang = found ?? 'en';
      }
      // Only the active language's pack is fetched, and up front only its launchers' part: the whole pack
      // comes with the first plugin (texts()). A bundled language is complete (test/app/locales.test.ts), so
      // its English fallback is fetched on demand, when a key is missing; a host's own language (usually a
      // few keys) gets English at once.
      const bundled = bundledLanguages.includes(lang as 'en');
      const [english, own, { languageOf }] = await Promise.all([
        lang === 'en' || !bundled ? loadLanguagePack('en', 'launchers') : undefined,
        lang === 'en' ? undefined : loadLanguagePack(lang, 'launchers'),
        i18n,
      ]);
      const language = languageOf({
        lang,
        english,
        own,
        hostPacks,
        loadPack: loadLanguagePack,
        // Views are drawn again when the translator changes (the whole pack, or the English fallback, came in).
        changed: (translator) => {
          if (this.#translator.lang !== lang) return;
          this.#translator = translator;
          this.environment.next({ ...this.environment.value });
        },
        wanted: () => void this.texts(),
      });
      this.#wholePack = language.whole;
      this.#translator = language.translator();
      if (lang !== this.environment.value.lang) this.environment.next({ ...this.environment.value, lang });
    } catch (error) {
      console.error(NO_PACK, error);
    }
    return unresolved;
  }
}
