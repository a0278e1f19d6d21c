// json-schema.tool-schema.constrains-nothing: a keyword JSON Schema reads but that constrains nothing
// where it stands; the judge shows each by accepting what its author meant to refuse.
import { describe, expect, it } from 'vitest';
import { createJudge, lintTools } from '../../src/index.js';

const CODE = 'json-schema.tool-schema.constrains-nothing';
const tool = (inputSchema: unknown) => ({ name: 't', inputSchema });
const found = (input: unknown) => lintTools(input).diagnostics.filter((d) => d.code === CODE).map((d) => [d.path, d.message]);
const accepts = (inputSchema: unknown, args: unknown) => createJudge({ inputSchema }).checkArguments(args, { decodeNulls: false }).ok;

describe(CODE, () => {
  it('warns at a keyword for values of another type, and the judge accepts what it seemed to refuse', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', minimum: 3 }, n: { type: 'integer', maxLength: 4, format: 'email' } } };
    expect(found(tool(schema))).toEqual([
      ['/inputSchema/properties/s/minimum', 'minimum constrains numbers only, and this schema admits string values, so it constrains nothing here.'],
      ['/inputSchema/properties/n/maxLength', 'maxLength constrains strings only, and this schema admits integer values, so it constrains nothing here.'],
      ['/inputSchema/properties/n/format', 'format "email" constrains strings only, and this schema admits integer values, so it constrains nothing here.'],
    ]);
    expect(accepts(schema, { s: 'a', n: 123456 })).toBe(true);
  });

  it('warns at then or else without if, if without either, and minContains or maxContains without contains', () => {
    const schema = { type: 'object', properties: { a: { then: { required: ['x'] } }, b: { if: { required: ['x'] } }, c: { type: 'array', minContains: 2 } } };
    expect(found(tool(schema)).map(([path]) => path)).toEqual(['/inputSchema/properties/a/then', '/inputSchema/properties/b/if', '/inputSchema/properties/c/minContains']);
    expect(accepts(schema, { a: {}, c: [] })).toBe(true);
    // An if alone evaluates what it matches for an unevaluated keyword: not reported there.
    expect(found(tool({ type: 'object', allOf: [{ if: { properties: { a: true } } }], unevaluatedProperties: false }))).toEqual([]);
  });

  it('warns at a known format misspelt and a required name that differs from a declared one only in case', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', format: 'e-mail' }, when: { type: 'string', format: 'date_time' } }, required: ['S'] };
    expect(found(tool(schema))).toEqual([
      ['/inputSchema/required/0', '"S" is required but not declared; the declared "s" differs from it only in case, so an object must hold a property no declaration describes. Did you mean "s"?'],
      ['/inputSchema/properties/s/format', 'format "e-mail" is no known format, so nothing is checked; did you mean "email"?'],
      ['/inputSchema/properties/when/format', 'format "date_time" is no known format, so nothing is checked; did you mean "date-time"?'],
    ]);
    expect(accepts(schema, { S: 1, s: 'not an email' })).toBe(true);
  });

  it('says nothing of keywords that constrain where they stand, typeless ones, and formats of their own', () => {
    for (const schema of [
      { type: 'object', properties: { n: { type: ['integer', 'string'], minimum: 1, minLength: 2 }, t: { minimum: 3 }, u: { type: 'integer', format: 'uint64' } }, required: ['n'] },
      { type: 'object', if: { required: ['a'] }, then: { required: ['b'] }, properties: { a: true, b: true } },
      { type: 'array', contains: { type: 'string' }, minContains: 2 },
    ]) {
      expect(found(tool(schema)), JSON.stringify(schema)).toEqual([]);
    }
  });
});
