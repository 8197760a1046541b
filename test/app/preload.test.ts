import { expect } from '@esm-bundle/chai';
import type { App } from '../../src/app/app.ts';
import { COMPANIONS, preloadNames } from '../../src/load-graph.ts';

// What intent and the idle prefetch ask the load graph for (src/load-graph.ts, a lazy chunk): the
// plugins with their companions, the runtime, the chat's configured transport, and the likely windows.
const appWith = (sections: Record<string, Record<string, unknown>>, sidebarElement = false) =>
  ({
    section: (name: string) => sections[name] ?? {},
    window: { document: { querySelector: (tag: string) => (sidebarElement && tag === 'la-sidebar' ? {} : null) } },
  }) as unknown as App;

describe('preloadNames (src/load-graph.ts)', () => {
  it('gives each plugin with its companions, after the runtime', () => {
    expect(preloadNames(appWith({}), ['Callback'])).to.deep.equal(['runtime', 'Callback', ...COMPANIONS.Callback!]);
    expect(preloadNames(appWith({}), ['Toaster'])).to.deep.equal(['runtime', 'Toaster']);
  });

  it("adds the chat's configured transport: cometD.enabled, else transport.type, else rest", () => {
    const transportOf = (webchat: Record<string, unknown>) => preloadNames(appWith({ webchat }), ['WebChat']).filter((n) => n.startsWith('transport:'));
    expect(transportOf({})).to.deep.equal(['transport:rest']);
    expect(transportOf({ transport: { type: 'ngrest' } })).to.deep.equal(['transport:ngrest']);
    expect(transportOf({ transport: { type: 'cloud' }, cometD: { enabled: true } })).to.deep.equal(['transport:cometd']);
    expect(transportOf({ transport: 'oops' })).to.deep.equal(['transport:rest']);
  });

  it('adds the likely windows only when asked: the sidebar, its channels, the chat, visible side buttons', () => {
    const app = appWith(
      {
        sidebar: { channels: [{ clickCommand: 'CallUs.open' }, { clickCommand: 'nope' }, null, { clickCommand: 'Callback.open' }] },
        webchat: { transport: { type: 'rest' } },
        search: { sideButton: { visible: true } },
        sendmessage: { sideButton: { visible: false } },
      },
      true,
    );
    expect(preloadNames(app, ['Console'])).to.deep.equal(['runtime', 'Console']);
    const likely = preloadNames(app, ['Console'], true);
    for (const plugin of ['Sidebar', 'CallUs', 'Callback', 'WebChat', 'Search', 'Console', 'transport:rest']) expect(likely, plugin).to.include(plugin);
    expect(likely).not.to.include('SendMessage');
  });

  it('never throws on a host object whose getter throws: the plugins asked for only', () => {
    const sidebar = Object.defineProperty({}, 'channels', { enumerable: true, get: () => { throw new Error('boom'); } });
    expect(preloadNames(appWith({ sidebar }), ['CallUs'], true)).to.deep.equal(['runtime', 'CallUs', ...COMPANIONS.CallUs!]);
  });
});
