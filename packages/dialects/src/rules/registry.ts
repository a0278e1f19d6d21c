/**
 * Loads every rule file of the bundled folder and of the caller's folders, resolves `extends`, and
 * answers dialect names: `name` is the newest frozen version (else the newest draft), `name@version`
 * pins one. A user folder alone is enough to add a dialect.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DialectError, diagnostic, type Diagnostic } from '../diagnostics.js';
import { readCatalog, ruleFileNames, type CompiledFolder } from './catalog.js';
import type { LoadedRuleFile } from './load.js';
import type { Note, Rule, RuleFile, Vocabulary } from './schema.js';
import { overlayNotes, readSentenceFiles, resolveSentences, sentenceFileNames } from './sentences.js';
import type { mergeRule } from './merge-rule.js';
import { shadowedEntries, type RuleOrigin } from './shadowed-entries.js';
import type { LoadedSentenceFile } from './load.js';

export interface DialectSource {
  id: string;
  url: string;
  title: string;
  read: string;
}

export interface DialectInfo {
  name: string;
  version: string;
  /** name@version */
  id: string;
  status: 'draft' | 'frozen';
  summary: string;
  file: string;
  sources: DialectSource[];
}

/** The rule set after `extends` is resolved: what the interpreter compiles. */
export interface ResolvedRules {
  otherKeywords: 'keep' | 'drop';
  notes: readonly Note[];
  rules: readonly Rule[];
  /** The chain of dialect ids this one extends, nearest first. */
  extendsChain: readonly string[];
  /** The sentence file (name@version) the notes start from, if any. */
  sentences?: string;
  /** Its vocabulary, for the notes' `words` sentences. */
  vocabulary?: Vocabulary;
}

export interface Dialect extends DialectInfo {
  /** Callers of this dialect send null for an omitted optional property. */
  decodesNulls: boolean;
  readonly resolved: ResolvedRules;
}

export interface LoadDialectsOptions {
  /** Extra folders of `<name>@<version>.yaml` rule files. */
  dirs?: string[];
  /** Load the bundled dialects (default true). */
  bundled?: boolean;
}

/**
 * The bundled rule files. Built or installed (dist/rules/), they are the package's own `dialects/`
 * folder, copied from the repository root by the build (scripts/build/copy-into-package.mjs) and shipped in
 * the tarball. Run from source inside the repository (src/rules/, the test runner), they are the
 * repository's `dialects/` itself, so an edited rule file is tested without a rebuild.
 */
export function bundledDialectsDir(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const fromSource = /[\\/]src[\\/]rules[\\/]?$/.test(here);
  return resolve(here, fromSource ? '../../../../dialects' : '../../dialects');
}

export class DialectRegistry {
  readonly #byId: ReadonlyMap<string, Dialect>;
  readonly #byName: ReadonlyMap<string, Dialect>;

  constructor(dialects: readonly Dialect[]) {
    const byId = new Map<string, Dialect>();
    for (const d of [...dialects].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) byId.set(d.id, d);
    const byName = new Map<string, Dialect>();
    for (const d of byId.values()) {
      const current = byName.get(d.name);
      if (!current || rank(d) > rank(current)) byName.set(d.name, d);
    }
    this.#byId = byId;
    this.#byName = byName;
  }

  /** Every loaded name@version, sorted. */
  list(): DialectInfo[] {
    return [...this.#byId.values()].map(info);
  }

  /** Accepted names: plain names and name@version pins, sorted. */
  names(): string[] {
    return [...this.#byName.keys(), ...this.#byId.keys()].sort();
  }

  get(ref: string): Dialect {
    const d = typeof ref === 'string' ? (ref.includes('@') ? this.#byId.get(ref) : this.#byName.get(ref)) : undefined;
    if (d) return d;
    const accepted = this.names();
    const message = `unknown dialect ${JSON.stringify(ref)}; accepted: ${accepted.join(', ')}`;
    throw new DialectError('unknown-dialect', message, [diagnostic('unknown-dialect', 'error', message, '')]);
  }

  has(ref: string): boolean {
    if (typeof ref !== 'string') return false;
    return ref.includes('@') ? this.#byId.has(ref) : this.#byName.has(ref);
  }
}

function rank(d: Dialect): string {
  // frozen beats draft, then the newer version (versions sort as strings)
  return `${d.status === 'frozen' ? 1 : 0}${d.version}`;
}

function info(d: Dialect): DialectInfo {
  return { name: d.name, version: d.version, id: d.id, status: d.status, summary: d.summary, file: d.file, sources: d.sources.map((s) => ({ ...s })) };
}

/** Reads and checks rule files and sentence files (rules/load.ts); passed in so the YAML parser loads only when needed. */
export interface RuleFileReader {
  rule(path: string): LoadedRuleFile;
  sentence(path: string): LoadedSentenceFile;
  /** `merge: true` rules; it checks the merged rule with the zod schema, so it travels with the reader. */
  merge: typeof mergeRule;
}

/**
 * The registry behind `loadDialects` and `openDialects`. The bundled folder comes from the build's
 * catalog when it is current; every other file is read with `reader`, which may be left out only
 * when nothing needs reading (`needsRuleFileReader` says so).
 */
export function createRegistry(options: LoadDialectsOptions, reader: RuleFileReader | undefined): DialectRegistry {
  return buildRegistry(planFolders(options), reader);
}

/** A folder to read, with the build's catalog of it when that is current. */
export interface PlannedFolder {
  dir: string;
  compiled: CompiledFolder | undefined;
}

/** The folders `options` asks for, in reading order, each with its current catalog if it has one. */
export function planFolders(options: LoadDialectsOptions): PlannedFolder[] {
  if (options === null || typeof options !== 'object') throw new DialectError('invalid-option', 'loadDialects options must be an object');
  return readDirs(options).map(({ dir, bundled }) => ({ dir, compiled: bundled ? readCatalog(dir) : undefined }));
}

/** True when building from these folders needs the reader: a file to read, or a `merge: true` rule to apply. */
export function needsReader(folders: readonly PlannedFolder[]): boolean {
  return folders.some((f) => f.compiled === undefined || [...f.compiled.rules.values()].some(({ data }) => data.rules.some((r) => r.merge)));
}

export function buildRegistry(dirs: readonly PlannedFolder[], reader: RuleFileReader | undefined): DialectRegistry {

  const problems: Diagnostic[] = [];
  const files = new Map<string, LoadedRuleFile>();
  const add = (loaded: LoadedRuleFile): void => {
    const id = `${loaded.data.dialect}@${loaded.data.version}`;
    const earlier = files.get(id);
    if (earlier) {
      problems.push(diagnostic('rule-file-invalid', 'error', `${id} is defined twice: here and in ${earlier.file}`, loaded.where(['dialect'])));
    } else files.set(id, loaded);
  };
  for (const { dir, compiled } of dirs) {
    if (compiled) {
      for (const [name, { data, raw }] of compiled.rules) {
        const file = join(dir, name);
        add({ file, data, raw, where: () => `${file}:1:1` });
      }
      continue;
    }
    if (!reader) throw new Error('internal: rule files to read but no reader (use loadDialects or openDialects)');
    const names = ruleFileNames(dir);
    if (names.length === 0 && sentenceFileNames(dir).length === 0) {
      // A folder named on purpose that defines nothing is a mistake (files in a subfolder, `.YAML`):
      // read silently, every name the caller meant would be refused as unknown later, far from here.
      const near = readdirSync(dir).filter((f) => /\.ya?ml$/i.test(f) || statSync(join(dir, f)).isDirectory());
      problems.push(diagnostic('no-dialects', 'error', `the dialects folder holds no rule files (<name>@<version>.yaml, directly in it)${near.length > 0 ? `; it holds ${near.slice(0, 5).map((f) => JSON.stringify(f)).join(', ')}` : ''}`, dir));
    }
    for (const name of names) {
      try {
        add(reader.rule(join(dir, name)));
      } catch (err) {
        if (err instanceof DialectError) problems.push(...err.diagnostics);
        else throw err;
      }
    }
  }

  const sentenceFiles = readSentenceFiles(dirs.map((d) => ({ dir: d.dir, compiled: d.compiled?.sentences })), problems, reader?.sentence);
  const dialects: Dialect[] = [];
  for (const [id, loaded] of files) {
    try {
      dialects.push(buildDialect(id, loaded, files, sentenceFiles, reader?.merge));
    } catch (err) {
      if (err instanceof DialectError) problems.push(...err.diagnostics);
      else throw err;
    }
  }
  if (problems.length === 0 && files.size === 0) {
    // An empty registry would refuse every name with an empty list of accepted ones: say where we looked.
    throw new DialectError('no-dialects', `no rule files (<name>@<version>.yaml) found in ${dirs.length ? dirs.map((d) => d.dir).join(', ') : 'any folder (bundled: false and no dirs)'}`);
  }
  if (problems.length > 0) {
    // Folders that define nothing, and nothing else wrong: said as the empty registry is.
    if (problems.every((p) => p.code === 'no-dialects')) throw new DialectError('no-dialects', problems.map((p) => `${p.path}: ${p.message}`).join('\n'), problems);
    throw new DialectError('rule-file-invalid', `invalid rule files:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`, problems);
  }
  return new DialectRegistry(dialects);
}

/** The folders to read: the bundled one (when wanted and found) first, then the caller's, checked to exist. */
function readDirs(options: LoadDialectsOptions): { dir: string; bundled: boolean }[] {
  const dirs: { dir: string; bundled: boolean }[] = [];
  // A string is iterable too: `dirs: './my'` would otherwise be read as the folders ".", "/", "m", "y".
  if (options.dirs !== undefined && !Array.isArray(options.dirs)) {
    throw new DialectError('invalid-option', `loadDialects dirs must be an array of folder paths; got ${typeof options.dirs === 'string' ? `the string ${JSON.stringify(options.dirs)} (put it in an array)` : typeof options.dirs}`);
  }
  if (options.bundled !== undefined && typeof options.bundled !== 'boolean') {
    throw new DialectError('invalid-option', `loadDialects bundled must be true or false; got ${JSON.stringify(options.bundled)}`);
  }
  if (options.bundled !== false) {
    const bundled = bundledDialectsDir();
    if (!existsSync(bundled) || !statSync(bundled).isDirectory()) {
      throw new DialectError('no-dialects', `the bundled rule files are missing: no folder ${bundled} (a broken install or an unbuilt package)`);
    }
    dirs.push({ dir: bundled, bundled: true });
  }
  for (const d of options.dirs ?? []) {
    if (typeof d !== 'string') throw new DialectError('invalid-option', 'loadDialects dirs must be folder paths');
    if (!existsSync(d)) throw new DialectError('invalid-option', `dialects folder not found: ${d}`);
    if (!statSync(d).isDirectory()) throw new DialectError('invalid-option', `dialects folder ${d} is not a folder`);
    dirs.push({ dir: resolve(d), bundled: false });
  }
  return dirs;
}

/** True when the registry would read YAML: a caller's folder, or no current catalog. */
export function needsRuleFileReader(options: LoadDialectsOptions = {}): boolean {
  return needsReader(planFolders(options));
}

function buildDialect(
  id: string,
  loaded: LoadedRuleFile,
  files: ReadonlyMap<string, LoadedRuleFile>,
  sentenceFiles: ReadonlyMap<string, LoadedSentenceFile>,
  merge: typeof mergeRule | undefined,
): Dialect {
  const chain: LoadedRuleFile[] = [loaded];
  const seen = new Set<string>([id]);
  let current: RuleFile = loaded.data;
  while (current.extends) {
    const target = files.get(current.extends);
    const at = chain[chain.length - 1] as LoadedRuleFile;
    if (!target) {
      const msg = `extends ${current.extends}, which no loaded rule file defines`;
      throw new DialectError('rule-file-invalid', msg, [diagnostic('rule-file-invalid', 'error', msg, at.where(['extends']))]);
    }
    if (seen.has(current.extends)) {
      const msg = `extends ${current.extends}, which leads back to ${id} (a cycle)`;
      throw new DialectError('rule-file-invalid', msg, [diagnostic('rule-file-invalid', 'error', msg, at.where(['extends']))]);
    }
    // What a frozen version means may never change; a draft it read its rules from still may.
    if (current.status === 'frozen' && target.data.status === 'draft') {
      const msg = `is frozen but extends ${current.extends}, a draft that may still change, and this version with it; freeze ${current.extends} first, or keep this version a draft`;
      throw new DialectError('rule-file-invalid', msg, [diagnostic('rule-file-invalid', 'error', msg, at.where(['extends']))]);
    }
    seen.add(current.extends);
    chain.push(target);
    current = target.data;
  }

  // The notes start from the sentence file this file, or the nearest file it extends, names.
  const namer = chain.find((f) => f.data.sentences !== undefined);
  const sentences = namer?.data.sentences;
  const shared = namer && sentences ? resolveSentences(sentences, sentenceFiles, () => namer.where(['sentences'])) : undefined;
  let notes: Note[] = shared?.notes ?? [];
  const vocabulary = shared?.vocabulary;
  // Oldest ancestor first; a rule with the same id replaces the inherited one in place.
  let rules: Rule[] = [];
  // Where each rule comes from, in step with `rules`: what the check for undone entries names.
  let origins: RuleOrigin[] = [];
  let otherKeywords: 'keep' | 'drop' = 'keep';
  const sources = new Map<string, DialectSource>();
  for (const f of [...chain].reverse()) {
    const d = f.data;
    const from = `${d.dialect}@${d.version}`;
    const rawRules = (f.raw as { rules?: unknown[] } | null)?.rules ?? [];
    d.rules.forEach((r, n) => {
      const i = rules.findIndex((x) => x.id === r.id);
      if (r.merge) {
        const at = f.where(['rules', n, 'merge']);
        if (i < 0) {
          const msg = `rule "${r.id}" merges into an inherited rule, but ${f === loaded && chain.length === 1 ? 'this file extends nothing' : 'no file it extends has a rule with that id'}`;
          throw new DialectError('rule-file-invalid', msg, [diagnostic('rule-file-invalid', 'error', msg, at)]);
        }
        if (!merge) throw new Error('internal: a merge rule to apply but no reader (planFolders marks such folders)');
        rules[i] = merge(rules[i] as Rule, r, rawRules[n], at);
        origins[i] = { from, index: n, how: 'merge' };
      } else if (i >= 0) {
        rules[i] = r;
        origins[i] = { from, index: n, how: 'replace' };
      } else {
        rules = [...rules, r];
        origins = [...origins, { from, index: n, how: 'new' }];
      }
    });
    notes = overlayNotes(d.notes, notes);
    if (d.otherKeywords) otherKeywords = d.otherKeywords;
    for (const [sid, s] of Object.entries(d.sources)) sources.set(sid, { id: sid, url: s.url, title: s.title, read: s.read });
  }
  // An entry of this version's own file that a later rule undoes acts on nothing: refused, as a misspelt keyword is.
  const undone = shadowedEntries(rules, origins, { id, extends: loaded.data.extends ?? undefined, rawRules: (loaded.raw as { rules?: unknown[] } | null)?.rules ?? [], where: loaded.where });
  if (undone.length > 0) throw new DialectError('rule-file-invalid', undone.map((p) => `${p.path}: ${p.message}`).join('\n'), undone);
  const data = loaded.data;
  // The objects rule in force is the last one, as the plan reads it (convert/plan.ts): a later rule
  // that keeps optional properties optional ends the decoding an inherited one asked for.
  const objects = rules.findLast((r) => r.objects !== undefined)?.objects;
  const decodesNulls = objects?.optional === 'required-nullable';
  return Object.freeze({
    name: data.dialect,
    version: data.version,
    id,
    status: data.status,
    summary: data.summary,
    file: loaded.file,
    sources: [...sources.values()],
    decodesNulls,
    resolved: Object.freeze({ otherKeywords, notes, rules, extendsChain: chain.slice(1).map((f) => `${f.data.dialect}@${f.data.version}`), ...(sentences ? { sentences } : {}), ...(vocabulary ? { vocabulary } : {}) }),
  });
}
