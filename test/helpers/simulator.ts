import { http } from 'msw';
import { createSimulator, createManualClock } from '../../demo/simulator/index.js';
import { startMocks } from './msw.ts';

/**
 * The demo's contact-centre simulator, answering a test's requests through msw (the service worker
 * in a test page, the interceptor in Node; see msw.ts): the same handlers `npm start` serves, so
 * service and element tests cannot drift from the simulator's contracts. Requests the simulator
 * does not know (test-server files) pass through.
 *
 *   const sim = await startSimulator();            // in before()
 *   sim.clock.advance(10_000);                     // manual clock: nothing sleeps
 *   await fetch('/__control/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ warsawTime: '18:00' }) });
 */
export async function startSimulator(options: Parameters<typeof createSimulator>[0] = {}) {
  const clock = options.clock ?? createManualClock(); // Monday 10:00 in Warsaw unless told otherwise
  const sim = createSimulator({ ...options, clock });
  latest = sim;
  const worker = await startMocks(http.all('*', async ({ request }) => (await sim.handle(request)) ?? undefined));
  return Object.assign(sim, { clock, worker });
}

let latest: { agentToken: string } | undefined;

/**
 * GET a control route that answers with visitors' data (`/__control/callbacks`, `messages`, `knowledge`):
 * it needs the agent token, here the one of the simulator started last.
 */
export const controlData = (path: string): Promise<Response> => fetch(path, { headers: { authorization: `Bearer ${latest?.agentToken ?? ''}` } });
