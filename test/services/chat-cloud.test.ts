import { expect } from '@esm-bundle/chai';
import { failureOf } from '../helpers/chat-failure.ts';
import WebSocket from 'ws';
import { waitFor } from '../helpers/wait.mjs';
import { expectVariant, warningsOf, type Variant } from '../helpers/poison.ts';
import { expectBotRichMedia } from '../helpers/rich-media.ts';
import { createManualClock } from '../../demo/simulator/index.js';
import { startServer } from '../../demo/server.mjs';
import { CLOUD_PATH } from '../../demo/simulator/cloud.js';
import { TEXTS } from '../../demo/simulator/texts.js';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };
import {
  CLOUD,
  CLOUD_CODES,
  closeFailure,
  cloudFailure,
  createCloudTransport,
  type CloudError,
  type CloudSocketFactory,
  type CloudTimers,
  type CloudTransport,
  type CloudTransportOptions,
} from '../../src/services/chat/transports/cloud/index.ts';
import { HttpError } from '../../src/http/request.ts';
import { ChatFailure, type PollResult, type SessionData, type StreamHandlers, type TranscriptMessage } from '../../src/services/chat/types.ts';

// The cloud transport against the demo server's guest API and its real WebSocket event stream (the `ws`
// package on both sides: Node 20 has no WebSocket of its own). The socket's timers are injected where a
// test checks the 5000 and 12000 ms.

/** A subscriber that keeps what the transport hands it. */
function recorder() {
  const batches: PollResult[] = [];
  const statuses: string[] = [];
  const failures: ChatFailure[] = [];
  const handlers: StreamHandlers = {
    messages: (result) => batches.push(result),
    status: (status) => statuses.push(status),
    failed: (failure) => failures.push(failure),
  };
  /** Every index handed on, in the order handed on (the session machine drops an index at or below the highest it has). */
  const indexes = () => batches.flatMap((b) => b.messages.map((m) => m.index));
  const transcript = (): TranscriptMessage[] => batches.flatMap((b) => b.messages);
  return { handlers, batches, statuses, failures, indexes, transcript };
}

/** Timers the test fires by hand: what is armed, with which delay. */
function manualTimers() {
  const armed = new Map<number, { fn: () => void; ms: number }>();
  /** Every delay ever armed, in order. */
  const history: number[] = [];
  let seq = 0;
  const timers: CloudTimers = {
    setTimeout: (fn, ms) => {
      armed.set(++seq, { fn, ms });
      history.push(ms);
      return seq;
    },
    clearTimeout: (handle) => void armed.delete(handle as number),
  };
  return {
    timers,
    delays: () => [...armed.values()].map((t) => t.ms).sort((a, b) => a - b),
    /** How many times a timer of `ms` was armed so far. */
    armedTimes: (ms: number) => history.filter((d) => d === ms).length,
    /** Fires every timer armed with `ms`; false when there was none. */
    fire(ms: number) {
      const due = [...armed].filter(([, t]) => t.ms === ms);
      for (const [handle, t] of due) {
        armed.delete(handle);
        t.fn();
      }
      return due.length > 0;
    },
  };
}

describe('cloud chat transport against the demo guest API and event stream', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let clock: ReturnType<typeof createManualClock>;
  let conversations: string;
  /** Every request the transport made: method, path + query, its Authorization and Idempotency-Key. */
  let seen: Array<{ method: string; url: string; auth: string | null; key: string | null; body: string }>;
  /** Makes the next requests fail: 'network' before the server, 'drop' after it answered, or a Response. */
  let fault: ((url: URL, method: string) => 'network' | 'drop' | Response | undefined) | undefined;
  const transports: CloudTransport[] = [];

  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    seen.push({
      method: request.method,
      url: url.pathname + url.search,
      auth: request.headers.get('authorization'),
      key: request.headers.get('idempotency-key'),
      body,
    });
    const what = fault?.(url, request.method);
    if (what instanceof Response) return what;
    if (what === 'network') throw new TypeError('fetch failed');
    const response = await fetch(request);
    if (what === 'drop') throw new TypeError('fetch failed after the server answered');
    return response;
  };
  const transport = (extra: Partial<CloudTransportOptions> = {}) => {
    const t = createCloudTransport({
      dataURL: conversations,
      timeout: 3000,
      fetch: recordingFetch,
      WebSocket: WebSocket as unknown as CloudSocketFactory,
      cloud: {
        organizationId: 'ppk-org',
        deploymentId: 'ppk-webchat',
        routingTarget: { targetAddress: 'customer-chat-bot', language: 'pl' },
        memberInfo: { customFields: { plan: 'gold' } },
      },
      ...extra,
    });
    transports.push(t);
    return t;
  };
  const startJan = (t: CloudTransport, endpoint?: string) =>
    t.start({
      nickname: 'Jan',
      firstName: 'Jan',
      lastName: 'Kowalski',
      emailAddress: 'jan@example.com',
      subject: 'Wpłaty',
      userData: { languageCode: 'pl' },
      ...(endpoint ? { endpoint } : {}),
    });
  const chatOf = (session: SessionData) => server.simulator.state.chat.sessions.get(String(session.conversationId))!;
  const advance = async (ms: number, step = 250) => {
    for (let t = 0; t < ms; t += step) {
      clock.advance(step);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const control = (body: unknown) =>
    fetch(`${server.url}/__control/cloud`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
      r.json(),
    );
  /** A person at the agent console takes the chat; returns a sender of their messages. */
  const agent = async (chatId: string) => {
    const auth = { Authorization: `Bearer ${server.agentToken}`, 'Content-Type': 'application/json' };
    const accepted = await (
      await fetch(`${server.url}/api/agent/chats/${chatId}/accept`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Ewa' }) })
    ).json();
    const headers = { ...auth, 'x-agent-key': accepted.agentKey as string };
    return {
      say: (text: string) =>
        fetch(`${server.url}/api/agent/chats/${chatId}/send`, { method: 'POST', headers, body: JSON.stringify({ text }) }).then((r) => r.json()),
      end: () => fetch(`${server.url}/api/agent/chats/${chatId}/end`, { method: 'POST', headers, body: '{}' }).then((r) => r.json()),
    };
  };

  before(async () => {
    clock = createManualClock('2025-03-03T10:00:00+01:00');
    server = await startServer({ port: 0, simulator: { clock, random: () => 0 } });
    conversations = `${server.url}${CLOUD_PATH}`;
  });
  beforeEach(() => {
    seen = [];
    fault = undefined;
    server.simulator.state.chat.scriptedAgent = true;
  });
  afterEach(() => {
    for (const t of transports.splice(0)) t.close();
  });
  after(async () => {
    await server.close();
  });

  it('is a push transport with the spec constants; its codes are worded in en and pl', () => {
    const t = transport();
    expect(t.type).to.equal('cloud');
    expect(t.capabilities).to.deep.equal({ async: false, pagination: true, fileUpload: false, stream: true });
    expect([CLOUD.reconnectDelay, CLOUD.heartbeatTimeout, CLOUD.endTimeout, CLOUD.pageSize]).to.deep.equal([5000, 12000, 3000, 100]);
    expect(CLOUD_CODES[500].message).to.equal('unexpected error occurred with the service');
    expect(CLOUD_CODES[503].message).to.equal('service is currently unavailable');
    for (const { key } of Object.values(CLOUD_CODES)) {
      expect((en as Record<string, string>)[key], key)
        .to.be.a('string')
        .and.not.equal('');
      expect((pl as Record<string, string>)[key], key)
        .to.be.a('string')
        .and.not.equal((en as Record<string, string>)[key]);
    }
  });

  it('start: the conversation options go in the create; the session holds id, jwt, the stream URI and the member id; the jwt is on every later call only', async () => {
    const t = transport();
    const { session, messages } = await startJan(t);
    expect(messages).to.deep.equal([]);
    expect(Object.keys(session).sort()).to.deep.equal(['chatId', 'conversationId', 'jwt', 'memberId', 'webSocketUrl']);
    expect(session.chatId).to.equal(session.conversationId);
    expect(String(session.jwt).split('.')).to.have.length(3);
    expect(String(session.webSocketUrl)).to.match(/^ws:\/\/127\.0\.0\.1:\d+\/api\/v2\/webchat\/guest\/stream\//);
    const create = JSON.parse(seen[0]!.body);
    expect(create).to.deep.equal({
      organizationId: 'ppk-org',
      deploymentId: 'ppk-webchat',
      routingTarget: { targetType: 'QUEUE', targetAddress: 'customer-chat-bot', language: 'pl' },
      memberInfo: {
        displayName: 'Jan',
        role: 'CUSTOMER',
        customFields: { plan: 'gold', languageCode: 'pl', firstName: 'Jan', lastName: 'Kowalski', email: 'jan@example.com', subject: 'Wpłaty' },
      },
    });
    expect(seen[0]!.auth).to.equal(null);
    const chat = chatOf(session);
    expect(chat.userId).to.equal(session.memberId);
    expect(chat.service).to.equal('customer-chat-bot');
    expect(chat.visitor).to.include({ nickname: 'Jan', firstName: 'Jan', lastName: 'Kowalski', emailAddress: 'jan@example.com', subject: 'Wpłaty' });
    await t.restore(session, 1);
    await t.typing(session, true);
    await t.typing(session, false);
    expect(
      seen
        .slice(1)
        .map((r) => `${r.method} ${r.url.replace(String(session.conversationId), '{id}').replace(String(session.memberId), '{member}').split('?')[0]}`),
    ).to.deep.equal([
      'GET /api/v2/webchat/guest/conversations/{id}/members',
      'GET /api/v2/webchat/guest/conversations/{id}/messages',
      'POST /api/v2/webchat/guest/conversations/{id}/members/{member}/typing',
    ]);
    expect(seen.slice(1).every((r) => r.auth === `Bearer ${session.jwt}`)).to.equal(true);
    expect(chat.visitorTyping.typing).to.equal(true);
  });

  it('the jwt is honoured: a wrong one ends the session (401), a broken stored session is refused naming the field', async () => {
    const t = transport();
    const { session } = await startJan(t);
    const failure = await failureOf(t.poll({ ...session, jwt: 'x.y.z' }, 1));
    expect(failure.kind).to.equal('ended');
    expect(failure.status).to.equal(401);
    expect(failure.errors[0]).to.deep.include({ code: 401, name: 'cloud.401' });
    const other = await startJan(transport());
    expect((await failureOf(t.poll({ ...session, jwt: other.session.jwt }, 1))).status).to.equal(401, "another conversation's jwt");
    const broken = await failureOf(t.poll({ chatId: 'x', conversationId: 'x', memberId: 'm', webSocketUrl: 'ws://x' }, 1));
    expect(broken.message).to.equal('The chat session data has no jwt');
  });

  it("a structured message: the bot's quick replies and card, bodies of JSON text, are read with their envelopes on restore", async () => {
    server.simulator.state.chat.botRichMedia = true;
    try {
      const t = transport();
      const { session } = await startJan(t);
      clock.advance(600);
      await new Promise((r) => setTimeout(r, 10));
      expectBotRichMedia((await t.restore(session, 1)).messages);
    } finally {
      server.simulator.state.chat.botRichMedia = false;
    }
  });

  it('restore: members, then pages of 100 after the position, following on until the last: no gap, no duplicate; history pages before an index', async () => {
    server.simulator.state.chat.scriptedAgent = false;
    const t = transport();
    const { session } = await startJan(t, 'customer-chat');
    const all: number[] = [];
    for (let i = 0; i < 130; i++) all.push((await t.send(session, `pytanie ${i}`)).index!);
    const model = chatOf(session)
      .transcript.filter((m) => m.type === 'Message' || m.type === 'Notice' || m.type === 'ParticipantJoined')
      .map((m) => m.index);
    expect(model.length).to.be.greaterThan(130);
    seen = [];
    const restored = await t.restore(session, 1);
    expect(restored.messages.map((m) => m.index)).to.deep.equal(model);
    expect(restored.chatEnded).to.equal(false);
    expect(restored.messages[0]).to.deep.include({ type: 'ParticipantJoined', from: { id: session.memberId, type: 'Client', name: 'Jan' } });
    expect(restored.messages.find((m) => m.type === 'Notice')!.from.type).to.equal('External');
    const pages = seen.filter((r) => r.url.includes('/messages')).map((r) => new URL(r.url, 'http://x').searchParams);
    expect(pages.map((q) => [q.get('after'), q.get('maxResults')])).to.deep.equal([
      ['0', '100'],
      [String(model[99]), '100'],
    ]);
    const tail = await t.restore(session, all[125]!);
    expect(tail.messages.map((m) => m.index)).to.deep.equal(all.slice(125));
    const page = await t.history(session, all[10]!, 5);
    expect(page.map((m) => m.index)).to.deep.equal(all.slice(5, 10));
    expect(page.map((m) => m.text)).to.deep.equal(['pytanie 5', 'pytanie 6', 'pytanie 7', 'pytanie 8', 'pytanie 9']);
  });

  it('subscribe: the bot joins (member-change), types (typing-indicator) and talks (message) over the socket, each index once in order', async () => {
    const t = transport();
    const { session } = await startJan(t);
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.indexes().includes(1), { what: 'the visitor joined (paged on open)' });
    await advance(600);
    await waitFor(() => r.transcript().some((m) => m.type === 'Message' && m.from.type === 'Bot'), { what: 'the bot greeting' });
    const joined = r.transcript().find((m) => m.type === 'ParticipantJoined' && m.from.type === 'Bot')!;
    expect(joined.from.name).to.equal(TEXTS.pl.botName);
    expect(r.transcript().find((m) => m.type === 'Message')!.text).to.equal(TEXTS.pl.botGreeting);
    await t.send(session, 'Ile wynosi wpłata?', { clientMessageId: 'c0ffee00-0000-4000-8000-0000000000aa' });
    await advance(800);
    await waitFor(() => r.transcript().some((m) => m.type === 'TypingStarted' && m.from.type === 'Bot'), { what: 'the bot typing' });
    await advance(6000);
    await waitFor(() => r.transcript().some((m) => m.type === 'ParticipantLeft' && m.from.type === 'Bot'), { what: 'the bot leaves (hand-over)' });
    const indexes = r.indexes();
    expect(indexes).to.deep.equal([...indexes].sort((a, b) => a - b));
    expect(new Set(indexes).size).to.equal(indexes.length);
    expect(r.failures).to.deep.equal([]);
    expect(r.statuses).to.deep.equal([]);
  });

  it('send: the client message id is the Idempotency-Key; a lost answer is asked again with the same key and the message is stored once', async () => {
    server.simulator.state.chat.scriptedAgent = false;
    const t = transport();
    const { session } = await startJan(t, 'customer-chat');
    let drops = 1;
    fault = (url, method) => (method === 'POST' && url.pathname.endsWith('/messages') && drops-- > 0 ? 'drop' : undefined);
    const { index } = await t.send(session, 'Raz', { clientMessageId: 'c0ffee00-0000-4000-8000-000000000001' });
    const posts = seen.filter((r) => r.method === 'POST' && r.url.endsWith('/messages'));
    expect(posts.map((r) => r.key)).to.deep.equal(['c0ffee00-0000-4000-8000-000000000001', 'c0ffee00-0000-4000-8000-000000000001']);
    expect(
      chatOf(session)
        .transcript.filter((m) => m.text === 'Raz')
        .map((m) => m.index),
    ).to.deep.equal([index]);
    // The outbox's own retry of the same message: the same answer, nothing new stored.
    expect((await t.send(session, 'Raz', { clientMessageId: 'c0ffee00-0000-4000-8000-000000000001' })).index).to.equal(index);
    await t.send(session, 'Dwa');
    const keys = seen.filter((r) => r.method === 'POST' && r.url.endsWith('/messages')).map((r) => r.key);
    expect(keys[3]).to.match(/^[0-9a-f-]{32,36}$/, 'a send without a client message id still has a key');
    expect(chatOf(session).transcript.filter((m) => m.text === 'Raz')).to.have.length(1);
  });

  it('a dropped socket: disconnected, a new socket 5000 ms later, the messages sent meanwhile paged after the highest index held, then live again: no gap, no duplicate', async () => {
    server.simulator.state.chat.scriptedAgent = false;
    const timers = manualTimers();
    const t = transport({ timers: timers.timers });
    const { session } = await startJan(t, 'customer-chat');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => server.cloud.sockets === 1 && r.batches.length > 0, { what: 'the socket open and paged' });
    expect(timers.delays()).to.deep.equal([CLOUD.heartbeatTimeout]);
    const person = await agent(String(session.conversationId));
    await person.say('Dzień dobry, tu Ewa.');
    await waitFor(() => r.transcript().some((m) => m.text === 'Dzień dobry, tu Ewa.'), { what: 'the agent message live' });
    server.cloud.dropAll();
    await waitFor(() => r.statuses.length === 1, { what: 'disconnected' });
    expect(r.statuses).to.deep.equal(['disconnected']);
    expect(timers.delays()).to.deep.equal([CLOUD.reconnectDelay]);
    for (let i = 1; i <= 3; i++) await person.say(`W przerwie ${i}`);
    await t.send(session, 'Czy mnie słychać?');
    expect(timers.fire(CLOUD.reconnectDelay)).to.equal(true);
    await waitFor(() => r.statuses.length === 2, { what: 'connected again' });
    expect(r.statuses).to.deep.equal(['disconnected', 'connected']);
    await person.say('Po przerwie');
    await waitFor(() => r.transcript().some((m) => m.text === 'Po przerwie'), { what: 'live again' });
    const server_ = chatOf(session)
      .transcript.filter((m) => m.type !== 'TypingStarted' && m.type !== 'TypingStopped')
      .map((m) => m.index);
    expect(r.indexes()).to.deep.equal(server_, 'every message once, in order');
    const texts = r
      .transcript()
      .filter((m) => m.type === 'Message')
      .map((m) => m.text);
    expect(texts).to.deep.equal(['Dzień dobry, tu Ewa.', 'W przerwie 1', 'W przerwie 2', 'W przerwie 3', 'Czy mnie słychać?', 'Po przerwie']);
    const resync = seen.filter((q) => q.url.includes('/messages?')).at(-1)!;
    const held = r.transcript().find((m) => m.text === 'Dzień dobry, tu Ewa.')!.index;
    expect(new URL(resync.url, 'http://x').searchParams.get('after')).to.equal(String(held), 'paged after the highest index held');
  });

  it('heartbeats: a socket silent for 12000 ms is disconnected; the next socket (5000 ms) brings every message the dead one lost', async () => {
    server.simulator.state.chat.scriptedAgent = false;
    const timers = manualTimers();
    const t = transport({ timers: timers.timers });
    const { session } = await startJan(t, 'customer-chat');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.batches.length > 0, { what: 'open' });
    const person = await agent(String(session.conversationId));
    await control({ heartbeatMs: 100 });
    // Every heartbeat re-arms the tracker (one armed at a time): a live socket never reaches 12000 ms.
    const before = timers.armedTimes(CLOUD.heartbeatTimeout);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(timers.delays()).to.deep.equal([CLOUD.heartbeatTimeout]);
    expect(timers.armedTimes(CLOUD.heartbeatTimeout) - before).to.be.at.least(2, 'heartbeats every 100 ms re-armed it');
    expect((await control({ silence: true })).silent).to.equal(1);
    await person.say('Nie dojdzie tym gniazdem 1');
    await person.say('Nie dojdzie tym gniazdem 2');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(r.transcript().some((m) => m.text.startsWith('Nie dojdzie'))).to.equal(false, 'the dead socket brought nothing');
    expect(r.statuses).to.deep.equal([]);
    expect(timers.fire(CLOUD.heartbeatTimeout)).to.equal(true);
    expect(r.statuses).to.deep.equal(['disconnected']);
    expect(timers.delays()).to.deep.equal([CLOUD.reconnectDelay]);
    expect(timers.fire(CLOUD.reconnectDelay)).to.equal(true);
    await waitFor(() => r.statuses.length === 2, { what: 'connected again' });
    expect(
      r
        .transcript()
        .filter((m) => m.text.startsWith('Nie dojdzie'))
        .map((m) => m.text),
    ).to.deep.equal(['Nie dojdzie tym gniazdem 1', 'Nie dojdzie tym gniazdem 2']);
    await control({ heartbeatMs: 5000 });
  });

  it('stream faults: pushes duplicated and reordered are handed on once, in index order; a socket dropped at a push is paged for after the reconnect', async () => {
    server.simulator.state.chat.scriptedAgent = false;
    const timers = manualTimers();
    const t = transport({ timers: timers.timers });
    const { session } = await startJan(t, 'customer-chat');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.batches.length > 0, { what: 'open' });
    const chatId = String(session.conversationId);
    const faults = (body?: unknown) =>
      fetch(`${server.url}/__control/faults`, {
        method: body ? 'POST' : 'DELETE',
        headers: { 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    try {
      await faults({ endpoint: 'cloud.stream', chatId, duplicateRate: 1, reorderRate: 1 });
      const person = await agent(chatId);
      for (let i = 1; i <= 4; i++) await person.say(`Odpowiedź ${i}`);
      await waitFor(() => r.transcript().filter((m) => m.text.startsWith('Odpowiedź')).length === 4, { what: 'four answers' });
      await faults();
      await faults({ endpoint: 'cloud.stream', chatId, disconnectRate: 1 });
      await person.say('Zgubione z gniazdem');
      await waitFor(() => r.statuses.includes('disconnected'), { what: 'dropped at the push' });
      await faults();
      await person.say('Po zerwaniu');
      timers.fire(CLOUD.reconnectDelay);
      await waitFor(() => r.statuses.length === 2, { what: 'connected again' });
      const injected = (await (await fetch(`${server.url}/__control/faults?chatId=${chatId}`)).json()).injected;
      expect(injected.duplicate + injected.reorder).to.be.greaterThan(0);
      expect(injected.disconnect).to.equal(1);
      const indexes = r.indexes();
      expect(indexes).to.deep.equal(
        [...new Set(indexes)].sort((a, b) => a - b),
        'each index once, in order',
      );
      const shown = chatOf(session)
        .transcript.filter((m) => m.type !== 'TypingStarted' && m.type !== 'TypingStopped')
        .map((m) => m.index);
      expect(indexes).to.deep.equal(shown, 'nothing lost');
      expect(
        r
          .transcript()
          .filter((m) => m.type === 'Message')
          .map((m) => m.text),
      ).to.deep.equal(['Odpowiedź 1', 'Odpowiedź 2', 'Odpowiedź 3', 'Odpowiedź 4', 'Zgubione z gniazdem', 'Po zerwaniu']);
    } finally {
      await faults();
    }
  });

  it('a frame that is not JSON, or not of the expected shape, is logged and skipped: no error for the visitor, the stream goes on', async () => {
    let socket: { onmessage: ((event: { data: unknown }) => void) | null } | undefined;
    const Spy = function (this: unknown, url: string) {
      socket = new WebSocket(url) as unknown as typeof socket;
      return socket;
    } as unknown as CloudSocketFactory;
    const t = transport({ WebSocket: Spy });
    const { session } = await startJan(t);
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.batches.length > 0, { what: 'open' });
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    const originalWarn = console.warn;
    console.warn = (...args: unknown[]) => void logged.push(args);
    try {
      socket!.onmessage!({ data: 'not json' });
      socket!.onmessage!({
        data: JSON.stringify({
          topicName: `v2.conversations.chats.${session.conversationId}.messages`,
          eventBody: { sequence: 'x' },
          metadata: { type: 'message' },
        }),
      });
      await advance(600);
      await waitFor(() => r.transcript().some((m) => m.type === 'Message' && m.from.type === 'Bot'), { what: 'the bot greeting after them' });
    } finally {
      console.error = original;
      console.warn = originalWarn;
    }
    expect(logged).to.have.length(2);
    // The message without a readable sequence: one warning naming the field (transcript-schema.ts).
    expect(String(logged[1]![0])).to.contain('eventBody[0]: sequence cannot be read; not shown');
    expect(r.failures).to.deep.equal([]);
    expect(r.statuses).to.deep.equal([]);
  });

  it('one odd message does not stop the transcript, on the socket and in pages: each variant repaired or dropped with one warning, the good ones after it arrive', async () => {
    server.simulator.state.chat.scriptedAgent = false;
    /** The fields of the messages by sequence that the server's frames and pages carry instead. */
    const patches = new Map<number, Record<string, unknown>>();
    const patch = (body: unknown) => {
      if (body && typeof body === 'object' && patches.has((body as { sequence: number }).sequence))
        Object.assign(body, patches.get((body as { sequence: number }).sequence));
    };
    const patchingFetch: typeof fetch = async (input, init) => {
      const response = await recordingFetch(input, init);
      const request = new Request(input, init);
      if (request.method !== 'GET' || !new URL(request.url).pathname.endsWith('/messages')) return response;
      const page = (await response.json()) as { entities: unknown[] };
      page.entities.forEach(patch);
      return Response.json(page);
    };
    const onmessage = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
    const PatchingSocket = function (url: string) {
      const ws = new WebSocket(url);
      Object.defineProperty(ws, 'onmessage', {
        get: () => onmessage.get!.call(ws),
        set(handler: ((event: { data: unknown }) => void) | null) {
          const patched = (event: { data: unknown }) => {
            const frame = JSON.parse(String(event.data)) as { eventBody?: unknown };
            patch(frame.eventBody);
            handler!({ data: JSON.stringify(frame) });
          };
          onmessage.set!.call(ws, handler ? patched : null);
        },
      });
      return ws;
    };
    const t = transport({ fetch: patchingFetch, WebSocket: PatchingSocket as unknown as CloudSocketFactory });
    const { session } = await startJan(t, 'customer-chat');
    const s = chatOf(session);
    const variants: Array<Variant & { at: (index: number) => Record<string, unknown> }> = [
      { name: 'body as a number', patch: {}, at: () => ({ body: 42 }), shown: { text: '42' } },
      { name: 'timestamp as digits', patch: {}, at: () => ({ timestamp: '1741000000000' }), shown: { timestamp: 1741000000000 } },
      { name: 'sender: null', patch: {}, at: () => ({ sender: null }), shown: { from: { id: '', type: 'External', name: '' } } },
      { name: 'sequence as digits', patch: {}, at: (index) => ({ sequence: String(index) }), shown: { text: 'odd' } },
      { name: 'a timestamp that is not a time', patch: {}, at: () => ({ timestamp: 'soon' }), warns: 'timestamp' },
      { name: 'body as an object', patch: {}, at: () => ({ body: { b: 1 } }), dropped: 'body' },
      { name: 'bodyType as a number', patch: {}, at: () => ({ bodyType: 7 }), dropped: 'bodyType' },
      { name: 'sender as a string', patch: {}, at: () => ({ sender: 'Ewa' }), dropped: 'sender' },
      { name: 'sender.id as an object', patch: {}, at: () => ({ sender: { id: {} } }), dropped: 'sender.id' },
    ];
    const r = recorder();
    const until = (text: string) => waitFor(() => r.transcript().some((m) => m.text === text), { what: text });
    const odd: number[] = [];
    await warningsOf(async () => {
      t.subscribe!(session, 1, r.handlers);
      await t.send(session, 'first');
      await until('first');
      for (const variant of variants) {
        const index = s.nextIndex++;
        odd.push(index);
        patches.set(index, variant.at(index));
        const { warnings } = await warningsOf(async () => {
          s.transcript.push({
            index,
            type: 'Message',
            text: 'odd',
            timestamp: server.simulator.serverNow(),
            from: { id: String(session.memberId), type: 'Client', name: 'Jan' },
          });
          await t.send(session, `after ${variant.name}`);
          await until(`after ${variant.name}`);
        });
        expectVariant(variant, index, r.transcript(), warnings);
        await t.send(session, `next ${variant.name}`);
        await until(`next ${variant.name}`);
      }
    });
    expect(r.failures).to.deep.equal([]);
    // The pages (a reload's restore) read each the same way: the good messages all there, each odd one as on the socket.
    const { result: restored, warnings } = await warningsOf(() => t.restore(session, 1));
    const texts = restored.messages.map((m) => m.text);
    for (const variant of variants) expect(texts, variant.name).to.include.members([`after ${variant.name}`, `next ${variant.name}`]);
    variants.forEach((variant, i) => expectVariant(variant, odd[i]!, restored.messages, warnings));
  });

  it('a socket that cannot open is tried again every 5000 ms, until one opens', async () => {
    const timers = manualTimers();
    let refused = 3;
    const opened: string[] = [];
    const Flaky = function (this: unknown, url: string) {
      opened.push(url);
      return new WebSocket(refused-- > 0 ? url.replace(/:\d+\//, ':1/') : url);
    } as unknown as CloudSocketFactory;
    const t = transport({ timers: timers.timers, WebSocket: Flaky });
    const { session } = await startJan(t);
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await waitFor(() => timers.delays().includes(CLOUD.reconnectDelay), { what: `attempt ${attempt} refused` });
      expect(timers.delays()).to.deep.equal([CLOUD.reconnectDelay]);
      timers.fire(CLOUD.reconnectDelay);
    }
    await waitFor(() => r.statuses.includes('connected'), { what: 'the fourth socket open' });
    expect(opened).to.have.length(4);
    expect(r.statuses).to.deep.equal(['disconnected', 'connected']);
    expect(r.indexes()[0]).to.equal(1);
  });

  it('end: DELETE members/{memberId} within 3000 ms; the visitor leaving ends the stream with chatEnded', async () => {
    const t = transport();
    const { session } = await startJan(t);
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.batches.length > 0, { what: 'open' });
    await t.disconnect(session);
    expect(seen.at(-1)).to.deep.include({ method: 'DELETE', url: `${CLOUD_PATH}/${session.conversationId}/members/${session.memberId}` });
    await waitFor(() => r.batches.some((b) => b.chatEnded), { what: 'chatEnded' });
    expect(chatOf(session).ended).to.equal(true);
    expect(r.transcript().at(-1)).to.deep.include({ type: 'ParticipantLeft', from: { id: session.memberId, type: 'Client', name: 'Jan' } });
    await waitFor(() => server.cloud.sockets === 0, { what: 'the socket closed' });
    const ended = await t.restore(session, 1);
    expect(ended.chatEnded).to.equal(true, 'a restore after the end says so');
  });

  it('an agent who ends the chat: the visitor leaves too, chatEnded', async () => {
    server.simulator.state.chat.scriptedAgent = false;
    const t = transport();
    const { session } = await startJan(t, 'customer-chat');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.batches.length > 0, { what: 'open' });
    const person = await agent(String(session.conversationId));
    await waitFor(() => r.transcript().some((m) => m.type === 'ParticipantJoined' && m.from.type === 'Agent' && m.from.name === 'Ewa'), {
      what: 'the agent joined',
    });
    await person.end();
    await waitFor(() => r.batches.some((b) => b.chatEnded), { what: 'chatEnded' });
    expect(r.failures).to.deep.equal([]);
  });

  it('each error code: REST statuses as cloud.<status> (400, 500, 503 with their keys), the socket close codes, no answer', async () => {
    const t = transport();
    const refused = await failureOf(t.start({ firstName: 'Jan', userData: {}, endpoint: 'nowhere' }));
    expect(refused.kind).to.equal('rejected');
    expect(refused.errors).to.deep.equal([{ code: 400, message: CLOUD_CODES[400].message, name: 'cloud.400', key: 'chat.error.Cloud400' }]);
    expect(refused.message).to.contain('Unknown routingTarget.targetAddress');

    await fetch(`${server.url}/__control/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ faults: { 'chat.start': { failureRate: 1 } } }),
    });
    try {
      const unavailable = await failureOf(startJan(t));
      expect(unavailable.kind).to.equal('unavailable');
      expect(unavailable.errors[0]).to.deep.equal({ code: 503, message: 'service is currently unavailable', name: 'cloud.503', key: 'chat.error.Cloud503' });
    } finally {
      await fetch(`${server.url}/__control/faults`, { method: 'DELETE' });
    }

    fault = () => new Response('oops', { status: 500 });
    const broken = await failureOf(startJan(t));
    expect(broken.kind).to.equal('status');
    expect(broken.errors[0]).to.deep.equal({ code: 500, message: 'unexpected error occurred with the service', name: 'cloud.500', key: 'chat.error.Cloud500' });
    fault = () => new Response(JSON.stringify({ status: 409, message: 'Conflict here' }), { status: 409, headers: { 'content-type': 'application/json' } });
    const conflict = await failureOf(startJan(t));
    expect(conflict.errors[0]).to.deep.equal({ code: 409, message: 'Conflict here', name: 'cloud.409' });
    fault = () => new Response('{"id":"x"}', { status: 200, headers: { 'content-type': 'application/json' } });
    expect((await failureOf(startJan(t))).kind).to.equal('malformed');
    fault = () => 'network';
    expect((await failureOf(startJan(t))).lost).to.equal(true);
    fault = undefined;

    expect(cloudFailure('send', new HttpError('timeout', 'slow')).kind).to.equal('timeout');
    expect(cloudFailure('send', new HttpError('status', '404', 404, { message: 'gone' })).kind).to.equal('ended');
    expect(closeFailure(1006)).to.equal(undefined);
    expect(closeFailure(1000)).to.equal(undefined);
    expect(closeFailure(4503)!.errors[0]!.key).to.equal('chat.error.Cloud503');
    expect(closeFailure(1013)!.kind).to.equal('unavailable');
    expect((closeFailure(1011)!.errors[0] as CloudError).name).to.equal('cloud.500');
    expect(closeFailure(1008)!.errors[0]!.key).to.equal('chat.error.Cloud400');
    expect(closeFailure(4404)!.kind).to.equal('ended');
  });

  it('a stream refused by the server: a wrong stream token (4401) ends it; the server closing with 4503 is reported and tried again', async () => {
    const t = transport();
    const { session } = await startJan(t);
    const r = recorder();
    t.subscribe!({ ...session, webSocketUrl: String(session.webSocketUrl).replace(/token=[^&]+/, 'token=wrong') }, 1, r.handlers);
    await waitFor(() => r.failures.length === 1, { what: 'the refusal' });
    expect(r.failures[0]!.kind).to.equal('ended');
    expect((r.failures[0]!.errors[0] as CloudError).name).to.equal('cloud.401');

    const timers = manualTimers();
    const t2 = transport({ timers: timers.timers });
    const r2 = recorder();
    t2.subscribe!(session, 1, r2.handlers);
    await waitFor(() => server.cloud.sockets === 1 && r2.batches.length > 0, { what: 'open' });
    await control({ close: 4503 });
    await waitFor(() => r2.failures.length === 1, { what: 'the 503' });
    expect(r2.failures[0]!.kind).to.equal('unavailable');
    expect(r2.failures[0]!.errors[0]).to.deep.include({ code: 503, key: 'chat.error.Cloud503' });
    expect(timers.delays()).to.deep.equal([CLOUD.reconnectDelay]);
    timers.fire(CLOUD.reconnectDelay);
    await waitFor(() => server.cloud.sockets === 1, { what: 'a new socket' });
  });
});

describe('cloud transport configuration (webchat.transport)', () => {
  it("'cloud' is accepted with organizationId and deploymentId; the conversation options are read with their defaults and bad ones reported", async () => {
    const { readWebChatService, transportTypeOf } = await import('../../src/plugins/shared/webchat-config.ts');
    const { transportProblem } = await import('../../src/plugins/webchat-service/settings.ts');
    const base = { type: 'cloud', dataURL: '/api/v2/webchat/guest/conversations', organizationId: 'ppk-org', deploymentId: 'ppk-webchat' };
    const logged: string[] = [];
    const settings = readWebChatService(
      {
        transport: {
          ...base,
          routingTarget: { targetType: 'USER', skills: ['pl', ''], language: 'pl', priority: -1 },
          memberInfo: { customFields: { plan: 'gold' } },
          journeyContext: { customer: { id: 'c-1' } },
        },
      },
      (m: string) => logged.push(m),
    );
    expect(transportTypeOf(settings)).to.equal('cloud');
    expect(transportProblem(settings)).to.equal(undefined);
    expect(settings.transport.routingTarget).to.deep.equal({
      targetType: 'QUEUE',
      targetAddress: undefined,
      skills: ['pl'],
      language: 'pl',
      priority: undefined,
    });
    expect(settings.transport.memberInfo).to.deep.equal({ displayName: CLOUD.displayName, customFields: { plan: 'gold' } });
    expect(settings.transport.journeyContext).to.deep.equal({ customer: { id: 'c-1' } });
    expect(logged.join('\n'))
      .to.match(/routingTarget\.targetType/)
      .and.match(/routingTarget\.skills\[1\]/)
      .and.match(/routingTarget\.priority/);
    const { organizationId: _o, ...noOrganization } = base;
    expect(transportProblem(readWebChatService({ transport: noOrganization }, () => undefined))).to.equal(
      'Invalid transport configuration: webchat.transport.organizationId is missing',
    );
    const { deploymentId: _d, ...noDeployment } = base;
    expect(transportProblem(readWebChatService({ transport: noDeployment }, () => undefined))).to.equal(
      'Invalid transport configuration: webchat.transport.deploymentId is missing',
    );
    expect(transportProblem(readWebChatService({ transport: { ...base, dataURL: undefined } }, () => undefined))).to.match(/dataURL is missing/);
  });
});

describe('cloud transport: long gaps and faulted pages (the soak’s loss across a reload)', () => {
  // A fake conversation of more than maxPages × pageSize messages behind a fake fetch and a fake socket, so
  // a restore or resync longer than one 50-page read, and pages failing in the middle of it, are cheap to make.
  const total = CLOUD.maxPages * CLOUD.pageSize + 1234;
  const session: SessionData = { chatId: 'c1', conversationId: 'c1', memberId: 'me', jwt: 'j.w.t', webSocketUrl: 'ws://fake/stream' };
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    onopen: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onclose: ((event: { code: number; reason?: string }) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    closed = false;
    constructor(readonly url: string) {
      sockets.push(this);
    }
    close() {
      this.closed = true;
    }
    /** A message frame of the stream (the agent's, at `sequence`). */
    push(sequence: number) {
      const eventBody = { sequence, sender: { id: 'agent' }, body: `m${sequence}`, bodyType: 'standard', timestamp: 1 };
      this.onmessage?.({ data: JSON.stringify({ topicName: 'v2.conversations.c1.messages', eventBody, metadata: { type: 'message' } }) });
    }
  }
  /** The server's messages (1 … count) and the `after` of every page asked for. */
  function fakeServer(count: number, failPage: (n: number) => boolean = () => false) {
    const pages: number[] = [];
    const fetchFake: typeof fetch = async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname.endsWith('/members'))
        return json({
          entities: [
            { id: 'me', role: 'CUSTOMER', displayName: 'Jan' },
            { id: 'agent', role: 'AGENT', displayName: 'Ewa' },
          ],
        });
      const after = Number(url.searchParams.get('after'));
      pages.push(after);
      if (failPage(pages.length)) return json({ message: 'service is currently unavailable' }, 503);
      const entities = [];
      for (let i = after + 1; i <= Math.min(count, after + CLOUD.pageSize); i++)
        entities.push({ sequence: i, sender: { id: 'agent' }, body: `m${i}`, bodyType: 'standard', timestamp: i });
      // Every tenth page repeats an entry (the simulator's duplicate fault): still 100 unique, the loop goes on.
      if (pages.length % 10 === 0 && entities.length) entities.splice(1, 0, { ...entities[0]! });
      return json({ entities, ...(after + CLOUD.pageSize < count ? { next: `?after=${after + CLOUD.pageSize}` } : {}) });
    };
    return { fetch: fetchFake, pages };
  }
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  beforeEach(() => {
    sockets.length = 0;
  });

  it(`a resync after a restore of ${CLOUD.maxPages} pages reads on to the last page before a frame's higher index is handed on: no gap`, async () => {
    const server = fakeServer(total);
    const timers = manualTimers();
    const t = createCloudTransport({
      dataURL: 'http://fake/conversations',
      timeout: 3000,
      fetch: server.fetch,
      WebSocket: FakeSocket as unknown as CloudSocketFactory,
      timers: timers.timers,
    });
    // The restore reads at most maxPages pages: 1 … 5000 (and says no more; the session machine goes on from lastIndex + 1).
    const restored = await t.restore(session, 1);
    expect(restored.messages.map((m) => m.index)).to.deep.equal(range(1, CLOUD.maxPages * CLOUD.pageSize));
    // The subscription from 1 (a restore that went on offline) and from 5001 (after the restore): a frame
    // of the newest message comes as soon as the socket opens, before the resync has read its pages.
    for (const from of [1, CLOUD.maxPages * CLOUD.pageSize + 1]) {
      const r = recorder();
      const stop = t.subscribe!(session, from, r.handlers);
      const socket = sockets.at(-1)!;
      socket.onopen?.({});
      socket.push(total + 1);
      await waitFor(() => r.indexes().at(-1) === total + 1, { what: 'the live frame handed on' });
      expect(r.indexes()).to.deep.equal(range(from, total + 1), 'every index once, in order, none skipped');
      expect(r.failures).to.deep.equal([]);
      stop();
    }
  });

  it('a resync whose pages fail now and then keeps what it read and reads on after the reconnect until caught up; a restore cut short returns what it read', async () => {
    // Every 30th page asked for answers 503: no read of 50 pages ever ends without a failure.
    const server = fakeServer(total, (n) => n % 30 === 0);
    const timers = manualTimers();
    const t = createCloudTransport({
      dataURL: 'http://fake/conversations',
      timeout: 3000,
      fetch: server.fetch,
      WebSocket: FakeSocket as unknown as CloudSocketFactory,
      timers: timers.timers,
    });
    const restored = await t.restore(session, 1);
    expect(restored.messages.map((m) => m.index)).to.deep.equal(range(1, 29 * CLOUD.pageSize), 'the pages before the failure');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    for (let opened = 0; r.indexes().at(-1) !== total + 1;) {
      if (sockets.length > opened) {
        opened = sockets.length;
        sockets.at(-1)!.onopen?.({});
        sockets.at(-1)!.push(total + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
      timers.fire(CLOUD.reconnectDelay);
      expect(sockets.length).to.be.below(20, 'progress between failures');
    }
    expect(r.indexes()).to.deep.equal(range(1, total + 1), 'every index once, in order, none skipped');
    expect(r.failures.map((f) => f.kind)).to.include('unavailable');
    // Each page is read once but the failed ones (asked again after the reconnect): no re-reading from the start.
    expect(server.pages.length).to.be.below(30 + Math.ceil(total / CLOUD.pageSize) * 1.1);
    t.close();
  });
});
