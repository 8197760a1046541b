// @ts-check
/**
 * `Idempotency-Key` on the submitting endpoints (callback create v1 / v3, send message): a visitor's
 * retry after a timeout carries the key of the first try and gets the first try's answer — same
 * status, same body — instead of a second booking or a second stored message. A repeat that arrives
 * while the first is still running waits for it. Keys are kept per endpoint, bounded in number and
 * age like the chat sessions, and only for answers the endpoint itself gave (status < 500): after an
 * injected failure, a dropped connection or a 5xx the key is released and the retry runs again.
 * The request is remembered as a SHA-256 fingerprint of its parsed fields and files, so reusing a
 * key for a different submission is refused (422) rather than answered with someone else's result.
 *
 * The chat's send (legacy REST `…/send`, next-gen `POST …/messages`, CometD `sendMessage` with
 * `clientMessageId`) uses the same machinery through `once`, with a store per chat (chat.js).
 * A response dropped by an injected `dropResponseRate` after the endpoint acted (faults.js) keeps the
 * endpoint's own answer: the caller sees the drop, a retry gets the answer.
 */
import { HttpError, httpErrorResponse, readBody } from './http.js';
import { answerBeforeDrop } from './faults.js';

/** @typedef {import('./index.js').Sim} Sim */
/** @typedef {{ status: number, headers: [string, string][], body: ArrayBuffer } | 'dropped'} Outcome */
/** @typedef {{ at: number, fingerprint: string, outcome: Promise<Outcome> }} Entry */

/** The response header that marks a replayed answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * The request's Idempotency-Key (a plain token or a structured-field string in quotes), or null.
 * @param {Request} request
 */
export function readIdempotencyKey(request) {
  const raw = request.headers.get('idempotency-key');
  if (raw === null) return null;
  let key = raw.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1);
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  return key;
}

/** @param {BufferSource} data */
async function sha256(data) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What the submission says, independent of how it was encoded (a retried FormData has a new
 * multipart boundary): the JSON value, or the fields in order plus each file's name, type and hash.
 * @param {Request} request a clone; its body is consumed
 */
async function fingerprint(request) {
  let parsed;
  try {
    parsed = await readBody(request);
  } catch (e) {
    // The endpoint answers the malformed body itself; remember the failure's kind only.
    return `unreadable:${e instanceof Error ? e.message : String(e)}`;
  }
  const files = [];
  for (const f of parsed.files) files.push([f.name, f.type, f.size, await sha256(await f.arrayBuffer())]);
  const summary = parsed.json !== undefined ? { json: parsed.json } : { fields: [...parsed.fields], files };
  return sha256(new TextEncoder().encode(JSON.stringify(summary)));
}

/**
 * Drop keys older than the age limit, then the oldest beyond the count limit (`room` leaves space).
 * @param {Sim} sim
 * @param {number} [room]
 */
export function evictIdempotencyKeys(sim, room = 0) {
  const store = sim.state.idempotency;
  const oldest = sim.clock.now() - sim.options.maxIdempotencyAgeMs;
  for (const [id, entry] of store) if (entry.at < oldest) store.delete(id);
  while (store.size > Math.max(0, sim.options.maxIdempotencyKeys - room)) {
    const first = store.keys().next();
    if (first.done) break;
    store.delete(first.value);
  }
}

/**
 * @param {Outcome} outcome
 * @param {boolean} replayed
 */
function answer(outcome, replayed) {
  if (outcome === 'dropped') return Response.error();
  const headers = new Headers(outcome.headers);
  if (replayed) headers.set(REPLAYED_HEADER, 'true');
  return new Response(outcome.body.slice(0), { status: outcome.status, headers });
}

/**
 * Run `run` once per `id` in `store`: a repeat with the same fingerprint gets the first outcome (waiting
 * for it while it runs), another fingerprint is refused (HttpError 422). Failures (a thrown error, a
 * dropped connection before acting, a 5xx) release the id so a retry runs again.
 * @param {{ store: Map<string, Entry>, id: string, fingerprint: string, at: number, limit?: number, request?: Request }} slot
 *   `limit`: at most this many ids in the store (the oldest go first); `request`: the request `run` answers
 *   (a response of it dropped after the endpoint acted keeps the endpoint's answer)
 * @param {() => Promise<Response>} run (may throw HttpError)
 * @returns {Promise<Response>}
 */
export async function once({ store, id, fingerprint: print, at, limit, request }, run) {
  const known = store.get(id);
  if (known) {
    if (known.fingerprint !== print) {
      throw new HttpError(422, 'Idempotency-Key already used for a different request: send a new key for a new submission');
    }
    return answer(await known.outcome, true);
  }
  /** The endpoint acted but this caller's connection is dropped (an injected fault). */
  let droppedAfterActing = false;
  /** @type {Entry} */
  const entry = {
    at,
    fingerprint: print,
    outcome: (async () => {
      let response;
      try {
        response = await run();
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        response = httpErrorResponse(e);
      }
      if (response.type === 'error') {
        const acted = request && answerBeforeDrop(response, request);
        if (!acted) return /** @type {Outcome} */ ('dropped');
        droppedAfterActing = true;
        response = acted;
      }
      return { status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
    })(),
  };
  store.set(id, entry);
  if (limit !== undefined) while (store.size > limit) store.delete(/** @type {string} */ (store.keys().next().value));
  /** Only the endpoint's own answers are kept; a retry after a failure runs again. */
  const release = () => {
    if (store.get(id) === entry) store.delete(id);
  };
  let outcome;
  try {
    outcome = await entry.outcome;
  } catch (e) {
    release();
    throw e;
  }
  if (outcome === 'dropped' || outcome.status >= 500) release();
  if (droppedAfterActing) return Response.error();
  return answer(outcome, false);
}

/**
 * A SHA-256 fingerprint of a value (its JSON).
 * @param {unknown} value
 */
export const fingerprintOf = (value) => sha256(new TextEncoder().encode(JSON.stringify(value)));

/**
 * Run a submitting endpoint once per Idempotency-Key; without the header, just run it.
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @param {() => Promise<Response>} run the endpoint (may throw HttpError)
 * @returns {Promise<Response>}
 */
export async function idempotent(sim, request, url, run) {
  const key = readIdempotencyKey(request);
  if (key === null) return run();
  const print = await fingerprint(request.clone());
  evictIdempotencyKeys(sim);
  const store = sim.state.idempotency;
  const id = `${request.method} ${url.pathname} ${key}`;
  if (!store.has(id)) evictIdempotencyKeys(sim, 1);
  return once({ store, id, fingerprint: print, at: sim.clock.now(), request }, run);
}
