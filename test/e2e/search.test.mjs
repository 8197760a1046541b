// End-to-end: the knowledge search window 'Zadaj pytanie' on the Polish deployment (`/`) as a visitor uses
// it, from the sidebar's 'Szukaj' channel, against `npm start`'s demo server and simulator (issue 16 "Done
// when"). Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';

const demo = useDemo();

async function visit() {
  await demo.control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  const context = await demo.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10000);
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(demo.url + '/', { waitUntil: 'load' });
  await page.evaluate(() => window.LiveAssist.ready);
  return { page, context, problems, search: page.locator('la-search') };
}
const knowledge = () => fetch(`${demo.url}/__control/knowledge`, demo.agentAuth()).then((r) => r.json());

test("/: 'wypłata', a suggestion picked with the keyboard, an article, Tak (the vote arrives), Wstecz; no results; a faulted server", async () => {
  const { page, context, problems, search } = await visit();
  try {
    await page.locator('la-sidebar button[data-channel=Search]').click();
    const win = search.getByRole('dialog', { name: 'Zadaj pytanie' });
    await win.waitFor();
    const box = win.getByRole('combobox', { name: 'Twoje pytanie' });
    await box.pressSequentially('wypłata', { delay: 20 });
    const options = win.getByRole('option');
    await options.first().waitFor();
    assert.ok((await options.count()) <= 5);
    await box.press('ArrowDown');
    const picked = await options.first().textContent();
    await box.press('Enter');
    const more = win.getByRole('button', { name: 'Więcej' });
    await more.first().waitFor();
    assert.equal(await box.inputValue(), picked);

    await more.first().click();
    const article = win.locator('article');
    await article.waitFor();
    await article.getByRole('group', { name: 'Czy to było pomocne?' }).getByRole('button', { name: 'Tak' }).click();
    await win.getByText('Dziękujemy za opinię!').waitFor();
    const { votes } = await knowledge();
    assert.equal(votes.at(-1).relevant, true);
    await article.getByRole('button', { name: 'Wstecz' }).click();
    await more.first().waitFor();

    await box.fill('xyzzy qwerty');
    await box.press('Enter');
    await win.getByRole('heading', { name: 'Brak wyników' }).waitFor();

    await demo.control('/__control/faults', { endpoint: 'knowledge.search', failureRate: 1 });
    try {
      await box.fill('wypłata');
      await box.press('Enter');
      await win.getByRole('heading', { name: 'Błąd!' }).waitFor();
      await win.getByText('Serwer Centrum Wiedzy jest obecnie niedostępny', { exact: true }).waitFor();
    } finally {
      await demo.control('/__control/faults', { endpoint: 'knowledge.search', clear: true });
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await demo.control('/__control/clock', { reset: true });
  }
});
