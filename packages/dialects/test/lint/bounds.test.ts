// Lint bounds (issue 12): work is capped by size and depth with a clear error, and a `$ref` cycle
// that never reaches a schema is reported, as convert reports it.
import { describe, expect, it } from 'vitest';
import { convert, lintTools, loadDialects } from '../../src/index.js';

const RULE = 'json-schema.tool-schema.valid';
const tool = (inputSchema: unknown) => ({ name: 't', inputSchema });
const errors = (input: unknown) => lintTools(input).diagnostics.filter((d) => d.severity === 'error');

describe('lint size and depth bounds', () => {
  it('refuses a schema of more than 100 000 JSON values with one error at its root, unchecked', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 40_000; i++) properties[`p${i}`] = { type: 'string', minLength: 1 };
    const result = lintTools(tool({ type: 'object', properties }));
    expect(result.complete).toBe(false);
    expect(result.diagnostics).toEqual([
      { code: RULE, severity: 'error', path: '/inputSchema', message: "The schema has more than 100000 JSON values; it was not checked (the linter's size bound)." },
    ]);
  });

  it('counts data too: a 200 000-value enum is past the bound', () => {
    const result = errors(tool({ type: 'object', properties: { x: { enum: Array.from({ length: 200_000 }, (_, i) => `v${i}`) } } }));
    expect(result.map((d) => d.message)).toEqual([expect.stringContaining('more than 100000 JSON values')]);
  });

  it('checks a schema just inside the bound in full, and says the judge would not compile it', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 30_000; i++) properties[`p${i}`] = { type: 'string' };
    properties.bad = { type: 'strnig' };
    const result = lintTools(tool({ type: 'object', properties }));
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      [RULE, '/inputSchema/properties/bad/type'],
      ['json-schema.tool-schema.judge-size', '/inputSchema'],
    ]);
  });

  it('refuses a schema past the judge\'s bound of 10 000 values, and only past it', () => {
    const properties = (n: number): Record<string, unknown> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'integer' }]));
    // n properties of {type} are 2n + 1 values with the root's own object and the type.
    const codes = (n: number) => lintTools(tool({ type: 'object', properties: properties(n) })).diagnostics.map((d) => `${d.code} ${d.path} ${d.message}`);
    expect(codes(4_998)).toEqual([]);
    expect(codes(5_000)).toEqual([
      "json-schema.tool-schema.judge-size /inputSchema The schema has more than 10000 JSON values; the judge does not compile it, since compiling blocks the server for about 50 µs per value and every other request would wait (the judge's size bound).",
    ]);
  });

  it('refuses nesting past 256 levels with an error at the level where it passes the bound, even 100 000 deep', () => {
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 100_000; i++) deep = { type: 'array', items: deep };
    const result = lintTools(tool({ type: 'object', properties: { x: deep } }));
    expect(result.complete).toBe(false);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: RULE, severity: 'error' });
    expect(result.diagnostics[0]!.message).toContain('deeper than 256 levels');
    // "/inputSchema" is level 1; each level below adds one token.
    expect(result.diagnostics[0]!.path.split('/').length - 2).toBe(256);
  });

  it('counts every kind of nesting: data in `default` as deep as schemas', () => {
    let data: unknown = 1;
    for (let i = 0; i < 300; i++) data = [data];
    expect(errors(tool({ type: 'object', default: { x: data } })).map((d) => d.message)).toEqual([expect.stringContaining('deeper than 256 levels')]);
  });
});

describe('$ref cycles without an exit', () => {
  const cyclic = {
    type: 'object',
    properties: { x: { $ref: '#/$defs/a' } },
    $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
  };

  it('reports each reference of `a -> b -> a` as an error, as convert does', () => {
    const result = lintTools(tool(cyclic));
    const found = result.diagnostics.filter((d) => d.message.includes('leads back to itself through references alone'));
    expect(found.map((d) => d.path).sort()).toEqual(['/inputSchema/$defs/a/$ref', '/inputSchema/$defs/b/$ref', '/inputSchema/properties/x/$ref']);
    expect(found.every((d) => d.severity === 'error' && d.code === RULE)).toBe(true);
    const converted = convert(cyclic, loadDialects().get('canonical'));
    expect(converted.diagnostics.some((d) => d.code === 'ref-cycle-no-exit')).toBe(true);
  });

  it('reports a schema that is only a reference to itself', () => {
    expect(errors(tool({ type: 'object', properties: { x: { $ref: '#/properties/x' } } })).map((d) => d.path)).toEqual(['/inputSchema/properties/x/$ref']);
  });

  it('leaves recursion through a real schema alone', () => {
    const tree = {
      type: 'object',
      properties: { root: { $ref: '#/$defs/Node' } },
      $defs: { Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
    };
    expect(lintTools(tool(tree))).toEqual({ diagnostics: [], complete: true });
    const alias = { type: 'object', properties: { x: { $ref: '#/$defs/a' } }, $defs: { a: { $ref: '#/$defs/b' }, b: { type: 'string' } } };
    expect(lintTools(tool(alias))).toEqual({ diagnostics: [], complete: true });
  });

  it('follows anchors and whole-resource references into the cycle too', () => {
    const viaAnchor = { type: 'object', properties: { x: { $ref: '#A' } }, $defs: { a: { $anchor: 'A', $ref: '#/$defs/b' }, b: { $ref: '#A' } } };
    expect(errors(tool(viaAnchor)).map((d) => d.path).sort()).toEqual(['/inputSchema/$defs/a/$ref', '/inputSchema/$defs/b/$ref', '/inputSchema/properties/x/$ref']);
  });
});
