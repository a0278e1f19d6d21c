// Where the Python MCP SDK's virtual environment is; read by install.mjs and the proxy's Python test.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const toolDir = fileURLToPath(new URL('.', import.meta.url));
export const venvDir = join(toolDir, 'venv');
/** The venv's interpreter, with the pinned `mcp` package importable. */
export const pythonBin = join(venvDir, 'bin', 'python');
/** Written by install.mjs when the SDK could not be installed: why, in one line. */
export const unavailableFile = join(toolDir, 'venv-unavailable.txt');

/** Why the Python SDK is not here, or undefined when it is installed. */
export function pythonSdkUnavailable() {
  if (existsSync(unavailableFile)) return readFileSync(unavailableFile, 'utf8').trim();
  if (!existsSync(pythonBin)) return 'tools/python/venv is missing: run `node tools/python/install.mjs` (npm ci runs it)';
  return undefined;
}
