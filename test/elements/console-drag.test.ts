import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// The console's window moves by its title bar (pointer, and arrow keys while the bar has focus), keeps
// its place, form and watches in a host-only cookie, and lights a watch's row as its event fires.
window.liveAssistConfig = { main: { lang: 'en', theme: 'light', deploymentID: 'cdrag', preload: 'intent' }, console: { enabled: true } };
const STATE = 'cdrag_console_state';

let api: LiveAssistApi;
const shadow = () => document.querySelector('la-console')?.shadowRoot ?? null;
const windowEl = () => shadow()?.querySelector<HTMLElement>('[part=window]') ?? null;
const bar = () => shadow()!.querySelector<HTMLElement>('[part=titlebar]')!;
const saved = (): Record<string, unknown> | undefined => {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${STATE}=`));
  return pair ? (JSON.parse(decodeURIComponent(pair.slice(STATE.length + 1))) as Record<string, unknown>) : undefined;
};
const rect = () => windowEl()!.getBoundingClientRect();

describe('<la-console> moved, remembered and watching', () => {
  before(async function () {
    this.timeout(30000); // the first import compiles the whole suite: slow on a busy machine
    document.cookie = `${STATE}=; max-age=0; path=/`;
    document.cookie = 'cdrag_console_open=; max-age=0; path=/';
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    await api.command('Console.open');
    await waitFor(windowEl, 4000, 'the console window');
  });
  after(() => {
    document.cookie = `${STATE}=; max-age=0; path=/`;
    document.cookie = 'cdrag_console_open=; max-age=0; path=/';
  });

  it('is dragged by its title bar with the pointer, and keeps the place in its cookie', async () => {
    const before = rect();
    const title = bar().querySelector('h2')!.getBoundingClientRect();
    const [x, y] = [Math.round(title.left + 10), Math.round(title.top + title.height / 2)];
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x - 150, y + 60] });
    await sendMouse({ type: 'move', position: [x - 200, y + 100] });
    await sendMouse({ type: 'up' });
    await waitFor(() => Math.round(rect().left) === Math.round(before.left) - 200, 2000, 'the window to follow the pointer');
    expect(Math.round(rect().top)).to.equal(Math.round(before.top) + 100);
    expect(document.querySelector('la-console')!.hasAttribute('style'), 'an adopted sheet, no inline style').to.equal(false);
    const kept = await waitFor(() => (saved()?.position as { x: number } | undefined)?.x === Math.round(before.left) - 200 && saved(), 2000, 'the cookie');
    expect(kept.position).to.deep.equal({ x: Math.round(before.left) - 200, y: Math.round(before.top) + 100 });
  });

  it('moves by arrow keys when the title bar has focus, stays in the viewport, and Home docks it again', async () => {
    bar().focus();
    expect(shadow()!.activeElement).to.equal(bar());
    const start = rect();
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowDown' });
    await waitFor(() => Math.round(rect().left) === Math.round(start.left) - 10, 2000, 'the window to move left');
    expect(Math.round(rect().top)).to.equal(Math.round(start.top) + 10);
    for (let i = 0; i < 5; i += 1) await sendKeys({ press: 'Shift+ArrowUp' });
    for (let i = 0; i < 5; i += 1) await sendKeys({ press: 'Shift+ArrowUp' });
    await waitFor(() => rect().top === 0, 2000, 'the window to stop at the top edge');
    // The bar describes how to move it, and the window stays accessible moved, in both themes.
    const hint = shadow()!.getElementById(bar().getAttribute('aria-describedby')!)!;
    expect(hint.textContent).to.match(/Arrow keys move the window/);
    await expectAccessible(document.querySelector('la-console')!);
    await api.command('App.setTheme', { theme: 'dark' });
    await expectAccessible(document.querySelector('la-console')!);
    await api.command('App.setTheme', { theme: 'light' });
    bar().focus();
    await sendKeys({ press: 'Home' });
    await waitFor(() => getComputedStyle(windowEl()!).right === '55px', 2000, 'the docked place');
    await waitFor(() => saved()?.position === null, 2000, 'the cookie to forget the place');
  });

  it('offers the events it has seen in the event dropdown, and lights a watched row as its event fires', async () => {
    const root = shadow()!;
    await api.command('App.setTheme', { theme: 'light' }); // App.themeChanged is now a known event
    const eventPlugin = root.querySelector<HTMLSelectElement>('select[name=eventPlugin]')!;
    eventPlugin.focus();
    await sendKeys({ type: 'App' });
    const events = await waitFor(
      () => {
        const names = [...root.querySelectorAll<HTMLOptionElement>('select[name=event] option')].map((o) => o.value);
        return names.includes('themeChanged') && names;
      },
      2000,
      'the known events',
    );
    expect(events[0]).to.equal('');
    root.querySelector<HTMLSelectElement>('select[name=event]')!.focus();
    await sendKeys({ type: 'themeC' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    const row = await waitFor(
      () => [...root.querySelectorAll('.la-console__watches li')].find((li) => li.textContent!.includes('App.themeChanged')),
      2000,
      'the watch',
    );
    expect(row.classList.contains('la-console__lit')).to.equal(false);
    await api.command('App.setTheme', { theme: 'light' });
    await waitFor(() => row.classList.contains('la-console__lit'), 2000, 'the lit row');
    expect(root.querySelector('[role=log] li strong')!.textContent).to.equal('App.themeChanged');
    const lit = performance.now();
    await waitFor(() => !row.classList.contains('la-console__lit'), 5000, 'the row to go out');
    const litFor = performance.now() - lit;
    expect(litFor).to.be.within(2500, 3600);
    await waitFor(() => (saved()?.watches as string[] | undefined)?.includes('App.themeChanged'), 2000, 'the watch in the cookie');
    expect(saved()).to.deep.include({ eventPlugin: 'App', event: 'themeChanged' });
  });

  it('Console.restore brings back what the cookie holds', async () => {
    await api.command('Console.close');
    document.cookie = `${STATE}=${encodeURIComponent(JSON.stringify({ plugin: 'App', command: 'setTheme', options: '{"theme":"dark"}', watches: ['Console.*', 'Search.*'], position: { x: 40, y: 30 } }))}; path=/`;
    document.cookie = 'cdrag_console_open=1; path=/';
    await api.command('Console.restore');
    await waitFor(windowEl, 4000, 'the reopened console');
    const root = shadow()!;
    expect(root.querySelector<HTMLSelectElement>('select[name=plugin]')!.value).to.equal('App');
    await waitFor(() => root.querySelector<HTMLSelectElement>('select[name=command]')!.value === 'setTheme', 2000, 'the command');
    expect(root.querySelector<HTMLTextAreaElement>('textarea[name=options]')!.value).to.equal('{"theme":"dark"}');
    expect([...root.querySelectorAll('.la-console__watches code')].map((c) => c.textContent)).to.include.members(['Console.*', 'Search.*']);
    await waitFor(() => rect().left === 40 && rect().top === 30, 2000, 'the restored place');
    await api.command('Console.close');
  });
});
