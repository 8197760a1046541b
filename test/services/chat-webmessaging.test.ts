import { expect } from '@esm-bundle/chai';
import WebSocket from 'ws';
import { waitFor } from '../helpers/wait.mjs';
import { createManualClock } from '../../demo/simulator/index.js';
import { startServer } from '../../demo/server.mjs';
import { WEBMESSAGING_PATH } from '../../demo/simulator/webmessaging.js';
import {
  WEBMESSAGING,
  codeFailure,
  createWebMessagingTransport,
  endpointsOf,
  messageOf,
  type WebMessagingTransportOptions,
} from '../../src/services/chat/transports/webmessaging.ts';
import { readServiceSettings, transportProblem } from '../../src/plugins/webchat-service/settings.ts';
import { ChatFailure, type ChatTransport, type PollResult, type StreamHandlers, type TranscriptMessage } from '../../src/services/chat/types.ts';

// The Web Messaging transport against the demo server's guest socket (demo/simulator/webmessaging.js, the
// `ws` package on both sides) and its JWT history, with the simulator's faults on the socket and the history.

const STEP = WEBMESSAGING.step;

function recorder() {
  const batches: PollResult[] = [];
  const statuses: string[] = [];
  const failures: ChatFailure[] = [];
  const handlers: StreamHandlers = {
    messages: (result) => batches.push(result),
    status: (status) => statuses.push(status),
    failed: (failure) => failures.push(failure),
  };
  const transcript = (): TranscriptMessage[] => batches.flatMap((b) => b.messages);
  const texts = () =>
    transcript()
      .filter((m) => m.type === 'Message')
      .map((m) => m.text);
  return { handlers, batches, statuses, failures, transcript, texts };
}

/** Every index strictly above the one before: nothing handed on twice or out of order. */
const increasing = (messages: TranscriptMessage[]) => messages.every((m, i) => i === 0 || m.index > messages[i - 1].index);

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('Web Messaging transport against the demo guest socket and history', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let clock: ReturnType<typeof createManualClock>;
  let storage: ReturnType<typeof memoryStorage>;
  const transports: Array<ChatTransport & { close(): void }> = [];

  const transport = (extra: Partial<WebMessagingTransportOptions> = {}) => {
    const t = createWebMessagingTransport({
      dataURL: server.url,
      timeout: 1500,
      WebSocket: WebSocket as unknown as WebMessagingTransportOptions['WebSocket'],
      webMessaging: { deploymentId: 'ppk-messaging-agent' },
      storage,
      backoff: [50],
      ...extra,
    });
    transports.push(t);
    return t;
  };
  const start = (t: ChatTransport, text?: string) =>
    t.start({
      nickname: 'Jan',
      firstName: 'Jan',
      lastName: 'Kowalski',
      emailAddress: 'jan@example.com',
      subject: 'Wpłaty',
      userData: { plan: 'gold' },
      ...(text ? { text } : {}),
    });
  /** The chat model's chat of the newest conversation. */
  const newestChat = () => [...server.simulator.state.chat.sessions.values()].at(-1)!;
  const control = (path: string, body: unknown) =>
    fetch(`${server.url}/__control/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).then((r) =>
      r.json(),
    );
  const faults = (spec: Record<string, unknown> | null) =>
    control('faults', { faults: { 'webmessaging.stream': spec, 'webmessaging.send': null, 'webmessaging.history': null } });
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
  /** The chat's messages as the history has them, oldest first. */
  const serverTexts = () =>
    newestChat()
      .transcript.filter((m: { type: string }) => m.type === 'Message')
      .map((m: { text: string }) => m.text);

  before(async () => {
    clock = createManualClock('2025-03-03T10:00:00+01:00');
    server = await startServer({ port: 0, simulator: { clock, random: () => 0 } });
  });
  beforeEach(async () => {
    storage = memoryStorage();
    server.simulator.state.chat.scriptedAgent = false;
    await control('faults', { faults: { 'webmessaging.stream': null, 'webmessaging.send': null, 'webmessaging.history': null } });
  });
  afterEach(() => {
    for (const t of transports.splice(0)) t.close();
  });
  after(async () => {
    await server.close();
  });

  it('endpoints: a region names the socket and the API; an api.{region} dataURL gives webmessaging.{region}; another origin proxies both at /v1', () => {
    expect(endpointsOf({ dataURL: '', timeout: 1, webMessaging: { deploymentId: 'd', region: 'mypurecloud.de' } })).to.deep.equal({
      socket: 'wss://webmessaging.mypurecloud.de/v1',
      api: 'https://api.mypurecloud.de',
    });
    expect(endpointsOf({ dataURL: 'https://api.usw2.pure.cloud', timeout: 1 })).to.deep.equal({
      socket: 'wss://webmessaging.usw2.pure.cloud/v1',
      api: 'https://api.usw2.pure.cloud',
    });
    expect(endpointsOf({ dataURL: 'http://127.0.0.1:8080/', timeout: 1 }).socket).to.equal(`ws://127.0.0.1:8080${WEBMESSAGING_PATH}`);
  });

  it('start: configureSession with a token kept per deployment, a Join carrying the form as customAttributes, the first message with a client id', async () => {
    const t = transport();
    const { session } = await start(t, 'Dzień dobry');
    expect(session.deploymentId).to.equal('ppk-messaging-agent');
    expect(String(session.token)).to.have.length.greaterThan(8);
    expect(storage.map.get(`${WEBMESSAGING.storageKey}ppk-messaging-agent`)).to.equal(session.token);
    const chat = newestChat();
    expect(chat.userData).to.include({ plan: 'gold', firstName: 'Jan', email: 'jan@example.com', subject: 'Wpłaty' });
    expect(serverTexts()).to.deep.equal(['Dzień dobry']);
    // A reload (a new transport, the same storage) resumes the same conversation: Messenger's is asynchronous.
    const again = await start(transport());
    expect(again.session.token).to.equal(session.token);
  });

  it('send: the client message id rides as customMessageId; a retry with the same id is stored once; a lost answer is found in the history', async () => {
    const t = transport();
    const { session } = await start(t);
    await t.send(session, 'raz', { clientMessageId: 'id-1' });
    await t.send(session, 'raz', { clientMessageId: 'id-1' });
    expect(serverTexts()).to.deep.equal(['raz']);
    // The server stores the next one and its answer is lost: the history says it is there, so no failure and no retry.
    await control('faults', { endpoint: 'webmessaging.send', dropResponseRate: 1 });
    expect(await t.send(session, 'dwa', { clientMessageId: 'id-2' })).to.deep.equal({});
    // Lost before the server acted: a lost failure, which the outbox retries with the same id.
    await control('faults', { faults: { 'webmessaging.send': { dropRequestRate: 1 } } });
    const error = await t.send(session, 'trzy', { clientMessageId: 'id-3' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ChatFailure);
    expect((error as ChatFailure).lost).to.equal(true);
    await control('faults', { faults: { 'webmessaging.send': null } });
    await t.send(session, 'trzy', { clientMessageId: 'id-3' });
    await t.send(session, 'trzy', { clientMessageId: 'id-3' });
    expect(serverTexts()).to.deep.equal(['raz', 'dwa', 'trzy']);
  });

  it('subscribe: the agent types and talks over the socket; each message at its history position × step, once, in order', async () => {
    const t = transport();
    const { session } = await start(t, 'pytanie');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    const ewa = await agent(newestChat().chatId);
    await ewa.say('odpowiedź 1');
    await ewa.say('odpowiedź 2');
    await waitFor(() => r.texts().length === 3, { what: 'three messages' });
    const messages = r.transcript().filter((m) => m.type === 'Message');
    expect(messages.map((m) => m.index)).to.deep.equal([1 * STEP, 2 * STEP, 3 * STEP]);
    expect(messages.map((m) => m.from.type)).to.deep.equal(['Client', 'Agent', 'Agent']);
    expect(messages[1].from.name).to.equal('Ewa');
    expect(increasing(r.transcript())).to.equal(true);
  });

  it('the visitor’s own message reaches the stream right after its send: the server pushes nothing for it', async () => {
    const t = transport({ echoInterval: 600_000 });
    const { session } = await start(t, 'first');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.texts().length === 1, { what: 'the first message' });
    await t.send(session, 'second', { clientMessageId: 'own-2' });
    await waitFor(() => r.texts().length === 2, { what: 'the visitor’s message', timeout: 2000 });
    expect(r.transcript().at(-1)).to.include({ index: 2 * STEP, text: 'second' });
  });

  it('restore and history: every position after the index asked, in pages, no gap and no duplicate; history pages before an index', async () => {
    const t = transport();
    const { session } = await start(t, 'm1');
    const ewa = await agent(newestChat().chatId);
    for (let i = 2; i <= 230; i++) await ewa.say(`m${i}`);
    const reload = transport();
    const all = await reload.restore(session, 1);
    expect(all.chatEnded).to.equal(false);
    expect(all.messages.map((m) => m.text)).to.deep.equal(Array.from({ length: 230 }, (_, i) => `m${i + 1}`));
    expect(all.messages.map((m) => m.index)).to.deep.equal(Array.from({ length: 230 }, (_, i) => (i + 1) * STEP));
    const later = await reload.restore(session, 200 * STEP + 1);
    expect(later.messages.map((m) => m.text)).to.deep.equal(Array.from({ length: 30 }, (_, i) => `m${i + 201}`));
    const older = await reload.history(session, 101 * STEP, 20);
    expect(older.map((m) => m.text)).to.deep.equal(Array.from({ length: 20 }, (_, i) => `m${i + 81}`));
  });

  it('stream faults: frames lost, sent twice and shuffled, sockets dropped at a push — every message once, in order, the socket back', async () => {
    const t = transport({ echoInterval: 150 });
    const { session } = await start(t, 'start');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    const ewa = await agent(newestChat().chatId);
    await ewa.say('a0');
    await waitFor(() => r.texts().includes('a0'), { what: 'a0' });
    for (const spec of [{ dropResponseRate: 1 }, { duplicateRate: 1, reorderRate: 1 }, { disconnectRate: 1 }]) {
      await faults(spec);
      for (let i = 0; i < 4; i++) await ewa.say(`${Object.keys(spec)[0]} ${i}`);
      await faults(null);
      await waitFor(() => r.texts().length === serverTexts().length, { what: `every message after ${JSON.stringify(spec)}`, timeout: 8000 });
    }
    expect(r.texts()).to.deep.equal(serverTexts());
    expect(increasing(r.transcript())).to.equal(true);
    expect(r.statuses).to.include('disconnected');
    expect(r.statuses.at(-1)).to.equal('connected');
    expect(r.failures).to.deep.equal([]);
  });

  it('a dropped socket: disconnected, reconnected after the back-off with the same session, what was said meanwhile read from the history', async () => {
    const t = transport();
    const { session } = await start(t, 'start');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    const ewa = await agent(newestChat().chatId);
    await control('webmessaging', { drop: true });
    await ewa.say('meanwhile');
    await waitFor(() => r.texts().includes('meanwhile'), { what: 'the message said while the socket was down' });
    expect(r.statuses).to.deep.equal(['disconnected', 'connected']);
    expect(r.texts()).to.deep.equal(['start', 'meanwhile']);
  });

  it('an expired session: the stream fails as ended, a restore of it is ended, the next start is a new conversation', async () => {
    const t = transport();
    const { session } = await start(t, 'start');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    await waitFor(() => r.texts().length === 1, { what: 'the first message' });
    await control('webmessaging', { expire: true });
    await waitFor(() => r.failures.length === 1, { what: 'the failure' });
    expect(r.failures[0].kind).to.equal('ended');
    const error = await transport()
      .restore(session, 1)
      .catch((e: unknown) => e);
    expect((error as ChatFailure).kind).to.equal('ended');
    const next = await start(transport());
    expect(next.session.token).to.not.equal(session.token);
  });

  it('the agent ends the conversation: Presence Disconnect, chatEnded after the last words; a restore says the session is read only (ended)', async () => {
    const t = transport();
    const { session } = await start(t, 'start');
    const r = recorder();
    t.subscribe!(session, 1, r.handlers);
    const ewa = await agent(newestChat().chatId);
    await ewa.say('do widzenia');
    await ewa.end();
    await waitFor(() => r.batches.some((b) => b.chatEnded), { what: 'chatEnded' });
    expect(r.texts()).to.deep.equal(['start', 'do widzenia']);
    const restored = await transport().restore(session, 1);
    expect(restored.chatEnded).to.equal(true);
    // A start after a read-only session is a new conversation.
    const next = await start(transport());
    expect(next.session.token).to.not.equal(session.token);
  });

  it('disconnect clears the conversation (Presence Clear → SessionClearedEvent) and forgets its token', async () => {
    const t = transport();
    const { session } = await start(t, 'start');
    await t.disconnect(session);
    expect(storage.map.has(`${WEBMESSAGING.storageKey}ppk-messaging-agent`)).to.equal(false);
    expect(newestChat().ended).to.equal(true);
  });

  it('codes: 403 read only is ended, 429 / 503 unavailable, other 4xx refused, 5xx a server error; the simulator answers errors by code', async () => {
    expect(codeFailure('send', 403).kind).to.equal('ended');
    expect(codeFailure('send', 503).kind).to.equal('unavailable');
    expect(codeFailure('send', 429).kind).to.equal('unavailable');
    expect(codeFailure('send', 400, 'bad').errors[0]).to.deep.equal({ code: 400, message: 'bad', name: 'webmessaging.400' });
    expect(codeFailure('send', 500).kind).to.equal('status');
    const error = await transport({ webMessaging: { deploymentId: 'nobody' } })
      .start({ userData: {} })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ChatFailure);
    await control('faults', { endpoint: 'webmessaging.send', failureRate: 1 });
    const t = transport();
    const failed = await start(t, 'x').catch((e: unknown) => e);
    expect((failed as ChatFailure).kind).to.equal('unavailable');
  });

  it('structured messages: quick replies, cards and attachments become the rich-media envelope; events and receipts are not messages', () => {
    const quick = messageOf(
      {
        id: 'm1',
        type: 'Structured',
        direction: 'Outbound',
        text: 'Wybierz',
        originatingEntity: 'Bot',
        channel: { time: '2025-03-03T09:00:00Z', from: { nickname: 'Bot' } },
        content: [
          { contentType: 'QuickReply', quickReply: { text: 'Tak', payload: 'yes', action: 'Message' } },
          { contentType: 'QuickReply', quickReply: { text: 'Nie', payload: 'no', action: 'Message' } },
        ],
      },
      4,
    )!;
    expect(quick.index).to.equal(4 * STEP);
    expect(quick.from.type).to.equal('Bot');
    expect(quick.rich?.contentType).to.equal('quick-replies');
    expect(quick.rich?.content).to.have.length(2);
    const card = messageOf(
      {
        id: 'c',
        type: 'Structured',
        direction: 'Outbound',
        content: [{ contentType: 'Card', card: { title: 'T', description: 'D', actions: [{ type: 'Link', text: 'Go', url: 'https://x' }] } }],
      },
      1,
    )!;
    expect(card.rich?.contentType).to.equal('generic');
    const file = messageOf(
      {
        id: 'f',
        type: 'Text',
        direction: 'Outbound',
        content: [{ contentType: 'Attachment', attachment: { id: 'a', url: 'https://x/a.png', filename: 'a.png', mime: 'image/png' } }],
      },
      2,
    )!;
    expect(file.rich?.contentType).to.equal('attachments');
    expect(file.text).to.equal('a.png');
    expect(messageOf({ type: 'Event', events: [] }, 3)).to.equal(undefined);
  });
});

describe('Web Messaging configuration (webchat.transport)', () => {
  it("'webmessaging' needs a deploymentId and a region or dataURL; Widgets' purecloud-v2-sockets with a deploymentId and no organizationId is read as it", () => {
    const quiet = () => undefined;
    const ok = readServiceSettings({ transport: { type: 'webmessaging', deploymentId: 'd', region: 'mypurecloud.de' } }, quiet);
    expect(ok.transport.type).to.equal('webmessaging');
    expect(transportProblem(ok)).to.equal(undefined);
    expect(transportProblem(readServiceSettings({ transport: { type: 'webmessaging', region: 'x' } }, quiet))).to.match(/deploymentId is missing/);
    expect(transportProblem(readServiceSettings({ transport: { type: 'webmessaging', deploymentId: 'd' } }, quiet))).to.match(/region/);
    const site = readServiceSettings({ transport: { type: 'purecloud-v2-sockets', dataURL: 'https://api.mypurecloud.com', deploymentId: 'd' } }, quiet);
    expect(site.transport.type).to.equal('webmessaging');
    expect(site.transport.dataURL).to.equal('https://api.mypurecloud.com');
    const chat = readServiceSettings(
      { transport: { type: 'purecloud-v2-sockets', dataURL: 'https://api.mypurecloud.com', deploymentId: 'd', organizationId: 'o' } },
      quiet,
    );
    expect(chat.transport.type).to.equal('cloud');
  });
});
