import { expect } from '@esm-bundle/chai';
import { failureOf } from '../helpers/chat-failure.ts';
import { http, HttpResponse } from 'msw';
import { startSimulator } from '../helpers/simulator.ts';
import { createManualClock } from '../../demo/simulator/index.js';
import { TEXTS } from '../../demo/simulator/texts.js';
import { VARIANTS, expectVariant, warningsOf } from '../helpers/poison.ts';
import { expectBotRichMedia } from '../helpers/rich-media.ts';
import { DELAYS } from '../../machines/chat-session.machine.ts';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };
import { NGREST, NGREST_CODES, createTransport, decodeClientToken, pollWait } from '../../src/services/chat/transports/ngrest.ts';
import { ChatFailure, type ChatTransport, type PollResult, type SessionData, type TransportOptions } from '../../src/services/chat/types.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('next-generation REST transport against the simulator', () => {
  const SERVER = '/api/ngrest/ppk';
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let clock: ReturnType<typeof createManualClock>;
  /** Every request the transport made: method, path + query, the token header. */
  let seen: Array<{ method: string; url: string; token: string | null; idempotencyKey?: string | null }>;
  /** Set to make the transport's next requests fail: 'drop' = the request is made, its answer lost. */
  let fault: ((url: URL) => 'network' | 'drop' | undefined) | undefined;
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    seen.push({
      method: request.method,
      url: url.pathname + url.search,
      token: request.headers.get(NGREST.tokenHeader),
      ...(request.headers.has('Idempotency-Key') ? { idempotencyKey: request.headers.get('Idempotency-Key') } : {}),
    });
    const what = fault?.(url);
    if (what === 'network') throw new TypeError('fetch failed');
    const response = await fetch(request);
    if (what === 'drop') throw new TypeError('fetch failed after the server answered');
    return response;
  };
  const transport = (extra: Partial<TransportOptions> = {}) => createTransport({ dataURL: SERVER, timeout: 3000, fetch: recordingFetch, ...extra });
  const startJan = (t: ChatTransport, endpoint = 'customer-chat-bot') =>
    t.start({
      nickname: 'Jan',
      firstName: 'Jan',
      lastName: 'Kowalski',
      emailAddress: 'jan@example.com',
      subject: 'Wpłaty',
      userData: { languageCode: 'pl' },
      endpoint,
    });
  const chatOf = (session: SessionData) => sim.state.chat.sessions.get(String(session.sessionId))!;

  beforeEach(async () => {
    clock = createManualClock();
    sim = await startSimulator({ clock });
    seen = [];
    fault = undefined;
  });

  it('is a streaming (self-polling) transport with the spec constants', () => {
    const t = transport();
    expect(t.type).to.equal('ngrest');
    expect(t.capabilities).to.deep.equal({ async: true, pagination: true, fileUpload: true, stream: true });
    expect([NGREST.pollTimeout, NGREST.minPollTimeout, NGREST.errorStep, NGREST.pageSize, NGREST.minPageSize]).to.deep.equal([1000, 100, 1000, 20, 16]);
    expect(NGREST.agentTypingTimeout).to.equal(3000);
    expect(DELAYS.agentTypingTimeout).to.equal(NGREST.agentTypingTimeout, 'the session machine clears the agent typing indicator after the transport constant');
  });

  it('start: the client token is decoded into token / sessionId / participantId; the token goes in the header of every later call only', async () => {
    const t = transport();
    const { session, messages } = await startJan(t);
    expect(messages).to.deep.equal([]);
    const decoded = decodeClientToken(String(session.clientToken));
    expect(session).to.include({ token: decoded.token, sessionId: decoded.sessionId, participantId: decoded.participantId, chatId: decoded.sessionId });
    const chat = chatOf(session);
    expect(chat.userId).to.equal(session.participantId);
    expect(chat.visitor).to.include({
      firstName: 'Jan',
      lastName: 'Kowalski',
      emailAddress: 'jan@example.com',
      subject: 'Wpłaty',
      endpoint: 'customer-chat-bot',
    });
    expect(chat.userData).to.deep.equal({ languageCode: 'pl', clientType: 'web' });
    await t.poll(session, 1);
    await t.updateUserData(session, { plan: 'gold' });
    expect(seen[0]).to.include({ method: 'POST', token: null });
    expect(seen[0]!.url).to.match(/^\/api\/ngrest\/ppk$/);
    expect(seen.slice(1).map((r) => r.token)).to.deep.equal([session.token, session.token]);
    expect(seen[1]!.url).to.match(new RegExp(`^/api/ngrest/ppk/${session.sessionId}/messages\\?operationId=[0-9a-f]{32}$`));
    expect(chat.userData.plan).to.equal('gold');
  });

  it('a wrong token ends the session (401), a broken stored session is refused naming the field', async () => {
    const t = transport();
    const { session } = await startJan(t);
    const failure = await failureOf(t.poll({ ...session, token: 'stolen' }, 1));
    expect(failure.kind).to.equal('ended');
    expect(failure.status).to.equal(401);
    const broken = await failureOf(t.poll({ chatId: 'x', sessionId: 'x', participantId: 'p' }, 1));
    expect(broken.kind).to.equal('rejected');
    expect(broken.message).to.equal('The chat session data has no token');
    expect((await failureOf(Promise.resolve().then(() => decodeClientToken('%%%')))).kind).to.equal('malformed');
  });

  it('poll: the bot greets; a poll whose answer was lost is repeated with its operationId, so nothing is skipped', async () => {
    const t = transport();
    const { session } = await startJan(t);
    expect((await t.poll(session, 1)).messages.map((m) => [m.index, m.type, m.from.type])).to.deep.equal([[1, 'ParticipantJoined', 'Client']]);
    clock.advance(600);
    fault = (url) => (url.pathname.endsWith('/messages') ? 'drop' : undefined);
    const lost = await failureOf(t.poll(session, 2));
    expect(lost.kind).to.equal('network');
    expect(lost.lost).to.equal(true);
    fault = undefined;
    const again = await t.poll(session, 2);
    expect(again.messages.map((m) => [m.index, m.type, m.from.type, m.from.name])).to.deep.equal([
      [2, 'ParticipantJoined', 'Bot', TEXTS.pl.botName],
      [3, 'Message', 'Bot', TEXTS.pl.botName],
    ]);
    expect(again.messages[1]).to.include({ text: TEXTS.pl.botGreeting, html: false });
    expect(again.nextPosition).to.equal(4);
    const ops = seen.filter((r) => r.method === 'GET').map((r) => new URL(r.url, 'http://x').searchParams.get('operationId'));
    expect(ops[1]).to.equal(ops[2], 'the repeated poll has the lost poll operationId');
    expect(ops[0]).to.not.equal(ops[1]);
    expect((await t.poll(session, 4)).messages).to.deep.equal([]);
  });

  it("a structured message: the bot's quick replies and card arrive by poll with their envelopes, and by the restore's page", async () => {
    sim.state.chat.botRichMedia = true;
    const t = transport();
    const { session } = await startJan(t);
    await t.poll(session, 1);
    clock.advance(600);
    expectBotRichMedia((await t.poll(session, 2)).messages);
    expectBotRichMedia((await t.restore(session, 1)).messages);
  });

  it('restore: the restore POST, the last page by count, then history pages back to the stored position: no gap, no duplicate', async () => {
    const t = transport();
    const { session } = await startJan(t, 'customer-chat');
    sim.state.chat.scriptedAgent = false;
    for (let i = 0; i < 45; i++) await t.send(session, `pytanie ${i}`);
    const all = chatOf(session).transcript.map((m) => m.index);
    expect(all.length).to.be.greaterThan(45);
    seen = [];
    const restored = await t.restore(session, 1);
    expect(restored.messages.map((m) => m.index)).to.deep.equal(all);
    expect(seen[0]).to.include({ method: 'POST', url: SERVER, token: session.token });
    const gets = seen.slice(1).map((r) => new URL(r.url, 'http://x').searchParams);
    expect(gets[0]!.get('count')).to.equal('20');
    expect(gets[0]!.has('index')).to.equal(false);
    expect(gets.slice(1).every((q) => q.get('count') === '20' && q.has('index'))).to.equal(true);
    expect(gets.length).to.equal(Math.ceil(all.length / 20));
    const tail = await t.restore(session, all.length - 4);
    expect(tail.messages.map((m) => m.index)).to.deep.equal(all.slice(-5));
  });

  it('page size: at least 16; history gives up to count messages before an index, oldest first', async () => {
    const t = transport({ pageSize: 5 });
    const { session } = await startJan(t, 'customer-chat');
    sim.state.chat.scriptedAgent = false;
    for (let i = 0; i < 20; i++) await t.send(session, `p${i}`);
    seen = [];
    await t.restore(session, 10);
    expect(new URL(seen[1]!.url, 'http://x').searchParams.get('count')).to.equal('16');
    const page = await t.history(session, 12, 5);
    expect(page.map((m) => m.index)).to.deep.equal([7, 8, 9, 10, 11]);
  });

  it('subscribe: delivers batches, polls every pollTimeout, waits 1000 ms more per failed poll in a row, says disconnected and connected', async () => {
    // 10 ms asked: the minimum 100 ms applies.
    const t = transport({ pollTimeout: 10 });
    const { session } = await startJan(t);
    const batches: PollResult[] = [];
    const statuses: string[] = [];
    const failures: ChatFailure[] = [];
    let failing = 0;
    const times: number[] = [];
    fault = (url) => {
      if (!url.pathname.endsWith('/messages')) return undefined;
      times.push(Date.now());
      if (failing > 0) {
        failing--;
        return 'network';
      }
      return undefined;
    };
    const stop = t.subscribe!(session, 1, { messages: (r) => batches.push(r), status: (s) => statuses.push(s), failed: (f) => failures.push(f) });
    await sleep(250);
    expect(batches.map((b) => b.messages.map((m) => m.index))).to.deep.equal([[1]]);
    expect(times.length).to.be.within(2, 4, 'every 100 ms, not every 10');
    clock.advance(600);
    await sleep(250);
    expect(batches.flatMap((b) => b.messages.map((m) => m.index))).to.deep.equal([1, 2, 3]);
    failing = 2;
    const before = times.length;
    await sleep(100 + 1100 + 2100 + 400);
    stop();
    const gaps = times
      .slice(before, before + 4)
      .map((time, i, list) => (i ? time - list[i - 1]! : 0))
      .slice(1);
    expect(gaps[0]).to.be.within(1080, 1800, 'after one failure: pollTimeout + 1000');
    expect(gaps[1]).to.be.within(2080, 2900, 'after two failures: pollTimeout + 2000');
    expect(statuses).to.deep.equal(['disconnected', 'connected']);
    expect(failures).to.deep.equal([]);
    const count = times.length;
    await sleep(250);
    expect(times.length).to.equal(count, 'stopped');
    expect(pollWait(1000, 0)).to.equal(1000);
    expect(pollWait(1000, 3)).to.equal(4000);
    expect(pollWait(1000, 100)).to.equal(NGREST.maxPollWait);
  });

  it("subscribe: an answer past the position (the server's cursor moved by a restore this page never got) reads the gap from history first; a failed history read holds the answer and asks again", async () => {
    const t = transport({ pollTimeout: 100 });
    const { session } = await startJan(t, 'customer-chat');
    sim.state.chat.scriptedAgent = false;
    for (let i = 0; i < 50; i++) await t.send(session, `pytanie ${i}`);
    // A restore whose answer went with the page that asked: the server's poll cursor is at the end now.
    await t.restore(session, 1);
    await t.send(session, 'after the cursor moved');
    const all = chatOf(session).transcript.map((m) => m.index);
    expect(all.length).to.be.greaterThan(40, 'more than two history pages behind');
    let historyFailures = 1;
    fault = (url) => (url.searchParams.has('index') && historyFailures-- > 0 ? 'network' : undefined);
    const batches: PollResult[] = [];
    const stop = t.subscribe!(session, 1, { messages: (r) => batches.push(r), status: () => undefined, failed: () => undefined });
    const delivered = () => batches.flatMap((b) => b.messages.map((m) => m.index));
    for (let i = 0; i < 60 && delivered().length < all.length; i++) await sleep(100);
    stop();
    expect(delivered()).to.deep.equal(all, 'every index once, in order, none skipped');
    expect(seen.filter((r) => r.url.includes('index=')).length).to.be.greaterThan(2, 'the gap came from history pages');
  });

  it('subscribe: one odd message does not stop the transcript: each variant repaired or dropped with one warning, the good ones after it arrive (same batch and the next), no gap read for it', async () => {
    const t = transport({ pollTimeout: 100 });
    const { session } = await startJan(t, 'customer-chat');
    sim.state.chat.scriptedAgent = false;
    const s = chatOf(session);
    const batches: PollResult[] = [];
    const failures: ChatFailure[] = [];
    const delivered = () => batches.flatMap((b) => b.messages);
    const until = async (text: string) => {
      for (let i = 0; i < 40 && !delivered().some((m) => m.text === text); i++) await sleep(50);
      expect(delivered().map((m) => m.text)).to.include(text);
    };
    await warningsOf(async () => {
      const stop = t.subscribe!(session, 1, { messages: (r) => batches.push(r), status: () => undefined, failed: (f) => failures.push(f) });
      try {
        await t.send(session, 'first');
        await until('first');
        for (const variant of VARIANTS) {
          const index = s.nextIndex++;
          const odd = { index, type: 'Message', text: 'odd', timestamp: sim.serverNow(), from: { id: 'agent-7', type: 'Agent', name: 'Ewa' } };
          const { warnings } = await warningsOf(async () => {
            s.transcript.push({ ...odd, ...variant.patch } as never);
            await t.send(session, `after ${variant.name}`);
            await until(`after ${variant.name}`);
          });
          expectVariant(variant, index, delivered(), warnings);
          await t.send(session, `next ${variant.name}`);
          await until(`next ${variant.name}`);
        }
      } finally {
        stop();
      }
    });
    expect(failures).to.deep.equal([]);
    const indexes = delivered().map((m) => m.index);
    expect(indexes).to.deep.equal(
      [...new Set(indexes)].sort((a, b) => a - b),
      'each index once, in order',
    );
    expect(
      seen.filter((r) => r.url.includes('index=')),
      'a message not shown is no gap to read from history',
    ).to.deep.equal([]);
  });

  it('subscribe: a 503 is reported as unavailable and polling goes on; the chat gone is reported once and polling stops', async () => {
    const t = transport({ pollTimeout: 20 });
    const { session } = await startJan(t);
    await fetch('/__control/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ faults: { 'chat.refresh': { failureRate: 1 } } }),
    });
    const failures: ChatFailure[] = [];
    const stop = t.subscribe!(session, 1, { messages: () => undefined, status: () => undefined, failed: (f) => failures.push(f) });
    await sleep(100);
    expect(failures.length).to.equal(1, 'one failure, then the wait grows to 1020 ms');
    expect(failures[0]!.kind).to.equal('unavailable');
    expect(failures[0]!.status).to.equal(503);
    stop();
    await fetch('/__control/faults', { method: 'DELETE' });
    await t.disconnect(session);
    sim.state.chat.sessions.delete(String(session.sessionId));
    const ended: ChatFailure[] = [];
    const polls = () => seen.filter((r) => r.method === 'GET').length;
    const stop2 = t.subscribe!(session, 1, { messages: () => undefined, status: () => undefined, failed: (f) => ended.push(f) });
    await sleep(120);
    const n = polls();
    await sleep(80);
    stop2();
    expect(ended.map((f) => f.kind)).to.deep.equal(['ended']);
    expect(polls()).to.equal(n, 'no poll after the end');
  });

  it('subscribe: the first answer after failed polls is delivered even when empty, so the session machine knows the server is back', async () => {
    const t = transport({ pollTimeout: 20 });
    const { session } = await startJan(t);
    const batches: number[] = [];
    const failures: string[] = [];
    const stop = t.subscribe!(session, 99, { messages: (r) => batches.push(r.messages.length), status: () => undefined, failed: (f) => failures.push(f.kind) });
    await sleep(100);
    const quiet = batches.length; // nothing new after index 99: no batches while the answers stay the same
    await fetch('/__control/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ faults: { 'chat.refresh': { failureRate: 1 } } }),
    });
    await sleep(60);
    await fetch('/__control/faults', { method: 'DELETE' });
    expect(failures).to.deep.equal(['unavailable']);
    await sleep(1200);
    stop();
    expect(batches.length, 'one (empty) batch after the failure').to.equal(quiet + 1);
    expect(batches.at(-1)).to.equal(0);
  });

  it('send: an answer lost on the way back is asked again with the same operationId: one message, its index', async () => {
    const t = transport();
    const { session } = await startJan(t, 'customer-chat');
    let drops = 1;
    fault = (url) => (url.pathname.endsWith('/messages') && drops-- > 0 ? 'drop' : undefined);
    const { index } = await t.send(session, 'Tylko raz');
    const sent = chatOf(session).transcript.filter((m) => m.type === 'Message' && m.text === 'Tylko raz');
    expect(sent.map((m) => m.index)).to.deep.equal([index]);
    const posts = seen.filter((r) => r.method === 'POST' && r.url.endsWith('/messages'));
    expect(posts.length).to.equal(2);
    fault = () => 'network';
    const failure = await failureOf(t.send(session, 'Nie dojdzie'));
    expect(failure.lost).to.equal(true);
    expect(seen.filter((r) => r.method === 'POST' && r.url.endsWith('/messages')).length).to.equal(4, 'one retry, no more');
  });

  it('send carries the client message id as the Idempotency-Key header, on its own retry too; typing carries none', async () => {
    const t = transport();
    const { session } = await startJan(t, 'customer-chat');
    let drops = 1;
    fault = (url) => (url.pathname.endsWith('/messages') && drops-- > 0 ? 'drop' : undefined);
    await t.send(session, 'Z kluczem', { clientMessageId: '0d9f7a52-3b1e-4c7a-8f20-6e5d4c3b2a10' });
    await t.typing(session, true, 'pisze');
    const posts = seen.filter((r) => r.method === 'POST' && r.url.endsWith('/messages'));
    expect(posts.map((p) => p.idempotencyKey)).to.deep.equal(['0d9f7a52-3b1e-4c7a-8f20-6e5d4c3b2a10', '0d9f7a52-3b1e-4c7a-8f20-6e5d4c3b2a10', undefined]);
  });

  it('send, typing, custom notice and the end reach the one chat model', async () => {
    const t = transport();
    const { session } = await startJan(t, 'customer-chat');
    const { index } = await t.send(session, 'Dzień dobry');
    const chat = chatOf(session);
    expect(chat.transcript.find((m) => m.index === index)).to.include({ type: 'Message', text: 'Dzień dobry' });
    await t.typing(session, true, 'Pisz');
    expect(chat.visitorTyping).to.deep.equal({ typing: true, preview: 'Pisz' });
    await t.typing(session, false);
    expect(chat.visitorTyping.typing).to.equal(false);
    await t.customNotice(session, 'notka');
    expect(chat.transcript.some((m) => m.type === 'CustomNotice' && m.text === 'notka')).to.equal(true);
    await t.disconnect(session);
    expect(chat.ended).to.equal(true);
    const last = seen.at(-1)!;
    expect(last.method).to.equal('DELETE');
    expect(last.url).to.match(new RegExp(`/${session.sessionId}/participants/${session.participantId}\\?operationId=`));
    expect((await t.poll(session, 1)).chatEnded).to.equal(true);
    expect(() => t.download(session, 'f')).to.throw(ChatFailure, 'not supported');
  });

  describe('the REST transport codes', () => {
    const code = (failure: ChatFailure) => failure.errors.map((e) => ({ ...e }));

    it('each code has its words in en and pl; the spec gives two of them word for word', () => {
      for (const { key } of Object.values(NGREST_CODES)) {
        expect(en, key).to.have.property(key).that.is.a('string').and.not.equal('');
        expect(pl, key)
          .to.have.property(key)
          .that.is.a('string')
          .and.not.equal((en as Record<string, string>)[key]);
      }
      expect((en as Record<string, string>)[NGREST_CODES.INVALID_FILE_TYPE.key]).to.equal('Only Images are allowed');
      expect((en as Record<string, string>)[NGREST_CODES.INVALID_NICKNAME.key]).to.equal('First Name is required');
    });

    it('INVALID_NICKNAME: First Name is required (the window code 102 marks the first-name field)', async () => {
      const failure = await failureOf(transport().start({ lastName: 'K', userData: {}, endpoint: 'customer-chat' }));
      expect(failure.kind).to.equal('rejected');
      expect(failure.message).to.equal('First Name is required');
      expect(code(failure)).to.deep.equal([{ code: 102, message: 'First Name is required', name: 'INVALID_NICKNAME', key: 'chat.error.InvalidNickname' }]);
      expect(sim.state.chat.sessions.size).to.equal(0);
    });

    it('INVALID_ENDPOINT and INVALID_CONTACT_CENTER', async () => {
      const endpoint = await failureOf(startJan(transport(), 'elsewhere'));
      expect(endpoint.kind).to.equal('rejected');
      expect(code(endpoint)).to.deep.equal([
        { code: 400, message: NGREST_CODES.INVALID_ENDPOINT.message, name: 'INVALID_ENDPOINT', key: 'chat.error.InvalidEndpoint' },
      ]);
      const center = await failureOf(startJan(transport({ dataURL: '/api/ngrest/elsewhere' })));
      expect(center.kind).to.equal('rejected');
      expect(center.errors[0]).to.deep.include({ name: 'INVALID_CONTACT_CENTER', message: 'Invalid contact center' });
    });

    it('INVALID_FILE_TYPE (Only Images are allowed), LIMIT_FILE_SIZE, LIMIT_FILE_COUNT', async () => {
      sim.state.chat.fileLimits = { types: ['png', 'jpg', 'pdf'], needAgent: false, maxFileSize: 100, maxFiles: 1, maxTotalSize: 10_000 };
      const t = transport();
      const { session } = await startJan(t, 'customer-chat');
      const file = (name: string, size: number, type: string) => new File([new Uint8Array(size)], name, { type });
      const pdf = await failureOf(t.upload(session, file('a.pdf', 10, 'application/pdf')));
      expect([pdf.kind, pdf.message]).to.deep.equal(['rejected', 'Only Images are allowed']);
      expect(code(pdf)).to.deep.equal([{ code: 203, message: 'Only Images are allowed', name: 'INVALID_FILE_TYPE', key: 'chat.error.InvalidFileType' }]);
      const big = await failureOf(t.upload(session, file('a.png', 500, 'image/png')));
      expect(big.errors[0]).to.deep.equal({ code: 202, message: 'File too large', name: 'LIMIT_FILE_SIZE', key: 'chat.error.LimitFileSize' });
      const { fileId } = await t.upload(session, file('a.png', 10, 'image/png'));
      expect(chatOf(session).files.has(fileId)).to.equal(true);
      const count = await failureOf(t.upload(session, file('b.png', 10, 'image/png')));
      expect(count.errors[0]).to.deep.equal({ code: 201, message: 'Too many files', name: 'LIMIT_FILE_COUNT', key: 'chat.error.LimitFileCount' });
      expect(await t.fileLimits(session)).to.deep.include({ types: ['png', 'jpg', 'jpeg', 'gif'] });
    });

    it('the chat unavailable is `unavailable`; an unknown session is `ended`; a bad answer is malformed; no answer is lost', async () => {
      sim.state.chat.available = false;
      const unavailable = await failureOf(startJan(transport()));
      expect(unavailable.kind).to.equal('unavailable');
      sim.state.chat.available = true;
      const t = transport();
      const { session } = await startJan(t);
      expect((await failureOf(t.poll({ ...session, sessionId: 'gone' }, 1))).kind).to.equal('ended');
      sim.worker.use(http.get(/\/api\/ngrest\/ppk\/[^/]+\/messages/, () => HttpResponse.json({ data: { messages: {} } })));
      const malformed = await failureOf(t.poll(session, 1));
      expect(malformed.kind).to.equal('malformed');
      expect(malformed.message).to.equal('The chat poll answer is malformed at data.messages: must be a list');
      // One message that cannot be read is dropped alone (transcript-schema.ts), not a malformed answer.
      sim.worker.use(http.get(/\/api\/ngrest\/ppk\/[^/]+\/messages/, () => HttpResponse.json({ data: { messages: [{ index: 'one' }] } })));
      const { result: dropped, warnings } = await warningsOf(() => t.poll(session, 1));
      expect(dropped.messages).to.deep.equal([]);
      expect(warnings).to.deep.equal(['[live-assist] chat: The chat poll answer, data.messages[0]: index cannot be read; not shown']);
      sim.worker.use(http.get(/\/api\/ngrest\/ppk\/[^/]+\/messages/, () => new HttpResponse('<html>bad gateway</html>', { status: 502 })));
      expect((await failureOf(t.poll(session, 1))).kind).to.equal('status');
      fault = () => 'network';
      expect((await failureOf(t.send(session, 'x'))).lost).to.equal(true);
    });
  });
});

describe('next-generation REST configuration (webchat.transport)', () => {
  it("'ngrest' is a transport a chat can start with; pollTimeout and pageSize keep their minimums", async () => {
    const { readWebChatService, transportTypeOf } = await import('../../src/plugins/shared/webchat-config.ts');
    const { transportProblem } = await import('../../src/plugins/webchat-service/settings.ts');
    const logged: string[] = [];
    const settings = readWebChatService(
      { transport: { type: 'ngrest', dataURL: '/api/ngrest/ppk', endpoint: 'customer-chat-bot', pollTimeout: 50, pageSize: 10 } },
      (m: string) => logged.push(m),
    );
    expect(transportTypeOf(settings)).to.equal('ngrest');
    expect(transportProblem(settings)).to.equal(undefined);
    expect([settings.transport.pollTimeout, settings.transport.pageSize]).to.deep.equal([1000, 20]);
    expect(logged.join('\n'))
      .to.match(/pollTimeout/)
      .and.match(/pageSize/);
    const defaults = readWebChatService({ transport: { type: 'ngrest', dataURL: '/api/ngrest/ppk' } }, () => undefined);
    expect([defaults.transport.pollTimeout, defaults.transport.pageSize]).to.deep.equal([NGREST.pollTimeout, NGREST.pageSize]);
    expect(transportProblem(readWebChatService({ transport: { type: 'ngrest' } }, () => undefined))).to.match(/dataURL is missing/);
  });
});
