import { expect } from '@esm-bundle/chai';
import { placeDocks, registerWindowManager } from '../../src/plugins/window-manager.ts';
import { App } from '../../src/app/app.ts';

const entry = (plugin: string, width: number, timeAdded: number) => ({
  plugin,
  event: `${plugin}.opened`,
  viewType: 'DockView' as const,
  timeAdded,
  width,
});

describe('window manager', () => {
  it('places the first docked view 55 px from the right and each further one after width + 24 px', () => {
    const placed = placeDocks([entry('Chat', 400, 3), entry('Callback', 360, 1), entry('Console', 420, 2)]);
    expect(placed.map((e) => [e.plugin, e.position])).to.deep.equal([
      ['Callback', 55],
      ['Console', 55 + 360 + 24],
      ['Chat', 55 + 360 + 24 + 420 + 24],
    ]);
  });

  it('keeps a registry per plugin on the bus and re-places views when one undocks', async () => {
    let clock = 100;
    const app = new App({ window, config: { main: { lang: 'en' } }, plugins: {}, loadRuntime: async () => undefined });
    registerWindowManager(app, () => (clock += 1));
    const bus = app.bus;
    const changes: number[][] = [];
    bus.subscribe('WindowManager.changed', (event) => changes.push(event.data.map((e) => e.position)));
    const first = await bus.command('WindowManager.dock', { plugin: 'Callback', width: 360 });
    expect(first).to.deep.equal({ plugin: 'Callback', event: 'Callback.opened', viewType: 'DockView', timeAdded: 101, width: 360, position: 55 });
    await bus.command('WindowManager.dock', { plugin: 'WebChat', event: 'WebChat.opened', width: 400 });
    expect((await bus.command('WindowManager.dock', { plugin: 'Callback', width: 360 })).position).to.equal(55);
    await bus.command('WindowManager.undock', { plugin: 'Callback' });
    expect((await bus.command('WindowManager.getRegistry')).map((e) => [e.plugin, e.position])).to.deep.equal([['WebChat', 55]]);
    expect(changes).to.deep.equal([[55], [55, 439], [55]]);
    const error = await bus.command('WindowManager.dock', { plugin: 'X', width: 0 }).catch((e: Error) => e.message);
    expect(error).to.equal('Invalid configuration');
  });
});
