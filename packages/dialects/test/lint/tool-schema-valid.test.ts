import { describe, expect, it } from 'vitest';
import { createJudge, lintTools } from '../../src/index.js';

const RULE = 'json-schema.tool-schema.valid';
const tool = (inputSchema: unknown, extra: Record<string, unknown> = {}) => ({ name: 't', inputSchema, ...extra });
const only = (input: unknown, protocol?: string) =>
  lintTools(input, protocol ? { protocol } : {}).diagnostics.filter((d) => d.code === RULE);

describe('json-schema.tool-schema.valid', () => {
  it('accepts a schema without $schema as 2020-12 and both supported dialect URIs', () => {
    const body = { type: 'object', properties: { q: { type: 'string', minLength: 1 } }, required: ['q'] };
    expect(lintTools(tool(body))).toEqual({ diagnostics: [], complete: true });
    expect(lintTools(tool({ $schema: 'https://json-schema.org/draft/2020-12/schema', ...body })).diagnostics).toEqual([]);
    expect(lintTools(tool({ $schema: 'http://json-schema.org/draft-07/schema#', ...body })).diagnostics).toEqual([]);
    expect(lintTools(tool({ $schema: 'http://json-schema.org/draft-07/schema', ...body })).diagnostics).toEqual([]);
    // An empty fragment names the same meta-schema, in either dialect.
    expect(lintTools(tool({ $schema: 'https://json-schema.org/draft/2020-12/schema#', ...body })).diagnostics).toEqual([]);
  });

  it('refuses any other $schema as an error, not a warning', () => {
    for (const uri of ['http://json-schema.org/draft-04/schema#', 'https://json-schema.org/draft/2019-09/schema', 'https://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-07/schema##', 'https://json-schema.org/draft/2020-12/schema/', 42]) {
      const result = lintTools(tool({ $schema: uri, type: 'object' }));
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ code: RULE, severity: 'error', path: '/inputSchema/$schema' }),
      ]);
      expect(result.diagnostics[0]!.message).toContain('not a supported dialect');
    }
  });

  it('validates against the meta-schema of the declared dialect', () => {
    expect(only(tool({ type: 'object', required: 'query' }))).toEqual([
      { code: RULE, severity: 'error', path: '/inputSchema/required', message: 'Not a valid 2020-12 schema: "required" must be array.' },
    ]);
    const badType = only(tool({ type: 'object', properties: { a: { type: 'text' } } }));
    expect(badType.map((d) => d.path)).toEqual(['/inputSchema/properties/a/type']);
    // draft-07 reads `items: [..]` as a tuple, 2020-12 does not: the dialect decides.
    const tuple = { type: 'object', properties: { p: { type: 'array', items: [{ type: 'string' }] } } };
    expect(only(tool({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple }))).toEqual([]);
    expect(only(tool(tuple)).map((d) => d.path)).toEqual(['/inputSchema/properties/p/items']);
  });

  it('names the draft-04 cause of a boolean exclusiveMinimum', () => {
    const [d] = only(tool({ type: 'object', properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true } } }));
    expect(d).toMatchObject({ severity: 'error', path: '/inputSchema/properties/n/exclusiveMinimum' });
    expect(d!.message).toContain('draft-04');
  });

  it('refuses a pattern that is no regular expression', () => {
    const [d] = only(tool({ type: 'object', properties: { s: { type: 'string', pattern: '([a-z' } } }));
    expect(d).toMatchObject({ severity: 'error', path: '/inputSchema/properties/s/pattern' });
    const [p] = only(tool({ type: 'object', patternProperties: { 'a/(': {} } }));
    expect(p).toMatchObject({ severity: 'error', path: '/inputSchema/patternProperties/a~1(' });
  });

  it('refuses patterns that are not ECMA-262 with the u flag, even when valid without it', () => {
    const found = only(tool({ type: 'object', properties: { a: { type: 'string', pattern: '(?i)abc' }, b: { type: 'string', pattern: '^a{,2}$' } }, patternProperties: { '\\-x': {} } }));
    expect(found.map((d) => [d.path, d.severity]).sort()).toEqual([
      ['/inputSchema/patternProperties/\\-x', 'error'],
      ['/inputSchema/properties/a/pattern', 'error'],
      ['/inputSchema/properties/b/pattern', 'error'],
    ]);
    expect(found.find((d) => d.path.endsWith('/b/pattern'))!.message).toMatch(/^Pattern "\^a\{,2\}\$" is not a valid ECMA-262 regular expression with the u flag \(.*\); it is valid only without the u flag/);
    // The judge refuses to compile them too: every call is the server's fault, never judged by another meaning.
    const judge = createJudge({ inputSchema: { type: 'object', properties: { b: { type: 'string', pattern: '^a{,2}$' } } } });
    expect(judge.warm()).toEqual([expect.objectContaining({ code: 'judge.schema-invalid', severity: 'error' })]);
    const r = judge.checkArguments({ b: 'a{,2}' }, { decodeNulls: false });
    expect(!r.ok && r.fault).toBe('server');
  });

  it('resolves local references: #, pointers, $defs, definitions, $anchor, escapes', () => {
    const schema = {
      type: 'object',
      $defs: { 'a/b': { type: 'string' }, 'c~d': { type: 'integer' }, 'e f': { type: 'boolean' }, anchored: { $anchor: 'Anch', type: 'null' } },
      definitions: { legacy: { type: 'number' } },
      properties: {
        self: { $ref: '#' },
        slash: { $ref: '#/$defs/a~1b' },
        tilde: { $ref: '#/$defs/c~0d' },
        space: { $ref: '#/$defs/e%20f' },
        defs: { $ref: '#/definitions/legacy' },
        anchor: { $ref: '#Anch' },
        deep: { $ref: '#/properties/slash' },
      },
    };
    expect(lintTools(tool(schema))).toEqual({ diagnostics: [], complete: true });
  });

  it('names the keyword that holds an unresolved reference: $dynamicRef is not called $ref', () => {
    const messages = only(tool({ type: 'object', properties: { x: { $dynamicRef: '#meta' }, y: { $ref: '#nope' } } })).map((d) => [d.path, d.message]);
    expect(messages).toEqual([
      ['/inputSchema/properties/x/$dynamicRef', '$dynamicRef "#meta" names anchor "meta", which this schema does not define.'],
      ['/inputSchema/properties/y/$ref', '$ref "#nope" names anchor "nope", which this schema does not define.'],
    ]);
  });

  it('resolves draft-07 plain-name $id anchors and references against a nested $id', () => {
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { item: { $id: '#item', type: 'string' } },
      properties: { a: { $ref: '#item' } },
    };
    expect(only(tool(draft07))).toEqual([]);
    const nested = {
      $id: 'https://example.com/root.json',
      type: 'object',
      $defs: { inner: { $id: 'inner.json', $defs: { x: { type: 'string' } }, properties: { y: { $ref: '#/$defs/x' } } } },
      properties: { i: { $ref: 'inner.json' }, x: { $ref: 'https://example.com/inner.json#/$defs/x' } },
    };
    expect(lintTools(tool(nested))).toEqual({ diagnostics: [], complete: true });
  });

  it('reports an unresolved local reference as an error at the $ref', () => {
    const result = lintTools(tool({ type: 'object', properties: { a: { $ref: '#/$defs/identifier' }, b: { $ref: '#Missing' }, c: { $ref: '#/$defs/x%zz' } } }));
    expect(result.diagnostics.map((d) => [d.severity, d.path])).toEqual([
      ['error', '/inputSchema/properties/a/$ref'],
      ['error', '/inputSchema/properties/b/$ref'],
      ['error', '/inputSchema/properties/c/$ref'],
    ]);
    expect(result.complete).toBe(true);
  });

  it('warns about an external reference, never fetches it, and marks the check incomplete', () => {
    const result = lintTools(tool({ type: 'object', properties: { a: { $ref: 'https://schemas.example.invalid/a.json' }, b: { $ref: 'other.json#/x' } } }));
    expect(result.diagnostics.map((d) => [d.severity, d.path])).toEqual([
      ['warning', '/inputSchema/properties/a/$ref'],
      ['warning', '/inputSchema/properties/b/$ref'],
    ]);
    expect(result.complete).toBe(false);
  });

  it('treats a reference to a bundled meta-schema as resolved', () => {
    expect(lintTools(tool({ type: 'object', properties: { s: { $ref: 'https://json-schema.org/draft/2020-12/schema' } } }))).toEqual({
      diagnostics: [],
      complete: true,
    });
  });

  it('checks outputSchema the same way', () => {
    const d = only(tool({ type: 'object' }, { outputSchema: { type: 'object', properties: { n: { $ref: '#/$defs/nope' } } } }));
    expect(d.map((x) => x.path)).toEqual(['/outputSchema/properties/n/$ref']);
  });

  it('applies to 2025-11-25 and 2026-07-28 only; earlier, a declared $schema is itself the error', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: 'x' };
    expect(only(tool(schema), '2025-11-25').map((d) => d.path)).toEqual(['/inputSchema/required']);
    expect(only(tool(schema), '2026-07-28').map((d) => d.path)).toEqual(['/inputSchema/required']);
    for (const early of ['2024-11-05', '2025-03-26', '2025-06-18']) {
      const d = only(tool(schema), early);
      expect(d.map((x) => [x.severity, x.path])).toEqual([['error', '/inputSchema/$schema']]);
      expect(d[0]!.message).toContain(early);
    }
  });

  it('refuses a schema past the depth bound with an error instead of overflowing the stack', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 5000; i++) deep = { type: 'object', properties: { n: deep } };
    const result = lintTools(tool(deep));
    expect(result.complete).toBe(false);
    expect(result.diagnostics.some((d) => d.code === RULE && d.severity === 'error' && d.message.includes('deeper than 256 levels'))).toBe(true);
  });

  it('reports a cyclic object as not JSON data', () => {
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    const result = lintTools(tool(cyclic));
    expect(result.diagnostics).toContainEqual(expect.objectContaining({ code: RULE, severity: 'error', path: '/inputSchema/properties/self' }));
    expect(result.complete).toBe(false);
  });

  it('allows x- annotations and unknown formats', () => {
    const schema = { type: 'object', properties: { r: { type: 'string', 'x-mcp-header': 'Region', format: 'int64-ish' } }, 'x-vendor': { any: 1 } };
    expect(lintTools(tool(schema))).toEqual({ diagnostics: [], complete: true });
  });
});
