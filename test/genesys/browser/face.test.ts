import { expect } from '@esm-bundle/chai';
import { App } from '../../../src/app/app.ts';
import { createGenesysFace } from '../../../src/genesys/face.ts';
import type { CXPlugin } from '../../../src/genesys/cxbus.ts';

// The Genesys face on a real App (not the bare bus of the Node tests): its App commands, an extension
// with the real jQuery, and Common on the app's cookies.
describe('Genesys face on the app', () => {
  it("runs an extension's plugin and hooks, and the App commands Genesys sites call", async () => {
    const app = new App({ window, config: { main: { lang: 'en', deploymentID: 'gface' } }, plugins: {}, loadRuntime: async () => undefined });
    const { cxbus, extensions } = createGenesysFace(app);
    const ran = await extensions.run({
      Ext: ($: JQueryStatic, CXBus: typeof cxbus, Common: { sanitizeHTML(text: string): string; saveData(k: string, v: unknown): void }) => {
        const plugin = CXBus.registerPlugin('Ext') as CXPlugin;
        plugin.registerCommand('hello', (e) => e.deferred.resolve(`${Common.sanitizeHTML(String(e.data))} ${$.fn.jquery.split('.')[0]}`));
        plugin.before('App.setTheme', (options) => ({ ...options, theme: 'light' }));
        Common.saveData('seen', { n: 1 });
        plugin.ready();
      },
    });
    expect(ran).to.deep.equal(['Ext']);
    expect(await cxbus.command('Ext.hello', '<b>')).to.equal('&lt;b&gt; 3');
    expect(document.cookie).to.contain('gface_ext_seen=');
    await cxbus.command('App.main');
    await cxbus.command('App.setTheme', { theme: 'dark' });
    expect(app.environment.value.theme).to.equal('light');
    await cxbus.command('App.setLanguage', 'pl');
    expect(app.t.t('common.close')).to.equal('Zamknij');
    const given: unknown[] = [];
    await cxbus.command('App.registerExtension', { name: 'Late', extension: (...args: unknown[]) => void given.push(...args) });
    expect(given[0]).to.equal(extensions.loaded()![0]);
    expect(given[1]).to.equal(cxbus);
    expect(await cxbus.command('App.closeAll')).to.equal(undefined);
  });
});
