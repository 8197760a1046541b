import { expect } from '@esm-bundle/chai';
import { ChatFailure, type TranscriptMessage } from '../../src/services/chat/types.ts';
import {
  createOutbox,
  createOutboxSender,
  OUTBOX_BACKOFF,
  OUTBOX_LIMIT,
  retryable,
  type OutboxEntry,
  type StorageEvents,
  type StorageLike,
} from '../../src/services/chat/outbox.ts';

/** localStorage over a Map; `full` makes every write throw as a full storage does. */
function memoryStorage() {
  const values = new Map<string, string>();
  const state = { full: false, refused: false };
  const storage: StorageLike = {
    getItem: (key) => {
      if (state.refused) throw new DOMException('The operation is insecure.', 'SecurityError');
      return values.get(key) ?? null;
    },
    setItem: (key, value) => {
      if (state.full || state.refused) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      values.set(key, value);
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
  return { storage, values, state };
}

/** A window's `storage` events, fired by hand (as another tab's write does). */
function storageEvents() {
  const listeners = new Set<(event: { key: string | null }) => void>();
  const events: StorageEvents = {
    addEventListener: (_, listener) => listeners.add(listener),
    removeEventListener: (_, listener) => listeners.delete(listener),
  };
  return { events, fire: (key: string | null) => listeners.forEach((l) => l({ key })), listeners };
}

function recordingLog() {
  const lines: string[] = [];
  return { log: { warn: (...a: unknown[]) => lines.push(`warn ${a.join(' ')}`), error: (...a: unknown[]) => lines.push(`error ${a.join(' ')}`) }, lines };
}

let ids = 0;
const uuid = () => `id-${++ids}`;

const visitor = (index: number, text: string): TranscriptMessage => ({
  index,
  type: 'Message',
  text,
  timestamp: 0,
  html: false,
  from: { id: 'v', type: 'Client', name: 'Anna' },
});
const agent = (index: number, text: string): TranscriptMessage => ({
  index,
  type: 'Message',
  text,
  timestamp: 0,
  html: false,
  from: { id: 'a', type: 'Agent', name: 'Ewa' },
});

describe('chat outbox (storage)', () => {
  beforeEach(() => {
    ids = 0;
  });

  it('keeps entries in order under <deploymentID>_webchat_outbox with the chat id, and a second page reads them back', () => {
    const { storage, values } = memoryStorage();
    const outbox = createOutbox({ storage, prefix: 'dep', uuid, now: () => 1000 });
    outbox.open('c-1');
    outbox.add('one', {}, 3);
    outbox.add('two', { messageType: 'text', eventAttributes: '{"parent":1}' }, 3);
    const stored = JSON.parse(values.get('dep_webchat_outbox')!);
    expect(stored.chatId).to.equal('c-1');
    expect(stored.entries.map((e: OutboxEntry) => [e.id, e.text, e.state, e.afterIndex, e.attempts, e.createdAt])).to.deep.equal([
      ['id-1', 'one', 'pending', 3, 0, 1000],
      ['id-2', 'two', 'pending', 3, 0, 1000],
    ]);
    const reloaded = createOutbox({ storage, prefix: 'dep', uuid });
    reloaded.open('c-1');
    expect(reloaded.pending().map((e) => e.text)).to.deep.equal(['one', 'two']);
    expect(reloaded.get('id-2')!.options).to.deep.equal({ messageType: 'text', eventAttributes: '{"parent":1}' });
  });

  it('an entry that was on its way when the page went is pending again, its attempts kept (so the transcript is checked before a resend)', () => {
    const { storage } = memoryStorage();
    const first = createOutbox({ storage, prefix: 'dep', uuid });
    first.open('c-1');
    const { id } = first.add('hello');
    first.attempt(id);
    expect(first.get(id)).to.include({ state: 'sending', attempts: 1 });
    const second = createOutbox({ storage, prefix: 'dep', uuid });
    second.open('c-1');
    expect(second.get(id)).to.include({ state: 'pending', attempts: 1 });
  });

  it("another chat's entries and draft are purged when a chat opens; no chat purges everything", () => {
    const { storage, values } = memoryStorage();
    const old = createOutbox({ storage, prefix: 'dep', uuid });
    old.open('c-old');
    old.add('lost chat');
    old.setDraft('half typed');
    expect(values.has('dep_webchat_draft')).to.equal(true);
    const next = createOutbox({ storage, prefix: 'dep', uuid });
    next.open('c-new');
    expect(next.entries()).to.deep.equal([]);
    expect(next.draft()).to.equal('');
    expect(values.has('dep_webchat_outbox')).to.equal(false);
    expect(values.has('dep_webchat_draft')).to.equal(false);

    next.add('x');
    next.setDraft('y');
    const none = createOutbox({ storage, prefix: 'dep', uuid });
    none.open(undefined);
    expect([...values.keys()]).to.deep.equal([]);
  });

  it(`at most ${OUTBOX_LIMIT} entries: the oldest sent or failed make room, a queued one is never dropped`, () => {
    const outbox = createOutbox({ storage: null, prefix: 'dep', uuid });
    outbox.open('c-1');
    const first = outbox.add('first');
    outbox.acknowledge(first.id, 1);
    for (let i = 0; i < OUTBOX_LIMIT; i++) outbox.add(`q${i}`);
    expect(outbox.entries()).to.have.length(OUTBOX_LIMIT);
    expect(outbox.get(first.id)).to.equal(undefined);
    outbox.add('one more');
    expect(outbox.entries()).to.have.length(OUTBOX_LIMIT + 1);
    expect(outbox.pending()).to.have.length(OUTBOX_LIMIT + 1);
  });

  it('two deployments never share keys', () => {
    const { storage } = memoryStorage();
    const a = createOutbox({ storage, prefix: 'a', uuid });
    const b = createOutbox({ storage, prefix: 'b', uuid });
    a.open('c-1');
    b.open('c-1');
    a.add('for a');
    a.setDraft('draft a');
    const b2 = createOutbox({ storage, prefix: 'b', uuid });
    b2.open('c-1');
    expect(b2.entries()).to.deep.equal([]);
    expect(b2.draft()).to.equal('');
  });

  it('the draft is saved with the chat id, read back after a reload, and removed when emptied', () => {
    const { storage, values } = memoryStorage();
    const outbox = createOutbox({ storage, prefix: 'dep', uuid });
    outbox.open('c-1');
    outbox.setDraft('Dzień dobry, mam pyt');
    expect(JSON.parse(values.get('dep_webchat_draft')!)).to.deep.equal({ chatId: 'c-1', text: 'Dzień dobry, mam pyt' });
    const reloaded = createOutbox({ storage, prefix: 'dep', uuid });
    reloaded.open('c-1');
    expect(reloaded.draft()).to.equal('Dzień dobry, mam pyt');
    reloaded.setDraft('');
    expect(values.has('dep_webchat_draft')).to.equal(false);
  });

  it('acknowledge → sent with the index; settle removes it when the server copy arrives (by index, or by text above afterIndex without one)', () => {
    const outbox = createOutbox({ storage: memoryStorage().storage, prefix: 'dep', uuid });
    outbox.open('c-1');
    const a = outbox.add('same', {}, 4);
    const b = outbox.add('same', {}, 4);
    const c = outbox.add('other', {}, 4);
    outbox.acknowledge(a.id, 6);
    outbox.acknowledge(b.id);
    expect(outbox.get(a.id)).to.include({ state: 'sent', index: 6 });
    // An agent's message and an old copy below afterIndex settle nothing.
    outbox.settle([agent(5, 'same'), visitor(3, 'same')]);
    expect(outbox.entries().map((e) => e.id)).to.deep.equal([a.id, b.id, c.id]);
    // Index 6 is a's; index 7 (same text) is b's — each server copy settles one entry.
    outbox.settle([visitor(6, 'same')]);
    expect(outbox.entries().map((e) => e.id)).to.deep.equal([b.id, c.id]);
    outbox.settle([visitor(7, 'same')]);
    expect(outbox.entries().map((e) => e.id)).to.deep.equal([c.id]);
    // A pending entry is never settled by a matching text: only the sender's reconciliation decides for it.
    outbox.settle([visitor(8, 'other')]);
    expect(outbox.entries().map((e) => e.id)).to.deep.equal([c.id]);
  });

  it('findInTranscript: the visitor message with the same text above afterIndex that no acknowledged entry claims', () => {
    const outbox = createOutbox({ storage: null, prefix: 'dep', uuid });
    outbox.open('c-1');
    const first = outbox.add('ok', {}, 2);
    const second = outbox.add('ok', {}, 2);
    outbox.acknowledge(first.id, 3);
    const transcript = [visitor(1, 'ok'), visitor(3, 'ok'), agent(4, 'ok'), visitor(5, 'ok')];
    expect(outbox.findInTranscript(second.id, transcript)?.index).to.equal(5);
    expect(outbox.findInTranscript(second.id, transcript.slice(0, 3))).to.equal(undefined);
  });

  it("fail, then the visitor's Retry: pending again with a fresh budget and the same id, moved to the end", () => {
    const outbox = createOutbox({ storage: null, prefix: 'dep', uuid });
    outbox.open('c-1');
    const a = outbox.add('first');
    const b = outbox.add('second');
    outbox.attempt(a.id);
    outbox.fail(a.id, "We're sorry but your message is too long");
    expect(outbox.get(a.id)).to.include({ state: 'failed', error: "We're sorry but your message is too long" });
    expect(outbox.pending().map((e) => e.id)).to.deep.equal([b.id]);
    outbox.retry(a.id);
    expect(outbox.entries().map((e) => [e.id, e.state, e.attempts])).to.deep.equal([
      [b.id, 'pending', 0],
      [a.id, 'pending', 0],
    ]);
    expect(outbox.get(a.id)!.error).to.equal(undefined);
    // Retry of an entry that is not failed changes nothing.
    outbox.retry(b.id);
    expect(outbox.entries().map((e) => e.id)).to.deep.equal([b.id, a.id]);
  });

  it('remove returns the entry (edit puts its text back in the input); clear removes both keys', () => {
    const { storage, values } = memoryStorage();
    const outbox = createOutbox({ storage, prefix: 'dep', uuid });
    outbox.open('c-1');
    const a = outbox.add('take me back');
    outbox.setDraft('draft');
    expect(outbox.remove(a.id)?.text).to.equal('take me back');
    expect(outbox.remove(a.id)).to.equal(undefined);
    outbox.add('another');
    outbox.clear();
    expect(outbox.entries()).to.deep.equal([]);
    expect([...values.keys()]).to.deep.equal([]);
  });

  it('subscribers hear every change; a throwing subscriber is reported, not fatal', () => {
    const { log, lines } = recordingLog();
    const outbox = createOutbox({ storage: null, prefix: 'dep', uuid, log });
    let heard = 0;
    outbox.subscribe(() => {
      throw new Error('boom');
    });
    const stop = outbox.subscribe(() => heard++);
    outbox.open('c-1');
    const a = outbox.add('x');
    outbox.attempt(a.id);
    outbox.acknowledge(a.id, 1);
    expect(heard).to.equal(4);
    stop();
    outbox.remove(a.id);
    expect(heard).to.equal(4);
    expect(lines.filter((l) => l.includes('listener threw'))).to.have.length(5);
  });

  it("another tab's write (the storage event) is read back and told to subscribers; other keys are ignored", () => {
    const { storage } = memoryStorage();
    const { events, fire, listeners } = storageEvents();
    const mine = createOutbox({ storage, prefix: 'dep', uuid, events });
    mine.open('c-1');
    let heard = 0;
    mine.subscribe(() => heard++);
    const other = createOutbox({ storage, prefix: 'dep', uuid });
    other.open('c-1');
    other.add('from the other tab');
    other.setDraft('typed there');
    fire('unrelated');
    expect(heard).to.equal(0);
    fire('dep_webchat_outbox');
    expect(heard).to.equal(1);
    expect(mine.pending().map((e) => e.text)).to.deep.equal(['from the other tab']);
    expect(mine.draft()).to.equal('typed there');
    mine.dispose();
    expect(listeners.size).to.equal(0);
  });

  it("two tabs write at once: the leader's change starts from what is stored, so a follower's new message (its storage event not yet delivered) is not overwritten", () => {
    const { storage, values } = memoryStorage();
    const leader = createOutbox({ storage, prefix: 'dep', uuid });
    const follower = createOutbox({ storage, prefix: 'dep', uuid });
    leader.open('c-1');
    follower.open('c-1');
    const x = leader.add('from the leader');
    follower.add('from the follower');
    leader.attempt(x.id);
    leader.acknowledge(x.id, 5);
    const stored = JSON.parse(values.get('dep_webchat_outbox')!) as { entries: OutboxEntry[] };
    expect(stored.entries.map((e) => [e.text, e.state])).to.deep.equal([
      ['from the leader', 'sent'],
      ['from the follower', 'pending'],
    ]);
    expect(leader.pending().map((e) => e.text)).to.deep.equal(['from the follower']);
  });

  it('a full storage: one clear warning, then memory only — the chat goes on and nothing is lost on this page', () => {
    const { storage, state } = memoryStorage();
    const { log, lines } = recordingLog();
    const outbox = createOutbox({ storage, prefix: 'dep', uuid, log });
    outbox.open('c-1');
    state.full = true;
    const a = outbox.add('still here');
    outbox.add('and me');
    outbox.setDraft('typing on');
    expect(outbox.memoryOnly).to.equal(true);
    expect(outbox.pending().map((e) => e.text)).to.deep.equal(['still here', 'and me']);
    expect(outbox.draft()).to.equal('typing on');
    outbox.acknowledge(a.id, 1);
    expect(outbox.get(a.id)!.state).to.equal('sent');
    expect(lines).to.have.length(1);
    expect(lines[0]).to.match(/^warn \[live-assist\] the chat outbox cannot be stored \(QuotaExceededError\).*kept in this page only/);
  });

  it('storage refused (private mode, blocked): memory only from the start, with the warning', () => {
    const { storage, state } = memoryStorage();
    state.refused = true;
    const { log, lines } = recordingLog();
    const outbox = createOutbox({ storage, prefix: 'dep', uuid, log });
    outbox.open('c-1');
    outbox.add('hello');
    expect(outbox.memoryOnly).to.equal(true);
    expect(outbox.pending()).to.have.length(1);
    expect(lines).to.have.length(1);
    expect(lines[0]).to.contain('SecurityError');
  });

  it('corrupt stored JSON or a foreign shape: a clear console error, an empty outbox, and the next write replaces it', () => {
    const { storage, values } = memoryStorage();
    const { log, lines } = recordingLog();
    values.set('dep_webchat_outbox', '{"chatId":"c-1","entries":[{"id":');
    values.set('dep_webchat_draft', '[1,2]');
    const outbox = createOutbox({ storage, prefix: 'dep', uuid, log });
    outbox.open('c-1');
    expect(outbox.entries()).to.deep.equal([]);
    expect(outbox.draft()).to.equal('');
    expect(lines).to.deep.equal([
      'error [live-assist] the stored chat outbox (dep_webchat_outbox) is not valid JSON: it is ignored and will be replaced',
      'error [live-assist] the stored chat draft (dep_webchat_draft) has an unknown shape: it is ignored',
    ]);
    outbox.add('fresh');
    expect(JSON.parse(values.get('dep_webchat_outbox')!).entries[0].text).to.equal('fresh');

    // Entries of an unknown shape among good ones: the good ones are kept.
    values.set(
      'dep_webchat_outbox',
      JSON.stringify({
        chatId: 'c-2',
        entries: [{ id: 'ok', text: 'kept', createdAt: 1, afterIndex: 0, attempts: 0, state: 'pending', options: {} }, { id: 7 }, null],
      }),
    );
    const mixed = createOutbox({ storage, prefix: 'dep', uuid, log });
    mixed.open('c-2');
    expect(mixed.entries().map((e) => e.text)).to.deep.equal(['kept']);
    expect(lines.at(-1)).to.contain('entries of an unknown shape');
  });
});

/* ------------------------------------------------------------------ the sender */

/** A manual clock for the sender's back-off timers. */
function manualTimers() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      timers.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    /** Moves the clock, running due timers in order. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        await flush();
      }
      now = end;
    },
    get pending() {
      return [...timers.values()].map((t) => t.at - now);
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/**
 * A server as the sender sees it: stores each message once per client message id (idempotent) unless
 * `ignoreIds`, and can lose requests (`dropRequest`: nothing stored) or answers (`dropResponse`: stored, then lost).
 */
function fakeServer(options: { ignoreIds?: boolean } = {}) {
  const transcript: TranscriptMessage[] = [agent(1, 'Dzień dobry')];
  const byId = new Map<string, number>();
  const calls: Array<{ id: string; text: string }> = [];
  const faults = { dropRequest: 0, dropResponse: 0, reject: '' as string, unavailable: 0 };
  const send = async (entry: OutboxEntry): Promise<{ index?: number }> => {
    calls.push({ id: entry.id, text: entry.text });
    if (faults.reject) throw new ChatFailure('rejected', faults.reject, [{ code: 204, message: faults.reject }]);
    if (faults.unavailable > 0) {
      faults.unavailable--;
      throw new ChatFailure('unavailable', 'The chat server could not answer');
    }
    if (faults.dropRequest > 0) {
      faults.dropRequest--;
      throw new ChatFailure('network', 'The chat send call failed: Failed to fetch');
    }
    let index = options.ignoreIds ? undefined : byId.get(entry.id);
    if (index === undefined) {
      index = transcript.length + 1;
      transcript.push(visitor(index, entry.text));
      byId.set(entry.id, index);
    }
    if (faults.dropResponse > 0) {
      faults.dropResponse--;
      throw new ChatFailure('timeout', 'The chat send call timed out');
    }
    return { index };
  };
  return { transcript, calls, faults, send, visitorTexts: () => transcript.filter((m) => m.from.type === 'Client').map((m) => m.text) };
}

/**
 * An outbox, a server and the sender between them. The client's transcript is empty (no poll has run)
 * unless `polled`: then it is the server's, as if every message had been polled already.
 */
function setup(serverOptions: { ignoreIds?: boolean } = {}, extra: { leader?: () => boolean; connected?: () => boolean; polled?: boolean } = {}) {
  const outbox = createOutbox({ storage: memoryStorage().storage, prefix: 'dep', uuid });
  outbox.open('c-1');
  const server = fakeServer(serverOptions);
  const timers = manualTimers();
  const sent: Array<[string, number | undefined]> = [];
  const failed: string[] = [];
  const sender = createOutboxSender({
    outbox,
    send: server.send,
    transcript: () => (extra.polled ? server.transcript : []),
    isLeader: extra.leader,
    connected: extra.connected,
    onSent: (entry, result) => sent.push([entry.text, result.index]),
    onFailed: (entry) => failed.push(entry.text),
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  });
  return { outbox, server, timers, sender, sent, failed };
}

describe('chat outbox sender (the drain loop)', () => {
  beforeEach(() => {
    ids = 0;
  });

  it('sends one at a time, in order, each with its own id, and marks each sent with its index', async () => {
    const { outbox, server, sender, sent } = setup();
    outbox.add('one');
    outbox.add('two');
    outbox.add('three');
    sender.kick();
    sender.kick();
    await flush();
    expect(server.calls.map((c) => [c.id, c.text])).to.deep.equal([
      ['id-1', 'one'],
      ['id-2', 'two'],
      ['id-3', 'three'],
    ]);
    expect(sent).to.deep.equal([
      ['one', 2],
      ['two', 3],
      ['three', 4],
    ]);
    expect(outbox.entries().map((e) => e.state)).to.deep.equal(['sent', 'sent', 'sent']);
  });

  it('a lost answer is retried with the SAME id after 0.5 s; the idempotent server stores it once', async () => {
    const { outbox, server, sender, timers, sent } = setup();
    server.faults.dropResponse = 1;
    outbox.add('only once');
    outbox.add('after it');
    sender.kick();
    await flush();
    expect(server.calls).to.have.length(1);
    expect(outbox.get('id-1')).to.include({ state: 'pending', attempts: 1 });
    expect(timers.pending).to.deep.equal([OUTBOX_BACKOFF[0]]);
    // Order: the second message waits behind the first.
    await timers.advance(499);
    expect(server.calls).to.have.length(1);
    await timers.advance(1);
    expect(server.calls.map((c) => c.id)).to.deep.equal(['id-1', 'id-1', 'id-2']);
    expect(server.visitorTexts()).to.deep.equal(['only once', 'after it']);
    expect(sent).to.deep.equal([
      ['only once', 2],
      ['after it', 3],
    ]);
  });

  it('a server that ignores the id: before the resend the transcript shows the message — it is marked sent, not sent again', async () => {
    const { outbox, server, sender, timers, sent } = setup({ ignoreIds: true }, { polled: true });
    server.faults.dropResponse = 1;
    outbox.add('hello');
    sender.kick();
    await flush();
    await timers.advance(500);
    expect(server.calls).to.have.length(1);
    expect(server.visitorTexts()).to.deep.equal(['hello']);
    expect(sent).to.deep.equal([['hello', 2]]);
    // The server's copy is already in the transcript: the entry is gone (no 'Sent' bubble beside it).
    expect(outbox.entries()).to.deep.equal([]);
  });

  it('without the reconciliation, that server would store it twice (the test can fail)', async () => {
    const server = fakeServer({ ignoreIds: true });
    server.faults.dropResponse = 1;
    const outbox = createOutbox({ storage: null, prefix: 'dep', uuid });
    outbox.open('c-1');
    outbox.add('hello');
    const timers = manualTimers();
    const sender = createOutboxSender({ outbox, send: server.send, transcript: () => [], setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout });
    sender.kick();
    await flush();
    await timers.advance(500);
    expect(server.visitorTexts()).to.deep.equal(['hello', 'hello']);
  });

  it('back-off 0.5, 1, 2, 4 s; after 5 attempts with the connection up: failed (Not sent) with the last reason; later ones go on', async () => {
    const { outbox, server, sender, timers, failed, sent } = setup();
    server.faults.unavailable = 5;
    outbox.add('doomed');
    outbox.add('next');
    sender.kick();
    await flush();
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      waits.push(...timers.pending);
      await timers.advance(timers.pending[0]!);
    }
    expect(waits).to.deep.equal([500, 1000, 2000, 4000]);
    expect(server.calls.filter((c) => c.id === 'id-1')).to.have.length(5);
    expect(outbox.get('id-1')).to.include({ state: 'failed', attempts: 5, error: 'The chat server could not answer' });
    expect(failed).to.deep.equal(['doomed']);
    expect(sent).to.deep.equal([['next', 2]]);
  });

  it('the budget spent while the connection is down: the entry stays pending and goes, once, when the connection is back', async () => {
    let up = false;
    const { outbox, server, sender, timers, failed, sent } = setup({}, { connected: () => up });
    server.faults.dropRequest = 5;
    outbox.add('while offline');
    sender.kick();
    await flush();
    for (let i = 0; i < 4; i++) await timers.advance(timers.pending[0]!);
    expect(server.calls).to.have.length(5);
    expect(outbox.get('id-1')).to.include({ state: 'pending' });
    expect(failed).to.deep.equal([]);
    expect(timers.pending).to.deep.equal([]);
    sender.kick();
    await flush();
    expect(server.calls).to.have.length(5);
    up = true;
    sender.resume();
    await flush();
    expect(server.calls).to.have.length(6);
    expect(sent).to.deep.equal([['while offline', 2]]);
    expect(server.visitorTexts()).to.deep.equal(['while offline']);
  });

  it('resume cuts a back-off wait short', async () => {
    const { outbox, server, sender, timers } = setup();
    server.faults.dropRequest = 1;
    outbox.add('x');
    sender.kick();
    await flush();
    expect(timers.pending).to.deep.equal([500]);
    sender.resume();
    await flush();
    expect(server.calls).to.have.length(2);
    expect(timers.pending).to.deep.equal([]);
  });

  it("a server refusal is not retried: failed at once with the server's message", async () => {
    const { outbox, server, sender, timers, failed } = setup();
    server.faults.reject = "We're sorry but your message is too long. Please write a shorter message";
    outbox.add('x'.repeat(600));
    sender.kick();
    await flush();
    expect(server.calls).to.have.length(1);
    expect(timers.pending).to.deep.equal([]);
    expect(outbox.entries()[0]).to.include({ state: 'failed', error: server.faults.reject });
    expect(failed).to.have.length(1);
  });

  it('Retry after Not sent sends it once more with the same id', async () => {
    const { outbox, server, sender, sent } = setup();
    server.faults.reject = 'busy';
    const { id } = outbox.add('again');
    sender.kick();
    await flush();
    server.faults.reject = '';
    outbox.retry(id);
    sender.kick();
    await flush();
    expect(server.calls.map((c) => c.id)).to.deep.equal([id, id]);
    expect(server.visitorTexts()).to.deep.equal(['again']);
    expect(sent).to.deep.equal([['again', 2]]);
  });

  it('only the leader drains: a follower adds, sends nothing, and drains when it leads', async () => {
    let leader = false;
    const { outbox, server, sender } = setup({}, { leader: () => leader });
    outbox.add('from a follower');
    sender.kick();
    await flush();
    expect(server.calls).to.have.length(0);
    leader = true;
    sender.kick();
    await flush();
    expect(server.visitorTexts()).to.deep.equal(['from a follower']);
  });

  it('an entry removed while its send is in flight is not brought back', async () => {
    const { outbox, sender } = setup();
    let release!: () => void;
    const slow = createOutboxSender({ outbox, send: () => new Promise((r) => (release = () => r({ index: 9 }))), transcript: () => [] });
    const { id } = outbox.add('x');
    slow.kick();
    await flush();
    outbox.remove(id);
    release();
    await flush();
    expect(outbox.entries()).to.deep.equal([]);
    sender.stop();
  });

  it('the server copy arrived before the answer (a fast poll or push): the entry leaves at once — no "Sent" beside its copy', async () => {
    const { outbox, sender, sent } = setup({}, { polled: true });
    outbox.add('szybka');
    sender.kick();
    await flush();
    expect(sent).to.deep.equal([['szybka', 2]]);
    expect(outbox.entries()).to.deep.equal([]);
  });

  it('the answer first: "sent" with its index until the copy arrives, then gone', async () => {
    const { outbox, server, sender } = setup();
    outbox.add('wolna');
    sender.kick();
    await flush();
    expect(outbox.entries().map((e) => [e.state, e.index])).to.deep.equal([['sent', 2]]);
    outbox.settle(server.transcript);
    expect(outbox.entries()).to.deep.equal([]);
  });

  it('retryable: lost answers, 5xx, unavailable and malformed are retried; refusals and an ended chat are not', () => {
    expect(retryable({ kind: 'network' })).to.equal(true);
    expect(retryable({ kind: 'timeout' })).to.equal(true);
    expect(retryable({ kind: 'unavailable' })).to.equal(true);
    expect(retryable({ kind: 'malformed' })).to.equal(true);
    expect(retryable({ kind: 'status', status: 503 })).to.equal(true);
    expect(retryable({ kind: 'status', status: 429 })).to.equal(true);
    expect(retryable({ kind: 'status', status: 400 })).to.equal(false);
    expect(retryable({ kind: 'rejected' })).to.equal(false);
    expect(retryable({ kind: 'ended' })).to.equal(false);
  });
});
