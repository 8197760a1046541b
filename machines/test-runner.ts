/**
 * The test runner's rule (plugins-and-infrastructure.md §3, §4, §8, §9): a deployment's own smoke tests,
 * each a list of steps run in order — a command expected to resolve (optionally with given data) or to
 * reject, a wait, a function (sync or async) — with a timeout per step, a pause between steps and between
 * tests, and the spec's messages. Pure: the plugin (src/plugins/test-runner/) hands it how to run a
 * command, how to wait and how to report; the constants are the spec's defaults.
 */
export const TEST_STEP_TIMEOUT_MS = 1000;
export const TEST_STEP_WAIT_MS = 100;
export const TEST_WAIT_MS = 800;
export const TEST_MODULE_TIMEOUT_MS = 3000;

export const testMessages = {
  timeout: (ms: number) => `Step timed out after ${ms} ms`,
  data: 'Returned data is not as expected',
  resolve: 'Did not resolve as expected',
  reject: 'Did not reject as expected',
  stepType: 'Invalid Testing Step Type',
  functionFailed: 'function test failed',
  wait: 'Invalid wait time specified. Wait needs at least 1 ms.',
  asyncNotFunction: 'Async test not a function',
  noDataName: 'No data name provided',
  invalidConfiguration: 'Invalid configuration',
} as const;

export type TestStep =
  /** The command must resolve; with `data`, with a deep-equal answer; `saveAs` keeps the answer for later steps. */
  | { type: 'resolve'; command: string; options?: unknown; data?: unknown; saveAs?: string; timeout?: number }
  | { type: 'reject'; command: string; options?: unknown; timeout?: number }
  | { type: 'wait'; time: number }
  /** Passes when it returns a truthy value; gets the data saved so far. */
  | { type: 'function'; test: (data: Record<string, unknown>) => unknown; timeout?: number }
  | { type: 'async'; test: (data: Record<string, unknown>) => Promise<unknown>; timeout?: number };

export interface TestCase {
  name: string;
  steps: TestStep[];
}

export interface TestRunnerConfig {
  online: boolean;
  stopOnFailedTest: boolean;
  globalStepTimeout: number;
  globalStepWait: number;
  globalTestWait: number;
  testFolder: string;
  modules: string[];
}

export const DEFAULT_TEST_CONFIG: TestRunnerConfig = {
  online: false,
  stopOnFailedTest: false,
  globalStepTimeout: TEST_STEP_TIMEOUT_MS,
  globalStepWait: TEST_STEP_WAIT_MS,
  globalTestWait: TEST_WAIT_MS,
  testFolder: '',
  modules: [],
};

/** The configuration with `given`'s well-formed fields, or the spec's 'Invalid configuration'. */
export function readTestConfig(given: unknown, base: TestRunnerConfig = DEFAULT_TEST_CONFIG): TestRunnerConfig | { error: string } {
  if (typeof given !== 'object' || given === null || Array.isArray(given) || Object.keys(given).length === 0)
    return { error: testMessages.invalidConfiguration };
  const g = given as Partial<Record<keyof TestRunnerConfig, unknown>>;
  const out = { ...base };
  for (const key of ['online', 'stopOnFailedTest'] as const) {
    if (g[key] === undefined) continue;
    if (typeof g[key] !== 'boolean') return { error: testMessages.invalidConfiguration };
    out[key] = g[key];
  }
  for (const key of ['globalStepTimeout', 'globalStepWait', 'globalTestWait'] as const) {
    if (g[key] === undefined) continue;
    if (typeof g[key] !== 'number' || !(g[key] >= 0)) return { error: testMessages.invalidConfiguration };
    out[key] = g[key];
  }
  if (g.testFolder !== undefined) {
    if (typeof g.testFolder !== 'string') return { error: testMessages.invalidConfiguration };
    out.testFolder = g.testFolder;
  }
  if (g.modules !== undefined) {
    if (!Array.isArray(g.modules) || !g.modules.every((m) => typeof m === 'string')) return { error: testMessages.invalidConfiguration };
    out.modules = [...g.modules];
  }
  return out;
}

export interface StepResult {
  test: string;
  step: number;
  type: string;
  passed: boolean;
  message?: string;
}

export interface TestResult {
  name: string;
  passed: boolean;
  steps: StepResult[];
}

export interface RunResults {
  passed: number;
  failed: number;
  stopped: boolean;
  tests: TestResult[];
}

export interface RunDeps {
  run(command: string, options: unknown): Promise<unknown>;
  wait(ms: number): Promise<void>;
  /** Each step's result as it is known (the plugin publishes it as progress). */
  progress?(result: StepResult): void;
  /** True once the run was asked to stop: no further step starts. */
  stopped?(): boolean;
}

const equal = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
};

/** Rejects with the timeout message once `ms` pass before `work` settles. */
const within = <T>(work: Promise<T>, ms: number, deps: RunDeps): Promise<T> =>
  Promise.race([work, deps.wait(ms).then(() => Promise.reject(new Error(testMessages.timeout(ms))))]);

/** One step: undefined when it passed, else the message why not. */
async function runStep(step: TestStep, data: Record<string, unknown>, config: TestRunnerConfig, deps: RunDeps): Promise<string | undefined> {
  const s = step as Partial<TestStep> & { type?: unknown; timeout?: unknown; test?: unknown; saveAs?: unknown };
  const limit = typeof s.timeout === 'number' && s.timeout > 0 ? s.timeout : config.globalStepTimeout;
  switch (s.type) {
    case 'resolve': {
      const step = s as Extract<TestStep, { type: 'resolve' }>;
      if ('saveAs' in step && (typeof step.saveAs !== 'string' || step.saveAs === '')) return testMessages.noDataName;
      let answer: unknown;
      try {
        answer = await within(deps.run(step.command, step.options), limit, deps);
      } catch (error) {
        return (error as Error)?.message?.startsWith('Step timed out') ? (error as Error).message : testMessages.resolve;
      }
      if ('data' in step && !equal(answer, step.data)) return testMessages.data;
      if (step.saveAs) data[step.saveAs] = answer;
      return undefined;
    }
    case 'reject': {
      const step = s as Extract<TestStep, { type: 'reject' }>;
      const outcome = await within(
        deps.run(step.command, step.options).then(
          () => 'resolved',
          () => 'rejected',
        ),
        limit,
        deps,
      ).catch((error: Error) => error.message);
      return outcome === 'rejected' ? undefined : outcome === 'resolved' ? testMessages.reject : outcome;
    }
    case 'wait': {
      const time = (s as { time?: unknown }).time;
      if (typeof time !== 'number' || !(time >= 1)) return testMessages.wait;
      await deps.wait(time);
      return undefined;
    }
    case 'function': {
      if (typeof s.test !== 'function') return testMessages.functionFailed;
      try {
        return (s.test as (d: Record<string, unknown>) => unknown)(data) ? undefined : testMessages.functionFailed;
      } catch {
        return testMessages.functionFailed;
      }
    }
    case 'async': {
      if (typeof s.test !== 'function') return testMessages.asyncNotFunction;
      try {
        return (await within(Promise.resolve((s.test as (d: Record<string, unknown>) => unknown)(data)), limit, deps))
          ? undefined
          : testMessages.functionFailed;
      } catch (error) {
        return (error as Error)?.message?.startsWith('Step timed out') ? (error as Error).message : testMessages.functionFailed;
      }
    }
    default:
      return testMessages.stepType;
  }
}

/**
 * Runs the tests in order: each test's steps one after the other, `globalStepWait` between steps and
 * `globalTestWait` between tests. A failed step fails its test and ends it (the steps after it build on
 * it); `stopOnFailedTest` ends the run after a failed test. Never rejects.
 */
export async function runTests(tests: readonly TestCase[], config: TestRunnerConfig, deps: RunDeps): Promise<RunResults> {
  const results: TestResult[] = [];
  let stopped = false;
  for (const [index, test] of tests.entries()) {
    if (deps.stopped?.()) {
      stopped = true;
      break;
    }
    if (index > 0) await deps.wait(config.globalTestWait);
    const data: Record<string, unknown> = {};
    const steps: StepResult[] = [];
    const list = Array.isArray(test?.steps) ? test.steps : [];
    for (const [n, step] of list.entries()) {
      if (deps.stopped?.()) {
        stopped = true;
        break;
      }
      if (n > 0) await deps.wait(config.globalStepWait);
      const message = await runStep(step, data, config, deps);
      const result: StepResult = {
        test: test.name,
        step: n + 1,
        type: String((step as { type?: unknown })?.type),
        passed: !message,
        ...(message ? { message } : {}),
      };
      steps.push(result);
      deps.progress?.(result);
      if (message) break;
    }
    results.push({ name: test.name, passed: steps.length === list.length && steps.every((s) => s.passed), steps });
    if (stopped || (config.stopOnFailedTest && !results.at(-1)!.passed)) break;
  }
  const passed = results.filter((r) => r.passed).length;
  return { passed, failed: results.length - passed, stopped: stopped || !!deps.stopped?.(), tests: results };
}
