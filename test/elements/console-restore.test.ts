import { expect } from '@esm-bundle/chai';
import { waitFor } from '../helpers/dom.ts';
import type { LiveAssistApi } from '../../src/boot.ts';

// A site that enables the console (`console.enabled`): the console it left open on the last page
// (its host-only `<deploymentID>_console_open` cookie) opens again on this one.
window.liveAssistConfig = { main: { lang: 'en', theme: 'light', deploymentID: 'crestore', preload: 'intent' }, console: { enabled: true } };
document.cookie = 'crestore_console_open=1; path=/';

let api: LiveAssistApi;

describe('the console where the site enables it', () => {
  before(async () => {
    ({ LiveAssist: api } = await import('../../src/index.ts'));
    await api.ready;
  });
  after(() => {
    document.cookie = 'crestore_console_open=; max-age=0; path=/';
  });

  it('reopens from its cookie, and closing it clears the cookie', async () => {
    await waitFor(() => document.querySelector('la-console')?.shadowRoot?.querySelector('[part=window]'), 6000, 'the restored console');
    await api.command('Console.close');
    expect(document.cookie.split('; ')).not.to.include('crestore_console_open=1');
  });
});
