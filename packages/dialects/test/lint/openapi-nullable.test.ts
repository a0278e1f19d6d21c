// json-schema.tool-schema.openapi-nullable: OpenAPI's `nullable: true` in a tool schema. Ajv (the
// judge) reads it beside a type and cannot compile it without one; other validators ignore it.
import { describe, expect, it } from 'vitest';
import { createJudge, lintTools } from '../../src/index.js';

const CODE = 'json-schema.tool-schema.openapi-nullable';
const tool = (inputSchema: unknown, outputSchema?: unknown) => ({ name: 't', inputSchema, ...(outputSchema === undefined ? {} : { outputSchema }) });
const found = (input: unknown) => lintTools(input).diagnostics.filter((d) => d.code === CODE).map((d) => [d.severity, d.path]);

describe(CODE, () => {
  it('refuses nullable with no type, which the judge cannot compile (before: lint passed it and every call was a server fault)', () => {
    const input = tool({ type: 'object', properties: { a: { nullable: true, description: 'Anything.' } } });
    expect(found(input)).toEqual([['error', '/inputSchema/properties/a/nullable']]);
    const verdict = createJudge(input).checkArguments({ a: 1 }, { decodeNulls: false });
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? '' : verdict.text).toContain('could not be judged');
  });

  it('warns beside a type without null, in both schemas and at any depth; the judge accepts the null', () => {
    const input = tool(
      { type: 'object', properties: { title: { type: 'string', nullable: true }, tags: { type: 'array', items: { type: ['string', 'integer'], nullable: true } } } },
      { type: 'object', properties: { id: { type: 'integer', nullable: true } } },
    );
    expect(found(input)).toEqual([
      ['warning', '/inputSchema/properties/title/nullable'],
      ['warning', '/inputSchema/properties/tags/items/nullable'],
      ['warning', '/outputSchema/properties/id/nullable'],
    ]);
    expect(lintTools(input).diagnostics.find((d) => d.code === CODE)?.message).toContain('write "type": ["string","null"]');
    expect(createJudge(input).checkArguments({ title: null, tags: [null] }, { decodeNulls: false }).ok).toBe(true);
  });

  it('says nothing where null is in the type already, or nullable is not true', () => {
    const input = tool({ type: 'object', properties: { a: { type: ['string', 'null'], nullable: true }, c: { type: 'string', nullable: false }, d: { type: 'null', nullable: true } } });
    expect(lintTools(input).diagnostics).toEqual([]);
  });
});
