import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';
import type { App } from '../../src/app/app.ts';

// Issue 10 item 16: a `<deploymentID>_console_open=1` cookie — which any sibling subdomain can set on
// the parent domain — must not open the developer console. The site has not enabled it here.
window.liveAssistConfig = { main: { lang: 'en', theme: 'light', deploymentID: 'cgate', preload: 'intent' } };
document.cookie = 'cgate_console_open=1; path=/';

let api: LiveAssistApi;
const errors: string[] = [];
const consoleError = console.error;
const consoleChunkRequested = () => performance.getEntriesByType('resource').some((e) => /\/src\/plugins\/console\.ts/.test(e.name));

describe('the console while the site has not enabled it', () => {
  before(async () => {
    console.error = (...args: unknown[]) => {
      errors.push(args.map(String).join(' '));
      consoleError(...args);
    };
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
  });
  after(() => {
    console.error = consoleError;
    document.cookie = 'cgate_console_open=; max-age=0; path=/';
  });

  it('the cookie alone opens nothing and loads no console code', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(document.querySelector('la-console')).to.equal(null);
    expect(consoleChunkRequested()).to.equal(false);
  });

  it('Console.open is refused, and the console says how to enable it', async () => {
    const message = await api.command('Console.open').then(
      () => 'resolved',
      (e: Error) => e.message,
    );
    expect(message).to.equal('Could not load plugin file');
    expect(errors.some((line) => line.includes('The console is off: set console.enabled to true in liveAssistConfig'))).to.equal(true);
    expect(consoleChunkRequested()).to.equal(false);
    expect(document.querySelector('la-console')).to.equal(null);
  });

  it('enabled later by the page, it opens and remembers it in a host-only cookie', async () => {
    const app = (document.createElement('la-console') as HTMLElement & { app: App }).app;
    const writes: Array<[string, string, unknown]> = [];
    const { set, remove } = app.cookies;
    app.cookies.set = (name, value, options) => (writes.push(['set', name, options]), set(name, value, options));
    app.cookies.remove = (name, options) => (writes.push(['remove', name, options]), remove(name, options));
    await api.configure('console', { enabled: true });
    await api.command('Console.open');
    await waitFor(() => document.querySelector('la-console')?.shadowRoot?.querySelector('[part=window]'), 4000, 'the console window');
    await api.command('Console.close');
    expect(writes).to.deep.equal([
      ['set', 'console_open', { hostOnly: true }],
      ['remove', 'console_open', { hostOnly: true }],
    ]);
  });
});
