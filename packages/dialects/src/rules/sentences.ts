/**
 * Sentence files (docs/rule-format.md, "Sentence files"): the wording many dialects share, kept in
 * `<dir>/sentences/<name>@<version>.yaml` and named by a rule file's `sentences:` pin. A dialect
 * starts from the notes of the sentence file it (or the nearest file it extends) names, and its
 * own notes overlay them: one with the same keywords and `when` (or the same event) replaces that
 * sentence where it stands, any other is tried before every shared one.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DialectError, diagnostic, type Diagnostic } from '../diagnostics.js';
import type { LoadedSentenceFile } from './load.js';
import type { Note, Vocabulary } from './schema.js';

export const SENTENCES_DIR = 'sentences';

/** What a note is about: its keywords (as a set) and `when`, or its event. Two notes with one key are one sentence. */
export function noteKey(n: Note): string {
  if (n.event !== undefined) return `event:${n.event}`;
  const keywords = [...(n.keywords ?? [])].sort().join(',');
  const when = n.when === undefined ? '' : JSON.stringify(Object.keys(n.when).sort().map((k) => [k, (n.when as Record<string, unknown>)[k]]));
  return `${keywords}|${when}${n.equal === undefined ? '' : `|equal:${[...n.equal].sort().join(',')}`}`;
}

/** `own` over `inherited`: same key replaces in place; a new note goes before every inherited one. */
export function overlayNotes(own: readonly Note[], inherited: readonly Note[]): Note[] {
  if (own.length === 0) return [...inherited];
  if (inherited.length === 0) return [...own];
  const ownByKey = new Map<string, Note>();
  for (const n of own) if (!ownByKey.has(noteKey(n))) ownByKey.set(noteKey(n), n);
  const inheritedKeys = new Set(inherited.map(noteKey));
  const fresh = own.filter((n) => !inheritedKeys.has(noteKey(n)));
  return [...fresh, ...inherited.map((n) => ownByKey.get(noteKey(n)) ?? n)];
}

/** The sentence files of a folder (`sentences/<file>` relative to it), sorted. */
export function sentenceFileNames(dir: string): string[] {
  const folder = join(dir, SENTENCES_DIR);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return [];
  return readdirSync(folder).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => `${SENTENCES_DIR}/${f}`);
}

/**
 * Reads `<dir>/sentences/*.yaml` of every folder: from the build's catalog when the folder has one
 * (`compiled`), else with `read`. Problems are collected, never thrown one by one.
 */
export function readSentenceFiles(
  dirs: readonly { dir: string; compiled?: ReadonlyMap<string, LoadedSentenceFile['data']> | undefined }[],
  problems: Diagnostic[],
  read: ((path: string) => LoadedSentenceFile) | undefined,
): Map<string, LoadedSentenceFile> {
  const files = new Map<string, LoadedSentenceFile>();
  for (const { dir, compiled } of dirs) {
    for (const name of sentenceFileNames(dir)) {
      try {
        const file = join(dir, name);
        const data = compiled?.get(name);
        if (data === undefined && !read) throw new Error('internal: sentence files to read but no reader');
        const loaded = data !== undefined ? { file, data, where: () => `${file}:1:1` } : read!(file);
        const id = `${loaded.data.sentences}@${loaded.data.version}`;
        const earlier = files.get(id);
        if (earlier) problems.push(diagnostic('rule-file-invalid', 'error', `sentence file ${id} is defined twice: here and in ${earlier.file}`, loaded.where(['sentences'])));
        else files.set(id, loaded);
      } catch (err) {
        if (err instanceof DialectError) problems.push(...err.diagnostics);
        else throw err;
      }
    }
  }
  return files;
}

export interface ResolvedSentences {
  notes: Note[];
  /** The words of `words` sentences, absent when no file of the chain has any. */
  vocabulary?: Vocabulary;
}

/**
 * The notes and vocabulary of a sentence file with its `extends` chain resolved (oldest first, each
 * file's notes overlaying the ones it extends, its vocabulary merged key by key). Throws
 * DialectError at the pin that names a missing file or closes a cycle.
 */
export function resolveSentences(id: string, files: ReadonlyMap<string, LoadedSentenceFile>, at: () => string): ResolvedSentences {
  const chain: LoadedSentenceFile[] = [];
  const seen = new Set<string>();
  let current: string | null | undefined = id;
  let where = at;
  while (current) {
    const file = files.get(current);
    if (!file) {
      const known = [...files.keys()].sort();
      const msg = `sentence file ${current} is not loaded (${known.length > 0 ? `loaded: ${known.join(', ')}` : `none found in any ${SENTENCES_DIR}/ folder`})`;
      throw new DialectError('rule-file-invalid', msg, [diagnostic('rule-file-invalid', 'error', msg, where())]);
    }
    if (seen.has(current)) {
      const msg = `sentence file ${current} extends itself through ${[...seen].join(' -> ')} (a cycle)`;
      throw new DialectError('rule-file-invalid', msg, [diagnostic('rule-file-invalid', 'error', msg, where())]);
    }
    seen.add(current);
    chain.push(file);
    where = () => file.where(['extends']);
    current = file.data.extends;
  }
  let notes: Note[] = [];
  let vocabulary: Vocabulary | undefined;
  for (const f of chain.reverse()) {
    notes = overlayNotes(f.data.notes, notes);
    const own = f.data.vocabulary;
    if (own) vocabulary = { ...vocabulary, ...own, ...(own.types || vocabulary?.types ? { types: { ...vocabulary?.types, ...own.types } } : {}) };
  }
  return { notes, ...(vocabulary ? { vocabulary } : {}) };
}
