import { setupWorker } from 'msw/browser';
import type { RequestHandler } from 'msw';

/**
 * One msw worker per test page (web-test-runner serves the worker script at /mockServiceWorker.js).
 * Call in a `before` hook; `reset` between tests.
 */
let started: Promise<unknown> | undefined;
const worker = setupWorker();

export async function startMocks(...handlers: RequestHandler[]) {
  started ??= worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  await started;
  worker.resetHandlers(...handlers);
  return worker;
}
