import { expect } from '@esm-bundle/chai';
import { checkFiles, extensionOf } from '../../src/services/chat/files.ts';
import { formatSize as formatBytes, shortFileName } from '../../src/app/bytes.ts';
import type { FileLimits } from '../../src/services/chat/types.ts';

const limits = (extra: Partial<FileLimits> = {}): FileLimits => ({
  types: ['jpg', 'pdf', 'txt'],
  needAgent: false,
  maxFileSize: 100,
  maxFiles: 3,
  maxTotalSize: 250,
  ...extra,
});
const state = { uploadedCount: 0, uploadedBytes: 0, agentConnected: true };
const file = (name: string, size = 10) => ({ name, size });

describe('chat file checks (web-chat.md §5)', () => {
  it('allowed files within every limit pass', () => {
    expect(checkFiles([file('a.txt'), file('B.PDF', 100), file('photo.Jpg')], limits(), state)).to.deep.equal([]);
  });

  it('201: more files than the chat allows, counting those already uploaded, with the maximum', () => {
    expect(checkFiles([file('a.txt'), file('b.txt')], limits(), { ...state, uploadedCount: 1 })).to.deep.equal([]);
    expect(checkFiles([file('a.txt'), file('b.txt')], limits(), { ...state, uploadedCount: 2 })).to.deep.equal([{ code: 201, max: 3 }]);
    expect(checkFiles([file('a.txt'), file('b.txt'), file('c.txt'), file('d.txt')], limits(), state)).to.deep.equal([{ code: 201, max: 3 }]);
  });

  it('202: more bytes than the chat allows, counting those already uploaded, with the limit in bytes', () => {
    expect(checkFiles([file('a.txt', 100), file('b.txt', 100)], limits(), { ...state, uploadedBytes: 50 })).to.deep.equal([]);
    expect(checkFiles([file('a.txt', 100), file('b.txt', 100)], limits(), { ...state, uploadedBytes: 51 })).to.deep.equal([{ code: 202, max: 250 }]);
  });

  it('no count or total limit from the server: neither is checked', () => {
    const many = Array.from({ length: 10 }, (_, i) => file(`f${i}.txt`, 90));
    expect(checkFiles(many, limits({ maxFiles: undefined, maxTotalSize: undefined }), state)).to.deep.equal([]);
  });

  it('203: a file whose type is not allowed, by name (no extension, a trailing dot, a dot file)', () => {
    expect(checkFiles([file('run.exe'), file('a.txt'), file('README'), file('x.'), file('.txt')], limits({ maxFiles: undefined }), state)).to.deep.equal([
      { code: 203, name: 'run.exe' },
      { code: 203, name: 'README' },
      { code: 203, name: 'x.' },
      { code: 203, name: '.txt' },
    ]);
  });

  it('size: a file over the per-file maximum names the file and the maximum (FileTransferSizeError)', () => {
    expect(checkFiles([file('big.pdf', 101), file('ok.pdf', 100)], limits({ maxTotalSize: undefined }), state)).to.deep.equal([
      { code: 'size', name: 'big.pdf', max: 100 },
    ]);
  });

  it('needAgent: only while an agent is connected when the server requires one', () => {
    expect(checkFiles([file('a.txt')], limits({ needAgent: true }), { ...state, agentConnected: false })).to.deep.equal([{ code: 'needAgent' }]);
    expect(checkFiles([file('a.txt')], limits({ needAgent: true }), state)).to.deep.equal([]);
    expect(checkFiles([file('a.txt')], limits({ needAgent: false }), { ...state, agentConnected: false })).to.deep.equal([]);
  });

  it('reports every problem at once, agent first, then count, total, and each file', () => {
    const problems = checkFiles([file('a.exe', 200), file('b.txt', 200)], limits({ needAgent: true, maxFiles: 1 }), { ...state, agentConnected: false });
    expect(problems).to.deep.equal([
      { code: 'needAgent' },
      { code: 201, max: 1 },
      { code: 202, max: 250 },
      { code: 203, name: 'a.exe' },
      { code: 'size', name: 'a.exe', max: 100 },
      { code: 'size', name: 'b.txt', max: 100 },
    ]);
  });

  it('takes a FileList-like iterable of real Files', () => {
    const files = new Set([new File(['abc'], 'note.TXT'), new File(['x'], 'm.gif')]);
    expect(checkFiles(files, limits(), state)).to.deep.equal([{ code: 203, name: 'm.gif' }]);
  });

  it('extensionOf reads the last extension in lower case', () => {
    expect([extensionOf('a.tar.GZ'), extensionOf('noext'), extensionOf('.hidden'), extensionOf('end.')]).to.deep.equal(['gz', '', '', '']);
  });

  it('shortFileName keeps names of up to 36 characters and cuts longer ones to the first 16 and last 5', () => {
    const name36 = `${'a'.repeat(32)}.pdf`;
    expect(shortFileName(name36)).to.equal(name36);
    const name37 = `abcdefghijklmnop${'x'.repeat(16)}q.pdf`;
    expect(name37).to.have.length(37);
    expect(shortFileName(name37)).to.equal('abcdefghijklmnop…q.pdf');
    // Characters, not UTF-16 units: an emoji is never cut in half.
    expect(shortFileName(`${'😀'.repeat(20)}${'b'.repeat(20)}.txt`)).to.equal(`${'😀'.repeat(16)}…b.txt`);
  });

  it('formatSize (src/app/bytes.ts): bytes whole, larger units with one decimal (spec §9), 1024 apart, in the given language and unit names', () => {
    expect(formatBytes(500)).to.equal('500 bytes');
    expect(formatBytes(1023)).to.equal('1,023 bytes');
    expect(formatBytes(1024)).to.equal('1.0 KB');
    expect(formatBytes(1536)).to.equal('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).to.equal('5.0 MB');
    expect(formatBytes(10485760)).to.equal('10.0 MB');
    expect(formatBytes(3 * 1024 ** 3)).to.equal('3.0 GB');
    expect(formatBytes(-5)).to.equal('0 bytes');
    expect(formatBytes(1536, 'pl', (unit) => ({ bytes: 'B', kb: 'KB', mb: 'MB', gb: 'GB', tb: 'TB' })[unit])).to.equal('1,5 KB');
  });
});
