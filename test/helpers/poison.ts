import { expect } from '@esm-bundle/chai';
import type { TranscriptMessage } from '../../src/services/chat/types.ts';

/**
 * The poison-pill variants (issue 40 item 13): one agent message with an odd field among good ones. Each
 * transport's test puts each of them in a chat, followed by a good message in the same batch and another in
 * the next, and checks that the good ones arrive, and that the odd one is repaired (`shown`) or dropped with
 * one warning naming the field (`dropped`).
 */
export interface Variant {
  name: string;
  /** The fields the odd message has instead of a good one's. */
  patch: Record<string, unknown>;
  /** Repaired: what the message reads as (a part of it). */
  shown?: Partial<TranscriptMessage>;
  /** Dropped: the field the warning names. */
  dropped?: string;
  /** Shown, with a warning naming this field. */
  warns?: string;
}

export const ISO = '2025-03-03T09:00:00.000Z';

export const VARIANTS: readonly Variant[] = [
  { name: 'timestamp as an ISO string', patch: { timestamp: ISO }, shown: { timestamp: Date.parse(ISO) } },
  { name: 'timestamp as digits', patch: { timestamp: '1741000000000' }, shown: { timestamp: 1741000000000 } },
  { name: 'from: null', patch: { from: null }, shown: { from: { id: '', type: 'External', name: '' } } },
  { name: 'text as a number', patch: { text: 42 }, shown: { text: '42' } },
  { name: 'html: "true"', patch: { html: 'true' }, shown: { html: true } },
  { name: 'from.name as a number', patch: { from: { id: 'agent-7', type: 'Agent', name: 7 } }, shown: { from: { id: 'agent-7', type: 'Agent', name: '7' } } },
  { name: 'a timestamp that is not a time', patch: { timestamp: 'soon' }, warns: 'timestamp' },
  { name: 'text as an object', patch: { text: { b: 1 } }, dropped: 'text' },
  { name: 'html: "yes"', patch: { html: 'yes' }, dropped: 'html' },
  { name: 'from as a string', patch: { from: 'Anna' }, dropped: 'from' },
  { name: 'from.id as an object', patch: { from: { id: {}, type: 'Agent', name: 'Ewa' } }, dropped: 'from.id' },
  { name: 'type as a number', patch: { type: 5 }, dropped: 'type' },
];

/** What console.warn is called with while `run` runs (one string a call). */
export async function warningsOf<T>(run: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    return { result: await run(), warnings };
  } finally {
    console.warn = original;
  }
}

/**
 * Checks the odd message of `variant` at `index` in `messages` (those handed on) and the warnings: repaired
 * and no warning, or shown with one warning, or absent with one warning naming the field.
 */
export function expectVariant(variant: Variant, index: number, messages: readonly TranscriptMessage[], warnings: readonly string[]): void {
  const odd = messages.find((m) => m.index === index);
  const about = warnings.filter((w) => w.includes(`index ${index})`));
  if (variant.dropped) {
    expect(odd, `${variant.name}: dropped`).to.equal(undefined);
    expect(about, `${variant.name}: one warning`).to.have.length(1);
    expect(about[0], variant.name).to.contain(`: ${variant.dropped} `).and.contain('not shown');
    return;
  }
  expect(odd, `${variant.name}: shown`).to.not.equal(undefined);
  if (variant.shown) expect(odd, variant.name).to.deep.include(variant.shown);
  if (variant.warns) {
    expect(about, `${variant.name}: one warning`).to.have.length(1);
    expect(about[0], variant.name).to.contain(`: ${variant.warns} `);
  } else {
    expect(about, `${variant.name}: no warning`).to.deep.equal([]);
  }
}
