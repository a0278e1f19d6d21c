#!/usr/bin/env node
// Where in the corpus a cold pass goes: a diagnostic beside `npm run bench` (not one of its jobs,
// and never a test).
//
//   node bench/cold-by-place.mjs [subject ...]     (default: anthropic_strict anthropic-sdk)
//
// For each subject of bench/peer-subjects.mjs, in PLACE_RUNS fresh processes (default 7, subjects
// interleaved), the first pass over the 881 corpus inputSchemas, each schema timed alone after a GC,
// summed by where the schema stands: the very first schema, the rest of its server, the Notion
// server (the corpus's tools with many $defs), and all the others. Medians per part, in ms. A part
// that costs far more than a peer's is code the peer does not run, or runs warm, at that point.
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { corpusInputTools, freshJson, isMain, median } from './lib.mjs';
import { SUBJECTS } from './peer-subjects.mjs';

const RUNS = Number(process.env.PLACE_RUNS ?? 7);

async function passHere(name) {
  const tools = corpusInputTools();
  const inputs = tools.map((t) => structuredClone(t.tool.inputSchema));
  const fn = await SUBJECTS[name].setup();
  const firstServer = tools[0].id.split('/')[0];
  const parts = { first: 0, [`rest of ${firstServer}`]: 0, 'notion-mcp-server': 0, others: 0 };
  globalThis.gc?.();
  for (let i = 0; i < inputs.length; i++) {
    const server = tools[i].id.split('/')[0];
    const part = i === 0 ? 'first' : server === firstServer ? `rest of ${firstServer}` : server === 'notion-mcp-server' ? server : 'others';
    const start = performance.now();
    try {
      if (SUBJECTS[name].async) await fn(inputs[i]);
      else fn(inputs[i]);
    } catch {
      // A peer that refuses a schema still spent the time.
    }
    parts[part] += performance.now() - start;
  }
  return parts;
}

async function main(subjects) {
  const runs = Object.fromEntries(subjects.map((s) => [s, []]));
  for (let r = 0; r < RUNS; r++) {
    for (const s of subjects) runs[s].push(freshJson(fileURLToPath(import.meta.url), ['--here', s], `${s} pass`));
  }
  for (const s of subjects) {
    const parts = Object.keys(runs[s][0]);
    const cells = parts.map((p) => `${p} ${median(runs[s].map((x) => x[p])).toFixed(1)}`);
    const total = median(runs[s].map((x) => Object.values(x).reduce((a, b) => a + b, 0)));
    console.log(`${s}: ${cells.join(' | ')} | total ${total.toFixed(1)} ms`);
  }
}

if (isMain(import.meta.url)) {
  if (process.argv[2] === '--here') {
    console.error = () => {};
    console.warn = () => {};
    process.stdout.write(JSON.stringify(await passHere(process.argv[3])) + '\n');
  } else {
    const subjects = process.argv.slice(2);
    await main(subjects.length > 0 ? subjects : ['anthropic_strict', 'anthropic-sdk']);
  }
}
