import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { advanceUntil, bootWithSimulator, endChat, type Simulator } from '../helpers/page.ts';
import { deepActiveElement } from '../../elements/common/modal.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The transcript's keyboard (issue 40 item 4, BotFramework-WebChat's rule): Escape on a message returns
// to the message input (it used to ask 'End chat?'), and a printable key typed while a message has focus
// goes into the input, its character kept.
window.liveAssistConfig = {
  main: { lang: 'en', deploymentID: 'test-transcript-keys', preload: 'intent' },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    chatButton: { enabled: false },
    form: { fields: [{ name: 'firstname', required: true }] },
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector('la-chat')?.shadowRoot?.querySelector<T & Element>(selector) ?? null;
const input = () => $<HTMLTextAreaElement>('textarea');
const line = () => $<HTMLElement>('[role=log] [data-item]');
/** The window's 'End chat?' question. */
const dialog = () =>
  [...(document.querySelector('la-chat')?.shadowRoot?.querySelectorAll('[role=alertdialog]') ?? [])].find((d) => /end this chat/.test(d.textContent ?? '')) ??
  null;

describe('<la-chat> transcript keyboard', () => {
  before(async function () {
    this.timeout(30_000);
    ({ api, sim } = await bootWithSimulator());
    await api.command('WebChat.open');
    const name = await waitFor(() => $<HTMLInputElement>('[name=firstname]'), 6000, 'the form');
    name.focus();
    await sendKeys({ type: 'Ewa' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => input(), 6000, 'the transcript and input');
    // The agent joins and greets: lines to focus.
    await advanceUntil(sim, () => line(), 'a message line');
  });
  // A question left open by a failed step is answered, so the next step starts from the input.
  afterEach(async () => {
    const cancel = [...(dialog()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Cancel');
    cancel?.click();
    await waitFor(() => !dialog(), 2000, 'the question closed');
  });
  after(async () => {
    await endChat(api);
    sim.dispose();
  });

  it('Escape on a message returns to the input; no End chat question', async () => {
    input()!.focus();
    await sendKeys({ type: 'Hi' });
    line()!.focus();
    expect(deepActiveElement()).to.equal(line());
    await sendKeys({ press: 'Escape' });
    expect(deepActiveElement(), 'focus in the input').to.equal(input());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dialog(), 'no dialog').to.equal(null);
    expect(input()!.value).to.equal('Hi');
  });

  it('a printable key typed on a message goes into the input, after the draft', async () => {
    line()!.focus();
    await sendKeys({ type: 'ą!' });
    expect(deepActiveElement()).to.equal(input());
    expect(input()!.value).to.equal('Hią!');
    // Arrow keys still move between messages (not taken by the input).
    line()!.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(deepActiveElement()).to.not.equal(input());
  });

  it('Escape in the input itself still asks before ending the chat', async () => {
    input()!.focus();
    await sendKeys({ press: 'Escape' });
    await waitFor(() => dialog(), 2000, "the window's End chat question");
  });
});
