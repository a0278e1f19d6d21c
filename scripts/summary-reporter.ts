// A vitest reporter that writes the run's counts to test-summary.json, keeping tests marked
// `it.fails` (known bugs, expected to fail) apart from passes: vitest's JSON report counts them as
// passed. scripts/test-summary.mjs turns the file into the closing line CI reads.
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: 0, expectedFail: 0, skipped: 0, unhandledErrors: unhandledErrors.length };
    for (const module of testModules) {
      // a file that failed to load has no tests to count: count it as a failure, never as nothing
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'failed') counts.failed++;
        else if (state === 'skipped' || state === 'pending') counts.skipped++;
        else if (test.options.fails) counts.expectedFail++;
        else counts.passed++;
      }
    }
    writeFileSync('test-summary.json', `${JSON.stringify(counts, null, 2)}\n`);
  }
}
