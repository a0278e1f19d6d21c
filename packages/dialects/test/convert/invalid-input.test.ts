// Issue 11 part 1: an invalid schema is refused in every dialect, canonical included, by the
// linter's own meta-schema check, with `invalid-schema` errors at the offending values.
import { describe, expect, it } from 'vitest';
import { convert, lintTools, loadDialects } from '@redouble/dialects';

const registry = loadDialects();
const every = registry.list().map((d) => registry.get(d.id));

const where = (r: ReturnType<typeof convert>) => r.diagnostics.filter((d) => d.code === 'invalid-schema').map((d) => d.path);

describe('invalid input is refused in every dialect', () => {
  const cases: [string, unknown, string[]][] = [
    ['required as a string', { type: 'object', required: 'query' }, ['/required']],
    ['a misspelt type', { type: 'object', properties: { q: { type: 'strng' } } }, ['/properties/q/type']],
    ['a null root', null, ['']],
    ['a number root', 5, ['']],
    ['an array root', [], ['']],
    ['a string minimum', { type: 'object', properties: { n: { type: 'number', minimum: 'a' } } }, ['/properties/n/minimum']],
    ['a property schema that is a number', { type: 'object', properties: { a: 42 } }, ['/properties/a']],
    ['an unknown $schema', { $schema: 'https://example.com/schemas/custom-dialect', type: 'object' }, ['/$schema']],
    ['a draft-04 $schema', { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }, ['/$schema']],
    // Near misses of the two supported URIs (the scheme is part of the name).
    ['an https draft-07 $schema', { $schema: 'https://json-schema.org/draft-07/schema#', type: 'object' }, ['/$schema']],
    ['an http 2020-12 $schema', { $schema: 'http://json-schema.org/draft/2020-12/schema', type: 'object' }, ['/$schema']],
    // Valid by the meta-schemas, but no validator can compile them (the judge reads patterns with the u flag).
    ['a pattern that does not compile', { type: 'object', properties: { x: { type: 'string', pattern: '[' } } }, ['/properties/x/pattern']],
    ['a patternProperties key that does not compile', { type: 'object', patternProperties: { '(?i)^x': { type: 'string' } } }, ['/patternProperties/(?i)^x']],
    ['a propertyNames pattern valid only without the u flag', { type: 'object', propertyNames: { pattern: 'a{,2}' } }, ['/propertyNames/pattern']],
    ['a draft-07 schema invalid under draft-07', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { items: 3 } } }, ['/properties/a/items']],
    // Valid value by value, but a reference to what is declared twice names no one schema (Ajv refuses it).
    ['an embedded $id declared twice', { $id: 'https://x.example/r.json', type: 'object', $defs: { a: { $id: 'a.json', type: 'integer' }, b: { $id: 'https://x.example/a.json', type: 'string' } } }, ['/$defs/b/$id']],
    ["an embedded $id naming the document's own URI", { $id: 'https://x.example/r.json', type: 'object', $defs: { a: { $id: 'r.json' } } }, ['/$defs/a/$id']],
    ['an anchor declared twice in one resource', { type: 'object', $defs: { a: { $anchor: 'q' }, b: { $anchor: 'q' } } }, ['/$defs/b/$anchor']],
    // One JS object in two places is two declarations once serialized, as clients receive it.
    ['one object with an $id used twice', ((shared) => ({ type: 'object', properties: { a: shared, b: shared } }))({ type: 'string', $id: 'https://x.example/shared.json' }), ['/properties/b/$id']],
    ['a draft-07 anchor declared twice', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: { a: { $id: '#q' }, b: { $id: '#q' } } }, ['/definitions/b/$id']],
  ];
  for (const [what, schema, pointers] of cases) {
    it(`${what}: invalid-schema at ${pointers.join(', ') || 'the root'}, ok false`, () => {
      for (const d of every) {
        const r = convert(schema, d);
        expect(r.ok, d.id).toBe(false);
        expect(where(r), d.id).toEqual(pointers);
      }
    });
  }

  it('canonical still prints the input beside its errors', () => {
    const schema = { type: 'object', required: 'query' };
    const r = convert(schema, registry.get('canonical'));
    expect(r.output).toEqual(schema);
    expect(r.ok).toBe(false);
    // An unsupported $schema sends canonical's one-pass copy to the full walk: the same output.
    const odd = { $schema: 'https://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { $ref: '#/properties/b' }, b: { type: 'integer' } } };
    const oddResult = convert(odd, registry.get('canonical'));
    expect(oddResult.output).toEqual(odd);
    expect(oddResult.ok).toBe(false);
  });

  it('points into a Tool and into a tools/list result', () => {
    const tool = { name: 't', inputSchema: { type: 'object', required: 'q' }, outputSchema: { type: 'object', properties: { r: { type: 'strng' } } } };
    expect(where(convert(tool, registry.get('flat')))).toEqual(['/inputSchema/required', '/outputSchema/properties/r/type']);
    expect(where(convert({ tools: [{ name: 'ok', inputSchema: { type: 'object' } }, tool] }, registry.get('canonical')))).toEqual([
      '/tools/1/inputSchema/required',
      '/tools/1/outputSchema/properties/r/type',
    ]);
  });

  it('says what the linter says, at the same pointers (one check, not two)', () => {
    const tool = { name: 't', inputSchema: { type: 'object', properties: { a: { type: 'strng' }, b: { minimum: 'x' } } } };
    const lint = lintTools(tool).diagnostics.filter((d) => d.code === 'json-schema.tool-schema.valid');
    const conv = convert(tool, registry.get('openai_strict')).diagnostics.filter((d) => d.code === 'invalid-schema');
    expect(conv.map((d) => [d.path, d.message])).toEqual(lint.map((d) => [d.path, d.message]));
    const badPattern = { name: 'p', inputSchema: { type: 'object', properties: { x: { type: 'string', pattern: '\\p{Foo}' } } } };
    expect(convert(badPattern, registry.get('gemini')).diagnostics.filter((d) => d.code === 'invalid-schema').map((d) => [d.path, d.message])).toEqual(
      lintTools(badPattern).diagnostics.filter((d) => d.severity === 'error').map((d) => [d.path, d.message]),
    );
    const unknown = { name: 'u', inputSchema: { $schema: 'https://example.com/x', type: 'object' } };
    expect(convert(unknown, registry.get('gemini')).diagnostics.map((d) => d.message)).toEqual(
      lintTools(unknown).diagnostics.filter((d) => d.severity === 'error').map((d) => d.message),
    );
  });

  it('words a wrong root in plain English: "must be object or boolean"', () => {
    const r = convert(42, registry.get('flat'));
    expect(r.diagnostics.find((d) => d.code === 'invalid-schema')?.message).toBe('Not a valid 2020-12 schema: the schema must be object or boolean.');
  });

  it('a valid schema gets no invalid-schema diagnostic', () => {
    for (const d of every) expect(where(convert({ type: 'object', properties: { a: { type: 'string', minLength: 1 } } }, d)), d.id).toEqual([]);
  });
});
