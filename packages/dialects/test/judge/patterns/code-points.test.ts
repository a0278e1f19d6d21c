// The code-point sets the translation hands to re2js, against the native engine, over every code point.
import { describe, expect, it } from 'vitest';
import { DIGIT, DOT, SPACE, WORD, complement, union, type Ranges } from '../../../src/judge/patterns/code-points.js';
import { translatePattern } from '../../../src/judge/patterns/translate.js';

function has(set: Ranges, cp: number): boolean {
  let lo = 0;
  let hi = set.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < set[2 * mid]!) hi = mid - 1;
    else if (cp > set[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

function disagreements(set: Ranges, native: RegExp): number[] {
  const out: number[] = [];
  for (let cp = 0; cp <= 0x10ffff; cp++) if (has(set, cp) !== native.test(String.fromCodePoint(cp))) out.push(cp);
  return out;
}

describe('code-point sets', () => {
  it.each([
    ['\\s', SPACE],
    ['\\d', DIGIT],
    ['\\w', WORD],
    ['.', DOT],
  ] as const)('%s is what the native engine reads with the u flag', (source, set) => {
    expect(disagreements(set, new RegExp(`^${source}$`, 'u'))).toEqual([]);
  });

  it('union and complement keep ranges sorted and disjoint', () => {
    expect(union([5, 9], [0, 2], [3, 4], [20, 20])).toEqual([0, 9, 20, 20]);
    expect(complement([0, 9, 20, 20])).toEqual([10, 19, 21, 0x10ffff]);
    expect(complement([])).toEqual([0, 0x10ffff]);
    expect(complement([0, 0x10ffff])).toEqual([]);
  });
});

describe('translation', () => {
  it('spells anchors as input boundaries and keeps word boundaries', () => {
    expect(translatePattern('^a$')).toEqual({ kind: 'linear', re2: '\\A(?:a)\\z' });
    expect(translatePattern('\\bx\\B')).toEqual({ kind: 'linear', re2: '\\b(?:x)\\B' });
  });

  it('names look-around and back-references as backtracking', () => {
    expect(translatePattern('(?<=a)b')).toEqual({ kind: 'backtracking', reason: 'look-around, which no linear-time engine runs' });
    expect(translatePattern('(a)\\1')).toEqual({ kind: 'backtracking', reason: 'a back-reference, which no linear-time engine runs' });
    expect(translatePattern('(?<x>a)\\k<x>')).toEqual({ kind: 'backtracking', reason: 'a back-reference, which no linear-time engine runs' });
    expect(translatePattern('^\\p{L}+$')).toMatchObject({ kind: 'backtracking', reason: expect.stringContaining('property escape') });
  });

  it('reads a surrogate pair escape as one code point, as the u flag does', () => {
    expect(translatePattern('\\uD83D\\uDE00')).toEqual({ kind: 'linear', re2: '(?:\\x{1f600})' });
    expect(translatePattern('\\u{1F600}')).toEqual({ kind: 'linear', re2: '(?:\\x{1f600})' });
  });
});
