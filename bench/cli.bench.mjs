// The CLI as a user runs it: one process per command. Wall time of `dialects convert` of one small
// schema beside `node -e 0` (target: within 2x), of the old way in (the whole engine imported and
// every rule file read from YAML), and of `dialects test` over every bundled case in every bundled
// dialect (target: within 10 s). Processes are interleaved run by run, medians reported.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { root, isMain } from './lib.mjs';

const bin = join(root, 'packages/cli/dist/bin.js');
const engine = pathToFileURL(join(root, 'packages/dialects/dist/index.js')).href;

function wall(args, cwd) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'cli-bench-'));
  try {
    const small = join(dir, 'small.json');
    writeFileSync(small, JSON.stringify({ type: 'object', properties: { day: { type: 'string', format: 'date' }, count: { type: 'integer', minimum: 1 } }, required: ['day'] }));
    const jobs = {
      'node -e 0': ['-e', '0'],
      'dialects convert --dialect gemini small.json': [bin, 'convert', '--dialect', 'gemini', small],
      'whole engine + loadDialects from YAML + convert': ['--input-type=module', '-e', `const m = await import(${JSON.stringify(engine)}); const r = m.loadDialects({ bundled: false, dirs: [m.bundledDialectsDir()] }); m.convert({ type: 'object' }, r.get('gemini'));`],
    };
    const samples = Object.fromEntries(Object.keys(jobs).map((k) => [k, []]));
    for (const args of Object.values(jobs)) wall(args, dir); // warm the file cache
    for (let i = 0; i < 11; i++) for (const [k, args] of Object.entries(jobs)) samples[k].push(wall(args, dir));
    const ms = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));

    const testRuns = [];
    for (let i = 0; i < 3; i++) testRuns.push(wall([bin, 'test'], dir));
    const testMs = median(testRuns);

    const rows = Object.entries(ms).map(([label, value]) => ({ label, value, unit: 'ms wall, median of 11' }));
    rows.push({ label: 'dialects test (every bundled case x every bundled dialect)', value: testMs, unit: 'ms wall, median of 3' });
    const convertKey = 'dialects convert --dialect gemini small.json';
    return {
      name: 'CLI start: one process per command',
      rows,
      ratios: {
        'convert / node -e 0': ms[convertKey] / ms['node -e 0'],
        'whole engine from YAML / node -e 0': ms['whole engine + loadDialects from YAML + convert'] / ms['node -e 0'],
        'dialects test, seconds': testMs / 1000,
      },
      targets: { 'convert / node -e 0': 2, 'dialects test, seconds': 10 },
      notes: ['Wall times on a shared machine: the ratio is measured within one run, processes interleaved.'],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
