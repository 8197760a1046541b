/**
 * The TestRunner plugin's public vocabulary, type-only (see src/bus/types.ts).
 */
import type { RunResults, StepResult, TestCase, TestRunnerConfig } from '../../../machines/test-runner.ts';

declare module '../../bus/types.ts' {
  interface Commands {
    /** Changes the runner's settings; an empty or malformed object: 'Invalid configuration'. */
    'TestRunner.configure': { options: Partial<TestRunnerConfig>; result: void };
    /** Runs the given tests, or those of `modules` (`{testFolder}{module}.js`, exporting `tests`); answers the results. */
    'TestRunner.run': { options: { tests?: TestCase[] } | void; result: RunResults };
    /** Stops a run after its current step. */
    'TestRunner.stop': { options: void; result: void };
  }
  interface Events {
    'TestRunner.started': { tests: string[] };
    'TestRunner.progress': StepResult;
    'TestRunner.stopped': RunResults;
    'TestRunner.completed': RunResults;
  }
}
