/**
 * What a CXBus command answers: a real Promise (`then`, `await`) that also has the jQuery Deferred
 * promise's `done`, `fail` and `always`, as Genesys Widgets documents `command(…).done(…).fail(…)`.
 * Each returns the same promise, so they chain; callbacks run in the order they were added, after the
 * command settles (as `then` callbacks do). `then` answers one of these too.
 */
type Callback = (value: unknown) => unknown;
type Callbacks = ReadonlyArray<Callback | readonly Callback[]>;

const each = (callbacks: Callbacks): Callback[] => callbacks.flat().filter((fn): fn is Callback => typeof fn === 'function');

export class CXPromise<T = unknown> extends Promise<T> {
  #state: 'pending' | 'resolved' | 'rejected' = 'pending';

  constructor(executor: (resolve: (value: T | PromiseLike<T>) => void, reject: (reason?: unknown) => void) => void) {
    // Followed here, not with `this.then`: that would construct another CXPromise, which would follow itself …
    // The executor may settle before `super` returns, when `this` may not be touched yet.
    const early: Array<'resolved' | 'rejected'> = [];
    let constructed = false;
    const settle = (state: 'resolved' | 'rejected') => void (constructed ? this.#settle(state) : early.push(state));
    super((resolve, reject) =>
      executor(
        (value) => {
          resolve(value);
          if (value && typeof (value as PromiseLike<T>).then === 'function') {
            (value as PromiseLike<T>).then(
              () => settle('resolved'),
              () => settle('rejected'),
            );
          } else settle('resolved');
        },
        (reason) => {
          reject(reason);
          settle('rejected');
        },
      ),
    );
    constructed = true;
    if (early[0]) this.#settle(early[0]);
  }

  #settle(state: 'resolved' | 'rejected'): void {
    if (this.#state === 'pending') this.#state = state;
  }

  /** As Promise's, typed as what it builds: one of these (so `.then(…).done(…)` chains). */
  override then<R1 = T, R2 = never>(
    onResolved?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): CXPromise<R1 | R2> {
    return super.then(onResolved, onRejected) as CXPromise<R1 | R2>;
  }

  /** Runs the callbacks (functions or arrays of them) with the value once it resolves. */
  done(...callbacks: Callbacks): this {
    for (const fn of each(callbacks)) void this.then(fn, () => undefined);
    return this;
  }

  /** Runs the callbacks with the reason once it rejects. */
  fail(...callbacks: Callbacks): this {
    for (const fn of each(callbacks)) void this.then(undefined, fn);
    return this;
  }

  /** Runs the callbacks either way, with the value or the reason. */
  always(...callbacks: Callbacks): this {
    for (const fn of each(callbacks)) void this.then(fn, fn);
    return this;
  }

  /** jQuery's `state()`: 'pending', 'resolved' or 'rejected'. */
  state(): 'pending' | 'resolved' | 'rejected' {
    return this.#state;
  }

  /**
   * The CXBus answer for a promise of ours. A rejection nobody asked about is not reported as unhandled:
   * Genesys's deferreds never were, and pages call commands without `.fail`.
   */
  static from<T>(source: PromiseLike<T>): CXPromise<T> {
    const promise = new CXPromise<T>((resolve, reject) => source.then(resolve, reject));
    void Promise.prototype.then.call(promise, undefined, () => undefined);
    return promise;
  }
}
