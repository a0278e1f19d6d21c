// The whole corpus (881 real tools, inputSchema and outputSchema) into every dialect, timed beside
// one structuredClone and one JSON round trip of the same data, interleaved, in each of PROCESSES
// fresh processes. A process's figures move together: structuredClone itself takes about 7 ms a
// corpus in some processes and 10-13 ms in others on this machine, which moved one process's
// ratios by 0.3. So each ratio is the median of the processes' own ratios.
// Target (DEVELOPERS brief): every dialect at most 1.5x structuredClone, with no failure.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freshJson, loadCorpusTools, median, timeInterleaved, root, isMain } from './lib.mjs';

const PROCESSES = Number(process.env.CONVERT_BENCH_PROCESSES ?? 5);

// BENCH_ENGINE_DIST names another build's dist/ folder, to set two builds side by side.
const loadEngine = () => import(pathToFileURL(join(process.env.BENCH_ENGINE_DIST ?? join(root, 'packages/dialects/dist'), 'index.js')).href);

/** ms per whole corpus for each job, timed interleaved in this process. */
async function timeHere() {
  const engine = await loadEngine();
  const registry = engine.loadDialects();
  const tools = loadCorpusTools().map((t) => t.tool);
  const jobs = {
    structuredClone: () => structuredClone(tools),
    'JSON round trip': () => JSON.parse(JSON.stringify(tools)),
  };
  for (const id of registry.list().map((d) => d.id)) {
    const dialect = registry.get(id);
    jobs[id] = () => {
      for (let i = 0; i < tools.length; i++) engine.convert(tools[i], dialect);
    };
  }
  return timeInterleaved(jobs, { reps: 31, warmup: 5 });
}

const timeFresh = () => freshJson(fileURLToPath(import.meta.url), ['--time'], 'timing process');

export async function run() {
  const engine = await loadEngine();
  const registry = engine.loadDialects();
  const tools = loadCorpusTools().map((t) => t.tool);
  const ids = registry.list().map((d) => d.id);

  const failures = {};
  const outputs = {};
  for (const id of ids) {
    const dialect = registry.get(id);
    failures[id] = 0;
    let bytes = 0;
    let largest = 0;
    for (const tool of tools) {
      try {
        const r = engine.convert(tool, dialect);
        if (r.output === undefined) failures[id]++;
        else {
          const n = JSON.stringify(r.output).length;
          bytes += n;
          if (n > largest) largest = n;
        }
      } catch {
        failures[id]++;
      }
    }
    outputs[id] = { bytes, largest };
  }

  const runs = Array.from({ length: PROCESSES }, timeFresh);
  const names = Object.keys(runs[0]);
  const rows = [{ label: 'corpus tools', value: tools.length, unit: 'tools' }];
  for (const k of names) rows.push({ label: `${k}`, value: median(runs.map((r) => r[k])), unit: `ms per whole corpus (median of ${PROCESSES} processes)` });
  for (const id of ids) rows.push({ label: `${id} failures`, value: failures[id], unit: 'tools' });
  for (const id of ids) rows.push({ label: `${id} largest output`, value: outputs[id].largest, unit: 'bytes' });
  const ratios = {};
  const targets = {};
  for (const id of ids) {
    ratios[`${id} / structuredClone`] = median(runs.map((r) => r[id] / r.structuredClone));
    targets[`${id} / structuredClone`] = 1.5;
  }
  ratios['JSON round trip / structuredClone'] = median(runs.map((r) => r['JSON round trip'] / r.structuredClone));
  const notes = [`${PROCESSES} fresh processes; each ratio is the median of the processes' own ratios (one process's figures move together).`];
  return { name: 'Convert the whole corpus into each dialect', rows, ratios, targets, notes };
}

if (isMain(import.meta.url)) {
  if (process.argv.includes('--time')) process.stdout.write(JSON.stringify(await timeHere()) + '\n');
  else console.log(JSON.stringify(await run(), null, 2));
}
