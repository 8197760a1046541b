import { expect } from '@esm-bundle/chai';
import { http, HttpResponse } from 'msw';
import { App } from '../../src/app/app.ts';
import { register } from '../../src/plugins/webchat-service/webchat-service.ts';
import type { TranscriptMessage } from '../../src/services/chat/types.ts';
import { startSimulator } from '../helpers/simulator.ts';
import { waitFor } from '../helpers/dom.ts';

type Sim = Awaited<ReturnType<typeof startSimulator>>;

/** The Polish deployment's chat (demo/assets/deployment-config.js), under its own cookie prefix per test. */
const webchat = (extra: Record<string, unknown> = {}) => ({
  transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot', endpoint: 'customer-chat-bot', bot: true },
  cometD: { enabled: false },
  uploadsEnabled: false,
  ...extra,
});

let seq = 0;
/** A fresh app with the WebChatService plugin registered, as the lazy loader would. */
function start(section: Record<string, unknown> = webchat()) {
  const app = new App({
    window,
    config: { main: { lang: 'pl', deploymentID: `wcs${++seq}${Date.now() % 1000}` }, webchat: section },
    plugins: {},
    loadRuntime: async () => undefined,
  });
  register(app);
  const events: Array<{ name: string; data: unknown }> = [];
  app.bus.subscribe('WebChatService.*', (event) => events.push({ name: event.name, data: event.data }));
  const transcript = () => app.bus.command('WebChatService.getTranscript');
  return { app, bus: app.bus, events, transcript };
}
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: Error) => error.message,
  );
/** Moves the simulator's clock in steps while the page's own timers (polling) run. */
async function until(sim: Sim, check: () => Promise<boolean> | boolean, stepMs = 500, timeout = 15_000) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    (sim.clock as unknown as { advance(ms: number): void }).advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const has = (list: TranscriptMessage[], fromType: string, pattern = /./) =>
  list.some((m) => m.from.type === fromType && m.type === 'Message' && pattern.test(m.text));

describe('WebChatService against the simulator (legacy REST)', () => {
  let sim: Sim;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.dispose());

  it('starts a chat: the bot greets and hands over, the scripted agent answers a sent message, endChat ends it', async () => {
    const { bus, events, transcript } = start();
    const info = await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    expect(info).to.deep.include({ sessionActive: true, type: 'rest' });
    const [session] = [...sim.state.chat.sessions.values()];
    // The start carried the form, the last name '.' rule, the endpoint and the automatic user data.
    expect(session.visitor).to.deep.include({ firstName: 'Anna', lastName: '.', endpoint: 'customer-chat-bot' });
    expect(session.userData).to.include({ source: 'web', languageCode: 'pl', botChat: 'true', async: 'false' });
    expect(session.userData.visitorId).to.match(/@anonymous\.live-assist\.invalid$/);

    await until(sim, async () => has(await transcript(), 'Bot'));
    await bus.command('WebChatService.sendMessage', { message: 'Ile wynosi wpłata pracodawcy?' });
    await until(sim, async () => has(await transcript(), 'Agent', /1,5%/));
    const list = await transcript();
    expect(list.map((m) => m.index)).to.deep.equal([...list.map((m) => m.index)].sort((a, b) => a - b));
    expect(new Set(list.map((m) => m.index)).size).to.equal(list.length);
    expect(list.some((m) => m.from.type === 'Client' && m.text === 'Ile wynosi wpłata pracodawcy?')).to.equal(true);
    const agents = await bus.command('WebChatService.getAgents');
    expect(Object.values(agents).some((a) => a.connected && !a.supervisor)).to.equal(true);
    expect(events.map((e) => e.name)).to.include.members(['WebChatService.started', 'WebChatService.messageReceived', 'WebChatService.agentConnected']);

    expect(await rejection(bus.command('WebChatService.startChat', { firstname: 'Anna' }))).to.equal('There is already an active chat session');
    await bus.command('WebChatService.endChat');
    expect(events.at(-1)).to.deep.equal({ name: 'WebChatService.ended', data: { endedBy: 'visitor' } });
    expect(session.ended).to.equal(true);
    expect(await rejection(bus.command('WebChatService.endChat'))).to.equal('There is no active chat session');
    expect(await rejection(bus.command('WebChatService.sendMessage', { message: 'hello' }))).to.equal('There is no active chat session');
    const stats = await bus.command('WebChatService.getStats');
    expect(stats).to.deep.include({ userMessages: 1, agentReached: true });
    expect(stats.agentMessages).to.be.greaterThan(0);
    expect(stats.form).to.deep.equal({ firstname: true, lastname: false, email: false, subject: false });
  });

  it('refuses what the spec refuses, word for word', async () => {
    const { bus } = start(webchat({ maxMessageLength: 20 }));
    expect(await rejection(bus.command('WebChatService.startChat', { firstname: 'Anna', userData: '{broken' }))).to.equal(
      'malformed JSON provided in userData property',
    );
    expect(await rejection(bus.command('WebChatService.fetchHistory'))).to.equal('Fetching messages history applies to only Asynchronous chat.');
    expect(await rejection(bus.command('WebChatService.addPrefilter', { filters: ['x'] as unknown as RegExp[] }))).to.match(
      /^Missing or invalid filters provided/,
    );
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    expect(await rejection(bus.command('WebChatService.sendMessage', { message: '   ' }))).to.equal('No message text provided');
    expect(await rejection(bus.command('WebChatService.sendMessage', { message: 'x'.repeat(21) }))).to.equal(
      'Message length exceeds configured threshold of (20) characters',
    );
    // Private commands: the page is not the service.
    for (const name of ['poll', 'startPoll', 'stopPoll', 'restore'] as const) {
      expect(await rejection(bus.command(`WebChatService.${name}`))).to.match(/^Access Denied to private command/);
    }
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(await rejection(bus.command('WebChatService.registerTypingPreviewInput', { input: checkbox }))).to.match(/^Invalid typing preview input/);
    expect(await rejection(bus.command('WebChatService.registerPreProcessor', { preprocessor: 'x' as unknown as () => string }))).to.match(
      /^Invalid preprocessor/,
    );
    expect(await rejection(bus.command('WebChatService.sendFile', { files: [new File(['x'], 'a.txt')] }))).to.equal(
      'File upload is disabled: set webchat.uploadsEnabled to true',
    );
    await bus.command('WebChatService.endChat');
  });

  it('a chat the server cannot start now (statusCode 1, code 240) rejects with its message and publishes error', async () => {
    const { bus, events } = start();
    const message = await rejection(bus.command('WebChatService.startChat', { firstname: 'unavailable' }));
    expect(message).to.equal("We're sorry but we cannot start a new chat at this time. Please try again later");
    const error = events.find((e) => e.name === 'WebChatService.error');
    expect(error?.data).to.deep.include({ kind: 'unavailable', during: 'startChat' });
    expect((error?.data as { errors: Array<{ code: number }> }).errors[0].code).to.equal(240);
    // Nothing is stored: a reload would find no chat.
    expect(await bus.command('WebChatService.verifySession')).to.deep.equal({ sessionActive: false });
  });

  it("'Not sent' as commands: retryMessage sends it again once, editMessage gives its text back; the draft is saved and read", async () => {
    const { app, bus } = start();
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    const [session] = [...sim.state.chat.sessions.values()];
    const { session: store } = await app.whenProvided('WebChatService');
    const failed = () => store.value.transcript.outgoing.filter((o) => o.state === 'failed');
    // The server refuses every message (not a retryable failure): both are 'Not sent' at once.
    sim.worker.use(http.post('*/send', () => HttpResponse.json({ statusCode: 2, errors: [{ code: 204, message: 'refused' }] })));
    expect(await rejection(bus.command('WebChatService.sendMessage', { message: 'Pierwsza' }))).not.to.equal('resolved');
    expect(await rejection(bus.command('WebChatService.sendMessage', { message: 'Druga' }))).not.to.equal('resolved');
    expect(failed().map((o) => o.text)).to.deep.equal(['Pierwsza', 'Druga']);
    const [first, second] = failed();

    expect(await rejection(bus.command('WebChatService.editMessage', { id: 'no-such-id' }))).to.match(/^No failed message with this id/);
    expect(await bus.command('WebChatService.editMessage', { id: second!.id })).to.deep.equal({ text: 'Druga' });
    expect(store.value.transcript.outgoing.map((o) => o.text)).to.deep.equal(['Pierwsza']);

    sim.worker.resetHandlers(http.all('*', async ({ request }) => (await sim.handle(request)) ?? undefined));
    await bus.command('WebChatService.retryMessage', { id: first!.id });
    const stored = (text: string) => session.transcript.filter((m) => m.type === 'Message' && m.from.type === 'Client' && m.text === text).length;
    await waitFor(() => stored('Pierwsza') === 1, 5000);
    expect(stored('Druga')).to.equal(0);

    expect(await rejection(bus.command('WebChatService.saveDraft', {} as { text: string }))).to.equal('No draft text provided');
    await bus.command('WebChatService.saveDraft', { text: 'Szkic' });
    expect(await bus.command('WebChatService.getDraft')).to.deep.equal({ text: 'Szkic' });
    await bus.command('WebChatService.endChat');
    expect(await bus.command('WebChatService.getDraft')).to.deep.equal({ text: '' });
    // Without a chat there is nothing to keep a draft for.
    await bus.command('WebChatService.saveDraft', { text: 'Po czacie' });
    expect(await bus.command('WebChatService.getDraft')).to.deep.equal({ text: '' });
  });

  it('preprocessors change outgoing text; a prefilter hides matching messages; typing is sent once per burst', async () => {
    const { bus, transcript } = start();
    await bus.command('WebChatService.registerPreProcessor', { preprocessor: (text) => text.replace(/\d{11}/g, '[PESEL]') });
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    const [session] = [...sim.state.chat.sessions.values()];
    await bus.command('WebChatService.sendMessage', { message: 'Mój PESEL to 90010112345' });
    expect(session.transcript.some((m) => m.text === 'Mój PESEL to [PESEL]')).to.equal(true);
    await bus.command('WebChatService.sendFilteredMessage', { message: 'internal: ping', regex: /^internal:/ });
    expect(session.transcript.some((m) => m.text === 'internal: ping')).to.equal(true);
    await until(sim, async () => (await transcript()).some((m) => m.text === 'Mój PESEL to [PESEL]'));
    expect((await transcript()).some((m) => m.text === 'internal: ping')).to.equal(false);

    const typing = () => session.transcript.filter((m) => m.type === 'TypingStarted' && m.from.type === 'Client').length;
    const before = typing();
    await bus.command('WebChatService.sendTyping', { message: 'Dzie' });
    await bus.command('WebChatService.sendTyping', { message: 'Dzień d' });
    await bus.command('WebChatService.sendTyping', { message: 'Dzień dobry' });
    await waitFor(() => typing() === before + 1);
    expect(session.visitorTyping.typing).to.equal(true);
    // 2000 ms without typing: one stop.
    await waitFor(() => session.visitorTyping.typing === false, 4000);
    expect(session.transcript.filter((m) => m.type === 'TypingStopped' && m.from.type === 'Client').length).to.equal(1);
    await bus.command('WebChatService.endChat');
  });

  it('a server that keeps answering statusCode 1 goes offline after the sixth, and comes back on the next 0', async () => {
    const { bus, events } = start();
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    sim.worker.use(http.post('*/refresh', () => HttpResponse.json({ statusCode: 1, errors: [{ code: 500, message: 'busy' }] })));
    await waitFor(() => events.some((e) => e.name === 'WebChatService.chatServerWentOffline'), 20_000);
    sim.worker.resetHandlers(http.all('*', async ({ request }) => (await sim.handle(request)) ?? undefined));
    await waitFor(() => events.some((e) => e.name === 'WebChatService.chatServerBackOnline'), 10_000);
    expect(events.filter((e) => e.name === 'WebChatService.chatServerWentOffline')).to.have.length(1);
    await bus.command('WebChatService.endChat');
  });

  it('the agent ending the chat ends it for the visitor (the server says chatEnded)', async () => {
    const { bus, events, transcript } = start();
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    await until(sim, async () => has(await transcript(), 'Bot'));
    const [session] = [...sim.state.chat.sessions.values()];
    // A person at the agent console takes the chat, then ends it with the survey offer.
    const agent = (op: string, body: Record<string, string>, agentKey = '') =>
      fetch(`/api/agent/chats/${session.chatId}/${op}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sim.agentToken}`, 'Content-Type': 'application/x-www-form-urlencoded', 'x-agent-key': agentKey },
        body: new URLSearchParams(body),
      });
    const accepted = await agent('accept', { name: 'Ewa' });
    expect(accepted.status).to.equal(200);
    const { agentKey } = (await accepted.json()) as { agentKey: string };
    expect((await agent('end', { survey: 'true' }, agentKey)).status).to.equal(200);
    await waitFor(() => events.some((e) => e.name === 'WebChatService.ended'), 10_000);
    const ended = events.find((e) => e.name === 'WebChatService.ended');
    expect(['server', 'agent']).to.include((ended?.data as { endedBy: string }).endedBy);
    // The survey notice came before the end.
    expect((await transcript()).some((m) => m.type === 'CustomNotice' && /Survey_URL/.test(m.text))).to.equal(true);
  });

  it('asynchronous chat: the page keeps the session; the next page restores the last 20 messages and fetchHistory pages back', async () => {
    let saved: unknown = null;
    const section = webchat({
      transport: { type: 'rest', dataURL: '/api/chat/customer-chat' },
      async: { enabled: true, getSessionData: () => saved, setSessionData: (data: unknown) => (saved = data) },
    });
    const first = start(section);
    await first.bus.command('WebChatService.startChat', { firstname: 'Anna' });
    for (let i = 1; i <= 25; i++) await first.bus.command('WebChatService.sendMessage', { message: `m${i}` });
    // 1 join, 1 waiting notice, 25 messages.
    await until(sim, async () => (await first.transcript()).length === 27, 100);
    // Open to every commander in asynchronous mode.
    await first.bus.command('WebChatService.stopPoll');
    expect(saved).to.deep.include({ type: 'rest', index: 27 });

    // The next page: the same page functions, a new app; the service restores by itself.
    const second = start(section);
    await waitFor(() => second.events.some((e) => e.name === 'WebChatService.restored'));
    await until(sim, async () => (await second.transcript()).length === 20, 100);
    expect((await second.transcript()).map((m) => m.index)).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 8));
    const older = await second.bus.command('WebChatService.fetchHistory');
    expect(older.map((m) => m.index)).to.deep.equal([1, 2, 3, 4, 5, 6, 7]);
    expect((await second.transcript()).map((m) => m.index)).to.deep.equal(Array.from({ length: 27 }, (_, i) => i + 1));
    expect(second.events.some((e) => e.name === 'WebChatService.messageReceived' && (e.data as { history?: boolean }).history === true)).to.equal(true);
    expect(await rejection(second.bus.command('WebChatService.fetchHistory'))).to.equal('No more messages to fetch');
    await second.bus.command('WebChatService.endChat');
    expect(saved).to.equal(null);
  });

  it('files: limits from the server, checks before upload (agent needed, size, type), multipart upload, download by a form post', async () => {
    const { bus, transcript } = start(webchat({ transport: { type: 'rest', dataURL: '/api/chat/customer-chat' }, uploadsEnabled: true }));
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    const [session] = [...sim.state.chat.sessions.values()];
    const requests: string[] = [];
    const count = ({ request }: { request: Request }) => void requests.push(new URL(request.url).pathname);
    sim.worker.use(http.post('*/file', (info) => (count(info), undefined)));
    const limits = await bus.command('WebChatService.getFileLimits');
    expect(limits).to.deep.include({ needAgent: true, maxFileSize: 5 * 1024 * 1024, maxFiles: 5 });
    const txt = new File(['Umowa PPK'], 'umowa.txt', { type: 'text/plain' });
    // No agent yet, and the server needs one: refused before any upload.
    expect(await rejection(bus.command('WebChatService.sendFile', { files: [txt] }))).to.equal('File upload is possible only when an agent is connected');
    (sim.clock as unknown as { advance(ms: number): void }).advance(sim.state.chat.agentJoinDelayMs);
    await waitFor(() => [...session.participants.values()].some((p) => p.type === 'Agent'));
    await until(sim, async () => Object.values(await bus.command('WebChatService.getAgents')).some((a) => a.connected), 100);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'skan-bardzo-duzy.pdf', { type: 'application/pdf' });
    const exe = new File(['MZ'], 'setup.exe');
    expect(await rejection(bus.command('WebChatService.sendFile', { files: [big, exe] }))).to.equal(
      'FileTransferSizeError: skan-bardzo-duzy.pdf is larger than 5.0 MB\nFile type not allowed: setup.exe',
    );
    expect(requests).to.deep.equal([]);
    const { fileIds } = await bus.command('WebChatService.sendFile', { files: [txt] });
    expect(fileIds).to.have.length(1);
    expect(requests).to.have.length(1);
    expect([...session.files.values()].map((f) => [f.name, f.size])).to.deep.equal([['umowa.txt', 9]]);
    await until(sim, async () => (await transcript()).some((m) => m.type === 'FileUploaded' && m.userData?.['file-id'] === fileIds[0]), 100);

    // Download: a form the browser posts (no script reads the bytes), with the chat's keys as fields.
    const posted: Array<{ action: string; fields: Record<string, string> }> = [];
    const submit = HTMLFormElement.prototype.submit;
    HTMLFormElement.prototype.submit = function (this: HTMLFormElement) {
      posted.push({ action: this.action, fields: Object.fromEntries(new FormData(this) as unknown as Iterable<[string, string]>) });
    };
    try {
      await bus.command('WebChatService.downloadFile', { fileId: fileIds[0] });
    } finally {
      HTMLFormElement.prototype.submit = submit;
    }
    expect(posted).to.have.length(1);
    expect(new URL(posted[0].action).pathname).to.equal(`/api/chat/customer-chat/${session.chatId}/file/${fileIds[0]}/download`);
    expect(posted[0].fields).to.deep.equal({ alias: session.alias, userId: session.userId, secureKey: session.secureKey });
    expect(document.querySelectorAll('form[hidden]').length).to.equal(0);
    expect(await rejection(bus.command('WebChatService.downloadFile', { fileId: '' }))).to.equal('No file id provided');
    await bus.command('WebChatService.endChat');
  });
});
