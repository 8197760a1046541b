import { expect } from '@esm-bundle/chai';
import { App } from '../../src/app/app.ts';
import { register } from '../../src/plugins/webchat-service/webchat-service.ts';
import { register as registerWebChat } from '../../src/plugins/webchat/webchat.ts';
import type { TranscriptMessage } from '../../src/services/chat/types.ts';
import { PURECONNECT_UNSUPPORTED } from '../../src/plugins/webchat-service/settings.ts';
import { startSimulator } from '../helpers/simulator.ts';
import { fakePage } from '../helpers/fake-page.ts';

/**
 * WebChatService without WebChat, as a custom chat UI drives it (web-chat.md §7, §8; docs/chat-service.md):
 * the plugin on a page with no view, against the demo's simulator (legacy REST) through msw.
 */
type Sim = Awaited<ReturnType<typeof startSimulator>>;
type Page = ReturnType<typeof fakePage>;

let seq = 0;
function start(page: Page, webchat: Record<string, unknown> = { transport: { type: 'rest', dataURL: '/api/chat/customer-chat' } }, win = page.window) {
  const app = new App({
    window: win,
    config: { main: { lang: 'en', deploymentID: `headless${seq}` }, webchat },
    plugins: {},
    loadRuntime: async () => undefined,
  });
  register(app);
  const events: Array<{ name: string; data: unknown }> = [];
  app.bus.subscribe('WebChatService.*', (event) => events.push({ name: event.name, data: event.data }));
  const of = <T>(name: string) => events.filter((e) => e.name === `WebChatService.${name}`).map((e) => e.data as T);
  return { app, bus: app.bus, events, of };
}
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ resolved: value }),
    (error: Error) => ({ rejected: error.message }),
  );
/** Moves the simulator's clock in steps while the page's own timers (polling) run. */
async function until(sim: Sim, check: () => boolean | Promise<boolean>, stepMs = 500, timeout = 15_000) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    (sim.clock as unknown as { advance(ms: number): void }).advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('WebChatService headless (no WebChat), against the simulator', () => {
  let sim: Sim;
  beforeEach(async () => {
    seq++;
    sim = await startSimulator();
  });
  afterEach(() => sim.dispose());

  it('two startChat calls at once make ONE chat: the second gets the first one’s answer; a later one is refused', async () => {
    const { bus, of } = start(fakePage());
    const [first, second] = await Promise.all([
      outcome(bus.command('WebChatService.startChat', { firstname: 'Anna' })),
      outcome(bus.command('WebChatService.startChat', { firstname: 'Anna' })),
    ]);
    expect(first).to.have.property('resolved');
    expect(second).to.deep.equal(first);
    expect(sim.state.chat.sessions.size).to.equal(1);
    expect(of('started')).to.have.length(1);
    // Once the chat runs, another start is the spec's refusal.
    expect(await outcome(bus.command('WebChatService.startChat', { firstname: 'Anna' }))).to.deep.equal({
      rejected: 'There is already an active chat session',
    });
    await bus.command('WebChatService.endChat');
    // After the end a new start is a new chat.
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    expect(sim.state.chat.sessions.size).to.equal(2);
    await bus.command('WebChatService.endChat');
  });

  it('two starts at once that the server refuses: both get the same rejection, and one error event', async () => {
    const { bus, of } = start(fakePage());
    const both = await Promise.all([
      outcome(bus.command('WebChatService.startChat', { firstname: 'unavailable' })),
      outcome(bus.command('WebChatService.startChat', { firstname: 'unavailable' })),
    ]);
    expect(both).to.deep.equal([
      { rejected: "We're sorry but we cannot start a new chat at this time. Please try again later" },
      { rejected: "We're sorry but we cannot start a new chat at this time. Please try again later" },
    ]);
    expect(of('error')).to.have.length(1);
    // Nothing is left half-started: the next start is a chat.
    expect(await outcome(bus.command('WebChatService.startChat', { firstname: 'Anna' }))).to.have.property('resolved');
    await bus.command('WebChatService.endChat');
  });

  it('events carry their data: messageReceived, agentConnected / agentDisconnected with the agents, ended', async () => {
    const { bus, of } = start(fakePage());
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    const [session] = [...sim.state.chat.sessions.values()];
    await until(sim, () => of('agentConnected').length > 0);
    const [joined] = of<{ agents: Record<string, { name: string; connected: boolean }>; numAgentsConnected: number; message: TranscriptMessage }>(
      'agentConnected',
    );
    expect(joined!.numAgentsConnected).to.equal(1);
    expect(joined!.message).to.deep.include({ type: 'ParticipantJoined' });
    expect(joined!.agents[joined!.message.from.id]).to.deep.include({ connected: true, name: joined!.message.from.name });
    expect(await bus.command('WebChatService.getAgents')).to.deep.equal(joined!.agents);
    // Every batch: its messages, and whether they came back with a restore.
    const received = of<{ messages: TranscriptMessage[]; restoring: boolean }>('messageReceived');
    expect(received.length).to.be.greaterThan(0);
    expect(received.every((r) => r.restoring === false && r.messages.length > 0)).to.equal(true);
    expect(received.flatMap((r) => r.messages).some((m) => m.type === 'ParticipantJoined' && m.from.type === 'Agent')).to.equal(true);

    // The agent leaves (the scripted agent on 'goodbye'): agentDisconnected with the map, then ended.
    await bus.command('WebChatService.sendMessage', { message: 'goodbye' });
    await until(sim, () => of('ended').length > 0);
    const [left] = of<{ agents: Record<string, { connected: boolean }>; numAgentsConnected: number; message: TranscriptMessage }>('agentDisconnected');
    expect(left!.numAgentsConnected).to.equal(0);
    expect(left!.message.type).to.equal('ParticipantLeft');
    expect(left!.agents[left!.message.from.id]).to.deep.include({ connected: false });
    expect(of('ended')).to.have.length(1);
    expect(session!.ended).to.equal(true);
  });

  it('a reload restores the chat (messageReceived restoring: true); a chat the server ended gives restoreFailed with its reason', async () => {
    const page = fakePage();
    const first = start(page);
    await first.bus.command('WebChatService.startChat', { firstname: 'Anna' });
    await first.bus.command('WebChatService.sendMessage', { message: 'Hello' });
    await until(sim, async () => (await first.bus.command('WebChatService.getTranscript')).some((m) => m.text === 'Hello'));

    // The same page loaded again: the service restores by itself from its cookies.
    const second = start(page, undefined, page.reload());
    await until(sim, () => second.of('restored').length > 0);
    await until(sim, () => second.of('messageReceived').length > 0);
    const [restored] = second.of<{ messages: TranscriptMessage[]; restoring: boolean }>('messageReceived');
    expect(restored!.restoring).to.equal(true);
    expect(restored!.messages.some((m) => m.text === 'Hello' && m.restoring === true)).to.equal(true);
    expect(await second.bus.command('WebChatService.verifySession')).to.deep.include({ sessionActive: true });

    // The chat ends while the visitor is away (the cookies as they were when the last page left); the next
    // page's restore fails, and says why.
    const away = new Map(page.cookies);
    const [session] = [...sim.state.chat.sessions.values()];
    await fetch(`/api/chat/customer-chat/${session!.chatId}/disconnect`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ alias: session!.alias, secureKey: session!.secureKey, userId: session!.userId }),
    });
    const later = fakePage('/', away);
    const third = start(later);
    await until(sim, () => third.of('restoreFailed').length > 0 || third.of('restored').length > 0);
    expect(third.of('restoreFailed')).to.deep.equal([{ reason: 'ended', message: 'The chat could not be restored: it has ended' }]);
    expect(await third.bus.command('WebChatService.verifySession')).to.deep.equal({ sessionActive: false });
    await until(sim, () => second.of('ended').length > 0);
  });

  it('WebChat publishes agentConnected / agentDisconnected with the service’s data (the call-us co-browse footer waits for them)', async () => {
    const { app, bus, of } = start(fakePage());
    registerWebChat(app);
    const window: Array<{ name: string; data: unknown }> = [];
    bus.subscribe('WebChat.*', (event) => window.push({ name: event.name, data: event.data }));
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    await until(sim, () => of('agentConnected').length > 0);
    await bus.command('WebChatService.sendMessage', { message: 'goodbye' });
    await until(sim, () => of('ended').length > 0);
    const agents = window.filter((e) => /^WebChat\.agent/.test(e.name));
    expect(agents).to.deep.equal([
      { name: 'WebChat.agentConnected', data: of('agentConnected')[0] },
      { name: 'WebChat.agentDisconnected', data: of('agentDisconnected')[0] },
    ]);
  });

  it('sendFilteredMessage without text is refused and hides nothing afterwards', async () => {
    const { bus } = start(fakePage());
    expect(await outcome(bus.command('WebChatService.sendFilteredMessage', { message: 'x', regex: /^x/ }))).to.deep.equal({
      rejected: 'There is no active chat session',
    });
    await bus.command('WebChatService.startChat', { firstname: 'Anna' });
    expect(await outcome(bus.command('WebChatService.sendFilteredMessage', { message: '  ', regex: /^Plain/ }))).to.deep.equal({
      rejected: 'No message text provided',
    });
    await bus.command('WebChatService.sendMessage', { message: 'Plain words' });
    await until(sim, async () => (await bus.command('WebChatService.getTranscript')).some((m) => m.text === 'Plain words'));
    await bus.command('WebChatService.endChat');
  });

  it("a PureConnect section refuses startChat with a clear message; Widgets' names start chats", async () => {
    const pure = start(fakePage(), { transport: { type: 'pureconnect-v4-rest', dataURL: '/api/pureconnect' } });
    expect(await outcome(pure.bus.command('WebChatService.startChat', { firstname: 'Anna' }))).to.deep.equal({ rejected: PURECONNECT_UNSUPPORTED });
    expect(sim.state.chat.sessions.size).to.equal(0);

    seq++;
    const gms = start(fakePage(), { dataURL: '/api/chat/customer-chat' });
    expect(await gms.bus.command('WebChatService.startChat', { firstname: 'Anna' })).to.deep.include({ sessionActive: true, type: 'rest' });
    await gms.bus.command('WebChatService.endChat');
  });
});
