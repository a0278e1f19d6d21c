#!/usr/bin/env node
// Prints the suite's closing line in the plain form "N passed, N failed" (plus skipped), read from
// the JSON report `npm test` writes, so that any CI reads the count whatever reporter it knows.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'test-results.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.error(`no test report at ${file}: ${error.message}`);
  process.exit(1);
}
const passed = report.numPassedTests ?? 0;
const failed = report.numFailedTests ?? 0;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
