// What the chat's end-to-end tests share (test/e2e/chat*.test.mjs): a visit to a demo page with the chat
// ready on Monday 10:00 with the simulator's quick timings, polling a bus command until it answers, the
// transcript the page's service holds, and the no-gap/no-duplicate check.
import assert from 'node:assert/strict';

/** The simulator's chat timings for tests: the bot and agent join and answer within a few hundred ms. */
export const QUICK = { botJoinDelayMs: 100, agentJoinDelayMs: 300, typingDelayMs: 100, replyDelayMs: 200 };

/**
 * Opens `path` of `demo` (useDemo) in a new 1280 × 800 context on the simulator's Monday 10:00 with QUICK
 * timings, after `watch(page)` attached its listeners; resolves once the library is ready.
 * @param {ReturnType<import('./browser.mjs').useDemo>} demo
 * @param {string} path
 * @param {(page: import('playwright').Page) => void} [watch]
 */
export async function visitChat(demo, path, watch) {
  await demo.control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  await demo.control('/__control/chat', QUICK);
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  watch?.(page);
  await page.goto(demo.url + path, { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  return { page, context, problems, chat: page.locator('la-chat') };
}

/**
 * Resolves once `fn` (run in the page, awaited there: it may return a promise, as bus commands do) is
 * truthy. page.waitForFunction passes on a returned promise before the command has answered, so bus
 * commands are polled with page.evaluate.
 */
export async function until(page, fn, arg, { timeout = 15_000, what = 'the condition' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(fn, arg)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The transcript the page's WebChatService holds. */
export const transcript = (page) => page.evaluate(() => window.LiveAssist.command('WebChatService.getTranscript'));
/** The chat's session data (chatId and the transport's keys). */
export const sessionData = (page) => page.evaluate(() => window.LiveAssist.command('WebChatService.getSessionData'));

/** Every index once, in order. */
export function assertWhole(messages) {
  const indexes = messages.map((m) => m.index);
  assert.deepEqual(
    indexes,
    [...new Set(indexes)].sort((a, b) => a - b),
    'no duplicate, in order',
  );
}
