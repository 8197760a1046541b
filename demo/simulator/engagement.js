// @ts-check
/**
 * The web-engagement server (plugins-and-infrastructure.md §7 "Web engagement") under /api/gwe, the
 * WebEngagement plugin's `endpoint`:
 *
 *   GET  /api/gwe/server/data/invites?result=pending|invite&media=chat&visitID&pageID&alias&engagementID&webengagement
 *        → { invites: [...] }: the invites due for this visit and page (its rules, or one queued by the
 *        control API), each handed out once; `result=invite` with an engagementID: that engagement's invite
 *   POST /api/gwe/server/data/dispositions   a disposition (JSON, or the beacon's text/plain JSON) → 204
 *   POST /api/gwe/server/data/events         a tracked event from the tracking script → 204
 *   GET  /api/gwe/server/data/offers         the offers feed: { offer } (an Offers.open definition)
 *   GET  /api/gwe/server/resources/js/build/GTCJ.min.js   a small stand-in for the tracking script
 *
 * and the control route /__control/engagement (see demo/SIMULATOR.md).
 */
import { HttpError, json, randomId } from './http.js';
import { PATHS } from './contracts.js';
import { assertAgentToken, assertJsonBody, assertSameOrigin } from './security.js';

/** @typedef {import('./index.js').Sim} Sim */
/**
 * @typedef {object} InviteRule
 * @property {string} id
 * @property {number} afterSeconds seconds on a page before the invite
 * @property {string} [path] only on pages whose path starts with it
 * @property {Record<string, unknown>} [invite] the invite's fields (subject, message, chatOptions …)
 * @property {boolean} [offer] the invite carries the offers feed's offer
 */
/** @typedef {{ path: string, since: number }} PageVisit */
/** @typedef {{ pages: Map<string, PageVisit>, pending: Record<string, unknown>[], fired: Set<string>, at: number }} Visit */

export const ENGAGEMENT_BASE = '/api/gwe';
const CONTROL = `${PATHS.control}/engagement`;
/** Kept per kind: the oldest go first. */
const MAX_RECORDS = 1000;
const MAX_VISITS = 1000;
const MAX_BODY = 64 * 1024;
const RESULTS = new Set(['accept', 'cancel', 'timeout', 'pageExit', 'videoViewed', 'error']);

/** The offers feed's offer: the employer's PPK contribution, whose call to action opens the callback. */
export const PPK_OFFER = Object.freeze({
  mode: 'overlay',
  layout: 'leftText',
  headline: 'Your employer adds 1.5% to your PPK',
  body: 'Save in PPK and your employer pays at least 1.5% of your pay on top, plus the state’s welcome and yearly payments. Ask us how it works for you.',
  button: 'Call me back',
  cta: { command: 'Callback.open' },
  timeout: 30000,
});

/** The invite a rule or the control API makes when it gives no fields of its own. */
const DEFAULT_INVITE = Object.freeze({
  subject: 'Need help?',
  message: 'Let us know if we can help out.',
  acceptBtnCaption: 'Start chat',
  cancelBtnCaption: 'No thanks',
  inviteTimeout: 30000,
});

export function initialEngagementState() {
  return {
    /** @type {InviteRule[]} */
    rules: [],
    /** @type {Map<string, Visit>} visitID → its pages and waiting invites */
    visits: new Map(),
    /** @type {Map<string, Record<string, unknown>>} engagementID → invite handed out */
    engagements: new Map(),
    /** @type {Record<string, unknown>[]} invites queued for the next visit that asks (control API, no visitID) */
    broadcast: [],
    /** @type {Array<Record<string, unknown>>} */
    dispositions: [],
    /** @type {Array<Record<string, unknown>>} */
    events: [],
    /** @type {Array<Record<string, unknown>>} the invite requests as they came (query and cookies) */
    requests: [],
  };
}

/** @param {Array<unknown>} list @param {unknown} item */
const record = (list, item) => {
  list.push(item);
  if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS);
};

/** @param {Request} request @returns {Promise<Record<string, any>>} a JSON object body, whatever its content type (a beacon sends text/plain) */
async function objectBody(request) {
  const text = await request.text();
  if (text.length > MAX_BODY) throw new HttpError(413, 'Body too large');
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Expected a JSON object');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new HttpError(400, 'Expected a JSON object');
  return value;
}

/** @param {unknown} value @param {number} max */
const short = (value, max = 200) => (typeof value === 'string' ? value.slice(0, max) : '');

/** A new invite with fresh ids. @param {Sim} sim @param {Record<string, unknown>} [fields] @param {boolean} [offer] */
function makeInvite(sim, fields = {}, offer = false) {
  const invite = { ...DEFAULT_INVITE, ...fields, actionID: `action-${randomId()}`, engagementID: `engagement-${randomId()}`, media: 'chat' };
  if (offer) Object.assign(invite, { offer: { ...PPK_OFFER } });
  sim.state.engagement.engagements.set(invite.engagementID, invite);
  if (sim.state.engagement.engagements.size > MAX_RECORDS) {
    const [oldest] = sim.state.engagement.engagements.keys();
    sim.state.engagement.engagements.delete(oldest);
  }
  return invite;
}

/** The visit, made on its first request. @param {Sim} sim @param {string} visitID */
function visitOf(sim, visitID) {
  const { visits } = sim.state.engagement;
  let visit = visits.get(visitID);
  if (!visit) {
    visit = { pages: new Map(), pending: [], fired: new Set(), at: sim.clock.now() };
    visits.set(visitID, visit);
    if (visits.size > MAX_VISITS) visits.delete(visits.keys().next().value ?? '');
  }
  return visit;
}

/** The page's path: from the Referer the browser sends with a same-origin request. @param {Request} request */
function pagePath(request) {
  try {
    return new URL(request.headers.get('referer') || '').pathname;
  } catch {
    return '/';
  }
}

/** @param {Sim} sim @param {Request} request @param {URL} url */
function invites(sim, request, url) {
  const q = url.searchParams;
  const st = sim.state.engagement;
  const visitID = short(q.get('visitID'));
  const pageID = short(q.get('pageID'));
  if (!visitID || !pageID) throw new HttpError(400, 'visitID and pageID are required');
  if (q.get('media') !== 'chat') throw new HttpError(400, "media must be 'chat'");
  record(st.requests, { ...Object.fromEntries(q), cookie: request.headers.has('cookie'), at: sim.clock.now() });
  const engagementID = q.get('engagementID');
  if (q.get('result') === 'invite' && engagementID) {
    const known = st.engagements.get(engagementID);
    return json({ invites: known ? [known] : [] });
  }
  const visit = visitOf(sim, visitID);
  if (!visit.pages.has(pageID)) visit.pages.set(pageID, { path: pagePath(request), since: sim.clock.now() });
  const page = /** @type {PageVisit} */ (visit.pages.get(pageID));
  for (const rule of st.rules) {
    if (visit.fired.has(rule.id)) continue;
    if (rule.path && !page.path.startsWith(rule.path)) continue;
    if (sim.clock.now() - page.since < rule.afterSeconds * 1000) continue;
    visit.fired.add(rule.id);
    visit.pending.push(makeInvite(sim, rule.invite, rule.offer));
  }
  const due = [...visit.pending, ...st.broadcast.splice(0)];
  visit.pending = [];
  return json({ invites: due.slice(0, 20) });
}

/**
 * The stand-in tracking script: it takes over the page's `_gt` queue (config, event, getIDs) and posts
 * each event to the server, where the control API shows them. No eval and no HTML: it runs under the
 * demo's strict CSP and Trusted Types.
 */
const TRACKER = `(function () {
  var queued = window._gt || [];
  var config = {};
  function send(path, body) {
    if (!config.endpoint) return;
    var url = config.endpoint.replace(/\\/+$/, '') + path;
    var text = JSON.stringify(body);
    if (navigator.sendBeacon && navigator.sendBeacon(url, text)) return;
    fetch(url, { method: 'POST', body: text, credentials: 'include', keepalive: true }).catch(function () {});
  }
  function run(item) {
    if (!item || typeof item.length !== 'number') return;
    if (item[0] === 'config') {
      config = item[1] || {};
      send('/server/data/events', { visitID: config.visitID, pageID: config.pageID, name: 'PageEntered', data: { path: location.pathname, title: document.title } });
    } else if (item[0] === 'event') {
      send('/server/data/events', { visitID: config.visitID, pageID: config.pageID, name: String(item[1]), data: item[2] && item[2].data });
    } else if (item[0] === 'getIDs' && typeof item[1] === 'function') {
      item[1]({ visitID: config.visitID, pageID: config.pageID, alias: config.alias || '' });
    }
  }
  window._gt = { push: function () { for (var i = 0; i < arguments.length; i++) run(arguments[i]); return 0; } };
  for (var i = 0; i < queued.length; i++) run(queued[i]);
})();
`;

/** @param {Record<string, any>} b @returns {InviteRule} */
function parseRule(b) {
  const afterSeconds = Number(b.afterSeconds ?? 0);
  if (!Number.isFinite(afterSeconds) || afterSeconds < 0 || afterSeconds > 86400) throw new HttpError(400, 'afterSeconds must be a number from 0 to 86400');
  if (b.path !== undefined && (typeof b.path !== 'string' || !b.path.startsWith('/'))) throw new HttpError(400, "path must start with '/'");
  if (b.invite !== undefined && (!b.invite || typeof b.invite !== 'object' || Array.isArray(b.invite))) throw new HttpError(400, 'invite must be an object');
  return {
    id: randomId(),
    afterSeconds,
    ...(b.path ? { path: b.path } : {}),
    ...(b.invite ? { invite: b.invite } : {}),
    ...(b.offer === true ? { offer: true } : {}),
  };
}

/** @param {Sim} sim */
export function engagementSnapshot(sim) {
  const st = sim.state.engagement;
  return { rules: st.rules, visits: st.visits.size, waiting: st.broadcast.length, dispositions: st.dispositions, events: st.events, requests: st.requests };
}

/** @param {Sim} sim @param {Request} request @param {URL} url */
async function control(sim, request, url) {
  assertSameOrigin(request, url);
  assertJsonBody(request);
  const st = sim.state.engagement;
  // Dispositions and tracked events carry what visitors did (and the chat form's data): the agent's to read.
  if (request.method === 'GET') {
    assertAgentToken(request, sim.options.agentToken);
    return json(engagementSnapshot(sim));
  }
  if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
  const b = await objectBody(request);
  if (b.reset === true) sim.state.engagement = initialEngagementState();
  if (b.rules !== undefined) {
    if (!Array.isArray(b.rules) || b.rules.length > 20) throw new HttpError(400, 'rules must be a list of at most 20 rules');
    st.rules = b.rules.map((rule) => parseRule(rule && typeof rule === 'object' ? rule : {}));
  }
  /** @type {Record<string, unknown> | undefined} */
  let queued;
  if (b.invite !== undefined || b.offer === true) {
    const fields = b.invite && typeof b.invite === 'object' && !Array.isArray(b.invite) ? b.invite : {};
    queued = makeInvite(sim, fields, b.offer === true);
    if (typeof b.visitID === 'string' && b.visitID) visitOf(sim, b.visitID.slice(0, 200)).pending.push(queued);
    else sim.state.engagement.broadcast.push(queued);
  }
  return json({ rules: sim.state.engagement.rules, waiting: sim.state.engagement.broadcast.length, ...(queued ? { invite: queued } : {}) });
}

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleEngagement(sim, request, url) {
  const p = url.pathname.replace(/\/$/, '');
  if (p === CONTROL) {
    if (!sim.options.control) throw new HttpError(404, 'Control API disabled');
    return control(sim, request, url);
  }
  if (!p.startsWith(ENGAGEMENT_BASE + '/')) return undefined;
  const route = p.slice(ENGAGEMENT_BASE.length);
  const st = sim.state.engagement;
  const method = request.method;
  if (route === '/server/resources/js/build/GTCJ.min.js' && method === 'GET') {
    return new Response(TRACKER, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' } });
  }
  if (route === '/server/data/invites' && method === 'GET') return sim.guard('engagement.invites', request, async () => invites(sim, request, url));
  if (route === '/server/data/offers' && method === 'GET') return json({ offer: PPK_OFFER });
  if (route === '/server/data/dispositions' && method === 'POST') {
    return sim.guard('engagement.dispositions', request, async () => {
      const b = await objectBody(request);
      if (!RESULTS.has(b.result)) throw new HttpError(400, `result must be one of ${[...RESULTS].join(', ')}`);
      record(st.dispositions, {
        actionID: short(b.actionID),
        engagementID: short(b.engagementID),
        media: short(b.media, 50),
        result: b.result,
        ...(typeof b.code === 'string' ? { code: short(b.code) } : {}),
        visitID: short(b.visitID),
        pageID: short(b.pageID),
        beacon: !(request.headers.get('content-type') || '').startsWith('application/json'),
        at: sim.clock.now(),
      });
      return new Response(null, { status: 204 });
    });
  }
  if (route === '/server/data/events' && method === 'POST') {
    const b = await objectBody(request);
    if (typeof b.name !== 'string' || !/^\w+(?:\.\w+)?$/.test(b.name)) throw new HttpError(400, 'name must be an event name');
    record(st.events, { visitID: short(b.visitID), pageID: short(b.pageID), name: b.name, data: b.data ?? null, at: sim.clock.now() });
    return new Response(null, { status: 204 });
  }
  throw new HttpError(method === 'GET' || method === 'POST' ? 404 : 405, method === 'GET' || method === 'POST' ? 'Not found' : 'Method not allowed');
}
