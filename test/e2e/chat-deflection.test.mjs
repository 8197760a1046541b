// End-to-end: chat deflection on the Polish deployment (`/`, deflection on), against `npm start`'s demo
// server: before an agent takes the chat, a question brings knowledge suggestions; one opens as an
// article whose 'Tak' vote reaches the simulator; once a person at /agent accepts, no more suggestions.
// Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';

const demo = useDemo();

test('/: suggestions while waiting for an agent, an article and its vote, none once the agent accepts', async () => {
  await demo.control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  await demo.control('/__control/chat', { botJoinDelayMs: 100, typingDelayMs: 100, replyDelayMs: 200, scriptedAgent: false });
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const agentContext = await demo.browser.newContext();
  const problems = [];
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(demo.url + '/', { waitUntil: 'load' });
    await page.evaluate(() => window.LiveAssist.ready);
    const chat = page.locator('la-chat');
    await page.locator('la-sidebar button[data-channel=WebChat]').click();
    await chat.locator('[name=firstname]').fill('Halina');
    await chat.getByRole('button', { name: 'Rozpocznij czat' }).click();
    const log = chat.getByRole('log');
    await log.getByText('Zanim dołączy konsultant').waitFor();

    await chat.locator('textarea').fill('Jak zrezygnować z wpłat do PPK?');
    await chat.locator('textarea').press('Enter');
    const suggestions = chat.locator('.la-transcript__bubble--knowledge').nth(1);
    const first = suggestions.locator('button.la-knowledge__link').first();
    await first.waitFor();
    assert.equal(await first.textContent(), 'Jak zrezygnować z wpłat do PPK?');

    await first.press('Enter');
    const article = chat.locator('.la-knowledge-article');
    await article.getByText('deklarację o rezygnacji').first().waitFor();
    const votesBefore = (await (await fetch(`${demo.url}/__control/knowledge`, demo.agentAuth())).json()).votes.length;
    await article.getByRole('button', { name: 'Tak', exact: true }).click();
    await article.getByText('Dziękujemy za opinię').waitFor();
    const votes = (await (await fetch(`${demo.url}/__control/knowledge`, demo.agentAuth())).json()).votes;
    assert.equal(votes.length, votesBefore + 1);
    assert.deepEqual({ docId: votes.at(-1).docId, relevant: votes.at(-1).relevant }, { docId: 'ppk-007', relevant: true });
    await article.getByRole('button', { name: 'Wstecz' }).click();
    await article.waitFor({ state: 'detached' });

    // A person at /agent accepts the chat: deflection ends.
    const agent = await agentContext.newPage();
    await agent.goto(`${demo.url}/agent#token=${demo.server.agentToken}`, { waitUntil: 'load' });
    await agent.locator('#agent-name').fill('Marek');
    await agent.locator('#chats li', { hasText: 'Halina' }).getByRole('button', { name: 'Przyjmij' }).click();
    await log.getByText('Marek').first().waitFor();
    for (let i = 0; i < 30 && (await page.evaluate(() => window.LiveAssist.command('ChatDeflection.getState'))).deflecting; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await chat.locator('textarea').fill('Jak wygląda wypłata z PPK?');
    await chat.locator('textarea').press('Enter');
    await agent.locator('#transcript').getByText('Jak wygląda wypłata z PPK?').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal(await chat.locator('.la-transcript__bubble--knowledge').count(), 2, 'no suggestions after the agent joined');
    assert.deepEqual(problems, []);
  } finally {
    await agentContext.close();
    await context.close();
    await demo.control('/__control/clock', { reset: true });
  }
});
