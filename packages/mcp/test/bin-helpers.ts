// Shared plumbing for the bin tests: run a built bin (as npm links it) to its end, and an upstream
// whose process the test can watch.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { CHILD_TIMEOUT_MS } from '../../../test-timeouts.js';
import { repoRoot } from './helpers.js';

/** The two bins of package.json "bin", as a user runs them (each loads dist/). */
export const proxyBin = join(repoRoot, 'packages', 'mcp', 'bin', 'dialects-mcp.js');
export const demoBin = join(repoRoot, 'packages', 'mcp', 'bin', 'dialects-mcp-demo.js');

export interface BinRun {
  /** The exit code; null when the run was stopped (it listened, or hung). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** It printed "listening on URL", i.e. it went on serving; the run was stopped then. */
  listened: boolean;
}

/**
 * Runs `node args` to its end. A bin that starts serving instead of exiting is stopped (SIGTERM) as
 * soon as it says where it listens, so a test of a refused command line fails at once rather than
 * at the hang guard (CHILD_TIMEOUT_MS, after which it is killed).
 */
export function runBin(args: string[]): Promise<BinRun> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const run: BinRun = { code: null, stdout: '', stderr: '', listened: false };
  const guard = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString('utf8')));
  createInterface({ input: child.stdout }).on('line', (line) => {
    run.stdout += `${line}\n`;
    if (!run.listened && /listening on http:\/\//.test(line)) {
      run.listened = true;
      child.kill('SIGTERM');
    }
  });
  return new Promise((resolve) => {
    let grace: NodeJS.Timeout | undefined;
    const done = (code: number | null): void => {
      clearTimeout(guard);
      clearTimeout(grace);
      child.removeAllListeners('close');
      resolve({ ...run, code: run.listened ? null : code });
    };
    child.once('close', done);
    // 'close' waits for the pipes, and a process the bin left running still holds them: then the
    // run ends a while after the bin's own exit (the leak is the test's to report, not to hang on).
    child.once('exit', (code) => {
      grace = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        done(code);
      }, ORPHAN_GRACE_MS);
    });
  });
}

/** How long a run may hold its pipes after the bin exited before the run is ended without them. */
const ORPHAN_GRACE_MS = 5_000;

/** A Node stack trace's frame line ("    at Server.setupListenHandle (node:net:1908:16)"). */
export const STACK_FRAME = /^\s+at .+[:(]/m;

const crashyUrl = pathToFileURL(join(repoRoot, 'packages', 'mcp', 'test', 'fixtures', 'crashy-server.mjs')).href;
const PID_LINE = /^watched upstream pid (\d+)$/m;

/**
 * An upstream command for the proxy: the crashy fixture server, which first names its pid on stderr
 * (the proxy passes its upstream's stderr through) and keeps running after its input ends, as a
 * careless server may: only the proxy stopping it ends it, so a proxy that dies without doing so
 * leaves it running.
 */
export const watchedUpstream = [
  process.execPath,
  '-e',
  `process.stderr.write('watched upstream pid ' + process.pid + '\\n'); setInterval(() => {}, 1 << 30); import(${JSON.stringify(crashyUrl)});`,
];

/** The watched upstream's pid, read from the proxy's stderr; undefined when it was never started. */
export function watchedPid(stderr: string): number | undefined {
  const match = PID_LINE.exec(stderr);
  return match ? Number(match[1]) : undefined;
}

/** stderr without the watched upstream's own line: what the proxy itself said. */
export function ownLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line !== '' && !PID_LINE.test(line));
}

/** Whether `pid` is a live process (a zombie left to a reaper that never comes counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/**
 * Waits until `pid` is gone; false if it is still running after `withinMs`. A hang guard only: the
 * proxy stops its upstream before it exits, so a correct run finds it gone at the first look.
 */
export async function goneWithin(pid: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/** Kills what a failed run left behind, so one broken test does not leave orphans to the next. */
export function killIfRunning(pid: number | undefined): void {
  if (pid !== undefined && isRunning(pid)) process.kill(pid, 'SIGKILL');
}
