import { expect } from '@esm-bundle/chai';
import { Bus, BusErrors } from '../../src/bus/index.ts';
import { createCXBus } from '../../src/genesys/cxbus.ts';
import type { CXBus, CXCommandEvent, CXEvent, CXPlugin } from '../../src/genesys/cxbus.ts';
import { CXPromise } from '../../src/genesys/deferred.ts';
import { ourPlugin } from '../../src/genesys/names.ts';

/** Runs what is queued (microtasks and the next task). */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Our bus's plugin handle, untyped: the tests' plugins name their commands at run time. */
interface Handle {
  registerCommand(name: string, handler: (options: unknown, meta: { commander: string }) => unknown): void;
  publish(event: string, data: unknown): void;
  ready(): void;
}
const ours = (bus: Bus, name: string) => bus.registerPlugin(name) as unknown as Handle;

describe('CXBus (Genesys Widgets face of the bus)', () => {
  let bus: Bus;
  let cxbus: CXBus;
  let startApp: () => void;
  let imported: string[];

  beforeEach(() => {
    bus = new Bus();
    imported = [];
    const ready = new Promise<void>((resolve) => (startApp = resolve));
    cxbus = createCXBus({ bus, ready }, { importFile: async (url) => void imported.push(url) });
    const test = ours(bus, 'Test');
    test.registerCommand('echo', (options) => options);
    test.registerCommand('whoami', (_options, meta) => meta.commander);
    test.registerCommand('refuse', () => {
      throw new Error('Already opened');
    });
    test.ready();
  });

  describe('command', () => {
    it('answers a real Promise whose done, fail and always chain and run in the order they were added', async () => {
      const order: string[] = [];
      const answer = cxbus.command('Test.echo', { n: 1 });
      expect(answer).to.be.instanceOf(Promise);
      const chained = answer
        .done((e) => order.push(`done ${JSON.stringify(e)}`))
        .fail(() => order.push('fail'))
        .always((e) => order.push(`always ${JSON.stringify(e)}`))
        .done([() => order.push('done 2'), () => order.push('done 3')]);
      expect(chained).to.equal(answer);
      expect(answer.state()).to.equal('pending');
      expect(await answer).to.deep.equal({ n: 1 });
      await flush();
      expect(order).to.deep.equal(['done {"n":1}', 'always {"n":1}', 'done 2', 'done 3']);
      expect(answer.state()).to.equal('resolved');
      // then answers one of these too, so a chain may go on with done.
      const then = answer.then((value) => (value as { n: number }).n + 1);
      expect(then).to.be.instanceOf(CXPromise);
      const got: unknown[] = [];
      then.done((value) => got.push(value));
      await flush();
      expect(got).to.deep.equal([2]);
    });

    it("rejects with the command's message as a string, as Genesys's commands do, to fail, always and catch", async () => {
      const order: unknown[] = [];
      const answer = cxbus
        .command('Test.refuse')
        .done(() => order.push('done'))
        .fail((e) => order.push(['fail', e]))
        .always((e) => order.push(['always', e]));
      const caught = await answer.then(
        () => 'resolved',
        (e: unknown) => e,
      );
      await flush();
      expect(caught).to.equal('Already opened');
      expect(order).to.deep.equal([
        ['fail', 'Already opened'],
        ['always', 'Already opened'],
      ]);
      expect(answer.state()).to.equal('rejected');
      expect(await cxbus.command('Nope.open').then(String, String)).to.equal(BusErrors.noCommand);
    });

    it("runs as the page from CXBus, as the plugin from a plugin's command", async () => {
      expect(await cxbus.command('Test.whoami')).to.equal('page');
      const mine = cxbus.registerPlugin('Mine') as CXPlugin;
      expect(await mine.command('Test.whoami')).to.equal('Mine');
    });
  });

  describe('subscribe', () => {
    it("delivers Genesys's event object { event, data } and answers a key that unsubscribe takes", () => {
      const test = bus.registerPlugin('Else') as unknown as Handle;
      const got: CXEvent[] = [];
      const key = cxbus.subscribe('Else.happened', (e) => got.push(e));
      expect(key).to.be.a('string');
      const all: string[] = [];
      cxbus.subscribe('Else.*', (e) => all.push(e.event));
      test.publish('happened', { n: 1 });
      test.publish('other', undefined);
      expect(cxbus.unsubscribe(key)).to.equal(true);
      expect(cxbus.unsubscribe(key)).to.equal(false);
      test.publish('happened', { n: 2 });
      expect(got).to.deep.equal([{ event: 'Else.happened', data: { n: 1 } }]);
      expect(all).to.deep.equal(['Else.happened', 'Else.other', 'Else.happened']);
    });
  });

  describe('options that Widgets places differently', () => {
    it('Callback.open: form.autoSubmit and form.desiredTime move beside the form, where ours reads them', async () => {
      const callback = bus.registerPlugin('Callback') as unknown as Handle;
      callback.registerCommand('open', (options) => options);
      callback.ready();
      const at = '2025-03-04T10:00:00Z';
      expect(await cxbus.command('Callback.open', { form: { firstname: 'Ala', autoSubmit: true, desiredTime: at }, userData: { a: '1' } })).to.deep.equal({
        form: { firstname: 'Ala' },
        userData: { a: '1' },
        autoSubmit: true,
        desiredTime: at,
      });
      expect(await cxbus.command('Callback.open', { form: { firstname: 'Ala' } })).to.deep.equal({ form: { firstname: 'Ala' } });
    });
  });

  describe("Genesys's plugin spellings", () => {
    it('SideBar.* commands reach our Sidebar, and its events reach SideBar.* subscribers named as Genesys names them', async () => {
      const sidebar = bus.registerPlugin('Sidebar') as unknown as Handle;
      sidebar.registerCommand('open', (options) => ({ opened: options }));
      sidebar.ready();
      expect(await cxbus.command('SideBar.open', { x: 1 })).to.deep.equal({ opened: { x: 1 } });
      const got: string[] = [];
      cxbus.subscribe('SideBar.opened', (e) => got.push(e.event));
      cxbus.subscribe('SideBar.*', (e) => got.push(`* ${e.event}`));
      sidebar.publish('opened', undefined);
      expect(got).to.deep.equal(['SideBar.opened', '* SideBar.opened']);
    });
  });

  describe('registerPlugin', () => {
    it("registers a plugin whose commands get e.data, e.commander and e.deferred, resolving or rejecting with the plugin's own value", async () => {
      const plugin = cxbus.registerPlugin('MyPlugin') as CXPlugin;
      expect(plugin.name).to.equal('MyPlugin');
      const seen: Array<Omit<CXCommandEvent, 'deferred' | 'time'>> = [];
      plugin.registerCommand('demo', (e) => {
        seen.push({ data: e.data, commander: e.commander, command: e.command });
        if ((e.data as { ok: boolean }).ok) e.deferred.resolve({ done: true });
        else e.deferred.reject({ type: 'error', text: 'not today' });
      });
      plugin.registerCommands({ twice: (e) => e.deferred.resolve((e.data as number) * 2) });
      plugin.ready();
      expect(await cxbus.command('MyPlugin.demo', { ok: true })).to.deep.equal({ done: true });
      const other = cxbus.registerPlugin('Other') as CXPlugin;
      expect(await other.command('MyPlugin.demo', { ok: false }).then(String, (e: unknown) => e)).to.deep.equal({ type: 'error', text: 'not today' });
      expect(await cxbus.command('MyPlugin.twice', 21)).to.equal(42);
      expect(seen).to.deep.equal([
        { data: { ok: true }, commander: 'page', command: 'MyPlugin.demo' },
        { data: { ok: false }, commander: 'Other', command: 'MyPlugin.demo' },
      ]);
      // Our own callers (LiveAssist.command, other plugins) get an Error with the reason's text.
      expect(
        await bus.commandByName('MyPlugin.demo', { ok: false }, { commander: 'page' }).then(
          () => 'resolved',
          (e: Error) => e instanceof Error,
        ),
      ).to.equal(true);
    });

    it('leaves a command pending while its handler has not settled the deferred, and holds commands until ready()', async () => {
      const plugin = cxbus.registerPlugin('Slow') as CXPlugin;
      let later: CXCommandEvent | undefined;
      plugin.registerCommand('wait', (e) => (later = e));
      const answer = cxbus.command('Slow.wait', 'x');
      await flush();
      expect(later).to.equal(undefined); // not ready yet: held
      plugin.ready();
      await flush();
      expect(later?.data).to.equal('x');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answer.state()).to.equal('pending');
      later!.deferred.resolve('now');
      expect(await answer).to.equal('now');
    });

    it('a handler that throws rejects its command', async () => {
      const plugin = cxbus.registerPlugin('Thrower') as CXPlugin;
      plugin.registerCommand('go', () => {
        throw new Error('broken');
      });
      plugin.ready();
      expect(await cxbus.command('Thrower.go').then(String, (e: unknown) => e)).to.equal('broken');
    });

    it("answers false for a taken name, a malformed one, and one of our app's plugins not loaded yet", () => {
      bus.registerLazy('WebChat', async () => undefined);
      expect(cxbus.registerPlugin('Test')).to.equal(false);
      expect(cxbus.registerPlugin('WebChat')).to.equal(false);
      expect(cxbus.registerPlugin('a.b')).to.equal(false);
      expect(cxbus.registerPlugin('Fresh')).to.not.equal(false);
      expect(cxbus.registerPlugin('Fresh')).to.equal(false);
    });
  });

  describe('before', () => {
    it('lets a hook change and return the options, for commands from anyone (our own plugins too)', async () => {
      const plugin = cxbus.registerPlugin('Hooks') as CXPlugin;
      plugin.before('Test.echo', (options) => {
        options.userData = { ...(options.userData as object), visitor: 'v1' };
        return options;
      });
      expect(await cxbus.command('Test.echo', { form: { firstname: 'Anna' } })).to.deep.equal({ form: { firstname: 'Anna' }, userData: { visitor: 'v1' } });
      // A hook gets an object to change when the command came without options.
      expect(await bus.commandByName('Test.echo', undefined, { commander: 'Sidebar' })).to.deep.equal({ userData: { visitor: 'v1' } });
    });

    it("cancels the command when the hook returns false, with Genesys's message; an unchanged empty object keeps no options", async () => {
      const plugin = cxbus.registerPlugin('Guard') as CXPlugin;
      const seen: unknown[] = [];
      const off = plugin.before('Test.echo', (options, meta) => {
        seen.push([options, meta.commander]);
        return (options as { ok?: boolean }).ok === false ? false : options;
      });
      expect(await cxbus.command('Test.echo', { ok: false }).then(String, (e: unknown) => e)).to.equal("Command was cancelled by a 'before' function.");
      expect(await cxbus.command('Test.echo')).to.equal(undefined);
      expect(seen).to.deep.equal([
        [{ ok: false }, 'page'],
        [{}, 'page'],
      ]);
      off();
      expect(await cxbus.command('Test.echo', { ok: false })).to.deep.equal({ ok: false });
    });
  });

  describe('publish and republish', () => {
    it('publishes Plugin.event to those subscribed; republish also reaches later subscribers, once, with the last data', async () => {
      const plugin = cxbus.registerPlugin('TestExtension') as CXPlugin;
      const early: CXEvent[] = [];
      cxbus.subscribe('TestExtension.*', (e) => early.push(e));
      plugin.publish('happened', 1);
      plugin.republish('ready');
      plugin.republish('state', { step: 1 });
      plugin.republish('state', { step: 2 });
      const late: CXEvent[] = [];
      cxbus.subscribe('TestExtension.happened', (e) => late.push(e));
      cxbus.subscribe('TestExtension.ready', (e) => late.push(e));
      plugin.subscribe('TestExtension.state', (e) => late.push(e));
      const gone = cxbus.subscribe('TestExtension.ready', (e) => late.push({ ...e, event: 'unsubscribed before delivery' }));
      cxbus.unsubscribe(gone);
      expect(late).to.deep.equal([]); // after subscribe returns
      await flush();
      expect(late).to.deep.equal([
        { event: 'TestExtension.ready', data: undefined },
        { event: 'TestExtension.state', data: { step: 2 } },
      ]);
      expect(early.map((e) => e.event)).to.deep.equal(['TestExtension.happened', 'TestExtension.ready', 'TestExtension.state', 'TestExtension.state']);
    });
  });

  describe('names.ts: Genesys names and payloads where ours differ', () => {
    it('adds restoring to WebChat.opened: true when the service restored the chat just before, false when the visitor opened it', () => {
      const chat = ours(bus, 'WebChat');
      const service = ours(bus, 'WebChatService');
      const opened: unknown[] = [];
      cxbus.subscribe('WebChat.opened', (e) => opened.push(e.data));
      chat.publish('opened', undefined);
      chat.publish('closed', undefined);
      service.publish('restored', { sessionActive: true });
      chat.publish('opened', undefined);
      chat.publish('closed', undefined);
      chat.publish('opened', undefined);
      service.publish('restoredOffline', undefined);
      chat.publish('opened', undefined);
      expect(opened).to.deep.equal([{ restoring: false }, { restoring: true }, { restoring: false }, { restoring: true }]);
    });

    it("gives WebChat.messageAdded's message the sender's type and name at the top, keeping ours", () => {
      const chat = ours(bus, 'WebChat');
      const got: unknown[] = [];
      cxbus.subscribe('WebChat.messageAdded', (e) => got.push(e.data));
      const message = { index: 3, type: 'Message', text: 'Hi', timestamp: 1, html: false, from: { id: 'a1', type: 'Agent', name: 'Ewa' } };
      chat.publish('messageAdded', { message });
      expect(got).to.deep.equal([{ message: { ...message, type: 'Agent', name: 'Ewa', messageType: 'Message' } }]);
    });

    it('App.main and App.ready resolve once the app has started; App.setLanguage takes the code alone', async () => {
      const app = ours(bus, 'App');
      const langs: unknown[] = [];
      app.registerCommand('setLanguage', (options) => void langs.push(options));
      app.ready();
      const main = cxbus.command('App.main');
      const ready = cxbus.command('App.ready');
      await flush();
      expect([main.state(), ready.state()]).to.deep.equal(['pending', 'pending']);
      startApp();
      await Promise.all([main, ready]);
      await cxbus.command('App.setLanguage', 'pl');
      await cxbus.command('App.setLanguage', { lang: 'en' });
      expect(langs).to.deep.equal([{ lang: 'pl' }, { lang: 'en' }]);
    });

    it("maps Genesys's plugin files to ours", () => {
      const names = ['WebChat', 'WebChatService', 'CallUs', 'ChannelSelector', 'KnowledgeCenterService', 'SendMessage'];
      expect(ourPlugin('webchat', names)).to.equal('WebChat');
      expect(ourPlugin('cx-webchat-service', names)).to.equal('WebChatService');
      expect(ourPlugin('callus.min.js', names)).to.equal('CallUs');
      expect(ourPlugin('channelselector', names)).to.equal('ChannelSelector');
      expect(ourPlugin('knowledgecenter-service', names)).to.equal('KnowledgeCenterService');
      expect(ourPlugin('my-own-plugin', names)).to.equal(undefined);
      expect(ourPlugin('', names)).to.equal(undefined);
    });
  });

  it('made on a bus before the app boots on it, takes the start from the first App.ready the bus carries', async () => {
    const early = new Bus();
    const face = createCXBus({ bus: early });
    const main = face.command('App.main');
    const core = face.loadPlugin('widgets-core');
    await flush();
    expect([main.state(), core.state()]).to.deep.equal(['pending', 'pending']);
    (early.registerPlugin('App') as unknown as Handle).publish('ready', { lang: 'en' });
    await Promise.all([main, core]);
  });

  describe('configure, loadPlugin and loadFile', () => {
    it('loadPlugin: widgets-core resolves once the app has started; our plugins load their chunk; others are files under pluginsPath', async () => {
      let loaded = 0;
      bus.registerLazy('WebChatService', async () => {
        loaded += 1;
        ours(bus, 'WebChatService').ready();
      });
      const core = cxbus.loadPlugin('widgets-core');
      await cxbus.loadPlugin('webchat-service');
      expect(loaded).to.equal(1);
      expect(bus.describe().find((p) => p.name === 'WebChatService')?.loaded).to.equal(true);
      cxbus.configure({ pluginsPath: 'https://cdn.example/plugins/' });
      await cxbus.loadPlugin('my-plugin');
      expect(imported).to.deep.equal(['https://cdn.example/plugins/my-plugin.min.js']);
      expect(core.state()).to.equal('pending');
      startApp();
      await core;
    });

    it('loadFile evaluates the file (a module import: no Trusted Types sink) and rejects with a message when it cannot', async () => {
      const real = createCXBus({ bus: new Bus(), ready: Promise.resolve() });
      const url = `data:text/javascript,${encodeURIComponent('globalThis.__cxbusLoaded = (globalThis.__cxbusLoaded ?? 0) + 1;')}`;
      await real.loadFile(url);
      expect((globalThis as { __cxbusLoaded?: number }).__cxbusLoaded).to.equal(1);
      const errors: unknown[] = [];
      const error = console.error;
      console.error = (...args: unknown[]) => void errors.push(args);
      try {
        expect(await real.loadFile('data:text/javascript,this is not javascript').then(String, (e: unknown) => e)).to.equal(
          'Could not load file: data:text/javascript,this is not javascript',
        );
      } finally {
        console.error = error;
      }
      expect(errors).to.have.length(1);
    });
  });
});
