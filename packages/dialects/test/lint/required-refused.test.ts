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
});
