// The demo server serves static files like a CDN (issue 17 item 5): brotli or gzip as asked, hashed
// chunks immutable for a year, the rest revalidated by ETag (304). A library folder of its own (rootDir)
// so the test does not need a build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer } from '../../demo/server.mjs';
import { chooseEncoding } from '../../demo/static.js';

const root = mkdtempSync(join(tmpdir(), 'la-static-'));
const chunk = `export const words = ${JSON.stringify('lorem ipsum dolor sit amet '.repeat(400))};\n`;
let server;

before(async () => {
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'live-assist.js'), chunk);
  writeFileSync(join(root, 'dist', 'chat.view-BSX_GuRE.js'), chunk);
  writeFileSync(join(root, 'dist', 'tiny-AbCdEf12.js'), 'export {};\n');
  server = await startServer({ port: 0, rootDir: root });
});
after(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

/** A raw GET (no decoding), resolving status, headers and the body bytes as sent. */
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(server.url + path, { headers }, (res) => {
      const parts = [];
      res.on('data', (part) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('brotli when the browser accepts it, gzip when only that, identity otherwise; the bytes decode to the file', async () => {
  const br = await get('/dist/live-assist.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(Number(br.headers['content-length']), br.body.length);
  assert.ok(br.body.length < chunk.length / 10, `compressed to ${br.body.length} of ${chunk.length} bytes`);
  assert.equal(brotliDecompressSync(br.body).toString(), chunk);
  assert.equal(br.headers.vary, 'accept-encoding');

  const gz = await get('/dist/live-assist.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), chunk);

  const plain = await get('/dist/live-assist.js');
  assert.equal(plain.headers['content-encoding'], undefined);
  assert.equal(plain.body.toString(), chunk);
  // Distinct ETags per encoding, so a cache never serves one for the other.
  assert.equal(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size, 3);
});

test('hashed chunks are immutable for a year; the loader (a stable URL) and pages are revalidated', async () => {
  assert.equal((await get('/dist/chat.view-BSX_GuRE.js')).headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal((await get('/dist/live-assist.js')).headers['cache-control'], 'no-cache');
  const page = await get('/', { 'accept-encoding': 'br' });
  assert.equal(page.status, 200);
  assert.equal(page.headers['cache-control'], 'no-cache');
  assert.ok(page.headers['content-security-policy'], 'pages keep their CSP');
});

test('an unchanged file answers 304 to its ETag, without a body', async () => {
  const first = await get('/dist/live-assist.js', { 'accept-encoding': 'br' });
  const again = await get('/dist/live-assist.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal(again.headers.etag, first.headers.etag);
  const other = await get('/dist/live-assist.js', { 'accept-encoding': 'br', 'if-none-match': '"stale"' });
  assert.equal(other.status, 200);
});

test('tiny files and images are not compressed', async () => {
  assert.equal((await get('/dist/tiny-AbCdEf12.js', { 'accept-encoding': 'br' })).headers['content-encoding'], undefined);
});

test('Accept-Encoding: q=0 refuses, * accepts, br is preferred', () => {
  assert.equal(chooseEncoding('gzip, br'), 'br');
  assert.equal(chooseEncoding('br;q=0, gzip'), 'gzip');
  assert.equal(chooseEncoding('br;q=0, gzip;q=0'), null);
  assert.equal(chooseEncoding('*'), 'br');
  assert.equal(chooseEncoding('identity'), null);
  assert.equal(chooseEncoding(undefined), null);
});
