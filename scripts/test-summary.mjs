#!/usr/bin/env node
// Prints the suite's closing line in the plain form "Tests: N passed, N failed, N skipped", from the
// counts `npm test` wrote (scripts/summary-reporter.ts) plus, when given, the consumer test's
// (scripts/consumer/run.mjs), so that any CI reads the count whatever reporter it knows. Tests marked
// `it.fails` (known bugs) are counted on a line of their own, never as passes.
import { readFileSync } from 'node:fs';

const total = { passed: 0, failed: 0, expectedFail: 0, skipped: 0, unhandledErrors: 0 };
let exit = 0;
for (const file of process.argv.slice(2).length ? process.argv.slice(2) : ['test-summary.json']) {
  let counts;
  try {
    counts = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`no test counts at ${file}: ${error.message}`);
    total.failed++;
    continue;
  }
  for (const k of Object.keys(total)) total[k] += Number(counts[k] ?? 0);
}
if (total.unhandledErrors > 0) console.log(`Unhandled errors: ${total.unhandledErrors} (each fails the run)`);
if (total.expectedFail > 0) console.log(`Known bugs: ${total.expectedFail} tests marked it.fails failed as expected (not counted as passed)`);
const failed = total.failed + total.unhandledErrors;
console.log(`Tests: ${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
if (failed > 0 || total.passed === 0) exit = 1;
process.exit(exit);
