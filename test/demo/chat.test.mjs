import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call, startChat, refresh, op } from './helpers.mjs';

const types = (msgs) => msgs.map((m) => `${m.from.type}:${m.type}`);

test('start answers statusCode 0 with chatId, secureKey, alias, userId; transcript indexes increase from 1', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  assert.ok(chat.chatId && chat.secureKey && chat.alias && chat.userId);
  clock.advance(10000);
  const r = await refresh(sim, chat);
  assert.equal(r.statusCode, 0);
  assert.equal(r.chatEnded, false);
  assert.deepEqual(
    r.messages.map((m) => m.index),
    r.messages.map((_, i) => i + 1),
  );
  assert.equal(r.nextPosition, r.messages.length + 1);
  assert.deepEqual(types(r.messages).slice(0, 6), [
    'Client:ParticipantJoined',
    'External:Notice',
    'Agent:ParticipantJoined',
    'Agent:TypingStarted',
    'Agent:TypingStopped',
    'Agent:Message',
  ]);
  assert.equal(r.messages[5].text, 'Dzień dobry, nazywam się Anna. W czym mogę pomóc?');
  assert.equal(typeof r.idleTimerExpire, 'number');
});

test('transcriptPosition returns only newer messages', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  clock.advance(10000);
  const all = await refresh(sim, chat);
  const tail = await refresh(sim, chat, all.nextPosition - 1);
  assert.equal(tail.messages.length, 1);
  assert.equal(tail.messages[0].index, all.nextPosition - 1);
  assert.deepEqual((await refresh(sim, chat, all.nextPosition)).messages, []);
});

test('customer chat bot path: the bot greets, then hands over to the agent, who answers the question', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim, 'customer-chat-bot', { firstName: 'Jan' });
  clock.advance(600);
  let r = await refresh(sim, chat);
  assert.deepEqual(types(r.messages), ['Client:ParticipantJoined', 'Bot:ParticipantJoined', 'Bot:Message']);
  await op(sim, chat, 'send', { message: 'Ile wynosi wpłata pracodawcy?' });
  clock.advance(15000);
  r = await refresh(sim, chat);
  const seq = types(r.messages);
  assert.ok(seq.indexOf('Bot:ParticipantLeft') < seq.indexOf('Agent:ParticipantJoined'));
  const agentTexts = r.messages.filter((m) => m.from.type === 'Agent' && m.type === 'Message').map((m) => m.text);
  assert.equal(agentTexts.length, 2);
  assert.match(agentTexts[1], /1,5%/);
});

test('English visitors get English texts (userData language code)', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim, 'customer-chat', { firstName: 'Ann', userData: JSON.stringify({ languageCode: 'en' }) });
  clock.advance(10000);
  const r = await refresh(sim, chat);
  assert.ok(r.messages.some((m) => m.text === 'Hello, my name is Anna. How can I help you?'));
});

test('send, startTyping, stopTyping, customNotice, updateData answer statusCode 0 and show in the transcript', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  clock.advance(10000);
  const before = (await refresh(sim, chat)).nextPosition;
  assert.equal((await op(sim, chat, 'startTyping', { message: 'Dzień do' })).body.statusCode, 0);
  assert.equal((await op(sim, chat, 'stopTyping')).body.statusCode, 0);
  assert.equal((await op(sim, chat, 'send', { message: 'Dzień dobry', messageType: 'text', eventAttributes: '{"parent":1}' })).body.statusCode, 0);
  assert.equal((await op(sim, chat, 'customNotice', { message: 'cobrowse:start' })).body.statusCode, 0);
  assert.equal((await op(sim, chat, 'updateData', { userData: JSON.stringify({ page: '/wplaty' }) })).body.statusCode, 0);
  assert.equal((await op(sim, chat, 'updateData', { 'userData[referrer]': 'google' })).body.statusCode, 0);
  const r = await refresh(sim, chat, before);
  assert.deepEqual(types(r.messages).slice(0, 4), ['Client:TypingStarted', 'Client:TypingStopped', 'Client:Message', 'Client:CustomNotice']);
  assert.equal(r.messages[2].userData.eventAttributes, '{"parent":1}');
  assert.deepEqual({ ...sim.state.chat.sessions.get(chat.chatId).userData }, { page: '/wplaty', referrer: 'google' });
});

test('the scripted agent types, answers, sends a file (downloadable) and a survey notice', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  clock.advance(10000);
  await op(sim, chat, 'send', { message: 'Proszę o plik' });
  clock.advance(3000);
  let r = await refresh(sim, chat);
  const file = r.messages.find((m) => m.type === 'FileUploaded');
  assert.equal(file.from.type, 'Agent');
  assert.equal(file.userData['file-name'], 'ppk-w-pigulce.pdf');
  const dl = await call(sim, `/api/chat/customer-chat/${chat.chatId}/file/${file.userData['file-id']}/download`, { form: chat.creds });
  assert.equal(dl.status, 200);
  assert.equal(dl.res.headers.get('content-type'), 'application/pdf');
  assert.match(dl.res.headers.get('content-disposition'), /attachment/);
  assert.ok(dl.body.startsWith('%PDF-1.4'));
  assert.equal(Number(dl.res.headers.get('content-length')), Number(file.userData['file-size']));
  const other = await call(sim, `/api/chat/customer-chat/${chat.chatId}/file/nope/download`, { form: chat.creds });
  assert.equal(other.status, 404);

  await op(sim, chat, 'send', { message: 'ankieta' });
  clock.advance(3000);
  r = await refresh(sim, chat, r.nextPosition);
  const notice = r.messages.find((m) => m.type === 'CustomNotice');
  assert.equal(notice.from.type, 'External');
  const survey = JSON.parse(notice.text);
  assert.match(survey.Survey_URL, /^http:\/\/sim\.test\/ankieta\?chat=/);
  assert.match(survey.Cancel_URL, /\/api\/survey\/cancel\?chat=/);
  const cancel = await call(sim, new URL(survey.Cancel_URL).pathname + new URL(survey.Cancel_URL).search, { method: 'POST', body: '' });
  assert.equal(cancel.status, 204);
  assert.equal(cancel.res.headers.get('access-control-allow-origin'), '*');
});

test('supervisor, push URL and goodbye (agent leaves → chatEnded)', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  clock.advance(10000);
  await op(sim, chat, 'send', { message: 'Poproszę kierownika' });
  clock.advance(3000);
  await op(sim, chat, 'send', { message: 'Wyślij link' });
  clock.advance(3000);
  let r = await refresh(sim, chat);
  assert.ok(types(r.messages).includes('Supervisor:ParticipantJoined'));
  assert.ok(types(r.messages).includes('Supervisor:Message'));
  assert.equal(r.messages.find((m) => m.type === 'PushUrl').text, 'http://sim.test/#wplaty');
  await op(sim, chat, 'send', { message: 'Do widzenia' });
  clock.advance(3000);
  r = await refresh(sim, chat);
  assert.equal(r.chatEnded, true);
  assert.ok(types(r.messages).includes('Agent:ParticipantLeft'));
  assert.equal((await op(sim, chat, 'send', { message: 'halo?' })).body.chatEnded, true);
});

test('disconnect: the visitor leaves, the scripted agent leaves, chatEnded; no timers remain', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  clock.advance(10000);
  await op(sim, chat, 'send', { message: 'pytanie' });
  const d = await op(sim, chat, 'disconnect');
  assert.deepEqual(d.body, { statusCode: 0, chatEnded: true });
  const r = await refresh(sim, chat);
  assert.equal(r.chatEnded, true);
  assert.deepEqual(types(r.messages).slice(-2), ['Agent:ParticipantLeft', 'Client:ParticipantLeft']);
  assert.equal(clock.pending(), 0);
  assert.equal((await op(sim, chat, 'disconnect')).body.chatEnded, true, 'idempotent');
});

test('requestNotifications returns the transcript from a position', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  const r = await op(sim, chat, 'requestNotifications', { transcriptPosition: '2' });
  assert.equal(r.body.statusCode, 0);
  assert.equal(r.body.messages[0].index, 2);
});

test('start validation: statusCode 2 with 102, 161, 364, 204 and malformed userData', async () => {
  const { sim } = makeSim();
  const codes = async (form) => (await call(sim, '/api/chat/customer-chat', { form })).body;
  assert.deepEqual(
    (await codes({ lastName: 'Nowak' })).errors.map((e) => e.code),
    [102],
  );
  assert.deepEqual(
    (await codes({})).errors.map((e) => e.code),
    [161],
  );
  assert.deepEqual(
    (await codes({ firstName: 'A', emailAddress: 'nope' })).errors.map((e) => e.code),
    [364],
  );
  assert.deepEqual(
    (await codes({ firstName: 'A', text: 'x'.repeat(501) })).errors.map((e) => e.code),
    [204],
  );
  const bad = await codes({ firstName: 'A', userData: '{oops' });
  assert.equal(bad.statusCode, 2);
  assert.equal(bad.errors[0].message, 'malformed JSON provided in userData property');
  assert.equal((await codes({ firstName: 'x'.repeat(101) })).statusCode, 2);
});

test('chat unavailable: statusCode 1 with 240, by name "unavailable" or the control API', async () => {
  const { sim } = makeSim();
  const a = await call(sim, '/api/chat/customer-chat', { form: { firstName: 'unavailable' } });
  assert.deepEqual([a.body.statusCode, a.body.errors[0].code], [1, 240]);
  await call(sim, '/__control/chat', { json: { available: false } });
  const b = await call(sim, '/api/chat/customer-chat', { form: { firstName: 'Jan' } });
  assert.equal(b.body.statusCode, 1);
});

test('send rejects empty (400) and too long (204) messages', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  assert.equal((await op(sim, chat, 'send', { message: '   ' })).body.errors[0].code, 400);
  assert.equal((await op(sim, chat, 'send', { message: 'x'.repeat(501) })).body.errors[0].code, 204);
});

test('wrong secureKey / userId / alias: statusCode 2, 403, and no transcript', async () => {
  const { sim } = makeSim();
  const chat = await startChat(sim);
  for (const creds of [{ ...chat.creds, secureKey: 'x' }, { ...chat.creds, userId: 'x' }, { ...chat.creds, alias: '' }, {}]) {
    const r = await call(sim, `/api/chat/customer-chat/${chat.chatId}/refresh`, { form: creds });
    assert.equal(r.body.statusCode, 2);
    assert.equal(r.body.errors[0].code, 403);
    assert.equal(r.body.messages, undefined);
  }
});

test('unknown chat id: statusCode 2 with chatEnded; unknown service and operation are 404', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/chat/customer-chat/does-not-exist/refresh', { form: {} });
  assert.deepEqual([r.body.statusCode, r.body.chatEnded, r.body.errors[0].code], [2, true, 404]);
  assert.equal((await call(sim, '/api/chat/other/x/refresh', { form: {} })).status, 404);
  const chat = await startChat(sim);
  assert.equal((await op(sim, chat, 'explode')).status, 404);
  assert.equal((await call(sim, `/api/chat/customer-chat/${chat.chatId}/refresh`)).status, 405);
});

test('file limits, upload (needs an agent), type / size / count errors', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  const limits = await op(sim, chat, 'file/limits');
  assert.equal(limits.body.statusCode, 0);
  assert.equal(limits.body.userData['upload-file-types'], 'jpg:jpeg:png:gif:pdf:txt:zip');
  assert.equal(limits.body.userData['upload-need-agent'], 'true');
  assert.equal(limits.body.userData['upload-max-file-size'], String(5 * 1024 * 1024));
  const upload = (name, bytes, type = 'text/plain') => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(chat.creds)) fd.append(k, v);
    fd.append('file', new File([bytes], name, { type }));
    return call(sim, `/api/chat/customer-chat/${chat.chatId}/file`, { multipart: fd });
  };
  assert.equal((await upload('a.txt', 'hi')).body.errors[0].code, 205, 'no agent yet');
  clock.advance(10000);
  const ok = await upload('notatka.txt', 'Dzień dobry');
  assert.equal(ok.body.statusCode, 0);
  const fileId = ok.body.userData['file-id'];
  const dl = await call(sim, `/api/chat/customer-chat/${chat.chatId}/file/${fileId}/download?${new URLSearchParams(chat.creds)}`);
  assert.equal(dl.body, 'Dzień dobry');
  assert.equal((await upload('x.exe', 'MZ')).body.errors[0].code, 203);
  await call(sim, '/__control/chat', { json: { fileLimits: { maxFileSize: 10, maxFiles: 2 } } });
  assert.equal((await upload('big.txt', 'x'.repeat(11))).body.errors[0].code, 202);
  assert.equal((await upload('b.txt', 'b')).body.statusCode, 0);
  assert.equal((await upload('c.txt', 'c')).body.errors[0].code, 201);
  const r = await refresh(sim, chat);
  assert.equal(r.messages.filter((m) => m.type === 'FileUploaded' && m.from.type === 'Client').length, 2);
});

test('idle timer: alerts with next-idle-timer-type/secs, then IdleClose ends the chat; activity resets it', async () => {
  const { sim, clock } = makeSim();
  const chat = await startChat(sim);
  clock.advance(100000);
  await op(sim, chat, 'send', { message: 'jestem' }); // resets the idle timer
  clock.advance(100000);
  let r = await refresh(sim, chat);
  assert.equal(r.messages.filter((m) => m.type === 'IdleAlert').length, 0);
  clock.advance(20000);
  r = await refresh(sim, chat);
  const alerts = r.messages.filter((m) => m.type === 'IdleAlert');
  assert.equal(alerts.length, 1);
  assert.deepEqual(alerts[0].userData, { 'next-idle-timer-type': 'alert', 'next-idle-timer-secs': '120' });
  assert.equal(r.idleTimerExpire, sim.serverNow() + 120000);
  clock.advance(120000);
  r = await refresh(sim, chat);
  assert.deepEqual(r.messages.filter((m) => m.type === 'IdleAlert')[1].userData, { 'next-idle-timer-type': 'close', 'next-idle-timer-secs': '60' });
  clock.advance(60000);
  r = await refresh(sim, chat);
  assert.equal(r.messages.at(-1).type, 'ParticipantLeft');
  assert.ok(r.messages.some((m) => m.type === 'IdleClose'));
  assert.equal(r.chatEnded, true);
});

test('scripted agent can be switched off: the chat waits', async () => {
  const { sim, clock } = makeSim({ chat: { scriptedAgent: false } });
  const chat = await startChat(sim);
  clock.advance(60000);
  const r = await refresh(sim, chat);
  assert.ok(!r.messages.some((m) => m.from.type === 'Agent'));
});

test('agent join delay is configurable', async () => {
  const { sim, clock } = makeSim({ chat: { agentJoinDelayMs: 30000 } });
  const chat = await startChat(sim);
  clock.advance(29000);
  assert.ok(!(await refresh(sim, chat)).messages.some((m) => m.from.type === 'Agent'));
  clock.advance(1000);
  assert.ok((await refresh(sim, chat)).messages.some((m) => m.from.type === 'Agent'));
});

test('concurrent visitors never see each other’s messages or keys', async () => {
  const { sim, clock } = makeSim();
  const chats = await Promise.all(Array.from({ length: 20 }, (_, i) => startChat(sim, 'customer-chat', { firstName: `Gość${i}` })));
  assert.equal(new Set(chats.map((c) => c.chatId)).size, 20);
  assert.equal(new Set(chats.map((c) => c.secureKey)).size, 20);
  await Promise.all(chats.map((c, i) => op(sim, c, 'send', { message: `sekret-${i}` })));
  clock.advance(10000);
  const transcripts = await Promise.all(chats.map((c) => refresh(sim, c)));
  transcripts.forEach((r, i) => {
    const texts = r.messages.map((m) => m.text).join('|');
    assert.ok(texts.includes(`sekret-${i}`));
    for (let j = 0; j < 20; j++) if (j !== i) assert.ok(!texts.includes(`sekret-${j}|`) && !texts.endsWith(`sekret-${j}`));
    assert.equal(r.messages[0].from.name, `Gość${i}`);
  });
  // Keys of one chat do not open another.
  const cross = await call(sim, `/api/chat/customer-chat/${chats[1].chatId}/refresh`, { form: chats[0].creds });
  assert.equal(cross.body.statusCode, 2);
});

test('separate simulator instances share nothing', async () => {
  const a = makeSim();
  const b = makeSim();
  const chat = await startChat(a.sim);
  await call(a.sim, '/__control/wait', { json: { queue: 'PPK_Chat', ewt: 999 } });
  assert.equal((await call(b.sim, '/api/ewt/group?name=PPK_Chat')).body.ewt, 45);
  assert.equal((await refresh(b.sim, chat)).errors[0].code, 404);
});
