import { expect } from '@esm-bundle/chai';
import { failureOf } from '../helpers/chat-failure.ts';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { startMocks } from '../helpers/msw.ts';
import { startSimulator } from '../helpers/simulator.ts';
import { createManualClock } from '../../demo/simulator/index.js';
import { TEXTS } from '../../demo/simulator/texts.js';
import { VARIANTS, expectVariant, warningsOf } from '../helpers/poison.ts';
import { expectBotRichMedia } from '../helpers/rich-media.ts';
import { createTransport, postForm } from '../../src/services/chat/transports/legacy-rest.ts';
import { ChatFailure, type ChatTransport, type SessionData, type TransportOptions } from '../../src/services/chat/types.ts';

const control = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('legacy chat REST transport against the simulator', () => {
  const BOT = '/api/chat/customer-chat-bot';
  const AGENT = '/api/chat/customer-chat';
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let clock: ReturnType<typeof createManualClock>;
  const transport = (dataURL = BOT, extra: Partial<TransportOptions> = {}) => createTransport({ dataURL, timeout: 3000, ...extra });
  const sessionOf = (session: SessionData) => sim.state.chat.sessions.get(String(session.chatId))!;
  const startAnna = (t: ChatTransport) =>
    t.start({ firstName: 'Anna', lastName: 'Nowak', emailAddress: 'anna@example.com', subject: 'Wpłaty', userData: { source: 'web', languageCode: 'pl' } });

  beforeEach(async () => {
    clock = createManualClock();
    sim = await startSimulator({ clock });
  });

  it('is a polling REST transport with async history and uploads', () => {
    const t = transport();
    expect(t.type).to.equal('rest');
    expect(t.capabilities).to.deep.equal({ async: true, pagination: true, fileUpload: true, stream: false });
  });

  it('starts a chat: the form and user data reach the server, the session holds its four strings', async () => {
    const t = transport();
    const { session, messages } = await t.start({
      nickname: 'ania',
      firstName: 'Anna',
      lastName: 'Nowak',
      emailAddress: 'anna@example.com',
      subject: 'Wpłaty',
      userData: { source: 'web', languageCode: 'pl' },
      endpoint: 'ppk',
    });
    expect(Object.keys(session).sort()).to.deep.equal(['alias', 'chatId', 'secureKey', 'userId']);
    for (const value of Object.values(session)) expect(value).to.be.a('string').and.not.equal('');
    expect(messages).to.deep.equal([]);
    const s = sessionOf(session);
    expect([s.secureKey, s.userId, s.alias]).to.deep.equal([session.secureKey, session.userId, session.alias]);
    expect(s.visitor).to.deep.equal({
      nickname: 'ania',
      firstName: 'Anna',
      lastName: 'Nowak',
      emailAddress: 'anna@example.com',
      subject: 'Wpłaty',
      endpoint: 'ppk',
    });
    expect(s.userData).to.deep.equal({ source: 'web', languageCode: 'pl' });
  });

  it('start: the bot greeting arrives by refresh, normalised', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    const first = await t.poll(session, 1);
    expect(first.chatEnded).to.equal(false);
    expect(first.messages.map((m) => [m.index, m.type, m.from.type])).to.deep.equal([[1, 'ParticipantJoined', 'Client']]);
    expect(first.nextPosition).to.equal(2);
    expect(first.idleTimerExpire).to.be.a('number');
    clock.advance(500);
    const next = await t.poll(session, first.nextPosition!);
    expect(next.messages.map((m) => [m.index, m.type, m.from.type, m.from.name])).to.deep.equal([
      [2, 'ParticipantJoined', 'Bot', TEXTS.pl.botName],
      [3, 'Message', 'Bot', TEXTS.pl.botName],
    ]);
    const greeting = next.messages[1]!;
    expect(greeting).to.include({ text: TEXTS.pl.botGreeting, html: false });
    expect(greeting.timestamp).to.equal(sim.serverNow());
    expect(greeting.from.id).to.be.a('string').and.not.equal('');
  });

  it("a structured message: the bot's quick replies and card arrive by refresh with their envelopes, and again by a restore's read from 1", async () => {
    sim.state.chat.botRichMedia = true;
    const t = transport();
    const { session } = await startAnna(t);
    clock.advance(600);
    expectBotRichMedia((await t.poll(session, 1)).messages);
    expectBotRichMedia((await t.poll(session, 1)).messages);
  });

  it('send carries the client message id as the Idempotency-Key header; other calls and a send without one carry none', async () => {
    const keys: Array<[string, string | null]> = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      keys.push([new URL(request.url).pathname.split('/').pop()!, request.headers.get('Idempotency-Key')]);
      return fetch(request);
    };
    const t = transport(BOT, { fetch: recording });
    const { session } = await startAnna(t);
    const { index } = await t.send(session, 'Pytanie', { clientMessageId: '5b2c1e9a-7f3d-4c1b-9a0e-2d4f6b8c0a1e' });
    await t.send(session, 'Drugie');
    await t.poll(session, 1);
    expect(keys.slice(1)).to.deep.equal([
      ['send', '5b2c1e9a-7f3d-4c1b-9a0e-2d4f6b8c0a1e'],
      ['send', null],
      ['refresh', null],
    ]);
    expect(sessionOf(session).transcript.find((m) => m.index === index)?.text).to.equal('Pytanie');
  });

  it('a first message sent with the start is in the transcript', async () => {
    const t = transport();
    const { session } = await t.start({ firstName: 'Anna', text: 'Dzień dobry', userData: {} });
    const { messages } = await t.restore(session, 1);
    expect(messages.map((m) => [m.type, m.text])).to.deep.equal([
      ['ParticipantJoined', ''],
      ['Message', 'Dzień dobry'],
    ]);
  });

  it('send: the message is stored, with its index and the eventAttributes linking a parent message', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    const { index } = await t.send(session, 'Ile wynosi dopłata?', { eventAttributes: '{"parent":1}' });
    const stored = sessionOf(session).transcript.find((m) => m.index === index)!;
    expect(stored).to.deep.include({ type: 'Message', text: 'Ile wynosi dopłata?', userData: { eventAttributes: '{"parent":1}' } });
    expect(stored.from.id).to.equal(session.userId);
  });

  it('typing: start with the preview, then stop', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    await t.typing(session, true, 'Ile wyn');
    expect(sessionOf(session).visitorTyping).to.deep.equal({ typing: true, preview: 'Ile wyn' });
    await t.typing(session, false);
    expect(sessionOf(session).visitorTyping).to.deep.equal({ typing: false, preview: '' });
    expect(
      sessionOf(session)
        .transcript.map((m) => m.type)
        .slice(-2),
    ).to.deep.equal(['TypingStarted', 'TypingStopped']);
  });

  it('customNotice and updateData', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    await t.customNotice(session, '{"survey":"done"}');
    expect(sessionOf(session).transcript.at(-1)).to.deep.include({ type: 'CustomNotice', text: '{"survey":"done"}' });
    await t.updateUserData(session, { page: '/wplaty', step: '2' });
    expect(sessionOf(session).userData).to.deep.equal({ source: 'web', languageCode: 'pl', page: '/wplaty', step: '2' });
  });

  it('file limits are read from the answer user data', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    const limits = sim.state.chat.fileLimits;
    expect(await t.fileLimits(session)).to.deep.equal({
      types: limits.types,
      needAgent: true,
      maxFileSize: limits.maxFileSize,
      maxFiles: limits.maxFiles,
      maxTotalSize: limits.maxTotalSize,
    });
  });

  it('multipart upload: refused before an agent joins, then stored and announced as FileUploaded', async () => {
    const t = transport(AGENT);
    const { session } = await startAnna(t);
    const file = new File(['Umowa PPK'], 'umowa.txt', { type: 'text/plain' });
    const early = await failureOf(t.upload(session, file));
    expect([early.kind, early.errors.map((e) => e.code)]).to.deep.equal(['rejected', [205]]);
    clock.advance(sim.state.chat.agentJoinDelayMs);
    const { fileId } = await t.upload(session, file);
    const stored = sessionOf(session).files.get(fileId)!;
    expect([stored.name, stored.size, new TextDecoder().decode(stored.bytes)]).to.deep.equal(['umowa.txt', 9, 'Umowa PPK']);
    const { messages } = await t.restore(session, 1);
    const uploaded = messages.find((m) => m.type === 'FileUploaded')!;
    expect(uploaded.userData).to.deep.equal({ 'file-name': 'umowa.txt', 'file-size': '9', 'file-id': fileId, 'file-type': 'text/plain' });
  });

  it('a type the server does not allow is refused with code 203', async () => {
    const t = transport(AGENT);
    const { session } = await startAnna(t);
    clock.advance(sim.state.chat.agentJoinDelayMs);
    const failure = await failureOf(t.upload(session, new File(['MZ'], 'run.exe')));
    expect([failure.kind, failure.errors.map((e) => e.code)]).to.deep.equal(['rejected', [203]]);
  });

  it('history: the messages before an index, oldest first', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    clock.advance(500);
    await t.send(session, 'Pytanie');
    const all = await t.restore(session, 1);
    expect(all.messages.map((m) => m.index)).to.deep.equal([1, 2, 3, 4]);
    expect((await t.history(session, 4, 2)).map((m) => m.index)).to.deep.equal([2, 3]);
    expect((await t.history(session, 3, 20)).map((m) => m.index)).to.deep.equal([1, 2]);
    expect(await t.history(session, 1, 20)).to.deep.equal([]);
  });

  it('disconnect ends the chat: refresh says chatEnded, a send after it is `ended`', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    await t.disconnect(session);
    const after = await t.poll(session, 1);
    expect(after.chatEnded).to.equal(true);
    expect(after.messages.at(-1)).to.deep.include({ type: 'ParticipantLeft' });
    const failure = await failureOf(t.send(session, 'Halo?'));
    expect([failure.kind, failure.message, failure.errors]).to.deep.equal([
      'ended',
      'Chat session has ended',
      [{ code: 404, message: 'Chat session has ended' }],
    ]);
  });

  it('a chat the server does not know is `ended`', async () => {
    const failure = await failureOf(transport().poll({ chatId: 'nope', userId: 'u', secureKey: 'k', alias: 'a' }, 1));
    expect([failure.kind, failure.message]).to.deep.equal(['ended', 'Chat session not found or expired']);
  });

  it('a wrong secureKey is rejected', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    const failure = await failureOf(t.poll({ ...session, secureKey: 'wrong' }, 1));
    expect([failure.kind, failure.message, failure.errors.map((e) => e.code), failure.lost]).to.deep.equal([
      'rejected',
      'Invalid alias, userId or secureKey',
      [403],
      false,
    ]);
  });

  it('start refusals: statusCode 2 is rejected with the coded errors, statusCode 1 is unavailable (240)', async () => {
    const noName = await failureOf(transport().start({ emailAddress: 'anna@example.com', userData: {} }));
    expect([noName.kind, noName.message, noName.errors]).to.deep.equal([
      'rejected',
      'Please enter your name',
      [{ code: 161, message: 'Please enter your name' }],
    ]);
    sim.state.chat.available = false;
    const unavailable = await failureOf(startAnna(transport()));
    expect([unavailable.kind, unavailable.errors.map((e) => e.code)]).to.deep.equal(['unavailable', [240]]);
    expect(unavailable.message).to.equal("We're sorry but we cannot start a new chat at this time. Please try again later");
  });

  it("sends the page's language: a failing server answers in it; statusCode 1 on an HTTP 503 is unavailable too", async () => {
    const t = (lang: string) => transport(BOT, { lang: () => lang });
    const { session } = await startAnna(t('pl'));
    await control('/__control/faults', { endpoint: 'chat.refresh', failureRate: 1 });
    const pl = await failureOf(t('pl').poll(session, 1));
    expect([pl.kind, pl.message]).to.deep.equal(['unavailable', 'Symulowana awaria serwera czatu']);
    await control('/__control/faults', { endpoint: 'chat.refresh', failureRate: 1, status: 503 });
    const en = await failureOf(t('en').poll(session, 1));
    expect([en.kind, en.message, en.status]).to.deep.equal(['unavailable', 'Simulated chat server failure', 503]);
  });

  it('one odd message does not stop the transcript: each variant repaired or dropped with one warning, the good ones after it arrive (same batch and the next)', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    const s = sessionOf(session);
    let position = 1;
    const poll = async () => {
      const result = await t.poll(session, position);
      position = result.nextPosition ?? Math.max(position, ...result.messages.map((m) => m.index + 1));
      return result.messages;
    };
    await poll();
    for (const variant of VARIANTS) {
      const index = s.nextIndex++;
      const odd = { index, type: 'Message', text: 'odd', timestamp: sim.serverNow(), from: { id: 'agent-7', type: 'Agent', name: 'Ewa' } };
      s.transcript.push({ ...odd, ...variant.patch } as never);
      await t.send(session, `after ${variant.name}`);
      const { result: batch, warnings } = await warningsOf(poll);
      expectVariant(variant, index, batch, warnings);
      expect(
        batch.map((m) => m.text),
        variant.name,
      ).to.include(`after ${variant.name}`);
      await t.send(session, `next ${variant.name}`);
      expect(
        (await poll()).map((m) => m.text),
        variant.name,
      ).to.deep.equal([`next ${variant.name}`]);
    }
  });

  it('a dropped connection is a lost (network) failure', async () => {
    const t = transport();
    const { session } = await startAnna(t);
    await control('/__control/faults', { endpoint: 'chat.refresh', dropRate: 1 });
    const failure = await failureOf(t.poll(session, 1));
    expect([failure.kind, failure.lost]).to.deep.equal(['network', true]);
  });
});

describe('legacy chat REST transport with hand-written answers', () => {
  const BASE = '/api/chat/svc';
  const session = { chatId: 'c 1', userId: 'u1', secureKey: 'k1', alias: 'a1' };
  const transport = (extra: Partial<TransportOptions> = {}) => createTransport({ dataURL: BASE, timeout: 3000, ...extra });
  /** Answers every chat call with `answer` (a JSON body or a Response). */
  const answer = (reply: JsonBodyType | (() => Response | Promise<Response>)) =>
    startMocks(http.post(new RegExp(`${BASE}(/|$)`), () => (typeof reply === 'function' ? reply() : HttpResponse.json(reply))));
  const message = (extra: Record<string, unknown> = {}) => ({
    index: 1,
    type: 'Message',
    text: 'Hej',
    timestamp: 1700000000000,
    from: { id: 'agent-1', type: 'Agent', name: 'Anna' },
    ...extra,
  });

  interface Seen {
    url: string;
    type: string | null;
    headers: Record<string, string | null>;
    fields: Array<[string, string]>;
  }
  let seen: Seen[] = [];
  const record = (reply: (url: URL) => JsonBodyType) =>
    startMocks(
      http.post(new RegExp(`${BASE}(/|$)`), async ({ request }) => {
        const type = request.headers.get('content-type');
        const body = type?.startsWith('multipart/') ? await request.formData() : new URLSearchParams(await request.text());
        seen.push({
          url: new URL(request.url).pathname,
          type,
          headers: { apikey: request.headers.get('apikey'), tenant: request.headers.get('X-Tenant'), lang: request.headers.get('Accept-Language') },
          fields: [...body].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}:${v.size}:${v.type}`]),
        });
        return HttpResponse.json(reply(new URL(request.url)));
      }),
    );
  beforeEach(() => {
    seen = [];
  });

  it('every call is form-encoded to its URL with the session fields and its own fields', async () => {
    await record((url) =>
      url.pathname.endsWith('/file/limits')
        ? { statusCode: 0, userData: { 'upload-max-file-size': '10' } }
        : url.pathname === BASE
          ? { statusCode: 0, chatId: 'c 1', secureKey: 'k1', alias: 'a1', userId: 'u1' }
          : { statusCode: 0 },
    );
    const t = transport();
    expect((await t.start({ firstName: 'Anna', subject: 'Wpłaty', text: 'Hej', userData: { source: 'web' }, endpoint: 'bot' })).session).to.deep.equal(session);
    await t.poll(session, 7);
    await t.send(session, 'Ile?');
    await t.send(session, 'Tak', { messageType: 'text', eventAttributes: 'parent=3' });
    await t.typing(session, true, 'Il');
    await t.typing(session, false);
    await t.customNotice(session, 'notice');
    await t.updateUserData(session, { page: '/a', step: '2' });
    await t.fileLimits(session);
    await t.disconnect(session);
    const keys: Array<[string, string]> = [
      ['alias', 'a1'],
      ['secureKey', 'k1'],
      ['userId', 'u1'],
    ];
    const op = (name: string) => `${BASE}/c%201/${name}`;
    expect(seen.map((s) => [s.url, s.fields])).to.deep.equal([
      [
        BASE,
        [
          ['firstName', 'Anna'],
          ['subject', 'Wpłaty'],
          ['text', 'Hej'],
          ['userData', '{"source":"web"}'],
          ['endpoint', 'bot'],
        ],
      ],
      [op('refresh'), [...keys, ['transcriptPosition', '7']]],
      [op('send'), [...keys, ['message', 'Ile?'], ['messageType', 'text']]],
      [op('send'), [...keys, ['message', 'Tak'], ['messageType', 'text'], ['eventAttributes', 'parent=3']]],
      [op('startTyping'), [...keys, ['message', 'Il']]],
      [op('stopTyping'), keys],
      [op('customNotice'), [...keys, ['message', 'notice']]],
      [op('updateData'), [...keys, ['userData', '{"page":"/a","step":"2"}']]],
      [op('file/limits'), keys],
      [op('disconnect'), keys],
    ]);
    for (const s of seen) expect(s.type).to.match(/^application\/x-www-form-urlencoded/);
  });

  it('upload is multipart: file, alias, userId, secureKey; resolves with the file id', async () => {
    await record(() => ({ statusCode: 0, userData: { 'file-id': 'f-9' } }));
    const { fileId } = await transport().upload(session, new File(['abc'], 'a.pdf', { type: 'application/pdf' }));
    expect(fileId).to.equal('f-9');
    expect(seen[0]!.url).to.equal(`${BASE}/c%201/file`);
    expect(seen[0]!.type).to.match(/^multipart\/form-data/);
    expect(seen[0]!.fields).to.deep.equal([
      ['file', 'file:a.pdf:3:application/pdf'],
      ['alias', 'a1'],
      ['userId', 'u1'],
      ['secureKey', 'k1'],
    ]);
  });

  it('sends the apikey, custom headers and Accept-Language when configured, none otherwise', async () => {
    await record(() => ({ statusCode: 0 }));
    let lang = 'pl';
    await transport({ apikey: 'key-1', headers: { 'X-Tenant': 'ppk' }, lang: () => lang }).disconnect(session);
    lang = 'en';
    await transport({ apikey: 'key-1', headers: { 'X-Tenant': 'ppk' }, lang: () => lang }).disconnect(session);
    await transport().disconnect(session);
    expect(seen.map((s) => s.headers)).to.deep.equal([
      { apikey: 'key-1', tenant: 'ppk', lang: 'pl' },
      { apikey: 'key-1', tenant: 'ppk', lang: 'en' },
      { apikey: null, tenant: null, lang: null },
    ]);
  });

  it('times out after the configured time', async () => {
    await answer(async () => (await delay(2000), HttpResponse.json({ statusCode: 0 })));
    const started = performance.now();
    const failure = await failureOf(transport({ timeout: 50 }).poll(session, 1));
    expect([failure.kind, failure.lost, failure.message]).to.deep.equal(['timeout', true, 'The chat refresh call failed: The request timed out after 50 ms']);
    expect(performance.now() - started).to.be.lessThan(1000);
  });

  it('an HTTP error without a coded body is a status failure (empty, HTML or JSON without errors)', async () => {
    await answer(() => new HttpResponse('', { status: 500, statusText: 'Internal Server Error' }));
    const empty = await failureOf(transport().poll(session, 1));
    expect([empty.kind, empty.status, empty.message, empty.lost]).to.deep.equal([
      'status',
      500,
      'The chat refresh call failed: 500 Internal Server Error',
      false,
    ]);
    await answer(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    expect([(await failureOf(transport().send(session, 'x'))).kind, (await failureOf(transport().send(session, 'x'))).status]).to.deep.equal(['status', 502]);
    await answer(() => HttpResponse.json({ error: 'Oops' }, { status: 500 }));
    expect((await failureOf(transport().poll(session, 1))).kind).to.equal('status');
  });

  it('an HTTP error with a coded body is rejected with its errors; a 400 with an error field too', async () => {
    await answer(() => HttpResponse.json({ errors: [{ code: 102, message: 'First name is required' }] }, { status: 400 }));
    const coded = await failureOf(transport().start({ userData: {} }));
    expect([coded.kind, coded.status, coded.message, coded.errors]).to.deep.equal([
      'rejected',
      400,
      'First name is required',
      [{ code: 102, message: 'First name is required' }],
    ]);
    await answer(() => HttpResponse.json({ error: 'Bad request' }, { status: 400 }));
    const field = await failureOf(transport().start({ userData: {} }));
    expect([field.kind, field.status, field.message, field.errors]).to.deep.equal(['rejected', 400, 'Bad request', []]);
    await answer(() => HttpResponse.json({ statusCode: 2, chatEnded: true, errors: [{ code: 404, message: 'Gone' }] }, { status: 404 }));
    expect((await failureOf(transport().poll(session, 1))).kind).to.equal('ended');
  });

  it('a network error is a lost failure', async () => {
    await answer(() => HttpResponse.error());
    const failure = await failureOf(transport().poll(session, 1));
    expect([failure.kind, failure.lost]).to.deep.equal(['network', true]);
  });

  it('malformed JSON is malformed', async () => {
    await answer(() => new HttpResponse('{"statusCode":0,', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const failure = await failureOf(transport().poll(session, 1));
    expect([failure.kind, failure.message, failure.lost]).to.deep.equal(['malformed', 'The chat refresh answer is malformed: not JSON', false]);
  });

  it('a wrong shape is malformed, naming the call and where', async () => {
    const refreshMessage = async (body: JsonBodyType) => {
      await answer(body);
      const failure = await failureOf(transport().poll(session, 1));
      expect(failure.kind).to.equal('malformed');
      return failure.message;
    };
    // A type this client does not know is dropped, not a malformed answer (it would fail every poll).
    await answer({ statusCode: 0, messages: [message({ index: 1, type: 'Shout' }), message({ index: 2 })], nextPosition: 3 });
    const polled = await transport().poll(session, 1);
    expect(polled.messages.map((m) => [m.index, m.type])).to.deep.equal([[2, 'Message']]);
    expect(polled.nextPosition).to.equal(3);
    expect(await refreshMessage({ statusCode: 0, messages: {} })).to.equal('The chat refresh answer is malformed at messages: must be a list');
    expect(await refreshMessage({ messages: [] })).to.equal('The chat refresh answer is malformed at statusCode: is missing');
    expect(await refreshMessage({ statusCode: 3 })).to.equal('The chat refresh answer is malformed at statusCode: must be 0, 1 or 2');
    expect(await refreshMessage('ok')).to.equal('The chat refresh answer is malformed: must be an object');
    expect(await refreshMessage({ statusCode: 2, errors: [{ code: 'soon', message: 'x' }] })).to.equal(
      'The chat refresh answer is malformed at errors[0].code: must be a numeric code',
    );
    await answer({ statusCode: 0, chatId: 'c1', alias: 'a1', userId: 'u1' });
    const start = await failureOf(transport().start({ firstName: 'Anna', userData: {} }));
    expect([start.kind, start.message]).to.deep.equal(['malformed', 'The chat start answer is malformed at secureKey: is missing']);
    await answer({ statusCode: 0, userData: { 'upload-max-file-size': 'big' } });
    expect((await failureOf(transport().fileLimits(session))).message).to.equal(
      'The chat file/limits answer is malformed at userData.upload-max-file-size: must be a number of bytes',
    );
    await answer({ statusCode: 0, userData: {} });
    expect((await failureOf(transport().upload(session, new File(['a'], 'a.txt')))).message).to.equal(
      'The chat file answer is malformed at userData.file-id: is missing',
    );
  });

  it('a message that cannot be read is dropped alone, naming where and the field; its index still counts, so the next poll asks past it', async () => {
    await answer({
      statusCode: 0,
      messages: [
        message({ index: 'one' }),
        message({ index: 2, text: 'two' }),
        message({ index: 2.5 }),
        message({ index: 3, timestamp: undefined, text: 'three' }),
        message({ index: 4, from: 'Anna' }),
        message({ index: '5', text: 'five' }),
        message({ index: 6, type: 5 }),
      ],
    });
    const { result, warnings } = await warningsOf(() => transport().poll(session, 1));
    expect(result.messages.map((m) => [m.index, m.text])).to.deep.equal([
      [2, 'two'],
      [3, 'three'],
      [5, 'five'],
    ]);
    // No nextPosition from the server: the last message, dropped, is read past.
    expect(result.nextPosition).to.equal(7);
    expect(warnings).to.deep.equal([
      '[live-assist] chat: The chat refresh answer, messages[0]: index cannot be read; not shown',
      '[live-assist] chat: The chat refresh answer, messages[2]: index cannot be read; not shown',
      '[live-assist] chat: The chat refresh answer, messages[3] (index 3): timestamp cannot be read; shown as it arrives',
      '[live-assist] chat: The chat refresh answer, messages[4] (index 4): from cannot be read; not shown',
      '[live-assist] chat: The chat refresh answer, messages[6] (index 6): type cannot be read; not shown',
    ]);
    // A hostile answer of many broken messages is a few lines on the console, not one a message.
    await answer({ statusCode: 0, messages: Array.from({ length: 1000 }, (_, i) => message({ index: i + 1, text: {} })) });
    const many = await warningsOf(() => transport().poll(session, 1));
    expect(many.result).to.deep.include({ messages: [], nextPosition: 1001 });
    expect(many.warnings).to.have.length(5);
  });

  it('statusCode 1 is unavailable with the server errors, joined one a line', async () => {
    await answer({
      statusCode: 1,
      errors: [
        { code: 503, message: 'Busy' },
        { code: 504, message: 'Try later' },
      ],
    });
    const failure = await failureOf(transport().poll(session, 1));
    expect([failure.kind, failure.message, failure.errors, failure.lost]).to.deep.equal([
      'unavailable',
      'Busy\nTry later',
      [
        { code: 503, message: 'Busy' },
        { code: 504, message: 'Try later' },
      ],
      false,
    ]);
    await answer({ statusCode: 1 });
    expect((await failureOf(transport().send(session, 'x'))).message).to.equal('The chat server could not answer the send call (statusCode 1)');
  });

  it('statusCode 2 with an errors list is rejected (codes as digits read as numbers)', async () => {
    await answer({
      statusCode: 2,
      errors: [
        { code: '204', message: "We're sorry but your message is too long. Please write a shorter message" },
        { code: 102, message: 'First name is required' },
      ],
    });
    const failure = await failureOf(transport().start({ userData: {} }));
    expect([failure.kind, failure.errors]).to.deep.equal([
      'rejected',
      [
        { code: 204, message: "We're sorry but your message is too long. Please write a shorter message" },
        { code: 102, message: 'First name is required' },
      ],
    ]);
    expect(failure.message).to.equal("We're sorry but your message is too long. Please write a shorter message\nFirst name is required");
    await answer({ statusCode: 2 });
    expect((await failureOf(transport().customNotice(session, 'x'))).message).to.equal('The chat customNotice call was refused (statusCode 2)');
  });

  it('statusCode 2 for a chat the server no longer knows is ended: chatEnded, code 404 or "not found"', async () => {
    for (const body of [
      { statusCode: 2, chatEnded: true, errors: [{ code: 400, message: 'Closed' }] },
      { statusCode: 2, errors: [{ code: 404, message: 'Gone' }] },
      { statusCode: 2, errors: [{ code: 1, message: 'Session not found' }] },
    ]) {
      await answer(body);
      expect((await failureOf(transport().poll(session, 1))).kind, JSON.stringify(body)).to.equal('ended');
    }
    await answer({ statusCode: 2, chatEnded: true });
    expect((await failureOf(transport().send(session, 'x'))).message).to.equal('The chat send call was refused: the chat has ended');
  });

  it('204 on refresh is an empty answer, not an error; 204 elsewhere', async () => {
    await answer(() => new HttpResponse(null, { status: 204 }));
    expect(await transport().poll(session, 3)).to.deep.equal({ messages: [], chatEnded: false, empty: true });
    expect(await transport().restore(session, 1)).to.deep.equal({ messages: [], chatEnded: false, empty: true });
    expect(await transport().send(session, 'x')).to.deep.equal({});
    await transport().typing(session, true);
    const start = await failureOf(transport().start({ firstName: 'Anna', userData: {} }));
    expect([start.kind, start.message]).to.deep.equal(['malformed', 'The chat start answer is empty']);
    await answer(() => new HttpResponse('', { status: 200 }));
    expect(await transport().poll(session, 3)).to.deep.equal({ messages: [], chatEnded: false, empty: true });
  });

  it('messages are normalised: html only when the server says so, unknown sender types External, no text "", user data as strings', async () => {
    await answer({
      statusCode: 0,
      chatEnded: true,
      idleTimerExpire: 1700000060000,
      nextPosition: 5,
      messages: [
        message({ index: 2, html: true, text: '<b>Hej</b>' }),
        message({ index: 3, type: 'Notice', text: undefined, from: { id: 7, type: 'System' } }),
        message({ index: 4, type: 'FileUploaded', text: null, userData: { 'file-size': 12, 'file-id': 'f1', virus: false, meta: { a: 1 }, gone: null } }),
        message({ index: 1 }),
        message({ index: 1 }),
      ],
    });
    const result = await transport().poll(session, 1);
    expect(result).to.deep.equal({
      chatEnded: true,
      idleTimerExpire: 1700000060000,
      nextPosition: 5,
      messages: [
        { index: 2, type: 'Message', text: '<b>Hej</b>', timestamp: 1700000000000, html: true, from: { id: 'agent-1', type: 'Agent', name: 'Anna' } },
        { index: 3, type: 'Notice', text: '', timestamp: 1700000000000, html: false, from: { id: '7', type: 'External', name: '' } },
        {
          index: 4,
          type: 'FileUploaded',
          text: '',
          timestamp: 1700000000000,
          html: false,
          from: { id: 'agent-1', type: 'Agent', name: 'Anna' },
          userData: { 'file-size': '12', 'file-id': 'f1', virus: 'false', meta: '{"a":1}' },
        },
        // Neither reordered nor deduplicated here: the session machine does that.
        { index: 1, type: 'Message', text: 'Hej', timestamp: 1700000000000, html: false, from: { id: 'agent-1', type: 'Agent', name: 'Anna' } },
        { index: 1, type: 'Message', text: 'Hej', timestamp: 1700000000000, html: false, from: { id: 'agent-1', type: 'Agent', name: 'Anna' } },
      ],
    });
  });

  it('file limits: colon-separated types in lower case, flags and sizes as strings or numbers, count and total optional', async () => {
    await answer({ statusCode: 0, userData: { 'upload-file-types': 'JPG:.pdf: txt::', 'upload-need-agent': 'false', 'upload-max-file-size': 1000 } });
    expect(await transport().fileLimits(session)).to.deep.equal({ types: ['jpg', 'pdf', 'txt'], needAgent: false, maxFileSize: 1000 });
    await answer({
      statusCode: 0,
      userData: { 'upload-file-types': 'png', 'upload-need-agent': true, 'upload-max-file-size': '5', 'upload-max-files': '2', 'upload-max-total-size': '9' },
    });
    expect(await transport().fileLimits(session)).to.deep.equal({ types: ['png'], needAgent: true, maxFileSize: 5, maxFiles: 2, maxTotalSize: 9 });
  });

  it('history asks from max(1, before - count) and keeps the messages before `before`', async () => {
    await record(() => ({ statusCode: 0, messages: [8, 9, 10, 11, 12].map((index) => message({ index })) }));
    expect((await transport().history(session, 10, 2)).map((m) => m.index)).to.deep.equal([8, 9]);
    expect((await transport().history(session, 3, 20)).map((m) => m.index)).to.deep.equal([]);
    expect(seen.map((s) => s.fields.find(([k]) => k === 'transcriptPosition')![1])).to.deep.equal(['8', '1']);
  });

  it('a session without one of its fields is refused before any request', async () => {
    await record(() => ({ statusCode: 0 }));
    const failure = await failureOf(transport().poll({ chatId: 'c1', userId: 'u1', alias: 'a1' }, 1));
    expect([failure.kind, failure.message]).to.deep.equal(['rejected', 'The chat session data has no secureKey']);
    expect((await failureOf(transport().send({ ...session, chatId: '' }, 'x'))).message).to.equal('The chat session data has no chatId');
    expect(seen).to.deep.equal([]);
  });
});

describe('legacy chat REST file download (a form post the browser follows)', () => {
  /** The least of a document a download form needs, recording what is done to it. */
  function fakeDocument() {
    interface Node_ {
      tag: string;
      attrs: Record<string, string>;
      children: Node_[];
      parent?: Node_;
      setAttribute(name: string, value: string): void;
      append(child: Node_): void;
      remove(): void;
      submit(): void;
    }
    const submitted: Array<{ attrs: Record<string, string>; inputs: Array<Record<string, string>>; inBody: boolean }> = [];
    const element = (tag: string): Node_ => {
      const node: Node_ = {
        tag,
        attrs: {},
        children: [],
        setAttribute(name, value) {
          node.attrs[name] = value;
        },
        append(child) {
          child.parent = node;
          node.children.push(child);
        },
        remove() {
          if (node.parent) node.parent.children = node.parent.children.filter((c) => c !== node);
          delete node.parent;
        },
        submit() {
          submitted.push({ attrs: { ...node.attrs }, inputs: node.children.map((c) => ({ tag: c.tag, ...c.attrs })), inBody: node.parent === body });
        },
      };
      return node;
    };
    const body = element('body');
    const doc = { body, documentElement: body, createElement: element };
    return { doc: doc as unknown as Document, body, submitted };
  }

  it('posts alias, userId and secureKey in a hidden form to a new window, then removes the form', () => {
    const { doc, body, submitted } = fakeDocument();
    const t = createTransport({ dataURL: '/api/chat/svc/', timeout: 3000, document: doc });
    t.download({ chatId: 'c1', userId: 'u1', secureKey: 'k1', alias: 'a1' }, 'f/1');
    expect(submitted).to.deep.equal([
      {
        attrs: { method: 'post', action: '/api/chat/svc/c1/file/f%2F1/download', target: '_blank', rel: 'noopener', hidden: '' },
        inputs: [
          { tag: 'input', type: 'hidden', name: 'alias', value: 'a1' },
          { tag: 'input', type: 'hidden', name: 'userId', value: 'u1' },
          { tag: 'input', type: 'hidden', name: 'secureKey', value: 'k1' },
        ],
        inBody: true,
      },
    ]);
    expect(body.children).to.deep.equal([]);
    for (const input of submitted[0]!.inputs) expect(input).to.not.have.property('style');
    expect(submitted[0]!.attrs).to.not.have.property('style');
  });

  it('postForm removes the form even when the submit throws', () => {
    const { doc, body } = fakeDocument();
    const create = doc.createElement.bind(doc) as unknown as (tag: string) => Record<string, unknown>;
    const failing = {
      body,
      createElement(tag: string) {
        const node = create(tag);
        if (tag === 'form') {
          node.submit = () => {
            throw new Error('blocked');
          };
        }
        return node;
      },
    } as unknown as Document;
    expect(() => postForm(failing, '/x', { a: '1' })).to.throw('blocked');
    expect(body.children).to.deep.equal([]);
  });

  it('without a page to post from, download fails with a ChatFailure', () => {
    const t = createTransport({ dataURL: '/api/chat/svc', timeout: 3000 });
    expect(() => t.download({ chatId: 'c1', userId: 'u1', secureKey: 'k1', alias: 'a1' }, 'f1')).to.throw(
      ChatFailure,
      'The chat file download needs a page to post its form from',
    );
  });
});
