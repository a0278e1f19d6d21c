// Every pattern the repository's corpus holds: the real tools (corpus/tools, corpus/mcpdesc) and
// the JSON-Schema-Test-Suite (every draft folder, optional files included), with the strings the
// suite tests them on. Shared by the agreement property test and the pattern note's counts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const corpus = join(import.meta.dirname, '../../../../../corpus');
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsonFiles(path));
    else if (name.endsWith('.json')) out.push(path);
  }
  return out;
}

function collect(node: unknown, into: Set<string>): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((v) => collect(v, into));
  for (const [k, v] of Object.entries(node)) {
    if (k === 'pattern' && typeof v === 'string') into.add(v);
    if (k === 'patternProperties' && v !== null && typeof v === 'object') for (const p of Object.keys(v)) into.add(p);
    if (!DATA_KEYWORDS.has(k)) collect(v, into);
  }
}

const validWithU = (p: string): boolean => {
  try {
    new RegExp(p, 'u');
    return true;
  } catch {
    return false;
  }
};

/** Patterns (valid with the u flag) and, for each, strings the suite pairs with it. */
export function corpusPatterns(): Map<string, string[]> {
  const seeds = new Map<string, string[]>();
  const add = (p: string, data?: unknown) => {
    if (!validWithU(p)) return;
    const list = seeds.get(p) ?? [];
    if (typeof data === 'string') list.push(data);
    else if (data !== null && typeof data === 'object' && !Array.isArray(data)) list.push(...Object.keys(data));
    seeds.set(p, list);
  };
  for (const file of [...jsonFiles(join(corpus, 'tools')), ...jsonFiles(join(corpus, 'mcpdesc'))]) {
    const found = new Set<string>();
    collect(JSON.parse(readFileSync(file, 'utf8')), found);
    for (const p of found) add(p);
  }
  const suite = join(corpus, 'json-schema-test-suite/tests');
  for (const file of jsonFiles(suite)) {
    const cases = JSON.parse(readFileSync(file, 'utf8')) as { schema: unknown; tests: { data: unknown }[] }[];
    if (!Array.isArray(cases)) continue;
    for (const c of cases) {
      const found = new Set<string>();
      collect(c.schema, found);
      for (const p of found) for (const t of c.tests ?? []) add(p, t.data);
    }
  }
  return seeds;
}
