import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import { startSimulator } from '../helpers/simulator.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The 'Send Message' side button: configured visible, so the app loads the SendMessage plugin when the
// page is idle (no command, no intent: `preload: 'intent'`), and the plugin's view shows the button
// after openDelay (1000 ms) with its fade. Commands SendMessage.showButton / hideButton.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'test-smb', preload: 'intent', pluginLoadDelay: 1 },
  sendmessage: { dataURL: '/api/sendmessage', sideButton: { visible: true } },
};

let api: LiveAssistApi;
const host = () => document.querySelector('la-send-message');
const $ = <T extends Element = HTMLElement>(selector: string) => host()?.shadowRoot?.querySelector<T & Element>(selector) ?? null;
const button = () => $<HTMLButtonElement>('button.la-side-button');
const shown = () => button()?.classList.contains('la-side-button--visible') === true;
const events: string[] = [];
const times: Record<string, number> = {};

describe('Send Message side button', () => {
  before(async () => {
    await startSimulator();
    // The plugin appends its docked element right before it asks the button to show.
    new MutationObserver(() => {
      if (host() && times.appended === undefined) times.appended = performance.now();
    }).observe(document.body, { childList: true });
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    api.subscribe('SendMessage.*', (event) => {
      events.push(event.name);
      times[event.name] ??= performance.now();
    });
    await api.ready;
  });
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('is loaded when idle and appears only after openDelay, with its accessible name', async () => {
    // Nothing asked for the plugin: the idle load appends a docked element and renders the button hidden.
    const hidden = await waitFor(() => button(), 8000, 'the side button to render');
    expect(host()!.getAttribute('mode')).to.equal('dock');
    expect(shown()).to.equal(false);
    expect(getComputedStyle(hidden).visibility).to.equal('hidden');
    expect(events).not.to.include('SendMessage.opened');
    await waitFor(() => shown(), 4000, 'the side button to appear');
    // Shown openDelay (1000 ms) after the plugin asked for it.
    expect(times['SendMessage.buttonDisplayed']! - times.appended!).to.be.within(995, 3000);
    const b = button()!;
    expect(b.textContent).to.equal('Send Message');
    expect(b.getAttribute('aria-hidden')).to.equal(null);
    await waitFor(() => getComputedStyle(b).opacity === '1', 2000, 'the fade to finish');
    expect(getComputedStyle(b).visibility).to.equal('visible');
    expect(host()!.shadowRoot!.querySelector('[style], style') === null).to.equal(true);
    await expectAccessible(host()!);
  });

  it('fades over 300 ms by default, and does not move at all under prefers-reduced-motion', async () => {
    const b = button()!;
    expect(getComputedStyle(b).transitionDuration).to.equal('0.3s');
    expect(getComputedStyle(b).transform).to.equal('none');
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(true);
    expect(getComputedStyle(b).transitionDuration).to.equal('0s');
    await emulateMedia({ reducedMotion: 'no-preference' });
    expect(getComputedStyle(b).transitionDuration).to.equal('0.3s');
  });

  it('opens the window from the keyboard, steps aside while it is open, and comes back after it closes', async () => {
    button()!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $('[part=window]'), 4000, 'the window');
    expect(events).to.include('SendMessage.opened');
    // Focus moved into the form; the button is leaving (not focusable, not announced).
    await waitFor(() => (host()!.shadowRoot!.activeElement as HTMLElement | null)?.getAttribute('name') === 'firstName', 2000, 'focus in the form');
    expect(shown()).to.equal(false);
    expect(button()!.getAttribute('aria-hidden')).to.equal('true');
    await waitFor(() => getComputedStyle(button()!).visibility === 'hidden', 2000, 'the button to hide');
    await api.command('SendMessage.close');
    await waitFor(() => !$('[part=window]'), 4000, 'the window to close');
    // Focus was in the window: it goes back to the button, which comes back at once for it rather than after
    // openDelay (a window closed while the visitor is elsewhere on the page: test/elements/window-focus-side-button.test.ts).
    expect(shown()).to.equal(true);
    expect(host()!.shadowRoot!.activeElement).to.equal(button());
    expect(button()!.getAttribute('aria-hidden')).to.equal(null);
  });

  it('SendMessage.hideButton / showButton, with their rejections', async () => {
    expect(await api.command('SendMessage.showButton').catch((e: Error) => e.message)).to.equal('Button already visible');
    await api.command('SendMessage.hideButton');
    expect(shown()).to.equal(false);
    expect(events).to.include('SendMessage.buttonHidden');
    await waitFor(() => getComputedStyle(button()!).visibility === 'hidden', 2000, 'the fade out');
    expect(await api.command('SendMessage.hideButton').catch((e: Error) => e.message)).to.equal('Button already hidden');
    await api.command('SendMessage.showButton');
    expect(shown()).to.equal(false);
    expect(await api.command('SendMessage.showButton').catch((e: Error) => e.message)).to.equal('Button already visible');
    await waitFor(() => shown(), 4000, 'the button after its delay');
  });

  it('slides with the configured effect and duration (sendmessage.sideButton through configure)', async () => {
    await api.configure('sendmessage', { dataURL: '/api/sendmessage', sideButton: { visible: true, effect: 'slide', effectDuration: 500 } });
    const b = button()!;
    await waitFor(() => b.classList.contains('la-side-button--slide'), 2000, 'the slide effect');
    expect(getComputedStyle(b).transitionDuration).to.equal('0.5s');
    // Let the running fade-in finish, then hide: the slide moves it off the edge before it is hidden.
    await waitFor(() => b.getAnimations().length === 0, 2000, 'the effect to settle');
    await api.command('SendMessage.hideButton');
    await waitFor(() => getComputedStyle(b).transform !== 'none' && getComputedStyle(b).visibility === 'visible', 2000, 'the slide to start');
    await waitFor(() => getComputedStyle(b).visibility === 'hidden', 2000, 'the slide out');
    // Hidden by a slide: moved off the right edge, not transparent.
    expect(getComputedStyle(b).transform).not.to.equal('none');
    expect(getComputedStyle(b).opacity).to.equal('1');
    await api.command('SendMessage.showButton');
    await waitFor(() => shown(), 4000, 'the button');
  });

  it('runs the configured click command instead (a deployment that redirects to its contact page)', async () => {
    await api.configure('sendmessage', {
      dataURL: '/api/sendmessage',
      sideButton: { visible: true, clickCommand: 'SendMessage.redirect', clickOptions: { url: '#kontakt' } },
    });
    button()!.click();
    await waitFor(() => location.hash === '#kontakt', 2000, 'the redirect');
    expect(events).to.include('SendMessage.redirected');
    expect($('[part=window]') === null).to.equal(true);
    history.replaceState(null, '', location.pathname + location.search);
  });
});
