// The smallest inputs the property runs shrank to, kept as plain examples so that each stays
// checked whatever seed the property files run with.
import { describe, expect, it } from 'vitest';
import { convert } from '@redouble/dialects';
import { dialects, expectWellFormed, registry } from './fixtures.js';
import { compileVerdict } from './acceptance.js';
import { isObject } from './json-tools.js';
import { describedIsWritten, keywordMatchesPath, pathsResolve, type Check } from './explain-checks.js';

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

// explain() cases shrunk from runs with other seeds (format-requests.md, property-test helper's
// 10:25 section, item 10, a-e); `failing` names the versions that still fail each one.
const EXPLAIN_CASES: { name: string; input: unknown; check: Check; failing: ReadonlySet<string> }[] = [
  {
    name: '(10a) a $ref with a sibling type: no engine-made allOf entry at the root',
    input: { type: 'object', $ref: '#/$defs/Node', $defs: { Node: { type: 'array' } } },
    check: keywordMatchesPath,
    failing: new Set(),
  },
  {
    name: '(10b) const null is explained as const',
    input: { type: 'object', properties: { a: { const: null } } },
    check: keywordMatchesPath,
    failing: new Set(),
  },
  {
    name: '(10c) an enum holding null inside a dropped allOf is not "described" with an unwritten sentence',
    input: { type: 'object', properties: { e: { allOf: [{ anyOf: [{ enum: [2.5, null] }] }, { type: 'array' }] } } },
    check: describedIsWritten,
    failing: new Set(),
  },
  {
    name: '(10d) a boolean definition reached through draft-07 array items is not explained as "not"',
    input: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'object', properties: { a: { type: 'array', items: [{ $ref: '#/definitions/Pair', description: 'The author wrote this.' }] } } } },
      definitions: { Node: { type: 'array' }, Pair: false },
    },
    check: keywordMatchesPath,
    failing: new Set(),
  },
  {
    name: '(10e) a const merged out of an allOf is explained at its own pointer',
    input: { type: 'object', properties: {}, $defs: { Node: { oneOf: [{ allOf: [{ enum: [''] }, { const: ' ' }] }, { const: '' }] } } },
    check: pathsResolve,
    failing: new Set(),
  },
];

describe.each(dialects.map((d) => [d.id, d] as const))('shrunk explain cases in %s', (id, dialect) => {
  for (const c of EXPLAIN_CASES) (c.failing.has(id) ? it.fails : it)(c.name, () => c.check(c.input, dialect));
});

// A root union of objects (format-requests.md, property-test helper's 10:47 section, item 13).
// flat keeps the union: it spells nothing the canonical schema refuses. nova's root admits only
// type, properties and required and carries no description, so its branch rules have no place in
// the spelling: it merges the branches into one object, wider than the union, and says so in a
// warning (decisions.md, "Root union in nova").
const ROOT_UNION_CASES: { input: unknown; refused: unknown }[] = [
  { input: { type: 'object', anyOf: [{ type: 'object', properties: {}, propertyNames: { maxLength: 3 } }] }, refused: { 'long name': '' } },
  {
    input: { type: 'object', oneOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'integer' } }, required: ['b'] }] },
    refused: {},
  },
];

describe('a root union', () => {
  it('in flat spells nothing the canonical schema refuses', () => {
    for (const { input, refused } of ROOT_UNION_CASES) {
      expect(compileVerdict(input)(refused)).toBe(false);
      const r = convert(input, registry.get('flat'));
      if (r.ok && r.output !== undefined) expect(compileVerdict(r.output)(refused)).toBe(false);
    }
  });

  it('in nova is one wider object, and a warning says the union is spelled as one object', () => {
    for (const { input, refused } of ROOT_UNION_CASES) {
      const r = convert(input, registry.get('nova'));
      expect(compileVerdict(r.output)(refused)).toBe(true);
      const warning = r.diagnostics.find((d) => d.code === 'root-union');
      expect(warning?.severity).toBe('warning');
      expect(warning?.message).toMatch(/is spelled as one object with the properties of all of them; the server still judges each call against the canonical union$/);
    }
  });
});

describe.each(dialects.map((d) => [d.id, d] as const))('a false root in %s', (_id, dialect) => {
  it('is refused with an error, spelled as accepting nothing, or says so in words', () => {
    const r = convert(false, dialect);
    expectWellFormed(r, false);
    if (!r.ok) return;
    const acceptsSomething = [{}, { a: 1 }, null, 0, 'x', []].some((v) => compileVerdict(r.output)(v));
    const words = isObject(r.output) ? r.output.description : undefined;
    if (acceptsSomething) expect(typeof words === 'string' && words.length > 0).toBe(true);
  });
});
