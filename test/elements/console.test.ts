import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The reference element: <la-console> rendered through the whole pattern (loader host → lazy plugin
// with its actor → r2wc-wrapped React view in the host's shadow root).
window.liveAssistConfig = { main: { lang: 'en', theme: 'light', deploymentID: 'test', preload: 'intent' }, console: { enabled: true } };

let api: LiveAssistApi;
const shadow = () => document.querySelector('la-console')?.shadowRoot ?? null;
const windowEl = () => shadow()?.querySelector<HTMLElement>('[part=window]') ?? null;
const activeInShadow = () => shadow()?.activeElement as HTMLElement | null;

describe('<la-console>', () => {
  before(async () => {
    document.cookie = 'test_console_open=; max-age=0; path=/';
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
  });

  it('is appended and rendered when Console.open runs on a page without it', async () => {
    expect(document.querySelector('la-console')).to.equal(null);
    const events: string[] = [];
    document.addEventListener('la-opened', (e) => events.push((e.target as Element).localName));
    await api.command('Console.open');
    const win = await waitFor(windowEl, 4000, 'the console window');
    expect(win.querySelector('h2')!.textContent).to.equal('CXBus Console');
    await waitFor(() => activeInShadow()?.getAttribute('name') === 'plugin', 2000, 'focus on the first control');
    expect(events).to.deep.equal(['la-console']);
    expect(shadow()!.adoptedStyleSheets.length).to.be.greaterThan(3);
    expect(shadow()!.querySelector('style')).to.equal(null);
    expect(shadow()!.querySelector('[style]')).to.equal(null);
  });

  it('rejects a second open with "Already opened"', async () => {
    const error = await api.command('Console.open').catch((e: Error) => e.message);
    expect(error).to.equal('Already opened');
  });

  it('has no axe violations when open, in light and dark themes', async () => {
    await expectAccessible(document.querySelector('la-console')!);
    await api.command('App.setTheme', { theme: 'dark' });
    await expectAccessible(document.querySelector('la-console')!);
    await api.command('App.setTheme', { theme: 'light' });
  });

  it('runs a command chosen with the keyboard alone and shows the answer outlined green', async () => {
    const root = shadow()!;
    const plugin = root.querySelector<HTMLSelectElement>('select[name=plugin]')!;
    plugin.focus();
    // Choose "WindowManager" by typing in the focused select, then its command.
    await sendKeys({ type: 'Window' });
    expect(plugin.value).to.equal('WindowManager');
    await sendKeys({ press: 'Tab' });
    expect(activeInShadow()?.getAttribute('name')).to.equal('command');
    await sendKeys({ type: 'getR' });
    expect(root.querySelector<HTMLSelectElement>('select[name=command]')!.value).to.equal('getRegistry');
    await sendKeys({ press: 'Tab' });
    expect(activeInShadow()?.getAttribute('name')).to.equal('options');
    await sendKeys({ press: 'Tab' });
    expect(activeInShadow()?.textContent).to.equal('Execute');
    await sendKeys({ press: 'Enter' });
    const output = await waitFor(() => root.querySelector('output.la-console__result--resolved'), 4000, 'a result');
    const registry = JSON.parse(output.textContent!) as Array<{ plugin: string; position: number; viewType: string }>;
    expect(registry.map((e) => [e.plugin, e.position, e.viewType])).to.deep.equal([['Console', 55, 'DockView']]);
  });

  it('shows a rejection outlined red, and refuses invalid JSON without running', async () => {
    const root = shadow()!;
    const textarea = root.querySelector<HTMLTextAreaElement>('textarea[name=options]')!;
    textarea.focus();
    await sendKeys({ type: '{"theme": "blue"}' });
    const plugin = root.querySelector<HTMLSelectElement>('select[name=plugin]')!;
    plugin.focus();
    await sendKeys({ type: 'App' });
    root.querySelector<HTMLSelectElement>('select[name=command]')!.focus();
    await sendKeys({ type: 'setT' });
    root.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    const rejected = await waitFor(() => root.querySelector('output.la-console__result--rejected'), 4000, 'a rejection');
    expect(rejected.textContent).to.equal('Invalid theme specified');
    await expectAccessible(document.querySelector('la-console')!);

    textarea.focus();
    textarea.select();
    await sendKeys({ type: '{oops' });
    root.querySelector<HTMLButtonElement>('button[type=submit]')!.click();
    // The refusal and the parser's own message (where it stopped), so the developer sees what to fix.
    const refusal = await waitFor(
      () => root.querySelector('output')!.textContent!.startsWith('Options must be valid JSON.\n') && root.querySelector('output')!,
      2000,
      'the JSON message',
    );
    expect(refusal.textContent!.split('\n')[1]).to.match(/JSON/);
  });

  it('watches events and lists them in a log', async () => {
    const root = shadow()!;
    root.querySelector<HTMLButtonElement>('.la-console__watch button[type=submit]')!.click();
    await waitFor(() => root.querySelector('.la-console__watches li'), 2000, 'the watch row');
    await api.command('App.closeAll').catch(() => undefined);
    // closeAll closes the console itself; reopen and check the log kept the event.
    await waitFor(() => !windowEl(), 2000, 'the console to close');
    await api.command('Console.open');
    const logged = () => [...root.querySelectorAll('[role=log] li strong')].map((e) => e.textContent);
    await waitFor(() => logged().includes('App.closeAll'), 2000, 'the logged event');
    expect(logged()).to.include('WindowManager.changed');
    expect(logged().some((name) => name!.startsWith('Console.'))).to.equal(false);
  });

  it('closes with its close button, publishing Console.closed, and rejects a second close', async () => {
    const closed = new Promise((resolve) => api.subscribe('Console.closed', resolve));
    shadow()!.querySelector<HTMLButtonElement>('button[aria-label="Close CXBus Console"]')!.click();
    await closed;
    expect(windowEl()).to.equal(null);
    expect(await api.command('Console.close').catch((e: Error) => e.message)).to.equal('Already closed');
    expect(await api.command('WindowManager.getRegistry')).to.deep.equal([]);
  });

  it('is placed by the window manager after other docked windows (adopted sheet, no inline style)', async () => {
    await api.command('WindowManager.dock', { plugin: 'Other', width: 300 });
    await api.command('Console.open');
    const win = await waitFor(windowEl, 4000, 'the console window');
    await waitFor(() => getComputedStyle(win).right === `${55 + 300 + 24}px`, 2000, 'the dock offset');
    expect(document.querySelector('la-console')!.hasAttribute('style')).to.equal(false);
    await api.command('WindowManager.undock', { plugin: 'Other' });
    await waitFor(() => getComputedStyle(win).right === '55px', 2000, 'the console to move right');
    await api.command('Console.close');
  });

  it('refuses an empty configure with "Invalid configuration"', async () => {
    expect(await api.command('Console.configure', {}).catch((e: Error) => e.message)).to.equal('Invalid configuration');
  });
});
