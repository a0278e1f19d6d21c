// Shared helpers for the bench jobs: loading the corpus and timing passes the same way everywhere.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every corpus tool, parsed, in a stable order. */
export function loadCorpusTools(server) {
  const dir = join(root, 'corpus', 'tools');
  const tools = [];
  for (const d of readdirSync(dir).sort()) {
    if (server && d !== server) continue;
    const p = join(dir, d);
    if (!statSync(p).isDirectory()) continue;
    for (const f of readdirSync(p).sort()) {
      if (f.endsWith('.json')) tools.push({ id: `${d}/${f.slice(0, -5)}`, tool: JSON.parse(readFileSync(join(p, f), 'utf8')) });
    }
  }
  return tools;
}

/**
 * The corpus tools whose inputSchema is an object (881 of them): what the peers bench and its
 * diagnostics (cold-anatomy.mjs, cold-by-place.mjs) each convert, so all three time the same pass.
 */
export function corpusInputTools() {
  return loadCorpusTools().filter((t) => t.tool.inputSchema !== null && typeof t.tool.inputSchema === 'object');
}

/**
 * Times `fn` as the median of `reps` passes after `warmup` passes; a GC runs before every pass
 * (when exposed) so that one pass does not pay for another's garbage.
 */
export function timeMedian(fn, { reps = 15, warmup = 5 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  const samples = [];
  for (let i = 0; i < reps; i++) {
    globalThis.gc?.();
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/**
 * Interleaves the jobs pass by pass, so drift in machine load touches all of them alike.
 * No GC is forced between passes: a forced full GC before every pass ages V8's bytecode of the
 * jobs that did not run since, so each JS job would be timed half-cold while a C++ baseline
 * (structuredClone) is not; garbage is instead left to the collector, as in a running server,
 * and its cost falls on the job that made it.
 */
export function timeInterleaved(jobs, { reps = 31, warmup = 5 } = {}) {
  const names = Object.keys(jobs);
  for (let i = 0; i < warmup; i++) for (const n of names) jobs[n]();
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < reps; i++) {
    for (const n of names) {
      const t0 = performance.now();
      jobs[n]();
      samples[n].push(performance.now() - t0);
    }
  }
  const out = {};
  for (const n of names) {
    const s = samples[n].sort((a, b) => a - b);
    out[n] = s[Math.floor(s.length / 2)];
  }
  return out;
}

/** CPU milliseconds a process has used so far: utime + stime from Linux /proc (10 ms ticks); undefined elsewhere. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // in USER_HZ ticks
  } catch {
    return undefined;
  }
}

/** The median (the mean of the middle two for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Runs a bench script in a fresh `node --expose-gc` process and returns the JSON on the last line
 * it prints; a failed process throws with its stderr, named by `what`.
 */
export function freshJson(file, args, what) {
  const res = spawnSync(process.execPath, ['--expose-gc', file, ...args], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (res.status !== 0) throw new Error(`${what}: exit ${res.status}\n${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').pop());
}

export const isMain = (url) => process.argv[1] && fileURLToPath(url) === process.argv[1];
