// End-to-end: /en/headless, a chat UI of the page's own driven only by WebChatService commands and events
// (demo/assets/headless.js), against the demo server and its simulator. A person takes the chat through
// the agent API (demo/SIMULATOR.md "Agent console API"). Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';

const demo = useDemo();

/** Calls the agent API as the console does; `key` is the accepted chat's agent key. */
async function agent(path, body, key = '') {
  const response = await fetch(`${demo.url}/api/agent/chats${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${demo.server.agentToken}`, 'Content-Type': 'application/json', ...(key ? { 'x-agent-key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(response.ok, true, `${path}: ${response.status}`);
  return response.json();
}

/** axe-core's violations in the page's main content: each as its rule and the first node's selector. */
async function violations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe))))
    await page.addScriptTag({ path: new URL('../../node_modules/axe-core/axe.min.js', import.meta.url).pathname });
  return page.evaluate(async () =>
    (await window.axe.run(document.querySelector('main'), { resultTypes: ['violations'] })).violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`),
  );
}

/** Resolves once `check` answers truthy. */
async function until(check, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${check}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('/en/headless: start with a name, an agent answers, the visitor types and sends, a reload restores, the chat ends — no <la-chat>', async () => {
  // A person answers: no scripted agent.
  await demo.control('/__control/chat', { scriptedAgent: false, agentJoinDelayMs: 100 });
  const context = await demo.browser.newContext({ bypassCSP: true }); // bypassCSP: only to inject axe-core
  try {
    // The window's plugin says WebChat.ready when it loads: recorded from before the library boots.
    await context.addInitScript(() => {
      window.windowEvents = [];
      const timer = setInterval(() => {
        if (!window.LiveAssist) return;
        clearInterval(timer);
        window.LiveAssist.subscribe('WebChat.*', (event) => window.windowEvents.push(event.name));
      }, 1);
    });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${demo.url}/en/headless`, { waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);

    // The start form: a labelled field; an empty name is refused on the page, with the error tied to it.
    await page.getByRole('button', { name: 'Start chat' }).click();
    assert.equal(await page.locator('#start-error').textContent(), 'Please enter your first name.');
    assert.equal(await page.getByLabel('First name').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await violations(page), []);
    await page.getByLabel('First name').fill('Anna');
    await page.getByRole('button', { name: 'Start chat' }).click();
    await page.getByRole('log').waitFor();

    // The agent takes the chat and writes.
    const { chats } = await until(async () => {
      const list = await agent('');
      return list.chats.some((c) => c.visitorName === 'Anna' && c.state !== 'ended') ? list : undefined;
    });
    const { chatId } = chats.find((c) => c.visitorName === 'Anna' && c.state !== 'ended');
    const { agentKey } = await agent(`/${chatId}/accept`, { name: 'Marek' });
    await agent(`/${chatId}/typing`, { typing: true }, agentKey);
    await page.getByText('Marek is typing…').waitFor();
    await agent(`/${chatId}/send`, { text: 'Good morning, how can I help?' }, agentKey);
    const line = page.getByRole('log').getByText('Good morning, how can I help?');
    await line.waitFor();
    assert.equal(await page.getByText('Marek is typing…').count(), 0);
    // New words of the agent are said once, politely.
    await until(async () => (await page.locator('#announce').textContent()) === 'Marek: Good morning, how can I help?');
    assert.equal(await page.locator('#announce').getAttribute('aria-live'), 'polite');

    // The visitor types: the agent sees that, with the registered input's text as the preview; then sends.
    await page.getByLabel('Message').pressSequentially('What is the employer', { delay: 10 });
    const preview = await until(async () => {
      const seen = await agent(`/${chatId}/transcript?from=1`, undefined, agentKey);
      return seen.visitorTyping ? String(seen.visitorTypingText ?? '') : undefined;
    });
    assert.ok(preview && 'What is the employer'.startsWith(preview), preview);
    await page.getByLabel('Message').fill('What is the employer’s contribution?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log').getByText('What is the employer’s contribution?').waitFor();
    await until(async () => {
      const seen = await agent(`/${chatId}/transcript?from=1`, undefined, agentKey);
      return seen.messages.some((m) => m.from?.type === 'Client' && m.text === 'What is the employer’s contribution?');
    });
    assert.equal(await page.getByLabel('Message').inputValue(), '');

    assert.deepEqual(await violations(page), []);

    // The transcript is in the server's order, each message once.
    const indexes = await page.locator('#transcript li').evaluateAll((items) => items.map((li) => Number(li.dataset.index)));
    assert.deepEqual(
      indexes,
      [...indexes].sort((a, b) => a - b),
    );
    assert.equal(new Set(indexes).size, indexes.length);

    // A reload: the service alone restores the chat (no window), and the page draws the restored lines.
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('log').getByText('Good morning, how can I help?').waitFor();
    await page.getByRole('log').getByText('What is the employer’s contribution?').waitFor();
    await until(async () => (await page.locator('#announce').textContent()) === 'Your chat is back.');
    assert.deepEqual(await page.locator('#transcript li').evaluateAll((items) => items.map((li) => Number(li.dataset.index))), indexes);
    await agent(`/${chatId}/send`, { text: 'About 1.5% of your pay.' }, agentKey);
    await page.getByRole('log').getByText('About 1.5% of your pay.').waitFor();

    // End: the service ends the chat; the page says so and offers a new start.
    await page.getByRole('button', { name: 'End chat' }).click();
    await until(async () => (await page.locator('#announce').textContent()) === 'The chat has ended.');
    await page.getByRole('button', { name: 'Start chat' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Send' }).isDisabled(), true);
    const ended = await agent(`/${chatId}/transcript?from=1`, undefined, agentKey);
    assert.equal(ended.chatEnded, true);

    // Headless: the chat window (its plugin's chunk, its view's) and its button never came; the service did.
    assert.equal(await page.evaluate(() => document.querySelector('la-chat')), null);
    assert.deepEqual(await page.evaluate(() => window.windowEvents), []);
    assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/(webchat|chat)-[\w-]{8}\.js$/.test(r.name))), false);
    assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/chat-service-[\w-]{8}\.js$/.test(r.name))), true);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await demo.control('/__control/chat', { scriptedAgent: true });
  }
});
