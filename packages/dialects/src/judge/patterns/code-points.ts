/**
 * Sets of code points as sorted, disjoint, inclusive ranges `[lo0, hi0, lo1, hi1, ...]`: what one
 * character of an ECMA-262 pattern (with the `u` flag) may match. The linear engine is handed
 * these sets spelled out, so it never applies its own idea of `.`, `\s` or `\w`.
 */
export type Ranges = readonly number[];

export const MAX_CODE_POINT = 0x10ffff;

export function single(cp: number): Ranges {
  return [cp, cp];
}

/** The union of any number of sets. */
export function union(...sets: Ranges[]): Ranges {
  const pairs: [number, number][] = [];
  for (const s of sets) for (let i = 0; i < s.length; i += 2) pairs.push([s[i]!, s[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= out[last]! + 1) out[last] = Math.max(out[last]!, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Every code point not in the set (ECMA-262 `u` mode: the whole range, lone surrogates included). */
export function complement(set: Ranges): Ranges {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < set.length; i += 2) {
    if (set[i]! > next) out.push(next, set[i]! - 1);
    next = set[i + 1]! + 1;
  }
  if (next <= MAX_CODE_POINT) out.push(next, MAX_CODE_POINT);
  return out;
}

// ECMA-262 22.2.2.9 CharacterClassEscape, and the LineTerminator / WhiteSpace productions (12.2, 12.3).
// Tested against the native engine over every code point (test/judge/patterns).
const LINE_TERMINATORS: Ranges = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];
export const DIGIT: Ranges = [0x30, 0x39];
/** Without the `i` flag (JSON Schema patterns have no flags), `\w` is ASCII only. */
export const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
/** WhiteSpace (tab, VT, FF, space, NBSP, ZWNBSP, Zs) and LineTerminator. */
export const SPACE: Ranges = union(
  [0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff],
  LINE_TERMINATORS,
);
/** `.` without the `s` flag: any code point but a line terminator. */
export const DOT: Ranges = complement(LINE_TERMINATORS);

let allCodePoints: string | undefined;
/** Every code point but the surrogates, in order: U+0000..U+D7FF, U+E000..U+FFFF, then two units each. */
function everyCodePoint(): string {
  if (allCodePoints === undefined) {
    const parts: string[] = [];
    let chunk: number[] = [];
    for (let cp = 0; cp <= MAX_CODE_POINT; cp++) {
      if (cp === 0xd800) cp = 0xe000;
      chunk.push(cp);
      if (chunk.length === 4096) {
        parts.push(String.fromCodePoint(...chunk));
        chunk = [];
      }
    }
    parts.push(String.fromCodePoint(...chunk));
    allCodePoints = parts.join('');
  }
  return allCodePoints;
}

function codePointAt(unitOffset: number): number {
  if (unitOffset < 0xd800) return unitOffset;
  if (unitOffset < 0xf800) return unitOffset + 0x800;
  return 0x10000 + (unitOffset - 0xf800) / 2;
}

const propertySets = new Map<string, Ranges>();

/**
 * The set of a property escape such as `\p{Script=Greek}`, as the running engine reads it: taken
 * from the native engine itself (one scan over every code point, once per escape), so its Unicode
 * version is the one `new RegExp(p, "u")` uses, never the linear engine's own tables.
 */
export function propertySet(escape: string): Ranges {
  let set = propertySets.get(escape);
  if (set) return set;
  const out: number[] = [];
  const re = new RegExp(`${escape}+`, 'gu');
  const text = everyCodePoint();
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const lo = codePointAt(m.index);
    const hi = codePointAt(m.index + m[0].length) - 1;
    // A run through U+D7FF and U+E000 is contiguous in the text, not in code points.
    if (lo < 0xd800 && hi >= 0xd800) {
      out.push(lo, 0xd7ff);
      if (hi >= 0xe000) out.push(0xe000, hi);
    } else out.push(lo, hi);
  }
  const one = new RegExp(`^${escape}$`, 'u');
  const surrogates: number[] = [];
  for (let cp = 0xd800; cp <= 0xdfff; cp++) if (one.test(String.fromCharCode(cp))) surrogates.push(cp, cp);
  set = union(out, surrogates);
  propertySets.set(escape, set);
  return set;
}
