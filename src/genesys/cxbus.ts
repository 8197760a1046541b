/**
 * Genesys Widgets 9's `CXBus`, over our bus (docs/genesys/cxbus.md): the object a Widgets site calls
 * (`CXBus.command`, `subscribe`, `registerPlugin`, `configure`, `loadPlugin`, `loadFile`) and hands to
 * its extensions. Names and payloads that differ from ours are translated by the one table in
 * names.ts; everything else (plugins, buffering until ready, before hooks, lazy loading) is our bus's.
 */
import type { Bus } from '../bus/index.ts';
import type { BusEvent, CommandMeta } from '../bus/index.ts';
import { isRecord } from '../app/records.ts';
import { CXPromise } from './deferred.ts';
import { COMMANDS, CORE_PLUGIN, EVENTS, ourPlugin, toGenesysName, toOurName } from './names.ts';

/** What the CXBus face needs of the app (src/app/app.ts `App` is one). */
export interface CXBusHost {
  readonly bus: Bus;
  /**
   * Resolves once App.ready is published. Absent (the face is made with the bus, before the app boots on
   * it): the first App.ready the bus carries.
   */
  readonly ready?: Promise<void>;
  /** The page, for resolving a relative `loadFile` URL (absent: URLs must be absolute). */
  readonly window?: Pick<Window, 'document'>;
}

export interface CXBusOptions {
  /** Evaluates a script file (`loadFile`, `loadPlugin` of a site's own plugin); default `import()`. */
  importFile?: (url: string) => Promise<unknown>;
  /** `$`, `CXBus` and `Common` for an extension registered by `App.registerExtension` (extensions.ts `ExtensionKit.args`). */
  extensionArgs?: () => Promise<readonly unknown[]>;
  /** Starts the widgets when the page asks `loadPlugin('widgets-core')` (cxbus.min.js waits for that). */
  startCore?: () => void;
  /** A Widgets form definition (`WebChat.open`'s `formJSON`) as ours (form.ts `genesysForm`). */
  form?: (definition: unknown) => unknown;
}

/** The event object a subscriber gets, as Genesys delivers it. */
export interface CXEvent {
  event: string;
  data: unknown;
}
export type CXSubscriber = (event: CXEvent) => void;

/** What a registered command's handler gets (`e.data`, `e.commander`, `e.deferred.resolve/reject`). */
export interface CXCommandEvent {
  data: unknown;
  commander: string;
  command: string;
  time: number;
  deferred: { resolve(value?: unknown): void; reject(reason?: unknown): void };
}
export type CXCommandHandler = (event: CXCommandEvent) => void;
/** A `before` hook: may change and return the options; false cancels the command. */
export type CXBeforeHook = (options: Record<string, unknown>, meta: { command: string; commander: string }) => unknown;

/** The plugin interface `CXBus.registerPlugin` answers. */
export interface CXPlugin {
  readonly name: string;
  command(name: string, options?: unknown): CXPromise;
  subscribe(name: string, handler: CXSubscriber): string;
  unsubscribe(key: string): boolean;
  publish(event: string, data?: unknown): void;
  republish(event: string, data?: unknown): void;
  registerCommand(name: string, handler: CXCommandHandler): void;
  registerCommands(handlers: Record<string, CXCommandHandler>): void;
  registerEvents(names: readonly string[]): void;
  before(command: string, hook: CXBeforeHook): () => void;
  ready(): void;
}

export interface CXBusConfiguration {
  debug?: boolean;
  /** Where `loadPlugin` finds a site's own plugin files (`<pluginsPath><name>.min.js`). */
  pluginsPath?: string;
}

/** `window.CXBus`. */
export interface CXBus {
  command(name: string, options?: unknown): CXPromise;
  subscribe(name: string, handler: CXSubscriber): string;
  unsubscribe(key: string): boolean;
  /** A plugin of the page's own; false when the name is taken or malformed. */
  registerPlugin(name: string): CXPlugin | false;
  configure(options: CXBusConfiguration): void;
  loadPlugin(name: string): CXPromise;
  loadFile(url: string): CXPromise;
}

/**
 * A registered command's rejection as the plugin gave it (`e.deferred.reject(value)`): our bus carries
 * Errors, this one keeps the value so `fail` gets it back unchanged.
 */
class Rejection extends Error {
  constructor(readonly value: unknown) {
    super(typeof value === 'string' ? value : value instanceof Error ? value.message : 'Command rejected');
  }
}

/** What `fail` gets: a registered command's own value, or (as Genesys's commands reject) our message. */
const genesysReason = (reason: unknown): unknown => (reason instanceof Rejection ? reason.value : reason instanceof Error ? reason.message : reason);

const matches = (pattern: string, name: string): boolean =>
  pattern === '*' || pattern === name || (pattern.endsWith('.*') && name.startsWith(pattern.slice(0, -1)));

/** Our bus's plugin handle without the vocabulary's types: Genesys plugins name their commands and events at run time. */
interface AnyHandle {
  registerCommand(command: string, handler: (options: unknown, meta: CommandMeta) => unknown): void;
  publish(event: string, data: unknown): void;
  ready(): void;
}

const faces = new WeakMap<CXBusHost, CXBus>();

/** The app's CXBus (one per app: republished events and subscription keys are shared). */
export function createCXBus(host: CXBusHost, options: CXBusOptions = {}): CXBus {
  let cxbus = faces.get(host);
  if (!cxbus) faces.set(host, (cxbus = makeCXBus(host, options)));
  return cxbus;
}

function makeCXBus(host: CXBusHost, { importFile = (url) => import(/* @vite-ignore */ url), extensionArgs, startCore, form }: CXBusOptions): CXBus {
  const { bus } = host;
  const ready =
    host.ready ??
    new Promise<void>((resolve) => {
      const off = bus.subscribe('App.ready', () => {
        off();
        resolve();
      });
    });
  const settings: CXBusConfiguration = { debug: false, pluginsPath: '' };
  const subscriptions = new Map<string, () => void>();
  let keys = 0;
  /** The last data of each republished event, for subscribers that come later. */
  const republished = new Map<string, unknown>();

  // Genesys's payload of each event, worked out once as it is published (the first subscriber, before any
  // of the page's), with what came before it: names.ts rows may ask (WebChat.opened's `restoring`).
  let published = 0;
  const last = new Map<string, number>();
  const converted = new WeakMap<BusEvent, unknown>();
  const seen = (a: string, b: string) => (last.get(a) ?? 0) > (last.get(b) ?? 0);
  bus.subscribe('*', (event) => {
    const row = EVENTS[event.name];
    if (row) converted.set(event, row.data(event.data, seen));
    last.set(event.name, ++published);
  });
  const toGenesys = (event: BusEvent): CXEvent => ({ event: toGenesysName(event.name), data: converted.has(event) ? converted.get(event) : event.data });

  const command = (name: string, options: unknown, commander: string): CXPromise => {
    const row = COMMANDS[String(name)];
    if (row?.face === 'ready') return CXPromise.from(ready.then(() => undefined));
    const ours = row?.ours ?? toOurName(String(name));
    let given = row?.options ? row.options(options) : options;
    if (row?.face === 'extension' && extensionArgs && isRecord(given) && typeof given.extension === 'function') {
      const extension = given.extension as (...args: unknown[]) => unknown;
      given = { ...given, extension: async () => extension(...(await extensionArgs())) };
    }
    if (row?.face === 'form' && form && isRecord(given) && given.formJSON !== undefined) given = { ...given, formJSON: form(given.formJSON) };
    // Before the app boots on this bus only the page's own plugins are on it: a command to one of ours
    // waits for the start, as Widgets queues commands until its plugins are loaded.
    const plugin = ours.slice(0, ours.indexOf('.'));
    const plugins = bus.describe().map((info) => info.name);
    // An app is there once it registered App (or the host came with its ready: the face of a running app).
    const now = host.ready !== undefined || plugins.includes('App') || plugins.includes(plugin);
    return CXPromise.from(
      (now ? Promise.resolve() : ready)
        .then(() => bus.commandByName(ours, given, { commander }))
        .catch((reason: unknown) => {
          if (settings.debug) console.warn(`[live-assist] CXBus: ${ours} was refused:`, reason);
          throw genesysReason(reason);
        }),
    );
  };

  const subscribe = (name: string, handler: CXSubscriber): string => {
    if (typeof handler !== 'function') throw new Error('CXBus.subscribe needs a function');
    const pattern = String(name);
    const key = `${pattern}.${++keys}`;
    subscriptions.set(
      key,
      bus.subscribe(toOurName(pattern) as never, (event: BusEvent) => handler(toGenesys(event))),
    );
    // A republished event reaches a later subscriber too, after its subscribe call returns.
    for (const [event, data] of republished) {
      if (!matches(pattern, event)) continue;
      queueMicrotask(() => {
        if (!subscriptions.has(key)) return;
        try {
          handler({ event, data });
        } catch (error) {
          console.error(`[live-assist] a subscriber of ${event} failed:`, error);
        }
      });
    }
    return key;
  };

  const unsubscribe = (key: string): boolean => {
    const off = subscriptions.get(key);
    off?.();
    return subscriptions.delete(key);
  };

  const registerPlugin = (name: string): CXPlugin | false => {
    // A name our app declares (loaded or not) stays ours: its code registers it when it loads.
    if (bus.describe().some((plugin) => plugin.name === name)) return false;
    let handle: AnyHandle;
    try {
      handle = bus.registerPlugin(name) as unknown as AnyHandle;
    } catch {
      return false;
    }
    const events = new Set<string>();
    const plugin: CXPlugin = {
      name,
      command: (command_, options) => command(command_, options, name),
      subscribe,
      unsubscribe,
      publish: (event, data) => handle.publish(String(event), data),
      republish: (event, data) => {
        republished.set(`${name}.${String(event)}`, data);
        handle.publish(String(event), data);
      },
      registerCommand: (commandName, handler) => {
        if (typeof handler !== 'function') throw new Error(`Invalid command registration: ${name}.${String(commandName)}`);
        handle.registerCommand(
          String(commandName),
          (data, meta) =>
            // Pending until the handler settles its deferred, as in Genesys: a handler that never does leaves the command waiting.
            new Promise((resolve, reject) => {
              const deferred = { resolve: (value?: unknown) => resolve(value), reject: (reason?: unknown) => reject(new Rejection(reason)) };
              try {
                handler({ data, commander: meta.commander, command: `${name}.${String(commandName)}`, time: Date.now(), deferred });
              } catch (error) {
                reject(error);
              }
            }),
        );
      },
      registerCommands: (handlers) => {
        for (const [commandName, handler] of Object.entries(handlers ?? {})) plugin.registerCommand(commandName, handler);
      },
      registerEvents: (names) => {
        for (const event of names ?? []) events.add(String(event));
      },
      before: (commandName, hook) =>
        bus.before(COMMANDS[commandName]?.ours ?? String(commandName), (options, meta) => {
          // Genesys hands a hook an object to change, never nothing.
          const given = isRecord(options) ? options : {};
          const answer = hook(given, { command: meta.command, commander: meta.commander });
          if (answer === false) return false;
          return answer === given && !isRecord(options) && Object.keys(given).length === 0 ? undefined : answer;
        }),
      ready: () => handle.ready(),
    };
    return plugin;
  };

  const loadFile = (url: string): CXPromise => {
    const base = host.window?.document.baseURI;
    return CXPromise.from(
      Promise.resolve()
        .then(() => importFile(base ? new URL(String(url), base).href : String(url)))
        .then(
          () => undefined,
          (error: unknown) => {
            console.error(`[live-assist] CXBus.loadFile could not load ${String(url)}:`, error);
            throw `Could not load file: ${String(url)}`;
          },
        ),
    );
  };

  const loadPlugin = (name: string): CXPromise => {
    if (String(name).replace(/(\.min)?\.js$/, '') === CORE_PLUGIN) {
      startCore?.();
      return CXPromise.from(ready.then(() => undefined));
    }
    const ours = ourPlugin(
      name,
      bus.describe().map((plugin) => plugin.name),
    );
    if (ours) return CXPromise.from(bus.load(ours).catch((reason: unknown) => Promise.reject(genesysReason(reason))));
    return loadFile(`${settings.pluginsPath ?? ''}${String(name).replace(/(\.min)?\.js$/, '')}.min.js`);
  };

  return {
    command: (name, options) => command(name, options, 'page'),
    subscribe,
    unsubscribe,
    registerPlugin,
    configure: (options) => {
      if (!isRecord(options)) return;
      if (typeof options.pluginsPath === 'string') settings.pluginsPath = options.pluginsPath;
      if (typeof options.debug === 'boolean') settings.debug = options.debug;
    },
    loadPlugin,
    loadFile,
  };
}
