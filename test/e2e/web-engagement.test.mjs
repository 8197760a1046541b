// End-to-end: web engagement on /en (strict CSP and Trusted Types) against the demo's simulator: the
// tracking script loads through the 'live-assist' policy, the Engage button's invite opens the chat with
// its chatOptions, and the server's invite, queued by the control API, is declined. Needs the built
// library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';

const demo = useDemo();
const engagement = () => fetch(`${demo.url}/__control/engagement`, demo.agentAuth()).then((r) => r.json());

test('/en: the tracker loads under Trusted Types; Engage.invite → Start chat opens the chat filled in; a server invite declined', async () => {
  await demo.control('/__control/engagement', { reset: true });
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  try {
    await page.goto(`${demo.url}/en`, { waitUntil: 'load' });
    await page.waitForFunction(() => window._gt && !Array.isArray(window._gt), undefined, { timeout: 15000 });
    const { visitID } = await page.evaluate(() => window.LiveAssist.command('WebEngagement.getIDs'));
    await page.getByRole('button', { name: 'Engage.invite' }).click();
    const toast = page.locator('la-toaster').getByRole('dialog', { name: 'Questions about PPK?' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Start chat' }).press('Enter');
    const first = page.locator('la-chat input[name=firstname]');
    await first.waitFor();
    assert.equal(await first.inputValue(), 'Anna');
    await page.evaluate(() => window.LiveAssist.command('WebChat.close', { confirmed: true }));

    await page.getByRole('button', { name: 'Invite now' }).click();
    await page.getByRole('button', { name: /^WebEngagement\.invite \(the server/ }).click();
    const server = page.locator('la-toaster').getByRole('dialog', { name: 'Need help?' });
    await server.waitFor();
    await server.getByRole('button', { name: 'No thanks' }).click();
    await server.waitFor({ state: 'detached' });

    let seen;
    for (let i = 0; i < 50; i++) {
      seen = await engagement();
      if (seen.dispositions.length >= 2 && seen.events.some((e) => e.name === 'WebChat.opened')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(
      seen.dispositions.map((d) => [d.result, d.visitID]),
      [
        ['accept', visitID],
        ['cancel', visitID],
      ],
    );
    assert.ok(
      seen.events.some((e) => e.name === 'WebChat.opened' && e.visitID === visitID),
      'the chat window’s opening was tracked',
    );
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
