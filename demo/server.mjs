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
import { stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join, normalize, resolve, sep, extname } from 'node:path';
import { createSimulator } from './simulator/index.js';
import { MAX_BODY_BYTES, randomKey } from './simulator/http.js';
import { isValidToken } from './simulator/security.js';
import { SIMULATOR_TEXTS, requestLanguage } from './simulator/texts.js';
import { sendStatic } from './static.js';
import { createRequire } from 'node:module';
import { attachCometD, COMETD_PATH } from './simulator/cometd.js';
import { attachCloudStream, CLOUD_STREAM_PATH } from './simulator/cloud.js';
import { attachWebMessaging, WEBMESSAGING_PATH } from './simulator/webmessaging.js';
import { WebSocketServer } from 'ws';

// The CometD project's own Node server (CommonJS) for the chat's Bayeux endpoint (docs/cometd.md).
const requireCjs = createRequire(import.meta.url);
const { createCometDServer } = requireCjs('cometd-nodejs-server');
const { AcknowledgedMessagesExtension } = requireCjs('cometd-nodejs-server/ack-extension');

/** Bayeux messages one request may carry (the client batches a few; more is not a chat client). */
export const MAX_BAYEUX_BATCH = 100;

const DEMO_DIR = fileURLToPath(new URL('.', import.meta.url));
const ROOT_DIR = resolve(DEMO_DIR, '..');

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
  // The demo requires Trusted Types: every widget, every end-to-end test and the agent console run with
  // only the library's two policies allowed (ours for sanitised HTML, lit-html's for the launchers' templates).
  "require-trusted-types-for 'script'",
  'trusted-types live-assist lit-html',
].join('; ');

/**
 * The agent console replays the visitor's page with rrweb's Replayer, which writes the replayed document's
 * doctype with document.write and puts back the page's own inline styles: its page alone allows inline
 * styles and requires no Trusted Types. Scripts stay 'self' (no eval); the visitors' pages keep CSP.
 */
export const AGENT_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
  .replace("; require-trusted-types-for 'script'", '')
  .replace('; trusted-types live-assist lit-html', '');

/**
 * The Genesys Widgets page (/genesys) also allows the policy name 'default': its extension is handed
 * jQuery 3, which writes HTML strings, and the drop-in's default policy sanitises them
 * (src/genesys/trusted.ts, docs/migrating-from-genesys.md).
 */
export const GENESYS_CSP = CSP.replace('trusted-types live-assist lit-html', 'trusted-types live-assist lit-html default');

/** Pretty page routes → files under demo/. */
const PAGES = {
  '/': 'index.html',
  '/index.html': 'index.html',
  '/en': 'en.html',
  '/en/': 'en.html',
  '/en/headless': 'headless.html',
  '/en/headless/': 'headless.html',
  '/genesys': 'genesys.html',
  '/genesys/': 'genesys.html',
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
  // rrweb's build for the agent console's replayer (demo/agent/cobrowse.js).
  ['/vendor/rrweb/', join(rootDir, 'node_modules', 'rrweb', 'dist')],
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

/** Defaults for how long a client may take to send a request's headers and then its body. */
export const HEADERS_TIMEOUT_MS = 20000;
export const BODY_TIMEOUT_MS = 30000;

/**
 * Read a request body within a time limit: a client whose Content-Length promises more than it sends
 * must not hold the connection (and its buffers) open.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} timeoutMs
 * @returns {Promise<Buffer | 'too-large' | 'timeout'>}
 */
function readRequestBody(req, timeoutMs) {
  return new Promise((resolveBody, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let tooBig = false;
    const timer = setTimeout(() => {
      chunks.length = 0;
      req.removeAllListeners('data');
      resolveBody('timeout');
    }, timeoutMs);
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooBig = true;
        chunks.length = 0;
        return;
      }
      if (!tooBig) chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      resolveBody(tooBig ? 'too-large' : Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * One of the server's own errors in the request's language (Accept-Language).
 * @param {import('node:http').ServerResponse} res
 * @param {import('node:http').IncomingMessage} req
 * @param {keyof typeof SIMULATOR_TEXTS.en} text
 * @param {number} status
 * @param {Record<string, string>} [headers]
 */
function sendError(res, req, text, status, headers = {}) {
  const lang = requestLanguage({ headers: { get: (name) => String(req.headers[name] ?? '') || null } });
  sendJson(res, status, { error: SIMULATOR_TEXTS[lang][text], status }, { 'content-language': lang, ...headers });
}

/** Host names that mean this machine. */
const LOOPBACK_NAMES = /^(localhost|[a-z0-9-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * The host names the control and agent APIs answer, whatever the server listens on: loopback names, the
 * listening host when it is a name or an address of its own (not 0.0.0.0 / ::), and `allowedHosts`. A page
 * whose own domain is rebound to this server's address (DNS rebinding) is same-origin with itself, not with
 * us, and its Host header names its domain: refused.
 * @param {string} listenHost @param {readonly string[]} allowed
 * @returns {(hostname: string) => boolean}
 */
function hostCheck(listenHost, allowed) {
  const names = new Set(allowed.map((name) => name.trim().toLowerCase()).filter(Boolean));
  if (listenHost !== '0.0.0.0' && listenHost !== '::') names.add(listenHost.includes(':') ? `[${listenHost}]` : listenHost.toLowerCase());
  return (hostname) => LOOPBACK_NAMES.test(hostname) || names.has(hostname.toLowerCase());
}

/**
 * @typedef {object} StartOptions
 * @property {number} [port] default 8080; 0 = any free port
 * @property {string} [host] default 127.0.0.1
 * @property {string[]} [allowedHosts] host names besides loopback ones (and `host`) that the control and agent
 *   APIs answer (ALLOWED_HOSTS, comma-separated, when run directly)
 * @property {import('./simulator/index.js').SimulatorOptions} [simulator]
 * @property {string} [rootDir] repository root (dist/, locales/)
 * @property {(line: string) => void} [log] default: nothing
 * @property {string} [agentToken] bearer token of /api/agent/* (default: random; `agentToken` in the result)
 * @property {number} [headersTimeoutMs] time to send the request headers, default {@link HEADERS_TIMEOUT_MS}
 * @property {number} [bodyTimeoutMs] time to send the request body once the headers are in, default {@link BODY_TIMEOUT_MS}
 * @property {{ timeout?: number, maxInterval?: number }} [cometd] the Bayeux server's long-poll hold and session
 *   expiry in ms (defaults 30000 and 10000, the CometD server's own)
 */

/**
 * Start the demo server.
 * @param {StartOptions} [options]
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void>, simulator: import('./simulator/index.js').Simulator, server: import('node:http').Server, agentToken: string, cometd: ReturnType<typeof attachCometD>, cloud: ReturnType<typeof attachCloudStream>, webmessaging: ReturnType<typeof attachWebMessaging> }>}
 */
export async function startServer(options = {}) {
  const rootDir = options.rootDir || ROOT_DIR;
  const log = options.log || (() => {});
  const agentToken = options.agentToken ?? options.simulator?.agentToken ?? randomKey(24);
  if (!isValidToken(agentToken)) throw new TypeError('The agent token must be 8 to 200 characters of A-Z a-z 0-9 - . _ ~ + /');
  const headersTimeoutMs = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? BODY_TIMEOUT_MS;
  const listenHost = options.host ?? '127.0.0.1';
  const hostAllowed = hostCheck(listenHost, options.allowedHosts ?? []);
  const simulator = createSimulator({
    ...options.simulator,
    agentToken,
    onError: (e, request) => log(`simulator error on ${request.method} ${request.url}: ${e instanceof Error ? e.stack : String(e)}`),
  });

  // The chat over Bayeux (demo/simulator/cometd.js) on the CometD Node server, at /api/cometd.
  const bayeux = createCometDServer({
    timeout: options.cometd?.timeout ?? 30000,
    maxInterval: options.cometd?.maxInterval ?? 10000,
    // A second /meta/connect of one client while one is held is the client's fault: 400, not the library's 500.
    duplicateMetaConnectHttpResponseCode: 400,
  });
  /** @type {Set<import('node:http').ServerResponse>} Bayeux requests being answered (long polls held) */
  const bayeuxPending = new Set();
  const cometd = attachCometD(simulator, bayeux, {
    ackExtension: new AcknowledgedMessagesExtension(),
    dropConnections: () => {
      for (const res of bayeuxPending) res.destroy();
      bayeuxPending.clear();
    },
  });

  const server = createServer(
    {
      headersTimeout: headersTimeoutMs,
      // Node's own limit for the whole request is the backstop; the body timer below answers first.
      requestTimeout: headersTimeoutMs + bodyTimeoutMs + 1000,
      connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
    },
    async (req, res) => {
      try {
        const host = req.headers.host || 'localhost';
        let url;
        try {
          url = new URL(req.url || '/', `http://${host}`);
        } catch {
          return sendJson(res, 400, { error: 'Bad request URL', status: 400 });
        }
        const method = (req.method || 'GET').toUpperCase();
        // Every request's body is read (or discarded) within the time limit, whatever the path.
        const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;
        const body = hasBody ? await readRequestBody(req, bodyTimeoutMs) : undefined;
        if (body === 'timeout') {
          log(`request body timed out after ${bodyTimeoutMs} ms: ${method} ${url.pathname}`);
          return sendError(res, req, 'requestTimeout', 408, { connection: 'close' });
        }
        if (body === 'too-large') return sendError(res, req, 'bodyTooLarge', 413);

        if (url.pathname === COMETD_PATH || url.pathname.startsWith(COMETD_PATH + '/')) {
          if (method !== 'POST') return sendJson(res, 405, { error: 'Method not allowed', status: 405 });
          let messages;
          try {
            messages = JSON.parse(body ? body.toString('utf8') : '');
          } catch {
            return sendJson(res, 400, { error: 'A Bayeux request is a JSON array of messages', status: 400 });
          }
          if (
            !Array.isArray(messages) ||
            !messages.length ||
            messages.length > MAX_BAYEUX_BATCH ||
            !messages.every((m) => m && typeof m === 'object' && !Array.isArray(m))
          ) {
            return sendJson(res, 400, { error: `A Bayeux request is a JSON array of 1 to ${MAX_BAYEUX_BATCH} messages`, status: 400 });
          }
          // The library fails a batched handshake as a protocol violation with 500: it is the request's fault.
          if (messages.length > 1 && messages.some((m) => m.channel === '/meta/handshake')) {
            return sendJson(res, 400, { error: 'A Bayeux handshake is sent alone, not in a batch', status: 400 });
          }
          /** @type {any} */ (req).body = messages;
          bayeuxPending.add(res);
          res.on('close', () => bayeuxPending.delete(res));
          res.setHeader('cache-control', 'no-store');
          bayeux.handle(req, res);
          return;
        }

        const sensitive = url.pathname === '/__control' || url.pathname.startsWith('/__control/') || url.pathname.startsWith('/api/agent/');
        if (sensitive && !hostAllowed(url.hostname)) {
          return sendJson(res, 403, {
            error: `Host ${url.hostname.slice(0, 80)} refused: the control and agent APIs answer only localhost and the names in ALLOWED_HOSTS`,
            status: 403,
          });
        }

        if (url.pathname.startsWith('/api/') || url.pathname === '/__control' || url.pathname.startsWith('/__control/')) {
          /** @type {[string, string][]} */
          const headers = [];
          for (const [k, v] of Object.entries(req.headers)) {
            if (v === undefined || k.startsWith(':')) continue;
            headers.push([k, Array.isArray(v) ? v.join(', ') : v]);
          }
          let request;
          try {
            const payload = method !== 'GET' && method !== 'HEAD' && body && body.length ? body : undefined;
            request = new Request(url, { method, headers, body: /** @type {BodyInit | undefined} */ (/** @type {unknown} */ (payload)) });
          } catch {
            return sendJson(res, 400, { error: 'Malformed request', status: 400 });
          }
          const response = await simulator.handle(request);
          if (!response) return sendError(res, req, 'notFound', 404);
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
        // Compressed as the browser asks, hashed chunks immutable, the rest revalidated (demo/static.js).
        await sendStatic(req, res, {
          file,
          pathname,
          info,
          head: method === 'HEAD',
          headers:
            extname(file).toLowerCase() === '.html'
              ? { 'content-security-policy': file.endsWith('genesys.html') ? GENESYS_CSP : file === join(DEMO_DIR, 'agent', 'index.html') ? AGENT_CSP : CSP }
              : {},
        });
      } catch (e) {
        log(`server error: ${e instanceof Error ? e.stack : String(e)}`);
        if (!res.headersSent) sendError(res, req, 'internalError', 500);
        else res.destroy();
      }
    },
  );
  // The cloud chat's event stream (demo/simulator/cloud.js): a WebSocket upgrade on its path, by the `ws`
  // package's server (docs/cloud.md); every other upgrade is refused.
  const cloud = attachCloudStream(simulator);
  // Web Messaging's guest socket (demo/simulator/webmessaging.js) at /v1, as on webmessaging.{region}.
  const webmessaging = attachWebMessaging(simulator);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    let url;
    try {
      url = new URL(req.url || '/', `http://${req.headers.host || 'localhost'}`);
    } catch {
      url = undefined;
    }
    if (url && url.pathname === WEBMESSAGING_PATH) {
      const socketURL = url;
      wss.handleUpgrade(req, socket, head, (ws) => webmessaging.connect(ws, socketURL, String(req.headers['accept-language'] ?? '')));
      return;
    }
    if (!url || !url.pathname.startsWith(CLOUD_STREAM_PATH + '/')) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const streamURL = url;
    wss.handleUpgrade(req, socket, head, (ws) => cloud.connect(ws, streamURL));
  });

  server.on('clientError', (err, socket) => {
    // Headers that never complete (or a request past Node's whole-request limit) are 408, as Node
    // itself would answer; anything unparsable is 400.
    const timeout = /** @type {NodeJS.ErrnoException} */ (err).code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (socket.writable)
      socket.end(timeout ? 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n' : 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const host = listenHost;
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
    agentToken,
    cometd,
    cloud,
    webmessaging,
    close() {
      closing ||= new Promise((resolveClose) => {
        simulator.dispose();
        bayeux.close();
        cloud.close();
        webmessaging.close();
        wss.close();
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
  const envToken = process.env.AGENT_TOKEN || undefined;
  if (envToken !== undefined && !isValidToken(envToken)) {
    console.error('live-assist demo: AGENT_TOKEN must be 8 to 200 characters of A-Z a-z 0-9 - . _ ~ + /');
    process.exit(1);
  }
  try {
    const allowedHosts = (process.env.ALLOWED_HOSTS || '').split(',').filter((name) => name.trim());
    const running = await startServer({
      port,
      host: process.env.HOST || '127.0.0.1',
      allowedHosts,
      agentToken: envToken,
      log: (l) => console.error(l),
      simulator: { botRichMedia: true },
    });
    const base = `http://localhost:${running.port}`;
    console.log(
      `live-assist demo: open ${base}/ (Polish deployment), /genesys (the same as a Widgets 9 page), /en, /en/headless (a chat UI of its own), /agent, /kontakt — Ctrl+C to stop`,
    );
    console.log(
      envToken
        ? 'live-assist demo: the agent console (/agent) asks for the token in AGENT_TOKEN'
        : `live-assist demo: agent console token ${running.agentToken} — the console asks for it once, or open ${base}/agent#token=${running.agentToken} (set AGENT_TOKEN to choose your own)`,
    );
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
