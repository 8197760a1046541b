import { expect } from '@esm-bundle/chai';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { chatSessionMachine, type ChatSessionEvent, type PollInput } from '../../machines/chat-session.machine.ts';
import { createTabs, tabsName, type ChannelLike, type LockManagerLike, type Tabs } from '../../src/services/chat/tabs.ts';
import { ChatFailure, type ChatTransport, type PollResult, type SessionData, type TranscriptMessage } from '../../src/services/chat/types.ts';

/**
 * Web Locks as the browser keeps them, for one process: a lock per name, a queue of waiting requests,
 * `ifAvailable` answered with null while held, a queued request withdrawn by its signal.
 */
function fakeLocks(): LockManagerLike & { holders: (name: string) => number } {
  const state = new Map<string, { held: boolean; queue: Array<() => void> }>();
  const of = (name: string) => {
    let s = state.get(name);
    if (!s) state.set(name, (s = { held: false, queue: [] }));
    return s;
  };
  return {
    holders: (name) => (of(name).held ? 1 : 0),
    request(name, options, callback) {
      const s = of(name);
      const grant = () => {
        s.held = true;
        return Promise.resolve(callback({ name })).finally(() => {
          s.held = false;
          s.queue.shift()?.();
        });
      };
      if (!s.held) return grant();
      if (options.ifAvailable) return Promise.resolve(callback(null));
      return new Promise((resolve, reject) => {
        const run = () => grant().then(resolve, reject);
        s.queue.push(run);
        options.signal?.addEventListener('abort', () => {
          const at = s.queue.indexOf(run);
          if (at >= 0) s.queue.splice(at, 1);
          reject(new Error('AbortError'));
        });
      });
    },
  };
}

/** Deliveries posted and not yet made, over every fake channel. */
let inFlight = 0;

/** BroadcastChannel as the browser delivers it: to every other channel of the name, a clone, later. */
function fakeChannels() {
  const open = new Map<string, Set<{ listeners: Array<(event: { data: unknown }) => void> }>>();
  let posted = 0;
  const create = (name: string): ChannelLike => {
    const self = { listeners: [] as Array<(event: { data: unknown }) => void> };
    if (!open.has(name)) open.set(name, new Set());
    open.get(name)!.add(self);
    return {
      postMessage(message) {
        posted++;
        const data = structuredClone(message);
        for (const other of open.get(name) ?? []) {
          if (other === self) continue;
          inFlight++;
          setTimeout(() => {
            inFlight--;
            other.listeners.forEach((l) => l({ data: structuredClone(data) }));
          }, 0);
        }
      },
      addEventListener(_type, listener) {
        self.listeners.push(listener);
      },
      close() {
        open.get(name)?.delete(self);
      },
    };
  };
  return { create, posted: () => posted };
}

const message = (index: number, text = `m${index}`, type: TranscriptMessage['type'] = 'Message'): TranscriptMessage => ({
  index,
  type,
  text,
  timestamp: index,
  html: false,
  from: { id: 'a1', type: 'Agent', name: 'Anna' },
});

/** One chat server and a transport per tab that counts the tab's network calls. */
function fakeServer() {
  const transcript: TranscriptMessage[] = [];
  let ended = false;
  const calls: Array<{ tab: string; op: string }> = [];
  const transport = (tab: string): ChatTransport => {
    const count = (op: string) => calls.push({ tab, op });
    const from = (fromIndex: number): PollResult => ({ messages: transcript.filter((m) => m.index >= fromIndex), chatEnded: ended });
    return {
      type: 'rest',
      capabilities: { async: false, pagination: false, fileUpload: true, stream: false },
      start: async () => (count('start'), { session: { chatId: 'c1' }, messages: [] }),
      restore: async (_s, i) => (count('restore'), from(i)),
      poll: async (_s, i) => (count('poll'), from(i)),
      send: async (_s, text) => {
        count('send');
        if (text === 'refuse') throw new ChatFailure('rejected', 'Message too long', [{ code: 102, message: 'too long' }], 400);
        transcript.push({ ...message(transcript.length + 1, text), from: { id: 'v', type: 'Client', name: 'Ola' } });
        return { index: transcript.length };
      },
      typing: async () => void count('typing'),
      disconnect: async () => {
        count('disconnect');
        ended = true;
      },
      customNotice: async () => void count('customNotice'),
      updateUserData: async () => void count('updateUserData'),
      fileLimits: async () => (count('fileLimits'), { types: ['pdf'], needAgent: false, maxFileSize: 1 }),
      upload: async () => (count('upload'), { fileId: 'f1' }),
      download: () => void count('download'),
      history: async () => (count('history'), []),
    };
  };
  return {
    transcript,
    calls,
    transport,
    agentSays: (text: string) => transcript.push(message(transcript.length + 1, text)),
    network: (tab: string) => calls.filter((c) => c.tab === tab).map((c) => c.op),
  };
}

const session: SessionData = { chatId: 'c1', userId: 'u', secureKey: 'k' };
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * Resolves once the tabs are quiet: every message posted has been delivered, and whatever that set off
 * (answers, their promises) has run — three turns in a row with nothing in flight. Not a fixed wait, so a
 * loaded machine does not make it flaky.
 */
async function quiet(): Promise<void> {
  for (let idle = 0; idle < 3;) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    idle = inFlight === 0 ? idle + 1 : 0;
  }
}

describe('chat tabs: one connection for all tabs', () => {
  const opened: Tabs[] = [];
  afterEach(() => {
    opened.splice(0).forEach((t) => t.close());
  });

  function browser(server = fakeServer(), locks = fakeLocks(), channels = fakeChannels()) {
    const tab = (id: string, deployment = 'ppk') => {
      const transports = new Map<string, ChatTransport>();
      const tabs = createTabs({
        name: tabsName(deployment),
        locks,
        channel: channels.create,
        load: async () => transports.get('rest')!,
        syncTimeout: 2000,
        callTimeout: 2000,
      });
      opened.push(tabs);
      const transport = tabs.wrap(server.transport(id));
      transports.set('rest', transport);
      return { id, tabs, transport };
    };
    return { server, locks, channels, tab };
  }

  /** The session machine as WebChatService runs it over a (wrapped) transport, on a simulated clock. */
  function sessionOver(transport: ChatTransport, stream: boolean) {
    const clock = new SimulatedClock();
    const machine = chatSessionMachine.provide({
      actors: {
        restoreChat: fromPromise<PollResult, PollInput>(({ input }) => transport.restore(input.session, input.fromIndex)),
        pollChat: fromPromise<PollResult, PollInput>(({ input }) => transport.poll(input.session, input.fromIndex)),
        streamChat: fromCallback<ChatSessionEvent, PollInput>(({ input, sendBack }) =>
          transport.subscribe!(input.session, input.fromIndex, {
            messages: (answer) => sendBack({ type: 'stream.messages', answer }),
            status: (status) => sendBack({ type: status === 'connected' ? 'connection.restored' : 'connection.lost' }),
            failed: (error) => sendBack({ type: 'stream.failed', error }),
          }),
        ),
      },
    });
    const actor = createActor(machine, { input: { stream }, clock }).start();
    const shown: string[] = [];
    actor.on('messageReceived', (event) => shown.push(...event.messages.map((m) => `${m.index} ${m.text}`)));
    actor.send({ type: 'configure', stream });
    actor.send({ type: 'restore', session, position: 1, lastActivity: Date.now(), now: Date.now() });
    /** What the plugin does when its tab comes to lead (align): the transport's own mode, from the position held. */
    const lead = () => {
      actor.send({ type: 'configure', stream: false });
      actor.send({ type: 'poll.stop' });
      actor.send({ type: 'poll.start' });
    };
    return { actor, clock, shown, lead };
  }

  it('the session machines of two tabs: the leader polls, the follower streams its batches, the same transcript; the follower takes over and polls on from its index', async () => {
    const { tab, server } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const b = tab('b');
    await b.tabs.settled;
    server.agentSays('one');
    server.agentSays('two');
    const leader = sessionOver(a.transport, false);
    await quiet();
    const follower = sessionOver(b.transport, true);
    await quiet();
    expect(leader.actor.getSnapshot().hasTag('active') && follower.actor.getSnapshot().hasTag('active')).to.equal(true);
    server.agentSays('three');
    server.agentSays('four');
    leader.clock.increment(600);
    await quiet();
    expect(follower.shown).to.deep.equal(leader.shown);
    expect(leader.shown).to.deep.equal(['1 one', '2 two', '3 three', '4 four']);
    expect(server.network('b'), 'the follower: no network').to.deep.equal([]);

    // Two more arrive; the leader's tab closes before it polls them; the follower leads and polls from index 5.
    server.agentSays('five');
    server.agentSays('six');
    leader.actor.stop();
    a.tabs.close();
    await quiet();
    expect(b.tabs.isLeader()).to.equal(true);
    follower.lead();
    follower.clock.increment(600);
    await quiet();
    expect(follower.shown).to.deep.equal(['1 one', '2 two', '3 three', '4 four', '5 five', '6 six']);
    expect(server.network('b')).to.deep.equal(['poll']);
  });

  it('names the lock and the channel after the deployment', () => {
    expect(tabsName('ppk')).to.equal('live-assist:ppk:webchat');
    expect(tabsName('ppk-en')).to.not.equal(tabsName('ppk'));
  });

  it('the first tab leads, the second follows; only one holds the lock', async () => {
    const { tab, locks } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const b = tab('b');
    await b.tabs.settled;
    expect([a.tabs.isLeader(), b.tabs.isLeader()]).to.deep.equal([true, false]);
    expect(a.tabs.shared && b.tabs.shared).to.equal(true);
    expect(locks.holders(tabsName('ppk'))).to.equal(1);
  });

  it('a follower restores from what the leader holds and gets every batch the leader polls, with no network of its own', async () => {
    const { tab, server } = browser();
    const a = tab('a');
    await a.tabs.settled;
    server.agentSays('hello');
    server.agentSays('how can I help');
    expect((await a.transport.restore(session, 1)).messages.map((m) => m.index)).to.deep.equal([1, 2]);
    const b = tab('b');
    await b.tabs.settled;
    const restored = await b.transport.restore(session, 1);
    expect(restored.messages.map((m) => m.text)).to.deep.equal(['hello', 'how can I help']);

    const got: number[] = [];
    const statuses: string[] = [];
    const stop = b.transport.subscribe!(session, 3, {
      messages: (r) => got.push(...r.messages.map((m) => m.index)),
      status: (s) => statuses.push(s),
      failed: () => undefined,
    });
    server.agentSays('third');
    server.agentSays('fourth');
    await a.transport.poll(session, 3);
    await quiet();
    expect(got).to.deep.equal([3, 4]);
    stop();
    server.agentSays('fifth');
    await a.transport.poll(session, 5);
    await quiet();
    expect(got, 'nothing after the subscription stopped').to.deep.equal([3, 4]);
    expect(server.network('b')).to.deep.equal([]);
    expect(server.network('a')).to.deep.equal(['restore', 'poll', 'poll']);
  });

  it("a follower's send, typing, end and other calls are run by the leader; a refusal comes back as the same ChatFailure", async () => {
    const { tab, server } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const b = tab('b');
    await b.tabs.settled;
    expect(await b.transport.send(session, 'from the second tab')).to.deep.equal({ index: 1 });
    await b.transport.typing(session, true, 'fr');
    expect(await b.transport.fileLimits(session)).to.deep.equal({ types: ['pdf'], needAgent: false, maxFileSize: 1 });
    const refused = await b.transport.send(session, 'refuse').catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(ChatFailure);
    expect(refused).to.include({ kind: 'rejected', message: 'Message too long', status: 400 });
    expect((refused as ChatFailure).errors).to.deep.equal([{ code: 102, message: 'too long' }]);
    await b.transport.disconnect(session);
    expect(server.network('b')).to.deep.equal([]);
    expect(server.network('a')).to.deep.equal(['send', 'typing', 'fileLimits', 'send', 'disconnect']);
    expect(server.transcript.map((m) => m.text)).to.deep.equal(['from the second tab']);
  });

  it('the leader goes: the next tab leads at once, polls on, and the other follower gets what it missed from its highest index', async () => {
    const { tab, server } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const b = tab('b');
    await b.tabs.settled;
    const c = tab('c');
    await c.tabs.settled;
    server.agentSays('one');
    await a.transport.poll(session, 1);
    const atC: number[] = [];
    c.transport.subscribe!(session, 1, { messages: (r) => atC.push(...r.messages.map((m) => m.index)), status: () => undefined, failed: () => undefined });
    await quiet();
    expect(atC).to.deep.equal([1]);

    // Two messages arrive; the leader closes before it polls them.
    server.agentSays('two');
    server.agentSays('three');
    let led = 0;
    b.tabs.onLeader(() => led++);
    const closedAt = Date.now();
    a.tabs.close();
    await quiet();
    expect([b.tabs.isLeader(), c.tabs.isLeader()]).to.deep.equal([true, false]);
    expect(led).to.equal(1);
    expect(Date.now() - closedAt).to.be.below(2000);
    // The new leader polls from its highest index (the machine's position), over the network.
    const polled = await b.transport.poll(session, 2);
    expect(polled.messages.map((m) => m.index)).to.deep.equal([2, 3]);
    await quiet();
    expect(atC, 'every message once, in order').to.deep.equal([1, 2, 3]);
    expect(server.network('b')).to.deep.equal(['poll']);
    expect(server.network('c')).to.deep.equal([]);
  });

  it('a follower that missed a broadcast catches up from the new leader by index', async () => {
    const { tab, server } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const b = tab('b');
    await b.tabs.settled;
    server.agentSays('one');
    server.agentSays('two');
    await a.transport.poll(session, 1);
    await quiet();
    // c joins late, subscribing from index 2: the sync brings 2 only.
    const c = tab('c');
    await c.tabs.settled;
    const atC: number[] = [];
    c.transport.subscribe!(session, 2, { messages: (r) => atC.push(...r.messages.map((m) => m.index)), status: () => undefined, failed: () => undefined });
    await quiet();
    expect(atC).to.deep.equal([2]);
  });

  it('the chat ending reaches a follower as chatEnded, by batch or by the ended notice', async () => {
    const { tab, server } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const b = tab('b');
    await b.tabs.settled;
    const ends: boolean[] = [];
    b.transport.subscribe!(session, 1, { messages: (r) => ends.push(r.chatEnded), status: () => undefined, failed: () => undefined });
    await quiet();
    a.tabs.post({ t: 'chat', event: 'ended', chatId: 'c1' });
    await quiet();
    expect(ends).to.deep.equal([true]);
    await server.transport('x').disconnect(session);
    await a.transport.poll(session, 1);
    await quiet();
    expect(ends).to.deep.equal([true, true]);
  });

  it("the leader's connection status reaches the followers (push transports)", async () => {
    const { tab } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const b = tab('b');
    await b.tabs.settled;
    const statuses: string[] = [];
    b.transport.subscribe!(session, 1, { messages: () => undefined, status: (s) => statuses.push(s), failed: () => undefined });
    a.tabs.post({ t: 'status', chatId: 'c1', status: 'disconnected' });
    a.tabs.post({ t: 'status', chatId: 'other', status: 'connected' });
    await quiet();
    expect(statuses).to.deep.equal(['disconnected']);
  });

  it('a follower restores over the network when no leader holds the chat (the leader has no chat yet)', async () => {
    const { tab, server } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const b = tab('b');
    await b.tabs.settled;
    server.agentSays('hi');
    const restored = await b.transport.restore(session, 1);
    expect(restored.messages.map((m) => m.text)).to.deep.equal(['hi']);
    expect(server.network('b')).to.deep.equal(['restore']);
    expect(server.network('a')).to.deep.equal([]);
  });

  it('two deployments never share a lock or a channel: each leads its own, batches stay with their chat', async () => {
    const { tab, server, channels } = browser();
    const pl = tab('pl', 'ppk');
    const en = tab('en', 'ppk-en');
    await Promise.all([pl.tabs.settled, en.tabs.settled]);
    expect([pl.tabs.isLeader(), en.tabs.isLeader()]).to.deep.equal([true, true]);
    const plFollower = tab('pl2', 'ppk');
    await plFollower.tabs.settled;
    expect(plFollower.tabs.isLeader()).to.equal(false);
    const seenByEn: string[] = [];
    en.tabs.onMessage((m) => seenByEn.push(m.t));
    const atPl2: number[] = [];
    plFollower.transport.subscribe!(session, 1, {
      messages: (r) => atPl2.push(...r.messages.map((m) => m.index)),
      status: () => undefined,
      failed: () => undefined,
    });
    server.agentSays('for ppk');
    await pl.transport.poll(session, 1);
    await quiet();
    expect(atPl2).to.deep.equal([1]);
    expect(seenByEn).to.deep.equal([]);
    expect(channels.posted()).to.be.greaterThan(0);
  });

  it('without Web Locks or BroadcastChannel every tab is its own leader and talks to the network as before', async () => {
    const server = fakeServer();
    const a = createTabs({ name: tabsName('ppk') });
    const b = createTabs({ name: tabsName('ppk'), locks: fakeLocks() });
    const c = createTabs({ name: tabsName('ppk'), channel: fakeChannels().create });
    opened.push(a, b, c);
    await Promise.all([a.settled, b.settled, c.settled]);
    expect([a.isLeader(), b.isLeader(), c.isLeader()]).to.deep.equal([true, true, true]);
    expect([a.shared, b.shared, c.shared]).to.deep.equal([false, false, false]);
    await a.wrap(server.transport('a')).poll(session, 1);
    await b.wrap(server.transport('b')).send(session, 'x');
    expect(server.network('a')).to.deep.equal(['poll']);
    expect(server.network('b')).to.deep.equal(['send']);
  });

  it('the leader runs only the transport calls a follower may relay', async () => {
    const { tab, server, channels } = browser();
    const a = tab('a');
    await a.tabs.settled;
    const replies: unknown[] = [];
    const other = channels.create(tabsName('ppk'));
    other.addEventListener('message', (event) => replies.push(event.data));
    other.postMessage({ t: 'call', id: 'x1', type: 'rest', method: 'start', args: [{ userData: {} }] });
    other.postMessage({ t: 'call', id: 'x2', type: 'rest', method: 'constructor', args: [] });
    other.postMessage({ t: 'call', id: 'x3', type: 'rest', method: 'typing', args: [session, true] });
    await quiet();
    other.close();
    expect(server.network('a')).to.deep.equal(['typing']);
    expect(replies).to.deep.equal([{ t: 'reply', id: 'x3', value: undefined }]);
  });

  it('a follower whose leader never answers a call fails it as lost (timeout), never hangs', async () => {
    const locks = fakeLocks();
    const channels = fakeChannels();
    // A leader that holds the lock but runs no chat code (its channel is deaf).
    void locks.request(tabsName('ppk'), {}, () => new Promise(() => undefined));
    const b = createTabs({ name: tabsName('ppk'), locks, channel: channels.create, callTimeout: 50 });
    opened.push(b);
    await b.settled;
    expect(b.isLeader()).to.equal(false);
    const failure = await b
      .wrap(fakeServer().transport('b'))
      .send(session, 'x')
      .catch((e: unknown) => e);
    expect(failure).to.be.instanceOf(ChatFailure);
    expect((failure as ChatFailure).lost).to.equal(true);
  });

  it('pagehide releases the lock (the next tab leads); a pageshow from the back-forward cache asks again', async () => {
    const { locks, channels } = browser();
    const listeners = new Map<string, (event: { persisted?: boolean }) => void>();
    const page = { addEventListener: (type: string, l: (event: { persisted?: boolean }) => void) => void listeners.set(type, l) };
    const a = createTabs({ name: tabsName('ppk'), locks, channel: channels.create, page });
    opened.push(a);
    await a.settled;
    const b = createTabs({ name: tabsName('ppk'), locks, channel: channels.create });
    opened.push(b);
    await b.settled;
    listeners.get('pagehide')!({ persisted: true });
    await tick();
    expect([a.isLeader(), b.isLeader()]).to.deep.equal([false, true]);
    listeners.get('pageshow')!({ persisted: true });
    await tick();
    expect(a.isLeader(), 'back from the cache: follows the tab that leads now').to.equal(false);
    b.close();
    await tick();
    expect(a.isLeader()).to.equal(true);
  });
});
