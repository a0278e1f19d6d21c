// A cycle is unrolled within the dialect's limits (issue 11 part 5): where the unrolled copies pass a
// limit that fewer levels keep to, the spelling has the most levels that fit (round 26).
import { describe, expect, it } from 'vitest';
import { convert, loadDialects } from '../../src/index.js';

const registry = loadDialects();
const optional = (n: number) => Object.fromEntries([...Array(n).keys()].map((i) => [`o${i}`, { type: 'string' }]));
const tree = (n: number) => ({
  name: 'tree',
  inputSchema: {
    type: 'object',
    properties: { root: { $ref: '#/$defs/N' } },
    required: ['root'],
    additionalProperties: false,
    $defs: { N: { type: 'object', properties: { ...optional(n), kids: { type: 'array', items: { $ref: '#/$defs/N' } } }, required: ['kids'], additionalProperties: false } },
  },
});
// The cut copy says how deep the spelling goes ("Repeats the structure of N; nested at most 3 levels here").
const levels = (output: unknown) => /nested at most (\d+) levels/.exec(JSON.stringify(output))?.[1];

describe('unrolling within the limits', () => {
  const dialect = registry.get('anthropic_strict');

  it('keeps the dialect\'s levels where they fit', () => {
    const r = convert(tree(2), dialect);
    expect(r.ok, JSON.stringify(r.diagnostics)).toBe(true);
    if (r.ok) expect(levels(r.output.inputSchema)).toBe('3');
  });

  it('steps down to the most levels that fit the optional-parameter limit, instead of leaving the tool out', () => {
    // 9 optional properties: 27 over three copies, past the page's 24; 18 over two.
    const r = convert(tree(9), dialect);
    expect(r.diagnostics.map((d) => d.code)).not.toContain('limit-exceeded');
    expect(r.ok).toBe(true);
    if (r.ok) expect(levels(r.output.inputSchema)).toBe('2');
  });

  it('still reports the limit where even the cut cycle passes it', () => {
    const r = convert(tree(30), dialect);
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => d.code)).toContain('limit-exceeded');
  });
});
