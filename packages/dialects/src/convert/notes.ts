/**
 * The description sentences for what a dialect stops spelling. The first matching note wins and
 * consumes its keywords, so a file lists its multi-keyword notes first.
 */
import type { CompiledNote } from './plan.js';
import type { Vocabulary } from '../rules/schema.js';
import { RULE_KEYWORDS } from './keywords.js';
import { safeStringify } from './data.js';
import { fill } from './placeholders.js';
import { renderWords } from './words.js';

export interface NoteOutcome {
  sentences: string[];
  /** Dropped keywords no note explains and that are rules (not meta keywords or annotations). */
  lost: string[];
  /** keyword -> the sentence that carries it, for explain */
  carriedBy?: Map<string, string>;
}

/** Values that constrain nothing: dropping them loses no rule and needs no sentence. */
const NO_OP: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['uniqueItems', false],
  ['minItems', 0],
  ['minLength', 0],
  ['minProperties', 0],
  ['minContains', 1],
  ['unevaluatedItems', true],
]);

export function notesFor(
  notes: readonly CompiledNote[],
  byKeyword: ReadonlyMap<string, readonly number[]>,
  dropped: ReadonlyArray<readonly [string, unknown]>,
  track = false,
  vocabulary?: Vocabulary,
): NoteOutcome {
  // A node with only events (a typeless schema's any-value sentence) drops nothing to explain.
  if (dropped.length === 0) return track ? { sentences: [], lost: [], carriedBy: new Map() } : { sentences: [], lost: [] };
  const remaining = new Map<string, unknown>();
  for (const [k, v] of dropped) {
    if (NO_OP.has(k) && NO_OP.get(k) === v) continue;
    if (k === 'required' && Array.isArray(v) && v.length === 0) continue;
    remaining.set(k, v);
  }
  const sentences: string[] = [];
  const carriedBy = track ? new Map<string, string>() : undefined;
  // Only the notes that mention a dropped keyword can match; visit them in file order.
  let candidates: readonly number[];
  if (remaining.size === 1) candidates = byKeyword.get(remaining.keys().next().value as string) ?? [];
  else {
    const all: number[] = [];
    for (const k of remaining.keys()) {
      const list = byKeyword.get(k);
      if (list) for (const i of list) all.push(i);
    }
    candidates = all.sort((a, b) => a - b);
  }
  // The JSON text of a dropped value, computed once however many `when` notes compare it.
  let texts: Map<string, string> | undefined;
  let last = -1;
  for (const index of candidates) {
    if (index === last) continue;
    last = index;
    if (remaining.size === 0) break;
    const note = notes[index] as CompiledNote;
    let applies = true;
    for (const k of note.keywords) {
      if (!remaining.has(k)) {
        applies = false;
        break;
      }
    }
    if (applies && note.when) {
      for (const [k, v] of note.when) {
        let text = texts?.get(k);
        if (text === undefined) {
          text = safeStringify(remaining.get(k)) ?? '';
          (texts ??= new Map()).set(k, text);
        }
        if (text !== v) {
          applies = false;
          break;
        }
      }
    }
    if (!applies) continue;
    const get = (name: string): unknown => remaining.get(name);
    // In words where the vocabulary has them for these subschemas; else the note's own text.
    const said = note.words !== undefined && vocabulary !== undefined ? renderWords(note.words, get, vocabulary) : undefined;
    const sentence = said ? said.join(' ') : fill(note.text, get);
    sentences.push(sentence);
    for (const k of note.keywords) {
      remaining.delete(k);
      carriedBy?.set(k, sentence);
    }
  }
  const lost: string[] = [];
  for (const k of remaining.keys()) if (RULE_KEYWORDS.has(k)) lost.push(k);
  return carriedBy ? { sentences, lost, carriedBy } : { sentences, lost };
}
