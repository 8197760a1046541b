import { expect } from '@esm-bundle/chai';
import { Bus, BusErrors } from '../../src/bus/index.ts';
import { isChannelCommand, notChannelCommand } from '../../src/bus/channel-commands.ts';
import type { BusEvent } from '../../src/bus/index.ts';

declare module '../../src/bus/types.ts' {
  interface Commands {
    'Test.echo': { options: { text: string }; result: string };
    'Test.whoami': { options: void; result: string };
    'Test.fail': { options: void; result: void };
    'Lazy.ping': { options: void; result: string };
    'Broken.ping': { options: void; result: void };
  }
  interface Events {
    'Test.happened': { n: number };
    'Test.other': string;
    'Else.happened': number;
  }
}

const rejection = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a rejection');
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Bus', () => {
  let bus: Bus;
  beforeEach(() => {
    bus = new Bus();
  });

  describe('plugin registration', () => {
    it('refuses a taken name', () => {
      bus.registerPlugin('Test');
      expect(() => bus.registerPlugin('Test')).to.throw(BusErrors.register);
    });

    it('refuses names that are not identifiers', () => {
      expect(() => bus.registerPlugin('')).to.throw(BusErrors.register);
      expect(() => bus.registerPlugin('a.b')).to.throw(BusErrors.register);
      expect(() => bus.registerPlugin(42 as unknown as string)).to.throw(BusErrors.register);
    });

    it('refuses registration once locked, but lets declared lazy plugins arrive', () => {
      bus.registerLazy('Lazy', async () => undefined);
      bus.lock();
      expect(() => bus.registerPlugin('Test')).to.throw(BusErrors.register);
      expect(() => bus.registerPlugin('Lazy')).not.to.throw();
    });
  });

  describe('commands', () => {
    it('resolves with the handler result', async () => {
      const test = bus.registerPlugin('Test');
      test.registerCommand('echo', ({ text }) => text.toUpperCase());
      test.ready();
      expect(await bus.command('Test.echo', { text: 'hi' })).to.equal('HI');
    });

    it('rejects an unknown command or plugin with "Command does not exist"', async () => {
      const test = bus.registerPlugin('Test');
      test.ready();
      const page = { commander: 'page' };
      expect(await rejection(bus.commandByName('Test.nope', undefined, page))).to.equal(BusErrors.noCommand);
      expect(await rejection(bus.commandByName('Nope.open', undefined, page))).to.equal('Command does not exist');
      expect(await rejection(bus.commandByName('Test', undefined, page))).to.equal(BusErrors.noCommand);
    });

    it('rejects with the error a handler throws, as an Error', async () => {
      const test = bus.registerPlugin('Test');
      test.registerCommand('fail', () => {
        throw 'Already opened';
      });
      test.ready();
      const error = await bus.command('Test.fail').catch((e: unknown) => e);
      expect(error).to.be.instanceOf(Error);
      expect((error as Error).message).to.equal('Already opened');
    });

    it('buffers commands to a registered plugin until it is ready, in order', async () => {
      const test = bus.registerPlugin('Test');
      test.registerCommand('echo', ({ text }) => text);
      const seen: string[] = [];
      const a = bus.command('Test.echo', { text: 'a' }).then((r) => seen.push(r));
      const b = bus.command('Test.echo', { text: 'b' }).then((r) => seen.push(r));
      await flush();
      expect(seen).to.deep.equal([]);
      test.ready();
      await Promise.all([a, b]);
      expect(seen).to.deep.equal(['a', 'b']);
    });

    it('passes the commander on every command', async () => {
      const test = bus.registerPlugin('Test');
      test.registerCommand('whoami', (_options, meta) => meta.commander);
      test.ready();
      const other = bus.registerPlugin('Other');
      expect(await bus.command('Test.whoami')).to.equal('page');
      expect(await other.command('Test.whoami')).to.equal('Other');
      expect(await bus.command('Test.whoami', undefined, { commander: 'App' })).to.equal('App');
    });

    it('runs a command named by data (commandByName) like any other: options, sender, hooks, lazy loading', async () => {
      const seen: string[] = [];
      bus.before('Test.*', (_options, meta) => void seen.push(`${meta.commander}:${meta.command}`));
      bus.registerLazy('Test', async () => {
        const test = bus.registerPlugin('Test');
        test.registerCommand('echo', ({ text }) => text.toUpperCase());
        test.registerCommand('whoami', (_options, meta) => meta.commander);
        test.ready();
      });
      const configured = { clickCommand: 'Test.echo', clickOptions: { text: 'from config' } };
      expect(await bus.commandByName(configured.clickCommand, configured.clickOptions, { commander: 'Sidebar' })).to.equal('FROM CONFIG');
      expect(await bus.commandByName('Test.whoami', undefined, { commander: 'Console' })).to.equal('Console');
      expect(seen).to.deep.equal(['Sidebar:Test.echo', 'Console:Test.whoami']);
    });
  });

  describe('commands named by configuration or markup (channelCommand)', () => {
    it("allows only the widgets' public open and show commands", () => {
      const allowed = [
        'Callback.open',
        'CallUs.open',
        'ChannelSelector.open',
        'WebChat.open',
        'SendMessage.open',
        'SendMessage.redirect',
        'SendMessage.showButton',
        'Search.open',
        'Sidebar.expand',
        'Sidebar.showChannels',
        'Calendar.open',
      ];
      const refused = [
        'App.registerExtension',
        'App.setTheme',
        'App.closeAll',
        'Console.open',
        'Overlay.open',
        'Toaster.open',
        'Callback.close',
        'Sidebar.configure',
        'Sidebar.addButton',
        'SendMessage.configure',
        'Cobrowse.start',
        'WebChat.show',
        'Callback.open ',
        'Callback.open.x',
        'xCallback.open',
        'callback.open',
        '',
        42,
        undefined,
      ];
      expect(allowed.filter((name) => !isChannelCommand(name))).to.deep.equal([]);
      expect(refused.filter((name) => isChannelCommand(name))).to.deep.equal([]);
    });

    it('refuses any other name before its plugin loads, whoever the commander; runs an allowed one like commandByName', async () => {
      const loaded: string[] = [];
      for (const name of ['App', 'Callback']) {
        bus.registerLazy(name, async () => {
          loaded.push(name);
          const plugin = bus.registerPlugin(name);
          plugin.registerCommand('registerExtension', () => 'ran');
          plugin.registerCommand('open', (_options, meta) => `opened by ${meta.commander}`);
          plugin.ready();
        });
      }
      for (const commander of ['Sidebar', 'ChannelSelector', 'SendMessage', 'page', 'App']) {
        const refused = await rejection(bus.channelCommand('App.registerExtension', { name: 'x', extension: 'https://evil.example/x.js' }, { commander }));
        expect(refused).to.equal(notChannelCommand('App.registerExtension'));
      }
      expect(notChannelCommand('App.registerExtension')).to.match(/^App\.registerExtension may not run from configuration or markup/);
      expect(loaded).to.deep.equal([]);
      expect(await bus.channelCommand('Callback.open', {}, { commander: 'Sidebar' })).to.equal('opened by Sidebar');
      expect(loaded).to.deep.equal(['Callback']);
      // A click opens a form; it never submits one the visitor has not seen.
      const prefilled = { form: { firstname: 'A', phonenumber: '+48 600 000 000' }, autoSubmit: true };
      expect(await rejection(bus.channelCommand('Callback.open', prefilled, { commander: 'Sidebar' }))).to.equal(
        'Callback.open: clickOptions.autoSubmit is not allowed from configuration or markup: the visitor submits the form',
      );
      expect(await bus.channelCommand('Callback.open', { ...prefilled, autoSubmit: false }, { commander: 'Sidebar' })).to.equal('opened by Sidebar');
    });
  });

  describe('lazy plugins', () => {
    it('loads the plugin code on its first command, once', async () => {
      let loads = 0;
      bus.registerLazy('Lazy', async () => {
        loads += 1;
        const lazy = bus.registerPlugin('Lazy');
        lazy.registerCommand('ping', () => 'pong');
        lazy.ready();
      });
      const [a, b] = await Promise.all([bus.command('Lazy.ping'), bus.command('Lazy.ping')]);
      expect([a, b, loads]).to.deep.equal(['pong', 'pong', 1]);
    });

    it('rejects with "Could not load plugin file" when the chunk fails, and retries later', async () => {
      let fail = true;
      bus.registerLazy('Broken', async () => {
        if (fail) throw new TypeError('Failed to fetch dynamically imported module');
        bus.registerPlugin('Broken').ready();
      });
      const originalError = console.error;
      console.error = () => undefined;
      try {
        expect(await rejection(bus.command('Broken.ping'))).to.equal(BusErrors.loadPlugin);
      } finally {
        console.error = originalError;
      }
      fail = false;
      expect(await rejection(bus.command('Broken.ping'))).to.equal(BusErrors.noCommand);
    });

    it('load() fetches a lazy plugin without running a command, once; unknown names reject', async () => {
      let loads = 0;
      bus.registerLazy('Lazy', async () => {
        loads += 1;
        bus.registerPlugin('Lazy').ready();
      });
      await Promise.all([bus.load('Lazy'), bus.load('Lazy')]);
      expect(loads).to.equal(1);
      expect(bus.describe().find((p) => p.name === 'Lazy')?.loaded).to.equal(true);
      await bus.load('Lazy');
      expect(loads).to.equal(1);
      expect(await rejection(bus.load('Nobody'))).to.equal(BusErrors.loadPlugin);
    });

    it('rejects when the loaded code does not register the plugin', async () => {
      bus.registerLazy('Broken', async () => undefined);
      expect(await rejection(bus.command('Broken.ping'))).to.equal(BusErrors.loadPlugin);
    });
  });

  describe('before hooks', () => {
    it('can cancel a command', async () => {
      const test = bus.registerPlugin('Test');
      let ran = false;
      test.registerCommand('echo', ({ text }) => {
        ran = true;
        return text;
      });
      test.ready();
      const remove = bus.before('Test.echo', (options) => (options as { text: string }).text !== 'forbidden');
      expect(await rejection(bus.command('Test.echo', { text: 'forbidden' }))).to.equal("Command was cancelled by a 'before' function.");
      expect(ran).to.equal(false);
      expect(await bus.command('Test.echo', { text: 'fine' })).to.equal('fine');
      remove();
      expect(await bus.command('Test.echo', { text: 'forbidden' })).to.equal('forbidden');
    });

    it('hands on the options a hook returns, to the hooks after it and the command; other values keep them', async () => {
      const test = bus.registerPlugin('Test');
      test.registerCommand('echo', ({ text }) => text);
      test.ready();
      const seen: unknown[] = [];
      bus.before('Test.echo', (options) => ({ text: `${(options as { text: string }).text}!` }));
      bus.before('Test.*', async (options) => void seen.push(options));
      bus.before('Test.echo', (options) => (seen.push(options), true));
      expect(await bus.command('Test.echo', { text: 'hi' })).to.equal('hi!');
      expect(seen).to.deep.equal([{ text: 'hi!' }, { text: 'hi!' }]);
    });

    it('sees the commander and matches Plugin.* patterns; a throwing hook cancels', async () => {
      const test = bus.registerPlugin('Test');
      test.registerCommand('whoami', (_o, meta) => meta.commander);
      test.ready();
      const seen: string[] = [];
      bus.before('Test.*', (_o, meta) => {
        seen.push(`${meta.commander}:${meta.command}`);
        if (meta.commander === 'Evil') throw new Error('no');
      });
      expect(await bus.command('Test.whoami')).to.equal('page');
      expect(await rejection(bus.command('Test.whoami', undefined, { commander: 'Evil' }))).to.equal(BusErrors.cancelled);
      expect(seen).to.deep.equal(['page:Test.whoami', 'Evil:Test.whoami']);
    });
  });

  describe('events', () => {
    it('delivers exact, Plugin.* and * subscriptions, with the publisher', () => {
      const test = bus.registerPlugin('Test');
      const other = bus.registerPlugin('Else');
      const exact: number[] = [];
      const plugin: string[] = [];
      const all: string[] = [];
      bus.subscribe('Test.happened', (event) => exact.push(event.data.n));
      bus.subscribe('Test.*', (event) => plugin.push(event.name));
      const off = bus.subscribe('*', (event: BusEvent) => all.push(`${event.plugin}:${event.name}`));
      test.publish('happened', { n: 1 });
      test.publish('other', 'x');
      other.publish('happened', 2);
      off();
      test.publish('happened', { n: 3 });
      expect(exact).to.deep.equal([1, 3]);
      expect(plugin).to.deep.equal(['Test.happened', 'Test.other', 'Test.happened']);
      expect(all).to.deep.equal(['Test:Test.happened', 'Test:Test.other', 'Else:Else.happened']);
    });

    it('keeps delivering when one subscriber throws', () => {
      const test = bus.registerPlugin('Test');
      const seen: number[] = [];
      const originalError = console.error;
      console.error = () => undefined;
      try {
        bus.subscribe('Test.happened', () => {
          throw new Error('bad subscriber');
        });
        bus.subscribe('Test.happened', (event) => seen.push(event.data.n));
        test.publish('happened', { n: 7 });
      } finally {
        console.error = originalError;
      }
      expect(seen).to.deep.equal([7]);
    });
  });

  it('describes plugins, lazy ones included', () => {
    const test = bus.registerPlugin('Test');
    test.registerCommand('echo', ({ text }) => text);
    test.ready();
    bus.registerLazy('Lazy', async () => undefined);
    expect(bus.describe()).to.deep.equal([
      { name: 'Lazy', ready: false, loaded: false, commands: [] },
      { name: 'Test', ready: true, loaded: true, commands: ['echo'] },
    ]);
  });
});
