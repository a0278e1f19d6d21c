/**
 * The description sentences for what a dialect stops spelling. The first matching note wins and
 * consumes its keywords, so a file lists its multi-keyword notes first.
 */
import type { CompiledNote } from './plan.js';
import { SILENT_KEYWORDS } from './keywords.js';

/** `{keyword}` rendering: numbers and strings as they are, arrays as a comma list, objects as JSON. */
export function renderValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (Array.isArray(v)) return v.map((x) => JSON.stringify(x)).join(', ');
  return JSON.stringify(v);
}

export function fill(text: string, vars: (name: string) => unknown): string {
  return text.replace(/\{([A-Za-z$][\w$-]*)\}/g, (m, name: string) => {
    const v = vars(name);
    return v === undefined ? m : renderValue(v);
  });
}

export interface NoteOutcome {
  sentences: string[];
  /** Dropped keywords no note explains and that are rules (not meta keywords or annotations). */
  lost: string[];
  /** keyword -> the sentence that carries it, for explain */
  carriedBy?: Map<string, string>;
}

export function notesFor(notes: readonly CompiledNote[], dropped: ReadonlyArray<readonly [string, unknown]>, track = false): NoteOutcome {
  const remaining = new Map<string, unknown>(dropped);
  const sentences: string[] = [];
  const carriedBy = track ? new Map<string, string>() : undefined;
  for (const note of notes) {
    if (remaining.size === 0) break;
    let applies = true;
    for (const k of note.keywords) {
      if (!remaining.has(k)) {
        applies = false;
        break;
      }
    }
    if (applies && note.when) {
      for (const [k, v] of note.when) {
        if (JSON.stringify(remaining.get(k)) !== v) {
          applies = false;
          break;
        }
      }
    }
    if (!applies) continue;
    const sentence = fill(note.text, (name) => remaining.get(name));
    sentences.push(sentence);
    for (const k of note.keywords) {
      remaining.delete(k);
      carriedBy?.set(k, sentence);
    }
  }
  const lost: string[] = [];
  for (const k of remaining.keys()) if (!SILENT_KEYWORDS.has(k)) lost.push(k);
  return { sentences, lost, ...(carriedBy ? { carriedBy } : {}) };
}
