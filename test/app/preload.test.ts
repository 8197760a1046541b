import { expect } from '@esm-bundle/chai';
import type { App } from '../../src/app/app.ts';
import { AFTER_OPEN, COMPANIONS, LINK_BATCH, createLinker, preloadNames } from '../../src/load-graph.ts';

// What intent and the idle prefetch ask the load graph for (src/load-graph.ts, a lazy chunk): the
// plugins with their companions, the runtime, the chat's configured transport, and the likely windows.
const appWith = (sections: Record<string, Record<string, unknown>>, sidebarElement = false, cookies: Record<string, string> = {}) =>
  ({
    section: (name: string) => sections[name] ?? {},
    window: { document: { querySelector: (tag: string) => (sidebarElement && tag === 'la-sidebar' ? {} : null) } },
    cookies: { get: (name: string, options?: { hostOnly?: boolean }) => (options?.hostOnly ? cookies[name] : undefined) },
  }) as unknown as App;

describe('preloadNames (src/load-graph.ts)', () => {
  it('gives each plugin with its companions, after the runtime', () => {
    expect(preloadNames(appWith({}), ['Callback'])).to.deep.equal(['runtime', 'Callback', ...COMPANIONS.Callback!]);
    expect(preloadNames(appWith({}), ['Toaster'])).to.deep.equal(['runtime', 'Toaster']);
  });

  it('leaves the runtime out for a plugin without a view (runtime: false)', () => {
    expect(preloadNames(appWith({}), ['Sidebar'], false, false)).to.deep.equal(['Sidebar', ...COMPANIONS.Sidebar!]);
  });

  it("adds the chat service's configured transport: cometD.enabled, else transport.type, else rest", () => {
    const transportOf = (webchat: Record<string, unknown>) => preloadNames(appWith({ webchat }), ['WebChatService']).filter((n) => n.startsWith('transport:'));
    expect(transportOf({})).to.deep.equal(['transport:rest']);
    expect(transportOf({ transport: { type: 'ngrest' } })).to.deep.equal(['transport:ngrest']);
    expect(transportOf({ transport: { type: 'cloud' }, cometD: { enabled: true } })).to.deep.equal(['transport:cometd']);
    expect(transportOf({ transport: 'oops' })).to.deep.equal(['transport:rest']);
  });

  it("gives the chat's window its service and transport only where a chat may come back, or into the HTTP cache (idle)", () => {
    const names = (webchat: Record<string, unknown>, cookies: Record<string, string> = {}, idle = false) =>
      preloadNames(appWith({ webchat }, false, cookies), ['WebChat'], false, true, idle);
    // No chat to come back to: the window opens on its form, and its service starts once idle after it.
    expect(names({})).to.deep.equal(['runtime', 'WebChat', 'WindowManager']);
    // The session cookie of a running chat (host-only), or a page that keeps an asynchronous chat's session.
    expect(names({}, { webchat_session: '{"type":"rest"}' })).to.deep.equal(['runtime', 'WebChat', 'WindowManager', 'WebChatService', 'transport:rest']);
    expect(names({ async: { enabled: true, getSessionData: () => undefined }, transport: { type: 'ngrest' } })).to.deep.equal([
      'runtime',
      'WebChat',
      'WindowManager',
      'WebChatService',
      'transport:ngrest',
    ]);
    // An async section without its page store, or turned off, keeps nothing.
    expect(names({ async: { enabled: false, getSessionData: () => undefined } })).not.to.include('WebChatService');
    expect(names({ async: { enabled: true } })).not.to.include('WebChatService');
    // The idle prefetch puts the service into the HTTP cache all the same: it compiles nothing.
    expect(names({}, {}, true)).to.deep.equal(['runtime', 'WebChat', 'WindowManager', 'WebChatService', 'transport:rest']);
  });

  it("gives the callback's form without the calendar (loaded once idle when a time may be picked), the idle prefetch with it", () => {
    expect(AFTER_OPEN.Callback).to.deep.equal(['Calendar']);
    expect(preloadNames(appWith({}), ['Callback'])).not.to.include('Calendar');
    expect(preloadNames(appWith({}), ['Callback'], false, true, true)).to.deep.equal(['runtime', 'Callback', 'CallbackService', 'WindowManager', 'Calendar']);
    // Asked for itself (its own load, when the form offers a time to pick), the calendar is preloaded.
    expect(preloadNames(appWith({}), ['Calendar'])).to.deep.equal(['runtime', 'Calendar']);
  });

  it('names each plugin once, however many windows share it', () => {
    const names = preloadNames(appWith({}), ['Callback', 'SendMessage', 'Callback'], false, true, true);
    expect(names).to.deep.equal([...new Set(names)]);
    expect(names.filter((n) => n === 'WindowManager')).to.have.length(1);
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
    const likely = preloadNames(app, ['Console'], true, true, true);
    for (const plugin of ['Sidebar', 'CallUs', 'Callback', 'WebChat', 'Search', 'Console', 'transport:rest']) expect(likely, plugin).to.include(plugin);
    expect(likely).not.to.include('SendMessage');
    expect(likely.slice(0, 2)).to.deep.equal(['runtime', 'Console'], 'the asked window first, then the likely ones');
  });

  it('never throws on a host object whose getter throws: the plugins asked for only', () => {
    const sidebar = Object.defineProperty({}, 'channels', {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
    expect(preloadNames(appWith({ sidebar }), ['CallUs'], true)).to.deep.equal(['runtime', 'CallUs', ...COMPANIONS.CallUs!]);
  });
});

describe('createLinker (src/load-graph.ts): links in slices, never one long task', () => {
  /** A page whose timers and idle callbacks the test runs by hand; links go into a detached <head>. */
  const page = () => {
    const timers: Array<() => void> = [];
    const idles: Array<(deadline: IdleDeadline) => void> = [];
    const head = document.createElement('head');
    const doc = {
      createElement: (tag: string) => document.createElement(tag),
      head,
      defaultView: { setTimeout: (fn: () => void) => timers.push(fn), requestIdleCallback: (fn: (d: IdleDeadline) => void) => idles.push(fn) },
    } as unknown as Document;
    const links = () => [...head.querySelectorAll('link')].map((l) => `${l.rel} ${new URL(l.href).pathname}`);
    return { doc, timers, idles, links };
  };
  const graph =
    (map: Record<string, string[]>): Parameters<typeof createLinker>[2] =>
    (_app, plugins, how) => [...new Set([...(how?.runtime === false ? [] : ['runtime.js']), ...plugins.flatMap((p) => map[p] ?? [])])];
  const app = {} as App;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('links nothing inside the call: intent links in tasks of their own, each file once', async () => {
    const { doc, timers, links } = page();
    const preload = createLinker(doc, 'http://x.test/dist/live-assist.js', graph({ CallUs: ['call-us.js', 'overlay.js'] }));
    preload(app, ['CallUs'], {});
    expect(links()).to.deep.equal([], "not inside the visitor's pointerenter");
    await settle();
    expect(timers.length).to.equal(1);
    while (timers.length) timers.shift()!();
    expect(links()).to.deep.equal(['modulepreload /dist/runtime.js', 'modulepreload /dist/call-us.js', 'modulepreload /dist/overlay.js']);
    preload(app, ['CallUs'], {});
    await settle();
    while (timers.length) timers.shift()!();
    expect(links().length).to.equal(3, 'a file is linked once per kind');
  });

  it("a command whose window opens next links all its files at once, inside the call (the visitor waits for them); intent's stay sliced", async () => {
    const { doc, timers, links } = page();
    const files = Array.from({ length: 10 }, (_, i) => `w${i}.js`);
    const opener = {} as App;
    const viewOf = (plugins: readonly string[]) => plugins.includes('Search');
    const preload = createLinker(doc, 'http://x.test/dist/live-assist.js', graph({ Search: files, Sidebar: ['sidebar.js', 'stats.js'] }), viewOf);
    preload(opener, ['Search'], { view: true });
    expect(links()).to.deep.equal(
      ['runtime.js', ...files].map((f) => `modulepreload /dist/${f}`),
      'every file, in the call',
    );
    // A plugin without a view (a command that opens nothing) and intent keep their slices.
    preload(opener, ['Sidebar'], { view: true });
    preload(opener, ['Search'], {});
    expect(links().length).to.equal(11, 'nothing more inside the calls');
    await settle();
    while (timers.length) timers.shift()!();
    expect(links().slice(11)).to.deep.equal(['modulepreload /dist/sidebar.js', 'modulepreload /dist/stats.js']);
  });

  it('prefetches when idle, as many batches of links as each idle period has room for; intent goes first', async () => {
    const { doc, timers, idles, links } = page();
    const files = Array.from({ length: 10 }, (_, i) => `w${i}.js`);
    const preload = createLinker(doc, 'http://x.test/dist/live-assist.js', graph({ All: files, CallUs: ['call-us.js'] }));
    preload(app, ['All'], { idle: true, runtime: false });
    await settle();
    expect(timers.length).to.equal(0, 'the idle prefetch waits for idle periods');
    expect(idles.length).to.equal(1);
    // An idle period with room for one batch (timeRemaining drops to 0 once links are in): LINK_BATCH links, one append.
    const period = () => {
      const before = links().length;
      idles.shift()!({ timeRemaining: () => (links().length > before ? 0 : 10), didTimeout: false });
    };
    period();
    expect(LINK_BATCH).to.equal(4);
    expect(links()).to.deep.equal(['prefetch /dist/w0.js', 'prefetch /dist/w1.js', 'prefetch /dist/w2.js', 'prefetch /dist/w3.js']);
    // Intent arrives between idle periods: its modulepreloads go first, in a task, not an idle period.
    preload(app, ['CallUs'], {});
    await settle();
    expect(timers.length).to.equal(1);
    while (timers.length) timers.shift()!();
    expect(links().slice(4, 6)).to.deep.equal(['modulepreload /dist/runtime.js', 'modulepreload /dist/call-us.js']);
    let periods = 0;
    while (idles.length) {
      period();
      periods++;
    }
    expect(periods).to.equal(2, 'one idle period per remaining batch (4 and 2 files)');
    expect(links().filter((l) => l.startsWith('prefetch'))).to.deep.equal(files.map((f) => `prefetch /dist/${f}`));
  });

  it('an idle period with room to spare still links for at most SLICE_MS (4 ms): no idle callback becomes a long task', async () => {
    const { doc, idles, links } = page();
    const files = Array.from({ length: 14 }, (_, i) => `w${i}.js`);
    const preload = createLinker(doc, 'http://x.test/dist/live-assist.js', graph({ All: files }));
    preload(app, ['All'], { idle: true, runtime: false });
    await settle();
    // The clock moves 1.5 ms per reading: the slice starts at one reading and checks after each batch.
    const now = performance.now;
    let clock = 0;
    performance.now = () => (clock += 1.5);
    try {
      idles.shift()!({ timeRemaining: () => 50, didTimeout: false });
    } finally {
      performance.now = now;
    }
    expect(links()).to.deep.equal(
      files.slice(0, 12).map((f) => `prefetch /dist/${f}`),
      'three batches: 1.5, 3 and 4.5 ms after the start',
    );
    expect(idles.length).to.equal(1, 'the rest waits for the next idle period');
  });
});
