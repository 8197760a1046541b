/**
 * The loader's own small observable: what the bus's event stream and the app's environment need of
 * RxJS (`Subject`, `filter`, `BehaviorSubject`), in a few hundred bytes instead of RxJS's 2.3 KiB gzip
 * in every host page (issue 17, the loader diet). The semantics follow RxJS: `subscribe` takes a
 * function or an observer with `next` and returns a subscription; a value subject hands its current
 * value to a new subscriber at once; a subscriber that throws does not stop the others (the error is
 * reported asynchronously, as RxJS does). Streams are interoperable observables (`Symbol.observable`),
 * so a plugin that wants operators writes `from(app.bus.events('WebChat.*')).pipe(…)` with RxJS's `from`.
 */
export interface Subscription {
  unsubscribe(): void;
}

type Next<T> = (value: T) => void;
export type Observer<T> = Next<T> | { next?: Next<T> };

/** The interoperable observables' method name: `Symbol.observable` where a polyfill defined it, else '@@observable'. */
const interop: unique symbol = ((Symbol as { observable?: symbol }).observable || '@@observable') as never;

/** A stream of values; `subscribe` to receive them. */
export class Stream<T> {
  readonly #source?: (next: Next<T>) => Subscription;

  constructor(source?: (next: Next<T>) => Subscription) {
    this.#source = source;
  }

  subscribe(observer: Observer<T>): Subscription {
    return this.attach(typeof observer === 'function' ? observer : (value) => observer.next?.(value));
  }

  /** The values for which `predicate` holds. */
  filter(predicate: (value: T) => boolean): Stream<T> {
    return new Stream((next) => this.subscribe((value) => predicate(value) && next(value)));
  }

  protected attach(next: Next<T>): Subscription {
    return this.#source ? this.#source(next) : { unsubscribe() {} };
  }

  // Interop: RxJS's `from` (and other libraries) accept any object with this method.
  [interop](): this {
    return this;
  }
}

/** A stream that the owner pushes values into with `next`. */
export class Subject<T> extends Stream<T> {
  readonly #observers = new Set<{ next: Next<T> }>();

  next(value: T): void {
    for (const observer of [...this.#observers]) {
      if (!this.#observers.has(observer)) continue; // unsubscribed by an earlier observer of this value
      try {
        observer.next(value);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  protected override attach(next: Next<T>): Subscription {
    const observer = { next };
    this.#observers.add(observer);
    return { unsubscribe: () => void this.#observers.delete(observer) };
  }
}

/** A subject that holds its latest value (`value`) and hands it to each new subscriber at once. */
export class ValueSubject<T> extends Subject<T> {
  #value: T;

  constructor(value: T) {
    super();
    this.#value = value;
  }

  get value(): T {
    return this.#value;
  }

  override next(value: T): void {
    this.#value = value;
    super.next(value);
  }

  protected override attach(next: Next<T>): Subscription {
    const subscription = super.attach(next);
    next(this.#value);
    return subscription;
  }
}
