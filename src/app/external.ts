/**
 * The site's own code, named in `main` (plugins-and-infrastructure.md §7, "Message bus script loading"):
 * plugin scripts `{pluginsPath}{name}.min.js`, ES modules `{pluginsPath}{name}.mod.js`, and the
 * `extensions` run through `App.registerExtension` once App.ready is published. A lazy chunk: the loader
 * imports it only where the configuration names any of them (src/after-boot.ts).
 *
 * Only the page's own origin and the origins of `main.pluginOrigins` may serve them: a `pluginsPath`
 * pointing anywhere else is refused before any request. Scripts are added with a TrustedScriptURL made
 * by the library's policy (src/app/trusted-types.ts), so a page enforcing Trusted Types needs nothing
 * but 'live-assist' in its `trusted-types` directive; its CSP `script-src` must allow those origins.
 */
import type { App } from './app.ts';
import { trustedScriptURL } from './trusted-types.ts';

/** The spec's messages (§8, Bus), each followed in the console by the name and URL concerned. */
export const ExternalMessages = {
  plugin: 'Could not load plugin file in given location. Check your plugins path option.',
  file: 'Could not load file',
  module: 'Could not load module',
  origin: (url: string, allowed: readonly string[]) => `${url} is not on this page's origin nor in main.pluginOrigins (${allowed.join(', ')}): not loaded`,
  name: (name: string) => `${JSON.stringify(name)} is not a plugin or module name (letters, digits, '-', '_', '.'): not loaded`,
} as const;

/** A plugin or module name: a file name in the plugins folder, nothing that leaves it. */
const NAME = /^[A-Za-z0-9][\w.-]*$/;

/** What was loaded and what was refused, by name (for the page's tests and the console). */
export interface ExternalReport {
  plugins: Record<string, 'loaded' | 'failed' | 'refused'>;
  modules: Record<string, 'loaded' | 'failed' | 'refused'>;
  extensions: Record<string, 'loaded' | 'failed'>;
}

const log = (...args: unknown[]) => console.error('[live-assist]', ...args);

/** Adds a classic script (a plugin that registers itself on window.LiveAssist's bus); resolves when it ran. */
function addScript(doc: Document, url: string): Promise<void> {
  let src: string;
  try {
    src = trustedScriptURL(url);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${url} did not load`));
    // A TrustedScriptURL where the page enforces Trusted Types; the string itself elsewhere.
    (script as unknown as { src: unknown }).src = src;
    doc.head.appendChild(script);
  });
}

/**
 * Loads the plugin scripts and modules `main` names, then runs its extensions after App.ready. Each
 * failure is logged with the spec's message and stops no other. `base`: the default `pluginsPath`, the
 * loader's folder (this chunk sits beside the loader).
 */
export async function loadExternal(
  app: App,
  base = new URL('./', import.meta.url).href,
  importModule = (url: string) => import(/* @vite-ignore */ url),
): Promise<ExternalReport> {
  const { plugins, pluginModules, pluginsPath, pluginOrigins, extensions } = app.config.main;
  const page = app.window.location;
  const folder = new URL(pluginsPath || base, page.href);
  const allowed = [page.origin];
  for (const origin of pluginOrigins) {
    try {
      allowed.push(new URL(origin).origin);
    } catch {
      log(`main.pluginOrigins: ${JSON.stringify(origin)} is not an origin (https://host[:port])`);
    }
  }
  const report: ExternalReport = { plugins: {}, modules: {}, extensions: {} };
  /** The file's URL, or undefined (refused, and said why) when its name or origin is not allowed. */
  const locate = (name: string, suffix: string, message: string): string | undefined => {
    if (!NAME.test(name)) return void log(message, ExternalMessages.name(name));
    const url = new URL(`${name}${suffix}`, folder);
    if (!['http:', 'https:'].includes(url.protocol) || !allowed.includes(url.origin)) return void log(message, ExternalMessages.origin(url.href, allowed));
    return url.href;
  };
  await Promise.all([
    ...plugins.map(async (name) => {
      const url = locate(name, '.min.js', ExternalMessages.plugin);
      if (!url) return void (report.plugins[name] = 'refused');
      try {
        await addScript(app.window.document, url);
        report.plugins[name] = 'loaded';
      } catch (error) {
        log(ExternalMessages.plugin, name, url, error);
        report.plugins[name] = 'failed';
      }
    }),
    ...pluginModules.map(async (name) => {
      const url = locate(name, '.mod.js', ExternalMessages.module);
      if (!url) return void (report.modules[name] = 'refused');
      try {
        await importModule(url);
        report.modules[name] = 'loaded';
      } catch (error) {
        log(ExternalMessages.module, name, url, error);
        report.modules[name] = 'failed';
      }
    }),
  ]);
  // Extensions are registered only after App.ready (App.registerExtension refuses them before), in order.
  await app.ready;
  for (const [name, given] of Object.entries(extensions)) {
    let extension = given;
    if (typeof extension === 'string') {
      const url = new URL(extension, page.href);
      extension = url.href; // relative to the page, as the configuration was written there
      if (!allowed.includes(url.origin)) {
        log(ExternalMessages.file, name, ExternalMessages.origin(url.href, allowed));
        report.extensions[name] = 'failed';
        continue;
      }
    }
    try {
      // The configuration is the page's own script's object: it registers as the page would.
      await app.bus.command('App.registerExtension', { name, extension }, { commander: 'page' });
      report.extensions[name] = 'loaded';
    } catch (error) {
      log(typeof extension === 'string' ? ExternalMessages.file : (error as Error).message, name, error);
      report.extensions[name] = 'failed';
    }
  }
  return report;
}
