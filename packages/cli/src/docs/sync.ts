import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeDirectories } from '../make-directories.js';
import { GENERATED_MARK } from './render-dialect.js';

export interface DocsDrift {
  /** Pages whose text differs from what the rule files give. */
  stale: string[];
  missing: string[];
  /** Generated pages (they carry the mark) for a dialect no longer loaded. */
  extra: string[];
}

async function readOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Only files this generator wrote (first line is the mark) are ever called extra or removed. */
async function generatedFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const n of names.filter((x) => x.endsWith('.md')).sort()) {
    const text = await readOrUndefined(join(dir, n));
    if (text?.startsWith(GENERATED_MARK)) out.push(n);
  }
  return out;
}

export async function checkDocs(dir: string, pages: ReadonlyMap<string, string>): Promise<DocsDrift> {
  const drift: DocsDrift = { stale: [], missing: [], extra: [] };
  for (const [name, text] of pages) {
    const current = await readOrUndefined(join(dir, name));
    if (current === undefined) drift.missing.push(name);
    else if (current !== text) drift.stale.push(name);
  }
  for (const n of await generatedFiles(dir)) if (!pages.has(n)) drift.extra.push(n);
  return drift;
}

/** Each page is written to a temporary file and renamed, so a reader never sees half a page. */
export async function writeDocs(dir: string, pages: ReadonlyMap<string, string>): Promise<{ written: string[]; removed: string[] }> {
  makeDirectories(dir);
  const written: string[] = [];
  for (const [name, text] of pages) {
    const target = join(dir, name);
    if ((await readOrUndefined(target)) === text) continue;
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, target);
    written.push(name);
  }
  const removed: string[] = [];
  for (const n of await generatedFiles(dir)) {
    if (pages.has(n)) continue;
    await rm(join(dir, n));
    removed.push(n);
  }
  return { written, removed };
}
