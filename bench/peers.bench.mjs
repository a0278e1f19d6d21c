// Each dialect beside the fastest peer doing that dialect's job, on the 881 corpus inputSchemas, cold
// and warm (issue 11 part 6; pairing from /work/shared/research/anchor-bench.md).
//
// Every subject runs alone in its own fresh `node --expose-gc` process, RUNS times, subjects interleaved
// run by run so drift in machine load touches all of them alike. In each process:
//   load  = import of the subject's module plus its setup (the project: loadDialects().get(name)),
//   cold  = the first pass over all inputs (a GC before it), what a CLI or a server's first tools/list pays,
//   warm  = the median of WARM passes after WARMUP more passes, each with a GC before it.
// Each phase is timed twice: wall time (performance.now(), as the peers' harness does) and process
// CPU time (process.cpuUsage(), every thread: the JIT and GC helpers count), which moves far less
// when other work shares the cores. Ratios are given for both.
// Every pass gets fresh structuredClone()s made outside the timing (ref-parser mutates its input).
// A figure is the median over the runs; ratios are project / fastest peer, each side's own median.
// Target: every ratio <= 1 (a benchmark, never a timed test).
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { corpusInputTools, freshJson, isMain, median } from './lib.mjs';
import { PAIRS, SUBJECTS } from './peer-subjects.mjs';

// Nine: with five, a ratio moved by up to 0.2 between runs of one build on this shared machine.
const RUNS = Number(process.env.PEERS_RUNS ?? 9);
const WARMUP = 3;
const WARM = 5;

/** One subject, in this (fresh) process: {loadMs, coldMs, warmMs, failures}. */
async function measureHere(name) {
  const subject = SUBJECTS[name];
  const inputs = corpusInputTools().map((t) => t.tool.inputSchema);
  const batches = Array.from({ length: 1 + WARMUP + WARM }, () => inputs.map((s) => structuredClone(s)));
  const gc = globalThis.gc ?? (() => {});
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  gc();
  const t0 = performance.now();
  const c0 = cpu();
  const fn = await subject.setup();
  const loadMs = performance.now() - t0;
  const loadCpuMs = cpu() - c0;
  const times = [];
  const cpuTimes = [];
  let failures = 0;
  for (const batch of batches) {
    gc();
    const cpuStart = cpu();
    const start = performance.now();
    let fails = 0;
    if (subject.async) {
      for (let i = 0; i < batch.length; i++) {
        try {
          await fn(batch[i]);
        } catch {
          fails++;
        }
      }
    } else {
      for (let i = 0; i < batch.length; i++) {
        try {
          fn(batch[i]);
        } catch {
          fails++;
        }
      }
    }
    times.push(performance.now() - start);
    cpuTimes.push(cpu() - cpuStart);
    if (times.length === 1) failures = fails;
  }
  return {
    loadMs, coldMs: times[0], warmMs: median(times.slice(1 + WARMUP)),
    loadCpuMs, coldCpuMs: cpuTimes[0], warmCpuMs: median(cpuTimes.slice(1 + WARMUP)),
    failures, n: inputs.length,
  };
}

function measureFresh(name) {
  return freshJson(fileURLToPath(import.meta.url), ['--subject', name], name);
}

export async function run(only) {
  const dialects = Object.keys(PAIRS).filter((d) => !only || only.includes(d));
  const names = [...new Set(['structuredClone', ...dialects, ...dialects.flatMap((d) => PAIRS[d])])];
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < RUNS; r++) for (const n of names) samples[n].push(measureFresh(n));
  const fig = {};
  for (const n of names) {
    const s = samples[n];
    fig[n] = { failures: s[0].failures };
    for (const k of ['loadMs', 'coldMs', 'warmMs', 'loadCpuMs', 'coldCpuMs', 'warmCpuMs']) fig[n][k] = median(s.map((x) => x[k]));
  }
  const rows = [{ label: 'inputSchemas', value: samples.structuredClone[0].n, unit: 'schemas' }];
  for (const n of names) {
    const f = fig[n];
    const label = SUBJECTS[n].label;
    rows.push({ label: `${label}: load`, value: f.loadMs, unit: `ms (import + setup); CPU ${f.loadCpuMs.toFixed(1)} ms` });
    rows.push({ label: `${label}: cold`, value: f.coldMs, unit: `ms, first pass; CPU ${f.coldCpuMs.toFixed(1)} ms` });
    rows.push({ label: `${label}: warm`, value: f.warmMs, unit: `ms, median warm pass; CPU ${f.warmCpuMs.toFixed(1)} ms` });
    if (f.failures) rows.push({ label: `${label}: failures`, value: f.failures, unit: 'schemas' });
  }
  const ratios = {};
  const targets = {};
  const notes = [`${RUNS} fresh processes per subject, medians; the machine is shared (2 cores), so figures move between runs.`];
  for (const d of dialects) {
    if (PAIRS[d].length === 0) {
      ratios[`${d} warm / structuredClone`] = fig[d].warmMs / fig.structuredClone.warmMs;
      continue;
    }
    for (const phase of ['cold', 'warm', 'cold CPU', 'warm CPU']) {
      const key = phase.endsWith('CPU') ? `${phase.split(' ')[0]}CpuMs` : `${phase}Ms`;
      const best = PAIRS[d].reduce((a, b) => (fig[b][key] < fig[a][key] ? b : a));
      const k = `${d} ${phase} / ${best}`;
      ratios[k] = fig[d][key] / fig[best][key];
      targets[k] = 1;
    }
    const bestLoad = PAIRS[d].reduce((a, b) => (fig[b].loadMs < fig[a].loadMs ? b : a));
    ratios[`${d} load / ${bestLoad} load`] = fig[d].loadMs / fig[bestLoad].loadMs;
  }
  return { name: 'Each dialect beside the fastest peer doing its job (cold and warm, fresh processes)', rows, ratios, targets, notes };
}

if (isMain(import.meta.url)) {
  const i = process.argv.indexOf('--subject');
  if (i >= 0) {
    console.error = () => {}; // peers log failed conversions; logging is not their job's cost
    console.warn = () => {};
    process.stdout.write(JSON.stringify(await measureHere(process.argv[i + 1])) + '\n');
  } else {
    const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
    console.log(JSON.stringify(await run(only.length ? only : undefined), null, 2));
  }
}
