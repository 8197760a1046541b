import { expect } from '@esm-bundle/chai';
import type { TranscriptMessage } from '../../src/services/chat/types.ts';

/**
 * The simulator bot's rich media after its greeting (demo/simulator/rich-media.js, Polish): the quick
 * replies and the card with the PDF, each one Structured message with its envelope, as every transport
 * must hand them on.
 */
export function expectBotRichMedia(messages: readonly TranscriptMessage[]): void {
  const structured = messages.filter((m) => m.type === 'Structured');
  expect(structured.map((m) => [m.from.type, m.text, m.rich?.contentType])).to.deep.equal([
    ['Bot', 'W czym mogę pomóc?', 'quick-replies'],
    ['Bot', 'Informacja o ochronie danych', 'generic'],
  ]);
  const [replies, card] = structured as [TranscriptMessage, TranscriptMessage];
  expect(replies.rich!.content.map((c) => (c as { text: string }).text)).to.deep.equal(['Wpłaty', 'Wypłata', 'Porozmawiaj z konsultantem']);
  expect(replies.rich!.id.endsWith(`-${replies.index}`)).to.equal(true, "the envelope id is the server's");
  const first = card.rich!.content[0] as { title: string; components: Array<{ type: string; url?: string }> };
  expect(first.title).to.equal('Ochrona danych osobowych');
  expect(first.components.find((c) => c.type === 'attachment')!.url).to.match(/\/ochrona-danych\.pdf$/);
}
