import { expect } from '@esm-bundle/chai';
import { expectAccessible } from '../helpers/axe.ts';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// A page that moved from Genesys Widgets: its overrides in a <style> named by main.customStylesheetID,
// a custom theme of main.themes. The rules reach into <la-console>'s shadow root as an adopted sheet.
const site = document.createElement('style');
site.id = 'genesys-widgets-custom';
site.textContent = `
  .cx-widget.cx-theme-brand .cx-titlebar { background-color: rgb(0, 0, 0); color: rgb(255, 255, 255); }
  .cx-widget.cx-theme-brand button.cx-btn-primary { border-radius: 0px; }
  .cx-widget .cx-footer { letter-spacing: 3px; }
`;
document.head.append(site);
window.liveAssistConfig = {
  main: {
    lang: 'en',
    deploymentID: 'looks',
    preload: 'intent',
    themes: { brand: 'cx-theme-brand' },
    theme: 'brand',
    customStylesheetID: 'genesys-widgets-custom',
  },
  console: { enabled: true },
};

let api: LiveAssistApi;
const host = () => document.querySelector('la-console')!;
const shadow = () => host().shadowRoot!;
const win = () => shadow().querySelector<HTMLElement>('[part=window]');
const titlebar = () => shadow().querySelector<HTMLElement>('[part=titlebar]')!;
const background = () => getComputedStyle(titlebar()).backgroundColor;

describe('main.customStylesheetID and main.themes', () => {
  before(async function () {
    // Booting and opening the first window: slow under load (two pages at once on two shared cores).
    this.timeout(30000);
    document.cookie = 'looks_console_open=; max-age=0; path=/';
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
    await api.command('Console.open');
    await waitFor(win, 4000, 'the console window');
  });

  it("adopts the page's rules after the element's own sheets: they restyle the window inside its shadow root", () => {
    const sheets = shadow().adoptedStyleSheets;
    const last = sheets.at(-1)!;
    expect([...last.cssRules].map((rule) => rule.cssText).join('\n')).to.contain('.cx-widget.cx-theme-brand .cx-titlebar');
    expect(background()).to.equal('rgb(0, 0, 0)');
    expect(getComputedStyle(titlebar()).color).to.equal('rgb(255, 255, 255)');
    expect(getComputedStyle(shadow().querySelector('button.cx-btn-primary')!).borderTopLeftRadius).to.equal('0px');
    expect(getComputedStyle(shadow().querySelector('[part=footer]')!).letterSpacing).to.equal('3px');
    // Still no <style> and no inline style in the shadow root (a strict CSP page works).
    expect(shadow().querySelector('style')).to.equal(null);
    expect(shadow().querySelector('[style]')).to.equal(null);
  });

  it("follows the page's <style>: rules the site rewrites restyle the open window", async () => {
    site.textContent = '.cx-widget.cx-theme-brand .cx-titlebar { background-color: rgb(0, 0, 102); color: rgb(255, 255, 255); }';
    await waitFor(() => background() === 'rgb(0, 0, 102)', 2000, 'the rewritten rule');
    expect(getComputedStyle(shadow().querySelector('[part=footer]')!).letterSpacing, 'the dropped rule is gone').to.not.equal('3px');
  });

  it("carries the custom theme's class with the dark tokens, and App.setTheme switches it", async () => {
    expect(win()!.classList.contains('cx-theme-brand')).to.equal(true);
    expect(host().matches(':state(dark)')).to.equal(true);
    await api.command('App.setTheme', { theme: 'light' });
    await waitFor(() => win()!.classList.contains('cx-theme-light'), 2000, 'the light class');
    expect(win()!.classList.contains('cx-theme-brand')).to.equal(false);
    expect(host().matches(':state(light)')).to.equal(true);
    // The site's rule names the brand theme: the light window keeps our title bar.
    expect(background()).to.not.equal('rgb(0, 0, 102)');
    const themes: string[] = [];
    api.subscribe('App.themeChanged', (event) => themes.push(event.data.theme));
    await api.command('App.setTheme', { theme: 'brand' });
    await waitFor(() => win()!.classList.contains('cx-theme-brand'), 2000, 'the brand class again');
    expect(background()).to.equal('rgb(0, 0, 102)');
    expect(themes).to.deep.equal(['brand']);
    const refused = await api.command('App.setTheme', { theme: 'purple' }).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    expect(refused).to.equal('Invalid theme specified');
  });

  it("an element's own theme attribute gives its own class", async () => {
    host().setAttribute('theme', 'light');
    await waitFor(() => win()!.classList.contains('cx-theme-light'), 2000, 'the light class');
    host().removeAttribute('theme');
    await waitFor(() => win()!.classList.contains('cx-theme-brand'), 2000, 'the brand class again');
  });

  it("carries Genesys Widgets' class names on the chrome, beside our own classes and parts", () => {
    const w = win()!;
    for (const name of ['la-window', 'cx-widget', 'cx-common-container', 'cx-console', 'cx-theme-brand'])
      expect(w.classList.contains(name), name).to.equal(true);
    const expected: [string, string][] = [
      ['[part=titlebar]', 'cx-titlebar'],
      ['h2', 'cx-title'],
      ['[part=body]', 'cx-body'],
      ['[part=footer]', 'cx-footer'],
      ['[part=footer]', 'cx-powered-by'],
      ['button[type=submit].la-button--primary', 'cx-btn-primary'],
      ['button[type=submit].la-button--primary', 'cx-btn'],
      ['.la-buttons--window-control', 'cx-buttons-window-control'],
      ['.la-buttons--window-control', 'cx-button-group'],
      ['.la-buttons--primary', 'cx-buttons-primary'],
      ['.la-button--default', 'cx-btn-default'],
    ];
    for (const [selector, name] of expected) expect(w.querySelector(selector)?.classList.contains(name), `${selector} .${name}`).to.equal(true);
    expect(w.querySelector('[aria-label^="Close"]')!.classList.contains('cx-button-close')).to.equal(true);
  });

  it('has no axe violations with the classes and the page sheet', async () => {
    await expectAccessible(host());
  });
});
