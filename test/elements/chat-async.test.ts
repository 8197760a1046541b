import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, endChat, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The chat service's options reach the window although the WebChat plugin starts without them (issue 17:
// its idle start, for the chat button, loads neither the service nor its options; they are read when the
// service's chunk comes, as the window opens): an asynchronous chat's Close asks 'End the chat, or close
// the window?' (the window machine's `async`), and the input stops at the service's `maxMessageLength`.
window.liveAssistConfig = {
  main: { lang: 'en', deploymentID: 'test-chat-async', preload: 'intent', pluginLoadDelay: 1 },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    async: { enabled: true },
    maxMessageLength: 120,
    chatButton: { enabled: true, openDelay: 0, effectDuration: 0 },
    form: { fields: [{ name: 'firstname', required: true }] },
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const root = () => document.querySelector('la-chat')?.shadowRoot ?? null;
const $ = <T extends Element = HTMLElement>(selector: string) => root()?.querySelector<T & Element>(selector) ?? null;

describe('<la-chat> asynchronous chat, the plugin started when idle', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(async () => {
    await endChat(api);
    sim.dispose();
  });

  it("the chat button's click opens the window; the input's limit and Close's question are the service's options", async () => {
    const button = await waitFor(() => $<HTMLButtonElement>('[part~=side-button].la-side-button--visible'), 8000, 'the chat button');
    button.click();
    await waitFor(() => $('[name=firstname]'), 6000, 'the form');
    $<HTMLInputElement>('[name=firstname]')!.focus();
    await sendKeys({ type: 'Iga' });
    await sendKeys({ press: 'Enter' });
    const input = await waitFor(() => $<HTMLTextAreaElement>('textarea'), 6000, 'the input');
    expect(input.maxLength).to.equal(120);
    const refused = await api.command('WebChat.close').then(
      () => 'closed',
      (error: Error) => error.message,
    );
    expect(refused).to.equal('The visitor was asked to confirm closing the chat');
    // Not 'End chat?' (a chat that is not asynchronous): end it, or close the window and come back later.
    await waitFor(
      () => root()!.textContent!.includes('End the chat, or close the window and come back to the conversation later?'),
      2000,
      'the close question',
    );
    const buttons = [...root()!.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).to.include.members(['End chat', 'Close window']);
  });
});
