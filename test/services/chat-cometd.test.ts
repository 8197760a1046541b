import { expect } from '@esm-bundle/chai';
import { failureOf } from '../helpers/chat-failure.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from '../helpers/wait.mjs';
import { installCometdWindow } from '../helpers/cometd-node.mjs';
import { VARIANTS, expectVariant, warningsOf } from '../helpers/poison.ts';
import { expectBotRichMedia } from '../helpers/rich-media.ts';
import { createManualClock } from '../../demo/simulator/index.js';
import { startServer } from '../../demo/server.mjs';
import {
  COMETD_UNAVAILABLE,
  MAX_FAILED_HANDSHAKES,
  RESYNC_RETRY,
  createCometDTransport,
  type CometDTransport,
} from '../../src/services/chat/transports/cometd.ts';
import { ChatFailure, type PollResult, type StreamHandlers, type TranscriptMessage } from '../../src/services/chat/types.ts';

// The CometD transport with the official client (npm `cometd`) against the demo's Bayeux server
// (cometd-nodejs-server): Node has no XMLHttpRequest, the helper gives the client one over fetch.
installCometdWindow();

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
  /** Every message delivered, duplicates dropped by index as the session machine does. */
  const transcript = (): TranscriptMessage[] => {
    const byIndex = new Map<number, TranscriptMessage>();
    for (const batch of batches) for (const m of batch.messages) if (!byIndex.has(m.index)) byIndex.set(m.index, m);
    return [...byIndex.values()].sort((a, b) => a.index - b.index);
  };
  return { handlers, batches, statuses, failures, transcript };
}

describe('CometD chat transport against the demo Bayeux server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let clock: ReturnType<typeof createManualClock>;
  const transports: CometDTransport[] = [];
  const transport = (channel = '/service/chatV2/customer-support', extra: { url?: string; apiURL?: string } = {}) => {
    const t = createCometDTransport({
      dataURL: '',
      timeout: 3000,
      cometD: { url: extra.url ?? `${server.url}/api/cometd`, channel, apiURL: extra.apiURL, websocketEnabled: true, logLevel: 'warn' },
    });
    transports.push(t);
    return t;
  };
  const advance = async (ms: number, step = 500) => {
    for (let t = 0; t < ms; t += step) {
      clock.advance(step);
      await new Promise((r) => setTimeout(r, 5));
    }
  };

  before(async () => {
    clock = createManualClock('2025-03-03T10:00:00+01:00');
    server = await startServer({ port: 0, simulator: { clock, random: () => 0 }, cometd: { timeout: 2000 } });
  });
  // One Bayeux session per test: the server polls a second session of the same browser (cookie) every
  // multiSessionInterval instead of holding its connect.
  afterEach(() => {
    for (const t of transports.splice(0)) t.close();
  });
  after(async () => {
    await server.close();
  });

  it('is a push transport', () => {
    const t = transport();
    expect(t.type).to.equal('cometd');
    expect(t.capabilities.stream).to.equal(true);
    expect(t.capabilities.async).to.equal(false);
    expect(t.capabilities.fileUpload).to.equal(false);
    expect(typeof t.subscribe).to.equal('function');
  });

  it('starts a chat by requestChat: the session holds the four keys, the form and user data reach the chat model', async () => {
    const t = transport();
    const { session } = await t.start({
      firstName: 'Anna',
      lastName: 'Nowak',
      emailAddress: 'anna@example.com',
      subject: 'Wpłaty',
      userData: { source: 'web' },
      endpoint: 'ppk',
    });
    expect(Object.keys(session).sort()).to.deep.equal(['alias', 'chatId', 'secureKey', 'userId']);
    const s = server.simulator.state.chat.sessions.get(String(session.chatId))!;
    expect(s.service).to.equal('customer-chat');
    expect(s.visitor).to.deep.include({ firstName: 'Anna', lastName: 'Nowak', emailAddress: 'anna@example.com', subject: 'Wpłaty', endpoint: 'ppk' });
    expect(s.userData).to.deep.equal({ source: 'web' });
  });

  it('subscribe delivers the transcript from the position, then every pushed message; send answers with the index', async () => {
    const t = transport('/service/chatV2/customer-chat-bot');
    const { session } = await t.start({ firstName: 'Jan', userData: {} });
    const r = recorder();
    const stop = t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.transcript().length >= 1, { what: 'the visitor joined' });
    await advance(600, 100);
    await waitFor(() => r.transcript().some((m) => m.from.type === 'Bot' && m.type === 'Message'), { what: 'the bot greeting' });
    const { index } = await t.send(session, 'Ile wynosi wpłata pracodawcy?');
    expect(index).to.be.a('number');
    await waitFor(() => r.transcript().some((m) => m.index === index && m.text === 'Ile wynosi wpłata pracodawcy?'), { what: 'the visitor message' });
    await advance(15_000);
    await waitFor(() => r.transcript().filter((m) => m.from.type === 'Agent' && m.type === 'Message').length >= 2, { what: 'the agent answer' });
    const indexes = r.transcript().map((m) => m.index);
    expect(indexes).to.deep.equal(indexes.map((_, i) => i + 1));
    expect(r.failures).to.deep.equal([]);
    stop();
  });

  it("a structured message: the bot's quick replies and card are pushed with their envelopes", async () => {
    server.simulator.state.chat.botRichMedia = true;
    try {
      const t = transport('/service/chatV2/customer-chat-bot');
      const { session } = await t.start({ firstName: 'Jan', userData: { languageCode: 'pl' } });
      const r = recorder();
      const stop = t.subscribe!(session, 1, r.handlers);
      await advance(600, 100);
      await waitFor(() => r.transcript().filter((m) => m.type === 'Structured').length >= 2, { what: 'the structured messages' });
      expectBotRichMedia(r.transcript());
      stop();
    } finally {
      server.simulator.state.chat.botRichMedia = false;
    }
  });

  it('one odd message does not stop the transcript: each variant repaired or dropped with one warning, the good ones after it arrive (same push and the next)', async () => {
    const t = transport();
    server.simulator.state.chat.scriptedAgent = false;
    const { session } = await t.start({ firstName: 'Jan', userData: {} });
    const s = server.simulator.state.chat.sessions.get(String(session.chatId))!;
    const r = recorder();
    const until = (text: string) => waitFor(() => r.transcript().some((m) => m.text === text), { what: text });
    await warningsOf(async () => {
      const stop = t.subscribe!(session, 1, r.handlers);
      try {
        await t.send(session, 'first');
        await until('first');
        for (const variant of VARIANTS) {
          const index = s.nextIndex++;
          const odd = { index, type: 'Message', text: 'odd', timestamp: server.simulator.serverNow(), from: { id: 'agent-7', type: 'Agent', name: 'Ewa' } };
          const { warnings } = await warningsOf(async () => {
            s.transcript.push({ ...odd, ...variant.patch } as never);
            await t.send(session, `after ${variant.name}`);
            await until(`after ${variant.name}`);
          });
          expectVariant(variant, index, r.transcript(), warnings);
          await t.send(session, `next ${variant.name}`);
          await until(`next ${variant.name}`);
        }
      } finally {
        stop();
      }
    });
    expect(r.failures).to.deep.equal([]);
    server.simulator.state.chat.scriptedAgent = true;
  });

  it("send carries the client message id as clientMessageId in the sendMessage data (the outbox's retries carry the same one)", async () => {
    const published: Array<Record<string, unknown>> = [];
    const realFetch = globalThis.fetch;
    // The Node client long-polls over fetch (test/helpers/cometd-node.mjs): the Bayeux messages are read on their way.
    globalThis.fetch = async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('sendMessage')) {
        for (const message of JSON.parse(init.body) as Array<{ data?: Record<string, unknown> }>)
          if (message.data?.operation === 'sendMessage') published.push(message.data);
      }
      return realFetch(input, init);
    };
    try {
      const t = transport('/service/chatV2/customer-chat-bot');
      const { session } = await t.start({ firstName: 'Jan', userData: {} });
      const { index } = await t.send(session, 'Z identyfikatorem', { clientMessageId: 'c0ffee00-0000-4000-8000-000000000001' });
      expect(index).to.be.a('number');
      await t.send(session, 'Bez identyfikatora');
      expect(published.map((d) => [d.message, d.clientMessageId])).to.deep.equal([
        ['Z identyfikatorem', 'c0ffee00-0000-4000-8000-000000000001'],
        ['Bez identyfikatora', undefined],
      ]);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('typing, custom notices and user data go through; disconnect ends the chat and chatEnded is pushed', async () => {
    const t = transport();
    const { session } = await t.start({ firstName: 'Jan', userData: {} });
    const r = recorder();
    const stop = t.subscribe!(session, 1, r.handlers);
    await t.typing(session, true, 'Dzień');
    await t.typing(session, false);
    await t.customNotice(session, 'notice');
    await t.updateUserData(session, { plan: 'gold' });
    expect(server.simulator.state.chat.sessions.get(String(session.chatId))!.userData.plan).to.equal('gold');
    await t.disconnect(session);
    await waitFor(() => r.batches.some((b) => b.chatEnded), { what: 'chatEnded' });
    expect(r.transcript().map((m) => m.type)).to.include.members(['TypingStarted', 'TypingStopped', 'CustomNotice', 'ParticipantLeft']);
    const late = await failureOf(t.send(session, 'late'));
    expect(late.kind).to.equal('ended');
    expect(server.cometd.sessions).to.equal(1);
    stop();
    // No chat listens any more: the client leaves the server instead of long-polling it.
    await waitFor(() => server.cometd.sessions === 0, { what: 'the Bayeux session closed', timeout: 5000 });
  });

  it('refusals are ChatFailures of the REST kinds: wrong keys rejected, a fault unavailable', async () => {
    const t = transport();
    const { session } = await t.start({ firstName: 'Jan', userData: {} });
    const wrong = await failureOf(t.send({ ...session, secureKey: 'nope' }, 'hi'));
    expect(wrong.kind).to.equal('rejected');
    expect(wrong.message).to.match(/secureKey/);
    const broken = await failureOf(t.send({ chatId: String(session.chatId) }, 'hi'));
    expect(broken.message).to.equal('The chat session data has no secureKey');
    await fetch(`${server.url}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'chat.send', failureRate: 1 }),
    });
    try {
      const failed = await failureOf(t.send(session, 'hi'));
      expect(failed.kind).to.equal('unavailable');
    } finally {
      await fetch(`${server.url}/__control/faults`, { method: 'DELETE' });
    }
  });

  it('a forced disconnect mid-chat: disconnected, then the re-handshake resyncs by position — no gap, no duplicate', async () => {
    const t = transport();
    const { session } = await t.start({ firstName: 'Jan', userData: {} });
    const r = recorder();
    const stop = t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.transcript().length >= 2, { what: 'the first messages' });
    const before = r.transcript().length;
    await fetch(`${server.url}/__control/cometd/disconnect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // While the client is away the agent joins.
    await advance(4500);
    await waitFor(() => r.statuses.includes('disconnected'), { what: 'disconnected', timeout: 8000 });
    await waitFor(() => r.statuses.at(-1) === 'connected' && r.transcript().length > before, { what: 'the resync', timeout: 15000 });
    // And greets, pushed to the new Bayeux session.
    await advance(3000);
    await waitFor(() => r.transcript().some((m) => m.from.type === 'Agent' && m.type === 'Message'), { what: 'the agent greeting' });
    const indexes = r.transcript().map((m) => m.index);
    expect(indexes).to.deep.equal(
      indexes.map((_, i) => i + 1),
      'no gap',
    );
    expect(r.transcript().find((m) => m.type === 'ParticipantJoined' && m.from.type === 'Agent')!.index).to.be.greaterThan(before, 'joined while away');
    // What came twice (the subscribe's own resync, the ack extension's redelivery) is the same message.
    for (const batch of r.batches) for (const m of batch.messages) expect(m).to.deep.equal(r.transcript()[m.index - 1]);
    stop();
  });

  it('the server stops listening mid-chat and comes back (its state kept): what the chat gained meanwhile arrives — no gap, no duplicate', async () => {
    const t = transport();
    const { session } = await t.start({ firstName: 'Jan', userData: {} });
    const r = recorder();
    const stop = t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.transcript().length >= 2, { what: 'the first messages' });
    const before = r.transcript().length;
    const port = new URL(server.url).port;
    // The outage: no new connections, the held long poll cut.
    await new Promise<void>((resolve) => {
      server.server.close(() => resolve());
      server.server.closeAllConnections();
    });
    await advance(4500);
    await waitFor(() => r.statuses.includes('disconnected'), { what: 'disconnected', timeout: 8000 });
    await new Promise<void>((resolve) => server.server.listen(Number(port), '127.0.0.1', () => resolve()));
    await waitFor(() => r.statuses.at(-1) === 'connected' && r.transcript().length > before, { what: 'the messages of the outage', timeout: 15000 });
    const indexes = r.transcript().map((m) => m.index);
    expect(indexes).to.deep.equal(
      indexes.map((_, i) => i + 1),
      'no gap',
    );
    expect(r.transcript().some((m) => m.type === 'ParticipantJoined' && m.from.type === 'Agent')).to.equal(true);
    for (const batch of r.batches) for (const m of batch.messages) expect(m).to.deep.equal(r.transcript()[m.index - 1]);
    stop();
  });

  it('a small soak: a person at the agent API sends 40 messages and the visitor 10 while the server forgets every Bayeux session 5 times — the visitor has every message once, in order', async () => {
    const t = transport();
    const { session } = await t.start({ firstName: 'Soak', userData: {} });
    const r = recorder();
    const stop = t.subscribe!(session, 1, r.handlers);
    const agent = (path: string, body: Record<string, string>, key = '') =>
      fetch(`${server.url}/api/agent/chats/${session.chatId}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.agentToken}`, 'content-type': 'application/x-www-form-urlencoded', ...(key ? { 'x-agent-key': key } : {}) },
        body: new URLSearchParams(body),
      }).then((response) => response.json());
    const { agentKey } = await agent('accept', { name: 'Ewa' });
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 8; i++) await agent('send', { text: `agent ${round}.${i}` }, agentKey);
      await fetch(`${server.url}/__control/cometd/disconnect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      for (let i = 0; i < 2; i++) {
        // A send while the client re-handshakes may time out or fail as lost: it is retried, as the window's outbox would.
        for (let attempt = 0; ; attempt++) {
          try {
            await t.send(session, `visitor ${round}.${i}`);
            break;
          } catch (error) {
            if (!(error instanceof ChatFailure) || !error.lost || attempt > 3) throw error;
          }
        }
      }
    }
    const server_ = server.simulator.state.chat.sessions.get(String(session.chatId))!;
    await waitFor(() => r.transcript().length === server_.transcript.length, { what: 'every message', timeout: 20_000 });
    expect(r.transcript().map((m) => m.index)).to.deep.equal(server_.transcript.map((m) => m.index));
    expect(
      r
        .transcript()
        .filter((m) => m.type === 'Message' && m.from.type === 'Agent')
        .map((m) => m.text),
    ).to.have.length(40);
    const visitorTexts = r
      .transcript()
      .filter((m) => m.type === 'Message' && m.from.type === 'Client')
      .map((m) => m.text);
    expect(new Set(visitorTexts).size).to.equal(10);
    expect(r.statuses.filter((status) => status === 'disconnected').length, 'the client did lose its session').to.be.greaterThan(0);
    stop();
  });

  it("a re-handshake whose resync answer is lost: the pushes that follow skip indexes — held back and asked again from the position, nothing lost to the session machine's last-index rule", async () => {
    const t = transport();
    const { session } = await t.start({ firstName: 'Gap', userData: {} });
    const r = recorder();
    // The session machine's rule: a batch in index order, anything at or below the last index dropped.
    const seen: number[] = [];
    let lastIndex = 0;
    const messages = r.handlers.messages;
    r.handlers.messages = (result) => {
      messages(result);
      for (const m of [...result.messages].sort((a, b) => a.index - b.index)) {
        if (m.index <= lastIndex) continue;
        lastIndex = m.index;
        seen.push(m.index);
      }
    };
    const stop = t.subscribe!(session, 1, r.handlers);
    const agent = (path: string, body: Record<string, string>, key = '') =>
      fetch(`${server.url}/api/agent/chats/${session.chatId}/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.agentToken}`, 'content-type': 'application/x-www-form-urlencoded', ...(key ? { 'x-agent-key': key } : {}) },
        body: new URLSearchParams(body),
      }).then((response) => response.json());
    const { agentKey } = await agent('accept', { name: 'Ewa' });
    const chat = server.simulator.state.chat.sessions.get(String(session.chatId))!;
    await waitFor(() => lastIndex === chat.transcript.at(-1)!.index, { what: 'the first messages' });
    const faults = (body: unknown) =>
      fetch(`${server.url}/__control/faults`, {
        method: body ? 'POST' : 'DELETE',
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    // The resync after the re-handshake is answered, the answer lost (the server binds the session from its nextPosition).
    await faults({ endpoint: 'cometd.publish.requestNotifications', dropResponseRate: 1 });
    try {
      await fetch(`${server.url}/__control/cometd/disconnect`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      for (let i = 0; i < 5; i++) await agent('send', { text: `while away ${i}` }, agentKey);
      await advance(4500);
      await waitFor(() => r.statuses.includes('disconnected'), { what: 'disconnected', timeout: 8000 });
      // The re-handshake and its resync, whose answer is dropped.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    } finally {
      await faults(undefined);
    }
    for (let i = 0; i < 3; i++) await agent('send', { text: `after ${i}` }, agentKey);
    await waitFor(() => lastIndex === chat.transcript.at(-1)!.index, { what: 'the last message', timeout: 15_000 });
    expect(seen, 'every index reaches the session machine, none skipped').to.deep.equal(chat.transcript.map((m) => m.index));
    expect(chat.transcript.filter((m) => m.type === 'Message' && m.text?.startsWith('while away')).length).to.equal(5);
    stop();
  });

  it('files go over HTTP to apiURL; without it they are refused', async () => {
    const t = transport('/service/chatV2/customer-support', { apiURL: `${server.url}/api/chat/customer-chat` });
    expect(t.capabilities.fileUpload).to.equal(true);
    const { session } = await t.start({ firstName: 'Jan', userData: {} });
    const limits = await t.fileLimits(session);
    expect(limits.types).to.include('pdf');
    const none = transport();
    expect((await failureOf(none.fileLimits(session))).message).to.match(/apiURL/);
  });
});

/**
 * A scripted Bayeux server (long-polling only, no extensions) for what the demo server cannot be made to do
 * at an exact moment: it holds each /meta/connect until something is queued for the client and answers
 * it with the queue, in order, as a CometD server does; what a publish brings is up to the test
 * (`onPublish`, which queues the channel's messages with `queue` and hands them over with `flush`).
 */
async function scriptedBayeux(
  onPublish: (data: Record<string, unknown>, bayeux: { queue: (data: Record<string, unknown>) => void; flush: () => void }) => void,
) {
  const queued: Array<Record<string, unknown>> = [];
  let held: { reply: Record<string, unknown>; response: ServerResponse; timer: ReturnType<typeof setTimeout> } | undefined;
  const publishes: Array<Record<string, unknown>> = [];
  let channel = '';
  const send = (response: ServerResponse, messages: unknown[]) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(messages));
  };
  /** Answers the held connect with what is queued (or nothing). */
  const release = () => {
    if (!held) return;
    const { reply, response, timer } = held;
    held = undefined;
    clearTimeout(timer);
    send(response, [...queued.splice(0), reply]);
  };
  const flush = () => {
    if (queued.length) release();
  };
  const bayeux = { queue: (data: Record<string, unknown>) => queued.push({ channel, data }), flush };
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const replies: unknown[] = [];
    for (const message of JSON.parse(body) as Array<Record<string, unknown>>) {
      const base = { id: message.id, channel: message.channel, successful: true };
      if (message.channel === '/meta/handshake') {
        replies.push({
          ...base,
          clientId: 'scripted',
          version: '1.0',
          supportedConnectionTypes: ['long-polling'],
          advice: { reconnect: 'retry', interval: 0, timeout: 2000 },
        });
      } else if (message.channel === '/meta/connect') {
        const reply = { ...base, advice: { reconnect: 'retry', interval: 0, timeout: 2000 } };
        if (queued.length || (message.advice as { timeout?: number } | undefined)?.timeout === 0) {
          send(response, [...queued.splice(0), reply]);
        } else {
          release();
          const timer = setTimeout(release, 2000);
          held = { reply, response, timer };
        }
        return;
      } else if (message.channel === '/meta/subscribe') {
        channel = String(message.subscription);
        replies.push({ ...base, subscription: message.subscription });
      } else if (message.channel === '/meta/disconnect') {
        replies.push(base);
      } else {
        publishes.push(message.data as Record<string, unknown>);
        replies.push(base);
        onPublish(message.data as Record<string, unknown>, bayeux);
      }
    }
    send(response, replies);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cometd`;
  return {
    url,
    publishes,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('CometD chat transport: a new subscriber whose resync answer and the next push come together', () => {
  // The tab hand-over (test/e2e/chat-tabs.test.mjs, the CometD test): the new leader subscribes from the
  // index after the last it holds (29) and asks requestNotifications from there; the server answers with
  // 29 and 30 and binds the session from 31; the agent's next message (31) is pushed right after. When
  // the answer and that push reach the client in one /meta/connect response (both queued while no connect
  // was held: just after the handshake, or a second session of the browser, which the server polls every
  // 2 s), the client reads them in that order. Before the fix the push was read first (the answer's
  // promise callback runs after the whole response), dropped as past the position, and never asked again.
  const session = { chatId: 'chat-1', secureKey: 'key', userId: 'user', alias: 'alias' };
  const message = (index: number) => ({
    index,
    type: 'Message',
    text: `Message ${index}`,
    timestamp: 1740992400000 + index,
    from: { id: 'agent-1', type: 'Agent', name: 'Ewa' },
  });
  const answerTo = (data: Record<string, unknown>, indexes: number[], nextPosition: number) => ({
    chatId: session.chatId,
    statusCode: 0,
    chatEnded: false,
    messages: indexes.map(message),
    nextPosition,
    operation: data.operation,
    requestId: data.requestId,
  });
  const push = (indexes: number[], nextPosition: number) => ({
    chatId: session.chatId,
    statusCode: 0,
    chatEnded: false,
    messages: indexes.map(message),
    nextPosition,
  });
  const servers: Array<{ close: () => Promise<void> }> = [];
  const transports: CometDTransport[] = [];
  afterEach(async () => {
    for (const t of transports.splice(0)) t.close();
    for (const server of servers.splice(0)) await server.close();
  });

  /** Subscribes from 29 to a scripted server; what reaches the session machine's last-index rule, and every index handed on. */
  async function run(script: Parameters<typeof scriptedBayeux>[0]) {
    const server = await scriptedBayeux(script);
    servers.push(server);
    const t = createCometDTransport({
      dataURL: '',
      timeout: 3000,
      cometD: { url: server.url, channel: '/service/chatV2/customer-support', websocketEnabled: false, logLevel: 'warn' },
    });
    transports.push(t);
    const seen: number[] = [];
    const handedOn: number[] = [];
    let lastIndex = 28;
    const r = recorder();
    const stop = t.subscribe!(session, 29, {
      ...r.handlers,
      messages: (result) => {
        r.handlers.messages(result);
        for (const m of [...result.messages].sort((a, b) => a.index - b.index)) {
          handedOn.push(m.index);
          if (m.index <= lastIndex) continue;
          lastIndex = m.index;
          seen.push(m.index);
        }
      },
    });
    return { server, seen, handedOn, stop, r };
  }

  it('the answer (29, 30) then the push (31) in one response: 31 reaches the session machine, once', async () => {
    const { server, seen, handedOn, stop, r } = await run((data, bayeux) => {
      if (data.operation !== 'requestNotifications') return;
      expect(data.transcriptPosition).to.equal(29);
      bayeux.queue(answerTo(data, [29, 30], 31));
      bayeux.queue(push([31], 32));
      bayeux.flush();
    });
    await waitFor(() => seen.length >= 2, { what: 'the resync answer' });
    // Well within RESYNC_RETRY: nothing asks again, so a push dropped now would be lost for good.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen, 'every index once, none lost').to.deep.equal([29, 30, 31]);
    expect(handedOn, 'none handed on twice').to.deep.equal([29, 30, 31]);
    expect(server.publishes.filter((p) => p.operation === 'requestNotifications').length, 'one resync').to.equal(1);
    expect(r.failures).to.deep.equal([]);
    stop();
  });

  it('a server that pushes the next message (31) before its answer (29, 30): the push waits for the answer, then goes on, once', async () => {
    let answer: (() => void) | undefined;
    const { server, seen, handedOn, stop } = await run((data, bayeux) => {
      if (data.operation !== 'requestNotifications') return;
      bayeux.queue(push([31], 32));
      bayeux.flush();
      // The answer a moment later, in a response of its own (still within RESYNC_RETRY).
      answer = () => {
        bayeux.queue(answerTo(data, [29, 30], 31));
        bayeux.flush();
      };
    });
    await waitFor(() => answer, { what: 'the resync' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(seen, 'the push past the position is not handed on before the gap is filled').to.deep.equal([]);
    answer!();
    await waitFor(() => seen.length >= 3, { what: 'the answer and the held push' });
    expect(seen).to.deep.equal([29, 30, 31]);
    expect(handedOn).to.deep.equal([29, 30, 31]);
    expect(server.publishes.filter((p) => p.operation === 'requestNotifications').length, 'no second resync within RESYNC_RETRY').to.equal(1);
    expect(RESYNC_RETRY).to.be.greaterThan(150);
    stop();
  });

  it('a push before the answer and one after it, in one response (31; the answer 29, 30, 31; 32): every index, each handed on once', async () => {
    const { seen, handedOn, stop } = await run((data, bayeux) => {
      if (data.operation !== 'requestNotifications') return;
      bayeux.queue(push([31], 32));
      bayeux.queue(answerTo(data, [29, 30, 31], 32));
      bayeux.queue(push([32], 33));
      bayeux.flush();
    });
    await waitFor(() => seen.length >= 4, { what: 'every message' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).to.deep.equal([29, 30, 31, 32]);
    expect(handedOn).to.deep.equal([29, 30, 31, 32]);
    stop();
  });
});

describe('CometD chat transport without a Bayeux server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  before(async () => {
    server = await startServer({ port: 0 });
  });
  after(async () => {
    await server.close();
  });

  it(`${MAX_FAILED_HANDSHAKES} failed handshakes (1 + 2 + 3 + 4 s of back-off) reject the start with the spec's message`, async () => {
    let handshakes = 0;
    const url = `${server.url}/no-bayeux-here`;
    const t = createCometDTransport({
      dataURL: '',
      timeout: 3000,
      cometD: { url, channel: '/service/chatV2/customer-support', websocketEnabled: false, logLevel: 'warn' },
    });
    const counting = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === `${url}/handshake`) handshakes++;
      return counting(input, init);
    }) as typeof fetch;
    try {
      const failure = await failureOf(t.start({ firstName: 'Jan', userData: {} }));
      expect(failure.message).to.equal(COMETD_UNAVAILABLE);
      expect(failure.lost).to.equal(true);
      expect(handshakes).to.equal(MAX_FAILED_HANDSHAKES);
    } finally {
      globalThis.fetch = counting;
      t.close();
    }
  });
});

describe('CometD configuration and the messaging client rules', () => {
  it('webchat.cometD: defaults, a service channel only, and transportProblem needs a cometURL', async () => {
    const { readWebChatService, transportTypeOf } = await import('../../src/plugins/shared/webchat-config.ts');
    const { transportProblem } = await import('../../src/plugins/webchat-service/settings.ts');
    const problems: string[] = [];
    const log = (message: string) => problems.push(message);
    const defaults = readWebChatService({ cometD: { enabled: true } }, log);
    expect(defaults.cometD).to.deep.equal({
      enabled: true,
      cometURL: undefined,
      channel: '/service/chatV2/customer-support',
      apiURL: undefined,
      websocketEnabled: true,
      logLevel: 'info',
    });
    expect(transportTypeOf(defaults)).to.equal('cometd');
    expect(transportProblem(defaults)).to.equal(COMETD_UNAVAILABLE);
    const configured = readWebChatService({ cometD: { enabled: true, cometURL: '/api/cometd' } }, log);
    expect(transportProblem(configured)).to.equal(undefined);
    expect(problems).to.deep.equal([]);
    const meta = readWebChatService({ cometD: { enabled: true, cometURL: '/api/cometd', channel: '/meta/handshake', logLevel: 'loud' } }, log);
    expect(meta.cometD.channel, 'a meta channel takes the default').to.equal('/service/chatV2/customer-support');
    expect(meta.cometD.logLevel).to.equal('info');
    expect(problems.join('\n'))
      .to.match(/cometD\.channel/)
      .and.match(/cometD\.logLevel/);
    expect(transportTypeOf(readWebChatService({}, log))).to.equal('rest');
  });

  it('server host names of letters, digits, dot and hyphen only; the spec constants', async () => {
    const { messagingUrlProblem, MESSAGING_DEFAULTS } = await import('../../src/services/messaging-client.ts');
    expect(messagingUrlProblem('/api/cometd', 'https://www.example.com/')).to.equal(undefined);
    expect(messagingUrlProblem('https://chat-1.example.com:8443/cometd')).to.equal(undefined);
    expect(messagingUrlProblem('http://chat_server.example.com/cometd')).to.equal(
      'Invalid messaging server host name: chat_server.example.com (letters, digits, dot and hyphen only)',
    );
    expect(messagingUrlProblem('ftp://example.com/cometd')).to.match(/http or https only/);
    expect(MESSAGING_DEFAULTS).to.deep.include({
      maxNetworkDelay: 10_000,
      backoffIncrement: 1000,
      maxBackoff: 60_000,
      maxURILength: 2000,
      connectTimeout: 0,
      autoBatch: false,
      maxConnections: 2,
    });
    expect(MESSAGING_DEFAULTS.advice).to.deep.equal({ timeout: 60_000, interval: 0, reconnect: 'retry' });
    // A refused host name rejects the start with the spec's message (the reason is logged).
    const t = createCometDTransport({
      dataURL: '',
      timeout: 3000,
      cometD: { url: 'http://bad_host/cometd', channel: '/service/chatV2/customer-support', websocketEnabled: false, logLevel: 'warn' },
    });
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(' '));
    try {
      const failure = await failureOf(t.start({ firstName: 'Jan', userData: {} }));
      expect(failure.message).to.equal(COMETD_UNAVAILABLE);
      expect(String(errors[0])).to.match(/bad_host/);
    } finally {
      console.error = consoleError;
      t.close();
    }
  });
});
