// The smallest inputs the property runs shrank to, kept as plain examples so that each stays
// checked whatever seed the property files run with.
import { describe, expect, it } from 'vitest';
import { convert } from '@redouble/dialects';
import { dialects, expectWellFormed } from './fixtures.js';
import { isObject } from './json-tools.js';

describe.each(dialects.map((d) => [d.id, d] as const))('shrunk cases in %s', (_id, dialect) => {
  it('a oneOf at the root is reported at a pointer of the input', () => {
    const input = { $schema: 'http://json-schema.org/draft-07/schema#', oneOf: [{ type: 'object', properties: {} }] };
    expectWellFormed(convert(input, dialect), input);
  });

  it('a property name reported under draft-07 definitions points at definitions', () => {
    const input = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: {}, definitions: { Node: { type: 'object', properties: { 'x y': { type: 'boolean' } } } } };
    expectWellFormed(convert(input, dialect), input);
  });

  it('diagnostics about a merged allOf point into its branches', () => {
    const input = { type: 'object', properties: { a: { allOf: [{ type: 'object', properties: {} }, { type: 'object', properties: { id: false } }] } }, additionalProperties: { allOf: [{ type: 'object', properties: { x: { type: ['string', 'null'] } } }] } };
    expectWellFormed(convert(input, dialect), input);
  });

  it('a root description beside a $ref to a boolean definition: diagnostics point into the input', () => {
    const input = { $ref: '#/$defs/L', description: 'Own words.', $defs: { L: false } };
    expectWellFormed(convert(input, dialect), input);
  });

  it("a cycle broken through a root $ref keeps the definition's description first", () => {
    const input = { $ref: '#/$defs/T', $defs: { T: { type: 'object', description: 'A tree.', properties: { kids: { type: 'array', items: { $ref: '#' } } } } } };
    const r = convert(input, dialect);
    expectWellFormed(r, input);
    const breaks = dialect.resolved.rules.some((rule) => rule.references?.cycles === 'break');
    if (!breaks) return;
    const out = r.output as Record<string, unknown>;
    const kids = isObject(out.properties) ? out.properties.kids : undefined;
    const stub = isObject(kids) ? kids.items : undefined;
    expect(isObject(stub) && typeof stub.description === 'string' && stub.description.startsWith('A tree.')).toBe(true);
  });
});
