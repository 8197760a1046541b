import { expect } from '@esm-bundle/chai';
import WebSocket from 'ws';
import { randomUUID } from 'node:crypto';
import { waitFor } from '../helpers/wait.mjs';
import { startServer } from '../../demo/server.mjs';
import { WEBMESSAGING_HISTORY, WEBMESSAGING_PATH } from '../../demo/simulator/webmessaging.js';

// The simulator's Web Messaging wire (demo/simulator/webmessaging.js) as a raw socket sees it: the frames
// the open-source clients send — Botium's Genesys connector (src/webMessagingChannel.js) and OVO's
// genesys-web-messaging-tester (WebMessengerGuestSession.ts), neither of which the npm registry here
// serves — answered as those clients read them, and the error codes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- frames are read as the clients read them, field by field
type Frame = Record<string, any>;

async function open(url: string) {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    ws.on('open', resolve);
    ws.on('error', reject);
  });
  return {
    ws,
    frames,
    send: (frame: unknown) => ws.send(JSON.stringify(frame)),
    next: (match: (f: Frame) => boolean, what: string) => waitFor(() => frames.find(match), { what }),
  };
}

describe('the simulator’s Web Messaging wire', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  before(async () => {
    server = await startServer({ port: 0 });
  });
  after(async () => {
    await server.close();
  });
  const socketURL = (deployment: string) => `${server.url.replace('http', 'ws')}${WEBMESSAGING_PATH}?deploymentId=${deployment}`;

  it('as Botium’s and OVO’s clients speak it: configureSession with a uuid → SessionResponse 200 connected; onMessage Text → the bot’s Outbound StructuredMessage', async () => {
    const c = await open(socketURL('ppk-messaging'));
    const token = randomUUID();
    c.send({ action: 'configureSession', deploymentId: 'ppk-messaging', token });
    const session = await c.next((f) => f.class === 'SessionResponse', 'the SessionResponse');
    // What both clients check before they go on.
    expect(session).to.include({ type: 'response', code: 200 });
    expect(session.body.connected).to.equal(true);
    // OVO's tester puts `channel` beside `message`; Botium's inside it: both are read.
    c.send({ action: 'onMessage', token, message: { type: 'Text', text: 'hello' }, channel: { metadata: { customAttributes: { a: '1' } } } });
    const echo = await c.next((f) => f.class === 'StructuredMessage' && f.type === 'response', 'the response to onMessage');
    expect(echo.body).to.include({ type: 'Text', text: 'hello', direction: 'Inbound' });
    const bot = await c.next((f) => f.type === 'message' && f.class === 'StructuredMessage' && f.body.direction === 'Outbound', 'the bot’s message');
    // Botium reads body.text of an Outbound StructuredMessage; OVO needs code 200 on every frame.
    expect(bot.code).to.equal(200);
    expect(bot.body.text).to.be.a('string').and.not.equal('');
    expect(c.frames.every((f) => f.code === 200)).to.equal(true);
    c.ws.close();
  });

  it('getJwt → JwtResponse; the history with it, newest first with total; without it 401', async () => {
    const c = await open(socketURL('ppk-messaging'));
    const token = randomUUID();
    c.send({ action: 'configureSession', deploymentId: 'ppk-messaging', token });
    c.send({ action: 'onMessage', token, message: { type: 'Text', text: 'one' } });
    c.send({ action: 'onMessage', token, message: { type: 'Text', text: 'two' } });
    c.send({ action: 'getJwt', token });
    const jwt = (await c.next((f) => f.class === 'JwtResponse', 'the JwtResponse')).body;
    expect(jwt.jwt).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(jwt.exp).to.be.a('number');
    const page = await (
      await fetch(`${server.url}${WEBMESSAGING_HISTORY}?pageSize=25&pageNumber=1`, { headers: { Authorization: `Bearer ${jwt.jwt}` } })
    ).json();
    const mine = page.entities.filter((e: Frame) => e.direction === 'Inbound').map((e: Frame) => e.text);
    expect(mine).to.deep.equal(['two', 'one']);
    expect(page.total).to.equal(page.entities.length);
    expect((await fetch(`${server.url}${WEBMESSAGING_HISTORY}`)).status).to.equal(401);
    c.ws.close();
  });

  it('errors by code: an unknown deployment 404, a bad token 400, a frame before configureSession 401, an unknown action 400; echo answers its text', async () => {
    const nobody = await open(socketURL('nobody'));
    expect((await nobody.next((f) => f.code === 404, 'the 404')).class).to.equal('string');
    const c = await open(socketURL('ppk-messaging'));
    c.send({ action: 'onMessage', token: 'x'.repeat(20), message: { type: 'Text', text: 'hi' } });
    await c.next((f) => f.code === 401, 'the 401');
    c.send({ action: 'configureSession', deploymentId: 'ppk-messaging', token: 'short' });
    await c.next((f) => f.code === 400, 'the 400');
    const token = randomUUID();
    c.send({ action: 'configureSession', deploymentId: 'ppk-messaging', token });
    await c.next((f) => f.class === 'SessionResponse', 'the session');
    c.send({ action: 'nonsense', token });
    await waitFor(() => c.frames.filter((f) => f.code === 400).length === 2, { what: 'the second 400' });
    c.send({ action: 'echo', token, message: { type: 'Text', text: 'ping' } });
    expect((await c.next((f) => f.body?.text === 'ping', 'the echo')).class).to.equal('StructuredMessage');
    c.ws.close();
  });
});
