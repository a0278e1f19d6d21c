// json-schema.tool-schema.required-refused: a property required and refused at once, so the schema
// accepts no object; the judge agrees by refusing every call.
import { describe, expect, it } from 'vitest';
import { createJudge, lintTools } from '../../src/index.js';

const CODE = 'json-schema.tool-schema.required-refused';
const tool = (inputSchema: unknown, outputSchema?: unknown) => ({ name: 't', inputSchema, ...(outputSchema === undefined ? {} : { outputSchema }) });
const found = (input: unknown) => lintTools(input).diagnostics.filter((d) => d.code === CODE).map((d) => [d.severity, d.path, d.message]);

describe(CODE, () => {
  it('warns where a closed object requires a name it does not declare, and the judge refuses every call', () => {
    const input = tool({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'], additionalProperties: false });
    expect(found(input)).toEqual([
      ['warning', '/inputSchema/required/1', '"b" is required, but it is not among the declared properties and additionalProperties is false, so this schema accepts no object: no call of this tool can be accepted.'],
    ]);
    const judge = createJudge(input);
    expect(judge.checkArguments({ a: 'x' }, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkArguments({ a: 'x', b: 1 }, { decodeNulls: false }).ok).toBe(false);
  });

  it('warns where a required property schema is false, at any depth and in the output schema', () => {
    const input = tool(
      { type: 'object', properties: { opts: { type: 'object', properties: { gone: false }, required: ['gone'] } } },
      { type: 'object', properties: { x: false }, required: ['x'] },
    );
    expect(found(input).map(([severity, path]) => [severity, path])).toEqual([
      ['warning', '/inputSchema/properties/opts/required/0'],
      ['warning', '/outputSchema/required/0'],
    ]);
    expect(found(input)[0]?.[2]).toBe('"gone" is required, but its property schema is false, so this schema accepts no object.');
    // The tool is still callable without opts: only objects at that place are refused.
    expect(createJudge(input).checkArguments({}, { decodeNulls: false }).ok).toBe(true);
  });

  it('reads unevaluatedProperties: false as the closure where nothing beside it evaluates in place', () => {
    expect(found(tool({ type: 'object', properties: { a: true }, required: ['b'], unevaluatedProperties: false })).map(([, path]) => path)).toEqual(['/inputSchema/required/0']);
    // An allOf beside it may evaluate b: not judged here.
    expect(found(tool({ type: 'object', allOf: [{ properties: { b: true } }], required: ['b'], unevaluatedProperties: false }))).toEqual([]);
  });

  it('says nothing where the object may accept one: declared, open, matched by a pattern, or not required', () => {
    for (const schema of [
      { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
      { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] },
      { type: 'object', required: ['b'], additionalProperties: { type: 'string' } },
      { type: 'object', patternProperties: { '^b': { type: 'string' } }, required: ['b'], additionalProperties: false },
      { type: 'object', properties: { b: false }, additionalProperties: false },
      { type: 'object', properties: { a: true }, required: 'a' },
    ]) {
      expect(found(tool(schema)), JSON.stringify(schema)).toEqual([]);
    }
  });

  it('reads patterns on the linear engine: a matching pattern decides, an unmatched name meets the closure', () => {
    const patternFalse = tool({ type: 'object', required: ['x-b'], patternProperties: { '^x-': false } });
    expect(found(patternFalse)).toEqual([
      ['warning', '/inputSchema/required/0', '"x-b" is required, but its name matches the pattern ^x-, whose schema is false, so this schema accepts no object: no call of this tool can be accepted.'],
    ]);
    const noMatch = tool({ type: 'object', required: ['b'], patternProperties: { '^x-': { type: 'number' } }, additionalProperties: false });
    expect(found(noMatch).map(([, , m]) => m)).toEqual([
      '"b" is required, but it is not among the declared properties, no pattern matches it, and additionalProperties is false, so this schema accepts no object: no call of this tool can be accepted.',
    ]);
    // The judge agrees on both: no object is accepted.
    expect(createJudge(patternFalse).checkArguments({ 'x-b': 1 }, { decodeNulls: false }).ok).toBe(false);
    expect(createJudge(noMatch).checkArguments({ b: 1 }, { decodeNulls: false }).ok).toBe(false);
    // A pattern the linear engine declines (a back-reference) is not guessed at.
    expect(found(tool({ type: 'object', required: ['aa'], patternProperties: { '^(a)\\1$': { type: 'number' } }, additionalProperties: false }))).toEqual([]);
  });

  it('reads a schema that accepts no value, propertyNames and maxProperties', () => {
    expect(found(tool({ type: 'object', required: ['b'], additionalProperties: { not: {} } })).map(([, p, m]) => [p, m])).toEqual([
      ['/inputSchema/required/0', '"b" is required, but it is not among the declared properties and additionalProperties accepts no value, so this schema accepts no object: no call of this tool can be accepted.'],
    ]);
    const names = tool({ type: 'object', required: ['bbbb', 'ok', 'y-1'], propertyNames: { maxLength: 3, pattern: '^[a-x]' } });
    expect(found(names).map(([, p, m]) => [p, m])).toEqual([
      ['/inputSchema/required/0', '"bbbb" is required, but propertyNames admits at most 3 characters, so this schema accepts no object: no call of this tool can be accepted.'],
      ['/inputSchema/required/2', '"y-1" is required, but propertyNames asks for names matching ^[a-x], so this schema accepts no object: no call of this tool can be accepted.'],
    ]);
    expect(createJudge(names).checkArguments({ bbbb: 1, ok: 1, 'y-1': 1 }, { decodeNulls: false }).ok).toBe(false);
    expect(found(tool({ type: 'object', required: ['a', 'b', 'a'], maxProperties: 1 })).map(([, p, m]) => [p, m])).toEqual([
      ['/inputSchema/maxProperties', '2 properties are required, but maxProperties is 1, so this schema accepts no object: no call of this tool can be accepted.'],
    ]);
    // Within the limits, nothing is said.
    expect(found(tool({ type: 'object', required: ['ab'], propertyNames: { maxLength: 3, enum: ['ab', 'cd'] }, maxProperties: 1 }))).toEqual([]);
  });
});

describe(`${CODE}: names an allOf branch requires`, () => {
  it('warns where an allOf branch (inline or a local $ref) requires a name the closure beside it refuses, and the judge refuses every call', () => {
    const inline = tool({ type: 'object', properties: { a: { type: 'string' } }, allOf: [{ properties: { b: { type: 'integer' } }, required: ['b'] }], additionalProperties: false });
    expect(found(inline)).toEqual([
      ['warning', '/inputSchema/allOf/0/required/0', '"b" is required by allOf, but it is not among the declared properties and additionalProperties is false (additionalProperties sees only the properties declared beside it, not those of branches), so this schema accepts no object: no call of this tool can be accepted.'],
    ]);
    const judge = createJudge(inline);
    expect(judge.checkArguments({ a: 'x' }, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkArguments({ a: 'x', b: 1 }, { decodeNulls: false }).ok).toBe(false);
    const viaRef = tool({ type: 'object', $defs: { Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } }, allOf: [{ $ref: '#/$defs/Base' }], additionalProperties: false });
    expect(found(viaRef).map(([, path, m]) => [path, (m as string).slice(0, 37)])).toEqual([['/inputSchema/$defs/Base/required/0', '"id" is required by $ref #/$defs/Base']]);
    expect(createJudge(viaRef).checkArguments({ id: 'x' }, { decodeNulls: false }).ok).toBe(false);
  });

  it('says nothing where the name is declared beside the closure, the closure sees branches, or the branch does not always apply', () => {
    for (const schema of [
      { type: 'object', properties: { b: true }, allOf: [{ properties: { b: { type: 'integer' } }, required: ['b'] }], additionalProperties: false },
      { type: 'object', allOf: [{ properties: { b: { type: 'integer' } }, required: ['b'] }], unevaluatedProperties: false },
      { type: 'object', allOf: [{ required: ['b'] }] },
      { type: 'object', anyOf: [{ required: ['b'] }, { required: ['c'] }], properties: { c: true }, additionalProperties: false },
    ]) {
      expect(found(tool(schema)), JSON.stringify(schema)).toEqual([]);
    }
  });
});
