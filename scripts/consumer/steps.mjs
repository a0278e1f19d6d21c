// A tiny step runner for the consumer test: each step passes or fails with its output, the run goes
// on after a failure (so one broken README block does not hide the others), and the counts go to a
// summary file that scripts/test-summary.mjs reads.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

export class Steps {
  passed = 0;
  failed = 0;
  failures = [];

  async step(name, fn) {
    const started = Date.now();
    try {
      await fn();
      this.passed++;
      console.log(`  ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      this.failed++;
      this.failures.push(name);
      console.log(`  FAIL ${name}\n${indent(error instanceof Error ? error.message : String(error))}`);
    }
  }

  write(file) {
    writeFileSync(file, `${JSON.stringify({ passed: this.passed, failed: this.failed, failures: this.failures }, null, 2)}\n`);
  }
}

function indent(text) {
  return text.split('\n').map((l) => `       ${l}`).join('\n');
}

/** Runs a command; throws with its output unless it exits 0 (or `expectStatus`). Returns stdout. */
export function sh(cmd, args, options = {}) {
  const { expectStatus = 0, ...rest } = options;
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 << 20, timeout: 300_000, ...rest });
  if (r.error) throw new Error(`${cmd} ${args.join(' ')}: ${r.error.message}`);
  if (r.status !== expectStatus) {
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal} (expected ${expectStatus})\n${tail(r.stdout)}\n${tail(r.stderr)}`);
  }
  return r;
}

function tail(text = '') {
  const lines = text.trimEnd().split('\n');
  return lines.slice(-40).join('\n');
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}
