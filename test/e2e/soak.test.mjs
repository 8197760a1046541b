// The soak's short version (issue 13 item 6; `npm run soak` is the long one): the same code
// (test/soak/soak.mjs) with 150 messages both ways over REST at 10 % faults of every kind (plus
// duplicated and reordered batches and lost answers, so each is met), forced disconnects and a page
// reload in the middle, in Chromium against the demo server — 0 lost, 0 duplicated, 0 out of order. First, the compare itself is shown to catch each kind of failure.
// Needs the built library (npx rollup -c).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useDemo } from './browser.mjs';
import { compare, runSoak, table } from '../soak/soak.mjs';

const demo = useDemo({ port: 0 });

const msg = (index, who, text) => ({ index, type: 'Message', text, from: { type: who } });
const onPage = (list) => list.map((m) => ({ index: m.index, type: m.type, text: m.text, from: m.from.type }));

test('the compare counts what is lost, doubled and out of order on either side, and nothing when all is well', () => {
  const server = [msg(1, 'Client', 'soak v1'), msg(2, 'Agent', 'soak a1'), msg(3, 'Client', 'soak v2'), msg(4, 'Agent', 'soak a2')];
  const clean = compare({ visitorSent: 2, agentSent: 2, server, loads: [onPage(server)] });
  assert.deepEqual({ ...clean, problems: clean.problems.length }, { received: 4, lost: 0, duplicated: 0, outOfOrder: 0, problems: 0 });

  // A visitor message stored twice, one never stored, two stored in the wrong order.
  const doubled = [msg(1, 'Client', 'soak v1'), msg(2, 'Client', 'soak v1'), msg(3, 'Client', 'soak v4'), msg(4, 'Client', 'soak v3')];
  const bad = compare({ visitorSent: 4, agentSent: 0, server: doubled, loads: [onPage(doubled)] });
  assert.equal(bad.lost, 1, 'v2 never arrived');
  assert.equal(bad.duplicated, 1, 'v1 twice');
  assert.equal(bad.outOfOrder, 1, 'v3 after v4');

  // The page: an index delivered twice in one load, one going backwards, an agent message missing,
  // the visitor's own message missing (a gap).
  const page = [onPage([server[0]])[0], onPage([server[0]])[0], onPage([server[3]])[0], onPage([server[1]])[0]];
  const pageBad = compare({ visitorSent: 2, agentSent: 3, server, loads: [page] });
  assert.equal(pageBad.duplicated, 1, 'index 1 twice');
  assert.equal(pageBad.outOfOrder, 1, 'index 2 after index 4');
  assert.equal(pageBad.lost, 2, 'a3 never sent to the page, v2 missing from it');

  // A reload re-delivers the transcript: across loads that is no duplicate, within one it is.
  const twoLoads = compare({ visitorSent: 2, agentSent: 2, server, loads: [onPage(server.slice(0, 2)), onPage(server)] });
  assert.deepEqual([twoLoads.lost, twoLoads.duplicated, twoLoads.outOfOrder], [0, 0, 0]);
});

test(
  'soak (short): 150 messages both ways over REST at 10 % faults, disconnects and a reload — none lost, doubled or out of order',
  { timeout: 120_000 },
  async () => {
    const row = await runSoak({
      url: demo.url,
      agentToken: demo.server.agentToken,
      browser: demo.browser,
      transport: 'rest',
      messages: 150,
      rate: 0.1,
      reloads: 1,
      disconnects: 2,
      settleMs: 20_000,
      // On top of the 10 % chaos: enough duplicated and reordered batches and answers lost after the server
      // acted that a short run meets them every time (chaos alone spreads ~15 faults over six kinds here).
      extraFaults: { duplicateRate: 0.25, reorderRate: 0.5, dropResponseRate: 0.05 },
    });
    const report = `${table([row])}\n${row.failure}\n${row.problems.join('\n')}\n${row.rejected.join('\n')}`;
    assert.equal(row.failure, '', report);
    assert.equal(row.sent, 150, report);
    assert.equal(row.lost, 0, report);
    assert.equal(row.duplicated, 0, report);
    assert.equal(row.outOfOrder, 0, report);
    assert.equal(row.received, 150, report);
    assert.equal(row.reloads, 1, report);
    for (const kind of ['dropResponse', 'duplicate', 'reorder'])
      assert.ok(row.faultKinds?.[kind] > 0, `${kind} faults were injected (${JSON.stringify(row.faultKinds)})`);
    assert.ok(
      row.faults > row.faultKinds.dropResponse + row.faultKinds.duplicate + row.faultKinds.reorder,
      `chaos added faults of other kinds too (${JSON.stringify(row.faultKinds)})`,
    );
    assert.ok(row.ok, report);
  },
);
