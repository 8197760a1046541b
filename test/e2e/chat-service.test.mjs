// End-to-end: WebChatService on the Polish deployment page (`/`) against the demo server and its
// simulator, as a page script drives it (the chat window is the next issue). Needs the built library
// (npx rollup -c). The simulator's bot and scripted agent run on the real clock, made quick here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pastIdlePreload, useDemo } from './browser.mjs';

const demo = useDemo();

async function visit(context, path = '/') {
  // Every service event of every page load, in order, from before the service can load (it loads by
  // itself when a reload finds a chat to restore).
  await context.addInitScript(() => {
    window.chatEvents = [];
    const timer = setInterval(() => {
      if (!window.LiveAssist) return;
      clearInterval(timer);
      window.LiveAssist.subscribe('WebChatService.*', (event) => window.chatEvents.push({ name: event.name, data: event.data }));
    }, 1);
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(demo.url + path, { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  return { page, problems };
}

/** Resolves once `check` (run in the page, may be async) answers truthy; Playwright's waitForFunction does not await a Promise. */
async function until(page, check, arg, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(check, arg))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${check}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the page's transcript holds a message from `fromType` of `type` whose text matches `text`. */
const waitForMessage = (page, { fromType, type = 'Message', text = '' }) =>
  until(
    page,
    async ([from, kind, pattern]) => {
      const list = await window.LiveAssist.command('WebChatService.getTranscript');
      return list.some((m) => m.from.type === from && m.type === kind && new RegExp(pattern, 'i').test(m.text));
    },
    [fromType, type, text],
  );

const quick = { botJoinDelayMs: 100, agentJoinDelayMs: 300, typingDelayMs: 100, replyDelayMs: 200 };

test('/: startChat, the bot greets and hands over, the agent answers, a reload restores the same transcript, endChat ends it', async () => {
  await demo.control('/__control/chat', quick);
  const context = await demo.browser.newContext();
  try {
    const { page, problems } = await visit(context);
    // The chat button's plugin loads when the page is idle; the session, its machine and the transport
    // do not load before a chat is wanted.
    await pastIdlePreload(page);
    assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /webchat-service|legacy-rest/.test(r.name))), false);

    const started = await page.evaluate(() => window.LiveAssist.command('WebChatService.startChat', { firstname: 'Anna' }));
    assert.equal(started.sessionActive, true);
    assert.equal(started.type, 'rest');
    await waitForMessage(page, { fromType: 'Bot' });

    // A second start while active is refused with the spec's words.
    const second = await page.evaluate(() =>
      window.LiveAssist.command('WebChatService.startChat', { firstname: 'Anna' }).then(
        () => 'resolved',
        (e) => e.message,
      ),
    );
    assert.equal(second, 'There is already an active chat session');

    await page.evaluate(() => window.LiveAssist.command('WebChatService.sendMessage', { message: 'Ile wynosi wpłata pracodawcy?' }));
    await waitForMessage(page, { fromType: 'Agent', text: 'pracodawc|1,5' });
    const before = await page.evaluate(() => window.LiveAssist.command('WebChatService.getTranscript'));
    const indexes = before.map((m) => m.index);
    assert.deepEqual(
      indexes,
      [...new Set(indexes)].sort((a, b) => a - b),
      'ordered by index, no duplicate',
    );
    // The chat's cookies are host-only (no Domain attribute): read them as the browser keeps them.
    const cookies = await context.cookies(demo.url);
    const chatCookies = cookies.filter((c) => /webchat_(session|keys|index|ping)$/.test(c.name));
    assert.equal(chatCookies.length, 4);
    assert.ok(
      chatCookies.every((c) => !c.domain.startsWith('.')),
      'host-only',
    );
    const events = await page.evaluate(() => window.chatEvents.map((e) => e.name));
    assert.ok(events.includes('WebChatService.started'));
    assert.ok(events.includes('WebChatService.agentConnected'), events.join());

    // Reload within 60 s: the same transcript, restored, no duplicate and no gap.
    await page.reload({ waitUntil: 'load' });
    await until(page, () => window.chatEvents.some((e) => e.name === 'WebChatService.restored'));
    await until(page, async (n) => (await window.LiveAssist.command('WebChatService.getTranscript')).length >= n, before.length);
    const after = await page.evaluate(() => window.LiveAssist.command('WebChatService.getTranscript'));
    assert.deepEqual(
      after.slice(0, before.length).map((m) => [m.index, m.type, m.text]),
      before.map((m) => [m.index, m.type, m.text]),
    );
    const restoredIndexes = after.map((m) => m.index);
    assert.deepEqual(
      restoredIndexes,
      [...new Set(restoredIndexes)].sort((a, b) => a - b),
    );
    assert.ok(after.slice(0, before.length).every((m) => m.restoring === true));

    await page.evaluate(() => window.LiveAssist.command('WebChatService.endChat'));
    const ended = await page.evaluate(() => window.chatEvents.find((e) => e.name === 'WebChatService.ended'));
    assert.deepEqual(ended.data, { endedBy: 'visitor' });
    assert.equal(
      (await context.cookies(demo.url)).some((c) => /webchat_session$/.test(c.name)),
      false,
      'the session cookies are gone',
    );
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/: a reload later than the restore timeout publishes restoreTimeout and forgets the chat', async () => {
  await demo.control('/__control/chat', quick);
  const context = await demo.browser.newContext();
  try {
    const { page } = await visit(context);
    await page.evaluate(() => window.LiveAssist.command('WebChatService.startChat', { firstname: 'Jan' }));
    // The server stops answering (no answer moves the ping), and the last answer was 61 s ago: the ping
    // cookie as a page 61 s later would find it.
    await page.route('**/refresh', (route) => route.abort());
    await page.waitForFunction(() => window.chatEvents.some((e) => e.name === 'WebChatService.disconnected'), undefined, { timeout: 15_000 });
    const ping = (await context.cookies(demo.url)).find((c) => /webchat_ping$/.test(c.name));
    await context.addCookies([{ ...ping, value: String(Date.now() - 61_000) }]);
    await page.unroute('**/refresh');
    await page.reload({ waitUntil: 'load' });
    await page.waitForFunction(() => window.chatEvents.length > 0, undefined, { timeout: 10_000 });
    assert.deepEqual(await page.evaluate(() => window.chatEvents.map((e) => e.name)), ['WebChatService.restoreTimeout']);
    assert.equal(
      (await context.cookies(demo.url)).some((c) => /webchat_session$/.test(c.name)),
      false,
    );
  } finally {
    await context.close();
  }
});
