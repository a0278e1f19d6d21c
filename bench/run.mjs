#!/usr/bin/env node
// npm run bench: runs every bench/*.bench.mjs in its own fresh Node process (so one job's JIT state,
// heap and caches never colour another's), then prints each job's rows and ratios as one report.
// Each bench module exports `run()` returning {name, rows: [{label, value, unit}], ratios: {label: number}};
// ratios are always measured within that one process, side by side with their baseline.
import { spawnSync } from 'node:child_process';
import { readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));

if (process.argv.includes('--child')) {
  const file = process.argv[process.argv.indexOf('--child') + 1];
  const mod = await import(pathToFileURL(file).href);
  const result = await mod.run();
  process.stdout.write('\n@@RESULT@@' + JSON.stringify(result) + '\n');
  process.exit(0);
}

const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
const results = [];
let failed = 0;
for (const f of files) {
  const started = Date.now();
  const res = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', join(here, f)], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    timeout: 15 * 60_000,
  });
  const marker = res.stdout?.lastIndexOf('@@RESULT@@') ?? -1;
  if (res.status !== 0 || marker < 0) {
    failed++;
    console.error(`\n## ${f}: FAILED (exit ${res.status ?? res.signal})\n${res.stderr}`);
    continue;
  }
  const result = JSON.parse(res.stdout.slice(marker + '@@RESULT@@'.length));
  result.file = f;
  result.seconds = (Date.now() - started) / 1000;
  results.push(result);
  console.log(`\n## ${result.name}  (${f}, ${result.seconds.toFixed(1)} s)\n`);
  console.log('| measurement | value | unit |\n|---|---:|---|');
  for (const r of result.rows) console.log(`| ${r.label} | ${formatNumber(r.value)} | ${r.unit ?? ''} |`);
  if (result.ratios && Object.keys(result.ratios).length) {
    console.log('\n| ratio | value | target |\n|---|---:|---|');
    for (const [k, v] of Object.entries(result.ratios)) {
      const target = result.targets?.[k];
      const verdict = target === undefined ? '' : v <= target ? `<= ${target} met` : `<= ${target} MISSED`;
      console.log(`| ${k} | ${formatNumber(v)} | ${verdict} |`);
    }
  }
  for (const note of result.notes ?? []) console.log(`\n- ${note}`);
}
mkdirSync(join(here, 'results'), { recursive: true });
const meta = { node: process.version, date: new Date().toISOString(), cpus: (await import('node:os')).cpus().length };
// A plain run leaves the tree clean: it writes an ignored file. `npm run bench -- --record` writes the
// tracked bench/results/latest.json, the figures a commit vouches for.
const out = process.argv.includes('--record') ? 'latest.json' : 'last-run.json';
writeFileSync(join(here, 'results', out), JSON.stringify({ meta, results }, null, 2) + '\n');
console.log(`\nwrote bench/results/${out} (${results.length} jobs${failed ? `, ${failed} failed` : ''})`);
process.exit(failed ? 1 : 0);

function formatNumber(v) {
  if (typeof v !== 'number') return String(v);
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(1) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(3);
}
