import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSim, call } from './helpers.mjs';

const valid = { firstName: 'Anna', lastName: 'Nowak', fromAddress: 'anna@example.com', subject: 'Wpłaty', text: 'Ile wynosi wpłata pracodawcy?' };

/** @param {Record<string, string>} fields @param {File[]} files */
function multipart(fields, files = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('files', f);
  return fd;
}

test('form-encoded success answers an interactionId and keeps userData key=value pairs', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/sendmessage', { form: { ...valid, userData: ['source=kontakt', 'lang=pl'] }, headers: { ContactCenterId: 'cc-1' } });
  assert.equal(r.status, 200);
  assert.match(r.body.interactionId, /^[0-9a-f-]{36}$/);
  const stored = (await call(sim, '/__control/messages', { headers: { authorization: `Bearer ${sim.agentToken}` } })).body.messages[0];
  assert.deepEqual(stored.userData, { source: 'kontakt', lang: 'pl' });
  assert.equal(stored.contactCenterId, 'cc-1');
});

test('multipart success with allowed attachments', async () => {
  const { sim } = makeSim();
  const files = [new File(['hello'], 'a.txt', { type: 'text/plain' }), new File([new Uint8Array(10)], 'b.pdf', { type: 'application/pdf' })];
  const r = await call(sim, '/api/sendmessage', { multipart: multipart(valid, files) });
  assert.equal(r.status, 200);
  assert.ok(r.body.interactionId);
});

test('validation 102, 103, 104, 181, 182 in one errors list (HTTP 400)', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/sendmessage', { form: {} });
  assert.equal(r.status, 400);
  assert.deepEqual(
    r.body.errors.map((e) => e.code),
    [102, 103, 104, 181, 182],
  );
  assert.equal(r.body.errors[0].message, 'First Name required');
  assert.equal(r.body.error, 'First Name required');
});

test('381 invalid from address, 383 invalid to address', async () => {
  const { sim } = makeSim();
  const r = await call(sim, '/api/sendmessage', { form: { ...valid, fromAddress: 'not-an-email', toAddress: 'also bad' } });
  assert.deepEqual(
    r.body.errors.map((e) => e.code),
    [381, 383],
  );
  assert.equal(r.body.errors[0].message, 'Invalid email - From address.');
});

test('201 too many attachments (message ends with the allowed count)', async () => {
  const { sim } = makeSim();
  const files = [1, 2, 3, 4].map((i) => new File(['x'], `${i}.txt`, { type: 'text/plain' }));
  const r = await call(sim, '/api/sendmessage', { multipart: multipart(valid, files) });
  assert.deepEqual(r.body.errors, [{ code: 201, message: 'Total number of attachments exceeds limit: 3' }]);
});

test('202 total size over the limit (configurable through the control API)', async () => {
  const { sim } = makeSim();
  await call(sim, '/__control/sendmessage', { json: { maxTotalSize: 1000 } });
  const r = await call(sim, '/api/sendmessage', { multipart: multipart(valid, [new File([new Uint8Array(1001)], 'big.png', { type: 'image/png' })]) });
  assert.deepEqual(r.body.errors, [{ code: 202, message: 'Total size of attachments exceeds limit: 1000' }]);
});

test('203 unsupported type (by extension or by MIME type)', async () => {
  const { sim } = makeSim();
  for (const f of [new File(['x'], 'run.exe', { type: 'application/x-msdownload' }), new File(['x'], 'fake.pdf', { type: 'text/html' })]) {
    const r = await call(sim, '/api/sendmessage', { multipart: multipart(valid, [f]) });
    assert.equal(r.body.errors[0].code, 203, f.name);
    assert.equal(r.body.errors[0].message, 'Unsupported file type. Please upload images, PDFs, text files and ZIPs.');
  }
});

test('limits endpoint and wrong methods / content types', async () => {
  const { sim } = makeSim();
  const l = await call(sim, '/api/sendmessage/limits');
  assert.deepEqual([l.body.maxFiles, l.body.maxTotalSize], [3, 5 * 1024 * 1024]);
  assert.equal((await call(sim, '/api/sendmessage')).status, 405);
  const j = await call(sim, '/api/sendmessage', { json: valid });
  assert.equal(j.status, 415);
  assert.ok(j.body.error);
  const broken = await call(sim, '/api/sendmessage', { body: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=zzz' } });
  assert.equal(broken.status, 400);
  assert.match(broken.body.error, /multipart/i);
});
