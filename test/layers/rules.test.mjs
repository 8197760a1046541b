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
