import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../helpers/dom.ts';
import { openLayers } from '../../elements/common/modal.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import type { Bus, PluginHandle } from '../../src/bus/index.ts';

// The shared modal module in real elements: the modal overlay (a page-level layer) holding <la-call-us>, whose
// co-browse question is a window-level layer on top of it.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'dark', deploymentID: 'om', preload: 'intent' },
  sidebar: { channels: [{ name: 'CallUs', clickCommand: 'CallUs.open' }] },
  callus: { contacts: [{ number: '+48 22 100 20 30', displayName: 'Infolinia PPK' }] },
};

let api: LiveAssistApi;
let cobrowse: PluginHandle<'Cobrowse'>;
let chat: PluginHandle<'WebChat'>;

/** What WebChat publishes when an agent joins or leaves (the service's data). */
const agents = (connected: boolean) => {
  const agent = { name: 'Ewa', connected, supervisor: false, connectedTime: 1 };
  const from = { id: 'a-1', type: 'Agent' as const, name: 'Ewa' };
  const message = { index: 2, type: connected ? ('ParticipantJoined' as const) : ('ParticipantLeft' as const), text: '', html: false, timestamp: 1, from };
  return { agents: { 'a-1': agent }, numAgentsConnected: connected ? 1 : 0, message };
};
const sidebar = () => document.querySelector<HTMLElement>('la-sidebar')!;
const overlay = () => document.querySelector('la-overlay')?.shadowRoot ?? null;
const overlayWindow = () => overlay()?.querySelector<HTMLElement>('[role=dialog]') ?? null;
const panel = () => overlay()?.querySelector('la-call-us')?.shadowRoot ?? null;
const q = <E extends Element = HTMLElement>(selector: string) => panel()?.querySelector<E>(selector) ?? null;

describe('modal stack in the overlay', () => {
  before(async () => {
    document.body.insertAdjacentHTML('beforeend', '<la-sidebar></la-sidebar>');
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    await api.command('App.registerExtension', {
      name: 'cobrowse-and-chat-stand-ins',
      extension: (bus: Bus) => {
        cobrowse = bus.registerPlugin('Cobrowse');
        cobrowse.registerCommand('start', async () => undefined);
        cobrowse.ready();
        chat = bus.registerPlugin('WebChat');
        chat.ready();
      },
    });
  });

  it('a modal overlay makes our other elements inert while open, and only while open', async () => {
    const button = await waitFor(() => sidebar().shadowRoot!.querySelector<HTMLButtonElement>('.la-sidebar__button'), 4000, 'the sidebar button');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => q('.la-callus__number--main'), 8000, 'the call-us panel');
    expect(overlayWindow()!.getAttribute('aria-modal')).to.equal('true');
    expect(sidebar().inert, 'the sidebar behind the modal overlay').to.equal(true);
    expect(document.querySelector<HTMLElement>('la-overlay')!.inert, 'not the overlay itself').to.equal(false);
    expect(overlay()!.querySelector<HTMLElement>('la-call-us')!.inert, 'nor its content').to.equal(false);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !overlayWindow(), 2000, 'the overlay closed');
    expect(sidebar().inert).to.equal(false);
    await waitFor(() => sidebar().shadowRoot!.activeElement === button, 2000, 'focus back on the sidebar button');
    expect(openLayers()).to.equal(0);
  });

  it('Escape answers the co-browse question on top and leaves the overlay open; focus goes back to the link; a second Escape closes the overlay', async () => {
    await api.command('CallUs.open');
    await waitFor(() => q('.la-callus__number--main'), 8000, 'the call-us panel');
    cobrowse.publish('online', undefined);
    chat.publish('agentConnected', agents(true));
    const link = await waitFor(() => q<HTMLButtonElement>('.la-callus__link'), 2000, 'the co-browse offer');
    link.focus();
    await sendKeys({ press: 'Enter' });
    const question = await waitFor(() => q('.la-dialog'), 2000, 'the co-browse question');
    expect(openLayers(), 'the overlay and the question').to.equal(2);
    expect(panel()!.getElementById(question.getAttribute('aria-describedby')!)!.textContent).to.contain('Co-browse lets the agent');
    // Behind the question, the rest of the panel is inert.
    expect(q('.la-callus__main')!.inert).to.equal(true);
    await waitFor(() => panel()!.activeElement?.textContent === 'Cancel', 2000, 'focus on Cancel');
    await sendKeys({ press: 'Shift+Tab' });
    expect(panel()!.activeElement!.textContent, 'Shift+Tab wraps inside the question').to.equal('Start Co-browse');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !q('.la-dialog'), 2000, 'the question answered');
    expect(overlayWindow(), 'the overlay stays open').to.not.equal(null);
    expect(q('.la-callus__main')!.inert).to.equal(false);
    expect(panel()!.activeElement, 'focus back on the co-browse link').to.equal(link);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !overlayWindow(), 2000, 'the overlay closed');
    expect(openLayers()).to.equal(0);
  });
});
