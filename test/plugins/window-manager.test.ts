import { expect } from '@esm-bundle/chai';
import { DOCK_GAP_PX, DOCK_START_PX, TOASTER_WIDTH_PX, placeDocks, registerWindowManager } from '../../src/plugins/window-manager/window-manager.ts';
import { register as registerToaster } from '../../src/plugins/toaster/toaster.ts';
import { App } from '../../src/app/app.ts';

const entry = (plugin: string, width: number, timeAdded: number) => ({
  plugin,
  event: `${plugin}.opened`,
  viewType: 'DockView' as const,
  timeAdded,
  width,
});
const toaster = (timeAdded: number) => ({ plugin: 'Toaster', event: 'Toaster.opened', viewType: 'ToasterView' as const, timeAdded, width: TOASTER_WIDTH_PX });
const newApp = () => new App({ window, config: { main: { lang: 'en' } }, plugins: {}, loadRuntime: async () => undefined });

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

  it('places the toaster after every docked window, whenever it was added; with none docked it keeps nothing clear', () => {
    const placed = placeDocks([toaster(1), entry('Callback', 360, 2), entry('SendMessage', 400, 3)]);
    expect(placed.map((e) => [e.plugin, e.position])).to.deep.equal([
      ['Callback', DOCK_START_PX],
      ['SendMessage', DOCK_START_PX + 360 + DOCK_GAP_PX],
      ['Toaster', DOCK_START_PX + 360 + DOCK_GAP_PX + 400 + DOCK_GAP_PX],
    ]);
    expect(placeDocks([toaster(1)]).map((e) => e.position)).to.deep.equal([0]);
  });

  it('follows the toaster on the bus, also one shown before the window manager loaded', async () => {
    const app = newApp();
    registerToaster(app);
    await app.bus.command('Toaster.open', { body: 'Hello' });
    registerWindowManager(app, () => 1);
    const bus = app.bus;
    await new Promise((resolve) => setTimeout(resolve));
    expect((await bus.command('WindowManager.getRegistry')).map((e) => [e.plugin, e.position])).to.deep.equal([['Toaster', 0]]);
    await bus.command('WindowManager.dock', { plugin: 'Callback', width: 360 });
    expect((await bus.command('WindowManager.getRegistry')).map((e) => [e.plugin, e.position])).to.deep.equal([
      ['Callback', 55],
      ['Toaster', 439],
    ]);
    const closed = new Promise((resolve) => bus.subscribe('Toaster.closed', resolve));
    await bus.command('Toaster.close');
    await closed;
    expect((await bus.command('WindowManager.getRegistry')).map((e) => e.plugin)).to.deep.equal(['Callback']);
    await bus.command('Toaster.open', { body: 'Again' });
    expect((await bus.command('WindowManager.getRegistry')).map((e) => [e.plugin, e.position])).to.deep.equal([
      ['Callback', 55],
      ['Toaster', 439],
    ]);
    document.querySelector('la-toaster')?.remove();
  });
});
