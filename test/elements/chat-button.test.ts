import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import { bootWithSimulator, type Simulator } from '../helpers/page.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The side chat button's options (web-chat.md §2, §3 chatButton; Widgets 9 `chatButton`): a site's HTML
// template as the button's content (through the sanitiser, the label kept as the accessible name), the
// effect and its timing, from the configuration and from WebChat.configure.
const TEMPLATE =
  '<strong style="color: red" onclick="window.hacked = 1">Ask us</strong><img src="x" onerror="window.hacked = 1"><script>window.hacked = 1</script>';
window.liveAssistConfig = {
  main: { lang: 'en', deploymentID: 'test-chat-button', preload: 'intent', pluginLoadDelay: 1 },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat-bot' },
    chatButton: { enabled: true, openDelay: 0, effect: 'slide', effectDuration: 0, template: TEMPLATE },
  },
};

let api: LiveAssistApi;
let sim: Simulator;
const button = () => document.querySelector('la-chat')?.shadowRoot?.querySelector<HTMLButtonElement>('[part~=side-button]') ?? null;
const shown = () => button()?.classList.contains('la-side-button--visible') === true;
/** The button's name as a screen reader computes it here: its text, hidden parts excluded. */
const nameOf = (element: HTMLElement) =>
  [...element.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE || (node instanceof Element && node.getAttribute('aria-hidden') !== 'true'))
    .map((node) => node.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('<la-chat> chat button', () => {
  before(async () => {
    ({ api, sim } = await bootWithSimulator());
  });
  after(() => sim.dispose());

  it('draws the template through the sanitiser, as a real button that keeps its label', async () => {
    const b = await waitFor(() => (shown() && button()!.querySelector('strong') ? button() : null), 6000, 'the templated chat button');
    expect(b.localName).to.equal('button');
    expect(b.querySelector('strong')!.textContent).to.equal('Ask us');
    // No handler, no inline style, no script: the sanitiser's allow-list.
    expect(b.querySelector('[style], [onclick], [onerror], script')).to.equal(null);
    expect((window as { hacked?: number }).hacked).to.equal(undefined);
    // The label is the accessible name beside the template's own words, visually hidden.
    expect(nameOf(b)).to.equal('Ask us Chat with us');
    expect(b.querySelector('.la-visually-hidden')!.textContent).to.equal('Chat with us');
    expect(b.querySelector('svg'), 'the default icon').to.equal(null);
    expect(b.classList.contains('la-side-button--slide')).to.equal(true);
  });

  it('WebChat.configure changes the effect, the delay and the template of the shown button', async () => {
    await api.command('WebChat.configure', {
      chatButton: { enabled: true, effect: 'fade', openDelay: 600, effectDuration: 0, template: '<b>Chat with us now</b>' },
    });
    await waitFor(() => button()?.classList.contains('la-side-button--fade'), 2000, 'the fade effect');
    await waitFor(() => button()?.querySelector('b')?.textContent === 'Chat with us now', 2000, 'the new template');
    // Its text says the label: no second copy of it.
    expect(button()!.querySelector('.la-visually-hidden')).to.equal(null);
    // The new openDelay: hidden and shown again, it waits 600 ms.
    await api.command('WebChat.hideChatButton');
    await waitFor(() => !shown(), 2000, 'the button hidden');
    const start = performance.now();
    await api.command('WebChat.showChatButton');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(shown(), 'shown before its openDelay').to.equal(false);
    await waitFor(shown, 3000, 'the button after its openDelay');
    expect(performance.now() - start).to.be.at.least(550);
  });

  it('a template with nothing to see after the sanitiser keeps the icon and the label', async () => {
    await api.command('WebChat.configure', {
      chatButton: { enabled: true, openDelay: 0, effectDuration: 0, template: "<div class='cx-icon' data-icon='chat'></div>" },
    });
    await waitFor(() => button()?.querySelector('svg'), 2000, 'the default icon');
    expect(nameOf(button()!)).to.equal('Chat with us');
  });

  it('chatButton.enabled false through WebChat.configure hides it; true shows it again', async () => {
    await waitFor(shown, 2000, 'the button');
    await api.command('WebChat.configure', { chatButton: { enabled: false } });
    await waitFor(() => !shown(), 2000, 'the button hidden');
    await api.command('WebChat.configure', { chatButton: { enabled: true, openDelay: 0 } });
    await waitFor(shown, 2000, 'the button back');
  });

  it('WebChat.configure refuses a bad chat button option', async () => {
    const message = await api.command('WebChat.configure', { chatButton: { effect: 'spin' } }).then(
      () => 'accepted',
      (error: Error) => error.message,
    );
    expect(message).to.equal("Invalid configuration: webchat.chatButton.effect must be 'fade' or 'slide'");
  });
});
