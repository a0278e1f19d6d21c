// The whole corpus (881 real tools, inputSchema and outputSchema) into every dialect, timed beside
// one structuredClone and one JSON round trip of the same data, in one process.
// Target (DEVELOPERS brief): every dialect at most 1.5x structuredClone, with no failure.
import { loadCorpusTools, timeInterleaved, root, isMain } from './lib.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function run() {
  const engine = await import(pathToFileURL(join(root, 'packages/dialects/dist/index.js')).href);
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

  const jobs = {
    structuredClone: () => structuredClone(tools),
    'JSON round trip': () => JSON.parse(JSON.stringify(tools)),
  };
  for (const id of ids) {
    const dialect = registry.get(id);
    jobs[id] = () => {
      for (let i = 0; i < tools.length; i++) engine.convert(tools[i], dialect);
    };
  }
  const ms = timeInterleaved(jobs, { reps: 31, warmup: 5 });
  const rows = [{ label: 'corpus tools', value: tools.length, unit: 'tools' }];
  for (const [k, v] of Object.entries(ms)) rows.push({ label: `${k}`, value: v, unit: 'ms per whole corpus' });
  for (const id of ids) rows.push({ label: `${id} failures`, value: failures[id], unit: 'tools' });
  for (const id of ids) rows.push({ label: `${id} largest output`, value: outputs[id].largest, unit: 'bytes' });
  const ratios = {};
  const targets = {};
  for (const id of ids) {
    ratios[`${id} / structuredClone`] = ms[id] / ms.structuredClone;
    targets[`${id} / structuredClone`] = 1.5;
  }
  ratios['JSON round trip / structuredClone'] = ms['JSON round trip'] / ms.structuredClone;
  return { name: 'Convert the whole corpus into each dialect', rows, ratios, targets };
}

if (isMain(import.meta.url)) console.log(JSON.stringify(await run(), null, 2));
