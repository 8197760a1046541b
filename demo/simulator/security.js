// @ts-check
/**
 * Who may call what: the control API only from the simulator's own pages (or a tool such as curl,
 * which sends no Origin), with JSON bodies; the agent API only with the agent token.
 * Web-standard only (runs under msw in a browser too).
 */
import { HttpError, sameKey } from './http.js';

/** Methods that change state: a cross-site page can send POST without asking first (a form post). */
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuse requests a browser sends on behalf of another site (CSRF). Browsers mark every request
 * with `Sec-Fetch-Site` and cross-origin or state-changing ones with `Origin`; tools like curl send
 * neither and are the user themselves, so a missing header passes. `Origin: null` (sandboxed frames,
 * file: pages) is never the simulator's own page.
 * @param {Request} request
 * @param {URL} url the request URL (its origin is the simulator's: the host the browser asked for)
 */
export function assertSameOrigin(request, url) {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') {
    throw new HttpError(403, `Cross-site request refused (Sec-Fetch-Site: ${site.slice(0, 20)}): the control API answers only the simulator's own pages`);
  }
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== url.origin) {
    throw new HttpError(403, `Cross-origin request refused (Origin: ${origin.slice(0, 80)}): the control API answers only ${url.origin}`);
  }
}

/**
 * A state-changing call must say `Content-Type: application/json`: an HTML form cannot send that,
 * and a cross-origin fetch that does needs a CORS preflight the simulator never grants. DELETE needs
 * no body (browsers preflight it anyway).
 * @param {Request} request
 */
export function assertJsonBody(request) {
  if (!CHANGING.has(request.method) || request.method === 'DELETE') return;
  const type = (request.headers.get('content-type') || '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new HttpError(415, `The control API takes JSON: send Content-Type: application/json (got ${type ? type.slice(0, 60) : 'none'})`);
  }
}

/** What a refused agent call says; also names where the token comes from. */
const TOKEN_HELP = 'send Authorization: Bearer <token> (the token npm start prints, or AGENT_TOKEN)';

/**
 * Every agent-console call carries `Authorization: Bearer <token>`: the console lists visitors'
 * names and messages. Compared in constant time.
 * @param {Request} request
 * @param {string} token the simulator's agent token
 */
export function assertAgentToken(request, token) {
  const header = request.headers.get('authorization') || '';
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  const challenge = { 'www-authenticate': 'Bearer realm="live-assist agent console"' };
  if (!m) throw new HttpError(401, `Agent token required: ${TOKEN_HELP}`, undefined, challenge);
  if (!sameKey(m[1], token)) {
    throw new HttpError(401, `Wrong agent token: ${TOKEN_HELP}`, undefined, {
      'www-authenticate': 'Bearer realm="live-assist agent console", error="invalid_token"',
    });
  }
}

/**
 * Is a string usable as a bearer token (RFC 6750 token68 characters, 8 to 200 of them)?
 * @param {unknown} token
 */
export const isValidToken = (token) => typeof token === 'string' && /^[A-Za-z0-9\-._~+/]{8,200}=*$/.test(token);
