// The chat's Bayeux endpoint (demo/simulator/cometd.js on cometd-nodejs-server), driven by the official
// CometD JavaScript client (npm `cometd`) from Node: one chat model, two wire formats.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CometD, AckExtension } from 'cometd';
import { waitFor } from '../helpers/wait.mjs';
import { installCometdWindow } from '../helpers/cometd-node.mjs';
import { createManualClock } from '../../demo/simulator/index.js';
import { startServer } from '../../demo/server.mjs';

installCometdWindow();

let server;
let clock;
before(async () => {
  clock = createManualClock('2025-03-03T10:00:00+01:00');
  server = await startServer({ port: 0, simulator: { clock, random: () => 0 }, cometd: { timeout: 2000 } });
});
after(() => server.close());

const BOT = '/service/chatV2/customer-chat-bot';
const SUPPORT = '/service/chatV2/customer-support';
const types = (msgs) => msgs.map((m) => `${m.from.type}:${m.type}`);
const control = (path, init = {}) => fetch(server.url + path, { ...init, headers: { 'content-type': 'application/json' } }).then((r) => r.json());

/**
 * A visitor's client: handshake, a listener on the service channel, operations with a requestId; every
 * delivery is kept (replies by requestId, pushed transcript batches in order).
 */
async function visitor(channel = BOT) {
  const cometd = new CometD();
  cometd.registerExtension('ack', new AckExtension());
  cometd.configure({ url: `${server.url}/api/cometd`, logLevel: 'warn', backoffIncrement: 100, maxBackoff: 500 });
  const replies = new Map();
  const pushes = [];
  const handshakes = [];
  const connects = [];
  cometd.addListener('/meta/handshake', (m) => handshakes.push(m));
  cometd.addListener('/meta/connect', (m) => connects.push(m));
  cometd.addListener(channel, (m) => {
    if (m.data.requestId !== undefined) replies.set(m.data.requestId, m.data);
    else pushes.push(m.data);
  });
  await new Promise((resolve, reject) => cometd.handshake((reply) => (reply.successful ? resolve() : reject(new Error(reply.error)))));
  let seq = 0;
  const op = async (operation, data = {}) => {
    const requestId = ++seq;
    cometd.publish(channel, { operation, requestId, ...data });
    return waitFor(() => replies.get(requestId), { what: `the ${operation} reply` });
  };
  /** Every message pushed so far, by index (a re-delivery would show as a duplicate). */
  const pushed = () => pushes.flatMap((p) => p.messages);
  const close = () => new Promise((resolve) => cometd.disconnect(() => resolve()));
  return { cometd, op, pushes, pushed, handshakes, connects, close };
}

const creds = (chat) => ({ chatId: chat.chatId, secureKey: chat.secureKey, userId: chat.userId, alias: chat.alias });

test('requestChat on the bot channel: the answer has the session; the bot greets and hands over, every message pushed once, in order, as the REST API shows them', async () => {
  const v = await visitor();
  const chat = await v.op('requestChat', { firstName: 'Jan', lastName: '.', userData: { languageCode: 'pl' } });
  assert.equal(chat.statusCode, 0);
  assert.equal(chat.operation, 'requestChat');
  assert.ok(chat.chatId && chat.secureKey && chat.userId && chat.alias);
  await waitFor(() => v.pushed().length >= 1, { what: 'the visitor joined' });
  clock.advance(600);
  await waitFor(() => v.pushed().some((m) => m.type === 'Message' && m.from.type === 'Bot'), { what: 'the bot greeting' });
  const sent = await v.op('sendMessage', { ...creds(chat), message: 'Ile wynosi wpłata pracodawcy?' });
  assert.equal(sent.statusCode, 0);
  assert.equal(typeof sent.index, 'number');
  for (let i = 0; i < 20; i++) {
    clock.advance(1000);
    await new Promise((r) => setTimeout(r, 10));
  }
  await waitFor(() => v.pushed().filter((m) => m.type === 'Message' && m.from.type === 'Agent').length >= 2, { what: 'the agent greeting and answer' });
  const indexes = v.pushed().map((m) => m.index);
  assert.deepEqual(
    indexes,
    indexes.map((_, i) => i + 1),
    'every index once, in order',
  );
  const seq = types(v.pushed());
  assert.ok(seq.indexOf('Bot:ParticipantLeft') < seq.indexOf('Agent:ParticipantJoined'));
  // The REST API reads the same chat: the same transcript.
  const rest = await fetch(`${server.url}/api/chat/customer-chat-bot/${chat.chatId}/refresh`, {
    method: 'POST',
    body: new URLSearchParams({ ...creds(chat), transcriptPosition: '1' }),
  }).then((r) => r.json());
  assert.deepEqual(rest.messages.slice(0, v.pushed().length), v.pushed());
  await v.close();
});

test('typing, customNotice, updateData answer statusCode 0; disconnect ends the chat and chatEnded is pushed', async () => {
  const v = await visitor(SUPPORT);
  const chat = await v.op('requestChat', { nickname: 'Ann', userData: { languageCode: 'en' } });
  assert.equal(chat.statusCode, 0);
  assert.equal((await v.op('startTyping', { ...creds(chat), message: 'Hel' })).statusCode, 0);
  assert.equal((await v.op('stopTyping', creds(chat))).statusCode, 0);
  assert.equal((await v.op('customNotice', { ...creds(chat), message: 'notice' })).statusCode, 0);
  assert.equal((await v.op('updateData', { ...creds(chat), userData: { plan: 'gold' } })).statusCode, 0);
  assert.equal(server.simulator.state.chat.sessions.get(chat.chatId).userData.plan, 'gold');
  await waitFor(() => v.pushed().some((m) => m.type === 'CustomNotice'), { what: 'the custom notice' });
  assert.ok(types(v.pushed()).includes('Client:TypingStarted'));
  const ended = await v.op('disconnect', creds(chat));
  assert.equal(ended.chatEnded, true);
  await waitFor(() => v.pushes.some((p) => p.chatEnded), { what: 'chatEnded pushed' });
  assert.equal(v.pushed().at(-1).type, 'ParticipantLeft');
  assert.equal((await v.op('sendMessage', { ...creds(chat), message: 'late' })).statusCode, 2);
  await v.close();
});

test('wrong credentials, no chatId, an unknown operation are refused with statusCode 2; a fault injected for the REST call applies to the operation', async () => {
  const v = await visitor(SUPPORT);
  const chat = await v.op('requestChat', { firstName: 'Jan' });
  const wrong = await v.op('sendMessage', { ...creds(chat), secureKey: 'x', message: 'hi' });
  assert.equal(wrong.statusCode, 2);
  assert.match(wrong.errors[0].message, /secureKey/);
  assert.equal((await v.op('sendMessage', { message: 'hi' })).statusCode, 2);
  assert.match((await v.op('fly', creds(chat))).errors[0].message, /Unknown operation 'fly'/);
  await control('/__control/faults', { method: 'POST', body: JSON.stringify({ endpoint: 'chat.send', failureRate: 1 }) });
  try {
    const failed = await v.op('sendMessage', { ...creds(chat), message: 'hi' });
    assert.equal(failed.statusCode, 1);
  } finally {
    await fetch(server.url + '/__control/faults', { method: 'DELETE' });
  }
  assert.equal((await v.op('sendMessage', { ...creds(chat), message: 'hi' })).statusCode, 0);
  await v.close();
});

test('a forced disconnect: the client gets 402, re-handshakes, requestNotifications from its position brings what it missed — no gap, no duplicate', async () => {
  const v = await visitor(SUPPORT);
  const chat = await v.op('requestChat', { firstName: 'Jan' });
  await waitFor(() => v.pushed().length >= 2, { what: 'the first messages' });
  const before = v.pushed().length;
  const { disconnected } = await control('/__control/cometd/disconnect', { method: 'POST', body: '{}' });
  assert.ok(disconnected >= 1);
  // Messages the chat gains while the client is away.
  clock.advance(6000);
  await waitFor(() => v.handshakes.filter((m) => m.successful).length >= 2, { what: 'the re-handshake', timeout: 8000 });
  assert.ok(
    v.connects.some((m) => !m.successful && /^402::/.test(String(m.error))),
    'the server no longer knew the client',
  );
  const position = Math.max(...v.pushed().map((m) => m.index)) + 1;
  const resync = await v.op('requestNotifications', { ...creds(chat), transcriptPosition: position });
  assert.equal(resync.statusCode, 0);
  const all = [...v.pushed(), ...resync.messages];
  clock.advance(3000);
  await waitFor(() => v.pushes.length > 0 && Math.max(...v.pushed().map((m) => m.index)) >= resync.nextPosition, { what: 'a push after the resync' });
  const seen = [...all, ...v.pushed().slice(before)].map((m) => m.index);
  const unique = [...new Set(seen)].sort((a, b) => a - b);
  assert.deepEqual(
    unique,
    unique.map((_, i) => i + 1),
    'no gap',
  );
  assert.ok(resync.messages.length > 0, 'the missed messages came with the resync');
  assert.ok(resync.messages.every((m) => m.index >= position));
  await v.close();
});

test('the endpoint takes only POSTed JSON arrays of Bayeux messages; broadcast channels are refused', async () => {
  assert.equal((await fetch(server.url + '/api/cometd/handshake')).status, 405);
  assert.equal((await fetch(server.url + '/api/cometd/handshake', { method: 'POST', body: '{"channel":"/meta/handshake"}' })).status, 400);
  assert.equal((await fetch(server.url + '/api/cometd/handshake', { method: 'POST', body: 'not json' })).status, 400);
  const v = await visitor(SUPPORT);
  const denied = await new Promise((resolve) => v.cometd.publish('/chat/all', { text: 'spam' }, resolve));
  assert.equal(denied.successful, false);
  const sub = await new Promise((resolve) => v.cometd.subscribe('/chat/all', () => undefined, resolve));
  assert.equal(sub.successful, false);
  await v.close();
});

test('malformed Bayeux posts are 400, never 500: a handshake batched with other messages, a second connect of one client while one is held', async () => {
  const post = (messages, path = '') =>
    fetch(`${server.url}/api/cometd${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(messages) });
  const handshake = async () =>
    (await (await post([{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'] }])).json())[0].clientId;
  const clientId = await handshake();
  const mixed = await post([{ channel: '/meta/connect', clientId, connectionType: 'long-polling' }, { channel: '/meta/handshake' }]);
  assert.equal(mixed.status, 400);
  assert.match((await mixed.json()).error, /handshake/);
  assert.equal((await post([{ channel: '/meta/handshake' }, { channel: '/meta/handshake' }])).status, 400);
  // A connect is held (the server's timeout); another of the same client and browser (its cookie) cancels it.
  const shake = await post([{ channel: '/meta/handshake', version: '1.0', supportedConnectionTypes: ['long-polling'] }]);
  const cookie = String(shake.headers.get('set-cookie')).split(';')[0];
  const [{ clientId: other }] = await shake.json();
  const connect = () =>
    fetch(`${server.url}/api/cometd/connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify([{ channel: '/meta/connect', clientId: other, connectionType: 'long-polling' }]),
    });
  const held = connect();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const second = connect();
  assert.equal((await held).status, 400, 'the held connect, cancelled by a duplicate');
  assert.equal((await second).status, 200);
});
