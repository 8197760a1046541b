// Tabs driven over the DevTools protocol without its Runtime domain, for the bench's timings.
//
// Playwright enables the Runtime domain in every page it drives. With it on, V8's inspector captures a
// detailed stack trace for each Error a script creates, and a frame's line and column need the source
// positions V8 leaves out of bytecode: for a module's top-level frame, that is a parse of the whole
// module again, on the main thread. React-DOM creates an Error as its module runs (a hydration sentinel),
// so a window's open paid for a second parse of the 225 KB runtime chunk: its evaluation took 38–46 ms at
// 4× CPU in a Playwright page, 2–10 ms in a tab with no Runtime domain (24 Nov 2026, Chromium 150). A
// visitor's browser, with no DevTools open, does none of it, so the open → usable, host page and
// compare-open timings run in these tabs. Only what they use is here: the Page, Network, Emulation and
// Performance domains, and `Runtime.evaluate` (which does not enable the domain).
//
// The API is the subset of Playwright's that those tables use: a context per fresh HTTP cache, tabs with
// an init script, `goto`, `evaluate(fn, arg)`, `waitForFunction`, `waitForTimeout`, and `cdp` (send,
// on) for throttling and the wire log.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

/** Chromium over `--remote-debugging-pipe` (headless, the project's flags). */
export async function launchBare() {
  const profile = mkdtempSync(join(tmpdir(), 'la-bare-'));
  const proc = spawn(chromiumPath(), ['--headless=new', '--remote-debugging-pipe', `--user-data-dir=${profile}`, ...chromiumArgs, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const toBrowser = /** @type {import('node:stream').Writable} */ (proc.stdio[3]);
  const fromBrowser = /** @type {import('node:stream').Readable} */ (proc.stdio[4]);
  let nextId = 0;
  /** @type {Map<number, { resolve: (v: any) => void, reject: (e: Error) => void, method: string }>} */
  const waiting = new Map();
  /** @type {Map<string, Set<(method: string, params: any) => void>>} per session ('' for the browser) */
  const listeners = new Map();
  let pending = '';
  let closed = false;
  const fail = (/** @type {Error} */ error) => {
    closed = true;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  proc.on('exit', (code) => fail(new Error(`bare-tab: Chromium exited (${code})${stderr ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`)));
  fromBrowser.on('data', (chunk) => {
    pending += chunk.toString('utf8');
    for (let end = pending.indexOf('\0'); end >= 0; end = pending.indexOf('\0')) {
      const message = JSON.parse(pending.slice(0, end));
      pending = pending.slice(end + 1);
      const call = message.id === undefined ? undefined : waiting.get(message.id);
      if (call) {
        waiting.delete(message.id);
        if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
        else call.resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners.get(message.sessionId ?? '') ?? []) listener(message.method, message.params);
      }
    }
  });
  /** A protocol command, to the browser or (with `sessionId`) to a tab. */
  const send = (/** @type {string} */ method, /** @type {object} */ params = {}, /** @type {string | undefined} */ sessionId = undefined) =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error(`bare-tab: ${method} after Chromium closed`));
      const id = ++nextId;
      waiting.set(id, { resolve, reject, method });
      toBrowser.write(`${JSON.stringify(sessionId ? { id, method, params, sessionId } : { id, method, params })}\0`);
    });
  const listen = (/** @type {string} */ sessionId, /** @type {(method: string, params: any) => void} */ listener) => {
    if (!listeners.has(sessionId)) listeners.set(sessionId, new Set());
    listeners.get(sessionId)?.add(listener);
  };
  await send('Browser.getVersion');

  /** A fresh browser context: its own HTTP cache and storage, like Playwright's `newContext`. */
  async function newContext() {
    const { browserContextId } = /** @type {{ browserContextId: string }} */ (await send('Target.createBrowserContext', { disposeOnDetach: true }));
    return {
      newPage: () => newTab(browserContextId),
      close: () => send('Target.disposeBrowserContext', { browserContextId }).catch(() => undefined),
    };
  }

  async function newTab(/** @type {string} */ browserContextId) {
    const { targetId } = /** @type {{ targetId: string }} */ (await send('Target.createTarget', { url: 'about:blank', browserContextId }));
    const { sessionId } = /** @type {{ sessionId: string }} */ (await send('Target.attachToTarget', { targetId, flatten: true }));
    /** @type {Map<string, Set<(params: any) => void>>} */ const handlers = new Map();
    listen(sessionId, (method, params) => {
      for (const h of handlers.get(method) ?? []) h(params);
    });
    const cdp = {
      send: (/** @type {string} */ method, /** @type {object} */ params = {}) => send(method, params, sessionId),
      on(/** @type {string} */ event, /** @type {(params: any) => void} */ handler) {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)?.add(handler);
      },
      off(/** @type {string} */ event, /** @type {(params: any) => void} */ handler) {
        handlers.get(event)?.delete(handler);
      },
    };
    await cdp.send('Page.enable');
    const evaluate = async (/** @type {string | Function} */ fn, /** @type {unknown} */ arg) => {
      const expression = typeof fn === 'function' ? `(${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})` : fn;
      const r = /** @type {any} */ (await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true, userGesture: true }));
      if (r.exceptionDetails) throw new Error(`evaluate: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
      return r.result.value;
    };
    const waitForTimeout = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
    return {
      cdp,
      evaluate,
      waitForTimeout,
      addInitScript: (/** @type {{ content: string }} */ { content }) => cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: content }),
      /** Navigates and resolves on the page's load event (rejects after `timeout` ms). */
      async goto(/** @type {string} */ url, /** @type {{ timeout?: number }} */ { timeout = 30_000 } = {}) {
        /** @type {(params: any) => void} */ let onLoad = () => undefined;
        /** @type {ReturnType<typeof setTimeout> | undefined} */ let timer;
        const loaded = new Promise((resolve, reject) => {
          onLoad = resolve;
          cdp.on('Page.loadEventFired', onLoad);
          timer = setTimeout(() => reject(new Error(`goto ${url}: no load event in ${timeout} ms`)), timeout);
        });
        try {
          const r = /** @type {{ errorText?: string }} */ (await cdp.send('Page.navigate', { url }));
          if (r.errorText) throw new Error(`goto ${url}: ${r.errorText}`);
          await loaded;
        } finally {
          clearTimeout(timer);
          cdp.off('Page.loadEventFired', onLoad);
        }
      },
      /** Polls `fn(arg)` in the page until it is truthy (rejects after `timeout` ms). */
      async waitForFunction(/** @type {Function} */ fn, /** @type {unknown} */ arg, /** @type {{ timeout?: number }} */ { timeout = 30_000 } = {}) {
        const start = Date.now();
        for (;;) {
          const value = await evaluate(fn, arg).catch(() => undefined);
          if (value) return value;
          if (Date.now() - start > timeout) throw new Error(`waitForFunction: not true in ${timeout} ms: ${fn.toString().slice(0, 80)}`);
          await waitForTimeout(50);
        }
      },
      async close() {
        await send('Target.closeTarget', { targetId }).catch(() => undefined);
        listeners.delete(sessionId);
      },
    };
  }

  return {
    newContext,
    async close() {
      const exited = new Promise((resolve) => (proc.exitCode !== null ? resolve(undefined) : proc.once('exit', resolve)));
      if (!closed) await send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      proc.kill();
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // a file Chromium still held: the temporary profile stays behind
      }
    },
  };
}
