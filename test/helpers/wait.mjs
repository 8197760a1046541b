// Awaited conditions for the Node-side tests (demo server, e2e): wait for what a test needs, not for
// a fixed time. In a page use Playwright's locators or `page.waitForFunction`; browser tests have
// `waitFor` in dom.ts.

/**
 * Resolves with the first truthy value `condition` (sync or async) returns, checking every
 * `interval` ms; rejects with `what` in the message once `timeout` ms have passed.
 *
 *   const reply = await waitFor(async () => (await refresh()).messages.find(isAgentMessage), { what: 'the agent reply' });
 */
export async function waitFor(condition, { timeout = 5000, interval = 20, what = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
