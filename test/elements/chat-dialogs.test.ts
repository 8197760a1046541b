import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { advanceUntil, bootWithSimulator, endChat, type Simulator } from '../helpers/page.ts';
import { deepActiveElement } from '../../elements/common/modal.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import { alertLines } from '../../elements/chat/chat.view.tsx';
import { createTranslator } from '../../src/app/i18n.ts';
import en from '../../locales/en.json' with { type: 'json' };
import pl from '../../locales/pl.json' with { type: 'json' };

// The chat's dialogs that the main flow does not reach (issue 12 items 5 and 7): the idle alert with its
// countdown and the start failure's alert, each named, described, keyboard-operable and without axe
// violations in both themes, against the simulator (English deployment settings).
window.liveAssistConfig = {
  main: { lang: 'en', deploymentID: 'test-chat-dialogs', preload: 'intent' },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    uploadsEnabled: false,
    chatButton: { enabled: false },
    form: { fields: [{ name: 'firstname', required: true }] },
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const host = () => document.querySelector('la-chat');
const $ = <T extends Element = HTMLElement>(selector: string) => host()?.shadowRoot?.querySelector<T & Element>(selector) ?? null;
const dialog = () => $('[role=alertdialog]');
const active = () => deepActiveElement();
const control = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const until = (check: () => unknown, what: string, step = 1000, timeout = 15_000) => advanceUntil(sim, check, what, step, timeout);
/** axe in both themes, the dark default last. */
async function accessibleInBothThemes() {
  await api.command('App.setTheme', { theme: 'light' });
  await expectAccessible(host()!);
  await api.command('App.setTheme', { theme: 'dark' });
  await expectAccessible(host()!);
}
/** The accessible description of a dialog: the texts its aria-describedby names. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => host()!.shadowRoot!.getElementById(id)?.textContent ?? '')
    .join(' ');

async function startChat(name: string) {
  await api.command('WebChat.open');
  await waitFor(() => $('[name=firstname]'), 6000, 'the form');
  $<HTMLInputElement>('[name=firstname]')!.focus();
  await sendKeys({ type: name });
  await sendKeys({ press: 'Enter' });
}

describe('<la-chat> dialogs', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  afterEach(async () => {
    await fetch('/__control/faults', { method: 'DELETE' });
    await endChat(api);
    await waitFor(() => !$('[part=window]'), 4000, 'the window to close');
  });
  after(() => sim.dispose());

  it("idle alert: 'Are you still there?' with the close countdown, focus on I'm here, which keeps the chat", async function () {
    // It waits out the simulated idle timers and runs axe: over 10 s since the alert's counter comes with the event.
    this.timeout(30_000);
    await startChat('Ewa');
    await waitFor(() => $('textarea'), 6000, 'the transcript and input');
    // The simulator alerts after 120 s without a visitor message, twice, then closes after 60 s.
    await until(() => dialog()?.textContent?.includes('Are you still there?'), 'the first idle alert', 5000, 20_000);
    const first = dialog()!;
    expect(first.getAttribute('aria-labelledby')).to.be.a('string');
    expect(description(first)).to.contain("We haven't heard from you for a while.");
    expect(active()?.textContent).to.equal("I'm here");
    await accessibleInBothThemes();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !dialog(), 2000, 'the alert to close');
    expect(active(), 'focus back in the chat, not on <body>').to.not.equal(document.body);
    expect(host()!.shadowRoot!.contains(active())).to.equal(true);

    // The second alert announces the close: its countdown (60 s) is part of the description.
    await until(() => dialog()?.textContent?.includes('Are you still there?'), 'the second idle alert', 5000, 20_000);
    await waitFor(() => /The chat will close in \d+ seconds\./.test(description(dialog()!)), 2000, 'the countdown');
    await expectAccessible(host()!);
  });

  it('a start the server fails: the alert says so in words, OK returns to the form with the name kept', async () => {
    await control('/__control/faults', { endpoint: 'chat.start', failureRate: 1, status: 503 });
    await startChat('Olek');
    await waitFor(() => dialog(), 6000, 'the start failure alert');
    expect(description(dialog()!).length, 'the alert is described by its message').to.be.greaterThan(10);
    await accessibleInBothThemes();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !dialog(), 2000, 'the alert to close');
    expect($<HTMLInputElement>('[name=firstname]')!.value).to.equal('Olek');
    expect(host()!.shadowRoot!.contains(active()), 'focus stays in the window').to.equal(true);
  });

  it("alert lines: a transport's own code in its language-pack words, known codes by code, others the generic text (en, pl)", () => {
    const alert = { key: 'serverErrors', codes: [203, 202, 999], keys: ['chat.error.InvalidFileType', '', ''], messages: [] };
    const english = createTranslator('en', en, en);
    expect(alertLines(english, alert)).to.deep.equal([en['chat.error.InvalidFileType'], en['chat.error.202'], en['chat.error.Generic']]);
    expect(alertLines(english, alert)[0]).to.equal('Only Images are allowed');
    const polish = createTranslator('pl', pl, en);
    expect(alertLines(polish, alert)[0]).to.equal(pl['chat.error.InvalidFileType']);
    // A key that is not a chat error, or one the packs lack, falls back to the code's text.
    expect(alertLines(english, { ...alert, keys: ['callback.title', 'chat.error.NoSuchKey', ''] }).slice(0, 2)).to.deep.equal([
      en['chat.error.203'],
      en['chat.error.202'],
    ]);
  });
});
