// Positions in JSON text: the line and column of any offset, found by a search over the line
// starts (so that many repeated keys in one large input cost a search each, not a scan each),
// equal to counting newlines one by one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKeyWarnings, lineColumn } from '../src/duplicate-keys.js';

function counted(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

describe('line and column of an offset', () => {
  it('equal counting newlines, for any text and any offset (before, inside and past the text)', () => {
    const text = fc.array(fc.constantFrom('a', '\n', '{', '"', ' '), { maxLength: 60 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 64 }), (t, offset) => {
        expect(lineColumn(t, offset)).toEqual(counted(t, offset));
      }),
      { numRuns: 2000, seed: 20261203 },
    );
  });

  it('place each repeated key of a multi-line input at its own line and column', () => {
    const text = '{\n  "a": 1,\n  "b": {"x": 1, "x": 2},\n\n  "a": 3\n}';
    expect(duplicateKeyWarnings(text, 'in.json').map((d) => [d.path, d.message])).toEqual([
      ['in.json:3:17', 'the key "x" appears again in the object at /b (first at line 3, column 9); JSON keeps only the last value, so the earlier one is ignored'],
      ['in.json:5:3', 'the key "a" appears again in the object at the root (first at line 2, column 3); JSON keeps only the last value, so the earlier one is ignored'],
    ]);
  });
});
