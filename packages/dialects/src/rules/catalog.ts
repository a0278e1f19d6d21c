/**
 * The bundled rule files, checked and parsed when the package is built (scripts/compile-dialects.mjs
 * writes dist/dialects.compiled.json), so a process that uses only the bundled dialects never loads
 * the YAML parser or the rule-file schema. The catalog is trusted only while every bundled file has
 * the bytes it was compiled from (length and FNV-1a hash per file, same set of files); otherwise the
 * files are read and checked again, so an edited rule file is never shadowed by a stale build. (The
 * hash guards against a stale build, not an adversary: node:crypto alone would cost a quick command
 * ~20 ms to load.)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuleFile, SentenceFile } from './schema.js';
import { sentenceFileNames } from './sentences.js';

const FORMAT = 4;

interface CatalogText {
  format: number;
  /** file name -> `<byte length>:<FNV-1a 32-bit hash of the bytes, hex>` */
  hashes: Record<string, string>;
  /** file name -> the checked rule file, as the loader parsed it, and as YAML gave it (for merges) */
  files: Record<string, CompiledRuleFile>;
  /** `sentences/<file>` -> the checked sentence file */
  sentences: Record<string, SentenceFile>;
}

export interface CompiledRuleFile {
  data: RuleFile;
  raw: unknown;
}

/** A folder's rule files and sentence files, as the loader parsed them, by file name. */
export interface CompiledFolder {
  rules: ReadonlyMap<string, CompiledRuleFile>;
  sentences: ReadonlyMap<string, SentenceFile>;
}

/** Where the build writes the catalog: dist/dialects.compiled.json, beside dist/index.js. */
export function catalogPath(): string {
  return fileURLToPath(new URL('../dialects.compiled.json', import.meta.url));
}

/** The rule files of a folder, in the order the registry reads them. */
export function ruleFileNames(dir: string): string[] {
  return readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort();
}

function hashOf(path: string): string {
  const bytes = readFileSync(path);
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return `${bytes.length}:${(h >>> 0).toString(16)}`;
}

/** Writes the catalog of `dir` from files that were already read and checked. */
export function writeCatalog(dir: string, compiled: CompiledFolder, target = catalogPath()): void {
  const out: CatalogText = { format: FORMAT, hashes: {}, files: {}, sentences: {} };
  for (const [names, from, into] of [[ruleFileNames(dir), compiled.rules, out.files], [sentenceFileNames(dir), compiled.sentences, out.sentences]] as const) {
    for (const name of names) {
      const data = from.get(name);
      if (!data) throw new Error(`${join(dir, name)} was not compiled`);
      out.hashes[name] = hashOf(join(dir, name));
      (into as Record<string, unknown>)[name] = data;
    }
  }
  writeFileSync(target, JSON.stringify(out) + '\n');
}

/** The checked files of `dir`, or undefined when no current catalog exists for it. */
export function readCatalog(dir: string, path = catalogPath()): CompiledFolder | undefined {
  let parsed: CatalogText;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as CatalogText;
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || parsed.format !== FORMAT) return undefined;
  const ruleNames = ruleFileNames(dir);
  const sentenceNames = sentenceFileNames(dir);
  if (ruleNames.length + sentenceNames.length !== Object.keys(parsed.hashes ?? {}).length) return undefined;
  const rules = new Map<string, CompiledRuleFile>();
  const sentences = new Map<string, SentenceFile>();
  for (const [names, from, into] of [[ruleNames, parsed.files, rules], [sentenceNames, parsed.sentences, sentences]] as const) {
    for (const name of names) {
      const data = from?.[name];
      if (data === undefined || parsed.hashes[name] !== hashOf(join(dir, name))) return undefined;
      (into as Map<string, unknown>).set(name, data);
    }
  }
  return { rules, sentences };
}
