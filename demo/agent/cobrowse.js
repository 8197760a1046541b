// Agent console, co-browse: the relay's sessions (GET /api/agent/cobrowse) and, for the one watched, the
// visitor's page replayed live with rrweb's Replayer (pointer and scroll included), its events read from
// the relay by cursor every few hundred ms. The page runs with the agent console's own CSP (demo/server.mjs
// AGENT_CSP): the replayer writes the doctype with document.write and restores the page's inline styles.
import { Replayer } from '/vendor/rrweb/rrweb.js';

const TOKEN_KEY = 'live-assist.agentToken';
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const listEl = $('cb-sessions');
const emptyEl = $('cb-empty');
const stageEl = $('cb-stage');
const statusEl = $('cb-status');
const endButton = /** @type {HTMLButtonElement} */ ($('cb-end'));
const codeForm = /** @type {HTMLFormElement} */ ($('cb-code'));
const codeInput = /** @type {HTMLInputElement} */ ($('cb-code-input'));

const ENDED = {
  visitor: 'Klient zakończył wspólne przeglądanie.',
  agent: 'Zakończono wspólne przeglądanie.',
  time: 'Sesja przekroczyła czas.',
  idle: 'Strona klienta przestała odpowiadać.',
  size: 'Sesja przekroczyła limit danych.',
  ended: 'Wspólne przeglądanie jest niedostępne.',
};

/** @type {{ token: string, next: number, replayer: Replayer | null, timer: number } | null} */
let watching = null;

/** @param {string} path @param {RequestInit} [init] */
async function api(path, init = {}) {
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (!token) throw new Error('Brak tokenu konsultanta');
  const res = await fetch(path, { ...init, headers: { authorization: `Bearer ${token}` } });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

const spaced = (/** @type {string} */ token) => token.replace(/(\d{3})(?=\d)/g, '$1 ');

async function refreshSessions() {
  try {
    const { sessions } = await api('/api/agent/cobrowse');
    const open = sessions.filter((/** @type {{ ended: string | null }} */ s) => !s.ended);
    emptyEl.hidden = open.length > 0;
    listEl.replaceChildren(
      ...open.map((/** @type {{ token: string, createdAt: number }} */ s) => {
        const li = document.createElement('li');
        const label = document.createElement('span');
        label.textContent = `Kod ${spaced(s.token)} · od ${new Date(s.createdAt).toLocaleTimeString('pl-PL')}`;
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = watching?.token === s.token ? 'Oglądasz' : 'Oglądaj';
        button.disabled = watching?.token === s.token;
        button.addEventListener('click', () => watch(s.token));
        li.append(label, ' ', button);
        return li;
      }),
    );
  } catch {
    // the token is asked for by the chat part of the console
  }
}

/** @param {string} token */
function watch(token) {
  stop();
  stageEl.replaceChildren();
  statusEl.textContent = `Łączenie z sesją ${spaced(token)}…`;
  watching = { token, next: 0, replayer: null, timer: window.setInterval(() => void pull(), 400) };
  endButton.hidden = false;
  void pull();
  void refreshSessions();
}

function stop() {
  if (!watching) return;
  window.clearInterval(watching.timer);
  watching.replayer?.destroy();
  watching = null;
  endButton.hidden = true;
}

async function pull() {
  const w = watching;
  if (!w) return;
  let data;
  try {
    data = await api(`/api/agent/cobrowse/${w.token}?after=${w.next}`);
  } catch (e) {
    statusEl.textContent = `Błąd: ${e instanceof Error ? e.message : String(e)}`;
    return;
  }
  if (watching !== w) return;
  if (data.restart && w.replayer) {
    w.replayer.destroy();
    w.replayer = null;
    stageEl.replaceChildren();
  }
  for (const event of data.events) {
    if (!w.replayer) {
      // Live mode: events are added as they arrive and played at once (a small buffer smooths the pointer).
      w.replayer = new Replayer([], { root: stageEl, liveMode: true, mouseTail: { strokeStyle: '#d93025' }, UNSAFE_replayCanvas: false });
      w.replayer.startLive(event.timestamp - 300);
      statusEl.textContent = `Oglądasz stronę klienta (kod ${spaced(w.token)}).`;
    }
    w.replayer.addEvent(event);
  }
  w.next = data.next;
  if (data.ended) {
    statusEl.textContent = ENDED[/** @type {keyof typeof ENDED} */ (data.ended)] ?? ENDED.ended;
    window.clearInterval(w.timer);
    endButton.hidden = true;
    void refreshSessions();
  }
}

endButton.addEventListener('click', async () => {
  const w = watching;
  if (!w) return;
  await api(`/api/agent/cobrowse/${w.token}/end`, { method: 'POST' }).catch(() => undefined);
  void pull();
});

codeForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const code = codeInput.value.replace(/\s+/g, '');
  if (/^\d{9}$/.test(code)) {
    codeInput.value = '';
    watch(code);
  } else statusEl.textContent = 'Kod ma 9 cyfr.';
});

void refreshSessions();
window.setInterval(() => void refreshSessions(), 2000);
