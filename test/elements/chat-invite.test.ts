import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The proactive invite (web-chat.md §4): after the visitor has been idle, the toaster asks 'Need help?'
// for inviteTimeoutSeconds; the chat button hides meanwhile; Start chat opens the window and sets the
// auto-invite-disabled cookie. The WebChat plugin loads by itself when the page is idle (a webchat section).
window.liveAssistConfig = {
  main: { lang: 'en', deploymentID: 'test-invite', preload: 'intent', pluginLoadDelay: 1 },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot' },
    autoInvite: { enabled: true, timeToInviteSeconds: 1, inviteTimeoutSeconds: 2 },
    chatButton: { enabled: true, hideDuringInvite: true, openDelay: 0, effectDuration: 0 },
    form: { fields: [{ name: 'firstname', required: true }] },
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const events: string[] = [];
const toaster = () => document.querySelector('la-toaster')?.shadowRoot ?? null;
const chatRoot = () => document.querySelector('la-chat')?.shadowRoot ?? null;
const chatButton = () => chatRoot()?.querySelector<HTMLElement>('[part~=side-button]') ?? null;
const cookie = (name: string) => document.cookie.split('; ').find((c) => c.startsWith(`test-invite_${name}=`));

describe('<la-chat> proactive invite', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
    api.subscribe('*', (event) => events.push(event.name));
  });
  after(() => sim.dispose());

  it('appears after the idle time with the chat button hidden, and closes itself after its timeout', async () => {
    await waitFor(() => events.includes('Toaster.opened'), 8000, 'the invite');
    await waitFor(() => /Need help\?/.test(toaster()?.textContent ?? ''), 6000, 'the invite text');
    const buttons = [...toaster()!.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).to.include.members(['Start chat', 'No thanks']);
    expect(chatButton()?.classList.contains('la-side-button--visible') ?? false).to.equal(false);
    await waitFor(() => events.includes('Toaster.closed'), 6000, 'the invite to time out');
    // The chat button comes back.
    await waitFor(() => chatButton()?.classList.contains('la-side-button--visible'), 4000, 'the chat button');
    // A timeout is not an answer: no cookie.
    expect(cookie('webchat_autoinvite_disabled')).to.equal(undefined);
  });

  it('WebChat.invite shows it again; Start chat opens the window and sets the auto-invite-disabled cookie', async () => {
    await api.command('WebChat.invite');
    const start = await waitFor(() => [...(toaster()?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Start chat'), 6000, 'the invite');
    start.click();
    await waitFor(() => chatRoot()?.querySelector('[name=firstname]'), 6000, 'the chat window');
    expect(events).to.include('WebChat.opened');
    expect(cookie('webchat_autoinvite_disabled')).to.not.equal(undefined);
    expect(
      await api.command('WebChat.invite').then(
        () => 'shown',
        (e: Error) => e.message,
      ),
    ).to.equal('The chat is open: the invite is ignored');
    await api.command('WebChat.close', { confirmed: true });
  });
});
