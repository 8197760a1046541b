/**
 * The Genesys Widgets 9 layer's start, shared by the entries of dist/genesys/ (widgets.min.js,
 * cxbus.min.js and the `live-assist/genesys` module): `CXBus` at once, on a bus of its own that the
 * loader then boots on (src/boot.ts HOST_BUS); the page's `_genesys.widgets` read at start, so what the
 * page assigned after its object literal counts; then the loader, the extensions and `onReady`.
 */
import { Bus } from '../bus/index.ts';
import { HOST_BUS } from '../host-bus.ts';
import { loadGenesysConfig } from './config.ts';
import type { GenesysConfig } from './config.ts';
import { createGenesysFace } from './face.ts';
import { genesysForm, packsOf } from './form.ts';
import { defaultPolicyForJQuery } from './trusted.ts';
import type { GenesysFace } from './face.ts';

/** Where the layer's files are: the loader (`../live-assist.js`) and jQuery (`jquery.js`) beside it. */
export interface LayerFiles {
  /** The ES-module loader, live-assist.js. */
  loader: string;
  /** jQuery 3 as an ES module, for extensions and form validate functions. */
  jquery: string;
}

export interface LayerOptions extends LayerFiles {
  /** Start only when the page asks `CXBus.loadPlugin('widgets-core')` (cxbus.min.js), not at once. */
  startOn?: 'widgets-core';
}

interface GenesysWindow {
  _genesys?: { widgets?: Record<string, unknown> };
  CXBus?: unknown;
  liveAssistConfig?: unknown;
}

const installed = new WeakMap<object, Layer>();

const TRUSTED_TYPES_HINT =
  "[live-assist] This page requires Trusted Types and its CSP does not allow the policy name 'default': jQuery, which the Genesys extensions are handed, cannot run. Add 'default' to the trusted-types directive; live-assist's default policy sanitises every HTML string jQuery writes.";

interface Layer {
  face: GenesysFace;
  /** Reads the configuration and boots the loader (once); resolves when the extensions have run. */
  start(): Promise<void>;
}

/** A module's default export or the module itself (jQuery is CommonJS: its function is the default). */
const defaultOf = <T>(module: unknown): T => ((module as { default?: T }).default ?? module) as T;

/**
 * Defines `window.CXBus` (and `_genesys.widgets.bus`, Widgets' own handle) on a new bus and answers the
 * layer; a second call answers the first one's. Nothing is read from the configuration yet.
 */
export function installLayer(win: Window, files: LayerOptions): Layer {
  const known = installed.get(win);
  if (known) return known;
  const bus = new Bus();
  Object.defineProperty(win, HOST_BUS, { value: bus });
  const page = win as unknown as GenesysWindow;
  const face = createGenesysFace(
    { bus, window: win },
    {
      importFile: (url) => import(/* @vite-ignore */ url),
      loadJQuery: () => {
        const policy = defaultPolicyForJQuery(win);
        return import(/* @vite-ignore */ files.jquery).then(defaultOf<JQueryStatic>, (error: unknown) => {
          if (!policy) console.error(TRUSTED_TYPES_HINT);
          throw error;
        });
      },
      startCore: () => void layer.start(),
    },
  );
  page.CXBus = face.cxbus;

  let started: Promise<void> | undefined;
  const layer: Layer = { face, start: () => (started ??= boot(win, files, face)) };
  installed.set(win, layer);
  if (!files.startOn) void layer.start();
  return layer;
}

/** The page's document has been parsed: a configuration assigned below the script tag is there. */
const parsed = (win: Window): Promise<void> =>
  win.document.readyState === 'loading'
    ? new Promise((resolve) => win.document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }))
    : Promise.resolve();

async function boot(win: Window, files: LayerFiles, face: GenesysFace): Promise<void> {
  await parsed(win);
  const page = win as unknown as GenesysWindow;
  let read: GenesysConfig;
  try {
    read = await loadGenesysConfig(win);
  } catch (error) {
    console.error('[live-assist] The _genesys.widgets configuration could not be read:', error);
    return;
  }
  // The chat's start form draws every Widgets input: its tokens in the page's language, its validates
  // called with Genesys's arguments (jQuery loads on the first one).
  const webchat = read.config.webchat;
  if (webchat && typeof webchat === 'object' && webchat.form !== undefined) {
    webchat.form = genesysForm(webchat.form, { kit: face.extensions, ...packsOf(read.config.main) });
  }
  // A page that also sets our own configuration keeps it.
  page.liveAssistConfig ??= read.config;
  const widgets = page._genesys?.widgets;
  if (widgets && !('bus' in widgets)) Object.defineProperty(widgets, 'bus', { value: face.cxbus, configurable: true });

  // Extensions run before the loader, so their before hooks and plugins are on the bus before the boot's
  // restores; jQuery is fetched for them only, beside the loader.
  const names = Object.keys(read.extensions);
  if (names.length) {
    preloadModule(win, files.loader);
    await face.extensions.run(read.extensions).catch((error: unknown) => console.error('[live-assist] Genesys extensions:', error));
  }
  await import(/* @vite-ignore */ files.loader);
  // Widgets draws its SideBar itself where it is configured; ours is an element, added for it.
  if (read.config.sidebar && !win.document.querySelector('la-sidebar')) win.document.body.append(win.document.createElement('la-sidebar'));
  if (typeof read.onReady === 'function') {
    void face.cxbus.command('App.ready').then(() => {
      try {
        read.onReady!(face.cxbus);
      } catch (error) {
        console.error('[live-assist] _genesys.widgets.onReady threw:', error);
      }
    });
  }
}

/** Fetches an ES module now without running it (`<link rel=modulepreload>`): the loader, while jQuery loads. */
function preloadModule(win: Window, href: string): void {
  const link = win.document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  win.document.head.append(link);
}
