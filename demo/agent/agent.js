// Agent console: plain JS, polling the simulator's agent API (/api/agent/...) every few hundred ms.
// Everything the visitor typed is inserted with textContent (never innerHTML). The agent API needs
// the token `npm start` prints (or AGENT_TOKEN): asked for once, kept in this tab's sessionStorage.
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const chatsEl = $('chats');
const emptyEl = $('empty');
const connEl = $('conn');
const transcriptEl = $('transcript');
const typingEl = $('typing');
const infoEl = $('conv-info');
const replyForm = /** @type {HTMLFormElement} */ ($('reply'));
const replyText = /** @type {HTMLTextAreaElement} */ ($('reply-text'));
const nameInput = /** @type {HTMLInputElement} */ ($('agent-name'));
const scriptedBox = /** @type {HTMLInputElement} */ ($('scripted'));
const loginEl = $('login');
const loginForm = /** @type {HTMLFormElement} */ ($('login-form'));
const tokenInput = /** @type {HTMLInputElement} */ ($('agent-token'));
const loginError = $('login-error');
const consoleEl = $('console');

const TOKEN_KEY = 'live-assist.agentToken';
/** @type {string | null} */
let token = takeTokenFromAddress() ?? sessionStorage.getItem(TOKEN_KEY);

/**
 * `/agent#token=…` (the link `npm start` prints) signs in and removes the token from the address
 * bar and history.
 */
function takeTokenFromAddress() {
  const m = /^#token=([^&]+)$/.exec(location.hash);
  if (!m) return null;
  history.replaceState(null, '', location.pathname + location.search);
  const value = decodeURIComponent(m[1]);
  sessionStorage.setItem(TOKEN_KEY, value);
  return value;
}

/** Show the token form (again, with why), and stop calling the agent API until it is answered. @param {string} [why] */
function askForToken(why = '') {
  token = null;
  sessionStorage.removeItem(TOKEN_KEY);
  loginError.textContent = why;
  loginEl.hidden = false;
  consoleEl.hidden = true;
  tokenInput.focus();
}

loginForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const value = tokenInput.value.trim();
  if (!value) return;
  token = value;
  sessionStorage.setItem(TOKEN_KEY, value);
  tokenInput.value = '';
  loginError.textContent = '';
  loginEl.hidden = true;
  consoleEl.hidden = false;
  void refreshList();
});

/** The agent API refused the token. */
class Unauthorised extends Error {}

/** @type {{ chatId: string, agentKey: string, next: number, ended: boolean } | null} */
let current = null;
/** @type {Map<string, string>} chatId → agentKey for chats this tab accepted */
const accepted = new Map();
let typingSent = false;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let typingTimer;

const STATE_LABEL = { bot: 'bot', waiting: 'oczekuje', scripted: 'automat', human: 'konsultant', ended: 'zakończony' };
const TYPE_LABEL = {
  ParticipantJoined: 'dołącza do rozmowy',
  ParticipantLeft: 'opuszcza rozmowę',
  FileUploaded: 'przesyła plik',
  IdleAlert: 'alert bezczynności',
  IdleClose: 'zamknięcie z powodu bezczynności',
  CustomNotice: 'powiadomienie',
  PushUrl: 'wysyła link',
  Structured: 'wysyła wiadomość rozszerzoną',
};

/**
 * @param {string} path
 * @param {RequestInit & { json?: unknown }} [init]
 */
async function api(path, init = {}) {
  const headers = /** @type {Record<string, string>} */ ({ ...(init.headers || {}) });
  if (path.startsWith('/api/agent/')) {
    if (!token) throw new Unauthorised('Brak tokenu konsultanta');
    headers.authorization = `Bearer ${token}`;
  }
  if (current && path.includes(current.chatId)) headers['x-agent-key'] = current.agentKey;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(init.json);
  }
  const res = await fetch(path, { ...init, headers });
  const data = await res.json().catch(() => ({}));
  if (res.status === 401 && path.startsWith('/api/agent/')) {
    askForToken('Symulator nie przyjął tego tokenu. Sprawdź token wypisany przez npm start.');
    throw new Unauthorised(data.error || 'HTTP 401');
  }
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

/** @param {number} ms */
const time = (ms) => new Date(ms).toLocaleTimeString('pl-PL', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

async function refreshList() {
  if (!token) return;
  try {
    const data = await api('/api/agent/chats');
    connEl.textContent = `Połączono · czas serwera ${time(data.serverTime)}`;
    connEl.classList.remove('bad');
    if (document.activeElement !== scriptedBox) scriptedBox.checked = Boolean(data.scriptedAgent);
    renderList(data.chats);
  } catch (e) {
    if (e instanceof Unauthorised) {
      connEl.textContent = 'Zaloguj się tokenem konsultanta';
      return;
    }
    connEl.textContent = `Brak połączenia z symulatorem (${e instanceof Error ? e.message : e})`;
    connEl.classList.add('bad');
  }
}

/** @param {Array<{chatId: string, state: keyof typeof STATE_LABEL, visitorName: string, subject: string, createdAt: number, agentName: string | null, visitorTyping: boolean, lastMessage: string}>} chats */
function renderList(chats) {
  emptyEl.hidden = chats.length > 0;
  const seen = new Set();
  for (const c of chats) {
    seen.add(c.chatId);
    let li = /** @type {HTMLLIElement | null} */ (chatsEl.querySelector(`li[data-id="${CSS.escape(c.chatId)}"]`));
    if (!li) {
      li = document.createElement('li');
      li.dataset.id = c.chatId;
      chatsEl.append(li);
    }
    li.classList.toggle('active', current?.chatId === c.chatId);
    li.replaceChildren();
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = c.visitorName || 'Gość';
    const badge = document.createElement('span');
    badge.className = `badge ${c.state}`;
    badge.textContent = STATE_LABEL[c.state] || c.state;
    who.append(badge);
    const meta = document.createElement('span');
    meta.className = 'meta';
    meta.textContent = `od ${time(c.createdAt)}${c.subject ? ' · ' + c.subject : ''}${c.agentName ? ' · ' + c.agentName : ''}${c.visitorTyping ? ' · pisze…' : ''}`;
    const last = document.createElement('span');
    last.className = 'meta';
    last.textContent = c.lastMessage ? `„${c.lastMessage}”` : '';
    li.append(who, meta, last);
    const mine = accepted.get(c.chatId);
    const button = document.createElement('button');
    button.type = 'button';
    if (mine) {
      button.textContent = current?.chatId === c.chatId ? 'Otwarta' : 'Pokaż';
      button.disabled = current?.chatId === c.chatId;
      button.addEventListener('click', () => open(c.chatId, mine));
    } else {
      button.textContent = 'Przyjmij';
      button.className = 'primary';
      button.disabled = c.state === 'human';
      button.addEventListener('click', () => accept(c.chatId));
    }
    li.append(button);
  }
  for (const li of [...chatsEl.children]) if (!seen.has(/** @type {HTMLElement} */ (li).dataset.id || '')) li.remove();
}

/** @param {string} chatId */
async function accept(chatId) {
  try {
    const data = await api(`/api/agent/chats/${encodeURIComponent(chatId)}/accept`, { method: 'POST', json: { name: nameInput.value.trim() || 'Konsultant' } });
    accepted.set(chatId, data.agentKey);
    open(chatId, data.agentKey);
  } catch (e) {
    infoEl.textContent = `Nie udało się przyjąć czatu: ${e instanceof Error ? e.message : e}`;
  }
}

/** @param {string} chatId @param {string} agentKey */
function open(chatId, agentKey) {
  current = { chatId, agentKey, next: 1, ended: false };
  transcriptEl.replaceChildren();
  typingEl.textContent = '';
  replyForm.hidden = false;
  setFormEnabled(true);
  infoEl.textContent = 'Rozmowa na żywo. Klient widzi Twoje wiadomości i to, że piszesz.';
  replyText.focus();
  void pollTranscript();
  void refreshList();
}

/** @param {boolean} on */
function setFormEnabled(on) {
  for (const el of replyForm.querySelectorAll('textarea, button, input')) /** @type {HTMLButtonElement} */ (el).disabled = !on;
}

async function pollTranscript() {
  const c = current;
  if (!c || !token) return;
  try {
    const data = await api(`/api/agent/chats/${encodeURIComponent(c.chatId)}/transcript?from=${c.next}`);
    if (current !== c) return;
    // Polls overlap (the timer, a send, accepting): a row is drawn once, by its index.
    for (const m of data.messages) if (m.index >= c.next) appendMessage(m);
    c.next = Math.max(c.next, data.nextPosition);
    typingEl.textContent = data.visitorTyping ? `Klient pisze…${data.visitorTypingText ? ' „' + data.visitorTypingText + '”' : ''}` : '';
    if (data.chatEnded && !c.ended) {
      c.ended = true;
      infoEl.textContent = 'Rozmowa zakończona.';
      setFormEnabled(false);
    }
  } catch (e) {
    typingEl.textContent = `Błąd odświeżania: ${e instanceof Error ? e.message : e}`;
  }
}

/** @param {{index: number, type: string, text: string, timestamp: number, from: {type: string, name: string}}} m */
function appendMessage(m) {
  if (m.type === 'TypingStarted' || m.type === 'TypingStopped') return;
  const li = document.createElement('li');
  const system = m.type !== 'Message';
  li.className = system ? 'system' : m.from.type;
  const from = document.createElement('span');
  from.className = 'from';
  from.textContent = `${m.from.name || m.from.type} · ${time(m.timestamp)}`;
  const text = document.createElement('span');
  const label = /** @type {Record<string, string>} */ (TYPE_LABEL)[m.type];
  text.textContent = system ? `${m.from.name || m.from.type} ${label || m.type}${m.text ? ': ' + m.text : ''}` : m.text;
  if (!system) li.append(from);
  li.append(text);
  transcriptEl.append(li);
  transcriptEl.scrollTop = transcriptEl.scrollHeight;
}

/** @param {boolean} typing */
async function sendTyping(typing) {
  if (!current || current.ended || typingSent === typing) return;
  typingSent = typing;
  try {
    await api(`/api/agent/chats/${encodeURIComponent(current.chatId)}/typing`, { method: 'POST', json: { typing } });
  } catch {
    /* typing is best effort */
  }
}

replyText.addEventListener('input', () => {
  void sendTyping(true);
  clearTimeout(typingTimer);
  typingTimer = setTimeout(() => void sendTyping(false), 2000);
});
replyText.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    replyForm.requestSubmit();
  }
});
replyForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = replyText.value.trim();
  if (!text || !current) return;
  clearTimeout(typingTimer);
  try {
    await sendTyping(false);
    await api(`/api/agent/chats/${encodeURIComponent(current.chatId)}/send`, { method: 'POST', json: { text } });
    replyText.value = '';
    void pollTranscript();
  } catch (e) {
    infoEl.textContent = `Nie wysłano: ${e instanceof Error ? e.message : e}`;
  }
});
$('send-file').addEventListener('click', async () => {
  if (!current) return;
  try {
    await api(`/api/agent/chats/${encodeURIComponent(current.chatId)}/file`, { method: 'POST', json: {} });
  } catch (e) {
    infoEl.textContent = `Nie wysłano pliku: ${e instanceof Error ? e.message : e}`;
  }
});
// 'Send rich message': one example of each layout (demo/simulator/rich-media.js).
$('send-rich').addEventListener('click', async () => {
  if (!current) return;
  const layout = /** @type {HTMLSelectElement} */ ($('rich-layout')).value;
  try {
    await api(`/api/agent/chats/${encodeURIComponent(current.chatId)}/rich`, { method: 'POST', json: { layout } });
    void pollTranscript();
  } catch (e) {
    infoEl.textContent = `Nie wysłano: ${e instanceof Error ? e.message : e}`;
  }
});
$('end-chat').addEventListener('click', async () => {
  if (!current) return;
  const survey = /** @type {HTMLInputElement} */ ($('with-survey')).checked;
  try {
    await api(`/api/agent/chats/${encodeURIComponent(current.chatId)}/end`, { method: 'POST', json: { survey } });
    void pollTranscript();
  } catch (e) {
    infoEl.textContent = `Nie zakończono: ${e instanceof Error ? e.message : e}`;
  }
});
scriptedBox.addEventListener('change', async () => {
  try {
    await api('/__control/chat', { method: 'POST', json: { scriptedAgent: scriptedBox.checked } });
  } catch (e) {
    connEl.textContent = `Nie zmieniono ustawienia: ${e instanceof Error ? e.message : e}`;
  }
});
$('profile').addEventListener('submit', (event) => event.preventDefault());

if (token) void refreshList();
else askForToken();
setInterval(() => void refreshList(), 1500);
setInterval(() => void pollTranscript(), 700);
