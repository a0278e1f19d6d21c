#!/usr/bin/env node
// Where a cold pass goes: a diagnostic beside `npm run bench` (not one of its jobs, and never a test).
//
//   node bench/cold-anatomy.mjs [subject ...]     (default: anthropic_strict anthropic-sdk)
//
// For each subject of bench/peer-subjects.mjs, in fresh processes (RUNS of them, subjects interleaved),
// the first pass over the 881 corpus inputSchemas, as peers.bench.mjs times it, four ways:
//   default          the pass as a user's process runs it;
//   no-opt           the same pass with V8's optimizing compiler off (--no-opt): what the pass costs
//                    in the interpreter and baseline tiers alone;
//   no-opt, no-lazy  and with every function compiled when its module loads (--no-lazy), so the pass
//                    pays no first-call compilation either: the subject's own work per schema;
//   compiles         the optimizing compiles V8 finishes during the pass, run on the main thread
//                    (--single-threaded --trace-opt) so their cost can be summed: count and ms.
// Beside the default pass, on Linux, the main thread's own share of it (/proc schedstat, which
// counts to a scheduler tick): the ms it ran, and how often it went to sleep inside the pass
// (voluntary switches: it blocked on a lock, since the pass itself never waits for I/O).
// A subject whose default pass is much slower than its no-opt pass pays, in its first pass, for
// optimizing compiles that finish too late to help it; the gap between no-opt and no-opt, no-lazy
// is what compiling its functions on first call costs. Flags are set here only to take the pass
// apart; the engine never sets V8 flags.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { corpusInputTools, isMain, median } from './lib.mjs';
import { SUBJECTS } from './peer-subjects.mjs';

const RUNS = Number(process.env.ANATOMY_RUNS ?? 7);
const WAYS = {
  default: [],
  'no-opt': ['--no-opt'],
  'no-opt, no-lazy': ['--no-opt', '--no-lazy'],
  compiles: ['--single-threaded', '--trace-opt'],
};

/** The main thread's ms on the CPU and its voluntary switches so far (Linux); undefined elsewhere. */
function mainThread() {
  const at = `/proc/self/task/${process.pid}`;
  if (!existsSync(`${at}/schedstat`)) return undefined;
  const runNs = Number(readFileSync(`${at}/schedstat`, 'utf8').split(' ')[0]);
  const switches = Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(readFileSync(`${at}/status`, 'utf8'))?.[1]);
  return { run: runNs / 1e6, switches };
}

async function passHere(name) {
  const inputs = corpusInputTools().map((t) => structuredClone(t.tool.inputSchema));
  const fn = await SUBJECTS[name].setup();
  globalThis.gc?.();
  process.stdout.write('@@PASS-START\n');
  const before = mainThread();
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
  const after = mainThread();
  const main = before && after ? { run: after.run - before.run, switches: after.switches - before.switches } : undefined;
  process.stdout.write(`@@PASS-END ${ms} ${JSON.stringify(main ?? null)}\n`);
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
  const [, msText, mainText] = out.slice(end).split('\n')[0].split(' ');
  const ms = Number(msText);
  const main = JSON.parse(mainText);
  let compiles = 0;
  let compileMs = 0;
  // "[completed compiling <fn> (target TURBOFAN) - took 0.005, 19.6, 0.51 ms]": prepare, execute, finalize.
  for (const m of out.slice(from, end).matchAll(/completed compiling .* took ([\d.]+), ([\d.]+), ([\d.]+) ms/g)) {
    compiles++;
    compileMs += Number(m[1]) + Number(m[2]) + Number(m[3]);
  }
  return { ms, main, compiles, compileMs };
}

function run(names) {
  const samples = {};
  for (let r = 0; r < RUNS; r++) {
    for (const n of names) {
      for (const [way, flags] of Object.entries(WAYS)) ((samples[n] ??= {})[way] ??= []).push(measure(n, flags));
    }
  }
  console.log(`cold pass over the corpus, medians of ${RUNS} fresh processes each (ms)\n`);
  console.log('| subject | default | main thread on CPU (sleeps) | no-opt | no-opt, no-lazy | single-threaded pass | optimizing compiles in it |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const n of names) {
    const s = samples[n];
    const c = s.compiles;
    const ms = (way) => median(s[way].map((x) => x.ms)).toFixed(1);
    const mains = s.default.map((x) => x.main).filter(Boolean);
    const main = mains.length === 0 ? 'n/a' : `${median(mains.map((m) => m.run)).toFixed(1)} (${median(mains.map((m) => m.switches))})`;
    console.log(
      `| ${SUBJECTS[n].label} | ${ms('default')} | ${main} | ${ms('no-opt')} | ${ms('no-opt, no-lazy')} | ` +
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
