import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { http, HttpResponse } from 'msw';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { advanceUntil, bootWithSimulator, endChat, type Simulator } from '../helpers/page.ts';
import { deepActiveElement } from '../../elements/common/modal.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// <la-chat> on the Polish deployment's chat settings, opened by a command on a page without it, against the simulator.
window.liveAssistConfig = {
  main: { lang: 'pl', deploymentID: 'test-chat', preload: 'intent' },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot', endpoint: 'customer-chat-bot', bot: true },
    cometD: { enabled: false },
    uploadsEnabled: false,
    emojis: true,
    timeFormat: 24,
    chatButton: { enabled: false },
    form: { fields: [{ name: 'firstname', required: true, maxlength: 100 }] },
    dataProtection: { controller: 'Centrum Informacji PPK', purpose: 'obsługa Twojego pytania', pdf: '/ochrona-danych.pdf' },
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-chat');
const root = () => host()?.shadowRoot ?? null;
const $ = <T extends Element = HTMLElement>(selector: string) => root()?.querySelector<T & Element>(selector) ?? null;
const $$ = (selector: string) => [...(root()?.querySelectorAll<HTMLElement>(selector) ?? [])];
const active = () => deepActiveElement();
const until = (check: () => unknown, what: string, step = 500, timeout = 15_000) => advanceUntil(sim, check, what, step, timeout);
const logText = () => $('[role=log]')?.textContent ?? '';
const button = (name: string) => $$('button').find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name) ?? null;
const dialog = () => $('[role=alertdialog], [role=dialog][aria-modal=true], .la-dialog') as HTMLElement | null;

describe('<la-chat>', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  afterEach(async () => {
    await endChat(api);
    await waitFor(() => !$('[part=window]'), 4000, 'the window to close');
  });

  it('start form → bot greeting → the agent answers → a failed send keeps the text → End chat; axe in each state', async function () {
    // Five axe scans and a simulated agent's answer: about 7.5 s alone, more beside another test file.
    this.timeout(20_000);
    const events: string[] = [];
    const stop = api.subscribe('WebChat.*', (event) => events.push(event.name));
    await api.command('WebChat.open');
    await waitFor(() => $('[part=window]'), 6000, 'the window');
    expect($('[part=titlebar]')!.textContent).to.contain('Czat na żywo');
    // The deployment's form: first name only, required; the data-protection notice with its PDF.
    expect($$('input[name]').map((i) => i.getAttribute('name'))).to.deep.equal(['firstname']);
    expect($('a[href="/ochrona-danych.pdf"]')).to.not.equal(null);
    await expectAccessible(host()!);

    // An empty submit: the field's error, focus on the field.
    button('Rozpocznij czat')!.click();
    await waitFor(() => $('[name=firstname]')!.getAttribute('aria-invalid') === 'true', 2000, 'the required error');
    expect(active()?.getAttribute('name')).to.equal('firstname');

    await sendKeys({ type: 'Anna' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $('[role=log]'), 6000, 'the transcript');
    const [session] = [...sim.state.chat.sessions.values()];
    expect(session.visitor.firstName).to.equal('Anna');
    await until(() => /Asystent PPK/.test(logText()), 'the bot greeting');
    // One submit, one WebChat.submitted (the refused empty submit publishes none).
    expect(events.filter((name) => name === 'WebChat.submitted')).to.have.length(1);
    stop();
    await expectAccessible(host()!);
    // Both themes.
    await api.command('App.setTheme', { theme: 'light' });
    await expectAccessible(host()!);
    await api.command('App.setTheme', { theme: 'dark' });

    const input = $<HTMLTextAreaElement>('textarea')!;
    input.focus();
    await sendKeys({ type: 'Ile wynosi wpłata pracodawcy?' });
    await sendKeys({ press: 'Enter' });
    await until(() => /1,5%/.test(logText()), 'the agent answer');
    expect(input.value).to.equal('');

    // The server refuses the next send (the outbox does not retry a refusal): no alert takes the focus, the
    // message stays in the transcript as 'Not sent' with the server's reason, and Edit puts it back in the input.
    sim.worker.use(http.post('*/send', () => HttpResponse.json({ statusCode: 2, errors: [{ code: 204, message: 'Za długa' }] })));
    input.focus();
    await sendKeys({ type: 'Dziękuję' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $('[data-pending]')?.textContent?.includes('Nie wysłano'), 4000, "'Nie wysłano'");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dialog(), 'no modal alert').to.equal(null);
    expect(host()!.shadowRoot!.activeElement, 'focus stays in the input').to.equal(input);
    expect(input.value).to.equal('', 'the text is safe in the outbox');
    await expectAccessible(host()!);
    expect($('[data-pending]')!.textContent).to.contain('Nie wysłano').and.contain('Dziękuję');
    expect($('.la-transcript__reason')!.textContent).to.equal('Za długa');
    button('Edytuj')!.click();
    await waitFor(() => input.value === 'Dziękuję', 2000, 'the text back in the input');
    expect($('[data-pending]')).to.equal(null);
    sim.worker.resetHandlers(http.all('*', async ({ request }) => (await sim.handle(request)) ?? undefined));

    button('Zakończ czat')!.click();
    await waitFor(() => dialog(), 2000, 'the end-chat question');
    await expectAccessible(host()!);
    [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Zakończ czat')!.click();
    await waitFor(() => /Czat zakończony/.test(logText()), 6000, "'Chat Ended'");
    expect(session.ended).to.equal(true);
    expect($<HTMLTextAreaElement>('textarea')!.readOnly).to.equal(true);
    await expectAccessible(host()!);
  });

  it('the survey offer after the agent ends the chat: No posts to the cancel URL', async () => {
    await api.command('WebChat.open', { form: { firstname: 'Jan' } });
    await waitFor(() => button('Rozpocznij czat'), 6000, 'the form');
    expect($<HTMLInputElement>('[name=firstname]')!.value).to.equal('Jan');
    button('Rozpocznij czat')!.click();
    await waitFor(() => $('textarea'), 6000, 'the input');
    await until(() => /Asystent PPK/.test(logText()), 'the bot greeting');
    const [session] = [...sim.state.chat.sessions.values()].filter((s) => !s.ended);
    const agent = (op: string, body: Record<string, string>, agentKey = '') =>
      fetch(`/api/agent/chats/${session.chatId}/${op}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sim.agentToken}`, 'Content-Type': 'application/x-www-form-urlencoded', 'x-agent-key': agentKey },
        body: new URLSearchParams(body),
      });
    const { agentKey } = (await (await agent('accept', { name: 'Ewa' })).json()) as { agentKey: string };
    await agent('send', { text: 'Dzień dobry, tu Ewa.' }, agentKey);
    await until(() => /tu Ewa/.test(logText()), "the person's message");
    const before = sim.state.surveyCancels;
    await agent('end', { survey: 'true' }, agentKey);
    await until(() => Boolean(dialog()) && /ankiet/i.test(dialog()!.textContent ?? ''), 'the survey offer');
    await expectAccessible(host()!);
    [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Nie')!.click();
    await waitFor(() => sim.state.surveyCancels === before + 1, 4000, 'the cancel POST');
  });

  it('emoji from the menu with the keyboard alone, and Escape asks to close a typed form', async () => {
    await api.command('WebChat.open');
    await waitFor(() => $('[name=firstname]'), 6000, 'the form');
    $<HTMLInputElement>('[name=firstname]')!.focus();
    await sendKeys({ type: 'Ola' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => dialog(), 2000, 'the close question');
    expect(dialog()!.textContent).to.contain('Dane wpisane w formularzu zostaną utracone');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog(), 2000, 'the question to go');
    expect(active()?.tagName).to.not.equal('BODY');
    $<HTMLInputElement>('[name=firstname]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $('textarea'), 6000, 'the input');
    const emoji = $$('button').find((b) => b.getAttribute('aria-haspopup') === 'menu')!;
    emoji.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $('[role=menu]'), 2000, 'the emoji menu');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => /👍|🙂|🙁/.test($<HTMLTextAreaElement>('textarea')!.value), 2000, 'the emoji in the input');
    expect(active()?.tagName).to.equal('TEXTAREA');
    await sendKeys({ press: 'Enter' });
    await until(() => /👍|🙂|🙁/.test(logText()), 'the emoji sent');
  });
});
