// @ts-check
/** JSON API of the agent console (/agent): list chats, accept, read, type, send, send a file, end. */
import { HttpError, json, readBody, field, sameKey } from './http.js';
import { PATHS } from './contracts.js';
import { assertAgentToken } from './security.js';
import { evictSessions, humanAccept, humanSend, humanSendRich, humanTyping, humanEnd, sendLeaflet } from './chat.js';
import { RICH_LAYOUTS } from './rich-media.js';

/** @typedef {import('./index.js').Sim} Sim */
/** @typedef {import('./chat.js').ChatSession} ChatSession */

/**
 * @param {ChatSession} s
 * @returns {import('./contracts.js').AgentChatSummary}
 */
function summary(s) {
  const last = [...s.transcript].reverse().find((m) => m.type === 'Message');
  const agent = [...s.participants.values()].find((p) => p.connected && (p.type === 'Agent' || p.type === 'Bot'));
  return {
    chatId: s.chatId,
    state: s.phase,
    visitorName: s.visitor.nickname || [s.visitor.firstName, s.visitor.lastName].filter((x) => x && x !== '.').join(' '),
    subject: s.visitor.subject,
    createdAt: s.createdServerTime,
    agentName: agent ? agent.name : null,
    visitorTyping: s.visitorTyping.typing,
    lastMessage: last ? last.text.slice(0, 140) : '',
  };
}

/**
 * @param {Sim} sim
 * @param {Request} request
 * @param {URL} url
 * @returns {Promise<Response | undefined>}
 */
export async function handleAgent(sim, request, url) {
  const p = url.pathname;
  if (!p.startsWith(PATHS.agent + '/')) return undefined;
  assertAgentToken(request, sim.options.agentToken);
  return sim.guard('agent', request, async () => {
    evictSessions(sim);
    const rest = p.slice(PATHS.agent.length + 1).split('/');
    if (rest[0] !== 'chats') throw new HttpError(404, 'Unknown agent API path');
    if (rest.length === 1 || (rest.length === 2 && rest[1] === '')) {
      if (request.method !== 'GET') throw new HttpError(405, 'Method not allowed');
      const includeEnded = url.searchParams.get('ended') === '1';
      const chats = [...sim.state.chat.sessions.values()]
        .filter((s) => includeEnded || !s.ended)
        .map(summary)
        .reverse();
      return json({ chats, scriptedAgent: sim.state.chat.scriptedAgent, serverTime: sim.serverNow() });
    }
    const s = sim.state.chat.sessions.get(rest[1]);
    if (!s) throw new HttpError(404, 'Chat not found');
    const op = rest[2] || '';
    if (op === 'accept') {
      if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
      if (s.ended) throw new HttpError(409, 'Chat has already ended');
      if (s.human) throw new HttpError(409, 'Chat already accepted by another agent');
      const body = await readBody(request, { allowMultipart: false });
      const name = (field(body, 'name') || 'Konsultant').slice(0, 60);
      const human = humanAccept(sim, s, name);
      return json({ agentKey: human.agentKey, chat: summary(s) });
    }
    const key = request.headers.get('x-agent-key') || url.searchParams.get('agentKey') || '';
    if (!s.human || !sameKey(key, s.human.agentKey)) throw new HttpError(403, 'Accept the chat first (missing or wrong x-agent-key)');
    if (op === 'transcript') {
      if (request.method !== 'GET') throw new HttpError(405, 'Method not allowed');
      const fromRaw = url.searchParams.get('from') || '1';
      if (!/^\d{1,9}$/.test(fromRaw)) throw new HttpError(400, 'from must be a positive integer');
      const from = Number(fromRaw);
      return json({
        chat: summary(s),
        messages: s.transcript.filter((m) => m.index >= from),
        nextPosition: s.nextIndex,
        chatEnded: s.ended,
        visitorTyping: s.visitorTyping.typing,
        visitorTypingText: s.visitorTyping.preview,
      });
    }
    if (request.method !== 'POST') throw new HttpError(405, 'Method not allowed');
    if (s.ended) throw new HttpError(409, 'Chat has already ended');
    const body = await readBody(request, { allowMultipart: false });
    if (op === 'send') {
      const text = field(body, 'text');
      if (!text) throw new HttpError(400, 'text is required');
      if (text.length > 2000) throw new HttpError(400, 'text exceeds 2000 characters');
      humanSend(sim, s, text);
      return json({ ok: true, nextPosition: s.nextIndex });
    }
    if (op === 'typing') {
      const v = field(body, 'typing');
      if (v !== 'true' && v !== 'false') throw new HttpError(400, 'typing must be true or false');
      humanTyping(sim, s, v === 'true');
      return json({ ok: true });
    }
    if (op === 'rich') {
      const layout = /** @type {import('./rich-media.js').RichLayout} */ (field(body, 'layout'));
      if (!RICH_LAYOUTS.includes(layout)) throw new HttpError(400, `layout must be one of ${RICH_LAYOUTS.join(', ')}`);
      humanSendRich(sim, s, layout);
      return json({ ok: true, nextPosition: s.nextIndex });
    }
    if (op === 'file') {
      sendLeaflet(sim, s, 'Agent');
      return json({ ok: true });
    }
    if (op === 'end') {
      humanEnd(sim, s, { survey: field(body, 'survey') === 'true' });
      return json({ ok: true, chatEnded: true });
    }
    throw new HttpError(404, 'Unknown agent operation');
  });
}
