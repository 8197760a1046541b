// Every test file runs in `npm test`: each test/**/*.test.{ts,tsx,mjs} belongs to exactly one suite —
// Node (package.json "test:node"), Chromium (web-test-runner.config.mjs `files`) or another script
// `npm test` runs that names it. A file no suite picks up (as the *.tsx tests once were) fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;

/** A shell or web-test-runner glob (`*`, `**`, `{a,b}`) as a regular expression over repo paths. */
function globRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '{') source += '(?:';
    else if (c === '}') source += ')';
    else if (c === ',' && source.includes('(?:')) source += '|';
    else source += c.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The files `globs` select; globs starting with `!` take files out again. */
function select(files, globs) {
  const take = globs.filter((g) => !g.startsWith('!')).map(globRegExp);
  const leave = globs.filter((g) => g.startsWith('!')).map((g) => globRegExp(g.slice(1)));
  return files.filter((f) => take.some((r) => r.test(f)) && !leave.some((r) => r.test(f)));
}

/** The scripts `npm test` runs, following `npm run <name>` from "test". */
function scriptsOfTest(name = 'test', seen = new Set()) {
  if (seen.has(name) || !scripts[name]) return seen;
  seen.add(name);
  for (const [, next] of scripts[name].matchAll(/npm run ([\w:-]+)/g)) scriptsOfTest(next, seen);
  return seen;
}

const testFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.(ts|tsx|mjs)$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });

test('each test file runs in exactly one suite of npm test', async () => {
  const files = testFiles(join(ROOT, 'test')).sort();
  const testArgs = (script) => scripts[script].split(/\s+/).filter((arg) => /^test\/\S*\.test\./.test(arg));
  const { default: wtr } = await import(join(ROOT, 'web-test-runner.config.mjs'));
  const suites = { browser: select(files, wtr.files) };
  for (const script of scriptsOfTest()) suites[script] = select(files, testArgs(script));
  const suitesOf = (file) => Object.keys(suites).filter((suite) => suites[suite].includes(file));
  assert.deepEqual(
    files.filter((file) => suitesOf(file).length !== 1).map((file) => `${file}: ${suitesOf(file).join(', ') || 'no suite'}`),
    [],
  );
  assert.ok(suites['test:node'].includes('test/machines/callback.machine.test.ts'), 'machine tests run in Node');
  assert.ok(suites.browser.includes('test/elements/react-host.test.tsx'), 'the .tsx element tests run in Chromium');
});
