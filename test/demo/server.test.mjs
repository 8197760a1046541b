import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { waitFor } from '../helpers/wait.mjs';
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { startServer, CSP, AGENT_CSP } from '../../demo/server.mjs';

let server;
before(async () => {
  server = await startServer({ port: 0, simulator: { chat: { agentJoinDelayMs: 50, typingDelayMs: 10, replyDelayMs: 10 } } });
});
after(() => server.close());

const form = (o) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(o).toString() });

test('serves the demo pages with a strict CSP', async () => {
  for (const [path, needle] of [
    ['/', '<la-sidebar></la-sidebar>'],
    ['/en', 'Every widget, in English'],
    ['/en/headless', 'A chat of its own'],
    ['/kontakt', 'la-send-message'],
    ['/agent', 'Konsola konsultanta'],
    ['/ankieta', 'ankiety'],
  ]) {
    const r = await fetch(server.url + path);
    assert.equal(r.status, 200, path);
    assert.match(r.headers.get('content-type'), /text\/html/);
    assert.equal(r.headers.get('content-security-policy'), path === '/agent' ? AGENT_CSP : CSP, path);
    assert.ok((await r.text()).includes(needle), path);
  }
  // The agent console alone allows inline styles and no Trusted Types (rrweb's replayer); scripts stay 'self'.
  assert.equal(
    AGENT_CSP,
    CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace("; require-trusted-types-for 'script'; trusted-types live-assist lit-html", ''),
  );
  assert.match(AGENT_CSP, /script-src 'self';/);
  assert.doesNotMatch(AGENT_CSP, /unsafe-eval/);
  // Trusted Types required, with only the library's two policies (ours, lit-html's): every e2e test runs under it.
  assert.match(CSP, /require-trusted-types-for 'script'/);
  assert.match(CSP, /trusted-types live-assist lit-html(;|$)/);
});

test('the Polish page loads the config before the library and has no inline script or style', async () => {
  const html = await (await fetch(server.url + '/')).text();
  // Deferred: it runs before the module (document order) and does not block the first paint.
  const config = html.indexOf('<script defer src="/assets/deployment-config.js"></script>');
  const lib = html.indexOf('<script type="module" src="/dist/live-assist.js"></script>');
  assert.ok(config > 0 && lib > config);
  for (const page of ['/', '/en', '/en/headless', '/kontakt', '/agent', '/ankieta']) {
    const text = await (await fetch(server.url + page)).text();
    assert.doesNotMatch(text, /<script(?![^>]*\bsrc=)[^>]*>/, `${page}: inline script`);
    assert.doesNotMatch(text, /\sstyle=/, `${page}: style attribute`);
    assert.doesNotMatch(text, /<style/, `${page}: style element`);
    assert.doesNotMatch(text, /\son[a-z]+=/, `${page}: inline handler`);
    assert.doesNotMatch(text, /lorem ipsum/i);
  }
});

test('serves assets, the data-protection PDF (a valid PDF) and locales; 404 otherwise', async () => {
  const css = await fetch(server.url + '/assets/site.css');
  assert.match(css.headers.get('content-type'), /text\/css/);
  const pdf = await fetch(server.url + '/ochrona-danych.pdf');
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  const bytes = Buffer.from(await pdf.arrayBuffer());
  assertValidPdf(bytes);
  assert.equal((await fetch(server.url + '/nope.html')).status, 404);
  assert.equal((await fetch(server.url + '/dist/does-not-exist.js')).status, 404);
  assert.equal((await fetch(server.url + '/locales/pl.json')).status, 200);
});

test('path traversal is refused', async () => {
  for (const raw of ['/assets/../../package.json', '/assets/%2e%2e/%2e%2e/package.json', '/dist/..%2f..%2fpackage.json', '/assets/%00x', '/assets/%E0%A4%A']) {
    const status = await new Promise((resolve, reject) => {
      const req = httpRequest(server.url + '/', { path: raw }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    assert.ok(status === 404 || status === 400, `${raw} → ${status}`);
  }
});

test('documented simulator answers over HTTP: group EWT, stats v3, callback, send message, control', async () => {
  const ewt = await (await fetch(server.url + '/api/ewt/group?name=PPK_Chat')).json();
  assert.equal(ewt.ewt, 45);
  assert.ok(Math.abs(ewt.time - Date.now() / 1000) < 5);
  const v3 = await fetch(server.url + '/api/stats/v3?virtual-queues=PPK_Chat&mode=mode1', { headers: { 'x-api-key': 'demo-key' } });
  assert.deepEqual(await v3.json(), { data: [{ virtualQueue: 'PPK_Chat', estimatedWaitTime: 45, ewt: 45 }] });
  const cb = await fetch(server.url + '/api/callback/v3/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'demo-key' },
    body: JSON.stringify({ serviceName: 'ppk-callback', phoneNumber: '600000036' }),
  });
  assert.equal(cb.status, 400);
  assert.equal((await cb.json()).code, 7036);
  const fd = new FormData();
  for (const [k, v] of Object.entries({ firstName: 'A', lastName: 'B', fromAddress: 'a@b.pl', subject: 'S', text: 'T' })) fd.append(k, v);
  fd.append('files', new File(['x'], 'a.txt', { type: 'text/plain' }));
  const sm = await fetch(server.url + '/api/sendmessage', { method: 'POST', body: fd });
  assert.ok((await sm.json()).interactionId);
  const clock = await fetch(server.url + '/__control/clock', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ warsawTime: '18:00' }),
  });
  assert.match((await clock.json()).warsawTime, /T18:00/);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date((await (await fetch(server.url + '/api/ewt/group?name=PPK_Chat')).json()).time * 1000),
    ),
  );
  assert.equal(hour, 18);
  await fetch(server.url + '/__control/reset', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
});

test('a scripted chat over plain HTTP: start, agent answers, disconnect', async () => {
  const start = await (await fetch(server.url + '/api/chat/customer-chat', form({ firstName: 'Jan', text: 'Ile wynosi wpłata pracodawcy?' }))).json();
  assert.equal(start.statusCode, 0);
  const creds = { alias: start.alias, userId: start.userId, secureKey: start.secureKey };
  await waitFor(
    async () => {
      const r = await (await fetch(`${server.url}/api/chat/customer-chat/${start.chatId}/refresh`, form({ ...creds, transcriptPosition: '1' }))).json();
      return r.messages.find((m) => m.from.type === 'Agent' && m.type === 'Message' && /1,5%/.test(m.text));
    },
    { what: 'the scripted agent answer' },
  );
  const end = await (await fetch(`${server.url}/api/chat/customer-chat/${start.chatId}/disconnect`, form(creds))).json();
  assert.equal(end.chatEnded, true);
});

test('HTTP robustness: malformed JSON → 400 JSON; oversized body → 413; injected drop closes the socket; HEAD works', async () => {
  const bad = await fetch(server.url + '/__control/wait', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
  assert.equal(bad.status, 400);
  assert.ok((await bad.json()).error);
  const big = await fetch(server.url + '/api/sendmessage', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a='.padEnd(26 * 1024 * 1024, 'x'),
  });
  assert.equal(big.status, 413);
  await fetch(server.url + '/__control/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: 'ewt.group', dropRate: 1 }),
  });
  await assert.rejects(fetch(server.url + '/api/ewt/group?name=PPK_Chat'));
  await fetch(server.url + '/__control/faults', { method: 'DELETE' });
  const head = await fetch(server.url + '/', { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal((await fetch(server.url + '/', { method: 'DELETE' })).status, 405);
  assert.equal((await fetch(server.url + '/api/ewt/group?name=PPK_Chat')).status, 200, 'still serving');
});

test('two servers on port 0 are isolated', async () => {
  const other = await startServer({ port: 0 });
  try {
    assert.notEqual(other.url, server.url);
    await fetch(other.url + '/__control/wait', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queue: 'PPK_Chat', ewt: 1 }),
    });
    assert.equal((await (await fetch(server.url + '/api/ewt/group?name=PPK_Chat')).json()).ewt, 45);
  } finally {
    await other.close();
  }
});

test('the checked-in PDF is the one the generator writes', async () => {
  const { buildPdf, DATA_PROTECTION_NOTICE } = await import('../../demo/simulator/pdf.js');
  const file = readFileSync(new URL('../../demo/ochrona-danych.pdf', import.meta.url));
  assert.deepEqual(new Uint8Array(file), buildPdf(DATA_PROTECTION_NOTICE));
});

/** Structural PDF check: header, every xref offset points at its "n 0 obj", startxref points at xref, stream lengths match. */
function assertValidPdf(bytes) {
  const text = bytes.toString('latin1');
  assert.ok(text.startsWith('%PDF-1.'));
  assert.ok(text.trimEnd().endsWith('%%EOF'));
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)[1]);
  assert.equal(text.slice(startxref, startxref + 4), 'xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)).map(Number);
  assert.equal(first, 0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + count);
  entries.slice(1).forEach((line, i) => {
    const offset = Number(line.slice(0, 10));
    assert.equal(text.slice(offset, offset + `${i + 1} 0 obj`.length), `${i + 1} 0 obj`, `object ${i + 1}`);
  });
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const startAt = m.index + m[0].length;
    assert.equal(text.slice(startAt + Number(m[1]), startAt + Number(m[1]) + 9), 'endstream');
  }
  assert.match(text, /\/Root 1 0 R/);
}
