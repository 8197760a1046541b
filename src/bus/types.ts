/**
 * The bus's vocabulary. Each plugin declares its commands and events once, in its type-only
 * `src/plugins/<plugin>.api.ts` module, by augmenting these two interfaces:
 *
 *   declare module '../bus/types.ts' {
 *     interface Commands { 'Console.open': { options: void; result: void } }
 *     interface Events { 'Console.opened': void }
 *   }
 *
 * so `bus.command('Consle.open')` or `plugin.publish('opend')` is a compile error. `src/index.ts`
 * re-exports every `.api.ts` module, so the published `.d.ts` carries the whole vocabulary.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each plugin's .api.ts
export interface Commands {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging in each plugin's .api.ts
export interface Events {}

export type CommandName = keyof Commands & string;
export type EventName = keyof Events & string;
export type OptionsOf<K extends CommandName> = Commands[K] extends { options: infer O } ? O : never;
export type ResultOf<K extends CommandName> = Commands[K] extends { result: infer R } ? R : never;

/**
 * A command's options argument: required, unless its options type admits `undefined` (declared
 * `void`, `X | void` or with `undefined`), then it may be left out.
 */
export type OptionsArg<K extends CommandName> = undefined extends OptionsOf<K> ? [options?: OptionsOf<K>] : [options: OptionsOf<K>];

/** The options argument followed by the optional sender (`Bus.command`). */
export type CommandArgs<K extends CommandName> =
  undefined extends OptionsOf<K> ? [options?: OptionsOf<K>, meta?: CommandMeta] : [options: OptionsOf<K>, meta?: CommandMeta];

/** The plugin part of a `Plugin.name` string. */
export type PluginOf<N extends string> = N extends `${infer P}.${string}` ? P : never;
/** Short command names ('open') that plugin P declared as 'P.open'. */
export type CommandsOf<P extends string> = {
  [K in CommandName]: K extends `${P}.${infer C}` ? C : never;
}[CommandName];
export type EventsOf<P extends string> = {
  [K in EventName]: K extends `${P}.${infer E}` ? E : never;
}[EventName];

/** Who sent a command: a plugin name, 'App', or 'page' for the host page's public API. */
export interface CommandMeta {
  commander: string;
}

export type CommandHandler<K extends CommandName> = (options: OptionsOf<K>, meta: CommandMeta) => ResultOf<K> | Promise<ResultOf<K>>;

/**
 * A `before` hook: return false (or a Promise of false) to cancel the command, or an object (or a
 * Promise of one) to run the command, and the hooks after it, with those options instead.
 */
export type BeforeHook = (options: unknown, meta: CommandMeta & { command: string }) => unknown;

/** An event as the bus carries it, untyped (`Bus.events`, dynamic code). */
export interface BusEvent<D = unknown> {
  /** Full name, `Plugin.event`. */
  name: string;
  /** The publishing plugin. */
  plugin: string;
  data: D;
}

/** Plugins that declare at least one event. */
export type EventPlugin = PluginOf<EventName>;

/** An exact event name, `Plugin.*` of a plugin that declares events, or `*`. */
export type EventPattern = EventName | `${EventPlugin}.*` | '*';

/** The declared event names a pattern matches. */
export type EventsMatching<T extends string> = T extends '*'
  ? EventName
  : T extends `${infer P}.*`
    ? Extract<EventName, `${P}.${string}`>
    : Extract<T, EventName>;

/**
 * The event a subscriber to pattern T receives: for `Callback.*` the union of Callback's events,
 * discriminated by `name`, so `if (event.name === 'Callback.failed') event.data …` narrows.
 */
export type EventOf<T extends string> = {
  [N in EventsMatching<T>]: { name: N; plugin: PluginOf<N>; data: Events[N] };
}[EventsMatching<T>];

/** The payload of the events a pattern matches (a union for `Plugin.*`). */
export type DataOf<T extends string> = Events[EventsMatching<T>];
