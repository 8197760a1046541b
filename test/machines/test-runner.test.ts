import { expect } from '@esm-bundle/chai';
import { Bus } from '../../src/bus/index.ts';
import type { App } from '../../src/app/app.ts';
import {
  DEFAULT_TEST_CONFIG,
  readTestConfig,
  runTests,
  TEST_MODULE_TIMEOUT_MS,
  TEST_STEP_TIMEOUT_MS,
  TEST_STEP_WAIT_MS,
  TEST_WAIT_MS,
  testMessages,
} from '../../machines/test-runner.ts';
import type { TestCase, TestStep } from '../../machines/test-runner.ts';
import { register } from '../../src/plugins/test-runner/test-runner.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Short timings so the suite is quick; the timeout is what the spec's 1000 ms would be, scaled. */
const config = { ...DEFAULT_TEST_CONFIG, globalStepTimeout: 60, globalStepWait: 1, globalTestWait: 1 };
const commands: Record<string, (options: unknown) => Promise<unknown>> = {
  'A.ok': async () => ({ id: 1, list: [1, 2] }),
  'A.nothing': async () => undefined,
  'A.no': async () => {
    throw new Error('refused');
  },
  'A.slow': () => sleep(200),
};
const run = (command: string, options: unknown) => (commands[command] ?? (() => Promise.reject(new Error('Command does not exist'))))(options);
const one = async (...steps: TestStep[]) => (await runTests([{ name: 't', steps }], config, { run, wait: sleep })).tests[0]!.steps.at(-1)!;

describe('test runner', () => {
  it('has the spec defaults', () => {
    expect([TEST_STEP_TIMEOUT_MS, TEST_STEP_WAIT_MS, TEST_WAIT_MS, TEST_MODULE_TIMEOUT_MS]).to.deep.equal([1000, 100, 800, 3000]);
    expect(DEFAULT_TEST_CONFIG).to.deep.include({ online: false, stopOnFailedTest: false, globalStepTimeout: 1000, globalStepWait: 100, globalTestWait: 800 });
  });

  it('passes resolve steps, with and without expected data, and saves data by name', async () => {
    const saved: unknown[] = [];
    const results = await runTests(
      [
        {
          name: 'ok',
          steps: [
            { type: 'resolve', command: 'A.ok', data: { id: 1, list: [1, 2] }, saveAs: 'first' },
            { type: 'resolve', command: 'A.nothing' },
            { type: 'function', test: (data) => saved.push(data.first) },
            { type: 'async', test: async (data) => (data.first as { id: number }).id === 1 },
            { type: 'reject', command: 'A.no' },
            { type: 'wait', time: 5 },
          ],
        },
      ],
      config,
      { run, wait: sleep },
    );
    expect(results).to.deep.include({ passed: 1, failed: 0, stopped: false });
    expect(results.tests[0]!.steps.every((s) => s.passed)).to.equal(true);
    expect(saved).to.deep.equal([{ id: 1, list: [1, 2] }]);
  });

  it('says each of the spec messages', async () => {
    expect((await one({ type: 'resolve', command: 'A.ok', data: { id: 2 } })).message).to.equal('Returned data is not as expected');
    expect((await one({ type: 'resolve', command: 'A.no' })).message).to.equal('Did not resolve as expected');
    expect((await one({ type: 'reject', command: 'A.ok' })).message).to.equal('Did not reject as expected');
    expect((await one({ type: 'nope' } as unknown as TestStep)).message).to.equal('Invalid Testing Step Type');
    expect((await one({ type: 'function', test: () => false })).message).to.equal('function test failed');
    expect(
      (
        await one({
          type: 'function',
          test: () => {
            throw new Error('x');
          },
        })
      ).message,
    ).to.equal('function test failed');
    expect((await one({ type: 'wait', time: 0 })).message).to.equal('Invalid wait time specified. Wait needs at least 1 ms.');
    expect((await one({ type: 'wait', time: '5' } as unknown as TestStep)).message).to.match(/^Invalid wait time specified/);
    expect((await one({ type: 'async', test: 'no' } as unknown as TestStep)).message).to.equal('Async test not a function');
    expect((await one({ type: 'resolve', command: 'A.ok', saveAs: '' })).message).to.equal('No data name provided');
    expect((await one({ type: 'resolve', command: 'A.slow' })).message).to.equal(testMessages.timeout(60));
    expect((await one({ type: 'reject', command: 'A.slow' })).message).to.equal(testMessages.timeout(60));
    expect((await one({ type: 'async', test: () => sleep(200).then(() => true) })).message).to.equal(testMessages.timeout(60));
    expect(readTestConfig({})).to.deep.equal({ error: 'Invalid configuration' });
    expect(readTestConfig({ globalStepTimeout: 'x' })).to.deep.equal({ error: 'Invalid configuration' });
    expect(readTestConfig({ modules: ['a', 1] })).to.deep.equal({ error: 'Invalid configuration' });
  });

  it('ends a test at its first failed step; stopOnFailedTest ends the run', async () => {
    const tests: TestCase[] = [
      {
        name: 'one',
        steps: [
          { type: 'resolve', command: 'A.no' },
          { type: 'resolve', command: 'A.ok' },
        ],
      },
      { name: 'two', steps: [{ type: 'resolve', command: 'A.ok' }] },
    ];
    const going = await runTests(tests, config, { run, wait: sleep });
    expect(going.tests.map((t) => [t.name, t.passed, t.steps.length])).to.deep.equal([
      ['one', false, 1],
      ['two', true, 1],
    ]);
    const stopping = await runTests(tests, { ...config, stopOnFailedTest: true }, { run, wait: sleep });
    expect(stopping.tests.map((t) => t.name)).to.deep.equal(['one']);
    expect(stopping).to.deep.include({ passed: 0, failed: 1 });
  });

  it('waits globalStepWait between steps and globalTestWait between tests', async () => {
    const waits: number[] = [];
    await runTests(
      [
        {
          name: 'a',
          steps: [
            { type: 'function', test: () => true },
            { type: 'function', test: () => true },
          ],
        },
        { name: 'b', steps: [{ type: 'function', test: () => true }] },
      ],
      DEFAULT_TEST_CONFIG,
      { run, wait: async (ms) => void waits.push(ms) },
    );
    expect(waits).to.deep.equal([100, 800]);
  });

  it('as a plugin: publishes started, progress and completed, configures, stops, and loads test modules', async () => {
    const bus = new Bus();
    const a = bus.registerPlugin('A' as string);
    (a.registerCommand as (c: string, h: () => unknown) => void)('ok', () => 42);
    a.ready();
    const events: string[] = [];
    bus.events('TestRunner.*').subscribe((e) => events.push(e.name));
    const imported: string[] = [];
    const app = {
      bus,
      section: () => ({ globalStepWait: 1, globalTestWait: 1, testFolder: '/tests/', modules: ['smoke'] }),
      window: { setTimeout: (go: () => void, ms: number) => setTimeout(go, ms), location: { href: 'https://example.com/en' } },
    } as unknown as App;
    register(app, false, async (url) => {
      imported.push(url);
      return { tests: [{ name: 'smoke', steps: [{ type: 'resolve', command: 'A.ok', data: 42 }] }] };
    });
    const results = (await bus.commandByName('TestRunner.run', undefined, { commander: 'page' })) as { passed: number };
    expect(results.passed).to.equal(1);
    expect(imported).to.deep.equal(['https://example.com/tests/smoke.js']);
    expect(events).to.deep.equal(['TestRunner.started', 'TestRunner.progress', 'TestRunner.completed']);
    expect(await bus.commandByName('TestRunner.configure', {}, { commander: 'page' }).catch((e: Error) => e.message)).to.equal('Invalid configuration');
    await bus.commandByName('TestRunner.configure', { globalStepWait: 30 }, { commander: 'page' });
    const run = bus.commandByName(
      'TestRunner.run',
      {
        tests: [
          {
            name: 'long',
            steps: [
              { type: 'resolve', command: 'A.ok' },
              { type: 'resolve', command: 'A.ok' },
              { type: 'resolve', command: 'A.ok' },
            ],
          },
        ],
      },
      { commander: 'page' },
    );
    await sleep(5);
    await bus.commandByName('TestRunner.stop', undefined, { commander: 'page' });
    const stopped = (await run) as { stopped: boolean; tests: Array<{ steps: unknown[] }> };
    expect(stopped.stopped).to.equal(true);
    expect(stopped.tests[0]!.steps.length).to.be.below(3);
    expect(events.at(-1)).to.equal('TestRunner.stopped');
  });
});
