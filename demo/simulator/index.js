// @ts-check
/**
 * The contact-centre simulator: pure Fetch-API handlers over an in-memory state.
 *
 *   const sim = createSimulator({ clock: createManualClock() });
 *   const response = await sim.handle(new Request('http://x/api/ewt/group?name=PPK_Chat'));
 *
 * `handle(request)` answers every /api/* and /__control/* request (a Response, possibly
 * Response.error() for an injected dropped connection) and returns undefined for anything else,
 * so a host (demo/server.mjs, or msw in the browser tests) can fall through to static files or
 * passthrough. No Node-only APIs are used anywhere under demo/simulator/.
 */
import { HttpError, httpErrorResponse, json, randomKey } from './http.js';
import { createRealClock, createManualClock } from './clock.js';
import { DEPLOYMENT, PATHS } from './contracts.js';
import { handleStats } from './stats.js';
import { handleCallback } from './callback.js';
import { handleSendMessage } from './sendmessage.js';
import { handleClickToCall, initialClickToCallState } from './click-to-call.js';
import { handleChat, disposeChats, makeLeaflet } from './chat.js';
import { handleNgrest } from './ngrest.js';
import { handleCloud } from './cloud.js';
import { handleAgent } from './agent.js';
import { handleCobrowse, initialCobrowseState } from './cobrowse.js';
import { handleKnowledge, initialKnowledgeState } from './knowledge.js';
import { handleEngagement, initialEngagementState } from './engagement.js';
import { handleControl, snapshot } from './control.js';
import { isValidToken } from './security.js';
import { SIMULATOR_TEXTS, requestLanguage } from './texts.js';
import { guarded, decideFault, applyToBatch } from './faults.js';

export { createRealClock, createManualClock };
export * from './contracts.js';

/**
 * @typedef {object} SimulatorOptions
 * @property {import('./clock.js').Clock} [clock] default: the real clock
 * @property {() => number} [random] for failure / drop rates; default Math.random
 * @property {boolean} [control] serve the control API (default true)
 * @property {number} [maxChatSessions] default 500
 * @property {number} [maxChatAgeMs] default 2 h
 * @property {number} [maxTranscript] messages kept per chat, default 1000
 * @property {boolean} [botRichMedia] the bot offers rich media after its greeting (the demo's default; off in tests)
 * @property {number} [maxCallbacks] default 1000
 * @property {number} [maxMessages] send-message records kept, default 200
 * @property {number} [maxStoredFileBytes] all chat uploads together, default 100 MiB
 * @property {Record<string, number>} [waits] initial wait per queue in seconds
 * @property {number} [maxIdempotencyKeys] Idempotency-Keys remembered, default 1000
 * @property {number} [maxIdempotencyAgeMs] how long a key is remembered, default 2 h
 * @property {number} [maxKnowledgeRecords] knowledge views, votes, ratings, not-found reports and searches kept (each), default 1000
 * @property {number} [maxKnowledgeSessions] knowledge-centre sessions kept, default 1000
 * @property {string} [agentToken] the bearer token of the agent API; default: random, see `agentToken`
 * @property {Partial<ChatSettings>} [chat] initial chat settings (delays, scripted agent …)
 * @property {(error: unknown, request: Request) => void} [onError] unexpected handler errors (answered 500)
 */

/**
 * @typedef {object} ChatSettings
 * @property {boolean} available
 * @property {boolean} scriptedAgent
 * @property {boolean} botRichMedia the bot follows its greeting with quick replies and a card (rich media)
 * @property {string} agentName
 * @property {number} agentJoinDelayMs
 * @property {number} botJoinDelayMs
 * @property {number} typingDelayMs
 * @property {number} replyDelayMs
 * @property {number} maxMessageLength
 * @property {{ enabled: boolean, alertAfterMs: number, alerts: number, closeAfterMs: number }} idle
 * @property {{ types: string[], needAgent: boolean, maxFileSize: number, maxFiles: number, maxTotalSize: number }} fileLimits
 */

/**
 * @typedef {object} Sim internal view shared by the handler modules
 * @property {Required<Omit<SimulatorOptions, 'waits' | 'chat' | 'onError'>> & SimulatorOptions} options
 * @property {import('./clock.js').Clock} clock
 * @property {ReturnType<typeof initialState>} state
 * @property {() => number} serverNow simulated server time (clock + control offset), epoch ms
 * @property {(key: string, request: Request, fn: () => Promise<Response>, options?: import('./faults.js').GuardOptions) => Promise<Response>} guard
 *   runs an endpoint under the injected faults for its key (and chat): faults.js `guarded`
 * @property {(keys: string | string[], chatId?: string, kinds?: import('./faults.js').FaultKind[]) => import('./faults.js').Fault | undefined} fault
 *   draws the fault for one request or push of a wire adapter (faults.js `decideFault`)
 * @property {WeakSet<Request>} internal requests one adapter makes of another (ngrest → chat): their
 *   faults were drawn by the outer call, so `guard` runs them as they are
 * @property {() => Uint8Array} leaflet the PDF the agent sends
 * @property {() => void} reset
 * @property {Set<(session: import('./chat.js').ChatSession) => void>} chatListeners told of every message a
 *   chat's transcript gains (the CometD adapter pushes them; the REST API is polled)
 */

export const DEFAULT_WAITS = Object.freeze({ [DEPLOYMENT.chatQueue]: 45, [DEPLOYMENT.callbackQueue]: 30 });

/** @param {SimulatorOptions} options */
function initialState(options) {
  /** @type {ChatSettings} */
  const chat = {
    available: true,
    scriptedAgent: true,
    botRichMedia: options.botRichMedia ?? false,
    agentName: 'Anna',
    agentJoinDelayMs: 4000,
    botJoinDelayMs: 500,
    typingDelayMs: 600,
    replyDelayMs: 1500,
    maxMessageLength: 500,
    idle: { enabled: true, alertAfterMs: 120000, alerts: 2, closeAfterMs: 60000 },
    fileLimits: {
      types: ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'txt', 'zip'],
      needAgent: true,
      maxFileSize: 5 * 1024 * 1024,
      maxFiles: 5,
      maxTotalSize: 10 * 1024 * 1024,
    },
    ...structuredClone(options.chat || {}),
  };
  return {
    clockOffsetMs: 0,
    /** @type {Map<string, number>} seconds per queue; absent = unknown (-1) */
    waits: new Map(Object.entries({ ...DEFAULT_WAITS, ...(options.waits || {}) })),
    /** @type {string[]} */
    callbackServices: [DEPLOYMENT.callbackService],
    callbackHours: { ...DEPLOYMENT.callbackHours, days: [...DEPLOYMENT.callbackHours.days] },
    slots: {
      defaultCapacity: 3,
      /** local Warsaw times that are full every day: "some slots full" */
      fullTimes: ['10:30', '13:00', '15:45'],
      /** @type {Map<string, number>} UTC ISO → capacity */
      overrides: new Map(),
      /** @type {Map<string, number>} UTC ISO → booked callbacks */
      booked: new Map(),
    },
    /** @type {Array<{id: string, version: string, serviceName: string, phoneNumber: string, national: string, desiredTime: string, state: string, userData: Record<string, unknown>, createdAt: number}>} */
    callbacks: [],
    /** @type {Array<Record<string, unknown>>} */
    messages: [],
    /** @type {Map<string, import('./idempotency.js').Entry>} "METHOD path key" → first outcome */
    idempotency: new Map(),
    sendMessageLimits: { maxFiles: 3, maxTotalSize: 5 * 1024 * 1024 },
    /** @type {Map<string, import('./contracts.js').FaultSpec>} */
    faults: new Map(),
    surveyCancels: 0,
    /** click-to-call: the number pool's leases and settings (click-to-call.js) */
    clickToCall: initialClickToCallState(),
    /** knowledge centre: sessions, searches, views, votes, ratings, not-found reports (knowledge.js) */
    knowledge: initialKnowledgeState(),
    /** web engagement: invite rules, visits, dispositions, tracked events (engagement.js) */
    engagement: initialEngagementState(),
    /** co-browse: online mode and the relay's sessions (cobrowse.js) */
    cobrowse: initialCobrowseState(),
    chat: {
      ...chat,
      /** @type {string[]} */
      services: [DEPLOYMENT.chatBotService, DEPLOYMENT.chatService],
      /** @type {string} */
      botService: DEPLOYMENT.chatBotService,
      /** @type {Map<string, import('./chat.js').ChatSession>} */
      sessions: new Map(),
      filesBytes: 0,
    },
  };
}

/**
 * Create an isolated simulator.
 * @param {SimulatorOptions} [opts]
 */
export function createSimulator(opts = {}) {
  const options = {
    clock: opts.clock || createRealClock(),
    random: opts.random || Math.random,
    control: opts.control !== false,
    maxChatSessions: opts.maxChatSessions ?? 500,
    maxChatAgeMs: opts.maxChatAgeMs ?? 2 * 60 * 60 * 1000,
    maxTranscript: opts.maxTranscript ?? 1000,
    maxCallbacks: opts.maxCallbacks ?? 1000,
    maxMessages: opts.maxMessages ?? 200,
    maxStoredFileBytes: opts.maxStoredFileBytes ?? 100 * 1024 * 1024,
    maxIdempotencyKeys: opts.maxIdempotencyKeys ?? 1000,
    maxIdempotencyAgeMs: opts.maxIdempotencyAgeMs ?? 2 * 60 * 60 * 1000,
    maxKnowledgeRecords: opts.maxKnowledgeRecords ?? 1000,
    maxKnowledgeSessions: opts.maxKnowledgeSessions ?? 1000,
    ...opts,
    agentToken: opts.agentToken ?? randomKey(24),
  };
  if (!isValidToken(options.agentToken)) throw new TypeError('agentToken must be 8 to 200 characters of A-Z a-z 0-9 - . _ ~ + /');
  /** @type {Uint8Array | null} */
  let leaflet = null;

  /** @type {Sim} */
  const sim = {
    options: /** @type {Sim['options']} */ (options),
    clock: options.clock,
    state: initialState(options),
    serverNow: () => sim.clock.now() + sim.state.clockOffsetMs,
    leaflet: () => (leaflet ||= makeLeaflet()),
    chatListeners: new Set(),
    reset() {
      disposeChats(sim);
      sim.state = initialState(options);
    },
    guard: (key, request, fn, guardOptions) => guarded(sim, key, request, fn, guardOptions),
    fault: (keys, chatId, kinds) => decideFault(sim, keys, chatId, kinds),
    internal: new WeakSet(),
  };

  /** @type {Array<(sim: Sim, request: Request, url: URL) => Promise<Response | undefined>>} */
  const handlers = [
    handleControl,
    handleStats,
    handleCallback,
    handleSendMessage,
    handleChat,
    handleNgrest,
    handleCloud,
    handleCobrowse,
    handleAgent,
    handleKnowledge,
  ];
  // The engagement server answers its own control route (/__control/engagement) before the control API does.
  handlers.unshift(handleEngagement);
  // Click-to-call's number pool (click-to-call.js).
  handlers.push(handleClickToCall);

  /**
   * Answer a request, or undefined when the path is not the simulator's.
   * @param {Request} request
   * @param {{ faults?: boolean }} [handleOptions] `faults: false` for a request another wire adapter
   *   (CometD) makes for its own call, whose faults it drew already
   * @returns {Promise<Response | undefined>}
   */
  async function handle(request, handleOptions = {}) {
    if (handleOptions.faults === false) sim.internal.add(request);
    let url;
    try {
      url = new URL(request.url);
    } catch {
      return json({ error: 'Invalid URL', status: 400 }, 400);
    }
    const p = url.pathname;
    if (!p.startsWith('/api/') && p !== PATHS.control && !p.startsWith(PATHS.control + '/')) return undefined;
    try {
      if (p === PATHS.surveyCancel) return surveyCancel(request);
      for (const h of handlers) {
        const r = await h(sim, request, url);
        if (r) return r;
      }
      return localised(request, 'notFound', 404);
    } catch (e) {
      if (e instanceof HttpError) return httpErrorResponse(e);
      if (options.onError) options.onError(e, request);
      return localised(request, 'internalError', 500);
    }
  }

  /**
   * One of the simulator's own errors, in the request's language.
   * @param {Request} request
   * @param {keyof typeof SIMULATOR_TEXTS.en} text
   * @param {number} status
   */
  function localised(request, text, status) {
    const lang = requestLanguage(request);
    return json({ error: SIMULATOR_TEXTS[lang][text], status }, status, { 'content-language': lang });
  }

  /** @param {Request} request */
  async function surveyCancel(request) {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type' };
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (request.method !== 'POST') return json({ error: 'Method not allowed', status: 405 }, 405, cors);
    return sim.guard('survey.cancel', request, async () => {
      sim.state.surveyCancels++;
      return new Response(null, { status: 204, headers: cors });
    });
  }

  return {
    handle,
    /** current state (read-only use; change it through the control API) */
    get state() {
      return sim.state;
    },
    clock: sim.clock,
    serverNow: sim.serverNow,
    /** the control API's GET /__control answer */
    snapshot: () => snapshot(sim),
    reset: sim.reset,
    /** stop every timer (call when the host shuts down) */
    dispose: () => disposeChats(sim),
    options,
    /** the bearer token every /api/agent/* call must carry (the agentToken option, or random) */
    agentToken: options.agentToken,
    /**
     * Another wire adapter over the same chat model (demo/simulator/cometd.js): its handler answers before
     * the others (its control route under /__control/), `onChat` tells it of every message a chat gains.
     * @param {(sim: Sim, request: Request, url: URL) => Promise<Response | undefined>} handler
     */
    use(handler) {
      handlers.unshift(handler);
    },
    /**
     * The fault for one request or push of a wire adapter in another module (cometd.js, cloud.js), drawn
     * now and counted; undefined when none. See demo/simulator/faults.js.
     * @param {string | string[]} keys the endpoint key, then fallbacks (the legacy REST key it stands for)
     * @param {string} [chatId]
     * @param {import('./faults.js').FaultKind[]} [kinds] the kinds that apply (default: by the key)
     */
    fault: (keys, chatId, kinds) => decideFault(sim, keys, chatId, kinds),
    /**
     * A batch of transcript messages with the fault's duplicate / reorder applied (a new array; counted).
     * @template T @param {T[]} messages @param {import('./faults.js').Fault | undefined} fault @returns {T[]}
     */
    applyToBatch: (messages, fault) => applyToBatch(sim, messages, fault),
    /** @param {(session: import('./chat.js').ChatSession) => void} listener @returns {() => void} stop listening */
    onChat(listener) {
      sim.chatListeners.add(listener);
      return () => sim.chatListeners.delete(listener);
    },
  };
}

/** @typedef {ReturnType<typeof createSimulator>} Simulator */
