import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The launchers drawn without React (the sidebar's strip, a side button) carry Genesys Widgets' box
// classes and the theme's class, and follow App.setTheme.
window.liveAssistConfig = {
  main: { lang: 'en', deploymentID: 'looks-launchers', preload: 'intent', pluginLoadDelay: 1, themes: { brand: 'cx-theme-brand' }, theme: 'brand' },
  sidebar: { channels: [{ name: 'CallUs', clickCommand: 'CallUs.open' }] },
  callus: { contacts: [{ number: '+48 22 100 20 30' }] },
  sendmessage: { dataURL: '/api/sendmessage', sideButton: { visible: true, openDelay: 1 } },
  webchat: {
    transport: { type: 'rest', dataURL: '/api/chat/customer-chat', endpoint: 'customer-chat' },
    chatButton: { enabled: true, openDelay: 0, effectDuration: 0 },
  },
};

let api: LiveAssistApi;
const nav = () => document.querySelector('la-sidebar')?.shadowRoot?.querySelector('nav') ?? null;
const sideButton = () => document.querySelector('la-send-message')?.shadowRoot?.querySelector('[part=side-button]') ?? null;
const chatButton = () => document.querySelector('la-chat')?.shadowRoot?.querySelector('[part~=side-button]') ?? null;
const classes = (element: Element | null) => [...(element?.classList ?? [])];

describe('launchers: Genesys class names and the theme class', () => {
  before(async function () {
    // Booting and loading the launchers' chunks: slow under load.
    this.timeout(30000);
    document.body.append(document.createElement('la-sidebar'));
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    await waitFor(nav, 8000, "the sidebar's strip");
    await waitFor(sideButton, 8000, 'the side button');
    await waitFor(chatButton, 8000, "the chat's button");
  });

  it("the sidebar's strip and a side button carry cx-widget, their widget's class and the custom theme's", () => {
    expect(classes(nav())).to.include.members(['la-sidebar', 'cx-widget', 'cx-sidebar', 'cx-theme-brand']);
    expect(classes(sideButton())).to.include.members(['la-side-button', 'cx-widget', 'cx-side-button', 'cx-theme-brand']);
    expect(classes(sideButton())).to.not.include('cx-webchat-chat-button');
    expect(classes(chatButton())).to.include.members(['cx-widget', 'cx-side-button', 'cx-webchat-chat-button', 'cx-theme-brand']);
  });

  it('App.setTheme switches the class on both', async () => {
    await api.command('App.setTheme', { theme: 'light' });
    await waitFor(() => classes(nav()).includes('cx-theme-light') && classes(sideButton()).includes('cx-theme-light'), 2000, 'the light class');
    expect(classes(nav())).to.not.include('cx-theme-brand');
    expect(classes(sideButton())).to.not.include('cx-theme-brand');
    await api.command('App.setTheme', { theme: 'brand' });
    await waitFor(() => classes(nav()).includes('cx-theme-brand') && classes(sideButton()).includes('cx-theme-brand'), 2000, 'the brand class');
  });
});
