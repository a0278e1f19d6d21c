// Where the installed conformance suite and its Node 22 are; read by install.mjs and the conformance test.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const toolDir = fileURLToPath(new URL('.', import.meta.url));
/** The Node 22 binary the `node` package installs (not on any PATH). */
export const nodeBin = join(toolDir, 'node_modules', 'node', 'bin', 'node');
/** The suite's CLI script, run with nodeBin. */
export const conformanceBin = join(toolDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
