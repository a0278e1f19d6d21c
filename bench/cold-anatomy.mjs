#!/usr/bin/env node
// Where a cold pass goes: a diagnostic beside `npm run bench` (not one of its jobs, and never a test).
//
//   node bench/cold-anatomy.mjs [subject ...]     (default: anthropic_strict anthropic-sdk)
//
// For each subject of bench/peer-subjects.mjs, in fresh processes (RUNS of them, subjects interleaved),
// the first pass over the 881 corpus inputSchemas, as peers.bench.mjs times it, three ways:
//   default    the pass as a user's process runs it;
//   no-opt     the same pass with V8's optimizing compiler off (--no-opt): what the pass costs in
//              the interpreter and baseline tiers alone;
//   compiles   the optimizing compiles V8 finishes during the pass, run on the main thread
//              (--single-threaded) so their cost can be summed: count and milliseconds.
// A subject whose default pass is much slower than its no-opt pass spends its first pass paying for
// optimizing compiles that finish too late to help it, on cores it shares with the pass itself.
// Flags are set here only to take the pass apart; the engine never sets V8 flags.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { corpusInputTools, isMain, median } from './lib.mjs';
import { SUBJECTS } from './peer-subjects.mjs';

const RUNS = Number(process.env.ANATOMY_RUNS ?? 7);
const WAYS = {
  default: [],
  'no-opt': ['--no-opt'],
  compiles: ['--single-threaded', '--trace-opt'],
};

async function passHere(name) {
  const inputs = corpusInputTools().map((t) => structuredClone(t.tool.inputSchema));
  const fn = await SUBJECTS[name].setup();
  globalThis.gc?.();
  process.stdout.write('@@PASS-START\n');
  const start = performance.now();
  for (const s of inputs) {
    try {
      if (SUBJECTS[name].async) await fn(s);
      else fn(s);
    } catch {
      // A peer's refusal is its answer; the pass goes on, as in peers.bench.mjs.
    }
  }
  const ms = performance.now() - start;
  process.stdout.write(`@@PASS-END ${ms}\n`);
}

function measure(name, flags) {
  const res = spawnSync(process.execPath, ['--expose-gc', ...flags, fileURLToPath(import.meta.url), '--subject', name], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  if (res.status !== 0) throw new Error(`${name} ${flags.join(' ')}: exit ${res.status}\n${res.stderr}`);
  const out = res.stdout;
  const from = out.indexOf('@@PASS-START');
  const end = out.indexOf('@@PASS-END');
  if (from < 0 || end < 0) throw new Error(`${name}: no pass markers in its output`);
  const ms = Number(out.slice(end).split('\n')[0].split(' ')[1]);
  let compiles = 0;
  let compileMs = 0;
  // "[completed compiling <fn> (target TURBOFAN) - took 0.005, 19.6, 0.51 ms]": prepare, execute, finalize.
  for (const m of out.slice(from, end).matchAll(/completed compiling .* took ([\d.]+), ([\d.]+), ([\d.]+) ms/g)) {
    compiles++;
    compileMs += Number(m[1]) + Number(m[2]) + Number(m[3]);
  }
  return { ms, compiles, compileMs };
}

function run(names) {
  const samples = {};
  for (let r = 0; r < RUNS; r++) {
    for (const n of names) {
      for (const [way, flags] of Object.entries(WAYS)) ((samples[n] ??= {})[way] ??= []).push(measure(n, flags));
    }
  }
  console.log(`cold pass over the corpus, medians of ${RUNS} fresh processes each (ms)\n`);
  console.log('| subject | default | no-opt | single-threaded pass | optimizing compiles in it |');
  console.log('|---|---:|---:|---:|---:|');
  for (const n of names) {
    const s = samples[n];
    const c = s.compiles;
    console.log(
      `| ${SUBJECTS[n].label} | ${median(s.default.map((x) => x.ms)).toFixed(1)} | ${median(s['no-opt'].map((x) => x.ms)).toFixed(1)} | ` +
        `${median(c.map((x) => x.ms)).toFixed(1)} | ${median(c.map((x) => x.compiles))} taking ${median(c.map((x) => x.compileMs)).toFixed(1)} |`,
    );
  }
}

if (isMain(import.meta.url)) {
  const i = process.argv.indexOf('--subject');
  if (i >= 0) {
    console.error = () => {}; // peers log failed conversions; logging is not their job's cost
    console.warn = () => {};
    await passHere(process.argv[i + 1]);
  } else {
    const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
    const chosen = names.length > 0 ? names : ['anthropic_strict', 'anthropic-sdk'];
    for (const n of chosen) if (!SUBJECTS[n]) throw new Error(`unknown subject ${n}; known: ${Object.keys(SUBJECTS).join(', ')}`);
    run(chosen);
  }
}
