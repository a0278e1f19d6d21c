#!/usr/bin/env node
// Installs the Python MCP SDK (requirements.txt, pinned whole) into tools/python/venv, so the proxy's
// Python test can run a real FastMCP-style server (mcp 2.x calls it MCPServer). Run by the root
// `prepare`, so `npm ci` installs it; the test only runs what is here and never installs.
//
// Where pip cannot install it (no python3 with venv, or no index holding these packages: the machines
// here reach no PyPI, only the package mirror their pip is configured with), npm ci still succeeds:
// the reason goes into venv-unavailable.txt and the test says it ran the standard-library stand-in only.
// --retries 0: a configured index that is unreachable fails at once instead of after minutes of retries.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installStamp } from '../install-stamp.mjs';
import { pythonBin, toolDir, unavailableFile, venvDir } from './paths.mjs';

const requirements = join(toolDir, 'requirements.txt');
const stamp = installStamp(requirements, join(venvDir, '.installed-requirements-sha256'));
if (stamp.current() && existsSync(pythonBin)) {
  process.stdout.write('tools/python: installed and current.\n');
  process.exit(0);
}

rmSync(unavailableFile, { force: true });
rmSync(venvDir, { recursive: true, force: true });
const python = process.env.PYTHON ?? 'python3';
const steps = [
  [python, ['-m', 'venv', venvDir]],
  [pythonBin, ['-m', 'pip', 'install', '--no-input', '--disable-pip-version-check', '--retries', '0', '--timeout', '20', '-q', '-r', requirements]],
];
for (const [command, args] of steps) {
  process.stdout.write(`tools/python: ${[command, ...args].join(' ')}\n`);
  const run = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8', timeout: 10 * 60_000 });
  if (run.status !== 0) {
    const lines = `${run.error?.message ?? ''}\n${run.stderr ?? ''}`.split('\n').filter((l) => l.trim() && !l.startsWith('WARNING'));
    const why = `${command} ${args[0] === '-m' ? args[1] : ''} failed (${run.status ?? run.signal ?? run.error?.code}): ${lines.at(-1) ?? 'no message'}`;
    rmSync(venvDir, { recursive: true, force: true });
    writeFileSync(unavailableFile, `${why}\n`);
    process.stderr.write(`tools/python: the Python MCP SDK is not installed, so its proxy test will be skipped: ${why}\n`);
    process.exit(0);
  }
}
stamp.write();
process.stdout.write('tools/python: installed the Python MCP SDK (mcp 2.3.0).\n');
