// json-schema.tool-schema.branch-property-refused: a property a branch declares (allOf, anyOf, oneOf,
// then, else, dependentSchemas, a local $ref) that the closure beside the branches refuses, since
// additionalProperties sees only its own properties; the judge refuses every value holding it.
import { describe, expect, it } from 'vitest';
import { createJudge, lintTools } from '../../src/index.js';

const CODE = 'json-schema.tool-schema.branch-property-refused';
const tool = (inputSchema: unknown) => ({ name: 't', inputSchema });
const found = (input: unknown) => lintTools(input).diagnostics.filter((d) => d.code === CODE).map((d) => [d.path, d.message]);

describe(CODE, () => {
  it('warns at a property declared under then that the closed object refuses, and the judge refuses it', () => {
    const input = tool({ type: 'object', properties: { c: { type: 'string' } }, additionalProperties: false, if: { properties: { c: { const: 'US' } }, required: ['c'] }, then: { properties: { zip: { type: 'string' } } } });
    expect(found(input)).toEqual([
      ['/inputSchema/then/properties/zip', '"zip" is declared under then, but the additionalProperties beside it refuses it (additionalProperties sees only the properties declared beside it, not those of branches), so no value holding "zip" is accepted; declare it in properties beside additionalProperties, or close the object with unevaluatedProperties: false instead.'],
    ]);
    expect(createJudge(input).checkArguments({ c: 'US', zip: '12345' }, { decodeNulls: false }).ok).toBe(false);
  });

  it('names each branch: an anyOf branch by number, else, a dependentSchemas entry, a nested allOf through a $ref', () => {
    const input = tool({
      type: 'object',
      $defs: { More: { properties: { deep: true } } },
      properties: { k: true },
      anyOf: [{ properties: { k: true } }, { properties: { p: true }, required: ['p'] }],
      else: { properties: { q: true } },
      dependentSchemas: { k: { properties: { r: true } } },
      allOf: [{ allOf: [{ $ref: '#/$defs/More' }] }],
      additionalProperties: false,
    });
    expect(found(input).map(([path, m]) => [path, /under ([^,]+), but/.exec(m as string)?.[1]])).toEqual([
      ['/inputSchema/$defs/More/properties/deep', '$ref #/$defs/More'],
      ['/inputSchema/anyOf/1/properties/p', 'anyOf branch 2'],
      ['/inputSchema/else/properties/q', 'else'],
      ['/inputSchema/dependentSchemas/k/properties/r', 'dependentSchemas of k'],
    ]);
  });

  it('says nothing where the name is declared or matched beside the closure, the object is open, or unevaluatedProperties closes it', () => {
    for (const schema of [
      { type: 'object', properties: { zip: true }, additionalProperties: false, then: { properties: { zip: { type: 'string' } } }, if: { required: ['zip'] } },
      { type: 'object', patternProperties: { '^z': true }, additionalProperties: false, anyOf: [{ properties: { zip: true } }] },
      { type: 'object', allOf: [{ properties: { zip: true } }] },
      { type: 'object', allOf: [{ properties: { zip: true } }], unevaluatedProperties: false },
      { type: 'object', additionalProperties: { type: 'string' }, allOf: [{ properties: { zip: true } }] },
    ]) {
      expect(found(tool(schema)), JSON.stringify(schema)).toEqual([]);
    }
  });

  it('follows a reference cycle once and ignores references it cannot resolve', () => {
    const input = tool({ type: 'object', $defs: { A: { allOf: [{ $ref: '#/$defs/A' }], properties: { a: true } } }, allOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/Missing' }, { $ref: 'https://example.com/s' }], additionalProperties: false });
    expect(found(input).map(([path]) => path)).toEqual(['/inputSchema/$defs/A/properties/a']);
  });
});
