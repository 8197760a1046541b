// The agent console (/agent) asks for the agent token once per tab (issue 10, item 19): no visitor
// data before it, the token kept in sessionStorage, a wrong one refused, the `#token=` link that
// `npm start` prints signs in and leaves the address bar. Needs no built library.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchChromium } from '../chromium.mjs';
import { startServer } from '../../demo/server.mjs';

let server;
let browser;
before(async () => {
  server = await startServer({ port: 0, agentToken: 'console-test-token' });
  browser = await launchChromium();
  const form = {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName: 'Zofia', subject: 'Wypłata' }).toString(),
  };
  await fetch(server.url + '/api/chat/customer-chat', form);
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A new tab in a new browser session, recording every agent API answer. */
async function openConsole(path = '/agent') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const agentAnswers = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/agent/')) agentAnswers.push(r.status());
  });
  await page.goto(server.url + path, { waitUntil: 'load' });
  return { context, page, agentAnswers };
}

test('asks for the token before showing anything, and calls no agent API until it has one', async () => {
  const { context, page, agentAnswers } = await openConsole();
  try {
    const token = page.getByLabel('Token', { exact: true });
    await token.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'agent-token', 'focus is in the token field');
    assert.equal(await page.locator('#console').isHidden(), true);
    assert.deepEqual(agentAnswers, []);
  } finally {
    await context.close();
  }
});

test('a wrong token is refused with a message; the right one lists the chats and is kept for the tab', async () => {
  const { context, page, agentAnswers } = await openConsole();
  try {
    await page.getByLabel('Token', { exact: true }).fill('wrong-token-123');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByRole('alert').filter({ hasText: 'nie przyjął' }).waitFor();
    assert.equal(await page.locator('#console').isHidden(), true);
    assert.ok(agentAnswers.includes(401));
    assert.equal(await page.evaluate(() => sessionStorage.length), 0, 'a refused token is not kept');

    await page.getByLabel('Token', { exact: true }).fill('console-test-token');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.locator('#chats li', { hasText: 'Zofia' }).waitFor();
    await page.reload({ waitUntil: 'load' });
    await page.locator('#chats li', { hasText: 'Zofia' }).waitFor();
    assert.equal(await page.locator('#login').isHidden(), true, 'not asked again in the same tab');
  } finally {
    await context.close();
  }
  const fresh = await openConsole();
  try {
    await fresh.page.getByLabel('Token', { exact: true }).waitFor();
    assert.equal(await fresh.page.locator('#login').isVisible(), true, 'another session asks again');
  } finally {
    await fresh.context.close();
  }
});

test('the #token= link signs in and removes the token from the address bar', async () => {
  const { context, page } = await openConsole('/agent#token=console-test-token');
  try {
    await page.locator('#chats li', { hasText: 'Zofia' }).waitFor();
    assert.equal(new URL(page.url()).hash, '');
    assert.equal(await page.locator('#login').isHidden(), true);
  } finally {
    await context.close();
  }
});

test('slow transcript answers that overlap draw each message once', async () => {
  const { context, page } = await openConsole('/agent#token=console-test-token');
  try {
    // Every transcript poll waits 1.5 s, so the 700 ms timer's polls overlap the one accepting started.
    await page.route('**/api/agent/chats/*/transcript*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('#chats li', { hasText: 'Zofia' }).getByRole('button', { name: 'Przyjmij' }).click();
    await page.locator('#transcript li').first().waitFor();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rows = await page.locator('#transcript li').allTextContents();
    const session = [...server.simulator.state.chat.sessions.values()].find((s) => s.transcript.some((m) => m.from?.name === 'Zofia'));
    const drawn = session.transcript.filter((m) => m.type !== 'TypingStarted' && m.type !== 'TypingStopped');
    assert.equal(rows.length, drawn.length, `one row per message: ${JSON.stringify(rows)}`);
  } finally {
    await context.close();
  }
});
