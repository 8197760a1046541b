// @ts-check
/**
 * The one demo server: static demo pages + the built library + the simulated contact-centre APIs.
 *
 *   node demo/server.mjs            # PORT=8080 by default, HOST=127.0.0.1 by default
 *
 * Tests: `const { url, close } = await startServer({ port: 0 })`.
 * Node's http is adapted to the simulator's Fetch-API handler (demo/simulator/index.js).
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, normalize, resolve, sep, extname } from 'node:path';
import { createSimulator } from './simulator/index.js';
import { MAX_BODY_BYTES } from './simulator/http.js';

const DEMO_DIR = fileURLToPath(new URL('.', import.meta.url));
const ROOT_DIR = resolve(DEMO_DIR, '..');

const MIME = {
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

/** Strict CSP for the demo pages: no inline script or style attributes anywhere. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Pretty page routes → files under demo/. */
const PAGES = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/en': 'en.html',
  '/en/': 'en.html',
  '/kontakt': 'kontakt.html',
  '/kontakt/': 'kontakt.html',
  '/ankieta': 'ankieta.html',
  '/agent': 'agent/index.html',
  '/agent/': 'agent/index.html',
  '/ochrona-danych.pdf': 'ochrona-danych.pdf',
  '/favicon.ico': 'assets/favicon.svg',
};

/**
 * URL prefix → directory it is served from.
 * @param {string} demoDir
 * @param {string} rootDir
 */
const mounts = (demoDir, rootDir) => [
  ['/dist/', join(rootDir, 'dist')],
  ['/locales/', join(rootDir, 'locales')],
  ['/styles/', join(rootDir, 'styles')],
  ['/assets/', join(demoDir, 'assets')],
  ['/agent/', join(demoDir, 'agent')],
];

/**
 * Resolve a URL path to a file path inside an allowed directory, or null.
 * @param {string} pathname decoded path
 * @param {string} demoDir
 * @param {string} rootDir
 */
export function resolveStatic(pathname, demoDir = DEMO_DIR, rootDir = ROOT_DIR) {
  if (pathname.includes('\0')) return null;
  const page = /** @type {Record<string, string>} */ (PAGES)[pathname];
  if (page) return join(demoDir, page);
  for (const [prefix, dir] of mounts(demoDir, rootDir)) {
    if (pathname.startsWith(prefix)) {
      const rel = pathname.slice(prefix.length);
      const file = normalize(join(dir, rel));
      if (file !== dir && !file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return null;
      return file;
    }
  }
  return null;
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Buffer | null>} null when the body exceeds the limit
 */
function readRequestBody(req) {
  return new Promise((resolveBody, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooBig = true;
        chunks.length = 0;
        return;
      }
      if (!tooBig) chunks.push(chunk);
    });
    req.on('end', () => resolveBody(tooBig ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * @typedef {object} StartOptions
 * @property {number} [port] default 8080; 0 = any free port
 * @property {string} [host] default 127.0.0.1
 * @property {import('./simulator/index.js').SimulatorOptions} [simulator]
 * @property {string} [rootDir] repository root (dist/, locales/)
 * @property {(line: string) => void} [log] default: nothing
 */

/**
 * Start the demo server.
 * @param {StartOptions} [options]
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void>, simulator: import('./simulator/index.js').Simulator, server: import('node:http').Server }>}
 */
export async function startServer(options = {}) {
  const rootDir = options.rootDir || ROOT_DIR;
  const log = options.log || (() => {});
  const simulator = createSimulator({
    ...options.simulator,
    onError: (e, request) => log(`simulator error on ${request.method} ${request.url}: ${e instanceof Error ? e.stack : String(e)}`),
  });

  const server = createServer(async (req, res) => {
    try {
      const host = req.headers.host || 'localhost';
      let url;
      try {
        url = new URL(req.url || '/', `http://${host}`);
      } catch {
        return sendJson(res, 400, { error: 'Bad request URL', status: 400 });
      }
      const method = (req.method || 'GET').toUpperCase();

      if (url.pathname.startsWith('/api/') || url.pathname === '/__control' || url.pathname.startsWith('/__control/')) {
        const body = method === 'GET' || method === 'HEAD' ? undefined : await readRequestBody(req);
        if (body === null) return sendJson(res, 413, { error: 'Request body too large', status: 413 });
        /** @type {[string, string][]} */
        const headers = [];
        for (const [k, v] of Object.entries(req.headers)) {
          if (v === undefined || k.startsWith(':')) continue;
          headers.push([k, Array.isArray(v) ? v.join(', ') : v]);
        }
        let request;
        try {
          request = new Request(url, { method, headers, body: body && body.length ? /** @type {BodyInit} */ (/** @type {unknown} */ (body)) : undefined });
        } catch {
          return sendJson(res, 400, { error: 'Malformed request', status: 400 });
        }
        const response = await simulator.handle(request);
        if (!response) return sendJson(res, 404, { error: 'Not found', status: 404 });
        if (response.type === 'error') {
          // Injected "drop": close the connection without an answer.
          req.socket.destroy();
          return;
        }
        const buf = Buffer.from(await response.arrayBuffer());
        /** @type {Record<string, string>} */
        const outHeaders = {};
        response.headers.forEach((v, k) => {
          outHeaders[k] = v;
        });
        outHeaders['content-length'] = String(buf.length);
        res.writeHead(response.status, outHeaders);
        res.end(method === 'HEAD' ? undefined : buf);
        return;
      }

      if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { error: 'Method not allowed', status: 405 });
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        return sendJson(res, 400, { error: 'Bad path encoding', status: 400 });
      }
      const file = resolveStatic(pathname, DEMO_DIR, rootDir);
      if (!file) return notFound(res);
      let info;
      try {
        info = await stat(file);
      } catch {
        return notFound(res);
      }
      if (!info.isFile()) return notFound(res);
      const data = await readFile(file);
      const ext = extname(file).toLowerCase();
      /** @type {Record<string, string | number>} */
      const headers = {
        'content-type': /** @type {Record<string, string>} */ (MIME)[ext] || 'application/octet-stream',
        'content-length': data.length,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
      };
      if (ext === '.html') headers['content-security-policy'] = CSP;
      res.writeHead(200, headers);
      res.end(method === 'HEAD' ? undefined : data);
    } catch (e) {
      log(`server error: ${e instanceof Error ? e.stack : String(e)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal server error', status: 500 });
      else res.destroy();
    }
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => {
      server.off('error', reject);
      resolveListen(undefined);
    });
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const shownHost = host === '0.0.0.0' || host === '::' || host === '127.0.0.1' ? 'localhost' : host;
  const url = `http://${host === '127.0.0.1' ? '127.0.0.1' : shownHost}:${address.port}`;
  let closing = /** @type {Promise<void> | null} */ (null);
  return {
    url,
    port: address.port,
    server,
    simulator,
    close() {
      closing ||= new Promise((resolveClose) => {
        simulator.dispose();
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** @param {import('node:http').ServerResponse} res */
function notFound(res) {
  const text = 'Not found';
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'content-length': text.length });
  res.end(text);
}

// Run directly: node demo/server.mjs
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const port = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`live-assist demo: PORT must be a port number, got ${process.env.PORT}`);
    process.exit(1);
  }
  try {
    const running = await startServer({ port, host: process.env.HOST || '127.0.0.1', log: (l) => console.error(l) });
    const base = `http://localhost:${running.port}`;
    console.log(`live-assist demo: open ${base}/ (Polish deployment), /en, /agent, /kontakt — Ctrl+C to stop`);
    if (!existsSync(join(ROOT_DIR, 'dist', 'live-assist.js'))) {
      console.log('live-assist demo: dist/live-assist.js not found — run `npm run build` (or `npm start`) so the widgets appear.');
    }
    let stopping = false;
    const stop = (/** @type {string} */ signal) => {
      if (stopping) process.exit(1);
      stopping = true;
      console.log(`live-assist demo: ${signal} received, stopping…`);
      running.close().then(() => process.exit(0));
      setTimeout(() => process.exit(0), 3000).unref();
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  } catch (e) {
    const err = /** @type {NodeJS.ErrnoException} */ (e);
    if (err.code === 'EADDRINUSE') console.error(`live-assist demo: port ${port} is already in use — set PORT to another number, e.g. PORT=8081 npm start`);
    else console.error(`live-assist demo: could not start: ${err.message}`);
    process.exit(1);
  }
}
