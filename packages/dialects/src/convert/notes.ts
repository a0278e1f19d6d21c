/**
 * The description sentences for what a dialect stops spelling. The first matching note wins and
 * consumes its keywords, so a file lists its multi-keyword notes first.
 */
import type { CompiledNote } from './plan.js';
import type { Vocabulary } from '../rules/schema.js';
import { RULE_KEYWORDS } from './keywords.js';
import { isPlainObject, safeStringify } from './data.js';
import { fill } from './placeholders.js';
import { renderWords } from './words.js';
import { isNoOp } from './no-op.js';

export interface NoteOutcome {
  sentences: string[];
  /** Dropped keywords no note explains and that are rules (not meta keywords or annotations). */
  lost: string[];
  /** keyword -> the sentence that carries it, for explain */
  carriedBy?: Map<string, string>;
}

export function notesFor(
  notes: readonly CompiledNote[],
  byKeyword: ReadonlyMap<string, readonly number[]>,
  dropped: ReadonlyArray<readonly [string, unknown]>,
  track = false,
  vocabulary?: Vocabulary,
  around?: (name: string) => unknown,
): NoteOutcome {
  // A node with only events (a typeless schema's any-value sentence) drops nothing to explain.
  if (dropped.length === 0) return track ? { sentences: [], lost: [], carriedBy: new Map() } : { sentences: [], lost: [] };
  // Indexed loops over arrays, no for-of over maps or destructured pairs: this runs at about a
  // thousand nodes per corpus pass and is optimized during a process's early passes, where the
  // iterator code made it the dearest compile of the walk (~50 ms on a loaded 2-core machine).
  const remaining = new Map<string, unknown>();
  // The keywords of `remaining` in its insertion order (a repeat keeps its first place).
  const keys: string[] = [];
  for (let i = 0; i < dropped.length; i++) {
    const d = dropped[i] as readonly [string, unknown];
    const k = d[0];
    const v = d[1];
    if (isNoOp(k, v)) continue;
    if (!remaining.has(k)) keys.push(k);
    remaining.set(k, v);
  }
  const sentences: string[] = [];
  const carriedBy = track ? new Map<string, string>() : undefined;
  // Only the notes that mention a dropped keyword can match; visit them in file order.
  let candidates: readonly number[];
  if (keys.length === 1) candidates = byKeyword.get(keys[0] as string) ?? [];
  else {
    const all: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      const list = byKeyword.get(keys[i] as string);
      if (list) for (let j = 0; j < list.length; j++) all.push(list[j] as number);
    }
    candidates = all.sort((a, b) => a - b);
  }
  // The JSON text of a dropped value, computed once however many `when` notes compare it.
  let texts: Map<string, string> | undefined;
  // Sentences of `last` notes, said after the others.
  let lastSaid: string[] | undefined;
  let last = -1;
  for (let c = 0; c < candidates.length; c++) {
    const index = candidates[c] as number;
    if (index === last) continue;
    last = index;
    if (remaining.size === 0) break;
    const note = notes[index] as CompiledNote;
    const noteKeys = note.keywords;
    let applies = true;
    for (let i = 0; i < noteKeys.length; i++) {
      if (!remaining.has(noteKeys[i] as string)) {
        applies = false;
        break;
      }
    }
    const when = note.when;
    if (applies && when) {
      for (let i = 0; i < when.length; i++) {
        const k = (when[i] as readonly [string, string])[0];
        let text = texts?.get(k);
        if (text === undefined) {
          const v = remaining.get(k);
          // An empty schema accepts every value: `{}` beside the closure keywords reads as `true`.
          text = (k === 'additionalProperties' || k === 'unevaluatedProperties') && isPlainObject(v) && Object.keys(v).length === 0 ? 'true' : (safeStringify(v) ?? '');
          (texts ??= new Map()).set(k, text);
        }
        if (text !== (when[i] as readonly [string, string])[1]) {
          applies = false;
          break;
        }
      }
    }
    const equal = note.equal;
    if (applies && equal !== undefined) {
      const first = safeStringify(remaining.get(equal[0] as string));
      for (let i = 1; i < equal.length && applies; i++) applies = safeStringify(remaining.get(equal[i] as string)) === first;
    }
    if (!applies) continue;
    const get = (name: string): unknown => remaining.get(name);
    // In words where the vocabulary has them for these subschemas; else the note's own text.
    const said = note.words !== undefined && vocabulary !== undefined ? renderWords(note.words, get, vocabulary, around) : undefined;
    const sentence = said ? said.join(' ') : fill(note.text, get);
    if (note.last) (lastSaid ??= []).push(sentence);
    else sentences.push(sentence);
    for (let i = 0; i < noteKeys.length; i++) {
      const k = noteKeys[i] as string;
      remaining.delete(k);
      carriedBy?.set(k, sentence);
    }
  }
  if (lastSaid !== undefined) for (let i = 0; i < lastSaid.length; i++) sentences.push(lastSaid[i] as string);
  const lost: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i] as string;
    if (remaining.has(k) && RULE_KEYWORDS.has(k)) lost.push(k);
  }
  return carriedBy ? { sentences, lost, carriedBy } : { sentences, lost };
}
