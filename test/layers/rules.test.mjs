// The layer rules (.dependency-cruiser.cjs) against a small tree written for each case: every arrow
// DESIGN.md forbids is reported under its rule, the allowed ones (downward, and type-only where a rule
// allows it) are not. The checker runs exactly as `npm run lint:layers` runs it, so a rule that stopped
// matching (a renamed folder, a broken resolver setting) fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules', '.bin', 'depcruise');

/** The modules every case can import: one per layer. */
const BASE = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true, noEmit: true } }),
  'src/bus/bus.ts': 'export const bus = 1;\nexport type Bus = number;\n',
  'src/http/request.ts': 'export const request = 1;\n',
  'src/app/app.ts': 'export const app = 1;\nexport type App = number;\n',
  'src/services/stats.ts': 'export const stats = 1;\nexport type Wait = number;\n',
  'src/plugins/sidebar.ts': 'export const plugin = 1;\nexport type SidebarActor = number;\n',
  'machines/sidebar.machine.ts': 'export const machine = 1;\nexport type SidebarEvent = number;\n',
  'elements/sidebar/la-sidebar.ts': 'export const element = 1;\nexport type LaSidebarElement = number;\n',
  // The plugin table: the plugin rules are made from its loaders.
  'src/plugins/index.ts': "export const lazyPlugins = {\n  Sidebar: () => import('./sidebar.ts'),\n};\n",
};

/** Runs the checker in `dir` as `npm run lint:layers` does, with the given reporter. */
const depcruise = (dir, outputType) =>
  new Promise((done) =>
    execFile(DEPCRUISE, ['--config', CONFIG, '--output-type', outputType, 'src', 'elements', 'machines'], { cwd: dir }, (error, stdout) =>
      done({ stdout, code: error ? error.code : 0 }),
    ),
  );

/**
 * Writes BASE plus `files` to a fresh directory and runs the checker there: the violations as
 * `rule: from -> to` (JSON reporter) and the exit code of the console reporter `lint:layers` uses.
 */
async function check(files) {
  const dir = await mkdtemp(join(tmpdir(), 'la-layers-'));
  try {
    for (const [path, text] of Object.entries({ ...BASE, ...files })) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const [json, console] = await Promise.all([depcruise(dir, 'json'), depcruise(dir, 'err')]);
    const { summary } = JSON.parse(json.stdout);
    return {
      code: console.code,
      violations: summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort(),
      cruised: summary.totalCruised,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('downward imports pass, and type-only imports where a rule allows them', async () => {
  const { code, violations, cruised } = await check({
    'src/plugins/callback.ts':
      "import { machine } from '../../machines/sidebar.machine.ts';\nimport { stats } from '../services/stats.ts';\nimport { bus } from '../bus/bus.ts';\nexport default [machine, stats, bus];\n",
    'elements/callback/la-callback.ts':
      "import type { SidebarActor } from '../../src/plugins/sidebar.ts';\nimport { machine } from '../../machines/sidebar.machine.ts';\nimport { app } from '../../src/app/app.ts';\nexport type A = SidebarActor;\nexport default [machine, app];\n",
    'machines/callback.machine.ts': "import type { Wait } from '../src/services/stats.ts';\nexport type W = Wait;\n",
    'src/services/callback.ts': "import { request } from '../http/request.ts';\nexport default request;\n",
  });
  assert.deepEqual(violations, []);
  assert.equal(code, 0);
  assert.ok(cruised >= 11, `the checker read the tree (${cruised} modules)`);
});

test('every forbidden arrow fails under its rule', async () => {
  const { code, violations } = await check({
    'machines/a.machine.ts': "import { bus } from '../src/bus/bus.ts';\nexport default bus;\n",
    'machines/b.machine.ts': "import { stats } from '../src/services/stats.ts';\nexport default stats;\n",
    'machines/c.machine.ts': "import { plugin } from '../src/plugins/sidebar.ts';\nexport default plugin;\n",
    'src/services/a.ts': "import type { SidebarEvent } from '../../machines/sidebar.machine.ts';\nexport type E = SidebarEvent;\n",
    'src/services/b.ts': "import { element } from '../../elements/sidebar/la-sidebar.ts';\nexport default element;\n",
    'elements/a.ts': "import { request } from '../src/http/request.ts';\nexport default request;\n",
    'elements/b.ts': "import type { Wait } from '../src/services/stats.ts';\nexport type W = Wait;\n",
    'src/bus/a.ts': "import type { App } from '../app/app.ts';\nexport type A = App;\n",
    'src/bus/b.ts': "import { plugin } from '../plugins/sidebar.ts';\nexport default plugin;\n",
    'src/app/a.ts': "import { element } from '../../elements/sidebar/la-sidebar.ts';\nexport default element;\n",
    'src/app/b.ts': "import { plugin } from '../plugins/sidebar.ts';\nexport default plugin;\n",
    'src/plugins/a.ts': "import type { LaSidebarElement } from '../../elements/sidebar/la-sidebar.ts';\nexport type E = LaSidebarElement;\n",
    'src/plugins/b.ts': "import { gone } from './missing.ts';\nexport default gone;\n",
  });
  assert.deepEqual(violations, [
    'app-core-is-below-plugins-and-views: src/app/a.ts -> elements/sidebar/la-sidebar.ts',
    'app-core-is-below-plugins-and-views: src/app/b.ts -> src/plugins/sidebar.ts',
    'bus-is-the-bottom: src/bus/a.ts -> src/app/app.ts',
    'bus-is-the-bottom: src/bus/b.ts -> src/plugins/sidebar.ts',
    'machines-are-pure: machines/a.machine.ts -> src/bus/bus.ts',
    'machines-are-pure: machines/b.machine.ts -> src/services/stats.ts',
    'machines-are-pure: machines/c.machine.ts -> src/plugins/sidebar.ts',
    'no-unresolvable: src/plugins/b.ts -> ./missing.ts',
    'plugins-build-no-views: src/plugins/a.ts -> elements/sidebar/la-sidebar.ts',
    'services-know-no-machines: src/services/a.ts -> machines/sidebar.machine.ts',
    'services-know-no-machines: src/services/b.ts -> elements/sidebar/la-sidebar.ts',
    'views-do-no-network: elements/a.ts -> src/http/request.ts',
    'views-do-no-network: elements/b.ts -> src/services/stats.ts',
  ]);
  assert.notEqual(code, 0);
});

/** A module of `names` exported as constants (and, for `type`, one type), importing `imports` (lines). */
const module = (imports, ...names) =>
  `${imports.map((line) => `${line}\n`).join('')}${names.map((n) => `export const ${n} = 1;\n`).join('')}export type T = number;\n`;

test('a plugin imports no other plugin, flat or in a folder; shared modules and vocabularies (as types) are open to all', async () => {
  const { code, violations } = await check({
    // Flat plugins, a plugin in a folder of its own, and two plugins of one widget in one folder.
    'src/plugins/index.ts': [
      'export const lazyPlugins = {',
      "  Sidebar: () => import('./sidebar.ts'),",
      "  Callback: () => import('./callback.ts'),",
      "  CallbackService: () => import('./callback-service.ts'),",
      "  WebChat: () => import('./webchat/index.ts'),",
      "  Calendar: () => import('./calendar/calendar.ts'),",
      "  CalendarService: () => import('./calendar/calendar-service.ts').then((m) => ({ register: m.register })),",
      "  Overlay: () => import('./overlay.ts'),",
      "  Toaster: () => import('./toaster.ts'),",
      "  Console: () => import('./console.ts'),",
      "  Watchman: () => import('./watchman.ts'),",
      '};',
    ].join('\n'),
    // Shared modules: a section reader two plugins read, and what it builds on.
    'src/plugins/office-hours.ts': module([], 'hours'),
    'src/plugins/callback-config.ts': module(["import { hours } from './office-hours.ts';", 'void hours;'], 'config'),
    'src/plugins/calendar/calendar-config.ts': module([], 'config'),
    // Allowed: own files, shared modules, another plugin's vocabulary as types.
    'src/plugins/callback.api.ts': module(["import type { T as Actor } from './callback.ts';", 'export type A = Actor;'], 'names'),
    'src/plugins/callback.ts': module(["import { config } from './callback-config.ts';", 'void config;'], 'plugin'),
    'src/plugins/callback-service.ts': module(
      ["import { config } from './callback-config.ts';", "import type { A } from './callback.api.ts';", 'export type B = A;', 'void config;'],
      'register',
    ),
    'src/plugins/webchat/api.ts': module(["import type { T as C } from './controller.ts';", 'export type W = C;']),
    'src/plugins/webchat/controller.ts': module(["import { config } from '../callback-config.ts';", 'void config;'], 'controller'),
    'src/plugins/webchat/index.ts': module(
      ["import { controller } from './controller.ts';", "import type { A } from '../callback.api.ts';", 'export type B = A;', 'void controller;'],
      'register',
    ),
    'src/plugins/calendar/calendar.ts': module(["import { config } from './calendar-config.ts';", 'void config;'], 'register'),
    'src/plugins/sidebar.ts': module(["import type { W } from './webchat/api.ts';", 'export type S = W;']),
    // Forbidden: a plugin's code, even its types, from another plugin (flat, in a folder, or beside it in
    // one) or from a shared module; another plugin's vocabulary at run time.
    'src/plugins/overlay.ts': module(["import { plugin } from './callback.ts';", 'void plugin;']),
    'src/plugins/toaster.ts': module(["import type { T } from './callback-service.ts';", 'export type U = T;']),
    'src/plugins/console.ts': module(["import { controller } from './webchat/controller.ts';", 'void controller;']),
    'src/plugins/watchman.ts': module(["import { names } from './callback.api.ts';", 'void names;']),
    'src/plugins/webchat/out.ts': module(["import { plugin } from '../callback.ts';", 'void plugin;']),
    'src/plugins/calendar/calendar-service.ts': module(
      ["import { config } from './calendar-config.ts';", "import { register } from './calendar.ts';", 'void config, register;'],
      'register',
    ),
    'src/plugins/stats-config.ts': module(["import type { S } from './sidebar.ts';", 'export type V = S;']),
  });
  assert.deepEqual(violations, [
    'plugin-vocabulary-is-type-only: src/plugins/watchman.ts -> src/plugins/callback.api.ts',
    'plugins-import-no-plugin: src/plugins/calendar/calendar-service.ts -> src/plugins/calendar/calendar.ts',
    'plugins-import-no-plugin: src/plugins/console.ts -> src/plugins/webchat/controller.ts',
    'plugins-import-no-plugin: src/plugins/overlay.ts -> src/plugins/callback.ts',
    'plugins-import-no-plugin: src/plugins/stats-config.ts -> src/plugins/sidebar.ts',
    'plugins-import-no-plugin: src/plugins/toaster.ts -> src/plugins/callback-service.ts',
    'plugins-import-no-plugin: src/plugins/webchat/out.ts -> src/plugins/callback.ts',
  ]);
  assert.notEqual(code, 0);
});

test('no module imports itself back through others, at run time, lazily or by types alone', async () => {
  const { code, violations } = await check({
    // A plugin and its vocabulary, by types both ways.
    'src/plugins/sidebar.api.ts': "import type { SidebarActor } from './sidebar.ts';\nexport type A = SidebarActor;\nexport type State = number;\n",
    'src/plugins/sidebar.ts': "import type { State } from './sidebar.api.ts';\nexport const plugin = 1;\nexport type SidebarActor = State;\n",
    // A module that loads another lazily, which names its type back.
    'machines/phone.ts': "export const load = () => import('./phone-check.ts');\nexport type Rules = number;\n",
    'machines/phone-check.ts': "import type { Rules } from './phone.ts';\nexport const check = (rules: Rules) => rules > 0;\n",
  });
  // One report per circle, at the module the checker met first.
  assert.deepEqual(violations, [
    'no-circular: machines/phone-check.ts -> machines/phone.ts',
    'no-circular: src/plugins/sidebar.api.ts -> src/plugins/sidebar.ts',
  ]);
  assert.notEqual(code, 0);
});
