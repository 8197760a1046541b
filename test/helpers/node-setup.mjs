// Preloaded (`node --import`) by `npm run test:node`: lets the mocha-style test files that need no
// browser (machines, bus, services, http, pure app modules) run unchanged under `node --test`.
//
// Those files are written for web-test-runner's mocha: `describe` / `it` / `before` / `after` /
// `beforeEach` / `afterEach` as globals and chai from `@esm-bundle/chai`. node:test's functions of the
// same names take the same arguments for what the tests use (a name and a body without parameters),
// so they are the globals themselves: a failure is then reported at the test's own line. The
// per-test timeout is the command line's `--test-timeout` (it applies to hooks too).
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { register } from 'node:module';

register('./node-resolve.mjs', import.meta.url);

Object.assign(globalThis, { describe, it, before, after, beforeEach, afterEach });
