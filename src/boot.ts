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
import { wasOpenBefore } from './app/restore.ts';
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

/** Whether the Sidebar plugin must run before intent: the deployment's availability rule hides channels. */
const sidebarRule = (app: App): boolean =>
  app.section('stats').availability !== undefined && app.section('sidebar').availability !== false;

/** Runs `go` once the page has loaded, `main.pluginLoadDelay` has passed and the browser is idle. */
function whenIdle(app: App, go: () => void): void {
  const { window: win } = app;
  const idle = (win as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
    .requestIdleCallback;
  const later = () => win.setTimeout(() => (idle ? idle.call(win, go, { timeout: 5000 }) : go()), app.config.main.pluginLoadDelay);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

/**
 * After load, when idle: the React runtime (`main.preload: 'idle'`), and the SendMessage or Search plugin
 * when its side button is configured visible (`sendmessage.sideButton.visible`, `search.sideButton.visible`):
 * the plugin renders the button from its view, so the loader carries no button markup.
 */
function scheduleIdleWork(app: App): void {
  // 'idle' fetches the runtime and the likely windows' code without evaluating it (src/preload.ts): no
  // long task before intent. Only the sidebar's availability rule runs, when the deployment has one (it
  // hides the channels that are closed before the visitor aims at them); it evaluates no React.
  if (app.config.main.preload === 'idle') {
    whenIdle(app, () => {
      app.preload();
      if (sidebarRule(app) && app.window.document.querySelector('la-sidebar')) void app.bus.load('Sidebar').catch(() => undefined);
    });
  }
  // Checked by hand (no valibot in the loader); the plugin reads the whole section when it loads.
  // The chat button and the proactive invite need the WebChat plugin: a site with a `webchat` section
  // gets it when idle, unless it turned both off (chatButton.enabled: false, autoInvite off).
  const webchat = app.section('webchat') as { transport?: unknown; chatButton?: { enabled?: unknown }; autoInvite?: { enabled?: unknown } };
  if (webchat.transport && (webchat.chatButton?.enabled !== false || webchat.autoInvite?.enabled === true)) {
    whenIdle(app, () => void app.bus.load('WebChat').catch(() => undefined));
  }
  // A side button configured visible (send-message's, search's): its plugin renders it, so it loads when idle.
  for (const [section, plugin] of [['sendmessage', 'SendMessage'], ['search', 'Search']] as const) {
    if ((app.section(section).sideButton as { visible?: unknown } | null | undefined)?.visible === true) {
      whenIdle(app, () => void app.bus.load(plugin).catch(() => undefined));
    }
  }
}

/** Whether the site enabled the console; `report` names a value that is not true or false. */
function consoleEnabled(app: App, report = false): boolean {
  const { enabled } = app.section('console');
  if (report && enabled !== undefined && typeof enabled !== 'boolean') void explain('consoleEnabled');
  return enabled === true;
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

/** Boots the suite once per page: config, app, plugins, elements, public API. */
export function boot({ window: win, plugins, loadRuntime, base = win.location.href }: BootOptions): LiveAssistApi {
  if (win.LiveAssist) {
    void explain('loadedTwice');
    return win.LiveAssist;
  }
  const preload = createPreloader(win.document, base);
  const app: App = new App({
    window: win,
    config: hostConfig(win),
    plugins,
    loadRuntime,
    preload: (names, how) => preload(app, names, how),
    viewPlugins: new Set(elements.map((e): ElementSpec => e.spec).filter((spec) => spec.view && !spec.mountWhen).map((spec) => spec.plugin!)),
  });
  bindApp(app);
  defineElements(win.customElements);
  scheduleIdleWork(app);
  if (app.config.main.fonts.enabled) {
    void import('./app/fonts.ts').then((fonts) => fonts.loadWebFonts(win.document, app.config.main.fonts));
  }
  // A chat of an earlier page on this host comes back, in its window: the chat plugins load only when
  // the host-only session cookie exists (src/services/chat/session-store.ts) or, for an asynchronous
  // chat, the page's getSessionData may hold one (read by hand here); nothing of the chat loads otherwise.
  const chat = app.section('webchat') as { async?: { enabled?: unknown; getSessionData?: unknown } };
  if (app.cookies.get('webchat_session', { hostOnly: true }) || (chat.async?.enabled === true && typeof chat.async.getSessionData === 'function')) {
    void app.bus.load('WebChat').catch(() => undefined);
  }
  // Reopened only where the site enabled it, from this host's own cookie (src/app/restore.ts).
  if (consoleEnabled(app, true) && wasOpenBefore(app, 'console')) void app.bus.command('Console.open', undefined, { commander: 'App' }).catch(() => undefined);

  const api: LiveAssistApi = Object.freeze({
    version: VERSION,
    ready: app.ready,
    command: <K extends CommandName>(name: K, ...[options]: OptionsArg<K>) =>
      app.bus.commandByName(name, options, { commander: 'page' }) as Promise<ResultOf<K>>,
    subscribe: <T extends EventPattern>(name: T, handler: (event: EventOf<T>) => void) =>
      app.bus.subscribe(name, handler),
    configure: async (section: string, options: Record<string, unknown>) => app.configure(section, options),
  });
  Object.defineProperty(win, 'LiveAssist', { value: api, enumerable: true }); // neither writable nor configurable
  return api;
}
