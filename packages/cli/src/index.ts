// The public API of @redouble/dialects-cli: run a command line in-process.
export { run, COMMANDS, EXIT_OK, EXIT_INPUT, EXIT_USAGE } from './main.js';
export type { Io, Command } from './io.js';
export { renderDocs } from './docs/generate.js';
export type { VersionEntry } from './docs/generate.js';

// The conformance runner behind `dialects test`, which the repository's own suite also runs on.
export { runSuite, CaseRun } from './conformance/run-suite.js';
export { bundledCasesDir } from './bundled.js';
export type { CaseSet, SuiteOptions, SuiteReport, PinOutcome, CaseReport } from './conformance/run-suite.js';
export { listCases, readCaseFolder, pinnedPath } from './conformance/case-folder.js';
export { decidePin, pinnedText } from './conformance/pin.js';
export { INVARIANTS, checkInvariants, outputAsAuthored } from './conformance/invariants.js';
export type { InvariantCheck, InvariantContext } from './conformance/invariants.js';
