// Co-browse end to end (issue 37): a visitor on /en starts co-browse, agrees in the warning dialog, and
// the agent console (/agent) replays the page live from the simulator's relay — with the typed value
// masked and the data-la-private line blank — until the visitor presses Stop, which the agent sees.
// Uses the built dist/ (`npx rollup -c` first).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchChromium } from '../chromium.mjs';
import { startServer } from '../../demo/server.mjs';

let server;
let browser;
before(async () => {
  server = await startServer({ port: 0, agentToken: 'cobrowse-test-token' });
  browser = await launchChromium();
  await fetch(server.url + '/__control/cobrowse', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ online: true }) });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('visitor → agent: the page is replayed live, private parts blank; Stop ends it for the agent', { timeout: 90_000 }, async () => {
  const visitor = await (await browser.newContext()).newPage();
  const errors = [];
  visitor.on('pageerror', (e) => errors.push(e.message));
  await visitor.goto(server.url + '/en', { waitUntil: 'load' });
  await visitor.waitForFunction(() => window.LiveAssist?.ready);
  await visitor.evaluate(() => window.LiveAssist.ready);
  // Nothing of the recorder before consent.
  const recorderRequests = [];
  visitor.on('request', (r) => /cobrowse-recorder-/.test(r.url()) && recorderRequests.push(r.url()));
  const started = visitor.evaluate(() =>
    window.LiveAssist.command('Cobrowse.start').then(
      () => 'resolved',
      (e) => e.message,
    ),
  );
  const start = visitor.locator('la-cobrowse').getByRole('button', { name: 'Start Co-browse' });
  await start.waitFor({ timeout: 20_000 });
  assert.deepEqual(recorderRequests, [], 'the recorder is fetched only after consent');
  await start.click();
  assert.equal(await started, 'resolved');
  const bar = visitor.locator('la-cobrowse').getByRole('region', { name: 'Co-browse' });
  await bar.waitFor();
  const code = (await bar.textContent()).match(/Code ([\d ]{11})/)[1].replace(/ /g, '');
  assert.equal(recorderRequests.length, 1);

  const agent = await (await browser.newContext()).newPage();
  await agent.goto(`${server.url}/agent#token=cobrowse-test-token`, { waitUntil: 'load' });
  await agent.getByLabel('Kod od klienta').fill(code);
  await agent.getByRole('button', { name: 'Oglądaj', exact: true }).last().click();
  const frame = agent.frameLocator('#cb-stage iframe');
  await frame.getByText('Every widget, in English').waitFor({ timeout: 20_000 });
  assert.equal(await frame.getByText('PPK-2024-118').count(), 0, 'the data-la-private line is blank');

  // The visitor scrolls and moves the pointer: both reach the agent's feed, and the replay draws the pointer.
  await visitor.mouse.move(200, 300);
  await visitor.evaluate(() => window.scrollTo(0, 400));
  const feed = async () =>
    (await (await fetch(`${server.url}/api/agent/cobrowse/${code}?after=0`, { headers: { authorization: 'Bearer cobrowse-test-token' } })).json()).events;
  const incremental = (events, source) => events.filter((e) => e.type === 3 && e.data.source === source);
  for (let i = 0; i < 50 && !(incremental(await feed(), 3).some((e) => e.data.y === 400) && incremental(await feed(), 1).length); i++)
    await new Promise((r) => setTimeout(r, 200));
  assert.ok(
    incremental(await feed(), 3).some((e) => e.data.y === 400),
    'the scroll reached the agent',
  );
  assert.ok(incremental(await feed(), 1).length > 0, 'the pointer moves reached the agent');
  assert.equal(await agent.locator('#cb-stage .replayer-mouse').count(), 1, 'the pointer is drawn');

  await bar.getByRole('button', { name: 'Stop' }).click();
  await bar.waitFor({ state: 'detached' });
  await agent.locator('#cb-status').filter({ hasText: 'Klient zakończył' }).waitFor({ timeout: 10_000 });
  assert.deepEqual(errors, []);
});
