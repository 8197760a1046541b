// @ts-check
/**
 * Static files the way a CDN serves them (issue 17 item 5): compressed with brotli or gzip as the browser
 * asks (`Accept-Encoding`), each file compressed once per version and kept; hashed chunks of the built
 * library (`/dist/name-HASH.js`) cached for a year as immutable, everything else revalidated with an ETag
 * (a 304 when unchanged). Node's zlib only: no dependency.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

/** Types worth compressing (text); images, fonts and PDFs are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.md']);
/** Smaller than this, compression saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;
/** A rollup chunk name with its content hash (`chat.view-BSX_GuRE.js`): its URL never changes content. */
const HASHED = /^\/dist\/.+-[A-Za-z0-9_-]{8}\.js$/;
/** The most compressed versions kept (file × encoding); the demo's files are far fewer. */
const MAX_CACHED = 500;

/** @type {Map<string, Buffer>} key: path, mtime, size, encoding */
const compressed = new Map();

/**
 * The encoding to answer with for an `Accept-Encoding` header: br before gzip, none when neither is
 * accepted (a `q=0` refuses one).
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
export function chooseEncoding(header) {
  if (!header) return null;
  /** @type {Map<string, number>} */
  const accepted = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (/** @type {string} */ name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

/**
 * @param {Buffer} data
 * @param {'br' | 'gzip'} encoding
 */
function compress(data, encoding) {
  return encoding === 'br'
    ? brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } })
    : gzipSync(data, { level: 9 });
}

/**
 * Answers a GET or HEAD for `file` (already resolved inside an allowed directory, `info` its stat).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {{ file: string, pathname: string, info: import('node:fs').Stats, head: boolean, headers?: Record<string, string> }} options
 */
export async function sendStatic(req, res, { file, pathname, info, head, headers: extra = {} }) {
  const ext = extname(file).toLowerCase();
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const encoding = COMPRESSIBLE.has(ext) && info.size >= MIN_COMPRESS_BYTES ? chooseEncoding(req.headers['accept-encoding']) : null;
  /** @type {Record<string, string | number>} */
  const headers = {
    'content-type': /** @type {Record<string, string>} */ (MIME)[ext] || 'application/octet-stream',
    'cache-control': HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag: encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    ...extra,
  };
  if (COMPRESSIBLE.has(ext)) headers.vary = 'accept-encoding';
  if (req.headers['if-none-match'] === headers.etag) {
    res.writeHead(304, { etag: String(headers.etag), 'cache-control': String(headers['cache-control']), ...(headers.vary ? { vary: 'accept-encoding' } : {}) });
    res.end();
    return;
  }
  /** @type {Buffer} */
  let body = await readFile(file);
  if (encoding) {
    const key = `${file}\0${info.mtimeMs}\0${info.size}\0${encoding}`;
    let packed = compressed.get(key);
    if (!packed) {
      packed = compress(body, encoding);
      if (compressed.size >= MAX_CACHED) compressed.delete(/** @type {string} */ (compressed.keys().next().value));
      compressed.set(key, packed);
    }
    body = packed;
    headers['content-encoding'] = encoding;
  }
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(head ? undefined : body);
}
