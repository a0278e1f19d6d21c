// The depth/size guard walks a document only where the schema can lead the judge deeper than its
// own nesting (recursion) or into more than linear work (uniqueItems), or where the caller set the
// limits; everywhere else Ajv's compiled function runs directly and stays safe on any document.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';
import { documentGuardNeeded } from '../../src/judge/document-guard.js';
import { ResourceIndex, type SchemaNode } from '../../src/resource-index.js';
import { shorten } from '../../src/judge/rule-words.js';

const needs = (schema: unknown, draft: '2020-12' | 'draft-07' = '2020-12') => documentGuardNeeded(new ResourceIndex(schema as SchemaNode, draft));

function nested(depth: number): unknown {
  let deep: unknown = [];
  for (let i = 0; i < depth; i++) deep = [deep];
  return deep;
}

describe('which schemas need the document guard', () => {
  it('recursion through $ref (self, root, mutual, anchors, draft-07 definitions) and $dynamicRef need it', () => {
    expect(needs({ $defs: { n: { properties: { next: { $ref: '#/$defs/n' } } } }, properties: { head: { $ref: '#/$defs/n' } } })).toBe(true);
    expect(needs({ properties: { again: { $ref: '#' } } })).toBe(true);
    expect(needs({ $defs: { a: { items: { $ref: '#/$defs/b' } }, b: { properties: { x: { $ref: '#/$defs/a' } } } }, $ref: '#/$defs/a' })).toBe(true);
    expect(needs({ $defs: { n: { $anchor: 'node', properties: { kids: { items: { $ref: '#node' } } } } }, $ref: '#node' })).toBe(true);
    expect(needs({ definitions: { t: { properties: { sub: { $ref: '#/definitions/t' } } } }, $ref: '#/definitions/t' }, 'draft-07')).toBe(true);
    expect(needs({ properties: { x: { properties: { y: { $ref: '#/properties/x' } } } } })).toBe(true);
    expect(needs({ $dynamicAnchor: 'meta', properties: { x: { $dynamicRef: '#meta' } } })).toBe(true);
  });

  it('uniqueItems needs it: Ajv compares items pairwise and recursively', () => {
    expect(needs({ properties: { tags: { type: 'array', uniqueItems: true } } })).toBe(true);
    expect(needs({ properties: { tags: { type: 'array', uniqueItems: false } } })).toBe(false);
  });

  it('plain schemas, shared definitions and long chains of definitions do not', () => {
    expect(needs({ type: 'object', properties: { a: { type: 'string' }, o: { type: 'object', additionalProperties: {} } } })).toBe(false);
    expect(needs({ $defs: { id: { type: 'string' } }, properties: { a: { $ref: '#/$defs/id' }, b: { items: { $ref: '#/$defs/id' } } } })).toBe(false);
    const chain: Record<string, unknown> = { d4999: { type: 'string' } };
    for (let i = 0; i < 4999; i++) chain[`d${i}`] = { $ref: `#/$defs/d${i + 1}` };
    expect(needs({ $defs: chain, $ref: '#/$defs/d0' })).toBe(false);
    chain['d4999'] = { $ref: '#/$defs/d0' };
    expect(needs({ $defs: chain, $ref: '#/$defs/d0' })).toBe(true);
  });
});

describe('judging without the guard walk', () => {
  const open = createJudge({ inputSchema: { type: 'object', properties: { v: {}, s: { type: 'string' } } } });

  it('accepts a deeply nested value the schema does not look into, as Ajv does, and hands it over as sent', () => {
    const args = { v: nested(100_000) };
    for (const decodeNulls of [false, true]) expect(open.checkArguments(args, { decodeNulls })).toEqual({ ok: true, value: args });
  });

  it('refuses a deep or cyclic value where the schema wants something else, quoting it shortened, without overflowing', () => {
    const deep = open.checkArguments({ s: nested(100_000) }, { decodeNulls: true });
    expect(!deep.ok && deep.violations).toEqual([{ path: '/s', rule: 'must be a string', value: '['.repeat(79) + '…', keyword: 'type' }]);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    const c = open.checkArguments({ s: cyclic }, { decodeNulls: false });
    expect(!c.ok && c.violations[0]!.value).toBe('{"a":1,"self":'.repeat(6).slice(0, 79) + '…');
  });

  it('still refuses documents deeper than maxDepth for a recursive schema, and for uniqueItems, with the default limits', () => {
    const tree = createJudge({ inputSchema: { $defs: { n: { type: 'array', items: { $ref: '#/$defs/n' } } }, type: 'object', properties: { v: { $ref: '#/$defs/n' } } } });
    const r = tree.checkArguments({ v: nested(1000) }, { decodeNulls: false });
    expect(!r.ok && r.violations).toEqual([{ path: '/v' + '/0'.repeat(127), rule: 'is nested deeper than 128 levels, which is not accepted', keyword: 'maxDepth' }]);
    const unique = createJudge({ inputSchema: { type: 'object', properties: { v: { type: 'array', uniqueItems: true } } } });
    const many = unique.checkArguments({ v: Array.from({ length: 100_001 }, (_, i) => ({ i })) }, { decodeNulls: false });
    expect(!many.ok && many.violations).toEqual([{ path: '', rule: 'holds more than 100000 values, which is not accepted', keyword: 'maxNodes' }]);
  });

  it('enforces limits the caller set on every schema', () => {
    const limited = createJudge({ inputSchema: { type: 'object', properties: { v: {} } } }, { maxNodes: 10 });
    const r = limited.checkArguments({ v: Array.from({ length: 20 }, (_, i) => i) }, { decodeNulls: false });
    expect(!r.ok && r.violations.map((v) => v.keyword)).toEqual(['maxNodes']);
  });
});

describe('shorten', () => {
  it('writes what JSON.stringify writes, cut to the limit', () => {
    const values = [null, 'a"b', 1.5, -0, [1, 'x', null, undefined, () => 1], { a: undefined, b: [true, { c: 'd' }], e: 1e21 }, {}, [], 'é\u2028'];
    for (const v of values) expect(shorten(v, 1000)).toBe(JSON.stringify(v));
    expect(shorten('x'.repeat(100))).toBe('"' + 'x'.repeat(78) + '…');
    expect(shorten(Infinity)).toBe('Infinity');
    expect(shorten({ n: -Infinity })).toBe('{"n":-Infinity}');
  });
});
