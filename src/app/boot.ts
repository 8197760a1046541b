import { App } from './app.ts';
import type { PluginLoaders } from './app.ts';
import { registerWindowManager } from '../plugins/window-manager.ts';
import { bindApp } from '../../elements/common/host.ts';
import { defineElements } from '../../elements/index.ts';
import { wasOpenBefore } from './restore.ts';
import { loadWebFonts } from './fonts.ts';
import type { CommandName, OptionsOf, ResultOf, BusEvent, EventPattern, DataOf } from '../bus/index.ts';

/** The host page's API, `window.LiveAssist`. */
export interface LiveAssistApi {
  readonly version: string;
  /** Resolves when App.ready has been published (the language pack is loaded). Never rejects. */
  readonly ready: Promise<void>;
  command<K extends CommandName>(name: K, options?: OptionsOf<K>): Promise<ResultOf<K>>;
  subscribe<T extends EventPattern>(name: T, handler: (event: BusEvent<DataOf<T>>) => void): () => void;
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
}

/** Preloads the runtime once the page has loaded and the browser is idle (`main.preload: 'idle'`). */
function schedulePreload(app: App): void {
  const { window: win } = app;
  const { preload, pluginLoadDelay } = app.config.main;
  if (preload !== 'idle') return;
  const whenIdle = () => {
    const idle = (win as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
      .requestIdleCallback;
    const go = () => void app.loadRuntime().catch(() => undefined);
    win.setTimeout(() => (idle ? idle.call(win, go, { timeout: 5000 }) : go()), pluginLoadDelay);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}

/** Boots the suite once per page: config, app, plugins, elements, public API. */
export function boot({ window: win, plugins, loadRuntime }: BootOptions): LiveAssistApi {
  if (win.LiveAssist) {
    console.warn('[live-assist] loaded twice; the second copy is ignored.');
    return win.LiveAssist;
  }
  const app = new App({ window: win, config: win.liveAssistConfig, plugins, loadRuntime });
  registerWindowManager(app);
  bindApp(app);
  defineElements(win.customElements);
  schedulePreload(app);
  loadWebFonts(win.document, app.config.main.fonts);
  if (wasOpenBefore(app, 'console')) void app.bus.command('Console.open', undefined, { commander: 'App' }).catch(() => undefined);

  const api: LiveAssistApi = Object.freeze({
    version: VERSION,
    ready: app.ready,
    command: <K extends CommandName>(name: K, options?: OptionsOf<K>) =>
      app.bus.command(name, options, { commander: 'page' }),
    subscribe: <T extends EventPattern>(name: T, handler: (event: BusEvent<DataOf<T>>) => void) =>
      app.bus.subscribe(name, handler),
    configure: async (section: string, options: Record<string, unknown>) => app.configure(section, options),
  });
  Object.defineProperty(win, 'LiveAssist', { value: api, configurable: false, writable: false, enumerable: true });
  return api;
}
