#!/usr/bin/env node
// @ts-check
/**
 * `npm run soak`: the reliability soak (issue 13 item 6). Nothing a visitor typed is lost or doubled, and
 * nothing an agent wrote is lost, doubled or shown out of order — proved through the real client in
 * headless Chromium while the simulator injects faults.
 *
 * Per transport × fault rate (one row of the table):
 * 1. The demo server (demo/server.mjs, its simulator in-process, a transcript cap raised above the run's
 *    size) serves `/en?transport=<t>` (REST: `/en`) to a fresh browser context. The page starts a chat
 *    through the bus (`WebChatService.startChat`), a person accepts it at the agent API (so the bot and the
 *    scripted agent stop), and the simulator's chat settings are made quiet (no scripted agent, no idle
 *    timer) through `/__control/chat`.
 * 2. Faults for that chat (`/__control/faults`, `{ chaos: rate, chatId }`: every kind that applies to the
 *    transport's endpoints, in equal shares, `rate` of the requests in total; demo/SIMULATOR.md).
 * 3. N messages, interleaved in random bursts: visitor → agent with `LiveAssist.command('WebChatService.sendMessage')`
 *    fired without awaiting (so the client's outbox queues; the backlog is held under `--backlog`),
 *    agent → visitor through the agent API. Meanwhile: forced disconnects (the browser context offline
 *    for 2 s; the server down for the chat — every request dropped — for 2 s; push transports: the server
 *    drops their connections — CometD forgets every Bayeux session, the cloud stream's sockets are cut) and `--reloads` page reloads, each right after a burst the visitor fired, so messages are
 *    still queued when the page goes away (they are in the outbox and must survive).
 * 4. Faults off, then both sides settle: the server holds every visitor message and the page holds every
 *    message the server has (or nothing moves for `--settle` ms).
 * 5. The compare. Texts carry a sequence number (`soak v17`, `soak a17`), so it is exact:
 *    the server's transcript (the agent API) — each visitor message once, in the order sent; the visitor's
 *    transcript (every `WebChatService.messageReceived` batch, recorded in the page's sessionStorage so it
 *    survives the reloads) — each agent message once, in the order sent, every message the server has,
 *    and within one page load no index delivered twice or out of order.
 *
 * Columns: sent (both ways), received (distinct messages that reached the other side), lost, duplicated,
 * out of order, resends (send requests the page made beyond one per message, counted on the wire),
 * faults injected (the simulator's counters for the chat), time. The script exits 1 unless every row
 * has lost = duplicated = out of order = 0 and ran as asked (a missing fault API or transport is a
 * failure with its reason, not a crash).
 *
 * Options: --messages 10000 (both directions together, half each way), --rates 0.01,0.1,
 * --transports rest,cometd,ngrest,cloud,webmessaging (default: every transport the demo page offers), --reloads 2,
 * --disconnects 3, --backlog 40, --settle 60000, --seed 1, --minutes <n> (a run stops sending after n minutes and
 * fails, saying so, with what it sent compared), --json <file>, --verbose, --parallel (every run at once,
 * each on a demo server of its own; without it, one after the other, each on a server of its own too).
 * CHROME_PATH overrides /usr/bin/chromium. Needs the built library (npx rollup -c): the run serves a copy
 * of dist/ taken at the start, so a rebuild meanwhile cannot pull chunks from under a long run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../chromium.mjs';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * @typedef {object} TransportSpec
 * @property {string} path the demo page that runs the chat over it
 * @property {string[][]} faultKeys fault endpoint keys, each list a preference order (the first the simulator knows is used);
 *   a transport's own key and the legacy REST key it stands for are both set (the simulator takes the first that matches a request)
 * @property {(method: string, url: string, body: string) => number} sends visitor message sends in one request
 * @property {[string, object]} [dropPush] the control call that drops a push transport's connections
 * @property {(transcript: any[]) => any[]} [pageIndexes] the server's transcript with the indexes the page gives its messages, when they differ
 * @property {(page: import('playwright').Page, control: ReturnType<typeof controlApi>) => Promise<string>} [serverChat]
 *   the simulator's chat id when the page's chatId is not the server's (Web Messaging names no conversation)
 */

/** @type {Record<string, TransportSpec>} */
export const TRANSPORTS = {
  rest: {
    path: '/en',
    faultKeys: [['chat']],
    sends: (method, url) => (method === 'POST' && /\/api\/chat\/[^/]+\/[^/]+\/send$/.test(new URL(url).pathname) ? 1 : 0),
  },
  cometd: {
    path: '/en?transport=cometd',
    faultKeys: [['cometd'], ['chat']],
    dropPush: ['/__control/cometd/disconnect', {}],
    sends: (method, url, body) =>
      method === 'POST' && new URL(url).pathname.startsWith('/api/cometd') ? (body.match(/"operation":"sendMessage"/g) ?? []).length : 0,
  },
  ngrest: {
    path: '/en?transport=ngrest',
    faultKeys: [['ngrest'], ['chat']],
    sends: (method, url, body) =>
      method === 'POST' && /\/api\/ngrest\/[^/]+\/[^/]+\/messages$/.test(new URL(url).pathname) && /"type":"text"/.test(body) ? 1 : 0,
  },
  cloud: {
    path: '/en?transport=cloud',
    faultKeys: [['cloud'], ['chat']],
    dropPush: ['/__control/cloud', { drop: true }],
    sends: (method, url) => (method === 'POST' && /\/conversations\/[^/]+\/members\/[^/]+\/messages$/.test(new URL(url).pathname) ? 1 : 0),
  },
  webmessaging: {
    path: '/en?transport=webmessaging',
    faultKeys: [['webmessaging'], ['chat']],
    dropPush: ['/__control/webmessaging', { drop: true }],
    // Its sends are socket frames, which the page's HTTP log does not see: resends are not counted for it.
    sends: () => 0,
    // The API numbers nothing: the page's index is a message's position in the history (its messages) × 1000.
    pageIndexes: (transcript) => {
      let position = 0;
      return transcript.flatMap((m) => (m.type === 'Message' || m.type === 'PushUrl' ? [{ ...m, index: ++position * 1000 }] : []));
    },
    // The API names no conversation: the simulator's chat is found by the session token the page keeps.
    serverChat: async (page, control) => {
      const token = await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.startsWith('live-assist:webmessaging:'))?.[1] ?? '');
      return (await control(`/__control/webmessaging?token=${encodeURIComponent(token)}`, undefined, 'GET')).data?.chatId ?? '';
    },
  },
};

/** Transports the demo page offers: REST always, the others where demo/assets/en-config.js knows `?transport=<t>`. */
export function availableTransports() {
  const config = readFileSync(join(ROOT, 'demo/assets/en-config.js'), 'utf8');
  return Object.keys(TRANSPORTS).filter((t) => t === 'rest' || config.includes(`=== '${t}'`));
}

/** A seeded pseudo-random source (mulberry32), so a failing run can be repeated. @param {number} seed */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TAG = /^soak ([va])(\d+)$/;

/**
 * The compare, as a pure function (exported for its own tests).
 * @param {{ visitorSent: number, agentSent: number,
 *   server: Array<{ index: number, type: string, text: string, from: { type: string } }>,
 *   loads: Array<Array<{ index: number, type: string, text: string, from: string }>> }} input
 *   `server`: the simulator's transcript; `loads`: the messages the page delivered, one list per page load, in delivery order.
 */
export function compare({ visitorSent, agentSent, server, loads }) {
  const problems = /** @type {string[]} */ ([]);
  const note = (p) => problems.length < 20 && problems.push(p);
  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;

  // The server: each visitor message once, in the order the visitor sent them.
  const serverSeq = server
    .filter((m) => m.type === 'Message' && m.from.type === 'Client')
    .map((m) => TAG.exec(m.text))
    .filter(Boolean)
    .map((m) => ({ dir: m[1], n: Number(m[2]) }));
  const onServer = new Map();
  let max = 0;
  for (const { dir, n } of serverSeq) {
    if (dir !== 'v') continue;
    onServer.set(n, (onServer.get(n) ?? 0) + 1);
    if (onServer.get(n) === 1) {
      if (n < max) {
        outOfOrder++;
        note(`server: v${n} after v${max}`);
      }
      max = Math.max(max, n);
    }
  }
  for (let n = 1; n <= visitorSent; n++) {
    const c = onServer.get(n) ?? 0;
    if (c === 0) {
      lost++;
      note(`server: v${n} never arrived`);
    } else if (c > 1) {
      duplicated += c - 1;
      note(`server: v${n} stored ${c} times`);
    }
  }

  // The page, per load: no index twice, indexes increasing.
  const page = new Map();
  loads.forEach((load, l) => {
    const seen = new Set();
    let last = 0;
    for (const m of load) {
      if (seen.has(m.index)) {
        duplicated++;
        note(`page load ${l + 1}: index ${m.index} delivered twice`);
        continue;
      }
      seen.add(m.index);
      if (m.index < last) {
        outOfOrder++;
        note(`page load ${l + 1}: index ${m.index} after ${last}`);
      }
      last = Math.max(last, m.index);
      const had = page.get(m.index);
      if (had && had.text !== m.text) note(`page: index ${m.index} was '${had.text}', then '${m.text}'`);
      page.set(m.index, m);
    }
  });
  // The page's transcript (all loads), by index: each agent message once, in the order sent …
  const pageTagged = [...page.values()]
    .sort((a, b) => a.index - b.index)
    .filter((m) => m.type === 'Message')
    .map((m) => ({ m, t: TAG.exec(m.text) }))
    .filter((x) => x.t);
  const onPage = new Map();
  max = 0;
  for (const { t } of pageTagged) {
    const key = t[1] + t[2];
    onPage.set(key, (onPage.get(key) ?? 0) + 1);
    if (t[1] === 'a' && onPage.get(key) === 1) {
      const n = Number(t[2]);
      if (n < max) {
        outOfOrder++;
        note(`page: a${n} after a${max}`);
      }
      max = Math.max(max, n);
    }
  }
  for (let n = 1; n <= agentSent; n++) {
    const c = onPage.get('a' + n) ?? 0;
    if (c === 0) {
      lost++;
      note(`page: a${n} never arrived`);
    } else if (c > 1) {
      duplicated += c - 1;
      note(`page: a${n} shown ${c} times`);
    }
  }
  // … and every message the server holds (the visitor's own too: a gap would be a loss the visitor sees).
  const serverMessages = server.filter((m) => m.type === 'Message' && TAG.test(m.text));
  for (const m of serverMessages) {
    const p = page.get(m.index);
    const isAgent = m.from.type !== 'Client';
    if (!p) {
      if (!isAgent) {
        lost++;
        note(`page: the visitor's own ${m.text.slice(5)} (index ${m.index}) missing`);
      }
    } else if (p.text !== m.text) {
      outOfOrder++;
      note(`page: index ${m.index} is '${p.text}', the server says '${m.text}'`);
    }
  }
  for (const [key, c] of onPage) {
    if (key.startsWith('v') && c > 1) {
      // The same visitor text at two indexes on the page: doubled on the server (counted there) or on the page.
      if ((onServer.get(Number(key.slice(1))) ?? 0) < c) {
        duplicated += c - (onServer.get(Number(key.slice(1))) ?? 0);
        note(`page: ${key} shown ${c} times`);
      }
    }
  }
  // Where the losses are: runs of missing sequence numbers, and what each page load delivered.
  if (lost) {
    const runs = (dir, max, has) => {
      const out = [];
      for (let n = 1; n <= max; n++) {
        if (has(n)) continue;
        const from = n;
        while (n < max && !has(n + 1)) n++;
        out.push(from === n ? `${dir}${n}` : `${dir}${from}–${dir}${n}`);
      }
      return out;
    };
    problems.push(
      `missing on the server: ${
        runs('v', visitorSent, (n) => onServer.has(n))
          .slice(0, 10)
          .join(', ') || 'none'
      }`,
    );
    problems.push(
      `missing on the page: ${
        runs('a', agentSent, (n) => onPage.has('a' + n))
          .slice(0, 10)
          .join(', ') || 'none'
      }`,
    );
    loads.forEach((load, l) => {
      const indexes = load.map((m) => m.index);
      problems.push(
        `page load ${l + 1}: ${load.length} messages delivered, indexes ${indexes.length ? `${Math.min(...indexes)}–${Math.max(...indexes)}` : 'none'}`,
      );
    });
  }
  const received = [...onServer.keys()].filter((n) => n <= visitorSent).length + [...onPage.keys()].filter((k) => k.startsWith('a')).length;
  return { received, lost, duplicated, outOfOrder, problems };
}

/** Runs inside the page before its scripts: records every messageReceived batch in sessionStorage (survives reloads). */
function recorder() {
  const load = Number(sessionStorage.getItem('soak:loads') ?? '0') + 1;
  sessionStorage.setItem('soak:loads', String(load));
  let batch = 0;
  const soak = { load, fired: 0, settled: 0, rejected: /** @type {string[]} */ ([]), subscribed: false };
  /** @type {any} */ (window).__soak = soak;
  const subscribe = () => {
    const api = /** @type {any} */ (window).LiveAssist;
    if (!api || soak.subscribed) return;
    soak.subscribed = true;
    api.subscribe('WebChatService.messageReceived', (event) => {
      if (event.data.history) return;
      const items = event.data.messages.map((m) => [m.index, m.type, m.text, m.from?.type ?? '']);
      try {
        sessionStorage.setItem(`soak:${load}:${++batch}`, JSON.stringify(items));
      } catch (error) {
        // Not recorded: the compare would count these as lost, so the run says why.
        soak.rejected.push(`the soak could not record ${items.length} delivered messages: ${error}`);
      }
    });
  };
  // Module scripts run before DOMContentLoaded; the chat service's chunk (and so any restore) loads later.
  document.addEventListener('DOMContentLoaded', subscribe);
}

/**
 * @param {import('playwright').Page} page
 * @param {string[]} texts
 */
function fire(page, texts) {
  return page.evaluate((list) => {
    const page = /** @type {any} */ (window);
    const soak = page.__soak;
    for (const message of list) {
      soak.fired++;
      page.LiveAssist.command('WebChatService.sendMessage', { message }).then(
        () => soak.settled++,
        (/** @type {Error} */ e) => {
          soak.settled++;
          soak.rejected.push(`${message}: ${e.message}`);
        },
      );
    }
  }, texts);
}

/**
 * Resolves once `fn` (run in the page, awaited there) is truthy.
 * @param {import('playwright').Page} page
 * @param {Function} fn
 * @param {unknown} [arg]
 */
async function until(page, fn, arg, { timeout = 20_000, what = 'the condition' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(fn, arg).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * The agent's side: the agent API of the demo server (Bearer token; the agent key after accept).
 * @param {string} url
 * @param {string} token
 */
function agentApi(url, token) {
  let key = '';
  const call = async (method, path, body) => {
    const response = await fetch(`${url}/api/agent/chats/${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(key ? { 'x-agent-key': key } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`agent API ${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  /** @type {Array<{ index: number, type: string, text: string, from: { type: string } }>} */
  const transcript = [];
  let next = 1;
  return {
    transcript,
    async accept(chatId, name) {
      key = (await call('POST', `${chatId}/accept`, { name })).agentKey;
    },
    send: (chatId, text) => call('POST', `${chatId}/send`, { text }),
    end: (chatId) => call('POST', `${chatId}/end`, {}),
    /** Reads what the chat gained since the last read; returns the transcript so far. */
    async read(chatId) {
      const answer = await call('GET', `${chatId}/transcript?from=${next}`);
      for (const m of answer.messages) if (m.index >= next) transcript.push(m);
      next = Math.max(next, answer.nextPosition);
      return transcript;
    },
  };
}

/**
 * The control API of the simulator (JSON).
 * @param {string} url
 */
function controlApi(url) {
  return async (path, body, method = 'POST') => {
    const response = await fetch(url + path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
    return { ok: response.ok, status: response.status, data };
  };
}

/**
 * Turns the chat's faults on (chaos `rate`) on the transport's endpoint keys. Returns what it could set and
 * why not where it could not: a simulator without the fault API of issue 13 gets the old faults (drops and
 * failures) and the run is marked failed with the reason.
 * @param {ReturnType<typeof controlApi>} control
 * @param {TransportSpec} spec
 * @param {string} chatId
 * @param {number} rate
 * @param {{ dropRequestRate?: number }} [override] instead of chaos (an outage)
 * @param {Record<string, number>} [extra] further rates on top of chaos (e.g. duplicateRate)
 */
async function setFaults(control, spec, chatId, rate, override, extra = {}) {
  const keys = [];
  const missing = [];
  for (const choices of spec.faultKeys) {
    let done = false;
    for (const key of choices) {
      const body = override ? { ...override, chatId } : { ...extra, chaos: rate, chatId };
      const r = await control('/__control/faults', { faults: { [key]: body } });
      if (r.ok) {
        keys.push(key);
        done = true;
        break;
      }
    }
    if (!done) missing.push(choices.join('|'));
  }
  const state = await control('/__control/faults', undefined, 'GET');
  // Set for this chat: the spec under `<key>@<chatId>` (or under the key, naming the chat).
  const specOf = (k) => {
    const faults = state.data?.faults ?? {};
    return faults[`${k}@${chatId}`] ?? (faults[k]?.chatId === chatId ? faults[k] : undefined);
  };
  const chaos =
    state.ok &&
    state.data &&
    typeof state.data === 'object' &&
    'injected' in state.data &&
    keys.every((k) => specOf(k) && (override ? specOf(k).dropRequestRate === 1 : specOf(k).chaos === rate));
  if (!chaos && keys.length) {
    // The old API: drops and failures only, for every chat.
    const half = override ? undefined : rate / 2;
    for (const key of keys) await control('/__control/faults', { faults: { [key]: override ? { dropRate: 1 } : { dropRate: half, failureRate: half } } });
  }
  return { keys, missing, chaos };
}

/** Fault counters of the simulator (`GET /__control/faults` → injected), or null without them. @param {ReturnType<typeof controlApi>} control */
async function injected(control) {
  const r = await control('/__control/faults', undefined, 'GET');
  const counts = r.ok && r.data && typeof r.data === 'object' ? r.data.injected : undefined;
  return counts && typeof counts === 'object' ? /** @type {Record<string, number>} */ (counts) : null;
}
const total = (/** @type {Record<string, number> | null} */ counts) => (counts ? Object.values(counts).reduce((a, b) => a + (Number(b) || 0), 0) : 0);

/**
 * One soak: one transport, one fault rate.
 * @param {{ url: string, agentToken: string, browser: import('playwright').Browser, transport: string, messages: number, rate: number,
 *   reloads?: number, disconnects?: number, backlog?: number, settleMs?: number, seed?: number, log?: (line: string) => void,
 *   extraFaults?: Record<string, number>, budgetMs?: number }} options
 *   `budgetMs`: the sending stops when it is spent (the row fails, saying so; what was sent is still compared)
 *   `extraFaults`: rates on top of chaos for the chat (e.g. `{ duplicateRate: 0.1 }`), so a short run is sure to meet a kind
 */
export async function runSoak(options) {
  const {
    url,
    agentToken,
    browser,
    transport,
    messages,
    rate,
    reloads = 2,
    disconnects = 3,
    backlog = 40,
    settleMs = 60_000,
    seed = 1,
    log = () => {},
    extraFaults = {},
    budgetMs = Infinity,
  } = options;
  const started = Date.now();
  const spec = TRANSPORTS[transport];
  const row = {
    transport,
    rate,
    sent: 0,
    received: 0,
    lost: 0,
    duplicated: 0,
    outOfOrder: 0,
    resends: 0,
    faults: /** @type {number | null} */ (null),
    timeMs: 0,
    reloads: 0,
    disconnects: 0,
    ok: false,
    failure: '',
    problems: /** @type {string[]} */ ([]),
    rejected: /** @type {string[]} */ ([]),
    faultKinds: /** @type {Record<string, number> | null} */ (null),
    /** ms the sending side waited, each time it was over 3 s, for the visitor's messages to reach the server */
    stalls: /** @type {number[]} */ ([]),
  };
  const finish = (failure = '') => {
    row.timeMs = Date.now() - started;
    row.failure = failure;
    row.ok = !failure && row.lost === 0 && row.duplicated === 0 && row.outOfOrder === 0;
    return row;
  };
  if (!spec) return finish(`unknown transport '${transport}'`);
  const random = seeded(seed);
  const control = controlApi(url);
  const agent = agentApi(url, agentToken);
  const visitorTotal = Math.ceil(messages / 2);
  const agentTotal = messages - visitorTotal;

  await control('/__control/clock', { warsawTime: '10:00', date: '2025-03-03' });
  await control('/__control/chat', { scriptedAgent: false, botJoinDelayMs: 100, idle: { enabled: false } });
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.length < 10 && pageErrors.push(e.message));
  let sendRequests = 0;
  page.on('request', (r) => {
    try {
      sendRequests += spec.sends(r.method(), r.url(), r.postData() ?? '');
    } catch {
      /* a body that is not text */
    }
  });
  await context.addInitScript(recorder);
  let chatId = '';
  try {
    await page.goto(url + spec.path, { waitUntil: 'load' });
    await page.evaluate(() => /** @type {any} */ (window).LiveAssist.ready);
    const info = await page.evaluate(() =>
      /** @type {any} */ (window).LiveAssist.command('WebChatService.startChat', { firstName: 'Soak', lastName: 'Visitor' }).then(
        (i) => i,
        (e) => ({ error: e.message }),
      ),
    );
    if (info.error) return finish(`the chat did not start: ${info.error}`);
    if (info.type !== transport) return finish(`the page ran the chat over '${info.type}', not '${transport}'`);
    const pageChatId = info.chatId;
    chatId = spec.serverChat ? await spec.serverChat(page, control) : info.chatId;
    if (!chatId) return finish('the simulator does not know the chat');
    await agent.accept(chatId, 'Soak agent');
    const before = await injected(control);
    const faults = await setFaults(control, spec, chatId, rate, undefined, extraFaults);
    let setupFailure = '';
    if (faults.missing.length) setupFailure = `the simulator has no fault key ${faults.missing.join(', ')} for ${transport}`;
    else if (!faults.chaos) setupFailure = 'the simulator has no fault API of issue 13 (chaos, chatId, injected counts): ran with drops and failures only';
    if (setupFailure) log(`  ${transport} ${rate}: ${setupFailure}`);

    // The schedule: where the reloads and disconnects fall, by messages sent.
    const at = (i, n) => Math.round((messages * (i + 1)) / (n + 1));
    const reloadAt = Array.from({ length: reloads }, (_, i) => at(i, reloads));
    const disconnectAt = Array.from({ length: disconnects }, (_, i) => Math.round(at(i, disconnects) + messages / (2 * (disconnects + 1))));
    let v = 0;
    let a = 0;
    /** The server's count of visitor messages (distinct). */
    const visitorOnServer = async () => {
      const t = await agent.read(chatId);
      const seen = new Set();
      for (const m of t)
        if (m.from.type === 'Client') {
          const x = TAG.exec(m.text);
          if (x) seen.add(x[2]);
        }
      return seen.size;
    };
    let lastProgress = Date.now();
    let lastCount = -1;
    /** Waits until the visitor's backlog (fired, not yet on the server) is at most `limit`. */
    /** Stalls: the visitor's backlog waited for longer than 3 s (printed with --verbose, counted in the row). */
    const drain = async (limit) => {
      const from = Date.now();
      const report = (ok) => {
        const waited = Date.now() - from;
        if (waited > 3000) {
          row.stalls.push(waited);
          log(
            `  ${transport} ${rate}: the visitor's backlog waited ${(waited / 1000).toFixed(1)} s for the server (${v} fired, ${lastCount} there)${ok ? '' : ', gave up'}`,
          );
        }
        return ok;
      };
      for (;;) {
        const count = await visitorOnServer();
        if (count !== lastCount) {
          lastCount = count;
          lastProgress = Date.now();
        }
        if (v - count <= limit) return report(true);
        if (Date.now() - lastProgress > settleMs) return report(false);
        await sleep(50);
      }
    };
    const reload = async () => {
      // A burst the visitor fires right before the page goes: queued, not yet sent.
      const burst = [];
      for (let i = 0; i < 10 && v < visitorTotal; i++) burst.push(`soak v${++v}`);
      await fire(page, burst);
      row.rejected.push(...(await page.evaluate(() => /** @type {any} */ (window).__soak.rejected)));
      await page.reload({ waitUntil: 'load' });
      await page.evaluate(() => /** @type {any} */ (window).LiveAssist.ready);
      await until(
        page,
        (id) => /** @type {any} */ (window).LiveAssist.command('WebChatService.getSessionData').then((s) => s.sessionActive && s.chatId === id),
        pageChatId,
        { timeout: 60_000, what: 'the chat restored after the reload' },
      );
      row.reloads++;
      log(`  ${transport} ${rate}: reloaded at ${v + a} (${v} visitor messages fired)`);
    };
    const disconnect = async (n) => {
      row.disconnects++;
      if (n % 3 === 0) {
        // The network goes: the browser is offline for 2 s.
        await context.setOffline(true);
        await sleep(2000);
        await context.setOffline(false);
      } else if (n % 3 === 1 || !spec.dropPush) {
        // The server is down for this chat: every request dropped for 2 s.
        await setFaults(control, spec, chatId, rate, { dropRequestRate: 1 });
        await sleep(2000);
        await setFaults(control, spec, chatId, rate, undefined, extraFaults);
      } else {
        // A push transport: the server drops its connections (CometD: forgets every Bayeux session, as a restart would).
        await control(spec.dropPush[0], spec.dropPush[1]);
      }
    };

    let nextReload = 0;
    let nextDisconnect = 0;
    let stalled = '';
    while (v < visitorTotal || a < agentTotal) {
      const sent = v + a;
      if (Date.now() - started > budgetMs) {
        stalled = `the time budget (${Math.round(budgetMs / 60000)} min) ran out`;
        break;
      }
      if (nextReload < reloadAt.length && sent >= reloadAt[nextReload]) {
        nextReload++;
        await reload();
        continue;
      }
      if (nextDisconnect < disconnectAt.length && sent >= disconnectAt[nextDisconnect]) {
        await disconnect(nextDisconnect++);
        continue;
      }
      const visitorTurn = a >= agentTotal || (v < visitorTotal && random() < (visitorTotal - v) / (visitorTotal - v + agentTotal - a));
      const size = 1 + Math.floor(random() * 10);
      if (visitorTurn) {
        if (!(await drain(backlog))) {
          stalled = `the visitor's messages stopped reaching the server (${v - lastCount} waiting for ${settleMs} ms)`;
          break;
        }
        const burst = [];
        for (let i = 0; i < size && v < visitorTotal; i++) burst.push(`soak v${++v}`);
        await fire(page, burst);
      } else {
        for (let i = 0; i < size && a < agentTotal; i++) await agent.send(chatId, `soak a${++a}`);
      }
      if (Math.floor((v + a) / 500) > Math.floor(sent / 500))
        log(`  ${transport} ${rate}: ${v + a}/${messages} sent, ${Math.round((Date.now() - started) / 1000)} s`);
    }

    // Faults off; both sides settle.
    await control('/__control/faults', undefined, 'DELETE');
    const after = await injected(control);
    if (after) {
      row.faultKinds = Object.fromEntries(
        Object.entries(after)
          .map(([k, n]) => [k, n - (before?.[k] ?? 0)])
          .filter(([, n]) => Number(n) > 0),
      );
      row.faults = total(after) - total(before);
    }
    await drain(0);
    const asPage = spec.pageIndexes ?? ((/** @type {any[]} */ t) => t);
    const serverVisible = async () =>
      asPage(await agent.read(chatId))
        .filter((m) => m.type === 'Message' && TAG.test(m.text))
        .map((m) => m.index);
    const pageHas = async () =>
      page.evaluate(() => /** @type {any} */ (window).LiveAssist.command('WebChatService.getTranscript').then((t) => t.map((m) => m.index))).catch(() => []);
    let settledAt = Date.now();
    let lastMissing = -1;
    for (;;) {
      const want = await serverVisible();
      const have = new Set(await pageHas());
      const missing = want.filter((i) => !have.has(i)).length;
      if (!missing) break;
      if (missing !== lastMissing) {
        lastMissing = missing;
        settledAt = Date.now();
      }
      if (Date.now() - settledAt > settleMs) break;
      await sleep(200);
    }
    row.rejected.push(...(await page.evaluate(() => /** @type {any} */ (window).__soak.rejected)));

    // The compare.
    const loads = await page.evaluate(() => {
      const n = Number(sessionStorage.getItem('soak:loads') ?? '0');
      const out = [];
      for (let l = 1; l <= n; l++) {
        const list = [];
        for (let b = 1; ; b++) {
          const raw = sessionStorage.getItem(`soak:${l}:${b}`);
          if (raw === null) break;
          for (const [index, type, text, from] of JSON.parse(raw)) list.push({ index, type, text, from });
        }
        out.push(list);
      }
      return out;
    });
    const result = compare({ visitorSent: v, agentSent: a, server: asPage(agent.transcript), loads });
    row.sent = v + a;
    row.received = result.received;
    row.lost = result.lost;
    row.duplicated = result.duplicated;
    row.outOfOrder = result.outOfOrder;
    row.problems = result.problems;
    row.resends = Math.max(0, sendRequests - v);
    if (pageErrors.length) row.problems.push(...pageErrors.map((e) => `page error: ${e}`));
    const incomplete = v < visitorTotal || a < agentTotal ? `stopped at ${v + a} of ${messages}: ${stalled}` : '';
    return finish([setupFailure, incomplete].filter(Boolean).join('; '));
  } catch (error) {
    return finish(`the run broke off: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await control('/__control/faults', undefined, 'DELETE').catch(() => undefined);
    if (chatId) await agent.end(chatId).catch(() => undefined);
    await context.close().catch(() => undefined);
  }
}

/** The table (Markdown, so it pastes into docs/reliability.md as it is). @param {Array<ReturnType<typeof Object>>} rows */
export function table(rows) {
  const head = [
    'transport',
    'faults',
    'sent',
    'received',
    'lost',
    'duplicated',
    'out of order',
    'resends',
    'faults injected',
    'reloads',
    'disconnects',
    'time',
    'result',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((h, i) => (i < 2 || i === head.length - 1 ? '---' : '---:')).join('|')}|`];
  for (const r of rows) {
    lines.push(
      `| ${[r.transport, `${Math.round(r.rate * 1000) / 10} %`, r.sent, r.received, r.lost, r.duplicated, r.outOfOrder, r.resends, r.faults ?? 'n/a', r.reloads, r.disconnects, `${(r.timeMs / 1000).toFixed(1)} s`, r.ok ? 'pass' : 'FAIL'].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

const VALUED = ['messages', 'rates', 'transports', 'transport', 'reloads', 'disconnects', 'backlog', 'settle', 'seed', 'json', 'minutes'];
const FLAGS = ['verbose', 'parallel'];
const USAGE = `npm run soak -- [options]   (node test/soak/soak.mjs [options]; needs dist/: npx rollup -c)
  --messages 10000          both directions together, half each way
  --rates 0.01,0.1          fault rates (chaos per request)
  --transports rest,cometd,ngrest,cloud,webmessaging   default: every transport the demo page offers (--transport: one)
  --reloads 2  --disconnects 3  --backlog 40  --settle 60000  --seed 1
  --minutes <n>             stop sending after n minutes (the row fails, saying so)
  --json <file>  --verbose  --parallel
Exits 1 unless every row has 0 lost, 0 duplicated and 0 out of order.`;

/** @param {string[]} argv */
function parseArgs(argv) {
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '').split('=')[0];
    if (VALUED.includes(name)) {
      if (!argv[i].includes('=')) i++;
    } else if (!FLAGS.includes(name)) {
      throw new Error(`unknown option ${argv[i]}\n${USAGE}`);
    }
  }
  const get = (name, fallback) => {
    const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
    if (i < 0) return fallback;
    return argv[i].includes('=') ? argv[i].split('=').slice(1).join('=') : argv[i + 1];
  };
  return {
    messages: Number(get('messages', 10000)),
    rates: String(get('rates', '0.01,0.1')).split(',').map(Number),
    transports: get('transports', '') || get('transport', '') ? String(get('transports', '') || get('transport', '')).split(',') : availableTransports(),
    reloads: Number(get('reloads', 2)),
    disconnects: Number(get('disconnects', 3)),
    backlog: Number(get('backlog', 40)),
    settleMs: Number(get('settle', 60000)),
    seed: Number(get('seed', 1)),
    json: get('json', ''),
    verbose: argv.includes('--verbose'),
    parallel: argv.includes('--parallel'),
    minutes: Number(get('minutes', Infinity)),
  };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  // A copy of the built library for this run: a rebuild meanwhile cannot remove chunks a reload asks for.
  // Taken under the build lock (/tmp/build.lock, which builders of this checkout hold) when there is one: never half a build.
  const root = mkdtempSync(join(tmpdir(), 'live-assist-soak-'));
  const copy = ['sh', '-c', 'test -f dist/live-assist.js && cp -r dist locales styles "$0"', root];
  const LOCK = '/tmp/build.lock';
  const copied = existsSync(LOCK)
    ? spawnSync('flock', [LOCK, ...copy], { cwd: ROOT, stdio: 'inherit' })
    : spawnSync(copy[0], copy.slice(1), { cwd: ROOT, stdio: 'inherit' });
  if (copied.status !== 0 || !existsSync(join(root, 'dist/live-assist.js'))) {
    rmSync(root, { recursive: true, force: true });
    console.error('soak: dist/live-assist.js is missing: run `npx rollup -c` first');
    process.exit(1);
  }
  const { startServer } = await import('../../demo/server.mjs');
  const browser = await launchChromium();
  const started = Date.now();
  console.log(
    `soak: ${args.messages} messages per run, faults ${args.rates.map((r) => `${r * 100} %`).join(' and ')}, transports ${args.transports.join(', ')}${args.parallel ? ' (all at once)' : ''} (${new Date().toISOString()})`,
  );
  /** @type {Map<string, Awaited<ReturnType<typeof runSoak>>>} */
  const results = new Map();
  /** One run on a demo server of its own (its own simulator: its faults, fault counters and Bayeux sessions are the run's alone). */
  const runOne = async (transport, rate) => {
    const server = await startServer({ port: 0, rootDir: root, simulator: { maxTranscript: args.messages * 2 + 1000 } });
    try {
      const row = await runSoak({
        url: server.url,
        agentToken: server.agentToken,
        browser,
        transport,
        rate,
        messages: args.messages,
        reloads: args.reloads,
        disconnects: args.disconnects,
        backlog: args.backlog,
        settleMs: args.settleMs,
        seed: args.seed,
        log: args.verbose ? console.log : () => {},
        budgetMs: args.minutes * 60_000,
      });
      results.set(`${transport} ${rate}`, row);
      const lines = [
        `${transport} at ${rate * 100} %: ${row.ok ? 'pass' : 'FAIL'} in ${(row.timeMs / 1000).toFixed(1)} s${row.failure ? ` — ${row.failure}` : ''}`,
      ];
      for (const p of row.problems.slice(0, 10)) lines.push(`    ${p}`);
      for (const p of row.rejected.slice(0, 5)) lines.push(`    rejected: ${p}`);
      if (row.faultKinds)
        lines.push(
          `    faults: ${Object.entries(row.faultKinds)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')}`,
        );
      if (row.stalls.length)
        lines.push(
          `    ${row.stalls.length} stalls over 3 s, ${(row.stalls.reduce((a, b) => a + b, 0) / 1000).toFixed(0)} s in all, the longest ${(Math.max(...row.stalls) / 1000).toFixed(1)} s`,
        );
      console.log(lines.join('\n'));
    } finally {
      await server.close();
    }
  };
  const pairs = args.transports.flatMap((t) => args.rates.map((r) => /** @type {[string, number]} */ ([t, r])));
  try {
    if (args.parallel) await Promise.all(pairs.map(([t, r]) => runOne(t, r)));
    else for (const [t, r] of pairs) await runOne(t, r);
  } finally {
    await browser.close();
    rmSync(root, { recursive: true, force: true });
  }
  const rows = args.transports.flatMap((t) => args.rates.map((r) => results.get(`${t} ${r}`)).filter((row) => row !== undefined));
  console.log('');
  console.log(table(rows));
  console.log(`\nTotal run time ${((Date.now() - started) / 60000).toFixed(1)} min.`);
  if (args.json) writeFileSync(args.json, JSON.stringify({ at: new Date().toISOString(), args, rows }, null, 2));
  process.exit(rows.length && rows.every((r) => r.ok) ? 0 : 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
