/**
 * The one fetch wrapper every service uses: a timeout (3000 ms by default, as the spec's services),
 * JSON or form bodies, and failures sorted into a few kinds a service can map to its messages.
 */
export type HttpFailureKind = 'timeout' | 'network' | 'status' | 'malformed';

export class HttpError extends Error {
  constructor(
    readonly kind: HttpFailureKind,
    message: string,
    readonly status?: number,
    /** The parsed error body when the server sent JSON with a failure status. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string | undefined>;
  /** An object is sent as JSON; URLSearchParams and FormData as they are. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  timeoutMs?: number;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 3000;

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const target = new URL(url, globalThis.location?.href);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) target.searchParams.set(key, String(value));
  }
  return target.toString();
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || typeof body === 'string') return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError('malformed', 'The server answered with malformed JSON', response.status);
  }
}

/** Sends a request and resolves with the parsed JSON body (undefined for an empty body). */
export async function requestJson<T = unknown>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  for (const [key, value] of Object.entries(options.headers ?? {})) if (value !== undefined) headers.set(key, value);
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(withQuery(url, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: encodeBody(options.body, headers),
      credentials: options.credentials ?? 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    clearTimeout(timer);
    if (timedOut) throw new HttpError('timeout', `The request timed out after ${timeoutMs} ms`);
    throw new HttpError('network', error instanceof Error ? error.message : 'Network error');
  }
  try {
    const body = await readBody(response);
    if (!response.ok) {
      throw new HttpError('status', `${response.status} ${response.statusText}`.trim(), response.status, body);
    }
    return body as T;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (timedOut) throw new HttpError('timeout', `The request timed out after ${timeoutMs} ms`);
    throw new HttpError('network', error instanceof Error ? error.message : 'Network error');
  } finally {
    clearTimeout(timer);
  }
}
