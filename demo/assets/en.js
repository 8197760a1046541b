// Wires the /en page buttons to window.LiveAssist.command(...) and to the simulator's control API.
// Every call is guarded: a widget that is not built yet rejects, and the rejection text is shown in
// the status log instead of throwing.
const log = document.getElementById('status-log');
const statusLine = document.getElementById('status');

/** @param {string} text @param {'resolved' | 'rejected' | 'info'} kind */
function report(text, kind) {
  if (statusLine) {
    statusLine.textContent = text;
    statusLine.className = `status ${kind === 'rejected' ? 'error' : kind === 'resolved' ? 'ok' : ''}`;
  }
  if (log) {
    const li = document.createElement('li');
    li.className = kind;
    li.textContent = `${new Date().toLocaleTimeString('en-GB')} ${text}`;
    log.prepend(li);
    while (log.children.length > 30) log.lastElementChild?.remove();
  }
}

/** @param {unknown} e */
const reason = (e) => (e instanceof Error ? e.message : typeof e === 'string' ? e : JSON.stringify(e));

/** @param {string} name @param {unknown} options */
async function runCommand(name, options) {
  const api = window.LiveAssist;
  if (!api || typeof api.command !== 'function') {
    report(`${name}: window.LiveAssist is not available — the library did not load (run npm run build).`, 'rejected');
    return;
  }
  try {
    const result = await api.command(name, options);
    report(`${name}: resolved${result === undefined ? '' : ' ' + JSON.stringify(result).slice(0, 200)}`, 'resolved');
  } catch (e) {
    report(`${name}: rejected — ${reason(e)}`, 'rejected');
  }
}

/** @param {string} path @param {unknown} body */
async function control(path, body) {
  try {
    const res = await fetch(`/__control/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const data = await res.json();
    if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
    report(`simulator ${path}: ok — server time in Warsaw ${data.warsawTime}, chat wait ${data.waits.PPK_Chat ?? -1} s`, 'resolved');
  } catch (e) {
    report(`simulator ${path}: failed — ${reason(e)}`, 'rejected');
  }
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target.closest('button[data-command], button[data-control]') : null;
  if (!target) return;
  let options;
  try {
    options = target.getAttribute('data-options') ? JSON.parse(target.getAttribute('data-options') || '') : undefined;
  } catch {
    report('invalid data-options JSON on the button', 'rejected');
    return;
  }
  const command = target.getAttribute('data-command');
  if (command) void runCommand(command, options);
  else void control(target.getAttribute('data-control') || '', options);
});

window.addEventListener('unhandledrejection', (event) => {
  report(`unhandled rejection: ${reason(event.reason)}`, 'rejected');
  event.preventDefault();
});

const api = window.LiveAssist;
if (api && api.ready) {
  api.ready.then(() => report(`live-assist ${api.version} ready`, 'info'));
} else {
  window.addEventListener('load', () => {
    if (!window.LiveAssist) report('The library is not loaded yet: build it with npm run build, then reload.', 'info');
  });
}
