// /en/headless: a chat UI of the page's own, driven only by WebChatService commands and events through
// window.LiveAssist (docs/chat-service.md). No <la-chat>: the page draws the transcript, the typing line
// and its own form; the service keeps the session, the transcript's order and the restore after a reload.
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const startForm = /** @type {HTMLFormElement} */ ($('start'));
const sendForm = /** @type {HTMLFormElement} */ ($('send'));
const firstname = /** @type {HTMLInputElement} */ ($('firstname'));
const input = /** @type {HTMLTextAreaElement} */ ($('message'));
const chat = $('chat');
const transcript = $('transcript');
const typing = $('typing');
const announce = $('announce');

/** @param {unknown} e */
const reason = (e) => (e instanceof Error ? e.message : String(e));

/** What a line says of its sender. */
const names = { Client: 'You', Agent: 'Agent', Bot: 'Bot', Supervisor: 'Supervisor', External: 'System' };
/** Messages drawn as lines; the rest (typing, idle timers, file events) this page leaves out. */
const DRAWN = new Set(['Message', 'PushUrl', 'Notice', 'CustomNotice', 'ParticipantJoined', 'ParticipantLeft']);

/** Says `text` once in the polite live region (emptied first, so the same words twice are said twice). */
function say(text) {
  announce.textContent = '';
  setTimeout(() => (announce.textContent = text), 50);
}

/**
 * Draws one message at its place: lines are keyed and ordered by the server's index, so a message the
 * page drew from sendMessage's answer and the same one in messageReceived are one line.
 */
function draw(message) {
  if (!DRAWN.has(message.type)) return;
  const type = message.from?.type ?? 'External';
  let li = transcript.querySelector(`li[data-index="${message.index}"]`);
  if (!li) {
    li = document.createElement('li');
    li.dataset.index = String(message.index);
    const after = [...transcript.children].find((other) => Number(other.dataset.index) > message.index);
    transcript.insertBefore(li, after ?? null);
  }
  li.className = `${type === 'Client' ? 'from-client' : ''} ${message.type === 'Message' || message.type === 'PushUrl' ? '' : 'notice'}`.trim();
  const who = document.createElement('span');
  who.className = 'who';
  const name = type === 'Client' ? names.Client : message.from?.name || names[type] || type;
  who.textContent = message.type === 'Message' || message.type === 'PushUrl' ? `${name}:` : '';
  li.replaceChildren(who, document.createTextNode(message.text));
  li.scrollIntoView?.({ block: 'nearest' });
}

/** @param {boolean} running */
function showChat(running) {
  chat.hidden = !running;
  startForm.hidden = running;
  for (const control of sendForm.elements) /** @type {HTMLButtonElement} */ (control).disabled = !running;
}

/** The input sends typing notices with its text as the preview, once a chat runs (the command loads the service). */
let previewRegistered = false;
function registerPreview() {
  if (previewRegistered) return;
  previewRegistered = true;
  window.LiveAssist.command('WebChatService.registerTypingPreviewInput', { input }).catch((e) => {
    previewRegistered = false;
    $('send-error').textContent = reason(e);
  });
}

function follow() {
  window.LiveAssist.subscribe('WebChatService.*', (event) => {
    const data = event.data;
    switch (event.name) {
      case 'WebChatService.started':
      case 'WebChatService.restored':
        showChat(true);
        registerPreview();
        if (event.name === 'WebChatService.restored') say('Your chat is back.');
        break;
      case 'WebChatService.messageReceived':
        for (const message of data.messages) {
          draw(message);
          // Restored lines are the past: only new words from the other side are read out.
          if (!data.restoring && !data.history && message.type === 'Message' && message.from.type !== 'Client')
            say(`${message.from.name || names[message.from.type] || 'Agent'}: ${message.text}`);
        }
        break;
      case 'WebChatService.agentTypingStarted':
        typing.textContent = `${data?.agent?.name || 'The agent'} is typing…`;
        break;
      case 'WebChatService.agentTypingStopped':
      case 'WebChatService.agentTypingTimeout':
        typing.textContent = '';
        break;
      case 'WebChatService.ended':
        typing.textContent = '';
        showChat(false);
        chat.hidden = false;
        $('start-error').textContent = '';
        say('The chat has ended.');
        break;
      case 'WebChatService.restoreFailed':
        say(data?.message ?? 'The chat could not be restored.');
        break;
      case 'WebChatService.error':
        $('send-error').textContent = data.message;
        break;
      default:
        break;
    }
  });
}

startForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = firstname.value.trim();
  const error = $('start-error');
  if (!name) {
    error.textContent = 'Please enter your first name.';
    firstname.setAttribute('aria-invalid', 'true');
    firstname.focus();
    return;
  }
  firstname.removeAttribute('aria-invalid');
  error.textContent = 'Starting…';
  const button = /** @type {HTMLButtonElement} */ (startForm.querySelector('button'));
  button.disabled = true;
  try {
    transcript.replaceChildren();
    await window.LiveAssist.command('WebChatService.startChat', { firstname: name });
    error.textContent = '';
    input.focus();
  } catch (e) {
    error.textContent = reason(e);
  } finally {
    button.disabled = false;
  }
});

sendForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const text = input.value;
  const error = $('send-error');
  if (!text.trim()) return;
  input.value = '';
  error.textContent = '';
  try {
    const { index } = await window.LiveAssist.command('WebChatService.sendMessage', { message: text });
    // Drawn at its index now; the server's copy in messageReceived replaces it in place.
    if (index !== undefined) draw({ index, type: 'Message', text, from: { type: 'Client', name: 'You' } });
  } catch (e) {
    // Nothing typed is lost: the text comes back to the input.
    if (!input.value) input.value = text;
    error.textContent = reason(e);
  }
});

$('end').addEventListener('click', async () => {
  try {
    await window.LiveAssist.command('WebChatService.endChat');
  } catch (e) {
    $('send-error').textContent = reason(e);
  }
});

showChat(false);
if (window.LiveAssist) {
  follow();
} else {
  $('start-error').textContent = 'window.LiveAssist is not available: the library did not load (run npm run build).';
}
