import { expect } from '@esm-bundle/chai';
import { Bus } from '../../src/bus/index.ts';
import { createCXBus } from '../../src/genesys/cxbus.ts';
import type { CXPlugin } from '../../src/genesys/cxbus.ts';
import { createCommon } from '../../src/genesys/common.ts';
import type { GenesysCommon } from '../../src/genesys/common.ts';
import { createExtensionKit, runExtensions } from '../../src/genesys/extensions.ts';
import { createGenesysFace } from '../../src/genesys/face.ts';
import type { ExtensionArgs, Validate } from '../../src/genesys/extensions.ts';
import type { CookieJar } from '../../src/app/storage.ts';
import type { App } from '../../src/app/app.ts';
import { captureConsole } from '../helpers/dom.ts';

// In Node there is no DOM for jQuery: a stand-in `$` that wraps what it is given, so the tests see what went in.
const fake$ = Object.assign((value: unknown) => ({ wrapped: value }), { fn: { jquery: 'fake' } }) as unknown as JQueryStatic;

describe('Genesys extensions', () => {
  const cxbus = createCXBus({ bus: new Bus(), ready: Promise.resolve() });
  const common = {} as GenesysCommon;
  let loads: number;
  const loadJQuery = async () => {
    loads += 1;
    return fake$;
  };
  beforeEach(() => (loads = 0));

  it('loads no jQuery when there is no extension to run', async () => {
    expect(await runExtensions(undefined, { cxbus, common, loadJQuery })).to.deep.equal([]);
    expect(await runExtensions({}, { cxbus, common, loadJQuery })).to.deep.equal([]);
    const { warnings } = await captureConsole(async () => {
      expect(await runExtensions({ NotOne: 'https://example.com/x.js' }, { cxbus, common, loadJQuery })).to.deep.equal([]);
    });
    expect(warnings).to.deep.equal(['[live-assist] The extension NotOne is not a function and was not run.']);
    expect(loads).to.equal(0);
  });

  it("runs each extension with ($, CXBus, Common); one's error is reported and stops no other", async () => {
    const calls: Array<[string, ...unknown[]]> = [];
    const { errors } = await captureConsole(async () => {
      const ran = await runExtensions(
        {
          First: (...args: unknown[]) => void calls.push(['First', ...args]),
          Broken: () => {
            throw new Error('oops');
          },
          Later: async () => Promise.reject(new Error('later')),
          Last: (...args: unknown[]) => void calls.push(['Last', ...args]),
        },
        { cxbus, common: ($) => ({ made: $ }) as unknown as GenesysCommon, loadJQuery },
      );
      expect(ran).to.deep.equal(['First', 'Later', 'Last']);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loads).to.equal(1);
    expect(calls).to.deep.equal([
      ['First', fake$, cxbus, { made: fake$ }],
      ['Last', fake$, cxbus, { made: fake$ }],
    ]);
    expect(errors).to.deep.equal(['[live-assist] The extension Broken failed: Error: oops', '[live-assist] The extension Later failed: Error: later']);
  });

  it('lets an extension register a plugin on the bus it is handed, as the documented TestExtension does', async () => {
    const bus = new Bus();
    const own = createCXBus({ bus, ready: Promise.resolve() });
    await runExtensions(
      {
        TestExtension: ($: JQueryStatic, CXBus: typeof own) => {
          const plugin = CXBus.registerPlugin('TestExtension') as CXPlugin;
          plugin.registerCommand('demo', (e) => e.deferred.resolve(`demo for ${e.commander}`));
          plugin.republish('ready');
          plugin.ready();
        },
      },
      { cxbus: own, common, loadJQuery },
    );
    expect(await own.command('TestExtension.demo')).to.equal('demo for page');
    const ready: unknown[] = [];
    own.subscribe('TestExtension.ready', (e) => ready.push(e.event));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ready).to.deep.equal(['TestExtension.ready']);
  });

  it("gives a form's validate the wrapped form, input and label and the same $, CXBus and Common, loading jQuery once", async () => {
    const kit = createExtensionKit({ cxbus, common, loadJQuery });
    expect(kit.loaded()).to.equal(undefined);
    await kit.run({ One: () => undefined });
    const seen: unknown[][] = [];
    const validate: Validate = (...args) => (seen.push(args), (args[2] as unknown as { wrapped: { value: string } }).wrapped.value !== '');
    const [form, input, label] = [{ form: 1 }, { value: 'x' }, { label: 1 }] as unknown as Element[];
    expect(await kit.validate(validate, 'blur', form!, input!, label!)).to.equal(true);
    expect(await kit.validate(validate, 'blur', form!, { value: '' } as unknown as Element, null)).to.equal(false);
    expect(seen[0]).to.deep.equal(['blur', { wrapped: form }, { wrapped: input }, { wrapped: label }, fake$, cxbus, common]);
    expect(seen[1]![3]).to.deep.equal({ wrapped: [] });
    expect(kit.loaded()).to.deep.equal([fake$, cxbus, common] satisfies ExtensionArgs);
    expect(loads).to.equal(1);
    const { errors } = await captureConsole(async () => {
      expect(
        await kit.validate(
          () => {
            throw new Error('bad rule');
          },
          'submit',
          form!,
          input!,
          label!,
        ),
      ).to.equal(false);
    });
    expect(errors).to.have.length(1);
  });

  it('runs no extension when jQuery cannot be loaded, and asks again next time', async () => {
    let fail = true;
    const flaky = async () => {
      loads += 1;
      if (fail) throw new Error('offline');
      return fake$;
    };
    const kit = createExtensionKit({ cxbus, common, loadJQuery: flaky });
    const ran: string[] = [];
    const { errors } = await captureConsole(async () => {
      expect(await kit.run({ A: () => ran.push('A') })).to.deep.equal([]);
    });
    expect(errors[0]).to.contain('jQuery could not be loaded');
    fail = false;
    expect(await kit.run({ A: () => ran.push('A') })).to.deep.equal(['A']);
    expect(ran).to.deep.equal(['A']);
    expect(loads).to.equal(2);
  });
});

describe('Genesys Common (the parts that need no DOM)', () => {
  const jar = (): CookieJar & { store: Map<string, string> } => {
    const store = new Map<string, string>();
    return {
      store,
      get: (name) => store.get(name),
      read: async (name) => store.get(name),
      set: (name, value) => void store.set(name, value),
      remove: (name) => void store.delete(name),
    };
  };
  const document = { cookie: 'a=1; greeting=hello%20there; b=2' } as Document;

  it('escapes HTML, fills defaults into nested objects without overwriting, and reads dotted paths', () => {
    const common = createCommon({ $: fake$, window: { document } });
    expect(common.sanitizeHTML('<img src=x onerror="alert(1)">&\'')).to.equal('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    expect(common.sanitizeHTML(undefined)).to.equal('');
    const target = { a: 1, nested: { keep: true }, list: [1] };
    expect(common.populateDefaults(target, { a: 2, b: 3, nested: { keep: false, add: 'x' }, list: [2, 3], deep: { y: 1 } })).to.equal(target);
    expect(target).to.deep.equal({ a: 1, b: 3, nested: { keep: true, add: 'x' }, list: [1], deep: { y: 1 } });
    const config = { webchat: { form: { inputs: [{ name: 'firstname' }] } } };
    expect(common.checkPath(config, 'webchat.form.inputs.0.name')).to.equal('firstname');
    expect(common.checkPath(config, 'webchat.transport.type')).to.equal(undefined);
    expect(common.checkPath(null, 'a')).to.equal(undefined);
    expect(common.checkPath(config, 'webchat.__proto__')).to.equal(undefined);
  });

  it('logs with the prefix; debug only with main.debug', async () => {
    const logged: unknown[][] = [];
    const { log, debug } = console;
    console.log = (...args: unknown[]) => void logged.push(['log', ...args]);
    console.debug = (...args: unknown[]) => void logged.push(['debug', ...args]);
    try {
      createCommon({ $: fake$, window: { document } }).debug('quiet');
      const loud = createCommon({ $: fake$, window: { document }, debug: true });
      loud.debug('loud', 1);
      loud.log('hello');
    } finally {
      Object.assign(console, { log, debug });
    }
    const { errors } = await captureConsole(() => createCommon({ $: fake$, window: { document } }).error('bad'));
    expect(logged).to.deep.equal([
      ['debug', '[live-assist]', 'loud', 1],
      ['log', '[live-assist]', 'hello'],
    ]);
    expect(errors).to.deep.equal(['[live-assist] bad']);
  });

  it("reads the page's cookies by name, and keeps an extension's data in our cookies apart from the widgets'", () => {
    const cookies = jar();
    const common = createCommon({ $: fake$, window: { document }, cookies });
    expect(common.getCookie('greeting')).to.equal('hello there');
    expect(common.getCookie('missing')).to.equal(undefined);
    common.saveData('visits', { n: 2 });
    expect([...cookies.store.keys()]).to.deep.equal(['ext_visits']);
    expect(common.getData('visits')).to.deep.equal({ n: 2 });
    common.removeData('visits');
    expect(common.getData('visits')).to.equal(undefined);
  });
});

describe('Genesys face (CXBus and extensions of one app)', () => {
  it("hands an extension registered by App.registerExtension Genesys's ($, CXBus, Common), not our bus", async () => {
    const bus = new Bus();
    // Our App's registerExtension calls the extension with our bus (src/app/config-check.ts).
    const app = bus.registerPlugin('App') as unknown as {
      registerCommand(name: string, handler: (options: { extension: (bus: Bus) => unknown }) => unknown): void;
      ready(): void;
    };
    app.registerCommand('registerExtension', async (options) => void (await options.extension(bus)));
    app.ready();
    const host = { bus, ready: Promise.resolve(), window: { document: {} as Document }, config: { main: { debug: true } } };
    const face = createGenesysFace(host, { loadJQuery: async () => fake$ });
    expect(createGenesysFace(host)).to.equal(face);
    const got: unknown[][] = [];
    await face.cxbus.command('App.registerExtension', { name: 'Late', extension: (...args: unknown[]) => void got.push(args) });
    expect(got).to.have.length(1);
    const [$, CXBus, Common] = got[0]!;
    expect($).to.equal(fake$);
    expect(CXBus).to.equal(face.cxbus);
    expect(typeof (Common as GenesysCommon).sanitizeHTML).to.equal('function');
    expect(face.extensions.loaded()?.[2]).to.equal(Common);
  });
});

// Our App is a host of the face as it is (checked by the type checker).
export const faceOfApp = (app: App) => createGenesysFace(app);
