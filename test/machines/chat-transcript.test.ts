import { expect } from '@esm-bundle/chai';
import {
  EMPTY_TRANSCRIPT,
  isBubble,
  isShown,
  missing,
  restart,
  transcriptLines,
  upsert,
  withOutgoing,
  type OutboxEntryLike,
} from '../../machines/chat-transcript.ts';
import { upsertByIndex } from '../../src/app/by-index.ts';
import type { TranscriptMessage } from '../../src/services/chat/types.ts';

const msg = (
  index: number,
  text = `m${index}`,
  type: TranscriptMessage['type'] = 'Message',
  fromType: TranscriptMessage['from']['type'] = 'Agent',
): TranscriptMessage => ({
  index,
  type,
  text,
  timestamp: 1000 * index,
  html: false,
  from: { id: fromType === 'Client' ? 'v' : 'a-1', type: fromType, name: fromType === 'Client' ? 'Anna' : 'Ewa' },
});
const indexes = (list: readonly { index: number }[]) => list.map((m) => m.index);
const entry = (id: string, state: OutboxEntryLike['state'], error?: string): OutboxEntryLike => ({
  id,
  text: `text ${id}`,
  state,
  createdAt: 5,
  ...(error ? { error } : {}),
});

describe('chat transcript store', () => {
  describe('upsertByIndex', () => {
    it('orders by index and keeps each index once, whatever order and repeats the batch has', () => {
      expect(indexes(upsertByIndex([], [msg(3), msg(1), msg(2), msg(1)]))).to.deep.equal([1, 2, 3]);
      expect(indexes(upsertByIndex([msg(1), msg(4)], [msg(3), msg(2), msg(4)]))).to.deep.equal([1, 2, 3, 4]);
    });

    it('a later copy of an index replaces the one held; the list passed in is not changed', () => {
      const held = [msg(1, 'old'), msg(2)];
      const next = upsertByIndex(held, [msg(1, 'new')]);
      expect(next.map((m) => m.text)).to.deep.equal(['new', 'm2']);
      expect(held[0]!.text).to.equal('old');
    });

    it('appends a batch above everything held, and gives back the same list when nothing comes', () => {
      const held = upsertByIndex([], [msg(1), msg(2)]);
      expect(indexes(upsertByIndex(held, [msg(3), msg(4)]))).to.deep.equal([1, 2, 3, 4]);
      expect(upsertByIndex(held, [])).to.equal(held);
    });
  });

  describe('upsert', () => {
    it("a poll, a resync, a follower tab's relay and a history page of overlapping indexes end as one ordered list", () => {
      let t = upsert(EMPTY_TRANSCRIPT, [msg(5), msg(6)]);
      t = upsert(t, [msg(6), msg(7)]);
      t = upsert(t, [msg(1), msg(2), msg(3), msg(4), msg(5)]);
      expect(indexes(t.messages)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    });

    it('is the same transcript when the batch adds nothing', () => {
      const t = upsert(EMPTY_TRANSCRIPT, [msg(1)]);
      expect(upsert(t, [])).to.equal(t);
    });

    it('missing: the messages whose index the transcript lacks', () => {
      const t = upsert(EMPTY_TRANSCRIPT, [msg(2), msg(3)]);
      expect(indexes(missing(t, [msg(1), msg(2), msg(3), msg(4)]))).to.deep.equal([1, 4]);
    });
  });

  describe('outgoing rows', () => {
    it("the outbox's entries become rows with their send state: pending and sending are sending; a failure keeps its words", () => {
      const t = withOutgoing(EMPTY_TRANSCRIPT, [entry('a', 'pending'), entry('b', 'sending'), entry('c', 'sent'), entry('d', 'failed', 'refused')]);
      expect(t.outgoing.map((o) => [o.id, o.state, o.error])).to.deep.equal([
        ['a', 'sending', undefined],
        ['b', 'sending', undefined],
        ['c', 'sent', undefined],
        ['d', 'failed', 'refused'],
      ]);
      expect(t.outgoing[0]).to.include({ text: 'text a', timestamp: 5 });
    });

    it('sending → sent → gone as the outbox settles it; the same transcript when nothing changed', () => {
      const sending = withOutgoing(EMPTY_TRANSCRIPT, [entry('a', 'sending')]);
      expect(withOutgoing(sending, [entry('a', 'sending')])).to.equal(sending);
      const sent = withOutgoing(sending, [entry('a', 'sent')]);
      expect(sent.outgoing[0]!.state).to.equal('sent');
      const settled = withOutgoing(upsert(sent, [msg(1, 'text a', 'Message', 'Client')]), []);
      expect(settled.outgoing).to.deep.equal([]);
      expect(settled.messages.map((m) => m.text)).to.deep.equal(['text a']);
    });

    it("a new chat starts with no server messages; the outbox's rows stay until the outbox clears them", () => {
      const t = withOutgoing(upsert(EMPTY_TRANSCRIPT, [msg(1)]), [entry('a', 'failed')]);
      const fresh = restart(t);
      expect(fresh.messages).to.deep.equal([]);
      expect(fresh.outgoing.map((o) => o.id)).to.deep.equal(['a']);
    });
  });

  describe('what the window draws', () => {
    it("shown lines: typing and custom notices are not lines; the page's own lines go between the server's by index", () => {
      const t = upsert(EMPTY_TRANSCRIPT, [msg(1), msg(2, '', 'TypingStarted'), msg(3, 'survey', 'CustomNotice'), msg(4)]);
      const injected = { ...msg(1.001, 'injected'), from: { id: 'injected', type: 'External' as const, name: '' } };
      expect(transcriptLines(t, [injected]).map((m) => m.index)).to.deep.equal([1, 1.001, 4]);
      expect(isShown(msg(1, '', 'IdleAlert'))).to.equal(true);
      expect(isShown(msg(1, '', 'TypingStopped'))).to.equal(false);
    });

    it('bubbles: messages, links and files of anyone but the visitor', () => {
      expect(isBubble(msg(1))).to.equal(true);
      expect(isBubble(msg(1, 'x', 'FileUploaded'))).to.equal(true);
      expect(isBubble(msg(1, 'x', 'Message', 'Client'))).to.equal(false);
      expect(isBubble(msg(1, 'x', 'Notice'))).to.equal(false);
    });
  });
});
