// @ts-check
/**
 * Clock abstraction for the simulator. Every timer the simulator starts (agent join, typing, idle
 * alerts …) goes through a Clock so tests can use {@link createManualClock} and advance time instantly.
 * Pure Web-platform code: works in Node 20 and in browsers (msw).
 */

/**
 * @typedef {object} Clock
 * @property {() => number} now epoch milliseconds
 * @property {(fn: () => void, ms: number) => unknown} setTimeout
 * @property {(handle: unknown) => void} clearTimeout
 */

/** @returns {Clock} the real wall clock */
export function createRealClock() {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => {
      const handle = globalThis.setTimeout(fn, ms);
      // Do not keep a Node process alive just for simulated agents.
      if (handle && typeof handle === 'object' && 'unref' in handle && typeof handle.unref === 'function') handle.unref();
      return handle;
    },
    clearTimeout: (handle) => globalThis.clearTimeout(/** @type {any} */ (handle)),
  };
}

/**
 * @typedef {Clock & { advance: (ms: number) => void, set: (epochMs: number) => void, pending: () => number }} ManualClock
 */

/**
 * A clock that only moves when told to. `advance(ms)` runs every timer that falls due, in order,
 * including timers scheduled by the timers it runs.
 * @param {number | string | Date} [start] defaults to 2025-03-03T10:00:00+01:00 (a Monday, office open)
 * @returns {ManualClock}
 */
export function createManualClock(start = '2025-03-03T10:00:00+01:00') {
  let current = typeof start === 'number' ? start : new Date(start).getTime();
  let seq = 0;
  /** @type {Map<number, {at: number, seq: number, fn: () => void}>} */
  const timers = new Map();
  return {
    now: () => current,
    setTimeout(fn, ms) {
      const id = ++seq;
      timers.set(id, { at: current + Math.max(0, Number(ms) || 0), seq: id, fn });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(/** @type {number} */ (handle));
    },
    advance(ms) {
      const target = current + ms;
      for (;;) {
        let next = /** @type {{at: number, seq: number, fn: () => void} | undefined} */ (undefined);
        let nextId = 0;
        for (const [id, t] of timers) {
          if (t.at <= target && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) {
            next = t;
            nextId = id;
          }
        }
        if (!next) break;
        timers.delete(nextId);
        current = Math.max(current, next.at);
        next.fn();
      }
      current = target;
    },
    set(epochMs) {
      current = epochMs;
    },
    pending: () => timers.size,
  };
}
