import { expect } from '@esm-bundle/chai';
import { captureConsole, waitFor } from '../helpers/dom.ts';
import { pageSheet } from '../../elements/common/page-sheet.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// main.customStylesheetID naming a <link rel="stylesheet"> that loads after the widgets drew; and the
// sheets that cannot be used: missing, not a stylesheet, cross-origin without CORS.
window.liveAssistConfig = {
  main: { lang: 'en', theme: 'light', deploymentID: 'looks-link', preload: 'intent', customStylesheetID: 'site-looks' },
  console: { enabled: true },
};

let api: LiveAssistApi;
const shadow = () => document.querySelector('la-console')!.shadowRoot!;
const titlebar = () => shadow().querySelector<HTMLElement>('[part=titlebar]');

describe('main.customStylesheetID: a <link>, and sheets that cannot be read', () => {
  let warnings: string[] = [];

  before(async function () {
    // Booting and opening the first window: slow under load (two pages at once on two shared cores).
    this.timeout(30000);
    document.cookie = 'looks-link_console_open=; max-age=0; path=/';
    // No element with the id yet when the widgets start: the page adds its <link> later.
    ({ warnings } = await captureConsole(async () => {
      ({ LiveAssist: api } = await import('../../src/index.ts'));
      await api.ready;
      await api.command('Console.open');
      await waitFor(titlebar, 4000, 'the console window');
    }));
  });

  it('says once that no element has the id, and the window is drawn with its own looks', () => {
    expect(warnings.filter((w) => w.includes('customStylesheetID'))).to.deep.equal([
      '[live-assist] main.customStylesheetID: no element of the page has the id site-looks',
    ]);
    expect(getComputedStyle(titlebar()!).backgroundColor).to.not.equal('rgb(0, 51, 0)');
  });

  it('reads a <link> on its load, for every element that adopted the (empty) sheet', async () => {
    // A page sheet asked again for the id, now that the page has the <link>: read on its load.
    const link = Object.assign(document.createElement('link'), {
      rel: 'stylesheet',
      id: 'late-looks',
      href: new URL('./fixtures/site-looks.css', import.meta.url).href,
    });
    document.head.append(link);
    const [sheet] = pageSheet(document, 'late-looks');
    expect(sheet!.cssRules.length, 'empty until loaded').to.equal(0);
    await waitFor(() => sheet!.cssRules.length > 0, 4000, 'the linked rules');
    expect(sheet!.cssRules[0]!.cssText).to.contain('.cx-widget.cx-theme-light .cx-titlebar');
    expect(pageSheet(document, 'late-looks')[0], 'one sheet per page and id').to.equal(sheet);
  });

  it('says why a cross-origin sheet without CORS cannot be used, once, and carries on', async () => {
    const other = new URL('./fixtures/site-looks.css', import.meta.url);
    other.hostname = other.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', id: 'foreign-looks', href: other.href });
    const loaded = new Promise((resolve) => link.addEventListener('load', resolve));
    document.head.append(link);
    await loaded;
    const { warnings: said } = await captureConsole(async () => {
      const [sheet] = pageSheet(document, 'foreign-looks');
      expect(sheet!.cssRules.length).to.equal(0);
      pageSheet(document, 'foreign-looks');
    });
    expect(said).to.have.length(1);
    expect(said[0]).to.contain('must be same-origin, or served with CORS');
  });

  it('says when the id names an element that is not a stylesheet', async () => {
    const div = Object.assign(document.createElement('div'), { id: 'not-a-sheet' });
    document.body.append(div);
    const { warnings: said } = await captureConsole(() => pageSheet(document, 'not-a-sheet'));
    expect(said).to.deep.equal(['[live-assist] main.customStylesheetID: #not-a-sheet is a <div>, not a <style> or <link rel="stylesheet">']);
  });

  it('keeps the widgets working: the window still answers a command', async () => {
    await api.command('App.setTheme', { theme: 'dark' });
    await waitFor(() => shadow().querySelector('.cx-theme-dark'), 2000, 'the dark class');
  });
});
