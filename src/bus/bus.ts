import { Observable, Subject } from 'rxjs';
import { BusErrors } from './errors.ts';
import type {
  BeforeHook,
  BusEvent,
  CommandArgs,
  CommandHandler,
  CommandMeta,
  CommandName,
  CommandsOf,
  EventOf,
  EventPattern,
  EventsOf,
  Events,
  OptionsArg,
  ResultOf,
} from './types.ts';

type AnyHandler = (options: unknown, meta: CommandMeta) => unknown;
/** Loads a lazy plugin's code; `command` is the command that asked for it, if one did (not `load`). */
type Loader = (command?: string) => Promise<unknown>;

interface PluginRecord {
  readonly name: string;
  ready: boolean;
  readonly commands: Map<string, AnyHandler>;
  /** Commands that arrived before `ready()`; run in order once it is called. */
  readonly waiting: Array<() => void>;
}

/** What a plugin gets back from `registerPlugin`: its own, typed view of the bus. */
export interface PluginHandle<P extends string> {
  readonly name: P;
  registerCommand<C extends CommandsOf<P>>(command: C, handler: CommandHandler<Extract<`${P}.${C}`, CommandName>>): void;
  publish<E extends EventsOf<P>>(event: E, data: Events[Extract<`${P}.${E}`, keyof Events>]): void;
  /** Marks the plugin ready: commands buffered so far run now. */
  ready(): void;
  /** Runs a command as this plugin (the commander is the plugin's name). */
  command<K extends CommandName>(name: K, ...options: OptionsArg<K>): Promise<ResultOf<K>>;
  subscribe<T extends EventPattern>(pattern: T, handler: (event: EventOf<T>) => void): () => void;
  before(command: CommandName | `${string}.*`, hook: BeforeHook): () => void;
}

export interface PluginInfo {
  name: string;
  ready: boolean;
  loaded: boolean;
  commands: string[];
}

const toError = (reason: unknown): Error => (reason instanceof Error ? reason : new Error(String(reason)));

const matches = (pattern: string, name: string): boolean =>
  pattern === '*' || pattern === name || (pattern.endsWith('.*') && name.startsWith(pattern.slice(0, -1)));

/**
 * The message bus: plugins register commands (requests answered by a Promise) and publish events
 * (`Plugin.event`). See README "Bus API".
 */
export class Bus {
  readonly #plugins = new Map<string, PluginRecord>();
  readonly #loaders = new Map<string, Loader>();
  readonly #loading = new Map<string, Promise<void>>();
  readonly #hooks = new Set<{ pattern: string; hook: BeforeHook }>();
  readonly #events = new Subject<BusEvent>();
  #locked = false;

  /**
   * Registers a plugin under a unique name. Throws "Can't register plugin" when the name is taken,
   * is not a non-empty string, or registration is locked (names declared with `registerLazy` may
   * still register after the lock: their code arrives later).
   */
  registerPlugin<P extends string>(name: P): PluginHandle<P> {
    if (typeof name !== 'string' || !/^[A-Za-z][\w-]*$/.test(name) || this.#plugins.has(name) || (this.#locked && !this.#loaders.has(name))) {
      throw new Error(BusErrors.register);
    }
    const record: PluginRecord = { name, ready: false, commands: new Map(), waiting: [] };
    this.#plugins.set(name, record);
    return this.#handle(record) as PluginHandle<P>;
  }

  /** Declares a plugin whose code is loaded on its first command. */
  registerLazy(name: string, load: Loader): void {
    if (this.#plugins.has(name) || this.#loaders.has(name) || this.#locked) throw new Error(BusErrors.register);
    this.#loaders.set(name, load);
  }

  /** Refuses any further plugin registration (lazy plugins already declared excepted). */
  lock(): void {
    this.#locked = true;
  }

  get locked(): boolean {
    return this.#locked;
  }

  /**
   * Runs a declared command: its name and options are checked by the type checker (options may be
   * left out only when the command's options type admits `undefined`). `meta.commander` names the
   * sender so plugins can enforce permissions; it defaults to 'page'.
   */
  command<K extends CommandName>(name: K, ...args: CommandArgs<K>): Promise<ResultOf<K>>;
  command(name: string, options?: unknown, meta: CommandMeta = { commander: 'page' }): Promise<unknown> {
    return this.#run(String(name), options, meta);
  }

  /**
   * The untyped entry for trusted callers: runs a command whose name comes from data the page or the
   * developer typed (`LiveAssist.command`, the console's input), so neither name nor options can be
   * checked at compile time: the bus checks the name at run time ("Command does not exist") and the
   * plugin its options, as for every command. A name from configuration or markup goes through
   * `channelCommand` instead.
   */
  commandByName(name: string, options: unknown, meta: CommandMeta): Promise<unknown> {
    return this.#run(String(name), options, meta);
  }

  /**
   * Runs a command named by configuration or markup (a channel's or side button's `clickCommand`):
   * only the widgets' public open and show commands (`isChannelCommand`, src/bus/channel-commands.ts);
   * any other name is refused before its plugin loads, whoever the commander. A click opens a form and
   * never submits it for the visitor: options asking `autoSubmit` are refused too. The rule is a lazy
   * module (in the chunk a plugin's first load fetches anyway), so the loader carries none of it.
   */
  channelCommand(name: string, options: unknown, meta: CommandMeta): Promise<unknown> {
    return import('./channel-commands.ts').then((rule) => {
      const refused = rule.refusal(name, options);
      if (refused) throw new Error(refused);
      return this.#run(name, options, meta);
    });
  }

  /** Subscribes to an exact event, `Plugin.*` or `*`; returns the unsubscribe function. */
  subscribe<T extends EventPattern>(pattern: T, handler: (event: EventOf<T>) => void): () => void {
    const subscription = this.events(pattern).subscribe((event) => {
      try {
        handler(event as EventOf<T>);
      } catch (error) {
        console.error(`[live-assist] a subscriber of ${event.name} failed:`, error);
      }
    });
    return () => subscription.unsubscribe();
  }

  /**
   * The events matching a pattern (an exact name, `Plugin.*` or `*`), as an RxJS Observable: compose it
   * with `pipe(filter(…), …)`. A subscriber that throws is reported asynchronously and stops no other.
   * Made with the Observable constructor rather than the `filter` operator, which the loader would carry.
   */
  events(pattern: string): Observable<BusEvent> {
    return new Observable<BusEvent>((subscriber) => this.#events.subscribe((event) => matches(pattern, event.name) && subscriber.next(event)));
  }

  /** Adds a `before` hook to a command (or `Plugin.*`); returns its removal function. */
  before(command: string, hook: BeforeHook): () => void {
    const entry = { pattern: command, hook };
    this.#hooks.add(entry);
    return () => void this.#hooks.delete(entry);
  }

  /** Registered and lazily declared plugins with their commands (for the console and tests). */
  describe(): PluginInfo[] {
    const names = new Set([...this.#plugins.keys(), ...this.#loaders.keys()]);
    return [...names].sort().map((name) => {
      const record = this.#plugins.get(name);
      return {
        name,
        ready: !!record?.ready,
        loaded: !!record,
        commands: record ? [...record.commands.keys()].sort() : [],
      };
    });
  }

  async #run(name: string, options: unknown, meta: CommandMeta): Promise<unknown> {
    const [pluginName = '', ...rest] = name.split('.');
    const commandName = rest.join('.'); // '' for a name without a dot
    let record = this.#plugins.get(pluginName);
    if (!record && this.#loaders.has(pluginName)) {
      await this.#load(pluginName, name);
      record = this.#plugins.get(pluginName);
    }
    if (!record || !commandName) throw new Error(BusErrors.noCommand);
    if (!record.ready) {
      const pending = record;
      await new Promise<void>((resolve) => pending.waiting.push(resolve));
    }
    const handler = record.commands.get(commandName);
    if (!handler) throw new Error(BusErrors.noCommand);
    for (const { pattern, hook } of [...this.#hooks]) {
      if (!matches(pattern, name)) continue;
      let verdict: unknown;
      try {
        verdict = await hook(options, { ...meta, command: name });
      } catch {
        verdict = false;
      }
      if (verdict === false) throw new Error(BusErrors.cancelled);
      // A hook may hand on changed options (Genesys's `before` returns them); true or nothing keeps them.
      if (typeof verdict === 'object' && verdict !== null) options = verdict;
    }
    try {
      return await handler(options, meta);
    } catch (reason) {
      throw toError(reason);
    }
  }

  /** Loads a lazily declared plugin's code without running a command; resolves once it is registered. */
  load(pluginName: string): Promise<void> {
    return this.#plugins.has(pluginName) ? Promise.resolve() : this.#load(pluginName);
  }

  #load(pluginName: string, command?: string): Promise<void> {
    let loading = this.#loading.get(pluginName);
    if (!loading) {
      const load = this.#loaders.get(pluginName)!;
      loading = Promise.resolve()
        .then(() => load(command))
        .then(
          () => {
            if (!this.#plugins.has(pluginName)) throw new Error(BusErrors.loadPlugin);
          },
          (error: unknown) => {
            console.error(`[live-assist] ${BusErrors.loadPlugin}: ${pluginName}`, error);
            throw new Error(BusErrors.loadPlugin);
          },
        );
      // A failed load may be retried by a later command (the network may be back).
      loading.catch(() => this.#loading.delete(pluginName));
      this.#loading.set(pluginName, loading);
    }
    return loading;
  }

  #handle(record: PluginRecord): PluginHandle<string> {
    const meta = { commander: record.name };
    return {
      name: record.name,
      registerCommand: (command: string, handler: unknown) => {
        if (typeof command !== 'string' || command.includes('.') || typeof handler !== 'function') {
          throw new Error(`Invalid command registration: ${record.name}.${String(command)}`);
        }
        record.commands.set(command, handler as AnyHandler);
      },
      publish: (event: string, data: unknown) => this.#events.next({ name: `${record.name}.${event}`, plugin: record.name, data }),
      ready: () => {
        if (record.ready) return;
        record.ready = true;
        for (const resume of record.waiting.splice(0)) resume();
      },
      command: (name: CommandName, options?: unknown) => this.#run(name, options, meta),
      subscribe: (pattern: EventPattern, handler: (event: EventOf<EventPattern>) => void) => this.subscribe(pattern, handler),
      before: (command: string, hook: BeforeHook) => this.before(command, hook),
    } as PluginHandle<string>;
  }
}
