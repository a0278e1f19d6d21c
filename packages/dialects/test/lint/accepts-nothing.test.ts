// json-schema.tool-schema.accepts-nothing: a lower bound above its upper bound, types with no value
// in common, a const outside its enum; the judge agrees by refusing such values.
import { describe, expect, it } from 'vitest';
import { createJudge, lintTools } from '../../src/index.js';

const CODE = 'json-schema.tool-schema.accepts-nothing';
const tool = (inputSchema: unknown) => ({ name: 't', inputSchema });
const found = (input: unknown) => lintTools(input).diagnostics.filter((d) => d.code === CODE).map((d) => [d.path, d.message]);

describe(CODE, () => {
  it('warns at the lower bound of each count pair that leaves nothing, and the judge refuses every value of that type', () => {
    const input = tool({
      type: 'object',
      properties: {
        tags: { type: 'array', minItems: 5, maxItems: 2 },
        code: { type: 'string', minLength: 4, maxLength: 3 },
        map: { type: 'object', minProperties: 2, maxProperties: 1 },
        hits: { type: 'array', contains: { type: 'string' }, minContains: 3, maxContains: 1 },
      },
    });
    expect(found(input)).toEqual([
      ['/inputSchema/properties/tags/minItems', 'minItems 5 is above maxItems 2, so no array is accepted here.'],
      ['/inputSchema/properties/code/minLength', 'minLength 4 is above maxLength 3, so no string is accepted here.'],
      ['/inputSchema/properties/map/minProperties', 'minProperties 2 is above maxProperties 1, so no object is accepted here.'],
      ['/inputSchema/properties/hits/minContains', 'minContains 3 is above maxContains 1, so no array that has contains is accepted here.'],
    ]);
    const judge = createJudge(input);
    for (const args of [{ tags: [1, 2, 3] }, { tags: [1] }, { code: 'abc' }, { code: 'abcd' }, { map: { a: 1 } }, { hits: ['a'] }]) {
      expect(judge.checkArguments(args, { decodeNulls: false }).ok, JSON.stringify(args)).toBe(false);
    }
  });

  it('reads the exclusive bounds: equal is empty only where either is exclusive', () => {
    const at = (s: object) => found(tool({ type: 'object', properties: { n: { type: 'number', ...s } } }));
    expect(at({ minimum: 10, maximum: 5 })).toEqual([['/inputSchema/properties/n/minimum', 'minimum 10 is above maximum 5, so no number is accepted here.']]);
    expect(at({ exclusiveMinimum: 5, maximum: 5 })).toEqual([['/inputSchema/properties/n/exclusiveMinimum', 'exclusiveMinimum 5 meets maximum 5, so no number is accepted here.']]);
    expect(at({ minimum: 5, exclusiveMaximum: 5 })).toEqual([['/inputSchema/properties/n/minimum', 'minimum 5 meets exclusiveMaximum 5, so no number is accepted here.']]);
    // One value is a range: minimum 5 and maximum 5 accept 5.
    expect(at({ minimum: 5, maximum: 5 })).toEqual([]);
    expect(createJudge(tool({ type: 'object', properties: { n: { type: 'number', minimum: 5, maximum: 5 } } })).checkArguments({ n: 5 }, { decodeNulls: false }).ok).toBe(true);
    expect(at({ minimum: 1, maximum: 5, minLength: 1, maxLength: 1 })).toEqual([]);
  });

  it('warns where types of a schema and its allOf branches meet in nothing, or a const is outside its enum', () => {
    const input = tool({
      type: 'object',
      properties: {
        c: { allOf: [{ type: 'string' }, { type: 'integer' }] },
        n: { type: 'number', allOf: [{ type: ['integer', 'string'] }] },
        k: { type: 'string', enum: ['a', 'b'], const: 'c' },
        ok: { type: ['string', 'null'], allOf: [{ type: 'null' }], enum: [null, 'x'], const: null },
      },
    });
    expect(found(input)).toEqual([
      ['/inputSchema/properties/c', 'This schema accepts no value: allOf/0\'s type "string" and allOf/1\'s type "integer" have no value in common.'],
      ['/inputSchema/properties/k', 'This schema accepts no value: its const "c" is not one of its enum values.'],
    ]);
    const judge = createJudge(input);
    for (const args of [{ c: 'x' }, { c: 1 }, { k: 'a' }, { k: 'c' }]) expect(judge.checkArguments(args, { decodeNulls: false }).ok, JSON.stringify(args)).toBe(false);
    for (const args of [{ n: 3 }, { ok: null }]) expect(judge.checkArguments(args, { decodeNulls: false }).ok, JSON.stringify(args)).toBe(true);
  });

  it('warns where a type admits none of its values, and where no integer lies between the bounds of an integer', () => {
    const input = tool({
      type: 'object',
      properties: {
        e: { type: 'string', enum: [1, 2] },
        c: { type: 'string', const: 1 },
        i: { type: 'integer', minimum: 1.2, maximum: 1.8 },
        x: { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 2 },
        fine: { type: 'integer', minimum: 1.2, maximum: 2 },
      },
    });
    expect(found(input)).toEqual([
      ['/inputSchema/properties/e', 'This schema accepts no value: its type "string" admits none of its enum values.'],
      ['/inputSchema/properties/c', 'This schema accepts no value: its type "string" admits none of its const values.'],
      ['/inputSchema/properties/i/minimum', 'no integer lies between minimum 1.2 and maximum 1.8, so no integer is accepted here.'],
      ['/inputSchema/properties/x/exclusiveMinimum', 'no integer lies between exclusiveMinimum 1 and exclusiveMaximum 2, so no integer is accepted here.'],
    ]);
    const judge = createJudge(input);
    for (const args of [{ e: 1 }, { e: 'a' }, { c: 1 }, { i: 1 }, { i: 2 }, { x: 1 }, { x: 2 }]) expect(judge.checkArguments(args, { decodeNulls: false }).ok, JSON.stringify(args)).toBe(false);
    expect(judge.checkArguments({ fine: 2 }, { decodeNulls: false }).ok).toBe(true);
  });

  it('is what convert reports as accepts-nothing where the range covers every type the node admits', async () => {
    const { convert, loadDialects } = await import('../../src/index.js');
    const r = convert({ type: 'object', properties: { a: { type: 'integer', minimum: 10, maximum: 5 }, b: { minimum: 10, maximum: 5 } } }, loadDialects().get('gemini'));
    expect(r.diagnostics.filter((d) => d.code === 'accepts-nothing').map((d) => [d.path, d.message])).toEqual([
      ['/properties/a', 'the canonical schema accepts no value here: minimum 10 is above maximum 5; the spelled schema may accept values here, which the server refuses'],
    ]);
  });
});

describe('json-schema.tool-schema.accepts-nothing, read by lint alone (round 15)', () => {
  const lintFound = (schema: unknown) => found(tool({ type: 'object', properties: { v: schema } }));
  const judgeAccepts = (schema: unknown, v: unknown) => createJudge({ inputSchema: { type: 'object', properties: { v: schema } } }).checkArguments({ v }, { decodeNulls: false }).ok;

  it.each([
    ['bounds that cross through allOf', { allOf: [{ type: 'string', maxLength: 10 }, { type: 'string', minLength: 20 }] }, '/v/allOf', 'No string is accepted here: minLength 20 and maxLength 10 hold together through allOf.', ['x'.repeat(10), 'x'.repeat(20)]],
    ['a multipleOf with no multiple between the bounds', { type: 'integer', multipleOf: 10, minimum: 1, maximum: 9 }, '/v/multipleOf', 'No number is accepted here: no multiple of 10 lies between 1 and 9.', [5, 10]],
    ['a const outside the bounds beside it', { type: 'integer', const: 3, minimum: 5 }, '/v/const', 'No value is accepted here: none of its const values meets its own bounds, length or pattern.', [3, 5]],
    ['enum values the pattern refuses', { type: 'string', enum: ['abc', 'def'], pattern: '^[0-9]+$' }, '/v/enum', 'No value is accepted here: none of its enum values meets its own bounds, length or pattern.', ['abc', '123']],
    ['a closed tuple shorter than minItems', { type: 'array', prefixItems: [{ type: 'string' }], items: false, minItems: 2 }, '/v/minItems', 'No array is accepted here: items: false after 1 position allows at most 1 item, below minItems 2.', [['a'], ['a', 'b']]],
    ['contains beside items of another type', { type: 'array', items: { type: 'string' }, contains: { type: 'integer' } }, '/v/contains', 'No array is accepted here: contains asks for integer items, and items admits only string items.', [['a'], [1]]],
    ['two oneOf branches the same', { oneOf: [{ type: 'string' }, { type: 'string' }, { type: 'integer' }] }, '/v/oneOf/1', 'No value these branches accept is accepted here: oneOf branches 1 and 2 are the same, so each such value matches two branches.', ['a']],
  ])('%s, and the judge refuses what seemed to pass', (_what, schema, path, message, values) => {
    expect(lintFound(schema)).toEqual([[`/inputSchema/properties${path}`, message]]);
    for (const v of values) expect(judgeAccepts(schema, v), JSON.stringify(v)).toBe(false);
  });

  it('says nothing where a value passes', () => {
    for (const schema of [
      { allOf: [{ type: 'string', maxLength: 20 }, { type: 'string', minLength: 10 }] },
      { type: 'integer', multipleOf: 5, minimum: 1, maximum: 9 },
      { type: 'integer', enum: [3, 7], minimum: 5 },
      { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }], items: false, minItems: 2 },
      { type: 'array', items: { type: 'number' }, contains: { type: 'integer' } },
      { type: 'array', items: { type: 'string' }, contains: { type: 'integer' }, minContains: 0 },
      { oneOf: [false, false, { type: 'string' }] },
    ]) {
      expect(lintFound(schema), JSON.stringify(schema)).toEqual([]);
    }
  });
});
