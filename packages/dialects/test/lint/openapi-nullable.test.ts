// json-schema.tool-schema.openapi-nullable: OpenAPI's `nullable: true` in a tool schema. Ajv (the
// judge) reads it beside a type and cannot compile it without one; other validators ignore it.
import { describe, expect, it } from 'vitest';
import { convert, createJudge, lintTools, loadDialects } from '../../src/index.js';
import { plainlyValid } from '../../src/lint/meta-fast.js';

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

  it('is refused by convert too, in every dialect, at the same pointer and in the same words, wherever the node stands', () => {
    const schema = {
      type: 'object',
      properties: { a: { nullable: true }, ok: { type: 'string', nullable: true } },
      not: { properties: { b: { nullable: true, description: 'Dropped by some dialects.' } } },
      $defs: { D: { nullable: true } },
    };
    const lintWords = lintTools(tool(schema)).diagnostics.filter((d) => d.code === CODE && d.severity === 'error');
    expect(lintWords.map((d) => d.path)).toEqual(['/inputSchema/properties/a/nullable', '/inputSchema/not/properties/b/nullable', '/inputSchema/$defs/D/nullable']);
    const registry = loadDialects();
    for (const info of registry.list()) {
      const r = convert(schema, registry.get(info.id));
      const refused = r.diagnostics.filter((d) => d.code === 'invalid-schema');
      expect(r.ok, info.id).toBe(false);
      expect(refused.map((d) => d.path).sort(), info.id).toEqual(['/$defs/D/nullable', '/not/properties/b/nullable', '/properties/a/nullable']);
      expect(new Set(refused.map((d) => d.message)), info.id).toEqual(new Set(lintWords.map((d) => d.message)));
    }
  });

  it('keeps a typed nullable on the meta check\'s quick yes; only a typeless one leaves it', () => {
    expect(plainlyValid({ type: 'object', properties: { a: { type: 'string', nullable: true } } })).toBe(true);
    expect(plainlyValid({ type: 'object', properties: { a: { nullable: false } } })).toBe(true);
    expect(plainlyValid({ type: 'object', properties: { a: { nullable: true } } })).toBe(false);
    expect(convert({ type: 'object', properties: { a: { type: 'string', nullable: true } } }, loadDialects().get('canonical')).diagnostics).toEqual([]);
  });
});
