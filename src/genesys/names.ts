/**
 * Genesys Widgets 9 names and payloads against ours: the one table of the CXBus face. A command or an
 * event that is not listed here has the same name and payload on both sides (most of them: our bus was
 * modelled on Widgets'); a row says only how one differs. Sources: docs/genesys/cxbus.md.
 */
import { isRecord } from '../app/records.ts';

/** Whether our event `a` was published after our event `b` (the last of each), as the CXBus face saw them. */
export type Seen = (a: string, b: string) => boolean;

export interface CommandRow {
  /** Our command; absent for a command the face answers itself (see `face`). */
  ours?: string;
  /** Genesys's options into ours. */
  options?: (options: unknown) => unknown;
  /**
   * What the CXBus face does itself: `ready`, answer once the app has started (App.ready published);
   * `extension`, hand `options.extension` (a Genesys extension) Genesys's `($, CXBus, Common)` when it runs;
   * `form`, write `options.formJSON` (a Widgets form) as ours, its validates called Genesys's way (form.ts).
   */
  face?: 'ready' | 'extension' | 'form';
}

export interface EventRow {
  /** Our payload into Genesys's; `seen` tells what was published before it. */
  data: (data: unknown, seen: Seen) => unknown;
}

/** A plain object's entries, or none. */
const record = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** Genesys plugin names that are spelled differently from ours: Genesys's → ours (commands and events). */
export const PLUGIN_NAMES: Readonly<Record<string, string>> = { SideBar: 'Sidebar' };

const GENESYS_PLUGIN_NAMES = Object.fromEntries(Object.entries(PLUGIN_NAMES).map(([genesys, ours]) => [ours, genesys]));

/** `Plugin.name` (or a `Plugin.*` pattern) with its plugin part renamed by `names`. */
const renamed = (name: string, names: Readonly<Record<string, string>>): string => {
  const dot = name.indexOf('.');
  const plugin = dot < 0 ? name : name.slice(0, dot);
  return Object.hasOwn(names, plugin) ? names[plugin] + (dot < 0 ? '' : name.slice(dot)) : name;
};

/** A Genesys command or event name (or pattern) as ours. */
export const toOurName = (name: string): string => renamed(name, PLUGIN_NAMES);
/** Our event name as Genesys's. */
export const toGenesysName = (name: string): string => renamed(name, GENESYS_PLUGIN_NAMES);

/** Genesys commands whose name, options or answer differ from ours. */
export const COMMANDS: Readonly<Record<string, CommandRow>> = {
  // Sites that start the widgets themselves run both after their configuration; each resolves once ours have started.
  'App.main': { face: 'ready' },
  'App.ready': { face: 'ready' },
  // Ours calls an extension with our bus; a Genesys one is `function ($, CXBus, Common)`.
  'App.registerExtension': { ours: 'App.registerExtension', face: 'extension' },
  // Widgets puts autoSubmit and desiredTime inside `form`; ours reads them beside it.
  'Callback.open': {
    ours: 'Callback.open',
    options: (options) => {
      const given = record(options);
      const form = record(given.form);
      if (!('autoSubmit' in form) && !('desiredTime' in form)) return options;
      const { autoSubmit, desiredTime, ...fields } = form;
      return { ...given, form: fields, ...(autoSubmit === undefined ? {} : { autoSubmit }), ...(desiredTime === undefined ? {} : { desiredTime }) };
    },
  },
  // `formJSON` is a Widgets form definition: its inputs are drawn by ours, its validates get `$, CXBus, Common`.
  'WebChat.open': { ours: 'WebChat.open', face: 'form' },
  // Genesys takes the code alone or in an object.
  'App.setLanguage': { ours: 'App.setLanguage', options: (options) => (typeof options === 'string' ? { lang: options } : options) },
};

/** Our events whose payload differs from Genesys's (the names are the same). */
export const EVENTS: Readonly<Record<string, EventRow>> = {
  // A window that comes back with a restored chat says so; ours reports the restore as the service's event before it.
  'WebChat.opened': {
    data: (data, seen) => ({
      ...record(data),
      restoring: seen('WebChatService.restored', 'WebChat.opened') || seen('WebChatService.restoredOffline', 'WebChat.opened'),
    }),
  },
  // Genesys's transcript rows name the sender's type and name at the top (`message.type === 'Agent'`); ours
  // keep them under `from`, and our row type (Message, ParticipantJoined …) moves to `messageType`.
  'WebChat.messageAdded': {
    data: (data) => {
      const { message } = record(data);
      const row = record(message);
      const from = record(row.from);
      return { ...record(data), message: { ...row, type: from.type ?? row.type, name: from.name, messageType: row.type } };
    },
  },
};

/**
 * Genesys's plugin file (`webchat`, `cx-webchat-service`, `callus.min.js` …, as `main.plugins`,
 * `main.preload` and `CXBus.loadPlugin` name them) → our plugin of that name among `ours`: Genesys spells
 * ours in lower case with a dash before `service` (WebChatService ↔ webchat-service).
 */
export function ourPlugin(file: string, ours: readonly string[]): string | undefined {
  const key = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');
  const wanted = key(
    String(file)
      .trim()
      .replace(/^cx-/i, '')
      .replace(/(\.min)?\.js$/i, ''),
  );
  return wanted ? ours.find((name) => key(name) === wanted) : undefined;
}

/** The Genesys `widgets-core` bundle: the app itself (App, WindowManager, Overlay, Toaster …), there once we boot. */
export const CORE_PLUGIN = 'widgets-core';
