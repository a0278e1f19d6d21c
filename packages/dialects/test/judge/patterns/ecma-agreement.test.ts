// The judge's verdict on a pattern equals `new RegExp(p, "u").test(s)` (what Ajv runs), for every
// pattern in the corpus and a set of patterns around the classes whose meaning differs between
// engines, on generated strings full of line terminators, Unicode spaces, astral characters and
// lone surrogates. The native engine is the oracle; the judge runs re2js or the bounded worker.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../../src/judge/create-judge.js';
import { planPattern } from '../../../src/judge/safe-regexp.js';
import { corpusPatterns } from './corpus-patterns.js';

// Where re2js and ECMA-262 part ways: classes, anchors, escapes, astral characters.
const AROUND_THE_DIFFERENCES = [
  '^.+$', '^\\S+$', '^\\s*$', '\\s', '\\S', '.', '^.$', '^..$', '[^a]', '^[^a]$', '\\d', '\\D', '\\w+', '\\W', '\\bfoo\\b', '\\Bo', 'a$', '^a',
  '[\\s\\S]', '[^\\s]', '[\\w-]+', '^[\\d.]+$', '\\p{L}+', '^\\P{L}$', '\\p{Script=Greek}', '\\u{1F600}', '^\\uD83D\\uDE00$', '^\\uD83D', '[\\uD800-\\uDFFF]',
  '^[😀-😂]$', '\\cJ', '\\0', '[\\b]', '\\x0b', '\\v', '\\f', '^$', '[]', '[^]', 'a{2,3}', 'a{0}', '(?:a|b)*c', '(?<n>x)y', 'a*?b', '^(?:\\r\\n|\\n)$',
  '^\\u2028$', '[\\u2000-\\u200a]', '^\\t\\t\\u00a0 \\t$', '(?=a)', '(?<=a)b', '(a)\\1', '^(?!\\s)', '\\k<x>(?<x>a)',
  // Shapes the judge's DFA builds states for: anchors inside alternations, counted and nested
  // repetitions, empty matches, astral ranges, surrogate ranges that a pair must not match.
  '$^', '^$|a', '^|a', 'a|$', '(?:$|a)b', 'x*$', '(?:)', 'a{3}', 'a{2,5}b', '(?:a?){3}$', '(a*)*b', '(a|ab)(c|bcd)(d*)$', '^(?:ab|a)*$',
  '[^]*', '.{3}', '\\u{10FFFF}', '^[\\u{10000}-\\u{10FFFF}]+$', '^[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]$', '^[^\\uD83D]$', '^\\S{2}$', '^(?:\\r?\\n)+$',
];

const LINE_TERMINATORS = ['\n', '\r', '\u2028', '\u2029', '\r\n'];
const SPACES = ['\t', '\v', '\f', ' ', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u202f', '\u205f', '\u3000', '\ufeff', '\u180e', '\u200b', '\u0085'];
const OTHERS = ['a', 'b', 'c', 'x', 'y', 'o', 'f', 'A', 'S', 'Z', '_', '-', '.', '0', '1', '9', 'é', 'ω', 'Ω', '😀', '😂', '\ud83d', '\ude00', '\u0000', '\u0008', '=', '/', '!', ',', '(', ')'];

function alphabet(pattern: string): string[] {
  // Characters the pattern names are the ones that make a string match; add its literal characters.
  const own = [...pattern].filter((c) => !'\\^$.*+?()[]{}|'.includes(c));
  return [...new Set([...LINE_TERMINATORS, ...SPACES, ...OTHERS, ...own])];
}

function stringsFor(pattern: string, seeds: string[]): fc.Arbitrary<string> {
  const chars = fc.constantFrom(...alphabet(pattern));
  const random = fc.array(chars, { maxLength: 12 }).map((cs) => cs.join(''));
  if (seeds.length === 0) return random;
  // A known string with characters inserted: near misses of matching strings.
  const mutated = fc.tuple(fc.constantFrom(...seeds), fc.array(fc.tuple(fc.nat(), chars), { maxLength: 3 })).map(([seed, edits]) => {
    const cps = [...seed];
    for (const [at, c] of edits) cps.splice(at % (cps.length + 1), 0, c);
    return cps.join('');
  });
  return fc.oneof(random, mutated, fc.constantFrom(...seeds));
}

const patterns = corpusPatterns();
for (const p of AROUND_THE_DIFFERENCES) if (!patterns.has(p)) patterns.set(p, []);

describe('pattern verdicts agree with new RegExp(p, "u")', () => {
  it('covers the corpus', () => {
    expect(patterns.size).toBeGreaterThanOrEqual(90);
  });

  it.each([...patterns.keys()].map((p) => [p]))('%s', (pattern) => {
    const native = new RegExp(pattern, 'u');
    const judge = createJudge({ inputSchema: { type: 'string', pattern } }, { requireObjectArguments: false, patternTimeLimitMs: 10_000 });
    const seeds = patterns.get(pattern)!;
    // Bounded patterns cost a worker round trip per string: fewer runs, same strings.
    const numRuns = planPattern(pattern).kind === 'linear' ? 300 : 60;
    fc.assert(
      fc.property(stringsFor(pattern, seeds), (s) => {
        expect(judge.checkArguments(s, { decodeNulls: false }).ok, JSON.stringify(s)).toBe(native.test(s));
      }),
      { numRuns },
    );
  });
});
