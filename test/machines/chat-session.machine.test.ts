import { expect } from '@esm-bundle/chai';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import {
  chatSessionMachine,
  DELAYS,
  POLL,
  pollDelay,
  selectNumAgentsConnected,
  STANDARD_FILTER,
  type ChatSessionEmitted,
  type ChatSessionEvent,
  type ChatSessionInput,
  type PollInput,
} from '../../machines/chat-session.machine.ts';
import {
  ChatFailure,
  type ChatFailureKind,
  type PollResult,
  type SessionData,
  type StartRequest,
  type StartResult,
  type TranscriptMessage,
} from '../../src/services/chat/types.ts';

const SESSION: SessionData = { chatId: 'c-1', userId: 'u-1', secureKey: 'k', alias: '1' };
const REQUEST: StartRequest = { firstName: 'Anna', userData: {} };

type Answer = PollResult | ChatFailureKind;

/** A transcript message; `from` defaults to the agent Ewa. */
const msg = (
  index: number,
  type: TranscriptMessage['type'] = 'Message',
  text = `m${index}`,
  from: Partial<TranscriptMessage['from']> = {},
  userData?: Record<string, string>,
): TranscriptMessage => ({
  index,
  type,
  text,
  timestamp: 1000 * index,
  html: false,
  from: { id: 'a-1', type: 'Agent', name: 'Ewa', ...from },
  ...(userData ? { userData } : {}),
});
const CLIENT = { id: 'v', type: 'Client' as const, name: 'Anna' };
const answer = (messages: TranscriptMessage[] = [], extra: Partial<PollResult> = {}): PollResult => ({ messages, chatEnded: false, ...extra });
const fail = (kind: ChatFailureKind) => new ChatFailure(kind, kind);

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Options {
  input?: ChatSessionInput;
  start?: () => Promise<StartResult>;
  restore?: () => Promise<PollResult>;
  end?: () => Promise<void>;
}

/**
 * A started machine on a simulated clock; `polls` is the script of poll answers (a kind string throws that
 * ChatFailure), an exhausted script answers with no message.
 */
function boot(options: Options = {}) {
  const clock = new SimulatedClock();
  const polls: Answer[] = [];
  const pollCalls: PollInput[] = [];
  const restoreCalls: PollInput[] = [];
  const typing: boolean[] = [];
  let endCalls = 0;
  const actor = createActor(
    chatSessionMachine.provide({
      actors: {
        startChat: fromPromise(options.start ?? (async () => ({ session: SESSION, messages: [] }))),
        restoreChat: fromPromise(async ({ input }) => (restoreCalls.push(input), (options.restore ?? (async () => answer()))())),
        pollChat: fromPromise(async ({ input }) => {
          pollCalls.push(input);
          const next = polls.shift() ?? answer();
          if (typeof next === 'string') throw fail(next);
          return next;
        }),
        endChat: fromPromise(async () => {
          endCalls++;
          await (options.end ?? (async () => undefined))();
        }),
      },
      actions: { sendTyping: (_, params) => typing.push(params.typing) },
    }),
    { input: options.input ?? {}, clock },
  ).start();
  const emitted: ChatSessionEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  const names = () => emitted.map((e) => e.type);
  /** Moves the clock in 10 ms steps until the next poll call; returns the time waited. */
  const nextPoll = async (limit = 10000) => {
    const before = pollCalls.length;
    let waited = 0;
    while (pollCalls.length === before) {
      if (waited >= limit) throw new Error(`no poll within ${limit} ms`);
      clock.increment(10);
      waited += 10;
    }
    await flush();
    return waited;
  };
  const context = () => actor.getSnapshot().context;
  return { actor, clock, polls, pollCalls, restoreCalls, typing, emitted, names, nextPoll, context, endCalls: () => endCalls };
}

/** Configured and started. */
async function started(options: Options = {}) {
  const t = boot(options);
  t.actor.send({ type: 'configure' });
  t.actor.send({ type: 'start', request: REQUEST });
  await flush();
  expect(t.actor.getSnapshot().hasTag('active')).to.equal(true);
  return t;
}

describe('chat-session machine', () => {
  describe('start', () => {
    it("configures, starts and emits started with the session; the start answer's messages are received", async () => {
      const t = boot({ start: async () => ({ session: SESSION, messages: [msg(1, 'ParticipantJoined', 'Anna joined', CLIENT)] }) });
      expect(t.actor.getSnapshot().matches('notConfigured')).to.equal(true);
      expect(t.actor.getSnapshot().can({ type: 'start', request: REQUEST }), 'not before configure').to.equal(false);
      t.actor.send({ type: 'configure' });
      t.actor.send({ type: 'start', request: REQUEST });
      expect(t.actor.getSnapshot().hasTag('busy')).to.equal(true);
      await flush();
      expect(t.actor.getSnapshot().hasTag('active')).to.equal(true);
      expect(t.context().session).to.deep.equal(SESSION);
      expect(t.names()).to.deep.equal(['started', 'messageReceived']);
      expect(t.emitted[0]).to.deep.equal({ type: 'started', session: SESSION });
      expect(t.context().position).to.equal(2);
    });

    it('a failed start goes back to configured and emits error with the failure', async () => {
      const t = boot({ start: async () => Promise.reject(new ChatFailure('unavailable', 'try later')) });
      t.actor.send({ type: 'configure' });
      t.actor.send({ type: 'start', request: REQUEST });
      await flush();
      expect(t.actor.getSnapshot().matches('configured')).to.equal(true);
      expect(t.names()).to.deep.equal(['error']);
      expect((t.emitted[0] as { failure: ChatFailure }).failure.kind).to.equal('unavailable');
      expect(t.actor.getSnapshot().can({ type: 'start', request: REQUEST })).to.equal(true);
    });

    it('refuses start and restore while a chat is starting, active or ending', async () => {
      const t = boot({ end: () => new Promise(() => undefined) });
      const restore = { type: 'restore' as const, session: SESSION, lastActivity: 0, now: 0 };
      t.actor.send({ type: 'configure' });
      t.actor.send({ type: 'start', request: REQUEST });
      expect(t.actor.getSnapshot().can({ type: 'start', request: REQUEST }), 'starting').to.equal(false);
      await flush();
      expect(t.actor.getSnapshot().can({ type: 'start', request: REQUEST }), 'active').to.equal(false);
      expect(t.actor.getSnapshot().can(restore), 'active').to.equal(false);
      t.actor.send({ type: 'end' });
      expect(t.actor.getSnapshot().can({ type: 'start', request: REQUEST }), 'ending').to.equal(false);
      expect(t.actor.getSnapshot().can({ type: 'end' }), 'ending').to.equal(false);
    });
  });

  describe('end', () => {
    it('end calls endChat and emits ended by the visitor; the session is cleared and a new start is accepted', async () => {
      const t = await started();
      t.actor.send({ type: 'end' });
      await flush();
      expect(t.endCalls()).to.equal(1);
      expect(t.actor.getSnapshot().matches('ended')).to.equal(true);
      expect(t.actor.getSnapshot().hasTag('active')).to.equal(false);
      expect(t.emitted.at(-1)).to.deep.equal({ type: 'ended', endedBy: 'visitor' });
      expect(t.context().session).to.equal(null);
      expect(t.actor.getSnapshot().can({ type: 'end' })).to.equal(false);
      t.actor.send({ type: 'start', request: REQUEST });
      await flush();
      expect(t.actor.getSnapshot().hasTag('active')).to.equal(true);
      expect(t.context().lastIndex).to.equal(0);
    });

    it('a failed endChat still ends the chat', async () => {
      const t = await started({ end: async () => Promise.reject(fail('network')) });
      t.actor.send({ type: 'end' });
      await flush();
      expect(t.emitted.at(-1)).to.deep.equal({ type: 'ended', endedBy: 'visitor' });
    });

    it('chatEnded in a poll answer ends the chat by the server, after delivering its messages', async () => {
      const t = await started();
      t.polls.push(answer([msg(1)], { chatEnded: true }));
      await t.nextPoll();
      expect(t.names()).to.deep.equal(['started', 'messageReceived', 'ended']);
      expect(t.emitted.at(-1)).to.deep.equal({ type: 'ended', endedBy: 'server' });
      expect(t.actor.getSnapshot().matches('ended')).to.equal(true);
    });

    it('a poll failure of kind ended ends the chat by the server, unexpectedly (CriticalFault); chatEnded is no surprise', async () => {
      const t = await started();
      t.polls.push('ended');
      await t.nextPoll();
      expect(t.emitted.at(-1)).to.deep.equal({ type: 'ended', endedBy: 'server', unexpected: true });
    });
  });

  describe('polling', () => {
    it('backs off 20 % per empty poll, rounded up to the 250 ms check, up to 3000 ms', async () => {
      const t = await started();
      const waits = [];
      for (let i = 0; i < 13; i++) waits.push(await t.nextPoll());
      // intervals 500, 600, 720, 864, 1037, 1244, 1493, 1792, 2150, 2580, 3000 (cap)
      expect(waits).to.deep.equal([500, 750, 750, 1000, 1250, 1250, 1500, 2000, 2250, 2750, 3000, 3000, 3000]);
      expect(t.context().pollInterval).to.equal(POLL.max);
      expect(t.pollCalls.every((c) => c.session === SESSION || c.session.chatId === 'c-1')).to.equal(true);
    });

    it('a new message resets the interval to 500 ms', async () => {
      const t = await started();
      for (let i = 0; i < 6; i++) await t.nextPoll();
      expect(await t.nextPoll()).to.equal(1500);
      t.polls.push(answer([msg(1)]));
      expect(await t.nextPoll()).to.equal(2000);
      expect(await t.nextPoll(), 'after the message').to.equal(500);
      expect(await t.nextPoll()).to.equal(750);
    });

    it('activity resets the interval and the wait starts over from it', async () => {
      const t = await started();
      for (let i = 0; i < 8; i++) await t.nextPoll();
      expect(t.context().pollInterval).to.be.greaterThan(2000);
      t.clock.increment(1000);
      t.actor.send({ type: 'activity' });
      expect(t.context().pollInterval).to.equal(POLL.initial);
      expect(await t.nextPoll()).to.equal(500);
    });

    it('asks from the next position: lastIndex + 1, or nextPosition when the server names it', async () => {
      const t = await started();
      t.polls.push(answer([msg(1), msg(2)]), answer([msg(3)], { nextPosition: 7 }));
      await t.nextPoll();
      await t.nextPoll();
      await t.nextPoll();
      expect(t.pollCalls.map((c) => c.fromIndex)).to.deep.equal([1, 3, 7]);
    });

    it('poll.stop stops, poll.now polls once while stopped, poll.start resumes; poll.now polls at once while waiting', async () => {
      const t = await started();
      t.actor.send({ type: 'poll.stop' });
      t.clock.increment(10000);
      expect(t.pollCalls.length).to.equal(0);
      expect(t.actor.getSnapshot().can({ type: 'poll.start' })).to.equal(true);
      t.actor.send({ type: 'poll.now' });
      expect(t.pollCalls.length).to.equal(1);
      await flush();
      t.clock.increment(10000);
      expect(t.pollCalls.length, 'still stopped after the one poll').to.equal(1);
      t.actor.send({ type: 'poll.start' });
      expect(await t.nextPoll()).to.equal(pollDelay(t.context().pollInterval));
      expect(t.actor.getSnapshot().can({ type: 'poll.start' }), 'already polling').to.equal(false);
      t.actor.send({ type: 'poll.now' });
      expect(t.pollCalls.length).to.equal(3);
    });

    it('an empty (204) answer changes nothing: no emit, no position, no back-off step, no exception reset', async () => {
      const t = await started();
      t.polls.push('unavailable', answer([msg(5)], { empty: true }));
      await t.nextPoll();
      const before = t.context();
      await t.nextPoll();
      const after = t.context();
      expect(after.pollExceptions).to.equal(1);
      expect(after.pollInterval).to.equal(before.pollInterval);
      expect(after.position).to.equal(1);
      expect(t.names()).to.deep.equal(['started']);
    });
  });

  describe('poll exceptions and connection', () => {
    it('5 × status code 1 is tolerated, the 6th emits chatServerWentOffline once; a success emits chatServerBackOnline', async () => {
      const t = await started();
      t.polls.push(...Array<Answer>(5).fill('unavailable'));
      for (let i = 0; i < 5; i++) await t.nextPoll();
      expect(t.context().pollExceptions).to.equal(5);
      expect(t.context().offline).to.equal(false);
      expect(t.names()).to.deep.equal(['started']);
      t.polls.push('unavailable', 'unavailable', 'unavailable');
      for (let i = 0; i < 3; i++) await t.nextPoll();
      expect(t.context().offline).to.equal(true);
      expect(t.names()).to.deep.equal(['started', 'chatServerWentOffline']);
      await t.nextPoll();
      expect(t.context().offline).to.equal(false);
      expect(t.context().pollExceptions).to.equal(0);
      expect(t.names()).to.deep.equal(['started', 'chatServerWentOffline', 'chatServerBackOnline']);
      await t.nextPoll();
      expect(t.names(), 'back online once').to.have.length(3);
    });

    it('a success in between starts the count over', async () => {
      const t = await started();
      t.polls.push(...Array<Answer>(5).fill('unavailable'), answer(), ...Array<Answer>(5).fill('unavailable'));
      for (let i = 0; i < 11; i++) await t.nextPoll();
      expect(t.context().pollExceptions).to.equal(5);
      expect(t.names()).to.deep.equal(['started']);
    });

    it('the limit comes from configuration', async () => {
      const t = await started({ input: { pollExceptionLimit: 1 } });
      t.polls.push('unavailable', 'unavailable');
      await t.nextPoll();
      expect(t.context().offline).to.equal(false);
      await t.nextPoll();
      expect(t.names()).to.deep.equal(['started', 'chatServerWentOffline']);
    });

    it('resetPollExceptions resets the counter and offline', async () => {
      const t = await started();
      t.polls.push(...Array<Answer>(6).fill('unavailable'));
      for (let i = 0; i < 6; i++) await t.nextPoll();
      expect(t.context().offline).to.equal(true);
      t.actor.send({ type: 'resetPollExceptions' });
      expect(t.context().pollExceptions).to.equal(0);
      expect(t.context().offline).to.equal(false);
      t.polls.push(...Array<Answer>(5).fill('unavailable'));
      for (let i = 0; i < 5; i++) await t.nextPoll();
      expect(t.names().filter((n) => n === 'chatServerWentOffline')).to.have.length(1);
    });

    it('a lost connection emits disconnected once; the next answer reconnected; connected again after 2000 ms', async () => {
      const t = await started();
      const connection = () => (t.actor.getSnapshot().value as { started: { connection: string } }).started.connection;
      t.polls.push('timeout', 'network');
      await t.nextPoll();
      expect(connection()).to.equal('disconnected');
      await t.nextPoll();
      expect(t.names()).to.deep.equal(['started', 'disconnected']);
      await t.nextPoll();
      expect(connection()).to.equal('reconnected');
      expect(t.names()).to.deep.equal(['started', 'disconnected', 'reconnected']);
      t.actor.send({ type: 'poll.stop' });
      t.clock.increment(DELAYS.reconnectedShown - 10);
      expect(connection()).to.equal('reconnected');
      t.clock.increment(10);
      expect(connection()).to.equal('connected');
      expect(t.context().pollExceptions).to.equal(0);
    });

    it('a refusal, a malformed answer or an HTTP status emits error and polling goes on', async () => {
      const t = await started();
      t.polls.push('rejected', 'malformed', 'status');
      for (let i = 0; i < 4; i++) await t.nextPoll();
      expect(t.names()).to.deep.equal(['started', 'error', 'error', 'error']);
      expect(t.actor.getSnapshot().hasTag('active')).to.equal(true);
      expect(t.context().failure?.kind).to.equal('status');
    });
  });

  describe('messages', () => {
    it('orders by index, ignores duplicates, emits one messageReceived per batch', async () => {
      const t = await started();
      t.polls.push(answer([msg(2), msg(1)]), answer([msg(1), msg(2), msg(3)]), answer([msg(3)]));
      for (let i = 0; i < 3; i++) await t.nextPoll();
      const received = t.emitted.filter((e) => e.type === 'messageReceived') as Array<{ messages: TranscriptMessage[]; restoring: boolean }>;
      expect(received.map((e) => e.messages.map((m) => m.index))).to.deep.equal([[1, 2], [3]]);
      expect(received[0]!.restoring).to.equal(false);
      expect(t.context().lastIndex).to.equal(3);
    });

    it('holds the one transcript: every batch upserted by index, hidden messages left out, a history page merged in and emitted once', async () => {
      const t = await started();
      t.polls.push(answer([msg(4), msg(3)]), answer([msg(4), msg(5, 'TypingStarted'), msg(6)]));
      await t.nextPoll();
      await t.nextPoll();
      expect(t.context().transcript.messages.map((m) => m.index)).to.deep.equal([3, 4, 6]);
      t.actor.send({ type: 'history.received', messages: [msg(1), msg(2), msg(3)] });
      expect(t.context().transcript.messages.map((m) => m.index)).to.deep.equal([1, 2, 3, 4, 6]);
      const history = t.emitted.at(-1) as { type: string; messages: TranscriptMessage[]; history?: boolean };
      expect([history.type, history.history, history.messages.map((m) => m.index)]).to.deep.equal(['messageReceived', true, [1, 2]]);
      t.actor.send({ type: 'history.received', messages: [msg(2)] });
      expect(t.emitted.at(-1), 'nothing new: nothing emitted').to.equal(history);
    });

    it("the outbox's entries are the transcript's outgoing rows; a new chat keeps them and drops the old messages", async () => {
      const t = await started();
      t.actor.send({ type: 'outbox.changed', entries: [{ id: 'o1', text: 'hello', state: 'pending', createdAt: 7 }] });
      expect(t.context().transcript.outgoing).to.deep.equal([{ id: 'o1', text: 'hello', state: 'sending', timestamp: 7 }]);
      t.polls.push(answer([msg(1)]));
      await t.nextPoll();
      t.actor.send({ type: 'end' });
      await flush();
      expect(
        t.context().transcript.messages.map((m) => m.index),
        "the ended chat's transcript stays readable",
      ).to.deep.equal([1]);
      t.actor.send({ type: 'start', request: REQUEST });
      await flush();
      expect(t.context().transcript.messages).to.deep.equal([]);
      expect(t.context().transcript.outgoing.map((o) => o.id)).to.deep.equal(['o1']);
    });

    it("hides the standard filter's start marker and prefilter matches, but still advances past them", async () => {
      const t = await started({ input: { prefilters: [/secret/g] } });
      expect(STANDARD_FILTER.test('{start}123456789')).to.equal(true);
      t.actor.send({ type: 'prefilter.add', filters: [/^hide me$/] });
      t.polls.push(
        answer([
          msg(1, 'Message', '{start}123456789', CLIENT),
          msg(2, 'Message', '{start}12345678'),
          msg(3, 'Message', 'a secret'),
          msg(4, 'Message', 'another secret'),
          msg(5, 'Message', 'hide me'),
          msg(6),
        ]),
        answer([msg(7, 'Message', '{start}987654321', CLIENT)]),
      );
      await t.nextPoll();
      await t.nextPoll();
      const received = t.emitted.filter((e) => e.type === 'messageReceived') as Array<{ messages: TranscriptMessage[] }>;
      expect(
        received.map((e) => e.messages.map((m) => m.index)),
        'a batch of only hidden messages emits nothing',
      ).to.deep.equal([[2, 6]]);
      expect(t.context().lastIndex).to.equal(7);
      expect(t.context().position).to.equal(8);
    });

    it('agents join and leave: agentConnected with the map, agentDisconnected with the count; the last agent leaving ends the chat', async () => {
      const t = await started();
      t.polls.push(
        answer([
          msg(1, 'ParticipantJoined', 'Bot joined', { id: 'b', type: 'Bot', name: 'Bot' }),
          msg(2, 'ParticipantJoined', 'Ewa joined'),
          msg(3, 'ParticipantJoined', 'Szef joined', { id: 's', type: 'Supervisor', name: 'Szef' }),
        ]),
        answer([msg(4, 'ParticipantLeft', 'Szef left', { id: 's', type: 'Supervisor', name: 'Szef' })]),
        answer([msg(5, 'ParticipantLeft', 'Ewa left')]),
      );
      await t.nextPoll();
      expect(t.context().agents).to.deep.equal({
        'a-1': { name: 'Ewa', connected: true, supervisor: false, connectedTime: 2000 },
        s: { name: 'Szef', connected: true, supervisor: true, connectedTime: 3000 },
      });
      const connected = t.emitted.filter((e) => e.type === 'agentConnected') as Array<{
        agents: Record<string, unknown>;
        numAgentsConnected: number;
        message: TranscriptMessage;
      }>;
      expect(connected.map((e) => Object.keys(e.agents))).to.deep.equal([['a-1'], ['a-1', 's']]);
      // Widgets' data: the join itself and the count with it.
      expect(connected.map((e) => [e.message.text, e.numAgentsConnected])).to.deep.equal([
        ['Ewa joined', 1],
        ['Szef joined', 2],
      ]);
      expect(selectNumAgentsConnected(t.context())).to.equal(2);
      await t.nextPoll();
      const left = t.emitted.at(-1) as { type: string; numAgentsConnected: number; agents: Record<string, { connected: boolean }>; message: TranscriptMessage };
      expect([left.type, left.numAgentsConnected, left.message.index, left.message.type]).to.deep.equal(['agentDisconnected', 1, 4, 'ParticipantLeft']);
      expect(left.agents['s']).to.include({ connected: false, disconnectedTime: 4000 });
      expect(left.agents['a-1']).to.include({ connected: true });
      expect(t.context().agents['s']).to.include({ connected: false, disconnectedTime: 4000 });
      expect(t.actor.getSnapshot().hasTag('active')).to.equal(true);
      await t.nextPoll();
      expect(t.names().slice(-3)).to.deep.equal(['messageReceived', 'agentDisconnected', 'ended']);
      expect(t.emitted.at(-1)).to.deep.equal({ type: 'ended', endedBy: 'agent' });
    });

    it('a transfer (leave and join in one batch) does not end the chat', async () => {
      const t = await started();
      t.polls.push(
        answer([msg(1, 'ParticipantJoined')]),
        answer([msg(2, 'ParticipantLeft'), msg(3, 'ParticipantJoined', 'Jan joined', { id: 'a-2', name: 'Jan' })]),
      );
      await t.nextPoll();
      await t.nextPoll();
      expect(t.actor.getSnapshot().hasTag('active')).to.equal(true);
      expect(selectNumAgentsConnected(t.context())).to.equal(1);
      expect(t.names()).to.not.include('ended');
    });

    it('idle alerts count up with the next timer and a close countdown; an idle close resets them', async () => {
      const t = await started();
      const system = { id: 'sys', type: 'External' as const, name: 'System' };
      t.polls.push(
        answer([msg(1, 'IdleAlert', 'Are you there?', system, { 'next-idle-timer-type': 'alert', 'next-idle-timer-secs': '60' })], { idleTimerExpire: 90000 }),
        answer([msg(2, 'IdleAlert', 'Still there?', system, { 'next-idle-timer-type': 'close', 'next-idle-timer-secs': '30' })]),
        answer([msg(3, 'IdleClose', 'Closed', system)]),
      );
      await t.nextPoll();
      expect(t.context().idle).to.deep.equal({ alerts: 1, next: 'alert', expireAt: 90000 });
      await t.nextPoll();
      expect(t.context().idle).to.deep.equal({ alerts: 2, next: 'close', countdownMs: 30000, expireAt: 90000 });
      await t.nextPoll();
      expect(t.context().idle.alerts).to.equal(0);
      expect(t.context().idle.countdownMs).to.equal(undefined);
      // The alert's batch carries the counter (the window reads no context); the close's does not.
      const received = t.emitted.filter((e) => e.type === 'messageReceived') as Array<{ idle?: { alerts: number; countdownMs?: number } }>;
      expect(received.map((e) => e.idle && [e.idle.alerts, e.idle.countdownMs])).to.deep.equal([[1, undefined], [2, 30000], undefined]);
    });
  });

  describe('typing', () => {
    it('the visitor: start sent once per burst, stop once after 2000 ms idle; each input restarts the idle time', async () => {
      const t = await started();
      t.actor.send({ type: 'poll.stop' });
      t.actor.send({ type: 'typing.input' });
      t.clock.increment(1500);
      t.actor.send({ type: 'typing.input' });
      t.clock.increment(1500);
      t.actor.send({ type: 'typing.input' });
      expect(t.typing).to.deep.equal([true]);
      t.clock.increment(DELAYS.typingIdle - 1);
      expect(t.typing).to.deep.equal([true]);
      t.clock.increment(1);
      expect(t.typing).to.deep.equal([true, false]);
      t.clock.increment(10000);
      expect(t.typing).to.deep.equal([true, false]);
    });

    it('a sent message ends the burst without a stop call', async () => {
      const t = await started();
      t.actor.send({ type: 'typing.input' });
      t.actor.send({ type: 'message.sent' });
      t.clock.increment(10000);
      expect(t.typing).to.deep.equal([true]);
      t.actor.send({ type: 'typing.input' });
      expect(t.typing).to.deep.equal([true, true]);
    });

    it("the agent: started on TypingStarted, stopped on TypingStopped, the visitor's own typing ignored", async () => {
      const t = await started();
      t.polls.push(answer([msg(1, 'TypingStarted', '', CLIENT)]), answer([msg(2, 'TypingStarted', '')]), answer([msg(3, 'TypingStopped', '')]));
      await t.nextPoll();
      expect(t.context().agentTyping).to.equal(false);
      await t.nextPoll();
      expect(t.context().agentTyping).to.equal(true);
      await t.nextPoll();
      expect(t.context().agentTyping).to.equal(false);
      expect(t.names()).to.deep.equal(['started', 'agentTypingStarted', 'agentTypingStopped']);
    });

    it('agentTypingStarted names the agent who types', async () => {
      const t = await started();
      t.polls.push(answer([msg(1, 'ParticipantJoined', 'Ewa joined'), msg(2, 'TypingStarted', '')]));
      await t.nextPoll();
      expect(t.emitted.find((e) => e.type === 'agentTypingStarted')).to.deep.equal({ type: 'agentTypingStarted', agent: { id: 'a-1', name: 'Ewa' } });
    });

    it("the agent's indicator times out after 3000 ms; a new TypingStarted restarts the timeout", async () => {
      const t = await started();
      t.polls.push(answer([msg(1, 'TypingStarted', '')]));
      await t.nextPoll();
      t.actor.send({ type: 'poll.stop' });
      t.clock.increment(2000);
      t.actor.send({ type: 'poll.start' });
      t.polls.push(answer([msg(2, 'TypingStarted', '')]));
      await t.nextPoll();
      t.actor.send({ type: 'poll.stop' });
      t.clock.increment(DELAYS.agentTypingTimeout - 10);
      expect(t.context().agentTyping).to.equal(true);
      t.clock.increment(10);
      expect(t.context().agentTyping).to.equal(false);
      expect(t.names()).to.deep.equal(['started', 'agentTypingStarted', 'agentTypingTimeout']);
    });

    it('a message from the typing agent clears the indicator; one from someone else does not', async () => {
      const t = await started();
      t.polls.push(answer([msg(1, 'TypingStarted', '')]), answer([msg(2, 'Message', 'hi', { id: 'a-2', name: 'Jan' })]), answer([msg(3, 'Message', 'hello')]));
      await t.nextPoll();
      await t.nextPoll();
      expect(t.context().agentTyping).to.equal(true);
      await t.nextPoll();
      expect(t.context().agentTyping).to.equal(false);
      expect(t.names().slice(-2)).to.deep.equal(['messageReceived', 'agentTypingStopped']);
    });
  });

  describe('restore', () => {
    const restore = (now: number, lastActivity = 0, position?: number) => ({
      type: 'restore' as const,
      session: SESSION,
      lastActivity,
      now,
      ...(position ? { position } : {}),
    });

    it('past the restore timeout: restoreTimeout, no call, still configured', async () => {
      const t = boot();
      t.actor.send({ type: 'configure' });
      t.actor.send(restore(60001));
      await flush();
      expect(t.names()).to.deep.equal(['restoreTimeout']);
      expect(t.restoreCalls).to.have.length(0);
      expect(t.actor.getSnapshot().matches('configured')).to.equal(true);
    });

    it('an asynchronous chat restores at any age', async () => {
      const t = boot({ input: { async: true } });
      t.actor.send({ type: 'configure' });
      t.actor.send(restore(10 * 86400000));
      await flush();
      expect(t.names()).to.deep.equal(['restored']);
    });

    it('within the timeout: the whole transcript from index 1, marked restoring; restored; polling goes on without duplicates', async () => {
      const t = boot({ restore: async () => answer([msg(1, 'ParticipantJoined'), msg(2), msg(3, 'Message', 'hi', CLIENT)]) });
      t.actor.send({ type: 'configure' });
      t.actor.send(restore(60000, 0, 3));
      await flush();
      expect(t.restoreCalls).to.deep.equal([{ session: SESSION, fromIndex: 1 }]);
      expect(t.actor.getSnapshot().hasTag('active')).to.equal(true);
      expect(t.names()).to.deep.equal(['restored', 'messageReceived', 'agentConnected']);
      const received = t.emitted[1] as { messages: TranscriptMessage[]; restoring: boolean };
      expect(received.restoring).to.equal(true);
      expect(received.messages.map((m) => [m.index, m.restoring])).to.deep.equal([
        [1, true],
        [2, true],
        [3, true],
      ]);
      t.polls.push(answer([msg(3, 'Message', 'hi', CLIENT), msg(4)]));
      await t.nextPoll();
      expect(t.pollCalls[0]!.fromIndex).to.equal(4);
      const last = t.emitted.at(-1) as { messages: TranscriptMessage[]; restoring: boolean };
      expect(last.messages.map((m) => m.index)).to.deep.equal([4]);
      expect(last.restoring).to.equal(false);
    });

    it('the server says the chat ended: restoreFailed, configured, session cleared', async () => {
      const t = boot({ restore: async () => answer([msg(1)], { chatEnded: true }) });
      t.actor.send({ type: 'configure' });
      t.actor.send(restore(1000));
      await flush();
      expect(t.names()).to.deep.equal(['restoreFailed']);
      expect(t.actor.getSnapshot().matches('configured')).to.equal(true);
      expect(t.context().session).to.equal(null);
    });

    for (const kind of ['ended', 'rejected'] as const) {
      it(`a restore failure of kind ${kind}: restoreFailed`, async () => {
        const t = boot({ restore: async () => Promise.reject(fail(kind)) });
        t.actor.send({ type: 'configure' });
        t.actor.send(restore(1000));
        await flush();
        expect(t.names()).to.deep.equal(['restoreFailed']);
        expect(t.actor.getSnapshot().matches('configured')).to.equal(true);
        expect(t.context().session).to.equal(null);
      });
    }

    for (const kind of ['unavailable', 'timeout'] as const) {
      it(`a restore failure of kind ${kind}: restoredOffline, the chat goes on offline from the stored position`, async () => {
        const t = boot({ restore: async () => Promise.reject(fail(kind)) });
        t.actor.send({ type: 'configure' });
        t.actor.send(restore(1000, 0, 5));
        await flush();
        expect(t.names()).to.deep.equal(['restoredOffline']);
        expect(t.actor.getSnapshot().hasTag('active')).to.equal(true);
        expect(t.context().offline).to.equal(true);
        expect(t.context().session).to.deep.equal(SESSION);
        await t.nextPoll();
        expect(t.pollCalls[0]!.fromIndex).to.equal(5);
        expect(t.names()).to.deep.equal(['restoredOffline', 'chatServerBackOnline']);
      });
    }

    it('ended accepts a restore and a start again', async () => {
      const t = await started();
      t.actor.send({ type: 'end' });
      await flush();
      expect(t.actor.getSnapshot().can(restore(0))).to.equal(true);
      expect(t.actor.getSnapshot().can({ type: 'start', request: REQUEST })).to.equal(true);
    });
  });
});

describe('chat-session machine with a push transport (stream)', () => {
  /** A started machine whose streamChat records its subscriptions and hands back the sender. */
  async function streaming(input: ChatSessionInput = { stream: true }) {
    const clock = new SimulatedClock();
    const subscriptions: Array<{ input: PollInput; stopped: boolean; send: (event: ChatSessionEvent) => void }> = [];
    const typing: boolean[] = [];
    let polls = 0;
    const actor = createActor(
      chatSessionMachine.provide({
        actors: {
          startChat: fromPromise(async () => ({ session: SESSION, messages: [msg(1, 'ParticipantJoined', '', CLIENT)] })),
          pollChat: fromPromise(async () => {
            polls++;
            return answer();
          }),
          endChat: fromPromise(async (): Promise<void> => undefined),
          streamChat: fromCallback<ChatSessionEvent, PollInput>(({ input, sendBack }) => {
            const sub = { input, stopped: false, send: sendBack };
            subscriptions.push(sub);
            return () => {
              sub.stopped = true;
            };
          }),
        },
        actions: { sendTyping: (_, params) => typing.push(params.typing) },
      }),
      { input, clock },
    ).start();
    const emitted: ChatSessionEmitted[] = [];
    actor.on('*', (e) => emitted.push(e));
    actor.send({ type: 'configure' });
    actor.send({ type: 'start', request: REQUEST });
    await flush();
    return { actor, clock, subscriptions, typing, emitted, names: () => emitted.map((e) => e.type), polls: () => polls };
  }
  const push = (t: Awaited<ReturnType<typeof streaming>>, messages: TranscriptMessage[], extra: Partial<PollResult> = {}) =>
    t.subscriptions.at(-1)!.send({ type: 'stream.messages', answer: answer(messages, extra) });

  it('subscribes from the position after the start instead of polling; pushed batches go through the batch rule (order, duplicates)', async () => {
    const t = await streaming();
    expect(t.subscriptions.map((s) => s.input)).to.deep.equal([{ session: SESSION, fromIndex: 2 }]);
    t.clock.increment(10_000);
    expect(t.polls(), 'no polling').to.equal(0);
    push(t, [msg(3), msg(2, 'ParticipantJoined')]);
    push(t, [msg(3), msg(4)]);
    const received = t.emitted.filter((e) => e.type === 'messageReceived').map((e) => (e as { messages: TranscriptMessage[] }).messages.map((m) => m.index));
    expect(received).to.deep.equal([[1], [2, 3], [4]]);
    expect(t.names()).to.include('agentConnected');
    expect(t.actor.getSnapshot().context.position).to.equal(5);
  });

  it('without stream the same machine polls and never subscribes', async () => {
    const t = await streaming({});
    t.clock.increment(1000);
    await flush();
    expect(t.subscriptions).to.deep.equal([]);
    expect(t.polls()).to.be.greaterThan(0);
  });

  it('connection lost and restored are disconnected and reconnected; chatEnded ends the chat and stops the subscription', async () => {
    const t = await streaming();
    t.subscriptions[0].send({ type: 'connection.lost' });
    t.subscriptions[0].send({ type: 'connection.restored' });
    expect(t.names().filter((n) => n === 'disconnected' || n === 'reconnected')).to.deep.equal(['disconnected', 'reconnected']);
    push(t, [msg(2, 'ParticipantLeft', '', CLIENT)], { chatEnded: true });
    expect(t.actor.getSnapshot().matches('ended')).to.equal(true);
    expect(t.emitted.at(-1)).to.deep.equal({ type: 'ended', endedBy: 'server' });
    expect(t.subscriptions[0].stopped).to.equal(true);
  });

  it('stream.failed reads as a poll failure: ended ends the chat, a lost connection is disconnected', async () => {
    const t = await streaming();
    t.subscriptions[0].send({ type: 'stream.failed', error: fail('network') });
    expect(t.names()).to.include('disconnected');
    t.subscriptions[0].send({ type: 'stream.failed', error: fail('ended') });
    expect(t.actor.getSnapshot().matches('ended')).to.equal(true);
    expect(t.emitted.at(-1)).to.deep.equal({ type: 'ended', endedBy: 'server', unexpected: true });
  });

  it('server failures (503) over a stream count up to offline; the next pushed batch, even empty, is back online and clears the count', async () => {
    const t = await streaming({ stream: true, pollExceptionLimit: 5 });
    for (let i = 0; i < 6; i++) t.subscriptions[0].send({ type: 'stream.failed', error: fail('unavailable') });
    expect(t.names().filter((n) => n === 'chatServerWentOffline')).to.have.length(1);
    push(t, []);
    expect(t.names().filter((n) => n === 'chatServerBackOnline')).to.have.length(1);
    expect(t.actor.getSnapshot().context).to.include({ pollExceptions: 0, offline: false });
    // Failures spread over a long chat never add up: each answer clears the count.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) t.subscriptions[0].send({ type: 'stream.failed', error: fail('unavailable') });
      push(t, []);
    }
    expect(t.names().filter((n) => n === 'chatServerWentOffline')).to.have.length(1);
  });

  it('poll.stop unsubscribes, poll.start subscribes again from the position reached', async () => {
    const t = await streaming();
    push(t, [msg(2), msg(3)]);
    t.actor.send({ type: 'poll.stop' });
    expect(t.subscriptions[0].stopped).to.equal(true);
    t.actor.send({ type: 'poll.start' });
    expect(t.subscriptions.map((s) => s.input.fromIndex)).to.deep.equal([2, 4]);
    expect(t.subscriptions[1].stopped).to.equal(false);
  });

  it(`a visitor who keeps typing is announced again every ${DELAYS.typingCheck} ms; a pause of ${DELAYS.typingIdle} ms stops it`, async () => {
    const t = await streaming();
    for (let ms = 0; ms <= 11_000; ms += 1000) {
      t.actor.send({ type: 'typing.input' });
      t.clock.increment(1000);
    }
    expect(t.typing).to.deep.equal([true, true, true]);
    t.clock.increment(DELAYS.typingIdle);
    expect(t.typing).to.deep.equal([true, true, true, false]);
    // Polling transports: no checks.
    const p = await streaming({});
    for (let ms = 0; ms <= 11_000; ms += 1000) {
      p.actor.send({ type: 'typing.input' });
      p.clock.increment(1000);
    }
    expect(p.typing).to.deep.equal([true]);
  });
});
