/**
 * Boot: the one place where the app core meets the elements. It sits beside the loader
 * (src/index.ts), above both layers, so src/app never imports elements/ (the layer rules:
 * .dependency-cruiser.cjs, checked by `npm run lint:layers`).
 */
import { App, explain } from './app/app.ts';
import type { PluginLoaders } from './app/app.ts';
import { bindApp } from '../elements/common/host.ts';
import type { ElementSpec } from '../elements/common/host.ts';
import { defineElements, elements } from '../elements/index.ts';
import { createPreloader } from './preload.ts';
import { HOST_BUS } from './host-bus.ts';
import type { CommandName, EventOf, EventPattern, OptionsArg, ResultOf } from './bus/index.ts';

/** The host page's API, `window.LiveAssist`. */
export interface LiveAssistApi {
  readonly version: string;
  /** Resolves when App.ready has been published (the language pack is loaded). Never rejects. */
  readonly ready: Promise<void>;
  /**
   * Runs a bus command as the page. Names and options are checked against the plugins' declared
   * vocabulary; options may be left out only where the command takes none or only optional ones.
   */
  command<K extends CommandName>(name: K, ...options: OptionsArg<K>): Promise<ResultOf<K>>;
  /** Observes an event, `Plugin.*` (the union of that plugin's events) or `*`; returns the unsubscribe function. */
  subscribe<T extends EventPattern>(name: T, handler: (event: EventOf<T>) => void): () => void;
  configure(section: string, options: Record<string, unknown>): Promise<void>;
}

declare global {
  interface Window {
    liveAssistConfig?: unknown;
    LiveAssist?: LiveAssistApi;
  }
}

export const VERSION = '0.1.0';

export interface BootOptions {
  window: Window;
  plugins: PluginLoaders;
  loadRuntime: () => Promise<unknown>;
  /** The loader's own URL (`import.meta.url`): chunks are preloaded relative to it. */
  base?: string;
}

/** The page's `window.liveAssistConfig`; a getter that throws is reported and read as no configuration. */
function hostConfig(win: BootOptions['window']): unknown {
  try {
    return win.liveAssistConfig;
  } catch {
    void explain('unreadable');
    return undefined;
  }
}

/** The bus a layer made before the loader, when it looks like one. */
function hostBus(win: BootOptions['window']): App['bus'] | undefined {
  const bus = (win as unknown as Record<symbol, unknown>)[HOST_BUS] as App['bus'] | undefined;
  return typeof bus?.registerLazy === 'function' ? bus : undefined;
}

/** Boots the suite once per page: config, app, plugins, elements, public API. */
export function boot({ window: win, plugins, loadRuntime, base = win.location.href }: BootOptions): LiveAssistApi {
  if (win.LiveAssist) {
    void explain('loadedTwice');
    return win.LiveAssist;
  }
  const preload = createPreloader(win.document, base);
  const specs = elements.map((e): ElementSpec => e.spec);
  const app: App = new App({
    window: win,
    config: hostConfig(win),
    bus: hostBus(win),
    plugins,
    loadRuntime,
    preload: (names, how) => preload(app, names, how),
    viewPlugins: new Set(specs.filter((spec) => spec.view && !spec.mountWhen).map((spec) => spec.plugin!)),
    windowPlugins: new Set(specs.filter((spec) => spec.view && spec.mountWhen).map((spec) => spec.plugin!)),
  });
  bindApp(app);
  defineElements(win.customElements);
  // The rest waits for a task of its own, in a chunk of its own (src/after-boot.ts): the boot stays one
  // short task (Lighthouse's TBT counts a task over 12.5 ms at 1×) and the loader carries none of it.
  win.setTimeout(
    () =>
      void import('./after-boot.ts').then(
        (later) => later.afterBoot(app),
        (error: unknown) => console.error('[live-assist]', error),
      ),
  );

  const api: LiveAssistApi = Object.freeze({
    version: VERSION,
    ready: app.ready,
    command: <K extends CommandName>(name: K, ...[options]: OptionsArg<K>) =>
      app.bus.commandByName(name, options, { commander: 'page' }) as Promise<ResultOf<K>>,
    subscribe: <T extends EventPattern>(name: T, handler: (event: EventOf<T>) => void) => app.bus.subscribe(name, handler),
    configure: async (section: string, options: Record<string, unknown>) => app.configure(section, options),
  });
  Object.defineProperty(win, 'LiveAssist', { value: api, enumerable: true }); // neither writable nor configurable
  return api;
}
