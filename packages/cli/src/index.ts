// The public API of @redouble/dialects-cli: run a command line in-process.
export { run, COMMANDS, EXIT_OK, EXIT_INPUT, EXIT_USAGE } from './main.js';
export type { Io, Command } from './io.js';
export { renderDocs } from './docs/generate.js';
export type { VersionEntry } from './docs/generate.js';
