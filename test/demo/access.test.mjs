// Who may call the simulator's control and agent APIs (issue 10, item 19): no cross-site form posts
// (CSRF) on /__control, a bearer token on every /api/agent/* call, loopback names only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { makeSim, call, startChat } from './helpers.mjs';
import { startServer } from '../../demo/server.mjs';

const json = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

let server;
before(async () => {
  server = await startServer({ port: 0 });
});
after(() => server.close());

const ewt = async () => (await (await fetch(server.url + '/api/ewt/group?name=PPK_Chat')).json()).ewt;

test('control API: a cross-site HTML form post (form-encoded, text/plain or multipart) changes nothing', async () => {
  const attacker = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
  const forms = [
    ['application/x-www-form-urlencoded', 'queue=PPK_Chat&ewt=9999'],
    ['text/plain', '{"queue":"PPK_Chat","ewt":9999}'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="queue"\r\n\r\nPPK_Chat\r\n--x--\r\n'],
  ];
  for (const [type, body] of forms) {
    const r = await fetch(server.url + '/__control/wait', { method: 'POST', headers: { 'content-type': type, ...attacker }, body });
    assert.equal(r.status, 403, type);
    assert.match((await r.json()).error, /Cross-(site|origin) request refused/);
  }
  assert.equal(await ewt(), 45, 'the wait did not change');
});

test('control API: JSON is required even from the same origin; a body-less POST (no-cors fetch) is refused', async () => {
  for (const [type, body] of [
    ['application/x-www-form-urlencoded', 'queue=PPK_Chat&ewt=9999'],
    ['text/plain', '{"queue":"PPK_Chat","ewt":9999}'],
  ]) {
    const r = await fetch(server.url + '/__control/wait', { method: 'POST', headers: { 'content-type': type }, body });
    assert.equal(r.status, 415, type);
    assert.match((await r.json()).error, /Content-Type: application\/json/);
  }
  await fetch(server.url + '/__control/wait', json({ queue: 'PPK_Chat', ewt: 10 }));
  const reset = await fetch(server.url + '/__control/reset', { method: 'POST' });
  assert.equal(reset.status, 415);
  assert.equal(await ewt(), 10, 'the reset did not happen');
  assert.equal((await fetch(server.url + '/__control/reset', json({}))).status, 200);
  assert.equal(await ewt(), 45);
});

test('control API: a cross-origin JSON call (which a browser sends only after a preflight we never grant) is refused too', async () => {
  for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
    const r = await fetch(server.url + '/__control/wait', json({ queue: 'PPK_Chat', ewt: 1 }, headers));
    assert.equal(r.status, 403, JSON.stringify(headers));
  }
  const del = await fetch(server.url + '/__control/faults', { method: 'DELETE', headers: { origin: 'https://evil.example' } });
  assert.equal(del.status, 403);
  assert.equal(await ewt(), 45);
});

test("control API: the simulator's own pages (same origin) and tools without Origin (curl) are served", async () => {
  const own = await fetch(server.url + '/__control/wait', json({ queue: 'PPK_Chat', ewt: 20 }, { origin: server.url, 'sec-fetch-site': 'same-origin' }));
  assert.equal(own.status, 200);
  assert.equal(await ewt(), 20);
  const typed = await fetch(server.url + '/__control', { headers: { 'sec-fetch-site': 'none' } });
  assert.equal(typed.status, 200, 'an address typed into the browser');
  assert.equal((await fetch(server.url + '/__control/faults', { method: 'DELETE' })).status, 200, 'DELETE needs no body');
  await fetch(server.url + '/__control/reset', json({}));
});

test('control and agent APIs answer only loopback host names (a DNS-rebound domain is refused)', async () => {
  const status = (path, host) =>
    new Promise((resolve, reject) => {
      const req = httpRequest(server.url + path, { headers: { host: `${host}:${server.port}`, authorization: `Bearer ${server.agentToken}` } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
  assert.equal(await status('/__control', 'rebound.evil.example'), 403);
  assert.equal(await status('/api/agent/chats', 'rebound.evil.example'), 403);
  for (const host of ['localhost', '127.0.0.1', 'demo.localhost']) assert.equal(await status('/__control', host), 200, host);
  assert.equal(await status('/api/ewt/group?name=PPK_Chat', 'rebound.evil.example'), 200, 'the widget APIs stay open');
});

test("control API: the GET routes with visitors' data (callbacks, messages, knowledge) need the agent token; the rest do not", async () => {
  const { sim } = makeSim({ agentToken: 'test-agent-token-1' });
  const booked = await call(sim, '/api/callback/v1/ppk-callback', {
    form: { _customer_number: '+48600100200', _desired_time: '2025-03-03T10:00:00.000Z', _call_direction: 'USERTERMINATED', firstname: 'Ewa' },
    headers: { apikey: 'demo-key' },
  });
  assert.equal(booked.status, 200, JSON.stringify(booked.body));
  for (const path of ['/__control/callbacks', '/__control/messages', '/__control/knowledge']) {
    for (const authorization of [undefined, 'Bearer wrong-token-123', 'Basic dGVzdA==']) {
      const r = await call(sim, path, { headers: authorization ? { authorization } : {} });
      assert.equal(r.status, 401, `${path} with ${authorization}`);
      assert.match(r.res.headers.get('www-authenticate'), /^Bearer realm="live-assist agent console"/);
      assert.doesNotMatch(JSON.stringify(r.body), /Ewa|600100200/, 'no visitor data in the refusal');
    }
    assert.equal((await call(sim, path, { headers: { authorization: 'Bearer test-agent-token-1' } })).status, 200, path);
  }
  const listed = await call(sim, '/__control/callbacks', { headers: { authorization: 'Bearer test-agent-token-1' } });
  assert.equal(listed.body.callbacks[0].userData.firstname, 'Ewa');
  for (const path of ['/__control', '/__control/faults']) assert.equal((await call(sim, path)).status, 200, `${path}: no visitor data, no token`);
  assert.doesNotMatch(JSON.stringify((await call(sim, '/__control')).body), /Ewa|600100200/);
});

test('a server listening on another address answers the control and agent APIs only for loopback names, its own address and allowedHosts', async () => {
  const other = await startServer({ port: 0, host: '127.0.0.2', allowedHosts: ['demo.example'] });
  try {
    const status = (path, host) =>
      new Promise((resolve, reject) => {
        const req = httpRequest(other.url + path, { headers: { host: `${host}:${other.port}`, authorization: `Bearer ${other.agentToken}` } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/__control/callbacks', '/api/agent/chats']) {
      assert.equal(await status(path, 'rebound.evil.example'), 403, path);
      for (const host of ['localhost', '127.0.0.2', 'demo.example', 'DEMO.example']) assert.equal(await status(path, host), 200, `${path} ${host}`);
    }
    assert.equal(await status('/api/ewt/group?name=PPK_Chat', 'rebound.evil.example'), 200, 'the widget APIs stay open');
  } finally {
    await other.close();
  }
});

test('agent API: every call needs Authorization: Bearer <token>; 401 with a WWW-Authenticate challenge otherwise', async () => {
  const { sim } = makeSim({ agentToken: 'test-agent-token-1' });
  const chat = await startChat(sim, 'customer-chat', { firstName: 'Ewa', lastName: 'Nowak' });
  const calls = [
    ['/api/agent/chats', undefined],
    ['/api/agent/chats?ended=1', undefined],
    [`/api/agent/chats/${chat.chatId}/accept`, { name: 'X' }],
    [`/api/agent/chats/${chat.chatId}/transcript?from=1`, undefined],
    ['/api/agent/unknown', undefined],
  ];
  for (const [path, body] of calls) {
    for (const authorization of [undefined, 'Bearer', 'Bearer wrong-token-123', 'Basic dGVzdA==', 'Bearer test-agent-token-1x']) {
      const r = await call(sim, path, { json: body, headers: authorization ? { authorization } : {} });
      assert.equal(r.status, 401, `${path} with ${authorization}`);
      assert.match(r.res.headers.get('www-authenticate'), /^Bearer realm="live-assist agent console"/);
      assert.doesNotMatch(JSON.stringify(r.body), /Ewa/, 'no visitor data in the refusal');
    }
  }
  const ok = await call(sim, '/api/agent/chats', { headers: { authorization: 'Bearer test-agent-token-1' } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.chats[0].visitorName, 'Ewa Nowak');
  assert.equal((await call(sim, '/api/agent/chats', { headers: { authorization: 'bearer   test-agent-token-1' } })).status, 200, 'scheme is case-insensitive');
});

test('agent API: without an agentToken option each simulator gets its own random token', async () => {
  const a = makeSim().sim;
  const b = makeSim().sim;
  assert.match(a.agentToken, /^[0-9a-f]{48}$/);
  assert.notEqual(a.agentToken, b.agentToken);
  assert.equal((await call(a, '/api/agent/chats', { headers: { authorization: `Bearer ${b.agentToken}` } })).status, 401);
  assert.throws(() => makeSim({ agentToken: 'short' }), /agentToken/);
});

test('demo server: the token comes from the agentToken option, else is generated; the HTTP agent API needs it', async () => {
  assert.match(server.agentToken, /^[0-9a-f]{48}$/);
  assert.equal((await fetch(server.url + '/api/agent/chats')).status, 401);
  assert.equal((await fetch(server.url + '/api/agent/chats', { headers: { authorization: `Bearer ${server.agentToken}` } })).status, 200);
  const chosen = await startServer({ port: 0, agentToken: 'chosen-token-for-tests' });
  try {
    assert.equal(chosen.agentToken, 'chosen-token-for-tests');
    assert.equal((await fetch(chosen.url + '/api/agent/chats', { headers: { authorization: 'Bearer chosen-token-for-tests' } })).status, 200);
  } finally {
    await chosen.close();
  }
});

/**
 * Run `node demo/server.mjs` on a free port until it has printed its start lines, then stop it.
 * @param {Record<string, string | undefined>} env
 */
async function runServerCli(env) {
  const script = fileURLToPath(new URL('../../demo/server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { env: { ...process.env, PORT: '0', AGENT_TOKEN: undefined, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 10000;
  while (!/agent console/.test(out) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
  child.kill('SIGTERM');
  await exited;
  return out;
}

test('npm start (node demo/server.mjs) prints a generated token, or uses AGENT_TOKEN without printing it', async () => {
  const generated = await runServerCli({});
  assert.match(generated, /agent console token ([0-9a-f]{48})/);
  assert.match(generated, /\/agent#token=[0-9a-f]{48}/);
  const fromEnv = await runServerCli({ AGENT_TOKEN: 'my-own-agent-token' });
  assert.match(fromEnv, /asks for the token in AGENT_TOKEN/);
  assert.doesNotMatch(fromEnv, /my-own-agent-token/, 'a chosen secret is not echoed');
  const bad = await runServerCli({ AGENT_TOKEN: 'a b' });
  assert.match(bad, /AGENT_TOKEN must be/);
});
