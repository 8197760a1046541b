// The registry (src/widgets.ts) against every list that is kept beside it rather than derived: each fails
// here when a widget is added to one and not the other. (The plugin table and the element classes are held
// to it by the type checker; the load graph, the plugin names, the build's chunks and the bench's windows
// read it.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WIDGETS } from '../../scripts/registry.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (path) => readFileSync(join(ROOT, path), 'utf8');
const tags = WIDGETS.flatMap((row) => row.elements ?? []);
const plugins = WIDGETS.flatMap((row) => row.plugins);

/** Every file under `dir` (relative to the root), recursively. */
const filesUnder = (dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      relative(ROOT, join(entry.parentPath ?? entry.path, entry.name))
        .split('\\')
        .join('/'),
    );

test('each widget, plugin and tag is named once', () => {
  for (const list of [WIDGETS.map((row) => row.name), plugins, tags]) assert.deepEqual(list, [...new Set(list)]);
});

test('each element has a class in elements/<widget>/la-*.ts with its tag and one of its row’s plugins', () => {
  const hosts = filesUnder('elements').filter((file) => /\/la-[\w-]+\.ts$/.test(file));
  const specs = hosts.map((file) => ({ file, tag: /\btag: '([\w-]+)'/.exec(read(file))?.[1], plugin: /\bplugin: '(\w+)'/.exec(read(file))?.[1] }));
  for (const row of WIDGETS) {
    for (const tag of row.elements ?? []) {
      const spec = specs.find((s) => s.tag === tag);
      assert.ok(spec, `<${tag}> (registry row '${row.name}') has no element class in elements/*/la-*.ts`);
      assert.ok(spec.file.startsWith(`elements/${row.name}/`), `<${tag}> lives in elements/${row.name}/, not ${spec.file}`);
      assert.ok(row.plugins.includes(spec.plugin), `<${tag}>'s plugin ${spec.plugin} is one of row '${row.name}'s plugins`);
    }
  }
  for (const spec of specs) assert.ok(tags.includes(spec.tag), `${spec.file} defines <${spec.tag}>, which no registry row names`);
});

test('each element has a page in docs/elements/ and a line in the README’s element table, and no other does', () => {
  const pages = readdirSync(join(ROOT, 'docs/elements'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `la-${f.replace(/\.md$/, '')}`);
  assert.deepEqual([...pages].sort(), [...tags].sort(), 'docs/elements/<name>.md for each registered tag');
  const table = [...read('README.md').matchAll(/^\| \[`<(la-[\w-]+)>`\]\(docs\/elements\/([\w-]+)\.md\)/gm)];
  assert.deepEqual(table.map(([, tag]) => tag).sort(), [...tags].sort(), "the README's element table lists every registered tag");
  for (const [, tag, page] of table) assert.equal(`la-${page}`, tag, `the README links <${tag}> to its own page`);
});

test('each widget with an element has a budget row of its name and locale keys in en and pl', () => {
  const budgets = JSON.parse(read('test/bench/budgets.json')).budgets;
  const en = JSON.parse(read('locales/en.json'));
  const pl = JSON.parse(read('locales/pl.json'));
  for (const row of WIDGETS.filter((r) => r.elements)) {
    assert.ok(Object.hasOwn(budgets, row.name), `test/bench/budgets.json has a row '${row.name}'`);
    const prefix = `${row.name.replace(/-/g, '')}.`;
    const keys = Object.keys(en).filter((key) => key.startsWith(prefix));
    assert.ok(keys.length > 0, `locales/en.json has ${prefix}* keys`);
    for (const key of keys) assert.ok(Object.hasOwn(pl, key), `locales/pl.json has ${key}`);
  }
});

test("each name in a row's chunks is counted by a budget row", () => {
  const budgets = JSON.parse(read('test/bench/budgets.json')).budgets;
  const counted = new Set(Object.entries(budgets).flatMap(([key, budget]) => budget.widgets ?? [key]));
  for (const row of WIDGETS) {
    for (const name of Object.values(row.chunks ?? {}).flat())
      assert.ok(counted.has(name), `test/bench/budgets.json counts ${name} (row '${row.name}') in one of its rows' widgets`);
  }
});

test("each name in a row's chunks is a module of that widget (plugin, machine, view folder or stylesheet)", () => {
  const files = [
    ...filesUnder('src/plugins'),
    ...filesUnder('machines'),
    ...filesUnder('styles'),
    ...readdirSync(join(ROOT, 'elements')).map((d) => `elements/${d}/`),
  ];
  const baseNames = new Set(
    files
      .map((file) => /([\w-]+)(?:\.machine)?\.(?:ts|css)$|elements\/([\w-]+)\/$/.exec(file))
      .filter(Boolean)
      .map((m) => m[1] ?? m[2]),
  );
  for (const row of WIDGETS) {
    for (const [chunk, names] of Object.entries(row.chunks ?? {})) {
      for (const name of names) assert.ok(baseNames.has(name), `row '${row.name}', chunk '${chunk}': no module is named ${name}`);
    }
  }
});

test('each plugin is in the plugin table and the side buttons each have a launcher', () => {
  const table = read('src/plugins/index.ts');
  for (const plugin of plugins) assert.match(table, new RegExp(`\\b${plugin}: \\(\\) => import\\(`), `src/plugins/index.ts loads ${plugin}`);
  for (const row of WIDGETS.filter((r) => r.sideButton))
    assert.ok(existsSync(join(ROOT, `elements/${row.name}/launcher.ts`)), `elements/${row.name}/launcher.ts`);
});

test("the package re-exports every plugin's public vocabulary (src/plugins/**/*.api.ts)", () => {
  const index = read('src/index.ts');
  for (const file of filesUnder('src/plugins').filter((f) => f.endsWith('.api.ts'))) {
    assert.ok(index.includes(`export type * from './${file.replace(/^src\//, '')}';`), `src/index.ts re-exports ${file}`);
  }
});
