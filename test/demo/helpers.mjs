// Shared helpers for the simulator tests (not a test file itself).
import { createSimulator, createManualClock } from '../../demo/simulator/index.js';

export const BASE = 'http://sim.test';

/**
 * A fresh, isolated simulator on a manual clock (Monday 2025-03-03 10:00 Warsaw by default).
 * @param {object} [options]
 * @param {string} [start]
 */
export function makeSim(options = {}, start = '2025-03-03T10:00:00+01:00') {
  const clock = createManualClock(start);
  const sim = createSimulator({ clock, random: () => 0, ...options });
  return { sim, clock };
}

/**
 * Call a handler the way a browser would.
 * @param {ReturnType<typeof createSimulator>} sim
 * @param {string} path
 * @param {{ method?: string, form?: Record<string, string | string[]>, json?: unknown, body?: BodyInit, headers?: Record<string, string>, multipart?: FormData }} [init]
 */
export async function call(sim, path, init = {}) {
  const headers = { ...(init.headers || {}) };
  let body = init.body;
  if (init.form) {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(init.form)) for (const item of [v].flat()) p.append(k, item);
    body = p.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] = 'application/json';
  } else if (init.multipart) {
    body = init.multipart;
  }
  const method = init.method || (body !== undefined ? 'POST' : 'GET');
  const res = await sim.handle(new Request(BASE + path, { method, headers, body }));
  if (!res) return { status: 0, body: undefined, res };
  const text = res.type === 'error' ? '' : await res.clone().text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, res };
}

/** Start a chat and return its credentials. */
export async function startChat(sim, service = 'customer-chat', form = { firstName: 'Jan', lastName: 'Kowalski' }) {
  const r = await call(sim, `/api/chat/${service}`, { form });
  if (r.body.statusCode !== 0) throw new Error(`start failed: ${JSON.stringify(r.body)}`);
  const { chatId, secureKey, userId, alias } = r.body;
  return { chatId, secureKey, userId, alias, service, creds: { secureKey, userId, alias } };
}

/** Refresh a chat (transcript from a position). */
export async function refresh(sim, chat, transcriptPosition = 1) {
  return (await call(sim, `/api/chat/${chat.service}/${chat.chatId}/refresh`, { form: { ...chat.creds, transcriptPosition: String(transcriptPosition) } }))
    .body;
}

/** Chat operation with credentials. */
export async function op(sim, chat, name, form = {}) {
  return call(sim, `/api/chat/${chat.service}/${chat.chatId}/${name}`, { form: { ...chat.creds, ...form } });
}
