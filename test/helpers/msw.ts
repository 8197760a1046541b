import type { RequestHandler } from 'msw';

/** What the tests use of msw: the browser's service worker and Node's request interceptor both have it. */
export interface MockService {
  use(...handlers: RequestHandler[]): void;
  resetHandlers(...handlers: RequestHandler[]): void;
}

/**
 * The origin relative URLs (`/api/…`, `/__control/…`) resolve against in Node, where there is no page:
 * `.test` is reserved and never resolves, so a request no handler answers fails as a network error
 * instead of reaching some server on this machine.
 */
export const NODE_ORIGIN = 'http://live-assist.test';

let started: Promise<MockService> | undefined;

/** Starts msw once: the service worker in a browser (served at /mockServiceWorker.js), the interceptor in Node. */
async function start(): Promise<MockService> {
  if (typeof window !== 'undefined') {
    const { setupWorker } = await import('msw/browser');
    const worker = setupWorker();
    // Unknown requests (test-server files) go to web-test-runner's server.
    await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
    return worker;
  }
  // A stand-in for the page: the code under test and msw's handlers read `location` to resolve
  // relative URLs, and Node's fetch (undici) reads its global origin, as a page's fetch uses the page's.
  const origin = new URL(NODE_ORIGIN);
  Object.defineProperty(globalThis, 'location', { value: origin, configurable: true });
  (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalOrigin.1')] = origin;
  const { setupServer } = await import('msw/node');
  const server = setupServer();
  server.listen({ onUnhandledRequest: 'bypass' });
  return server;
}

/**
 * One msw instance per test page (or Node test file), the same calls in both. Call in a `before`
 * hook; each call replaces the handlers with `handlers`.
 */
export async function startMocks(...handlers: RequestHandler[]): Promise<MockService> {
  started ??= start();
  const mocks = await started;
  mocks.resetHandlers(...handlers);
  return mocks;
}
