/**
 * What JSON.parse reads differently from what the author wrote, found in the text: a repeated key
 * (JSON.parse keeps the last value) and an integer past 2^53 (it reads as the nearest double, so
 * 9007199254740993 becomes 9007199254740992). The CLI warns with the line and column of each. Runs
 * only on text JSON.parse has accepted, so it can skip everything but strings, numbers and structure.
 */
import { escapeToken, type Diagnostic } from '@redouble/dialects/core';

interface Frame {
  /** An object (else an array). */
  object: boolean;
  /** Keys of an object with the offset where each was first written; made at its first key (most `{}` in data have none). */
  keys: Map<string, number> | undefined;
  /** The next string in an object is a key. */
  expectKey: boolean;
  /** The container holding this one, and this one's token in it: the pointer is built only for a warning. */
  parent: Frame | undefined;
  at: string;
  /** The last key (object) or the current index (array): the token of a child container. */
  token: string;
  index: number;
}

/** A container's JSON pointer, from its chain of parents (asked only where a warning is written). */
function pointerOf(frame: Frame | undefined): string {
  const tokens: string[] = [];
  for (let f = frame; f?.parent !== undefined; f = f.parent) tokens.push(f.at);
  let out = '';
  for (let i = tokens.length - 1; i >= 0; i--) out += `/${escapeToken(tokens[i] as string)}`;
  return out;
}

export interface DuplicateKey {
  key: string;
  /** JSON pointer of the object that repeats the key. */
  object: string;
  offset: number;
  firstOffset: number;
}

/** Each kind of warning is given one by one up to this many, then counted: a data file full of them must not flood the terminal. */
const MAX_WARNINGS = 20;

export interface RoundedNumber {
  /** The integer as written. */
  literal: string;
  /** What JavaScript reads it as. */
  read: string;
  /** JSON pointer of the value. */
  pointer: string;
  offset: number;
}

export interface JsonTextFacts {
  duplicates: DuplicateKey[];
  rounded: RoundedNumber[];
  /** The JSON values the text holds (objects, arrays and scalars; keys are not values). */
  values: number;
}

export function scanJsonText(text: string): JsonTextFacts {
  const found: DuplicateKey[] = [];
  const rounded: RoundedNumber[] = [];
  let top: Frame | undefined;
  let values = 0;
  const childToken = (): string => (top === undefined ? '' : top.object ? top.token : String(top.index));
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      values++;
      top = { object: c === 0x7b, keys: undefined, expectKey: c === 0x7b, parent: top, at: childToken(), token: '', index: 0 };
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      top = top?.parent;
    } else if (c === 0x2c /* , */) {
      if (top?.object) top.expectKey = true;
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
      if (!(top?.object && top.expectKey)) values++;
      if (top?.object && top.expectKey) {
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : text.slice(start + 1, i);
        const keys = (top.keys ??= new Map());
        const first = keys.get(key);
        if (first === undefined) keys.set(key, start);
        else found.push({ key, object: pointerOf(top), offset: start, firstOffset: first });
        top.token = key;
        top.expectKey = false;
      }
    } else if (c === 0x74 /* t */ || c === 0x66 /* f */ || c === 0x6e /* n */) {
      // true, false, null: counted at their first letter, the rest skipped.
      values++;
      i += c === 0x66 ? 4 : 3;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      values++;
      const start = i;
      while (i + 1 < text.length && isNumberChar(text.charCodeAt(i + 1))) i++;
      // Fifteen digits or fewer always read exactly; only a longer integer can be rounded.
      if (i - start >= 15) {
        const literal = text.slice(start, i + 1);
        const read = exactIntegerRead(literal);
        if (read !== undefined) rounded.push({ literal, read, pointer: top === undefined ? '' : `${pointerOf(top)}/${escapeToken(childToken())}`, offset: start });
      }
    }
  }
  return { duplicates: found, rounded, values };
}

function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e /* . */ || c === 0x65 /* e */ || c === 0x45 /* E */ || c === 0x2b /* + */ || c === 0x2d; /* - */
}

/**
 * What a number literal that writes an integer (`9007199254740993`, also `9007199254740993.0` or
 * `90071992547409930e-1`) reads as, when that is not the integer written; undefined when it reads
 * exactly, or writes no integer.
 */
function exactIntegerRead(literal: string): string | undefined {
  const written = writtenInteger(literal);
  if (written === undefined) return undefined;
  const n = Number(literal);
  if (Number.isSafeInteger(n) || !Number.isFinite(n)) return undefined;
  const read = BigInt(n);
  return read === written ? undefined : String(read);
}

/** The integer a literal writes exactly, or undefined (a fraction, or an exponent past what a double can hold anyway). */
function writtenInteger(literal: string): bigint | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) return undefined;
  const fraction = m[3] ?? '';
  const exponent = Number(m[4] ?? '0') - fraction.length;
  if (Math.abs(exponent) > 400) return undefined;
  let digits = `${m[2]}${fraction}`;
  if (exponent < 0) {
    // An integer only when the digits past the point are zeros.
    if (!/^0+$/.test(digits.slice(exponent))) return undefined;
    digits = digits.slice(0, exponent) || '0';
  }
  const value = BigInt(digits) * 10n ** BigInt(Math.max(exponent, 0));
  return m[1] === '-' ? -value : value;
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

/** One warning per repeated key and per rounded integer, at `label:line:column`. */
export function jsonTextWarnings(text: string, label: string, facts: JsonTextFacts = scanJsonText(text)): Diagnostic[] {
  const { duplicates, rounded } = facts;
  if (duplicates.length === 0 && rounded.length === 0) return [];
  const starts = lineStarts(text);
  const place = (offset: number) => lineColumnIn(starts, offset, text.length);
  return [
    ...capped(duplicates, 'duplicate-key', label, place, (d) => {
      const first = place(d.firstOffset);
      return `the key ${JSON.stringify(d.key)} appears again in the object at ${d.object === '' ? 'the root' : d.object} (first at line ${first.line}, column ${first.column}); JSON keeps only the last value, so the earlier one is ignored`;
    }, 'repeated keys after these, each keeping only its last value'),
    ...roundedWarnings(rounded, label, place),
  ];
}

/** One warning per integer read as another (JSON or YAML text), at `label:line:column`. */
export function roundedWarnings(rounded: readonly RoundedNumber[], label: string, place: (offset: number) => Place): Diagnostic[] {
  return capped(rounded, 'number-rounded', label, place, (r) => `the integer ${r.literal} at ${r.pointer === '' ? 'the root' : r.pointer} is past 2^53 and reads as ${r.read}: JavaScript holds no closer number, so this tool, and every JSON Schema validator in JavaScript, uses ${r.read}`, 'integers past 2^53 after these, each read as the nearest number JavaScript holds');
}

type Place = { line: number; column: number };

/** The first MAX_WARNINGS findings one by one, then one warning counting the rest (`rest` says what they are). */
function capped<T extends { offset: number }>(found: readonly T[], code: string, label: string, place: (offset: number) => Place, word: (item: T) => string, rest: string): Diagnostic[] {
  const out: Diagnostic[] = found.slice(0, MAX_WARNINGS).map((item) => {
    const at = place(item.offset);
    return { code, severity: 'warning', message: word(item), path: `${label}:${at.line}:${at.column}` };
  });
  if (found.length > MAX_WARNINGS) {
    const last = place((found[found.length - 1] as T).offset);
    out.push({ code, severity: 'warning', message: `and ${found.length - MAX_WARNINGS} more ${rest} (the last at line ${last.line}, column ${last.column})`, path: `${label}:${last.line}:${last.column}` });
  }
  return out;
}
