// What judging one value can cost once references are written out (round 27: 90 JSON values of
// `anyOf: [{$ref: prev}, {$ref: prev}]` took the server a second per failing call at 18 levels and
// ran it out of memory at 29): refused at registration by json-schema.tool-schema.judge-size.
import { describe, expect, it } from 'vitest';
import { lintTools } from '../../src/index.js';

const RULE = 'json-schema.tool-schema.judge-size';
const judgeSize = (inputSchema: unknown) => lintTools({ name: 't', inputSchema }).diagnostics.filter((d) => d.code === RULE).map((d) => [d.severity, d.path, d.message]);

/** `levels` definitions, each an anyOf of two references to the one below: 2^(levels+2) - 3 evaluations at the top. */
function fanOut(levels: number, keyword: '$ref' | '$dynamicRef' = '$ref'): unknown {
  const $defs: Record<string, unknown> = { L0: { type: 'string', ...(keyword === '$dynamicRef' ? { $dynamicAnchor: 'L0' } : {}) } };
  for (let i = 1; i <= levels; i++) {
    $defs[`L${i}`] = keyword === '$ref' ? { anyOf: [{ $ref: `#/$defs/L${i - 1}` }, { $ref: `#/$defs/L${i - 1}` }] } : { $dynamicAnchor: `L${i}`, anyOf: [{ $dynamicRef: `#L${i - 1}` }, { $dynamicRef: `#L${i - 1}` }] };
  }
  return { type: 'object', properties: { x: keyword === '$ref' ? { $ref: `#/$defs/L${levels}` } : { $dynamicRef: `#L${levels}` } }, $defs };
}

const recursive = (n: unknown) => ({ type: 'object', properties: { x: { $ref: '#/$defs/N' } }, $defs: { N: n } });

describe('json-schema.tool-schema.judge-size: the work of judging one value', () => {
  it('refuses references that multiply past 10 000 evaluations, at the reference that costs most, and not below', () => {
    expect(judgeSize(fanOut(11))).toEqual([]);
    expect(judgeSize(fanOut(12))).toEqual([
      ['error', '/inputSchema/properties/x/$ref', expect.stringMatching(/^Judging a value against this schema can apply 16,382 subschemas to one part of it once references are written out \(the judge's bound is 10,000\); this reference alone brings 16,381: /)],
    ]);
    // 40 levels: far past any count, said without overflowing.
    expect(judgeSize(fanOut(40))[0]?.[2]).toContain('can apply more than a trillion subschemas');
  });

  it('counts $dynamicRef where the document reads it as a $ref', () => {
    expect(judgeSize(fanOut(12, '$dynamicRef'))).toEqual([['error', '/inputSchema/properties/x/$dynamicRef', expect.stringContaining('16,382 subschemas')]]);
  });

  it('refuses a recursion that re-enters itself twice at the same part of a value, at the schema it re-enters', () => {
    const twice = { anyOf: [{ type: 'object', properties: { a: { $ref: '#/$defs/N' } } }, { type: 'object', properties: { a: { $ref: '#/$defs/N' } } }] };
    expect(judgeSize(recursive(twice))).toEqual([['error', '/inputSchema/$defs/N', expect.stringMatching(/more than once to the same part of a value \(property "a"\), so judging a value costs twice as much or more at each level/)]]);
    // Any property meets a named one; any item meets a position.
    const wildcard = { type: 'object', properties: { a: { $ref: '#/$defs/N' } }, additionalProperties: { $ref: '#/$defs/N' }, patternProperties: { '^a': { $ref: '#/$defs/N' } } };
    expect(judgeSize(recursive(wildcard))).toEqual([['error', '/inputSchema/$defs/N', expect.stringContaining('(property "a")')]]);
    const items = { type: 'array', prefixItems: [{ $ref: '#/$defs/N' }], items: { $ref: '#/$defs/N' }, contains: { $ref: '#/$defs/N' } };
    expect(judgeSize(recursive(items))).toEqual([['error', '/inputSchema/$defs/N', expect.stringContaining('(item 0)')]]);
  });

  it('counts what meets one part of a value: shared definitions down different properties cost one each, down the same one they multiply', () => {
    // Each definition reaches the next through two properties: written out, 2^31 schemas, but each part of a value meets one.
    const tree: Record<string, unknown> = { D30: { type: 'string' } };
    for (let i = 0; i < 30; i++) tree[`D${i}`] = { type: 'object', properties: { a: { $ref: `#/$defs/D${i + 1}` }, b: { $ref: `#/$defs/D${i + 1}` } } };
    expect(judgeSize({ type: 'object', properties: { root: { $ref: '#/$defs/D0' } }, $defs: tree })).toEqual([]);
    // Through the same property from two branches, the applications double at each level: 2^14 at a.a.....a.
    const same: Record<string, unknown> = { S14: { type: 'string' } };
    for (let i = 0; i < 14; i++) same[`S${i}`] = { anyOf: [{ type: 'object', properties: { a: { $ref: `#/$defs/S${i + 1}` } } }, { type: 'object', properties: { a: { $ref: `#/$defs/S${i + 1}` } }, required: ['a'] }] };
    expect(judgeSize({ type: 'object', properties: { root: { $ref: '#/$defs/S0' } }, $defs: same })).toEqual([['error', '/inputSchema/properties/root/$ref', expect.stringContaining('subschemas to one part of it')]]);
  });

  it('takes recursion into different parts of a value as the value\'s own size: trees, lists, any JSON value', () => {
    expect(judgeSize(recursive({ type: 'object', properties: { left: { $ref: '#/$defs/N' }, right: { $ref: '#/$defs/N' } } }))).toEqual([]);
    expect(judgeSize(recursive({ anyOf: [{ type: 'null' }, { type: 'object', properties: { value: { type: 'integer' }, next: { $ref: '#/$defs/N' } } }] }))).toEqual([]);
    expect(judgeSize(recursive({ anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'array', items: { $ref: '#/$defs/N' } }, { type: 'object', additionalProperties: { $ref: '#/$defs/N' } }] }))).toEqual([]);
    // A property named "*" is that property, not any property.
    expect(judgeSize(recursive({ type: 'object', properties: { '*': { $ref: '#/$defs/N' }, other: { $ref: '#/$defs/N' } } }))).toEqual([]);
    // A property name's schema is judged on the name, not on a value: it meets no property.
    expect(judgeSize(recursive({ type: 'object', propertyNames: { $ref: '#/$defs/S' }, additionalProperties: { $ref: '#/$defs/N' } }))).toEqual([]);
  });

  it('says nothing where a reference fails to resolve (that is the error) or a schema has none', () => {
    expect(judgeSize({ type: 'object', properties: { x: { $ref: '#/$defs/missing' } } })).toEqual([]);
    expect(judgeSize({ type: 'object', properties: { x: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } })).toEqual([]);
  });
});
