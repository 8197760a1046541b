import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomId } from '../../src/app/ids.ts';
import { isRecord } from '../../src/app/records.ts';

test('randomId uses randomUUID where the page has it', () => {
  assert.equal(randomId({ randomUUID: () => '00000000-0000-4000-8000-000000000000', getRandomValues: (a) => a }), '00000000-0000-4000-8000-000000000000');
});

test('randomId falls back to 16 random bytes in hex on a page without randomUUID (not a secure context)', () => {
  const source = {
    getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
      new Uint8Array((array as unknown as Uint8Array).buffer).fill(171);
      return array;
    },
  };
  assert.equal(randomId(source as Pick<Crypto, 'getRandomValues'>), 'ab'.repeat(16));
  const ids = new Set(Array.from({ length: 50 }, () => randomId({ getRandomValues: (a) => globalThis.crypto.getRandomValues(a) })));
  assert.equal(ids.size, 50);
});

test('isRecord: plain objects only', () => {
  assert.equal(isRecord({}), true);
  assert.equal(isRecord([]), false);
  assert.equal(isRecord(null), false);
  assert.equal(isRecord('x'), false);
});
