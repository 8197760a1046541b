import { createMachine, type AnyStateMachine } from 'xstate';

/** What `deferred` needs of an XState `setup(…)`: its `createMachine`. */
interface Setup {
  createMachine(config: never): unknown;
}

/**
 * A machine defined now and built when first used. XState builds a machine's whole state tree as it is
 * created, and again for every `provide` (which makes a new machine); a plugin only ever runs the machine
 * it provided its implementations to, so `provide` here builds that one alone: one tree build fewer in a
 * window's open (the chat session's is about 12 ms at 4× CPU, the callback's about 7). Anything else (the
 * machine tests' `createActor(machine)`, `machine.transition`, `machine.id`) builds the machine as defined,
 * once, and is answered by it.
 *
 *   const callbackSetup = setup({ … });
 *   export const callbackMachine = deferred(callbackSetup, (s) => s.createMachine({ … }));
 */
export function deferred<S extends Setup, M extends AnyStateMachine>(setup: S, define: (s: S) => M): M {
  let built: M | undefined;
  const machine = (): M => (built ??= define(setup));
  const provide = (implementations: Parameters<M['provide']>[0]): M => {
    // The setup's own implementations, read off a machine without states (its root alone: nothing to speak of).
    const bare = setup.createMachine({} as never) as AnyStateMachine;
    const own = bare.implementations;
    const merged = {
      actions: { ...own.actions, ...implementations.actions },
      guards: { ...own.guards, ...implementations.guards },
      actors: { ...own.actors, ...implementations.actors },
      delays: { ...own.delays, ...implementations.delays },
    };
    // As the setup's createMachine does (its schemas into the config), with the merged implementations.
    const provided: Setup = { createMachine: (config: object) => createMachine({ ...config, schemas: bare.schemas } as never, merged as never) };
    return define({ ...setup, ...provided });
  };
  return new Proxy({} as M, {
    get: (_, key) => (key === 'provide' ? provide : Reflect.get(machine(), key)),
    set: (_, key, value) => Reflect.set(machine(), key, value),
    has: (_, key) => Reflect.has(machine(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(machine()),
  });
}
