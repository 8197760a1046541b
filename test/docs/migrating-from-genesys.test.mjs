// docs/migrating-from-genesys.md against the bus's declarations: every command and event our bus declares
// has a row in the page's tables, so a Widgets 9 site's developer learns what each name does here, and the
// page grows with the bus.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, readVocabulary } from '../../scripts/bus-docs.mjs';

const PAGE = join(ROOT, 'docs', 'migrating-from-genesys.md');
const STATUSES = ['same', 'same name, not confirmed', 'different', 'not supported', 'not supported yet', 'ours only'];

/**
 * The table rows of the page by the name in their first cell: `` | `WebChat.open` | status | how | ``. A row
 * may say "(command)" or "(event)" after the name where a command and an event share it.
 */
function rowsOf(document) {
  const rows = [];
  for (const line of document.split('\n')) {
    const match = /^\| `([A-Za-z]+(?:\.[A-Za-z]+)+)`(?: \((command|event)\))? \| ([^|]+) \|/.exec(line);
    if (match) rows.push({ name: match[1], kind: match[2], status: match[3].trim() });
  }
  return rows;
}

/** Declared commands and events without a row of their kind (a row with no kind counts for both). */
function missingRows(document, { commands, events }) {
  const rows = rowsOf(document);
  const has = (name, kind) => rows.some((row) => row.name === name && (!row.kind || row.kind === kind));
  return [
    ...commands.filter((c) => !has(c.name, 'command')).map((c) => `command ${c.name}`),
    ...events.filter((e) => !has(e.name, 'event')).map((e) => `event ${e.name}`),
  ];
}

const vocabulary = readVocabulary();
const page = readFileSync(PAGE, 'utf8');

test('every command and event the bus declares has a row in docs/migrating-from-genesys.md', () => {
  assert.ok(vocabulary.commands.length > 100 && vocabulary.events.length > 100, 'the vocabulary is read');
  assert.deepEqual(missingRows(page, vocabulary), []);
});

test('a declared name left out of the tables is reported, by kind', () => {
  const without = page.replace('| `Toaster.close` |', '| Toaster.close |');
  assert.deepEqual(missingRows(without, vocabulary), ['command Toaster.close']);
  // App.closeAll is a command and an event: a row marked "(event)" does not stand for the command.
  const eventOnly = page.replace('| `App.closeAll` |', '| `App.closeAll` (event) |');
  assert.deepEqual(missingRows(eventOnly, vocabulary), ['command App.closeAll']);
});

test('every row gives one of the page’s statuses', () => {
  const unknown = rowsOf(page).filter((row) => !STATUSES.includes(row.status));
  assert.deepEqual(unknown, []);
});

test('the Widgets names our bus lacks are listed as not supported, with what to do instead', () => {
  const rows = rowsOf(page);
  for (const name of ['WebChat.rejected', 'WebChatService.clientConnected', 'WebChatService.pollingStarted', 'WindowManager.registerDockView']) {
    const row = rows.find((r) => r.name === name);
    assert.ok(row, `${name} has a row`);
    assert.match(row.status, /^not supported/, `${name} is marked not supported`);
  }
});
