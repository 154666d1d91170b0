import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends a run with one plain line of its counts, `tests: N passed, N failed, N skipped`, after vitest's
 * own summary: a line any CI reads the same way, whatever printed before it (a tool a test runs prints
 * its own closing banner, which must not be taken for the run's).
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed' || state === 'skipped') counts[state]++;
      }
      // A file that failed to load has no tests to count, and is a failure all the same.
      if (module.state() === 'failed' && !module.children.size) counts.failed++;
    }
    process.stdout.write(
      `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
