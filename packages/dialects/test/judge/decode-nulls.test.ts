// Reading what a null-sending caller meant: a null is removed only where the canonical schema
// declares the property optional and does not itself admit null, at every depth.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

const decode = (inputSchema: unknown, args: unknown, options = {}) => createJudge({ inputSchema }, options).checkArguments(deepFreeze(args), { decodeNulls: true });

describe('decoding nulls', () => {
  it('follows nested objects, array items and prefixItems, sharing what it does not change', () => {
    const schema = {
      type: 'object',
      properties: {
        kept: { type: 'object', properties: { a: { type: 'string' } } },
        o: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] },
        list: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } },
        pair: { type: 'array', prefixItems: [{ type: 'object', properties: { p: { type: 'string' } } }], items: { type: 'object', properties: { q: { type: 'string' } } } },
      },
    };
    const kept = { a: 'same' };
    const args = { kept, o: { a: 'x', b: null }, list: [{ x: null }, { x: 1 }, null], pair: [{ p: null, q: null }, { p: null, q: null }] };
    const r = decode(schema, args);
    expect(r).toEqual({ ok: false, violations: expect.any(Array), text: expect.any(String), fault: 'caller', diagnostics: expect.any(Array) });
    // The null item of `list` is an array item, not an omitted property: kept and judged.
    expect(!r.ok && r.violations).toEqual([{ path: '/list/2', rule: 'must be an object', value: 'null', keyword: 'type' }]);
    const ok = decode(schema, { ...args, list: [{ x: null }, { x: 1 }] });
    expect(ok).toEqual({ ok: true, value: { kept, o: { a: 'x' }, list: [{}, { x: 1 }], pair: [{ q: null }, { p: null }] } });
    expect(ok.ok && (ok.value as { kept: unknown }).kept).toBe(kept);
  });

  it('follows $ref into $defs, recursive refs, anchors, and draft-07 definitions', () => {
    const tree = {
      $defs: { node: { $anchor: 'node', type: 'object', properties: { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
      type: 'object',
      properties: { root: { $ref: '#node' } },
    };
    expect(decode(tree, { root: { label: null, children: [{ label: 'a', children: null }] } })).toEqual({ ok: true, value: { root: { children: [{ label: 'a' }] } } });
    const legacy = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { when: { type: 'object', properties: { day: { type: 'string', format: 'date' } } } },
      type: 'object',
      properties: { at: { $ref: '#/definitions/when' }, tuple: { type: 'array', items: [{ $ref: '#/definitions/when' }], additionalItems: { type: 'object', properties: { z: { type: 'boolean' } } } } },
    };
    expect(decode(legacy, { at: { day: null }, tuple: [{ day: null }, { z: null }] })).toEqual({ ok: true, value: { at: {}, tuple: [{}, {}] } });
  });

  it('reads allOf as one object: required anywhere keeps the null, null refused anywhere removes it', () => {
    const schema = {
      type: 'object',
      allOf: [{ properties: { a: { type: ['string', 'null'] }, b: { type: 'string' } } }, { properties: { a: { type: 'string' } }, required: ['b'] }],
    };
    const r = decode(schema, { a: null, b: null });
    expect(!r.ok && r.violations).toEqual([{ path: '/b', rule: 'must be a string', value: 'null', keyword: 'type' }]);
    expect(decode(schema, { a: null, b: 'x' })).toEqual({ ok: true, value: { b: 'x' } });
  });

  it('chooses the oneOf branch that validates, and decodes inside it', () => {
    const schema = {
      type: 'object',
      properties: {
        shape: {
          oneOf: [
            { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' }, label: { type: 'string' } }, required: ['kind', 'r'], additionalProperties: false },
            { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' }, label: { type: 'string' } }, required: ['kind', 'side'], additionalProperties: false },
          ],
        },
      },
    };
    expect(decode(schema, { shape: { kind: 'square', side: 2, label: null } })).toEqual({ ok: true, value: { shape: { kind: 'square', side: 2 } } });
  });

  it('keeps a null that some validating branch admits: never a guess', () => {
    const schema = {
      type: 'object',
      properties: { v: { anyOf: [{ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }, { type: 'object', properties: { a: { type: 'null' } }, additionalProperties: false }] } },
    };
    expect(decode(schema, { v: { a: null } })).toEqual({ ok: true, value: { v: { a: null } } });
  });

  it('keeps nulls on nullable properties (type arrays, anyOf with null, enum with null, nullable)', () => {
    const schema = {
      type: 'object',
      properties: {
        t: { type: ['integer', 'null'] },
        u: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        e: { enum: ['a', null] },
        n: { type: 'string', nullable: true },
        any: {},
        s: { type: 'string' },
      },
    };
    expect(decode(schema, { t: null, u: null, e: null, n: null, any: null, s: null })).toEqual({ ok: true, value: { t: null, u: null, e: null, n: null, any: null } });
  });

  it('follows if/then/else with the if decided on the value', () => {
    const schema = {
      type: 'object',
      properties: { mode: { enum: ['a', 'b'] } },
      if: { properties: { mode: { const: 'a' } } },
      then: { properties: { onlyA: { type: 'string' } } },
      else: { properties: { onlyB: { type: 'string' } } },
    };
    // Under mode a, onlyB is declared nowhere that applies (the object is open): its null stays.
    expect(decode(schema, { mode: 'a', onlyA: null, onlyB: null })).toEqual({ ok: true, value: { mode: 'a', onlyB: null } });
    expect(decode(schema, { mode: 'b', onlyB: null })).toEqual({ ok: true, value: { mode: 'b' } });
  });

  it('keeps the null of a prefixItems position that does not declare it, even when items does', () => {
    const schema = { type: 'object', properties: { t: { type: 'array', prefixItems: [{ type: 'object' }], items: { type: 'object', properties: { x: { type: 'string' } } } } } };
    expect(decode(schema, { t: [{ x: null }, { x: null }] })).toEqual({ ok: true, value: { t: [{ x: null }, {}] } });
  });

  it('decodes values of additionalProperties maps', () => {
    const schema = { type: 'object', additionalProperties: { type: 'object', properties: { w: { type: 'number' } } } };
    expect(decode(schema, { k1: { w: null }, k2: { w: 2 } })).toEqual({ ok: true, value: { k1: {}, k2: { w: 2 } } });
  });

  it('never touches the arguments of a canonical caller', () => {
    const judge = createJudge({ inputSchema: { type: 'object', properties: { a: { type: 'string' } } } });
    const args = deepFreeze({ a: null });
    expect(judge.checkArguments(args, { decodeNulls: false }).ok).toBe(false);
    expect(judge.checkArguments(args, { decodeNulls: true })).toEqual({ ok: true, value: {} });
    expect(args).toEqual({ a: null });
  });
});
