// Numbers as JSON means them: multipleOf decided in exact decimal arithmetic, and numbers that
// JavaScript cannot hold (JSON.parse reads 1e400 as Infinity) refused in plain words wherever the
// schema asks for a number.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';
import { isMultipleOf } from '../../src/judge/number-keywords.js';

const judge = (inputSchema: unknown) => createJudge({ inputSchema }, { requireObjectArguments: false });
const verdict = (inputSchema: unknown, json: string) => judge(inputSchema).checkArguments(JSON.parse(json), { decodeNulls: false });

describe('multipleOf, exactly', () => {
  it('accepts decimal multiples that floating-point division misses', () => {
    for (const [value, step] of [
      ['0.07', 0.01],
      ['19.99', 0.01],
      ['0.3', 0.1],
      ['4.35', 0.05],
      ['1e-7', 1e-8],
      ['-0.07', 0.01],
      ['1e308', 0.5],
      ['123456789012.34', 0.01],
      ['0', 0.1],
    ] as const) {
      expect(verdict({ type: 'number', multipleOf: step }, value).ok, `${value} multipleOf ${step}`).toBe(true);
    }
  });

  it('refuses what is not a multiple, saying so', () => {
    for (const [value, step] of [
      ['0.071', 0.01],
      ['0.3', 0.2],
      ['1e-9', 1e-8],
      ['7', 2],
      ['9007199254740991', 2],
      ['1.5', 1],
    ] as const) {
      expect(verdict({ multipleOf: step }, value).ok, `${value} multipleOf ${step}`).toBe(false);
    }
    const r = verdict({ type: 'object', properties: { price: { type: 'number', multipleOf: 0.01 } } }, '{"price": 0.071}');
    expect(!r.ok && r.violations).toEqual([{ path: '/price', rule: 'must be a multiple of 0.01', value: '0.071', keyword: 'multipleOf' }]);
  });

  it('compares the shortest decimal of each number', () => {
    expect(isMultipleOf(0.07, 0.01)).toBe(true);
    // Beyond 2^53 JSON.parse has already rounded: 1152921504606846976 (2^60) reads back as
    // 1152921504606847000, its shortest decimal, which is not a multiple of 1024 (the README's limit).
    expect(isMultipleOf(2 ** 60, 2 ** 10)).toBe(false);
    expect(isMultipleOf(2 ** 60, 1000)).toBe(true);
    expect(isMultipleOf(1e21, 7)).toBe(false);
    expect(isMultipleOf(Number.MAX_VALUE, 1e-300)).toBe(true);
    expect(isMultipleOf(5e-324, 5e-324)).toBe(true);
    expect(isMultipleOf(Infinity, 1)).toBe(false);
    expect(isMultipleOf(NaN, 1)).toBe(false);
  });
});

describe('non-finite numbers', () => {
  const expected = 'must be a finite number: numbers beyond ±1.7976931348623157e308 cannot be read exactly and are not accepted';

  it('1e400 is refused where the schema asks for a number, in plain words', () => {
    const schema = {
      type: 'object',
      properties: { n: { type: 'number' }, i: { type: 'integer' }, max: { maximum: 10 }, min: { minimum: 0 }, step: { multipleOf: 0.5 }, either: { type: ['string', 'number'] } },
    };
    const r = verdict(schema, '{"n": 1e400, "i": -1e400, "max": 1e400, "min": 1e999, "step": 1e400, "either": 1e400}');
    expect(!r.ok && r.violations).toEqual(
      ['/n', '/i', '/max', '/min', '/step', '/either'].map((path) => ({ path, rule: expected, value: path === '/i' ? '-Infinity' : 'Infinity', keyword: expect.any(String) })),
    );
    expect(!r.ok && r.text).toContain(`/n ${expected} (got Infinity)`);
  });

  it('NaN and Infinity handed over by JavaScript callers are refused the same way', () => {
    const j = judge({ type: 'number' });
    for (const v of [NaN, Infinity, -Infinity]) expect(j.checkArguments(v, { decodeNulls: false }).ok).toBe(false);
    expect(j.checkArguments(Number.MAX_VALUE, { decodeNulls: false }).ok).toBe(true);
  });

  it('a value of another type keeps its own rule', () => {
    const r = verdict({ type: 'object', properties: { s: { type: 'string' } } }, '{"s": 1e400}');
    expect(!r.ok && r.violations).toEqual([{ path: '/s', rule: 'must be a string', value: 'Infinity', keyword: 'type' }]);
  });
});
