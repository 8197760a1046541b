// @ts-check
/**
 * Legacy chat REST (web-chat.md §7): start, refresh, send, startTyping, stopTyping, disconnect,
 * customNotice, updateData, requestNotifications, file, file/limits, file/{id}/download — plus the
 * customer chat bot, the scripted agent, the idle timer and the hooks the agent console uses.
 */
import { RICH_LAYOUTS, richExample } from './rich-media.js';
import { HttpError, json, readBody, field, randomId, randomKey, sameKey, isEmail } from './http.js';
import { PATHS, CHAT_ERRORS as C } from './contracts.js';
import { TEXTS, fold } from './texts.js';
import { buildPdf, AGENT_LEAFLET } from './pdf.js';
import { once, fingerprintOf, readIdempotencyKey } from './idempotency.js';

/** @typedef {import('./index.js').Sim} Sim */
/** @typedef {import('./contracts.js').TranscriptMessage} TranscriptMessage */
/** @typedef {import('./contracts.js').ParticipantType} ParticipantType */

/**
 * @typedef {object} ChatSession
 * @property {string} chatId
 * @property {string} secureKey
 * @property {string} userId
 * @property {string} alias
 * @property {string} service
 * @property {string} origin
 * @property {number} createdAt base-clock ms (for eviction)
 * @property {number} createdServerTime
 * @property {boolean} ended
 * @property {'pl' | 'en'} lang
 * @property {{ nickname: string, firstName: string, lastName: string, emailAddress: string, subject: string, endpoint: string }} visitor
 * @property {Record<string, string>} userData
 * @property {TranscriptMessage[]} transcript
 * @property {number} nextIndex
 * @property {Map<string, {id: string, type: ParticipantType, name: string, connected: boolean}>} participants
 * @property {'bot' | 'waiting' | 'scripted' | 'human' | 'ended'} phase
 * @property {{ name: string, agentKey: string, id: string } | null} human
 * @property {Set<unknown>} timers
 * @property {{ handle: unknown, expireAt: number | null, alertsSent: number }} idle
 * @property {{ typing: boolean, preview: string }} visitorTyping
 * @property {Map<string, { name: string, size: number, type: string, bytes: Uint8Array, from: ParticipantType }>} files
 * @property {number} filesBytes
 * @property {number} clientFiles
 * @property {number} replies
 * @property {string} unanswered
 * @property {number} agentSeq
 * @property {Map<string, import('./idempotency.js').Entry>} sends the visitor's sends by Idempotency-Key
 *   (at most maxTranscript, the oldest dropped; gone with the chat)
 */

const OPS = new Set(['refresh', 'send', 'startTyping', 'stopTyping', 'disconnect', 'customNotice', 'updateData', 'requestNotifications', 'file']);

/** @param {unknown} extra */
const ok = (extra = {}) => json({ statusCode: 0, .../** @type {object} */ (extra) });
/**
 * statusCode 2 answer
 * @param {number} code
 * @param {string} message
 * @param {Record<string, unknown>} [extra]
 * @param {number} [status]
 */
const rejected = (code, message, extra = {}, status = 200) => json({ statusCode: 2, errors: [{ code, message }], ...extra }, status);

/* ----------------------------------------------------------- session store */

/**
 * Drop sessions older than maxChatAgeMs and, when full, the oldest ones (lazy: runs on every start
 * and lookup).
 * @param {Sim} sim
 * @param {number} [room] places to free for a new session
 */
export function evictSessions(sim, room = 0) {
  const sessions = sim.state.chat.sessions;
  const now = sim.clock.now();
  for (const [id, s] of sessions) {
    if (now - s.createdAt > sim.options.maxChatAgeMs) dropSession(sim, id);
  }
  while (sessions.size + room > sim.options.maxChatSessions) {
    const oldest = sessions.keys().next();
    if (oldest.done) break;
    dropSession(sim, oldest.value);
  }
}

/** @param {Sim} sim @param {string} id */
function dropSession(sim, id) {
  const s = sim.state.chat.sessions.get(id);
  if (!s) return;
  clearTimers(sim, s);
  sim.state.chat.filesBytes -= s.filesBytes;
  sim.state.chat.sessions.delete(id);
}

/** @param {Sim} sim @param {ChatSession} s */
function clearTimers(sim, s) {
  for (const t of s.timers) sim.clock.clearTimeout(t);
  s.timers.clear();
  if (s.idle.handle !== null) sim.clock.clearTimeout(s.idle.handle);
  s.idle.handle = null;
  s.idle.expireAt = null;
}

/** @param {Sim} sim */
export function disposeChats(sim) {
  for (const id of [...sim.state.chat.sessions.keys()]) dropSession(sim, id);
}

/**
 * Run `fn` after `ms` on the simulator clock unless the chat has ended or was evicted meanwhile.
 * @param {Sim} sim
 * @param {ChatSession} s
 * @param {number} ms
 * @param {() => void} fn
 */
function later(sim, s, ms, fn) {
  const handle = sim.clock.setTimeout(() => {
    s.timers.delete(handle);
    if (s.ended || sim.state.chat.sessions.get(s.chatId) !== s) return;
    fn();
  }, ms);
  s.timers.add(handle);
}

/* -------------------------------------------------------------- transcript */

/**
 * @param {Sim} sim
 * @param {ChatSession} s
 * @param {TranscriptMessage['type']} type
 * @param {string} fromId
 * @param {string} text
 * @param {Record<string, string>} [userData]
 */
export function push(sim, s, type, fromId, text, userData) {
  const p = s.participants.get(fromId);
  /** @type {TranscriptMessage} */
  const msg = {
    index: s.nextIndex++,
    type,
    text,
    timestamp: sim.serverNow(),
    from: { id: fromId, type: p ? p.type : 'External', name: p ? p.name : TEXTS[s.lang].systemName },
  };
  if (userData) msg.userData = userData;
  s.transcript.push(msg);
  // Bound a single transcript: keep the newest messages (indexes stay increasing).
  if (s.transcript.length > sim.options.maxTranscript) s.transcript.splice(0, s.transcript.length - sim.options.maxTranscript);
  // Push transports (CometD) deliver it; REST clients poll for it.
  for (const listener of sim.chatListeners) listener(s);
  return msg;
}

/**
 * A structured message (rich media) of one of the example layouts, from `fromId`.
 * @param {Sim} sim @param {ChatSession} s @param {string} fromId @param {import('./rich-media.js').RichLayout} layout
 */
export function pushRich(sim, s, fromId, layout) {
  const { text, contentType, content } = richExample(s.lang === 'en' ? 'en' : 'pl', layout, s.origin);
  const msg = push(sim, s, 'Structured', fromId, text);
  Object.assign(msg, { contentType, content, id: `rm-${s.chatId}-${msg.index}` });
  return msg;
}

/**
 * @param {Sim} sim
 * @param {ChatSession} s
 * @param {ParticipantType} type
 * @param {string} name
 */
export function join(sim, s, type, name) {
  const id = type === 'Client' ? s.userId : `${type.toLowerCase()}-${++s.agentSeq}`;
  s.participants.set(id, { id, type, name, connected: true });
  push(sim, s, 'ParticipantJoined', id, '');
  return id;
}

/** @param {Sim} sim @param {ChatSession} s @param {string} id */
export function leave(sim, s, id) {
  const p = s.participants.get(id);
  if (!p || !p.connected) return;
  push(sim, s, 'ParticipantLeft', id, '');
  p.connected = false;
}

/** @param {ChatSession} s @param {ParticipantType} type */
const connected = (s, type) => [...s.participants.values()].filter((p) => p.connected && p.type === type);

/** @param {ChatSession} s */
const agentConnected = (s) => connected(s, 'Agent').length > 0 || connected(s, 'Supervisor').length > 0;

/**
 * End the chat: everyone still connected leaves, timers stop, chatEnded from now on.
 * @param {Sim} sim
 * @param {ChatSession} s
 */
export function endChat(sim, s) {
  if (s.ended) return;
  for (const p of s.participants.values()) if (p.connected && p.type !== 'Client') leave(sim, s, p.id);
  for (const p of s.participants.values()) if (p.connected) leave(sim, s, p.id);
  s.visitorTyping = { typing: false, preview: '' };
  s.ended = true;
  s.phase = 'ended';
  clearTimers(sim, s);
}

/** @param {Sim} sim @param {ChatSession} s */
function surveyNotice(sim, s) {
  const q = `chat=${encodeURIComponent(s.chatId)}`;
  push(sim, s, 'CustomNotice', 'system', JSON.stringify({ Survey_URL: `${s.origin}/ankieta?${q}`, Cancel_URL: `${s.origin}${PATHS.surveyCancel}?${q}` }));
}

/** @param {Sim} sim @param {ChatSession} s @param {ParticipantType} from */
export function sendLeaflet(sim, s, from) {
  const p = connected(s, from)[0];
  if (!p) return;
  const bytes = sim.leaflet();
  const fileId = randomId();
  s.files.set(fileId, { name: 'ppk-w-pigulce.pdf', size: bytes.length, type: 'application/pdf', bytes, from });
  push(sim, s, 'FileUploaded', p.id, 'ppk-w-pigulce.pdf', {
    'file-name': 'ppk-w-pigulce.pdf',
    'file-size': String(bytes.length),
    'file-id': fileId,
    'file-type': 'application/pdf',
  });
}

/* ---------------------------------------------------------- idle alerting */

/** @param {Sim} sim @param {ChatSession} s */
function armIdle(sim, s) {
  if (s.idle.handle !== null) sim.clock.clearTimeout(s.idle.handle);
  s.idle.handle = null;
  s.idle.expireAt = null;
  s.idle.alertsSent = 0;
  const cfg = sim.state.chat.idle;
  if (!cfg.enabled || s.ended) return;
  idleStep(sim, s, cfg.alertAfterMs);
}

/** @param {Sim} sim @param {ChatSession} s @param {number} ms */
function idleStep(sim, s, ms) {
  s.idle.expireAt = sim.serverNow() + ms;
  s.idle.handle = sim.clock.setTimeout(() => {
    s.idle.handle = null;
    if (s.ended || sim.state.chat.sessions.get(s.chatId) !== s) return;
    const cfg = sim.state.chat.idle;
    const t = TEXTS[s.lang];
    if (s.idle.alertsSent < cfg.alerts) {
      s.idle.alertsSent++;
      const next = s.idle.alertsSent < cfg.alerts ? 'alert' : 'close';
      const nextMs = next === 'alert' ? cfg.alertAfterMs : cfg.closeAfterMs;
      push(sim, s, 'IdleAlert', 'system', t.idleAlert, { 'next-idle-timer-type': next, 'next-idle-timer-secs': String(Math.round(nextMs / 1000)) });
      idleStep(sim, s, nextMs);
    } else {
      push(sim, s, 'IdleClose', 'system', t.idleClose);
      endChat(sim, s);
    }
  }, ms);
}

/* --------------------------------------------------------- scripted agent */

/** @param {Sim} sim @param {ChatSession} s */
function scheduleAgentJoin(sim, s) {
  const cfg = sim.state.chat;
  if (!cfg.scriptedAgent || s.human) return;
  later(sim, s, cfg.agentJoinDelayMs, () => {
    if (s.phase !== 'waiting' || s.human || !sim.state.chat.scriptedAgent) return;
    join(sim, s, 'Agent', sim.state.chat.agentName);
    s.phase = 'scripted';
    agentSays(sim, s, TEXTS[s.lang].agentGreeting(sim.state.chat.agentName), () => {
      if (s.unanswered) {
        const q = s.unanswered;
        s.unanswered = '';
        scriptedReply(sim, s, q);
      }
    });
  });
}

/**
 * Typing started → pause → typing stopped → message, from the first connected participant of a type.
 * @param {Sim} sim
 * @param {ChatSession} s
 * @param {string} text
 * @param {() => void} [then]
 * @param {ParticipantType} [type]
 */
function agentSays(sim, s, text, then, type = 'Agent') {
  const cfg = sim.state.chat;
  later(sim, s, cfg.typingDelayMs, () => {
    const p = connected(s, type)[0];
    if (!p) return;
    push(sim, s, 'TypingStarted', p.id, '');
    later(sim, s, cfg.replyDelayMs, () => {
      if (!p.connected) return;
      push(sim, s, 'TypingStopped', p.id, '');
      push(sim, s, 'Message', p.id, text);
      if (then) then();
    });
  });
}

/** @param {Sim} sim @param {ChatSession} s @param {string} question */
function scriptedReply(sim, s, question) {
  const t = TEXTS[s.lang];
  const q = fold(question);
  const agent = connected(s, 'Agent')[0];
  if (!agent) return;
  const layout = RICH_LAYOUTS.find((name) => q.includes(`rich ${name}`));
  if (layout) {
    agentSays(sim, s, t.rich, () => pushRich(sim, s, agent.id, layout));
  } else if (/plik|file|pdf|ulotk|leaflet/.test(q)) {
    agentSays(sim, s, t.file, () => sendLeaflet(sim, s, 'Agent'));
  } else if (/ankiet|survey/.test(q)) {
    agentSays(sim, s, t.survey, () => surveyNotice(sim, s));
  } else if (/kierownik|przelozon|supervisor/.test(q)) {
    if (!connected(s, 'Supervisor').length) join(sim, s, 'Supervisor', t.supervisorName);
    agentSays(sim, s, t.supervisor, undefined, 'Supervisor');
  } else if (/\blink\b|strona|strone|website|page/.test(q)) {
    agentSays(sim, s, t.link, () => push(sim, s, 'PushUrl', agent.id, `${s.origin}/#wplaty`));
  } else if (/do widzenia|koniec rozmowy|zakoncz|goodbye|\bbye\b/.test(q)) {
    agentSays(sim, s, t.goodbye, () => {
      surveyNotice(sim, s);
      endChat(sim, s);
    });
  } else if (/dziekuj|dzieki|thank/.test(q)) {
    agentSays(sim, s, t.thanks);
  } else {
    const topic = t.topics.find(([re]) => /** @type {RegExp} */ (re).test(q));
    agentSays(sim, s, topic ? /** @type {string} */ (topic[1]) : t.fallback[s.replies++ % t.fallback.length]);
  }
}

/**
 * A message from the visitor reached the server.
 * @param {Sim} sim
 * @param {ChatSession} s
 * @param {string} text
 */
function onClientMessage(sim, s, text) {
  if (s.phase === 'bot') {
    const bot = connected(s, 'Bot')[0];
    if (!bot) {
      s.unanswered = text;
      return;
    }
    s.unanswered = text;
    s.phase = 'waiting';
    agentSays(
      sim,
      s,
      TEXTS[s.lang].botHandover,
      () => {
        leave(sim, s, bot.id);
        push(sim, s, 'Notice', 'system', TEXTS[s.lang].waiting);
        scheduleAgentJoin(sim, s);
      },
      'Bot',
    );
  } else if (s.phase === 'waiting') {
    s.unanswered = text;
  } else if (s.phase === 'scripted') {
    scriptedReply(sim, s, text);
  }
  // 'human': the person at /agent answers.
}

/* ------------------------------------------------------------ agent console */

/**
 * A person at the agent console takes the chat: the bot or scripted agent leaves, their timers stop.
 * @param {Sim} sim
 * @param {ChatSession} s
 * @param {string} name
 */
export function humanAccept(sim, s, name) {
  for (const t of s.timers) sim.clock.clearTimeout(t);
  s.timers.clear();
  for (const p of s.participants.values()) if (p.connected && p.type !== 'Client') leave(sim, s, p.id);
  const id = join(sim, s, 'Agent', name);
  s.human = { name, agentKey: randomKey(), id };
  s.phase = 'human';
  s.unanswered = '';
  return s.human;
}

/** @param {Sim} sim @param {ChatSession} s @param {string} text */
export function humanSend(sim, s, text) {
  if (!s.human) return;
  push(sim, s, 'Message', s.human.id, text);
}

/** @param {Sim} sim @param {ChatSession} s @param {import('./rich-media.js').RichLayout} layout */
export function humanSendRich(sim, s, layout) {
  if (!s.human) return;
  pushRich(sim, s, s.human.id, layout);
}

/** @param {Sim} sim @param {ChatSession} s @param {boolean} typing */
export function humanTyping(sim, s, typing) {
  if (!s.human) return;
  push(sim, s, typing ? 'TypingStarted' : 'TypingStopped', s.human.id, '');
}

/** @param {Sim} sim @param {ChatSession} s @param {{survey?: boolean}} opts */
export function humanEnd(sim, s, opts) {
  if (opts.survey) surveyNotice(sim, s);
  endChat(sim, s);
}

/* -------------------------------------------------------------- handlers */

/**
 * @param {import('./http.js').ParsedBody} body
 * @returns {Record<string, string> | null} null when a userData string is not valid JSON
 */
function userDataOf(body) {
  /** @type {Record<string, string>} */
  const out = {};
  const raw = body.fields.get('userData');
  if (raw && raw.length) {
    const str = raw[0];
    if (str.trim()) {
      let v;
      try {
        v = JSON.parse(str);
      } catch {
        return null;
      }
      if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
      for (const [k, val] of Object.entries(v)) out[k.slice(0, 100)] = String(typeof val === 'object' ? JSON.stringify(val) : val).slice(0, 2000);
    }
  }
  for (const [k, vals] of body.fields) {
    const m = /^userData\[(.+)\]$/.exec(k);
    if (m) out[m[1].slice(0, 100)] = String(vals[0]).slice(0, 2000);
  }
  if (Object.keys(out).length > 100) return null;
  return out;
}

/**
 * @param {Sim} sim
 * @param {ChatSession} s
 * @param {number} from
 */
function transcriptFrom(sim, s, from) {
  const messages = s.transcript.filter((m) => m.index >= from);
  /** @type {Record<string, unknown>} */
  const out = { chatId: s.chatId, alias: s.alias, userId: s.userId, chatEnded: s.ended, messages, nextPosition: s.nextIndex };
  if (s.idle.expireAt !== null && !s.ended) out.idleTimerExpire = s.idle.expireAt;
  return out;
}

/**
 * @param {Sim} sim
 * @param {string} service
 * @param {Request} request
 * @param {import('./http.js').ParsedBody} body
 */
function start(sim, service, request, body) {
  const chatCfg = sim.state.chat;
  const visitor = {
    nickname: field(body, 'nickname'),
    firstName: field(body, 'firstName'),
    lastName: field(body, 'lastName'),
    emailAddress: field(body, 'emailAddress'),
    subject: field(body, 'subject'),
    endpoint: field(body, 'endpoint'),
  };
  const text = field(body, 'text');
  for (const [k, v] of Object.entries(visitor)) {
    if (v.length > 100) return rejected(C.INVALID_REQUEST, `Field ${k} exceeds 100 characters`);
  }
  if (!visitor.firstName && !visitor.nickname && !visitor.lastName) return rejected(C.NAME_REQUIRED, 'Please enter your name');
  if (!visitor.firstName && !visitor.nickname) return rejected(C.FIRST_NAME_REQUIRED, 'First name is required');
  if (visitor.emailAddress && !isEmail(visitor.emailAddress)) return rejected(C.INVALID_EMAIL, 'Invalid email address');
  if (text.length > chatCfg.maxMessageLength) return rejected(C.MESSAGE_TOO_LONG, "We're sorry but your message is too long. Please write a shorter message");
  const userData = userDataOf(body);
  if (!userData) return rejected(C.INVALID_REQUEST, 'malformed JSON provided in userData property');
  if (!chatCfg.available || fold(visitor.firstName || visitor.nickname) === 'unavailable') {
    return json({
      statusCode: 1,
      errors: [{ code: C.CHAT_UNAVAILABLE, message: "We're sorry but we cannot start a new chat at this time. Please try again later" }],
    });
  }
  evictSessions(sim, 1);
  const langHint = Object.entries(userData).find(([k]) => /^(languagecode|language|lang|locale)$/i.test(k));
  /** @type {ChatSession} */
  const s = {
    chatId: randomId(),
    secureKey: randomKey(),
    userId: randomKey(8),
    alias: String(100 + Math.floor(Math.random() * 900)),
    service,
    origin: new URL(request.url).origin,
    createdAt: sim.clock.now(),
    createdServerTime: sim.serverNow(),
    ended: false,
    lang: langHint && /^en/i.test(langHint[1]) ? 'en' : 'pl',
    visitor,
    userData,
    transcript: [],
    nextIndex: 1,
    participants: new Map(),
    phase: service === sim.state.chat.botService ? 'bot' : 'waiting',
    human: null,
    timers: new Set(),
    idle: { handle: null, expireAt: null, alertsSent: 0 },
    visitorTyping: { typing: false, preview: '' },
    files: new Map(),
    filesBytes: 0,
    clientFiles: 0,
    replies: 0,
    unanswered: '',
    agentSeq: 0,
    sends: new Map(),
  };
  sim.state.chat.sessions.set(s.chatId, s);
  join(sim, s, 'Client', visitor.nickname || [visitor.firstName, visitor.lastName].filter((x) => x && x !== '.').join(' '));
  if (text) push(sim, s, 'Message', s.userId, text);
  if (s.phase === 'bot') {
    later(sim, s, chatCfg.botJoinDelayMs, () => {
      const botId = join(sim, s, 'Bot', TEXTS[s.lang].botName);
      push(sim, s, 'Message', botId, TEXTS[s.lang].botGreeting);
      // The bot's choices (quick replies) and a card with the data-protection PDF.
      if (chatCfg.botRichMedia) {
        pushRich(sim, s, botId, 'quick-replies');
        pushRich(sim, s, botId, 'card');
      }
      if (text) onClientMessage(sim, s, text);
    });
  } else {
    push(sim, s, 'Notice', 'system', TEXTS[s.lang].waiting);
    if (text) s.unanswered = text;
    scheduleAgentJoin(sim, s);
  }
  armIdle(sim, s);
  return ok({ chatId: s.chatId, secureKey: s.secureKey, alias: s.alias, userId: s.userId, chatEnded: false, messages: [], nextPosition: 1 });
}

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleChat(sim, request, url) {
  const p = url.pathname;
  if (!p.startsWith(PATHS.chat + '/')) return undefined;
  const parts = p
    .slice(PATHS.chat.length + 1)
    .split('/')
    .map((x) => {
      try {
        return decodeURIComponent(x);
      } catch {
        return '\u0000';
      }
    });
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  const [service, chatId, op, ...rest] = parts;
  if (!sim.state.chat.services.includes(service)) {
    return rejected(C.SESSION_NOT_FOUND, `Unknown chat service '${String(service).slice(0, 60)}'`, {}, 404);
  }
  /** @type {string} */
  let key;
  let download = false;
  if (!chatId) key = 'chat.start';
  else if (op === 'file' && rest.length === 1 && rest[0] === 'limits') key = 'chat.fileLimits';
  else if (op === 'file' && rest.length === 2 && rest[1] === 'download') {
    key = 'chat.fileDownload';
    download = true;
  } else if (OPS.has(op) && rest.length === 0) key = `chat.${op}`;
  else return rejected(C.INVALID_REQUEST, 'Unknown chat operation', {}, 404);

  if (request.method !== 'POST' && !(download && request.method === 'GET')) {
    return rejected(C.INVALID_REQUEST, 'Method not allowed', {}, 405);
  }
  return sim.guard(
    key,
    request,
    async () => {
      let body;
      try {
        body = await readBody(request, { allowMultipart: true });
      } catch (e) {
        if (e instanceof HttpError) return rejected(C.INVALID_REQUEST, e.message, { error: e.message }, e.status);
        throw e;
      }
      if (!chatId) return start(sim, service, request, body);

      evictSessions(sim);
      const s = sim.state.chat.sessions.get(chatId);
      if (!s || s.service !== service) return rejected(C.SESSION_NOT_FOUND, 'Chat session not found or expired', { chatEnded: true });
      const q = url.searchParams;
      const cred = (/** @type {string} */ name) => field(body, name) || q.get(name) || '';
      if (!sameKey(cred('secureKey'), s.secureKey) || !sameKey(cred('userId'), s.userId) || !sameKey(cred('alias'), s.alias)) {
        return rejected(C.INVALID_KEY, 'Invalid alias, userId or secureKey');
      }

      if (key === 'chat.fileDownload') {
        const f = s.files.get(rest[0]);
        if (!f) return rejected(C.SESSION_NOT_FOUND, 'File not found', {}, 404);
        return new Response(/** @type {BodyInit} */ (/** @type {unknown} */ (f.bytes)), {
          status: 200,
          headers: {
            'content-type': f.type || 'application/octet-stream',
            'content-length': String(f.bytes.length),
            'content-disposition': `attachment; filename="${f.name.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(f.name)}`,
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
          },
        });
      }
      const limits = sim.state.chat.fileLimits;
      if (key === 'chat.fileLimits') {
        return ok({
          chatEnded: s.ended,
          messages: [],
          userData: {
            'upload-file-types': limits.types.join(':'),
            'upload-need-agent': String(limits.needAgent),
            'upload-max-file-size': String(limits.maxFileSize),
            'upload-max-files': String(limits.maxFiles),
            'upload-max-total-size': String(limits.maxTotalSize),
          },
        });
      }

      const positionRaw = cred('transcriptPosition');
      let position = 1;
      if (positionRaw) {
        if (!/^\d{1,9}$/.test(positionRaw)) return rejected(C.INVALID_REQUEST, 'transcriptPosition must be a positive integer');
        position = Math.max(1, Number(positionRaw));
      }
      if (op === 'refresh' || op === 'requestNotifications') {
        const message = field(body, 'message');
        if (message && op === 'refresh' && !s.ended) {
          if (message.length > sim.state.chat.maxMessageLength)
            return rejected(C.MESSAGE_TOO_LONG, "We're sorry but your message is too long. Please write a shorter message");
          push(sim, s, 'Message', s.userId, message);
          armIdle(sim, s);
          onClientMessage(sim, s, message);
        }
        return ok(transcriptFrom(sim, s, position));
      }
      if (op === 'disconnect') {
        endChat(sim, s);
        return ok({ chatEnded: true });
      }
      if (op === 'send') return send(sim, s, request, body);
      if (s.ended) return rejected(C.SESSION_NOT_FOUND, 'Chat session has ended', { chatEnded: true });

      if (op === 'startTyping' || op === 'stopTyping') {
        const typing = op === 'startTyping';
        const preview = field(body, 'message').slice(0, sim.state.chat.maxMessageLength);
        if (s.visitorTyping.typing !== typing) push(sim, s, typing ? 'TypingStarted' : 'TypingStopped', s.userId, '');
        s.visitorTyping = { typing, preview: typing ? preview : '' };
        armIdle(sim, s);
        return ok({ chatEnded: false });
      }
      if (op === 'customNotice') {
        const message = field(body, 'message');
        push(sim, s, 'CustomNotice', s.userId, message.slice(0, 4000));
        return ok({ chatEnded: false });
      }
      if (op === 'updateData') {
        const data = userDataOf(body);
        if (!data) return rejected(C.INVALID_REQUEST, 'malformed JSON provided in userData property');
        Object.assign(s.userData, data);
        if (Object.keys(s.userData).length > 200) return rejected(C.INVALID_REQUEST, 'Too many userData keys');
        return ok({ chatEnded: false });
      }
      if (op === 'file') {
        const file = body.files[0];
        if (!file) return rejected(C.INVALID_REQUEST, 'Multipart field file is required');
        if (limits.needAgent && !agentConnected(s)) return rejected(C.NO_AGENT_FOR_UPLOAD, 'File upload is possible only when an agent is connected');
        const ext = String(file.name || '').includes('.') ? String(file.name).split('.').pop()?.toLowerCase() || '' : '';
        if (!limits.types.includes(ext)) return rejected(C.INVALID_FILE_TYPE, `Unsupported file type. Allowed: ${limits.types.join(', ')}`);
        if (s.clientFiles >= limits.maxFiles) return rejected(C.TOO_MANY_FILES, `Maximum number of files: ${limits.maxFiles}`);
        if (file.size > limits.maxFileSize) return rejected(C.FILE_TOO_LARGE, `File exceeds the maximum size of ${limits.maxFileSize} bytes`);
        if (s.filesBytes + file.size > limits.maxTotalSize || sim.state.chat.filesBytes + file.size > sim.options.maxStoredFileBytes) {
          return rejected(C.FILE_TOO_LARGE, `Total size of attachments exceeds limit: ${limits.maxTotalSize}`);
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        const fileId = randomId();
        const name = String(file.name).slice(0, 200);
        s.files.set(fileId, { name, size: bytes.length, type: file.type || 'application/octet-stream', bytes, from: 'Client' });
        s.filesBytes += bytes.length;
        s.clientFiles++;
        sim.state.chat.filesBytes += bytes.length;
        push(sim, s, 'FileUploaded', s.userId, name, { 'file-name': name, 'file-size': String(bytes.length), 'file-id': fileId, 'file-type': file.type || '' });
        armIdle(sim, s);
        return ok({ chatEnded: false, userData: { 'file-id': fileId } });
      }
      return rejected(C.INVALID_REQUEST, 'Unknown chat operation', {}, 404);
    },
    { chatId: chatId || undefined },
  );
}

/**
 * `POST …/send`: the visitor's message. With an `Idempotency-Key` (the client's message id; CometD's
 * `clientMessageId`, next-gen REST's header are passed on as it) a repeat within the chat stores nothing
 * new and answers as the first time did — the same index — and waits for the first while it runs; the same
 * key with another message is refused (422).
 * @param {Sim} sim
 * @param {ChatSession} s
 * @param {Request} request
 * @param {import('./http.js').ParsedBody} body
 */
async function send(sim, s, request, body) {
  const message = field(body, 'message');
  const attrs = field(body, 'eventAttributes');
  const run = async () => {
    if (s.ended) return rejected(C.SESSION_NOT_FOUND, 'Chat session has ended', { chatEnded: true });
    if (!message) return rejected(C.INVALID_REQUEST, 'No message text provided');
    if (message.length > sim.state.chat.maxMessageLength)
      return rejected(C.MESSAGE_TOO_LONG, "We're sorry but your message is too long. Please write a shorter message");
    const msg = push(sim, s, 'Message', s.userId, message);
    if (attrs) msg.userData = { eventAttributes: attrs.slice(0, 2000) };
    s.visitorTyping = { typing: false, preview: '' };
    armIdle(sim, s);
    onClientMessage(sim, s, message);
    return ok({ chatEnded: false, index: msg.index });
  };
  try {
    const key = readIdempotencyKey(request);
    if (key === null) return await run();
    const print = await fingerprintOf([message, field(body, 'messageType'), attrs]);
    return await once({ store: s.sends, id: key, fingerprint: print, at: sim.clock.now(), limit: sim.options.maxTranscript, request }, run);
  } catch (e) {
    if (e instanceof HttpError) return rejected(C.INVALID_REQUEST, e.message, {}, e.status);
    throw e;
  }
}

/** @returns {Uint8Array} */
export function makeLeaflet() {
  return buildPdf(AGENT_LEAFLET);
}
