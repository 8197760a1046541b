import type { App } from '../../app/app.ts';
import { DEFAULT_TEST_CONFIG, readTestConfig, runTests, TEST_MODULE_TIMEOUT_MS } from '../../../machines/test-runner.ts';
import type { TestCase, TestRunnerConfig } from '../../../machines/test-runner.ts';

/** Said when a test module does not load in time or has no `tests` (spec §8, Bus). */
const MODULE_FAILED = 'Could not load module';

/**
 * The test runner for a deployment's own smoke tests (machines/test-runner.ts has the rule). Its settings
 * start from the `testrunner` section; its tests are given to `TestRunner.run` or are the `tests` export
 * of each of `modules`, imported from `{testFolder}{module}.js` within 3000 ms. Start, each step's
 * result, stop and the results are bus events (the console's watch shows them). Commands run as the page
 * only when the page's own script asked for the run; otherwise as 'TestRunner', so permissions apply.
 */
export function register(app: App, _idle?: boolean, importModule = (url: string) => import(/* @vite-ignore */ url)): void {
  const plugin = app.bus.registerPlugin('TestRunner');
  const section = app.section('testrunner');
  let config: TestRunnerConfig = DEFAULT_TEST_CONFIG;
  if (Object.keys(section).length > 0) {
    const read = readTestConfig(section);
    if ('error' in read) console.error(`[live-assist] testrunner: ${read.error}`);
    else config = read;
  }
  let stopping = false;
  let running = false;
  const wait = (ms: number) => new Promise<void>((resolve) => app.window.setTimeout(resolve, ms));

  const load = async (): Promise<TestCase[]> => {
    const tests: TestCase[] = [];
    for (const name of config.modules) {
      const url = new URL(`${config.testFolder}${name}.js`, app.window.location.href).href;
      const module = (await Promise.race([importModule(url), wait(TEST_MODULE_TIMEOUT_MS).then(() => undefined)]).catch(() => undefined)) as
        { tests?: unknown } | undefined;
      if (!Array.isArray(module?.tests)) throw new Error(`${MODULE_FAILED}: ${name} (${url})`);
      tests.push(...(module.tests as TestCase[]));
    }
    return tests;
  };

  plugin.registerCommand('configure', (options) => {
    const read = readTestConfig(options, config);
    if ('error' in read) throw new Error(read.error);
    config = read;
  });
  plugin.registerCommand('run', async (options, { commander }) => {
    if (running) throw new Error('A test run is in progress');
    running = true;
    stopping = false;
    try {
      const given = (options as { tests?: unknown } | undefined)?.tests;
      const tests = Array.isArray(given) ? (given as TestCase[]) : await load();
      plugin.publish('started', { tests: tests.map((t) => String(t?.name)) });
      const as = commander === 'page' ? 'page' : 'TestRunner';
      const results = await runTests(tests, config, {
        run: (command, commandOptions) => app.bus.commandByName(command, commandOptions, { commander: as }),
        wait,
        progress: (result) => plugin.publish('progress', result),
        stopped: () => stopping,
      });
      plugin.publish(results.stopped ? 'stopped' : 'completed', results);
      return results;
    } finally {
      running = false;
    }
  });
  plugin.registerCommand('stop', () => {
    stopping = true;
  });
  plugin.ready();
}
