import { startSimulator } from './simulator.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

export type Simulator = Awaited<ReturnType<typeof startSimulator>>;

/**
 * The usual start of an element test page: the demo's simulator behind msw, the page's own markup (`html`,
 * e.g. '<la-sidebar></la-sidebar>'), then the library booted (with the `window.liveAssistConfig` the test
 * file set) and ready. The caller disposes `sim` after.
 */
export async function bootWithSimulator(html = ''): Promise<{ api: LiveAssistApi; sim: Simulator }> {
  const sim = await startSimulator();
  if (html) document.body.insertAdjacentHTML('beforeend', html);
  const { LiveAssist: api } = (await import('../../src/index.ts')) as { LiveAssist: LiveAssistApi };
  await api.ready;
  return { api, sim };
}

/**
 * A chat test's clean-up: the chat session ended and the window closed (Close's question answered), each
 * skipped when there is none to end or close.
 */
export async function endChat(api: LiveAssistApi): Promise<void> {
  await api.command('WebChatService.endChat').catch(() => undefined);
  await api.command('WebChat.close', { confirmed: true }).catch(() => undefined);
}

/**
 * Moves the simulator's manual clock by `step` ms while the page's own timers (polling) run, until
 * `check` holds: the agent's reply, an idle alert … arrive without real waiting.
 */
export async function advanceUntil(sim: Simulator, check: () => unknown, what: string, step = 500, timeout = 15_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    (sim.clock as unknown as { advance(ms: number): void }).advance(step);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
