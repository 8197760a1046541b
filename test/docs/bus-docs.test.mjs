// docs/bus.md against the bus's type declarations: every declared command and event is listed, and the
// generated reference is what scripts/bus-docs.mjs makes of the declarations today.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BUS_DOC, missingNames, readVocabulary, renderReference, withReference } from '../../scripts/bus-docs.mjs';

const vocabulary = readVocabulary();
const document = readFileSync(BUS_DOC, 'utf8');

test('the declarations are read: commands and events of the built plugins, with their payload types', () => {
  const commands = new Map(vocabulary.commands.map((c) => [c.name, c]));
  const events = new Map(vocabulary.events.map((e) => [e.name, e]));
  assert.ok(commands.get('Callback.open'), 'Callback.open is declared');
  assert.equal(commands.get('Callback.open').optional, true, 'Callback.open may be called without options');
  assert.equal(commands.get('Sidebar.configure').optional, false, 'Sidebar.configure needs its options');
  assert.match(events.get('Calendar.selected').payload, /CalendarSelection/);
  assert.ok(
    vocabulary.types.some((t) => t.name === 'LifecycleReport'),
    'payload types are collected',
  );
});

test('every declared command and event is listed in docs/bus.md', () => {
  assert.deepEqual(missingNames(document, vocabulary), []);
});

test('a command left out of the document is reported', () => {
  const without = document.replace('| `Toaster.close` |', '| Toaster.close |');
  assert.deepEqual(missingNames(without, vocabulary), ['Toaster.close']);
});

test('the generated reference in docs/bus.md is up to date (run `node scripts/bus-docs.mjs`)', () => {
  assert.equal(document, withReference(document, renderReference(vocabulary)));
});
