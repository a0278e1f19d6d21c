/** Runs the CLI in-process with in-memory streams, the way every command test does. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../src/main.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const corpusTool = (server: string, tool: string): string => join(repoRoot, 'corpus/tools', server, `${tool}.json`);
export const conformanceInput = (name: string): string => join(repoRoot, 'conformance/cases', name, 'input.json');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `stdin` as text, or as bytes for input that is not UTF-8. */
export async function runCli(argv: string[], options: { stdin?: string | Uint8Array; isTTY?: boolean } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const stdinBytes = typeof options.stdin === 'string' ? new TextEncoder().encode(options.stdin) : (options.stdin ?? new Uint8Array());
  const code = await run(argv, {
    stdin: (async function* () {
      if (stdinBytes.length > 0) yield stdinBytes;
    })(),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    isTTY: options.isTTY ?? false,
  });
  return { code, stdout, stderr };
}
