import { expect } from '@esm-bundle/chai';
import { controlData } from '../helpers/simulator.ts';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { advanceUntil, bootWithSimulator, endChat, type Simulator } from '../helpers/page.ts';
import { deepActiveElement } from '../../elements/common/modal.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// Chat deflection in <la-chat> on the Polish deployment's chat and knowledge centre, against the simulator:
// the customer chat bot hands the visitor over to the queue, where they wait for an agent.
window.liveAssistConfig = {
  main: { lang: 'pl', deploymentID: 'test-deflect', preload: 'intent' },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot', endpoint: 'customer-chat-bot', bot: true },
    cometD: { enabled: false },
    timeFormat: 24,
    chatButton: { enabled: false },
    form: { fields: [{ name: 'firstname', required: true, maxlength: 100 }] },
  },
  knowledgecenter: { apiVersion: 'v2', host: '/api/kc', apikey: 'demo-key', lang: 'pl', knowledgebases: ['ppk'] },
  chatdeflection: { enabled: true, country: 'PL' },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-chat');
const root = () => host()?.shadowRoot ?? null;
const $ = <T extends Element = HTMLElement>(selector: string) => root()?.querySelector<T & Element>(selector) ?? null;
const $$ = (selector: string) => [...(root()?.querySelectorAll<HTMLElement>(selector) ?? [])];
const active = () => deepActiveElement();
const advance = (ms: number) => (sim.clock as unknown as { advance(ms: number): void }).advance(ms);
const until = (check: () => unknown, what: string, step = 500, timeout = 15_000) => advanceUntil(sim, check, what, step, timeout);
const logText = () => $('[role=log]')?.textContent ?? '';
const knowledgeBubbles = () => $$('.la-transcript__bubble--knowledge');
const liveText = () => $('.la-transcript [aria-live=polite]')?.textContent ?? '';
const button = (name: string, within: ParentNode | null = root()) =>
  [...(within?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((b) => b.textContent?.trim() === name) ?? null;
const article = () => $('.la-knowledge-article');
const control = async (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const session = () => [...sim.state.chat.sessions.values()].at(-1)!;

async function startChat(name: string) {
  await api.command('WebChat.open', { form: { firstname: name } });
  await waitFor(() => button('Rozpocznij czat'), 6000, 'the form');
  button('Rozpocznij czat')!.click();
  await waitFor(() => $('textarea'), 6000, 'the input');
}
async function say(text: string) {
  const input = $<HTMLTextAreaElement>('textarea')!;
  input.focus();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}

describe('<la-chat> chat deflection', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  afterEach(async () => {
    await endChat(api);
    await waitFor(() => !$('[part=window]'), 4000, 'the window to close');
    await api.command('ChatDeflection.configure', { enabled: true }).catch(() => undefined);
  });

  it('before the agent: welcome, suggestions for a question, the article (vote, Back), none after the agent; axe in both themes', async function () {
    // Five axe scans and a dozen server round trips: 6–9 s alone, past mocha's 10 s on two loaded cores.
    this.timeout(30_000);
    // The agent joins only when the test says so (the agent console takes the chat).
    await control('/__control/chat', { scriptedAgent: false });
    await startChat('Anna');

    // The welcome: a knowledge-assistant bubble after the chat's start line, and the welcome notice in the agent's transcript.
    await until(() => knowledgeBubbles().length === 1, 'the welcome bubble');
    const lines = $$('[data-item]');
    expect(lines.indexOf(knowledgeBubbles()[0]!)).to.be.greaterThan(lines.findIndex((line) => line.textContent === 'Czat rozpoczęty'));
    expect(knowledgeBubbles()[0]!.textContent).to.contain('Asystent wiedzy');
    expect(knowledgeBubbles()[0]!.textContent).to.contain('Zanim dołączy konsultant');
    await waitFor(() => session().transcript.some((m) => m.type === 'CustomNotice' && /Asystent wiedzy proponuje/.test(m.text)), 4000, 'the welcome notice');
    await waitFor(() => session().userData.kc_language === 'pl', 4000, 'the first user data');
    expect(session().userData).to.include({ kc_country: 'PL', kc_knowledge_base: 'ppk', KnowledgeLanguage: 'pl', KnowledgeCountry: 'PL' });
    await until(() => /Asystent PPK/.test(logText()), 'the bot greeting');

    // A question: the knowledge search's answers as the assistant's bubble.
    await say('Jak zrezygnować z wpłat do PPK?');
    await until(() => knowledgeBubbles().length === 2, 'the suggestions');
    const bubble = knowledgeBubbles()[1]!;
    const links = [...bubble.querySelectorAll<HTMLButtonElement>('button.la-knowledge__link')];
    expect(links.length).to.be.within(2, 5);
    expect(links[0]!.textContent).to.equal('Jak zrezygnować z wpłat do PPK?');
    expect(bubble.querySelector('.la-knowledge__snippet')!.textContent).to.contain('deklarację o rezygnacji');
    expect(bubble.textContent).to.contain('Proponowany artykuł:');
    // Announced once by the chat's polite live region, like other messages.
    await waitFor(() => /Asystent wiedzy: Te artykuły mogą odpowiedzieć/.test(liveText()), 2000, 'the announcement');
    expect(liveText().split('Asystent wiedzy: Te artykuły').length - 1).to.equal(1);
    // The reporting keys now carry the knowledge session and the question.
    await waitFor(() => session().userData.kc_question === 'Jak zrezygnować z wpłat do PPK?', 4000, 'the question in user data');
    expect(session().userData.kc_session_id).to.match(/\S+/);
    expect(session().userData.KnowledgeQuestion).to.equal('Jak zrezygnować z wpłat do PPK?');
    // The readable agent transcript: what the visitor was offered.
    await waitFor(
      () =>
        session().transcript.some(
          (m) => m.type === 'CustomNotice' && /Asystent wiedzy zaproponował klientowi: 1\. Jak zrezygnować z wpłat do PPK\?; 2\. /.test(m.text),
        ),
      4000,
      'the readable notice',
    );
    await expectAccessible(host()!);
    await api.command('App.setTheme', { theme: 'light' });
    await expectAccessible(host()!);
    await api.command('App.setTheme', { theme: 'dark' });

    // The suggested document with the keyboard: the article overlay, focus on its title.
    links[0]!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => article()?.querySelector('.la-knowledge-article__answer')?.textContent?.includes('deklarację o rezygnacji'), 4000, 'the article');
    expect(article()!.getAttribute('role')).to.equal('dialog');
    expect(active()?.textContent).to.equal('Jak zrezygnować z wpłat do PPK?');
    expect(active()?.tagName).to.equal('H2');
    // Sanitised HTML (a list of the article's), the attachments as links.
    expect(article()!.querySelectorAll('.la-knowledge-article__answer li').length).to.equal(3);
    const file = article()!.querySelector<HTMLAnchorElement>('.la-knowledge-article__attachments a')!;
    expect(file.textContent).to.equal('rezygnacja-z-ppk.pdf');
    expect(file.getAttribute('rel')).to.contain('noopener');
    expect($('.la-chat__session')!.hasAttribute('inert')).to.equal(true);
    const notices = () =>
      session()
        .transcript.filter((m) => m.type === 'CustomNotice')
        .map((m) => m.text);
    await waitFor(() => notices().includes('Klient otworzył artykuł: Jak zrezygnować z wpłat do PPK?'), 4000, 'the agent told of the article');
    await expectAccessible(host()!);
    await api.command('App.setTheme', { theme: 'light' });
    await expectAccessible(host()!);
    await api.command('App.setTheme', { theme: 'dark' });

    // 'Was this helpful?' Yes: the vote arrives at the simulator; the buttons are locked, the thanks shown.
    button('Tak', article())!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => /Dziękujemy za opinię/.test(article()!.textContent ?? ''), 4000, 'the thank-you');
    const votes = (await (await controlData('/__control/knowledge')).json()) as { votes: Array<{ docId: string; relevant: boolean; query?: string }> };
    expect(votes.votes.at(-1)).to.include({ docId: 'ppk-007', relevant: true });
    await waitFor(() => notices().includes('Klient uznał artykuł za pomocny: Jak zrezygnować z wpłat do PPK?'), 4000, 'the agent told of the vote');
    expect(button('Tak', article())!.getAttribute('aria-disabled')).to.equal('true');
    expect(button('Nie', article())!.getAttribute('aria-disabled')).to.equal('true');
    await expectAccessible(host()!);

    // Back: the overlay closes and the focus returns to the link that opened it.
    button('Wstecz', article())!.click();
    await waitFor(() => !article(), 2000, 'the article to close');
    expect(active()).to.equal(knowledgeBubbles()[1]!.querySelector('button.la-knowledge__link'));
    expect($('.la-chat__session')!.hasAttribute('inert')).to.equal(false);

    // Escape closes a second article too.
    links[1]!.click();
    await waitFor(() => article()?.querySelector('.la-knowledge-article__answer'), 4000, 'the second article');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !article(), 2000, 'the article to close on Escape');
    expect(active()).to.equal(knowledgeBubbles()[1]!.querySelectorAll('button.la-knowledge__link')[1]);

    // An agent connects: deflection ends, a later question gets no suggestions.
    const accepted = await fetch(`/api/agent/chats/${session().chatId}/accept`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sim.agentToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Marek' }),
    });
    expect(accepted.status).to.equal(200);
    await until(() => /Marek/.test(logText()), 'the agent');
    for (let i = 0; i < 20 && (await api.command('ChatDeflection.getState')).deflecting; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await api.command('ChatDeflection.getState')).to.include({ enabled: true, deflecting: false, searches: 1 });
    const searches = ((await (await controlData('/__control/knowledge')).json()) as { searches: unknown[] }).searches.length;
    await say('Jak wygląda wypłata z PPK?');
    await until(() => /Jak wygląda wypłata z PPK\?/.test(logText()), 'the question after the agent');
    advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(knowledgeBubbles()).to.have.length(2);
    expect(((await (await controlData('/__control/knowledge')).json()) as { searches: unknown[] }).searches.length).to.equal(searches);
  });

  it('commands: configure refuses a bad option naming it, the article commands check their arguments and state', async () => {
    let error = await api.command('ChatDeflection.configure', { country: 'Polska' } as never).catch((e: Error) => e);
    expect((error as Error).message).to.equal('Invalid configuration: chatdeflection.country must be a two-letter country code such as PL');
    error = await api.command('ChatDeflection.configure', {} as never).catch((e: Error) => e);
    expect((error as Error).message).to.equal('Invalid configuration');
    error = await api.command('ChatDeflection.openArticle', { kbId: 'ppk' } as never).catch((e: Error) => e);
    expect((error as Error).message).to.equal('All mandatory arguments must be provided');
    error = await api.command('ChatDeflection.closeArticle').catch((e: Error) => e);
    expect((error as Error).message).to.equal('The article is not open');
    expect(await api.command('ChatDeflection.getState')).to.deep.equal({ enabled: true, deflecting: false, searches: 1, article: null });
    // The knowledge line is chat deflection's alone: the page may not add one.
    error = await api.command('WebChat.addKnowledge', { knowledge: { kind: 'welcome', links: [] }, summary: 'x' }).catch((e: Error) => e);
    expect((error as Error).message).to.equal('Access Denied to private command: WebChat.addKnowledge. Only ChatDeflection may run it.');
  });

  it('off: no welcome, no search, no user-data keys', async () => {
    await api.command('ChatDeflection.configure', { enabled: false });
    await control('/__control/chat', { scriptedAgent: false });
    const before = ((await (await controlData('/__control/knowledge')).json()) as { searches: unknown[] }).searches.length;
    await startChat('Jan');
    await until(() => /Asystent PPK/.test(logText()), 'the bot greeting');
    await say('Jak zrezygnować z wpłat do PPK?');
    await until(() => /Jak zrezygnować z wpłat do PPK\?/.test(logText()), 'the question');
    advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(knowledgeBubbles()).to.have.length(0);
    expect(Object.keys(session().userData).filter((k) => /^kc_|^Knowledge/.test(k))).to.deep.equal([]);
    expect(((await (await controlData('/__control/knowledge')).json()) as { searches: unknown[] }).searches.length).to.equal(before);
  });
});
