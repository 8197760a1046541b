/**
 * The bus's vocabulary. Each plugin declares its commands and events once, by augmenting these two
 * interfaces from its own module:
 *
 *   declare module '../bus/types.ts' {
 *     interface Commands { 'Console.open': { options: void; result: void } }
 *     interface Events { 'Console.opened': void }
 *   }
 *
 * so `bus.command('Consle.open')` or `plugin.publish('opend')` is a compile error.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface Commands {}
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface Events {}

export type CommandName = keyof Commands & string;
export type EventName = keyof Events & string;
export type OptionsOf<K extends CommandName> = Commands[K] extends { options: infer O } ? O : never;
export type ResultOf<K extends CommandName> = Commands[K] extends { result: infer R } ? R : never;

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

export type CommandHandler<K extends CommandName> = (
  options: OptionsOf<K>,
  meta: CommandMeta,
) => ResultOf<K> | Promise<ResultOf<K>>;

/** A `before` hook: return false (or a Promise of false) to cancel the command. */
export type BeforeHook = (options: unknown, meta: CommandMeta & { command: string }) => unknown;

export interface BusEvent<D = unknown> {
  /** Full name, `Plugin.event`. */
  name: string;
  /** The publishing plugin. */
  plugin: string;
  data: D;
}

/** An exact event name, `Plugin.*` or `*`. */
export type EventPattern = EventName | `${string}.*` | '*';
export type DataOf<P extends string> = P extends EventName ? Events[P] : unknown;
