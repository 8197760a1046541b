// The published declarations carry the whole bus vocabulary: every command and event the sources
// declare (wherever a plugin declares them) is also declared for a consumer who imports 'live-assist'
// and sees only dist/types. Run by `npm run test:types`, after `npm run build:types`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The program a tsconfig describes. */
function program(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  return ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true, declaration: false, emitDeclarationOnly: false });
}

/** The member names of the interfaces `Commands` and `Events` exported by a module file. */
function vocabulary(prog, file) {
  const checker = prog.getTypeChecker();
  const source = prog.getSourceFile(file);
  assert.ok(source, `${file} is part of the program`);
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(source));
  const names = (name) => {
    const symbol = exports.find((s) => s.name === name);
    assert.ok(symbol, `${file} exports ${name}`);
    return checker
      .getDeclaredTypeOfSymbol(symbol)
      .getProperties()
      .map((p) => p.name)
      .sort();
  };
  return { commands: names('Commands'), events: names('Events') };
}

test('a consumer of the built package sees every command and event the sources declare', () => {
  // The sources: every file tsconfig.build.json compiles, so every augmentation wherever it is written.
  const sources = vocabulary(program(join(ROOT, 'tsconfig.build.json')), join(ROOT, 'src', 'bus', 'types.ts'));
  // The consumer: only what 'live-assist' (package.json "exports" → dist/types) brings in.
  const consumerProgram = program(join(ROOT, 'test', 'types', 'tsconfig.json'));
  const published = vocabulary(consumerProgram, join(ROOT, 'dist', 'types', 'src', 'bus', 'types.d.ts'));
  assert.ok(sources.commands.length > 40 && sources.events.length > 40, 'the vocabulary was read');
  assert.deepEqual(published.commands, sources.commands);
  assert.deepEqual(published.events, sources.events);
});
