import { expect } from '@esm-bundle/chai';
import { App } from '../../src/app/app.ts';
import type { PluginLoaders } from '../../src/app/app.ts';
import { Bus } from '../../src/bus/index.ts';
import { captureConsole } from '../helpers/dom.ts';
import { readConfig } from '../../src/app/config-check.ts';
import { bundledLanguages } from '../../src/app/packs.ts';

declare module '../../src/bus/types.ts' {
  interface Commands {
    'Lazy.hello': { options: void; result: string };
  }
}

// The test plugin's controller, as a real plugin declares its own in its `.api.ts`.
declare module '../../src/app/app.ts' {
  interface Controllers {
    Lazy: { controller: boolean };
  }
}

const make = (config: unknown, plugins: PluginLoaders = {}, loadRuntime = async () => undefined) => new App({ window, config, plugins, loadRuntime });

const message = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: Error) => e.message,
  );

describe('App', () => {
  it('reports a missing configuration in the console and still becomes ready in English', async () => {
    let app: App | undefined;
    const { errors } = await captureConsole(async () => {
      app = make(undefined);
      await app.texts();
    });
    expect(errors.some((e) => e.includes('No configuration provided'))).to.equal(true);
    expect(app!.t.lang).to.equal('en');
    expect(app!.t.t('common.close')).to.equal('Close');
  });

  it('runs on a bus made before it (a layer loaded first), keeping what was subscribed on it', async () => {
    const bus = new Bus();
    const seen: string[] = [];
    bus.subscribe('App.ready', (e) => seen.push(`ready ${e.data.lang}`));
    const app = new App({ window, config: { main: { lang: 'pl' }, sidebar: { position: 'left' } }, plugins: {}, loadRuntime: async () => undefined, bus });
    expect(app.bus).to.equal(bus);
    await app.ready;
    expect(seen).to.deep.equal(['ready pl']);
    expect(await app.bus.command('App.getConfig', { section: 'sidebar' })).to.deep.equal({ position: 'left' });
  });

  it('boots with defaults, reporting the getter, when reading liveAssistConfig.main throws', async () => {
    const config = {
      get main(): never {
        throw new Error('boom');
      },
    };
    let app: App | undefined;
    const { errors } = await captureConsole(async () => {
      app = make(config);
      await app.ready;
    });
    expect(errors.some((e) => e.includes('liveAssistConfig.main could not be read'))).to.equal(true);
    expect(app!.config.main.theme).to.equal('dark');
    expect(app!.t.lang).to.equal('en');
  });

  it("logs, before App.ready, exactly readConfig's issues for a configuration the loader did not accept, and starts with the same values", async () => {
    const configs: unknown[] = [
      { main: { theme: 'blue', lang: 'xx', timeFormat: 13 }, sidebar: 'x' },
      { main: { lang: 'pl', header: { apikey: 'k', Cookie: 'a' }, fonts: { url: '/x.css' }, extensions: { Bad: 42 }, surprise: 1 } },
      { main: { lang: 'en', deploymentID: 'x'.repeat(65), mobileModeBreakpoint: 0, pluginLoadDelay: 0, preload: 'eager', debug: 'yes' } },
      [],
    ];
    for (const config of configs) {
      let app: App | undefined;
      const logged = await captureConsole(async () => {
        app = make(config);
        await app.ready;
      });
      const { main, sections, issues } = readConfig(config, bundledLanguages);
      const expected = (level: string) => issues.filter((i) => i.level === level).map((i) => `[live-assist] ${i.message}${i.path ? ` (${i.path})` : ''}`);
      expect(issues.length).to.be.greaterThan(0);
      expect(logged.errors).to.deep.equal(expected('error'));
      expect(logged.warnings).to.deep.equal(expected('warn'));
      expect(app!.config).to.deep.equal({ main, sections });
    }
  });

  it('logs nothing for a configuration the loader accepts as given', async () => {
    const logged = await captureConsole(async () => {
      await make({ main: { lang: 'pl', theme: 'light', header: { apikey: 'k' } }, sidebar: {} }).ready;
    });
    expect(logged).to.deep.equal({ errors: [], warnings: [] });
  });

  it('loads the Polish pack with English as fallback and publishes App.ready', async () => {
    const app = make({ main: { lang: 'pl', deploymentID: 'ppk' } });
    const ready = new Promise((resolve) => app.bus.subscribe('App.ready', (e) => resolve(e.data)));
    await app.ready;
    expect(await ready).to.deep.equal({ lang: 'pl' });
    await app.texts();
    expect(app.t.t('common.close')).to.equal('Zamknij');
    expect(app.t.plural('stats.waitMinutes', 5)).to.equal('5 minut');
    expect(app.isReady).to.equal(true);
    // Saved in the task after (the elements draw in this one).
    await new Promise((resolve) => setTimeout(resolve));
    expect(sessionStorage.getItem('ppk_ready')).to.equal('1');
  });

  it("brings the launchers' texts alone by App.ready, the whole pack by texts() (or a missing key), then redraws once", async () => {
    const app = make({ main: { lang: 'pl' } });
    await app.ready;
    const renders: string[] = [];
    app.environment.subscribe((e) => renders.push(e.lang));
    expect(app.t.t('sidebar.channel.Callback.name')).to.equal('Oddzwonimy');
    expect(app.t.t('chat.button')).to.equal('Porozmawiaj z nami');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).to.deep.equal(['pl'], "a launcher's text fetches nothing");
    expect(app.t.t('callback.title')).to.equal('callback.title', 'a window text is not up front');
    await new Promise<void>((resolve) => {
      const check = () => (renders.length > 1 ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(renders).to.deep.equal(['pl', 'pl'], 'the views are told once the whole pack is there');
    expect(app.t.t('callback.title')).to.equal('Zamów rozmowę');
    await app.texts();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders.length).to.equal(2, 'texts() after a miss fetches nothing more');
  });

  it('fetches the English fallback of a bundled language only when a key is missing, then re-renders once', async () => {
    const app = make({ main: { lang: 'pl' } });
    await app.texts();
    const renders: string[] = [];
    app.environment.subscribe((e) => renders.push(e.lang));
    expect(app.t.t('common.close')).to.equal('Zamknij');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders).to.deep.equal(['pl'], 'a key the Polish pack has fetches nothing');
    expect(app.t.t('no.such.key')).to.equal('no.such.key');
    await new Promise<void>((resolve) => {
      const check = () => (renders.length > 1 ? resolve() : setTimeout(check, 10));
      check();
    });
    expect(renders).to.deep.equal(['pl', 'pl'], 'the views are told once the fallback is there');
    expect(app.t.t('no.such.key')).to.equal('no.such.key');
    expect(app.t.t('common.close')).to.equal('Zamknij');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(renders.length).to.equal(2, 'a second miss fetches nothing more');
  });

  it('becomes ready when the language-pack URL cannot be fetched', async () => {
    let app: App | undefined;
    const { warnings } = await captureConsole(async () => {
      app = make({ main: { lang: 'pl', i18n: '/no/such/pack.json' } });
      await app.texts();
    });
    expect(app!.t.t('common.close')).to.equal('Zamknij');
    expect(warnings.some((w) => w.includes('/no/such/pack.json'))).to.equal(true);
  });

  it('lets a host i18n object override bundled strings and add a language', async () => {
    const app = make({ main: { lang: 'de', i18n: { de: { 'common.close': 'Schließen' }, pl: { 'common.close': 'X' } } } });
    await app.texts();
    expect(app.t.lang).to.equal('de');
    expect(app.t.t('common.close')).to.equal('Schließen');
    expect(app.t.t('common.cancel')).to.equal('Cancel');
  });

  it('falls back to English for an unknown language with the spec message', async () => {
    const { warnings } = await captureConsole(async () => {
      const app = make({ main: { lang: 'xx' } });
      await app.ready;
      expect(app.t.lang).to.equal('en');
    });
    expect(warnings.some((w) => w.includes('No matching language code found in language pack'))).to.equal(true);
  });

  it('loads a lazy plugin, and the runtime, on its first command only', async () => {
    let runtimeLoads = 0;
    let pluginLoads = 0;
    const app = make(
      { main: { lang: 'en' } },
      {
        Lazy: async () => {
          pluginLoads += 1;
          return {
            register(target: App) {
              const plugin = target.bus.registerPlugin('Lazy');
              plugin.registerCommand('hello', () => 'hi');
              target.provide('Lazy', { controller: true });
              plugin.ready();
            },
          };
        },
      },
      async () => {
        runtimeLoads += 1;
      },
    );
    const provided = app.whenProvided('Lazy');
    expect([runtimeLoads, pluginLoads]).to.deep.equal([0, 0]);
    expect(await app.bus.command('Lazy.hello')).to.equal('hi');
    expect(await app.bus.command('Lazy.hello')).to.equal('hi');
    expect([runtimeLoads, pluginLoads]).to.deep.equal([1, 1]);
    expect(await provided).to.deep.equal({ controller: true });
  });

  it('tells a plugin whether it loads when idle (it may then yield between its steps) or for a command (it starts at once)', async () => {
    const starts: Array<[string, boolean | undefined]> = [];
    const loads: Array<[string, boolean | undefined]> = [];
    const plugin = (name: 'Lazy' | 'Service') => async (_app: App, idle?: boolean) => (
      loads.push([name, idle]),
      {
        register: async (a: App, idle?: boolean) => {
          starts.push([name, idle]);
          const handle = a.bus.registerPlugin(name);
          if (idle) await new Promise((resolve) => setTimeout(resolve));
          handle.registerCommand('hello', () => `hi from ${name}`);
          handle.ready();
        },
      }
    );
    const app = make({ main: { lang: 'en' } }, { Lazy: plugin('Lazy'), Service: plugin('Service') }, async () => undefined);
    const idleLoad = app.bus.load('Service');
    // A command that arrives while the idle start is still in its first step waits for the whole start.
    expect(await app.bus.command('Service.hello' as never)).to.equal('hi from Service');
    await idleLoad;
    expect(await app.bus.command('Lazy.hello' as never)).to.equal('hi from Lazy');
    expect(starts).to.deep.equal([
      ['Service', true],
      ['Lazy', false],
    ]);
    expect(loads).to.deep.equal(
      [
        ['Service', true],
        ['Lazy', false],
      ],
      'the code is loaded knowing it too (src/plugins/index.ts evaluates the libraries first, in tasks of their own)',
    );
  });

  it('evaluates the runtime only for a plugin that renders a view (viewPlugins), and preloads each plugin before loading it', async () => {
    let runtimeLoads = 0;
    const preloaded: string[][] = [];
    const plugin = (name: 'Lazy' | 'Service') => async () => ({ register: (a: App) => a.bus.registerPlugin(name).ready() });
    const app = new App({
      window,
      config: { main: { lang: 'en' } },
      plugins: { Lazy: plugin('Lazy'), Service: plugin('Service') },
      loadRuntime: async () => void runtimeLoads++,
      preload: (names, how) =>
        preloaded.push([...names, ...(how.likely ? ['(likely)'] : []), ...(how.idle ? ['(idle)'] : []), ...(how.runtime === false ? ['(no runtime)'] : [])]),
      viewPlugins: new Set(['Lazy']),
    });
    await app.bus.load('Service');
    expect(runtimeLoads).to.equal(0, 'a plugin without a view evaluates no React');
    await app.bus.load('Lazy');
    expect(runtimeLoads).to.equal(1);
    expect(preloaded).to.deep.equal([['Service', '(no runtime)'], ['Lazy']], 'a plugin without a view does not preload (compile) React');
    app.intent('Service');
    expect(preloaded.at(-1)).to.deep.equal(['Service', '(likely)'], "intent preloads the likely windows and the element's own");
    app.intent('Service', { likely: false });
    expect(preloaded.at(-1)).to.deep.equal(['Service'], "an invite's intent preloads its own window's alone");
    app.preload();
    expect(preloaded.at(-1)).to.deep.equal(['(likely)', '(idle)'], 'idle prefetches the likely windows');
  });

  it('a command to a plugin whose window opens with it (windowPlugins) fetches the runtime at once, without waiting for it; a load without a command does not', async () => {
    let runtimeLoads = 0;
    let release!: () => void;
    const plugin = new Promise<void>((resolve) => (release = resolve));
    const app = new App({
      window,
      config: { main: { lang: 'en' } },
      plugins: {
        Window: async () => (await plugin, { register: (a: App) => a.bus.registerPlugin('Window').ready() }),
        Quiet: async () => ({ register: (a: App) => a.bus.registerPlugin('Quiet').ready() }),
      },
      loadRuntime: () => (runtimeLoads++, new Promise(() => undefined)), // never resolves: nothing may wait for it
      viewPlugins: new Set(),
      windowPlugins: new Set(['Window', 'Quiet']),
    });
    await app.bus.load('Quiet');
    expect(runtimeLoads).to.equal(0, 'loaded when idle (no command): no React');
    const command = app.bus.command('Window.open' as never).catch((error: Error) => error.message);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtimeLoads).to.equal(1, "asked for while the plugin's chunk is still loading");
    release();
    expect(await command).to.equal('Command does not exist', 'the plugin registered without the runtime');
  });

  it('rejects a lazy plugin command with "Could not load plugin file" when the runtime fails, then retries', async () => {
    let fail = true;
    const app = make({ main: { lang: 'en' } }, { Lazy: async () => ({ register: (a: App) => a.bus.registerPlugin('Lazy').ready() }) }, async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
    });
    const first = await captureConsole(async () => {
      expect(await message(app.bus.command('Lazy.hello'))).to.equal('Could not load plugin file');
    });
    expect(first.errors.length).to.equal(1);
    fail = false;
    expect(await message(app.bus.command('Lazy.hello'))).to.equal('Command does not exist');
  });

  it('registers extensions only after ready, with the spec messages', async () => {
    const app = make({ main: { lang: 'en' } });
    const early = message(app.bus.command('App.registerExtension', { name: 'x', extension: () => undefined }));
    // The App plugin is ready at once, so this runs before the language pack has loaded.
    expect(await early).to.equal('You must wait until App.ready is published before registering new Extensions.');
    await app.ready;
    let ran = false;
    expect(await message(app.bus.command('App.registerExtension', { name: 'x', extension: () => (ran = true) }))).to.equal('resolved');
    expect(ran).to.equal(true);
    expect(await message(app.bus.command('App.registerExtension', { name: 'x', extension: () => undefined }))).to.equal(
      'The Extension name: x, is already taken. Please use another name.',
    );
    expect(await message(app.bus.command('App.registerExtension', { name: 'y', extension: 42 }))).to.equal(
      'The options name must be a string and extension must be a function or a URL.',
    );
  });

  it('registers an extension only for the host page: a plugin, the console or a configured name is refused', async () => {
    const app = make({ main: { lang: 'en' } });
    await app.ready;
    let ran = 0;
    const options = { name: 'z', extension: () => void ran++ };
    for (const commander of ['Sidebar', 'ChannelSelector', 'SendMessage', 'Console', 'App']) {
      expect(await message(app.bus.commandByName('App.registerExtension', options, { commander }))).to.equal(
        `App.registerExtension may be run only by the host page's own script (LiveAssist.command), not by ${commander}`,
      );
    }
    const other = app.bus.registerPlugin('Other');
    other.ready();
    expect(await message(other.command('App.registerExtension', options))).to.match(/not by Other$/);
    expect(ran).to.equal(0);
    expect(await message(app.bus.commandByName('App.registerExtension', options, { commander: 'page' }))).to.equal('resolved');
    expect(ran).to.equal(1);
  });

  it('switches language by command: a bundled one (any case) or a host pack, re-rendering; refuses an unknown or missing code', async () => {
    const app = make({ main: { lang: 'en', i18n: { de: { 'common.close': 'Schließen' } } } });
    const changed: unknown[] = [];
    app.bus.subscribe('App.languageChanged', (e) => changed.push(e.data));
    const setting = app.bus.command('App.setLanguage', { lang: 'PL' }); // waits for the start
    await setting;
    expect(app.t.lang).to.equal('pl');
    expect(app.t.t('common.close')).to.equal('Zamknij');
    expect(app.environment.value.lang).to.equal('pl');
    await app.bus.command('App.setLanguage', { lang: 'de' });
    expect(app.t.t('common.close')).to.equal('Schließen');
    expect(app.t.t('common.cancel')).to.equal('Cancel');
    expect(app.environment.value.lang).to.equal('de');
    expect(await message(app.bus.command('App.setLanguage', { lang: 'xx' }))).to.equal('No matching language code found in language pack');
    expect(await message(app.bus.command('App.setLanguage', { lang: ' ' }))).to.equal('No language code provided');
    expect(app.t.lang).to.equal('de');
    expect(changed).to.deep.equal([{ lang: 'pl' }, { lang: 'de' }]);
  });

  it('changes theme by command and refuses an unknown one', async () => {
    const app = make({ main: { lang: 'en', theme: 'light' } });
    expect(app.environment.value.theme).to.equal('light');
    await app.bus.command('App.setTheme', { theme: 'dark' });
    expect(app.environment.value.theme).to.equal('dark');
    expect(await message(app.bus.command('App.setTheme', { theme: 'blue' as 'dark' }))).to.equal('Invalid theme specified');
  });

  it('replaces a plugin section with configure, refusing main and non-objects', async () => {
    const app = make({ main: { lang: 'en' }, sidebar: { channels: [] } });
    const seen: string[] = [];
    app.bus.subscribe('App.configured', (e) => seen.push(e.data.section));
    app.configure('callback', { dataURL: '/cb' });
    expect(await app.bus.command('App.getConfig', { section: 'callback' })).to.deep.equal({ dataURL: '/cb' });
    expect(seen).to.deep.equal(['callback']);
    expect(() => app.configure('main', {})).to.throw(/Invalid configuration/);
    expect(() => app.configure('sidebar', null as unknown as Record<string, unknown>)).to.throw('Invalid configuration');
  });

  it('names cookies with the deployment id', () => {
    const app = make({ main: { lang: 'en', deploymentID: 'ppk' } });
    app.cookies.set('probe', 'a b');
    expect(document.cookie).to.include('ppk_probe=a%20b');
    expect(app.cookies.get('probe')).to.equal('a b');
    app.cookies.remove('probe');
    expect(app.cookies.get('probe')).to.equal(undefined);
  });

  it('appends a window element only when the page has none', () => {
    const app = make({ main: { lang: 'en' } });
    const first = app.ensureElement('la-probe-window');
    expect(app.ensureElement('la-probe-window')).to.equal(first);
    expect(document.querySelectorAll('la-probe-window').length).to.equal(1);
    first.remove();
  });

  it('idle() resolves in an idle callback (with its timeout), or in the next task where the browser has none', async () => {
    const app = make({ main: { lang: 'en' } });
    const original = window.requestIdleCallback;
    const asked: number[] = [];
    let held: (() => void) | undefined;
    try {
      window.requestIdleCallback = ((go: IdleRequestCallback, options?: IdleRequestOptions) => {
        asked.push(options?.timeout ?? -1);
        held = () => go({ didTimeout: false, timeRemaining: () => 10 });
        return 1;
      }) as typeof window.requestIdleCallback;
      let done = false;
      const idle = app.idle(500).then(() => (done = true));
      await app.nextTask();
      expect(done, 'not before the idle callback').to.equal(false);
      expect(asked).to.deep.equal([500]);
      held!();
      await idle;
      expect(done).to.equal(true);
      // Without idle callbacks (Safari): the next task.
      (window as { requestIdleCallback?: unknown }).requestIdleCallback = undefined;
      let later = false;
      const next = app.idle().then(() => (later = true));
      await Promise.resolve();
      expect(later).to.equal(false);
      await next;
      expect(asked).to.have.length(1);
    } finally {
      window.requestIdleCallback = original;
    }
  });

  it('idle() with an aborted signal cancels its idle callback and never settles', async () => {
    const app = make({ main: { lang: 'en' } });
    const [request, cancel] = [window.requestIdleCallback, window.cancelIdleCallback];
    const cancelled: number[] = [];
    try {
      window.requestIdleCallback = (() => 7) as typeof window.requestIdleCallback;
      window.cancelIdleCallback = ((handle: number) => cancelled.push(handle)) as typeof window.cancelIdleCallback;
      const stop = new AbortController();
      let settled = false;
      void app.idle(500, stop.signal).then(() => (settled = true));
      stop.abort();
      expect(cancelled).to.deep.equal([7]);
      void app.idle(500, stop.signal).then(() => (settled = true));
      expect(cancelled, 'already aborted: nothing asked, nothing to cancel').to.deep.equal([7]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).to.equal(false);
    } finally {
      [window.requestIdleCallback, window.cancelIdleCallback] = [request, cancel];
    }
  });
});
