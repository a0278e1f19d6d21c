/**
 * Duplicate keys in JSON text. JSON.parse keeps the last value of a repeated key, so the parsed
 * value no longer says what the author wrote; the CLI warns with the line and column of each
 * repetition. Runs only on text JSON.parse has accepted, so it can skip everything but strings
 * and structure.
 */
import { escapeToken, type Diagnostic } from '@redouble/dialects/core';

interface Frame {
  /** Keys of an object with the offset where each was first written; undefined for an array. */
  keys: Map<string, number> | undefined;
  /** The next string in an object is a key. */
  expectKey: boolean;
  /** The pointer of this container. */
  pointer: string;
  /** The last key (object) or the current index (array): the token of a child container. */
  token: string;
  index: number;
}

export interface DuplicateKey {
  key: string;
  /** JSON pointer of the object that repeats the key. */
  object: string;
  offset: number;
  firstOffset: number;
}

export function findDuplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let top: Frame | undefined;
  const childPointer = (): string => (top === undefined ? '' : `${top.pointer}/${escapeToken(top.keys ? top.token : String(top.index))}`);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      const frame: Frame = { keys: c === 0x7b ? new Map() : undefined, expectKey: c === 0x7b, pointer: childPointer(), token: '', index: 0 };
      if (top) stack.push(top);
      top = frame;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      top = stack.pop();
    } else if (c === 0x2c /* , */) {
      if (top?.keys) top.expectKey = true;
      else if (top) top.index++;
    } else if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      if (top?.keys && top.expectKey) {
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        const first = top.keys.get(key);
        if (first === undefined) top.keys.set(key, start);
        else found.push({ key, object: top.pointer, offset: start, firstOffset: first });
        top.token = key;
        top.expectKey = false;
      }
    }
  }
  return found;
}

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  return lineColumnIn(lineStarts(text), offset, text.length);
}

/** The offset where each line begins: found once, so that many positions in one text cost a search each, not a scan. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineColumnIn(starts: readonly number[], offset: number, length: number): { line: number; column: number } {
  const at = Math.min(Math.max(offset, 0), length);
  // The last line that starts at or before `at`.
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= at) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - (starts[low] as number) + 1 };
}

/** One warning per repeated key, at `label:line:column`. */
export function duplicateKeyWarnings(text: string, label: string): Diagnostic[] {
  const found = findDuplicateKeys(text);
  const starts = found.length === 0 ? [] : lineStarts(text);
  return found.map((d) => {
    const at = lineColumnIn(starts, d.offset, text.length);
    const first = lineColumnIn(starts, d.firstOffset, text.length);
    return {
      code: 'duplicate-key',
      severity: 'warning',
      message: `the key ${JSON.stringify(d.key)} appears again in the object at ${d.object === '' ? 'the root' : d.object} (first at line ${first.line}, column ${first.column}); JSON keeps only the last value, so the earlier one is ignored`,
      path: `${label}:${at.line}:${at.column}`,
    };
  });
}
