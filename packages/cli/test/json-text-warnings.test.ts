// What JSON.parse reads differently from the text (repeated keys, integers past 2^53), and
// positions in JSON text: the line and column of any offset, found by a search over the line
// starts (so that many warnings in one large input cost a search each, not a scan each), equal to
// counting newlines one by one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextWarnings, lineColumn, scanJsonText } from '../src/json-text-warnings.js';

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
    expect(jsonTextWarnings(text, 'in.json').map((d) => [d.path, d.message])).toEqual([
      ['in.json:3:17', 'the key "x" appears again in the object at /b (first at line 3, column 9); JSON keeps only the last value, so the earlier one is ignored'],
      ['in.json:5:3', 'the key "a" appears again in the object at the root (first at line 2, column 3); JSON keeps only the last value, so the earlier one is ignored'],
    ]);
  });

  it('warn of each integer past 2^53 that reads as another, at its line, column and pointer, and of no other number', () => {
    const text = '{\n  "maximum": 9007199254740993,\n  "enum": [1, -9223372036854775807, 9007199254740992, 1e400, 12345678901234567890.5, "9007199254740993"],\n  "minimum": -9007199254740991\n}';
    expect(jsonTextWarnings(text, 'in.json').map((d) => [d.code, d.path, d.message])).toEqual([
      ['number-rounded', 'in.json:2:14', 'the integer 9007199254740993 at /maximum is past 2^53 and reads as 9007199254740992: JavaScript holds no closer number, so this tool, and every JSON Schema validator in JavaScript, uses 9007199254740992'],
      ['number-rounded', 'in.json:3:15', 'the integer -9223372036854775807 at /enum/1 is past 2^53 and reads as -9223372036854775808: JavaScript holds no closer number, so this tool, and every JSON Schema validator in JavaScript, uses -9223372036854775808'],
    ]);
    // Any text JSON.parse accepts: a warning exactly where an integer literal's value is not the one JavaScript holds.
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (n) => {
        const warned = jsonTextWarnings(`{"a":[${n}]}`, 'x').length === 1;
        expect(warned).toBe(BigInt(Number(n)) !== n);
      }),
      { numRuns: 2000, seed: 20261205 },
    );
  });

  it('warn of an integer past 2^53 written out with a point or an exponent; not of a fraction, nor of a short exponent form (1.5e300), which claims no exact digits', () => {
    const text = '[9007199254740993.0, 90071992547409930e-1, 9007199254740993.5, 1.5e300, 9007199254740992.000]';
    expect(jsonTextWarnings(text, 'x.json').map((d) => d.message.split(' is past')[0])).toEqual([
      'the integer 9007199254740993.0 at /0',
      'the integer 90071992547409930e-1 at /1',
    ]);
  });

  it('warn of the first 20 rounded integers one by one, then count the rest in one warning', () => {
    const text = `[${Array.from({ length: 50 }, () => '9223372036854775807').join(',')}]`;
    const warnings = jsonTextWarnings(text, 'x.json');
    expect(warnings).toHaveLength(21);
    expect(warnings[19]!.message).toContain('at /19 ');
    expect(warnings[20]!.message).toMatch(/^and 30 more integers past 2\^53 after these/);
  });

  it('warn of the first 20 repeated keys one by one, then count the rest', () => {
    const text = `{${Array.from({ length: 50 }, () => '"a": 1').join(', ')}}`;
    const warnings = jsonTextWarnings(text, 'x.json');
    expect(warnings.map((w) => w.code)).toEqual(Array(21).fill('duplicate-key'));
    expect(warnings[20]!.message).toMatch(/^and 29 more repeated keys after these/);
  });
});

describe('scanJsonText counts', () => {
  it('the JSON values of the text, keys aside, as JSON.parse builds them', () => {
    const count = (v: unknown): number => (Array.isArray(v) ? 1 + v.reduce((n: number, x) => n + count(x), 0) : v !== null && typeof v === 'object' ? 1 + Object.values(v).reduce((n: number, x) => n + count(x), 0) : 1);
    for (const text of ['{}', '[{},{},[]]', '{"a":true,"b":[false,null,-1.5e3,"x,y{"],"c":{"d":"\\"}"}}', ' [ 1 , "true" , null ] ', '"s"', '7']) {
      expect(scanJsonText(text).values, text).toBe(count(JSON.parse(text)));
    }
    fc.assert(fc.property(fc.jsonValue(), fc.boolean(), (v, pretty) => scanJsonText(JSON.stringify(v, null, pretty ? 2 : undefined)).values === count(JSON.parse(JSON.stringify(v)))));
  });
});
