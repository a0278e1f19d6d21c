import { describe, expect, it } from 'vitest';
import { convert, loadDialects } from '@redouble/dialects';
import { encodeNulls } from '../src/encode-nulls.js';

const spelled = {
  type: 'object',
  properties: {
    a: { type: 'string' },
    b: { type: ['integer', 'null'] },
    c: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    d: { type: 'string' },
    shape: {
      anyOf: [
        { type: 'object', properties: { kind: { const: 'circle' }, r: { type: ['number', 'null'] } }, required: ['kind', 'r'] },
        { type: 'object', properties: { kind: { const: 'square' }, side: { type: ['number', 'null'] } }, required: ['kind', 'side'] },
      ],
    },
    pair: { type: 'array', prefixItems: [{ $ref: '#/$defs/P' }, { type: 'string' }] },
    either: {
      anyOf: [
        { type: 'object', properties: { p: { type: ['string', 'null'] } }, required: ['p'] },
        { type: 'object', properties: { q: { type: ['string', 'null'] } }, required: ['q'] },
      ],
    },
  },
  $defs: { P: { type: 'object', properties: { x: { type: ['string', 'null'] } }, required: ['x'] } },
  required: ['a', 'b', 'c', 'd', 'shape', 'pair'],
};

describe('encodeNulls', () => {
  it('follows escaped pointers, and leaves a reference it cannot resolve alone instead of throwing', () => {
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/per%25cent' }, b: { $ref: '#/$defs/%zz' }, c: { $ref: '#anchor' } },
      $defs: { 'per%cent': { type: ['string', 'null'] } },
      required: ['a', 'b', 'c'],
    };
    // a resolves through the percent-escape and admits null; b is malformed and c names an anchor
    // this spelling does not define, so neither is filled (and nothing throws).
    expect(encodeNulls({}, schema)).toEqual({ a: null });
  });
  it('writes null for each omitted property the spelling requires and lets be null, never touching the input', () => {
    const value = { a: 'x', shape: { kind: 'square' }, pair: [{}, 'y'], either: {} };
    const before = structuredClone(value);
    const out = encodeNulls(value, spelled);
    // `either: {}` fits both branches: no guess is made.
    expect(out).toEqual({ a: 'x', b: null, c: null, shape: { kind: 'square', side: null }, pair: [{ x: null }, 'y'], either: {} });
    // d does not admit null: left out, so the reader sees the real mismatch.
    expect(out).not.toHaveProperty('d');
    expect(value).toEqual(before);
  });

  it('tells apart branches that declare the same names by what each requires', () => {
    // Properties moved into each branch of "email or phone": both declare both names; only the
    // branch whose required non-null name is present fits, and its other name is written null.
    const contact = {
      anyOf: [
        { type: 'object', properties: { email: { type: 'string' }, phone: { type: ['string', 'null'] } }, required: ['email', 'phone'] },
        { type: 'object', properties: { email: { type: ['string', 'null'] }, phone: { type: 'string' } }, required: ['phone', 'email'] },
      ],
    };
    expect(encodeNulls({ phone: '1' }, contact)).toEqual({ phone: '1', email: null });
    expect(encodeNulls({ email: 'e' }, contact)).toEqual({ email: 'e', phone: null });
    // Both present: both branches fit, and nothing needs writing.
    const both = { email: 'e', phone: '1' };
    expect(encodeNulls(both, contact)).toBe(both);
  });

  it('returns the value itself when nothing is missing', () => {
    const value = { a: 'x', b: 1, c: 'z', d: 'w', shape: { kind: 'circle', r: 1 }, pair: [{ x: 's' }, 'y'] };
    expect(encodeNulls(value, spelled)).toBe(value);
  });

  it('turns a canonical value into one a null-sending dialect\'s own spelling describes', () => {
    const registry = loadDialects();
    const canonical = {
      type: 'object',
      properties: { id: { type: 'string' }, meta: { type: 'object', properties: { by: { type: 'string' }, at: { type: 'string', format: 'date' } }, required: ['by'] } },
      required: ['id'],
    };
    const senders = registry.list().filter((d) => registry.get(d.id).decodesNulls);
    expect(senders.length).toBeGreaterThan(0);
    for (const info of senders) {
      const out = convert(canonical, registry.get(info.id)).output;
      expect(encodeNulls({ id: '1', meta: { by: 'me' } }, out)).toEqual({ id: '1', meta: { by: 'me', at: null } });
    }
  });
});
