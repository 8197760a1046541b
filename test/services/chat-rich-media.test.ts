import { expect } from '@esm-bundle/chai';
import { warningsOf } from '../helpers/poison.ts';
import { MAX_RICH_ITEMS, readMessages } from '../../src/services/chat/transcript-schema.ts';
import { cloudMessages } from '../../src/services/chat/transports/cloud/rest.ts';

// Issue 35 item 1: the structured message's envelope read by the one per-message reader every transport
// uses; a malformed one shows as its text or as nothing (the view's short notice), never breaks the answer.

const from = { id: 'b1', type: 'Bot', name: 'Asystent' };
const message = (index: number, fields: Record<string, unknown>) => ({ index, type: 'Structured', text: '', timestamp: 1741000000000, from, ...fields });
const replies = [
  { id: 'q1', type: 'quick-reply', text: 'Wpłaty' },
  { id: 'q2', type: 'quick-reply', text: 'Wypłata' },
];
const read = (list: unknown[]) => warningsOf(async () => readMessages(list, 'The chat refresh answer'));

describe('the rich-media envelope (transcript-schema.ts)', () => {
  it('beside the message: contentType, content, id, textback and parentMessageID are kept, the text stays', async () => {
    const { result, warnings } = await read([
      message(1, { text: 'W czym pomóc?', contentType: 'quick-replies', content: replies, id: 'rm1', textback: 'x', parentMessageID: 'p0' }),
    ]);
    expect(warnings).to.deep.equal([]);
    expect(result.messages[0]).to.deep.include({
      text: 'W czym pomóc?',
      rich: { contentType: 'quick-replies', content: replies, id: 'rm1', textback: 'x', parentMessageID: 'p0' },
    });
  });

  it("the cloud's structured body: the envelope as JSON text, whose own text becomes the message's", async () => {
    const envelope = { text: 'Karta', contentType: 'generic', content: [{ id: 'c1', type: 'generic', title: 'T' }], id: 7 };
    const { result, warnings } = await warningsOf(async () =>
      cloudMessages([{ sequence: 2, sender: { id: 'b1' }, body: JSON.stringify(envelope), bodyType: 'structured' }], 'The page', 'entities'),
    );
    expect(warnings).to.deep.equal([]);
    expect(result.messages[0]!.body).to.equal('Karta');
    expect(result.messages[0]!.rich).to.deep.equal({ contentType: 'generic', content: envelope.content, id: '7' });
  });

  it('a Message that carries an envelope is read too (a server that does not mark it Structured)', async () => {
    const { result } = await read([message(3, { type: 'Message', text: 'Wybierz', contentType: 'quick-replies', content: replies })]);
    expect(result.messages[0]).to.deep.include({ type: 'Message', text: 'Wybierz' });
    expect(result.messages[0]!.rich!.contentType).to.equal('quick-replies');
  });

  it('malformed: an unknown layout or content that is not a list shows as the text, with one warning each', async () => {
    const { result, warnings } = await read([
      message(4, { text: 'Tekst A', contentType: 'carousel-3d', content: replies }),
      message(5, { text: 'Tekst B', contentType: 'generic', content: { not: 'a list' } }),
      message(6, { text: 'Tekst C', contentType: 'generic', content: [] }),
    ]);
    expect(result.messages.map((m) => [m.index, m.text, m.rich])).to.deep.equal([
      [4, 'Tekst A', undefined],
      [5, 'Tekst B', undefined],
      [6, 'Tekst C', undefined],
    ]);
    expect(warnings).to.have.length(3);
    for (const warning of warnings) expect(warning).to.contain('contentType or content is not a rich-media envelope; shown as text');
  });

  it("a cloud body that is not JSON: the message stays, empty (the view's short notice), the ones after it arrive", async () => {
    const { result, warnings } = await warningsOf(async () =>
      cloudMessages(
        [
          { sequence: 7, sender: { id: 'b1' }, body: '{"contentType": "generic", "content": [', bodyType: 'structured' },
          { sequence: 8, sender: { id: 'b1' }, body: 'Dalej', bodyType: 'standard' },
        ],
        'The page',
        'entities',
      ),
    );
    expect(result.messages.map((m) => [m.sequence, m.body, m.rich])).to.deep.equal([
      [7, '', undefined],
      [8, 'Dalej', undefined],
    ]);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('body is not a structured message; shown as a notice');
  });

  it(`a hostile number of items is cut to ${MAX_RICH_ITEMS}; an id that is an object drops nothing but the envelope`, async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: `q${i}`, type: 'quick-reply', text: `${i}` }));
    const { result, warnings } = await read([
      message(9, { text: 'Dużo', contentType: 'quick-replies', content: many }),
      message(10, { text: 'Zły id', contentType: 'quick-replies', content: replies, id: { x: 1 } }),
    ]);
    expect(result.messages[0]!.rich!.content).to.have.length(MAX_RICH_ITEMS);
    expect(warnings[0]).to.contain(`content has 5000 items; cut to ${MAX_RICH_ITEMS}`);
    expect(result.messages[1]).to.deep.include({ text: 'Zły id' });
    expect(result.messages[1]!.rich).to.equal(undefined);
  });

  it('text that looks like JSON stays text (an envelope is read from the fields, never from the words)', async () => {
    const { result } = await read([message(11, { type: 'Message', text: '{"a":1}' })]);
    expect(result.messages[0]).to.deep.include({ text: '{"a":1}' });
    expect(result.messages[0]!.rich).to.equal(undefined);
  });
});
