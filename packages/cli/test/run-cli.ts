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

export async function runCli(argv: string[], options: { stdin?: string; isTTY?: boolean } = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const stdinText = options.stdin ?? '';
  const code = await run(argv, {
    stdin: (async function* () {
      if (stdinText !== '') yield new TextEncoder().encode(stdinText);
    })(),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    isTTY: options.isTTY ?? false,
  });
  return { code, stdout, stderr };
}
