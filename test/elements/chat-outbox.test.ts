import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { advanceUntil, bootWithSimulator, type Simulator } from '../helpers/page.ts';
import { App } from '../../src/app/app.ts';
import { bindApp } from '../../elements/common/host.ts';
import { lazyPlugins } from '../../src/plugins/index.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The chat's outbox in the window (issue 13 items 1 and 2): what the visitor sent while the server is down
// shows as 'Wysyłanie…' and is delivered once when it is back; after the retry budget 'Nie wysłano' with
// Retry; the input's draft survives a re-boot of the page's app (a reload). Against the simulator.
const config = {
  main: { lang: 'pl', deploymentID: 'test-outbox', preload: 'intent', timeFormat: 24 },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot', endpoint: 'customer-chat-bot', bot: true },
    cometD: { enabled: false },
    uploadsEnabled: false,
    chatButton: { enabled: false },
    form: { fields: [{ name: 'firstname', required: true, maxlength: 100 }] },
  },
};
window.liveAssistConfig = config;

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-chat');
const $ = <T extends Element = HTMLElement>(selector: string) => host()?.shadowRoot?.querySelector<T & Element>(selector) ?? null;
const $$ = (selector: string) => [...(host()?.shadowRoot?.querySelectorAll<HTMLElement>(selector) ?? [])];
const until = (check: () => unknown, what: string, step = 500, timeout = 15_000) => advanceUntil(sim, check, what, step, timeout);
const logText = () => $('[role=log]')?.textContent ?? '';
const pending = () => $$('[data-pending]');
const live = () => $('.la-transcript > [aria-live=polite]')?.textContent ?? '';
const button = (name: string) => $$('button').find((b) => b.textContent?.trim() === name) ?? null;
const dialog = () => $('[role=alertdialog]') as HTMLElement | null;
const control = (path: string, body?: unknown, method = 'POST') =>
  fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
/** The simulator's own copy of the chat: how many times the visitor's `text` is stored. */
const stored = (text: string) =>
  [...sim.state.chat.sessions.values()]
    .filter((s) => !s.ended)
    .flatMap((s) => s.transcript)
    .filter((m) => m.type === 'Message' && m.from.type === 'Client' && m.text === text).length;

async function type(text: string, enter = true) {
  $<HTMLTextAreaElement>('textarea')!.focus();
  await sendKeys({ type: text });
  if (enter) await sendKeys({ press: 'Enter' });
}

describe('<la-chat> outbox', () => {
  before(async () => {
    localStorage.clear();
    ({ api, sim } = await bootWithSimulator());
    await api.command('WebChat.open', { form: { firstname: 'Anna' } });
    await waitFor(() => button('Rozpocznij czat'), 6000, 'the form');
    button('Rozpocznij czat')!.click();
    await waitFor(() => $('textarea'), 6000, 'the input');
    await until(() => /Asystent PPK/.test(logText()), 'the bot greeting');
  });
  afterEach(async () => {
    await control('/__control/faults', undefined, 'DELETE');
  });

  it("sent while the server is down: 'Wysyłanie…' (axe clean), the input empties; delivered exactly once when it is back", async function () {
    this.timeout(30_000);
    await control('/__control/faults', { endpoint: 'chat', dropRate: 1 });
    await type('Czy wpłata jest obowiązkowa?');
    await waitFor(() => pending().length === 1, 3000, 'the pending bubble');
    expect($<HTMLTextAreaElement>('textarea')!.value).to.equal('', 'the text is safe in the outbox');
    expect(pending()[0]!.textContent).to.contain('Wysyłanie…').and.contain('Czy wpłata jest obowiązkowa?');
    expect(pending()[0]!.getAttribute('aria-label')).to.match(/^Ty, \d\d:\d\d: Czy wpłata jest obowiązkowa\? \(Wysyłanie…\)$/);
    // It is stored for a reload: the outbox entry with its client message id.
    const saved = JSON.parse(localStorage.getItem('test-outbox_webchat_outbox')!) as { entries: Array<{ id: string; text: string }> };
    expect(saved.entries.map((e) => e.text)).to.deep.equal(['Czy wpłata jest obowiązkowa?']);
    expect(saved.entries[0]!.id).to.match(/^[0-9a-f-]{36}$/);
    await expectAccessible(host()!);
    // Nothing reached the server; the connection is seen lost (polls dropped too).
    await until(() => /Utracono połączenie|Połączenie/.test(logText()) || $('.la-transcript__connection--lost'), 'the lost connection');
    expect(stored('Czy wpłata jest obowiązkowa?')).to.equal(0);
    // A second message queues behind the first.
    await type('I od kiedy?');
    await waitFor(() => pending().length === 2, 3000, 'the second pending bubble');

    await control('/__control/faults', undefined, 'DELETE');
    await until(() => pending().length === 0, 'both delivered, their server copies shown', 500, 20_000);
    expect(stored('Czy wpłata jest obowiązkowa?')).to.equal(1);
    expect(stored('I od kiedy?')).to.equal(1);
    const log = logText();
    expect(log.indexOf('Czy wpłata jest obowiązkowa?')).to.be.lessThan(log.indexOf('I od kiedy?'));
    expect(log.split('Czy wpłata jest obowiązkowa?').length).to.equal(2, 'shown once');
    expect(localStorage.getItem('test-outbox_webchat_outbox')).to.equal(null);
  });

  it("after the retry budget: 'Nie wysłano' with Retry (axe clean, announced once), no alert taking the visitor's keys; Retry sends it once", async function () {
    this.timeout(40_000);
    // Only sends fail (statusCode 1, retried: 0.5 + 1 + 2 + 4 s), the polls answer: the connection is up.
    await control('/__control/faults', { endpoint: 'chat.send', failureRate: 1 });
    await type('Proszę o kontakt');
    // The visitor goes on typing the next message while the first one fails.
    await waitFor(() => pending().length === 1 && $<HTMLTextAreaElement>('textarea')!.value === '', 4000, 'the row, the input empty');
    await sendKeys({ type: 'Drugie' });
    await waitFor(() => pending()[0]?.textContent?.includes('Nie wysłano'), 15_000, "'Nie wysłano'");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(dialog(), 'no modal alert').to.equal(null);
    expect(host()!.shadowRoot!.activeElement, 'focus stays in the input').to.equal($('textarea'));
    await sendKeys({ type: ' pytanie' });
    expect($<HTMLTextAreaElement>('textarea')!.value, 'every key in the draft').to.equal('Drugie pytanie');
    $<HTMLTextAreaElement>('textarea')!.select();
    await sendKeys({ press: 'Backspace' });
    expect(stored('Proszę o kontakt')).to.equal(0);
    expect(live().split('Twoja wiadomość nie została wysłana: Proszę o kontakt').length).to.equal(2, `announced once: ${live()}`);
    expect(button('Ponów')!.getAttribute('aria-label')).to.equal('Ponów wysłanie: Proszę o kontakt');
    await expectAccessible(host()!);

    await control('/__control/faults', undefined, 'DELETE');
    button('Ponów')!.click();
    await until(() => pending().length === 0, 'the retried message delivered');
    expect(stored('Proszę o kontakt')).to.equal(1);
    expect(dialog()).to.equal(null);
  });

  it('the draft is stored as the visitor types and is back in the input after a re-boot (a reload)', async function () {
    this.timeout(30_000);
    await type('Szkic, którego nie wysłano', false);
    await waitFor(() => localStorage.getItem('test-outbox_webchat_draft')?.includes('Szkic, którego nie wysłano'), 2000, 'the stored draft');

    // The reload: the old app stops polling and its window goes; a new app boots on the same page.
    const old = await api.command('WebChatService.getSessionData');
    host()!.remove();
    const app = new App({ window, config, plugins: lazyPlugins, loadRuntime: () => import('../../src/runtime.ts') });
    bindApp(app);
    await app.ready;
    await app.bus.load('WebChat');
    await waitFor(() => $<HTMLTextAreaElement>('textarea')?.value === 'Szkic, którego nie wysłano', 10_000, 'the draft back in the input');
    const now = await app.bus.command('WebChatService.getSessionData');
    expect(now.chatId).to.equal(old.chatId);
    // Sent from the new page: the input empties, the draft is gone from storage.
    $<HTMLTextAreaElement>('textarea')!.focus();
    await sendKeys({ press: 'Enter' });
    await until(
      () => stored('Szkic, którego nie wysłano') === 1 && pending().length === 0,
      `the draft sent (${stored('Szkic, którego nie wysłano')}, ${pending()
        .map((p) => p.textContent)
        .join('|')}, ${$<HTMLTextAreaElement>('textarea')!.value})`,
    );
    await waitFor(() => localStorage.getItem('test-outbox_webchat_draft') === null, 2000, 'the stored draft removed');
    expect($<HTMLTextAreaElement>('textarea')!.value).to.equal('');
  });
});
