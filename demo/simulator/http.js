// @ts-check
/** Small Fetch-API helpers shared by the simulator handlers. Web-standard only. */

/** Thrown by handlers for a 4xx answer; the dispatcher turns it into a JSON error body. */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {string} message
   * @param {Record<string, unknown>} [body] replaces the default `{ error, status }` body
   * @param {Record<string, string>} [headers] extra response headers (e.g. WWW-Authenticate)
   */
  constructor(status, message, body, headers) {
    super(message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/**
 * The answer for an HttpError: its JSON body (default `{ error, status }`), or plain text when the
 * body is `{ __raw }` (the simulated HTTP 500 of a real server).
 * @param {HttpError} e
 */
export function httpErrorResponse(e) {
  if (e.body && '__raw' in e.body)
    return new Response(String(e.body.__raw), { status: e.status, headers: { 'content-type': 'text/plain; charset=utf-8', ...e.headers } });
  return json(e.body || { error: e.message, status: e.status }, e.status, e.headers);
}

/**
 * @param {unknown} body
 * @param {number} [status]
 * @param {Record<string, string>} [headers]
 */
export function json(body, status = 200, headers = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * @param {number} status
 * @param {string} message
 */
export function errorResponse(status, message) {
  return json({ error: message, status }, status);
}

/** Upper bound for any request body the simulator parses (the Node adapter enforces it too). */
export const MAX_BODY_BYTES = 25 * 1024 * 1024;

/**
 * Parsed request body as string fields plus files, from form-encoded, multipart or JSON bodies.
 * Throws HttpError(400/413/415) for malformed or oversized bodies.
 * @typedef {{ fields: Map<string, string[]>, files: File[], json: unknown }} ParsedBody
 */

/**
 * @param {Request} request
 * @param {{ allowJson?: boolean, allowMultipart?: boolean, allowEmpty?: boolean }} [opts]
 * @returns {Promise<ParsedBody>}
 */
export async function readBody(request, opts = {}) {
  const { allowJson = true, allowMultipart = true, allowEmpty = true } = opts;
  const length = Number(request.headers.get('content-length') || '0');
  if (length > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
  const type = (request.headers.get('content-type') || '').toLowerCase();
  /** @type {Map<string, string[]>} */
  const fields = new Map();
  /** @type {File[]} */
  const files = [];
  /** @param {string} k @param {string} v */
  const add = (k, v) => {
    const list = fields.get(k);
    if (list) list.push(v);
    else fields.set(k, [v]);
  };
  if (!request.body) {
    if (!allowEmpty) throw new HttpError(400, 'Request body required');
    return { fields, files, json: undefined };
  }
  if (type.startsWith('application/x-www-form-urlencoded') || type === '') {
    const text = await request.text();
    if (text.length > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    let params;
    try {
      params = new URLSearchParams(text);
    } catch {
      throw new HttpError(400, 'Malformed form body');
    }
    for (const [k, v] of params) add(k, v);
    return { fields, files, json: undefined };
  }
  if (type.startsWith('multipart/form-data')) {
    if (!allowMultipart) throw new HttpError(415, 'Multipart body not accepted here');
    let form;
    try {
      form = await request.formData();
    } catch {
      throw new HttpError(400, 'Malformed multipart body');
    }
    for (const [k, v] of form) {
      if (typeof v === 'string') add(k, v);
      else files.push(/** @type {File} */ (v));
    }
    return { fields, files, json: undefined };
  }
  if (type.startsWith('application/json') || type.endsWith('+json')) {
    if (!allowJson) throw new HttpError(415, 'JSON body not accepted here');
    const text = await request.text();
    if (!text.trim()) {
      if (!allowEmpty) throw new HttpError(400, 'Request body required');
      return { fields, files, json: undefined };
    }
    let value;
    try {
      value = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'Malformed JSON body');
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) {
        if (v === null || v === undefined) continue;
        if (Array.isArray(v)) for (const item of v) add(k, typeof item === 'string' ? item : JSON.stringify(item));
        else add(k, typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));
      }
    }
    return { fields, files, json: value };
  }
  throw new HttpError(415, `Unsupported content type: ${type.split(';')[0]}`);
}

/**
 * First value of a field, trimmed; '' when absent.
 * @param {ParsedBody} body
 * @param {string} name
 */
export function field(body, name) {
  const v = body.fields.get(name);
  return v && v.length ? String(v[0]).trim() : '';
}

/** @param {ParsedBody} body @param {string} name */
export const has = (body, name) => body.fields.has(name);

/** Web-safe random id. */
export const randomId = () => crypto.randomUUID();

/** Random hex key of `bytes` bytes. @param {number} [bytes] */
export function randomKey(bytes = 16) {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Constant-time-ish string comparison for keys. @param {string} a @param {string} b */
export function sameKey(a, b) {
  if (typeof a !== 'string' || typeof b !== 'string' || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Rough e-mail check. @param {string} s */
export const isEmail = (s) => /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/.test(s) && s.length <= 254;
