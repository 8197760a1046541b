import { expect } from '@esm-bundle/chai';
import { ConfigMessages as M, defaultMainConfig, readConfig, resolveLanguage, validateExtension, type ConfigIssue } from '../../src/app/config-check.ts';
import { loadConfig } from '../../src/app/config.ts';

const LANGS = ['en', 'pl'] as const;
const read = (main: Record<string, unknown>, rest: Record<string, unknown> = {}) => readConfig({ main: { lang: 'pl', ...main }, ...rest }, LANGS);
const messages = (issues: ConfigIssue[]) => issues.map((issue) => issue.message);

describe('readConfig', () => {
  it('accepts a complete, valid configuration without issues', () => {
    const { main, issues } = read({
      deploymentID: 'ppk',
      theme: 'light',
      timeFormat: 24,
      mobileMode: true,
      mobileModeBreakpoint: 480,
      header: { apikey: 'k', Authorization: 'Bearer t' },
      pluginLoadDelay: 250,
      preload: 'intent',
      fonts: { enabled: true, url: 'https://fonts.example.com/css' },
      debug: true,
    });
    expect(issues).to.deep.equal([]);
    expect(main).to.deep.include({
      deploymentID: 'ppk',
      theme: 'light',
      lang: 'pl',
      timeFormat: 24,
      mobileMode: true,
      mobileModeBreakpoint: 480,
      header: { apikey: 'k', Authorization: 'Bearer t' },
      pluginLoadDelay: 250,
      preload: 'intent',
      debug: true,
    });
    expect(main.fonts).to.deep.equal({ enabled: true, family: 'Roboto:400,300,100', url: 'https://fonts.example.com/css' });
  });

  it('fills every default from the spec', () => {
    const { main, issues } = read({});
    expect(issues).to.deep.equal([]);
    expect(main).to.deep.equal({
      deploymentID: '',
      themes: {},
      theme: 'dark',
      lang: 'pl',
      timeFormat: 12,
      mobileMode: 'auto',
      mobileModeBreakpoint: 600,
      header: {},
      pluginLoadDelay: 100,
      preload: 'idle',
      fonts: { enabled: false, family: 'Roboto:400,300,100' },
      plugins: [],
      pluginModules: [],
      pluginsPath: '',
      pluginOrigins: [],
      extensions: {},
      debug: false,
    });
  });

  it('reads plugins, pluginModules, pluginsPath and pluginOrigins, and refuses what is not a list of strings or a URL', () => {
    const good = read({ plugins: ['a'], pluginModules: ['m'], pluginsPath: '/p/', pluginOrigins: ['https://cdn.example.com'] });
    expect(good.issues).to.deep.equal([]);
    expect(good.main).to.deep.include({ plugins: ['a'], pluginModules: ['m'], pluginsPath: '/p/', pluginOrigins: ['https://cdn.example.com'] });
    const bad = read({ plugins: 'a', pluginModules: [1], pluginsPath: 'javascript:alert(1)', pluginOrigins: {} });
    expect(bad.issues.map((i) => i.path)).to.deep.equal(['main.plugins', 'main.pluginModules', 'main.pluginsPath', 'main.pluginOrigins']);
    expect(bad.main).to.deep.include({ plugins: [], pluginModules: [], pluginsPath: '', pluginOrigins: [] });
  });

  for (const raw of [undefined, null]) {
    it(`reports 'No configuration provided' for ${raw} and uses full defaults`, () => {
      const config = readConfig(raw, LANGS);
      expect(config.issues).to.deep.equal([{ level: 'error', message: 'No configuration provided' }]);
      expect(config.main).to.deep.equal(defaultMainConfig());
      expect(config.main.lang).to.equal('en');
      expect(config.sections).to.deep.equal({});
    });
  }

  for (const raw of ['main', 42, true, [], [{ main: {} }], () => ({})]) {
    it(`reports the missing configuration for a non-object (${Array.isArray(raw) ? 'array' : typeof raw})`, () => {
      const config = readConfig(raw, LANGS);
      expect(config.issues).to.have.length(1);
      expect(config.issues[0]?.level).to.equal('error');
      expect(config.issues[0]?.message).to.match(/^No configuration provided: expected an object/);
      expect(config.main).to.deep.equal(defaultMainConfig());
    });
  }

  it("rejects an unknown theme with 'Invalid theme specified' and falls back to dark", () => {
    const { main, issues } = read({ theme: 'purple' });
    expect(main.theme).to.equal('dark');
    expect(issues).to.deep.equal([{ level: 'error', message: 'Invalid theme specified', path: 'main.theme' }]);
  });

  it('accepts a theme named in themes, drawn with the dark tokens (the environment) and its class', () => {
    const { main, issues } = read({ themes: { custom: 'cx-theme-custom', brand: 'brand_2' }, theme: 'custom' });
    expect(issues).to.deep.equal([]);
    expect(main.theme).to.equal('custom');
    expect(main.themes).to.deep.equal({ custom: 'cx-theme-custom', brand: 'brand_2' });
    expect(read({ themes: { custom: 'cx-theme-custom' }, theme: 'light' }).main.theme).to.equal('light');
  });

  it("rejects a theme themes does not name with 'Invalid theme specified', and themes that are not class names", () => {
    const unnamed = read({ themes: { custom: 'cx-theme-custom' }, theme: 'other' });
    expect(unnamed.main.theme).to.equal('dark');
    expect(unnamed.issues).to.deep.equal([{ level: 'error', message: 'Invalid theme specified', path: 'main.theme' }]);
    // Not an own name: an inherited member is no theme.
    expect(read({ themes: {}, theme: 'toString' }).main.theme).to.equal('dark');
    for (const themes of [{ custom: 'two classes' }, { custom: 7 }, 'cx-theme-custom', ['cx']]) {
      const { main, issues } = read({ themes, theme: 'custom' });
      expect(main.themes).to.deep.equal({});
      expect(main.theme).to.equal('dark');
      expect(messages(issues)).to.deep.equal([M.invalidThemes, M.invalidTheme]);
    }
  });

  it('keeps customStylesheetID, an id without spaces, and refuses anything else', () => {
    expect(read({ customStylesheetID: 'genesys-widgets-custom' })).to.deep.include({ issues: [] });
    expect(read({ customStylesheetID: 'genesys-widgets-custom' }).main.customStylesheetID).to.equal('genesys-widgets-custom');
    expect(read({}).main).to.not.have.property('customStylesheetID');
    for (const customStylesheetID of ['', 'two words', 7, null, 'x'.repeat(257)]) {
      const { main, issues } = read({ customStylesheetID });
      expect(main).to.not.have.property('customStylesheetID');
      expect(issues).to.deep.equal([{ level: 'error', message: M.invalidStylesheetID, path: 'main.customStylesheetID' }]);
    }
  });

  for (const timeFormat of [13, '24', 0, null]) {
    it(`rejects time format ${JSON.stringify(timeFormat)} and falls back to 12`, () => {
      const { main, issues } = read({ timeFormat });
      expect(main.timeFormat).to.equal(12);
      expect(messages(issues)).to.deep.equal([M.invalidTimeFormat]);
      expect(M.invalidTimeFormat).to.include('12 or 24');
    });
  }

  for (const lang of [undefined, '', '   ', 7]) {
    it(`warns 'No language code provided' for lang ${JSON.stringify(lang)} and uses en`, () => {
      const { main, issues } = readConfig({ main: { lang } }, LANGS);
      expect(main.lang).to.equal('en');
      expect(issues).to.deep.equal([{ level: 'warn', message: 'No language code provided', path: 'main.lang' }]);
    });
  }

  it("warns 'No matching language code found in language pack' for an unknown language and uses en", () => {
    const { main, issues } = read({ lang: 'de' });
    expect(main.lang).to.equal('en');
    expect(issues).to.deep.equal([{ level: 'warn', message: 'No matching language code found in language pack', path: 'main.lang' }]);
  });

  it('matches a language code case-insensitively', () => {
    expect(read({ lang: 'PL' }).main.lang).to.equal('pl');
  });

  it('counts a language provided by an i18n object as available, and flattens nested packs', () => {
    const { main, issues } = read({ lang: 'de', i18n: { de: { common: { close: 'Schließen' } } } });
    expect(issues).to.deep.equal([]);
    expect(main.lang).to.equal('de');
    expect(main.i18n).to.deep.equal({ de: { 'common.close': 'Schließen' } });
  });

  it('keeps the language when i18n is a URL (checked again once fetched) and resolveLanguage rechecks it', () => {
    const { main, issues } = read({ lang: 'de', i18n: '/packs/de.json' });
    expect(issues).to.deep.equal([]);
    expect(main).to.include({ lang: 'de', i18n: '/packs/de.json' });
    expect(resolveLanguage('de', LANGS)).to.deep.equal({
      lang: 'en',
      issue: { level: 'warn', message: M.unknownLanguage, path: 'main.lang' },
    });
    expect(resolveLanguage('de', [...LANGS, 'de'])).to.deep.equal({ lang: 'de' });
  });

  it('reports an i18n value that is neither a URL nor packs', () => {
    for (const i18n of [42, { pl: 'not a pack' }, ['pl'], '']) {
      const { main, issues } = read({ i18n });
      expect(main.i18n, JSON.stringify(i18n)).to.equal(undefined);
      expect(issues.map((issue) => issue.path)).to.deep.equal(['main.i18n']);
    }
  });

  for (const pluginLoadDelay of [0, 0.5, -10, '100', NaN, Infinity]) {
    it(`rejects pluginLoadDelay ${String(pluginLoadDelay)}: wait needs at least 1 ms, default 100`, () => {
      const { main, issues } = read({ pluginLoadDelay });
      expect(main.pluginLoadDelay).to.equal(100);
      expect(issues).to.have.length(1);
      expect(issues[0]?.message).to.match(/^Wait needs at least 1 ms/);
      expect(issues[0]?.path).to.equal('main.pluginLoadDelay');
    });
  }

  it('accepts pluginLoadDelay of exactly 1 ms', () => {
    expect(read({ pluginLoadDelay: 1 }).main.pluginLoadDelay).to.equal(1);
  });

  it('keeps only Authorization and apikey request headers and names the dropped ones', () => {
    const { main, issues } = read({
      header: { apikey: 'k', 'X-Forwarded-For': '1.2.3.4', Cookie: 'a=b', authorization: 'Bearer t' },
    });
    expect(main.header).to.deep.equal({ apikey: 'k', Authorization: 'Bearer t' });
    expect(issues).to.have.length(1);
    expect(issues[0]).to.include({ level: 'warn', path: 'main.header' });
    expect(issues[0]?.message).to.include('X-Forwarded-For').and.include('Cookie').and.not.include('apikey,');
  });

  it('drops header values that are not single-line strings', () => {
    const { main, issues } = read({ header: { apikey: 12, Authorization: 'a\r\nSet-Cookie: x' } });
    expect(main.header).to.deep.equal({});
    expect(messages(issues)[0]).to.include('apikey').and.include('Authorization');
    expect(messages(issues)).to.include('No request header found.');
  });

  it("reports 'No request header found.' when the header section accepts nothing", () => {
    for (const header of [{}, { 'X-Api-Key': 'k' }]) {
      const { main, issues } = read({ header });
      expect(main.header).to.deep.equal({});
      expect(messages(issues)).to.include('No request header found.');
    }
  });

  it('reports a header that is not an object', () => {
    const { main, issues } = read({ header: 'apikey: k' });
    expect(main.header).to.deep.equal({});
    expect(issues).to.deep.equal([{ level: 'error', message: 'header must be an object', path: 'main.header' }]);
  });

  it('reports invalid mobile mode, breakpoint, preload, fonts and debug values and uses their defaults', () => {
    const { main, issues } = read({
      mobileMode: 'yes',
      mobileModeBreakpoint: -1,
      preload: ['Callback'],
      fonts: { enabled: 'yes' },
      debug: 1,
      deploymentID: 5,
    });
    expect(main).to.deep.include({ mobileMode: 'auto', mobileModeBreakpoint: 600, preload: 'idle', debug: false, deploymentID: '' });
    expect(main.fonts).to.deep.equal({ enabled: false, family: 'Roboto:400,300,100' });
    expect(issues.map((issue) => issue.path).sort()).to.deep.equal(
      ['main.debug', 'main.deploymentID', 'main.fonts', 'main.mobileMode', 'main.mobileModeBreakpoint', 'main.preload'].sort(),
    );
    expect(issues.every((issue) => issue.level === 'error' && issue.message.length > 0)).to.equal(true);
  });

  it('bounds the deployment id, the breakpoint and the font family, with a message each', () => {
    const { main, issues } = read({ deploymentID: 'd'.repeat(65), mobileModeBreakpoint: 1e9, fonts: { enabled: true, family: 'f'.repeat(201) } });
    expect(main).to.deep.include({ deploymentID: '', mobileModeBreakpoint: 600 });
    expect(main.fonts.enabled).to.equal(false);
    expect(messages(issues)).to.deep.equal([
      'deploymentID must be at most 64 characters long',
      'mobileModeBreakpoint must be from 1 to 10000',
      'fonts.family must be 1 to 200 characters long',
    ]);
    expect(read({ deploymentID: 'd'.repeat(64), mobileModeBreakpoint: 1e4 }).main).to.deep.include({ deploymentID: 'd'.repeat(64), mobileModeBreakpoint: 1e4 });
  });

  it('rejects a fonts url that is not an absolute URL', () => {
    const { main, issues } = read({ fonts: { enabled: true, url: 'fonts.css' } });
    expect(main.fonts.enabled).to.equal(false);
    expect(messages(issues)).to.deep.equal(['fonts.url must be an absolute URL']);
  });

  it('warns about unknown keys in main', () => {
    const { issues } = read({ colour: 'red', customStyleSheetId: 'x' });
    expect(issues).to.deep.equal([
      { level: 'warn', message: 'Unknown option main.colour was ignored', path: 'main.colour' },
      { level: 'warn', message: 'Unknown option main.customStyleSheetId was ignored', path: 'main.customStyleSheetId' },
    ]);
  });

  it('passes other sections through as plain objects and reports sections that are not objects', () => {
    const sidebar = { position: 'left', channels: [{ name: 'CallUs' }] };
    const { sections, issues } = read({}, { sidebar, callback: 'yes', webchat: null, stats: [1] });
    expect(sections).to.deep.equal({ sidebar });
    expect(sections.sidebar).to.not.equal(sidebar); // a copy, detached from the host's object
    expect(issues).to.deep.equal([
      { level: 'error', message: 'Configuration section "callback" must be an object; it was ignored', path: 'callback' },
      { level: 'error', message: 'Configuration section "webchat" must be an object; it was ignored', path: 'webchat' },
      { level: 'error', message: 'Configuration section "stats" must be an object; it was ignored', path: 'stats' },
    ]);
  });

  it('reports a main section that is not an object and uses defaults', () => {
    const { main, issues } = readConfig({ main: 'dark' }, LANGS);
    expect(main.theme).to.equal('dark');
    expect(messages(issues)).to.deep.equal(['Configuration section "main" must be an object; it was ignored', 'No language code provided']);
  });

  it('keeps valid extensions and reports invalid ones', () => {
    const fn = () => undefined;
    const { main, issues } = read({
      extensions: { Mine: fn, Remote: 'https://cdn.example.com/ext.js', Bad: 42, Evil: 'javascript:alert(1)' },
    });
    expect(main.extensions).to.deep.equal({ Mine: fn, Remote: 'https://cdn.example.com/ext.js' });
    expect(issues).to.deep.equal([
      { level: 'error', message: M.extensionInvalid, path: 'main.extensions.Bad' },
      { level: 'error', message: M.extensionInvalid, path: 'main.extensions.Evil' },
    ]);
  });

  it('cannot be used to pollute Object.prototype', () => {
    const raw = JSON.parse('{"__proto__": {"polluted": true}, "main": {"lang": "en", "__proto__": {"polluted": true}}}');
    const { sections } = readConfig(raw, LANGS);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(Object.getPrototypeOf(sections)).to.equal(Object.prototype);
  });

  describe('never throws on hostile input', () => {
    const cyclic: Record<string, unknown> = { lang: 'en' };
    cyclic.self = cyclic;
    const throwing = {
      get main(): never {
        throw new Error('boom');
      },
      sidebar: {
        get channels(): never {
          throw new Error('boom');
        },
      },
    };
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const hostile: [string, unknown][] = [
      ['a symbol', Symbol('config')],
      ['a bigint', 10n],
      ['a cyclic main', { main: cyclic, sidebar: cyclic }],
      ['a cyclic i18n', { main: { lang: 'en', i18n: { en: cyclic } } }],
      ['getters that throw', throwing],
      [
        'nested getters that throw',
        {
          main: {
            lang: 'en',
            get theme(): never {
              throw new Error('x');
            },
            fonts: throwing,
          },
        },
      ],
      [
        'a proxy whose ownKeys throws',
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error('no keys');
            },
          },
        ),
      ],
      ['a revoked proxy', revoked.proxy],
      ['a revoked proxy as main', { main: revoked.proxy }],
      ['an object without a prototype', Object.assign(Object.create(null) as object, { main: { lang: 'pl' } })],
    ];
    for (const [label, raw] of hostile) {
      it(label, () => {
        const config = readConfig(raw, LANGS);
        expect(config.main.theme).to.equal('dark');
        expect(config.issues.every((issue) => typeof issue.message === 'string')).to.equal(true);
      });
    }

    it('reports getters that throw, and keeps the rest of the section', () => {
      const { sections, issues } = readConfig(throwing, LANGS);
      expect(sections).to.deep.equal({ sidebar: {} });
      expect(messages(issues)).to.include('liveAssistConfig.main could not be read');
      expect(messages(issues)).to.include('sidebar.channels could not be read');
    });
  });
});

describe('validateExtension', () => {
  const fn = () => undefined;
  const taken = new Set(['Taken']);

  it('accepts a new name with a function or a URL once the app is ready', () => {
    expect(validateExtension('Mine', fn, taken, true)).to.equal(null);
    expect(validateExtension('Mine', 'https://cdn.example.com/ext.js', taken, true)).to.equal(null);
    expect(validateExtension('Mine', '/extensions/mine.js', taken, true)).to.equal(null);
  });

  it('refuses registration before App.ready', () => {
    expect(validateExtension('Mine', fn, taken, false)).to.equal('You must wait until App.ready is published before registering new Extensions.');
  });

  it('refuses a name that is not a string, or an extension that is neither a function nor a URL', () => {
    const message = 'The options name must be a string and extension must be a function or a URL.';
    for (const [name, extension] of [
      [42, fn],
      ['', fn],
      ['Mine', 42],
      ['Mine', {}],
      ['Mine', ''],
      ['Mine', 'javascript:alert(1)'],
      ['Mine', 'data:text/javascript,alert(1)'],
    ] as const) {
      expect(validateExtension(name, extension, taken, true), `${String(name)} ${String(extension)}`).to.equal(message);
    }
  });

  it('refuses a name that is already taken', () => {
    expect(validateExtension('Taken', fn, taken, true)).to.equal('The Extension name: Taken, is already taken. Please use another name.');
  });
});

// The loader reads the configuration with src/app/config.ts `loadConfig` (no messages) and imports
// config-check.ts to explain it only when `clean` is false: both must read every configuration alike.
describe('loadConfig (the loader) and readConfig (the explanations) read alike', () => {
  const fn = () => undefined;
  const throwing = (value: Record<string, unknown>, key: string) =>
    Object.defineProperty({ ...value }, key, {
      enumerable: true,
      get: () => {
        throw new Error('boom');
      },
    });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  // Each option's valid and invalid values (undefined: the option left out).
  const VALUES: Record<string, unknown[]> = {
    deploymentID: [undefined, '', 'ppk', 'x'.repeat(64), 'x'.repeat(65), 42, null],
    theme: [undefined, 'dark', 'light', 'custom', 'blue', '', null, ['dark'], 'toString'],
    themes: [
      undefined,
      {},
      { custom: 'cx-theme-custom' },
      { dark: 'site-dark', custom: 'c' },
      { custom: 'two words' },
      { custom: 1 },
      'cx',
      null,
      throwing({ custom: 'c' }, 'x'),
    ],
    customStylesheetID: [undefined, 'genesys-widgets-custom', '', 'a b', 7, 'x'.repeat(256), 'x'.repeat(257)],
    lang: ['en', undefined, 'pl', 'PL', ' pl ', 'de', 'xx', '', '  ', 42, null],
    i18n: [
      undefined,
      '/packs/de.json',
      '  /packs/pl.json ',
      '',
      '  ',
      42,
      { de: { common: { close: 'Schließen' } } },
      { pl: 'not a pack' },
      ['pl'],
      {},
      throwing({ de: {} }, 'xx'),
    ],
    timeFormat: [undefined, 12, 24, 13, '12', NaN],
    mobileMode: [undefined, 'auto', true, false, 'yes', 0],
    mobileModeBreakpoint: [undefined, 1, 480, 1e4, 0, 10001, NaN, Infinity, '480'],
    header: [
      undefined,
      {},
      { apikey: 'k' },
      { Authorization: 'Bearer t', apikey: 'k' },
      { authorization: 'x', 'X-Other': 'y' },
      { apikey: 12 },
      { apikey: 'a\r\nb' },
      { constructor: 'x' },
      { __proto__: 'x', toString: 'y' },
      'apikey: k',
      ['apikey'],
      null,
      throwing({ apikey: 'k' }, 'Authorization'),
    ],
    pluginLoadDelay: [undefined, 1, 250, 2 ** 31 - 1, 2 ** 31, 0, 0.5, -1, NaN, '100'],
    preload: [undefined, 'idle', 'intent', 'eager', null],
    fonts: [
      undefined,
      {},
      { enabled: true },
      { enabled: 'yes' },
      { family: '' },
      { family: 'x'.repeat(200) },
      { family: 'x'.repeat(201) },
      { family: 3 },
      { url: 'https://fonts.example.com/css' },
      { url: '/relative.css' },
      { url: 7 },
      'Roboto',
      null,
      throwing({ enabled: true }, 'family'),
    ],
    extensions: [
      undefined,
      {},
      { Mine: fn },
      { Remote: 'https://cdn.example.com/ext.js', Local: '/ext.js' },
      { Bad: 42 },
      { Evil: 'javascript:alert(1)', Mine: fn },
      { '': fn },
      'ext',
      [fn],
      throwing({ Mine: fn }, 'Other'),
    ],
    debug: [undefined, true, false, 'true', 1],
    unknown: [undefined, 'anything'],
  };
  // A small deterministic generator (mulberry32), so a failure can be reproduced from its index.
  let seed = 17;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  /** Mostly the first (valid) value, so that each configuration has zero, one or a few problems. */
  const main = (): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, values] of Object.entries(VALUES)) {
      const value = random() < 0.88 ? values[0] : pick(values);
      if (value !== undefined) out[key] = value;
    }
    return out;
  };
  const generated: unknown[] = Array.from({ length: 3000 }, (_, i) => {
    const shape = i % 10;
    if (shape === 0) return pick([undefined, null, 'oops', 42, [], [{ main: {} }], () => undefined, Symbol('c'), 10n]);
    const config: Record<string, unknown> = { main: main() };
    if (shape === 1) config.main = pick([42, 'main', null, [], throwing({}, 'x')]);
    if (random() < 0.5) config.sidebar = pick([{ channels: [] }, { channels: 'x' }, 'sidebar', null, throwing({ a: 1 }, 'channels')]);
    if (random() < 0.3) config.webchat = pick([{ transport: { type: 'cometd' } }, [], 7]);
    if (shape === 2) return throwing(config, 'stats');
    if (shape === 3) return pick([revoked.proxy, { main: revoked.proxy }, { main: { header: revoked.proxy } }, { main: { fonts: revoked.proxy } }]);
    return config;
  });

  const shown = (raw: unknown): string => {
    try {
      return JSON.stringify(raw, (_, v: unknown) => (typeof v === 'function' ? 'fn' : typeof v === 'bigint' ? 'bigint' : v)) ?? String(raw);
    } catch {
      return 'a configuration whose getter throws, or a revoked proxy';
    }
  };

  it('gives the same configuration for 3,000 configurations, and is clean exactly when readConfig finds no issue', () => {
    let clean = 0;
    generated.forEach((raw, i) => {
      for (const langs of [LANGS, ['en']] as const) {
        const fast = loadConfig(raw, langs);
        const full = readConfig(raw, langs);
        const label = `configuration ${i} (${langs.join(',')}): ${shown(raw)}`;
        expect(fast.main, label).to.deep.equal(full.main);
        expect(Object.keys(fast.main), label).to.deep.equal(Object.keys(full.main));
        expect(fast.sections, label).to.deep.equal(full.sections);
        expect(fast.clean, `${label}: ${JSON.stringify(full.issues)}`).to.equal(full.issues.length === 0);
        if (fast.clean) clean += 1;
      }
    });
    // Both kinds are exercised: configurations that are explained and configurations that are not.
    expect(clean, `${clean} of 6,000 clean`).to.be.within(300, 5700);
  });

  it('reads the hand-written cases alike (the hostile inputs, the defaults)', () => {
    const cases: unknown[] = [
      {},
      { main: {} },
      { main: { lang: 'pl' } },
      { main: { lang: 'de', i18n: '/packs/de.json' } },
      { main: { lang: ' PL ' } },
      JSON.parse('{"__proto__": {"polluted": true}, "main": {"lang": "en", "__proto__": {"polluted": true}}}'),
      Object.assign(Object.create(null) as object, { main: { lang: 'pl' } }),
      new Proxy(
        {},
        {
          ownKeys: () => {
            throw new Error('no keys');
          },
        },
      ),
    ];
    for (const raw of cases) {
      const fast = loadConfig(raw, LANGS);
      const full = readConfig(raw, LANGS);
      expect(fast.main).to.deep.equal(full.main);
      expect(fast.sections).to.deep.equal(full.sections);
      expect(fast.clean).to.equal(full.issues.length === 0);
    }
    expect(loadConfig(undefined, LANGS).main).to.deep.equal(defaultMainConfig());
  });

  it("never keeps a header named after an Object.prototype member ('constructor', '__proto__', 'toString')", () => {
    const raw = { main: { lang: 'en', header: JSON.parse('{"constructor": "x", "__proto__": "y", "toString": "z", "apikey": "k"}') } };
    expect(loadConfig(raw, LANGS).main.header).to.deep.equal({ apikey: 'k' });
    const { main, issues } = readConfig(raw, LANGS);
    expect(main.header).to.deep.equal({ apikey: 'k' });
    expect(issues).to.deep.equal([
      {
        level: 'warn',
        message: 'Request headers dropped: constructor, __proto__, toString (only Authorization and apikey are accepted, as single-line strings)',
        path: 'main.header',
      },
    ]);
  });
});
