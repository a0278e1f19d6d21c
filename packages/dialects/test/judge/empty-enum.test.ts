// `enum: []` is valid under both meta-schemas and accepts no value; Ajv refuses to compile it
// ("enum must have non-empty array"), so every call to such a tool failed as a server fault while
// lint, convert and registration took the schema (round 12). The judge compiles it as `false`.
import { describe, expect, it } from 'vitest';
import { convert, createJudge, lintTools, loadDialects } from '../../src/index.js';

const tool = {
  name: 'pick',
  inputSchema: {
    type: 'object',
    properties: { q: { type: 'string' }, legacy: { enum: [], description: 'No longer used.' } },
  },
};

describe('an empty enum', () => {
  it('is judged as accepting no value, at its place, without changing the schema', () => {
    const before = structuredClone(tool);
    const judge = createJudge(tool);
    expect(judge.checkArguments({ q: 'hello' }, { decodeNulls: false })).toEqual({ ok: true, value: { q: 'hello' } });
    const refused = judge.checkArguments({ q: 'hello', legacy: 'x' }, { decodeNulls: false });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.fault).toBe('caller');
    expect(refused.diagnostics.map((d) => [d.path, d.message])).toEqual([['/legacy', 'is not accepted (got "x")']]);
    expect(tool).toEqual(before);
  });

  it('beside a not of its own, and in draft-07, still accepts nothing', () => {
    const d07 = { name: 'd', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { enum: [], not: { type: 'string' } } } } };
    const judge = createJudge(d07);
    expect(judge.checkArguments({}, { decodeNulls: false }).ok).toBe(true);
    for (const a of [1, 'x', null]) expect(judge.checkArguments({ a }, { decodeNulls: false }).ok, JSON.stringify(a)).toBe(false);
  });

  it('is read as accepting nothing by convert and lint: a required one is reported, an optional one is a property not to send', () => {
    const required = { ...tool, inputSchema: { ...tool.inputSchema, required: ['legacy'] } };
    expect(lintTools(required).diagnostics.map((d) => [d.code, d.path])).toEqual([['json-schema.tool-schema.required-refused', '/inputSchema/required/0']]);
    const spelled = convert(tool, loadDialects().get('gemini@2026-10'));
    expect(spelled.output).toMatchObject({ inputSchema: { properties: { q: { type: 'string' } }, description: 'The property legacy must not be sent.' } });
    expect((spelled.output as { inputSchema: { properties: object } }).inputSchema.properties).not.toHaveProperty('legacy');
  });
});
