import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { convert, explain, loadDialects } from '@redouble/dialects';
import { codes, dialectFrom } from './helpers.js';
import { Ajv2020 } from 'ajv/dist/2020.js';

const ajv = new Ajv2020({ strict: false });

// The sentences of the bundled flat dialect (its sentence file): every test dialect here speaks them.
const flatFile = readFileSync(fileURLToPath(new URL('../../../../dialects/sentences/mcp-client@2026-11.yaml', import.meta.url)), 'utf8');
const NOTES = `notes:\n${flatFile.split('\nnotes:\n')[1] ?? ''}`;

const strict = dialectFrom(
  `rules:
  - id: refs
    source: spec
    references: { mode: keep }
  - id: objects
    source: spec
    objects: { closed: all, optional: required-nullable, maps: close-and-report }
  - id: one-of
    source: spec
    rename: { oneOf: anyOf }
    noteOnRename: true
  - id: root
    source: spec
    root: { type: object, unions: merge-objects }
  - id: some-values
    source: spec
    keepWhen:
      format: { in: [date-time, email] }
      minItems: { in: [0, 1] }
      pattern: { notMatching: ["\\\\(\\\\?[=!<]", "\\\\\\\\b"] }`,
  { notes: NOTES },
);

const openapiLike = dialectFrom(
  `rules:
  - id: refs
    source: spec
    references: { mode: keep, definitionsKeyword: defs, refKeyword: ref, refPrefix: "#/defs/" }
  - id: nulls
    source: spec
    nulls: nullable-flag
  - id: one-type
    source: spec
    typeArrays: any-of
  - id: string-enums
    source: spec
    keepWhen: { enum: { valuesOfType: [string] } }
  - id: no-bounds
    source: spec
    drop: [minimum, maximum]
  - id: open
    source: spec
    objects: { closed: never }
  - id: names
    source: spec
    propertyNames: { pattern: "^[A-Za-z_][A-Za-z0-9_]{0,63}$" }
  - id: limits
    source: spec
    limits: { properties: 3, depth: 2, enumValues: 3, optionalProperties: 1, unionProperties: 0, totalStringLength: 5 }`,
  { notes: NOTES },
);

describe('the required sentences', () => {
  it('writes the four sentences the issue names, after the author description', () => {
    const out = convert(
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          n: { type: 'integer', description: 'A count.', minimum: -2147483648, maximum: 2147483647 },
          d: { type: 'string', format: 'date' },
        },
      },
      dialectFrom(`rules:\n  - id: d\n    source: spec\n    drop: [minimum, maximum, format, additionalProperties]`, { notes: NOTES }),
    ).output as any;
    expect(out.properties.n.description).toBe('A count. Accepted range: -2147483648 to 2147483647.');
    expect(out.properties.d.description).toBe('Must be an ISO-8601 date.');
    expect(out.description).toBe('No other properties are accepted.');
    const tree = { type: 'object', properties: { n: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } } };
    const flat = convert(tree, loadDialects().get('flat')).output as any;
    expect(flat.properties.n.properties.next).toEqual({ type: 'object', title: 'Node', description: 'Repeats the structure of Node, to any depth.' });
  });

  it('reports a dropped rule that no note carries, and drops annotations and extensions silently', () => {
    const d = dialectFrom(`rules:\n  - id: d\n    source: spec\n    drop: [not, x-extra, $comment, title, uniqueItems]`);
    const r = convert({ type: 'object', title: 'T', $comment: 'c', 'x-extra': 1, properties: { a: { not: { type: 'null' } }, b: { type: 'array', uniqueItems: false } } }, d);
    expect(r.output).toEqual({ type: 'object', properties: { a: {}, b: { type: 'array' } } });
    expect(r.diagnostics.map((x) => [x.code, x.path])).toEqual([['rule-lost', '/properties/a/not']]);
  });
});

describe('strict-style rules', () => {
  const schema = {
    type: 'object',
    properties: {
      s: { type: 'string', format: 'date' },
      e: { type: 'string', enum: ['a', 'b'] },
      r: { $ref: '#/$defs/A', description: 'An A.' },
      u: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      c: { const: 'x' },
      n: { type: ['string', 'null'] },
      m: { type: 'object', additionalProperties: { type: 'string' } },
      arr: { type: 'array', minItems: 2, items: { type: 'string', pattern: '^(?=a)b' } },
      ok: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^a+$', format: 'email' } },
    },
    required: ['s'],
    $defs: { A: { type: 'object', properties: { z: { type: 'integer' } } } },
  };
  const r = convert(schema, strict);
  const out = r.output as any;

  it('closes every object and makes optional properties required and nullable, inside definitions too', () => {
    expect(out.additionalProperties).toBe(false);
    expect(out.required).toEqual(['s', 'e', 'r', 'u', 'c', 'n', 'm', 'arr', 'ok']);
    expect(out.properties.s).toEqual({ type: 'string', description: 'Must be an ISO-8601 date.' });
    expect(out.properties.e).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(out.properties.r).toEqual({ anyOf: [{ $ref: '#/$defs/A' }, { type: 'null' }], description: 'An A.' });
    expect(out.properties.c).toEqual({ anyOf: [{ const: 'x' }, { type: 'null' }] });
    expect(out.$defs.A).toEqual({ type: 'object', properties: { z: { type: ['integer', 'null'] } }, additionalProperties: false, required: ['z'] });
  });

  it('renames oneOf to anyOf with its sentence, and a composite gains a null branch', () => {
    expect(out.properties.u).toEqual({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }], description: 'Must match exactly one of the alternatives.' });
  });

  it('keeps a constraint only for the values its rule allows', () => {
    expect(out.properties.arr).toEqual({ type: ['array', 'null'], items: { type: 'string', description: 'Must match the regular expression ^(?=a)b.' }, description: 'Must have at least 2 items.' });
    expect(out.properties.ok).toEqual({ type: ['array', 'null'], minItems: 1, items: { type: 'string', pattern: '^a+$', format: 'email' } });
  });

  it('reports a closed map with its rule in the description, and the null ambiguity of an optional property that admits null', () => {
    expect(out.properties.m).toEqual({ type: ['object', 'null'], additionalProperties: false, description: 'Other properties must match {"type":"string"}.' });
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      // the root and the definition leave other properties open by default: closed, and reported
      ['object-closed', 'warning', ''],
      ['object-closed', 'warning', '/$defs/A'],
      ['map-closed', 'warning', '/properties/m'],
      ['optional-null-ambiguous', 'warning', '/properties/n'],
    ]);
    expect(out.properties.n).toEqual({ type: ['string', 'null'] });
  });

  it('reports a closed composed object where it is composed, with the closure that keeps the composition', () => {
    const schema = {
      type: 'object',
      properties: {
        merged: { $ref: '#/$defs/Base', properties: { name: { type: 'string' } } },
        plain: { $ref: '#/$defs/Base' },
        alone: { type: 'object', properties: { x: { type: 'string' } } },
      },
      required: ['merged', 'plain', 'alone'],
      additionalProperties: false,
      $defs: { Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
    };
    const closed = convert(schema, strict).diagnostics.filter((d) => d.code === 'object-closed');
    const advice = Object.fromEntries(closed.map((d) => [d.path, d.message.slice(d.message.lastIndexOf('.') + 2)]));
    // The merged object is narrowed at /properties/merged, not only where its keywords came from;
    // additionalProperties: false on Base would refuse `name` there, so neither place advises it.
    expect(Object.keys(advice).sort()).toEqual(['/$defs/Base', '/properties/alone', '/properties/merged']);
    expect(advice['/properties/merged']).toMatch(/^Write unevaluatedProperties: false on it/);
    expect(advice['/$defs/Base']).toMatch(/It is also a part of an object composed elsewhere .* write unevaluatedProperties: false where it is used instead/);
    expect(advice['/properties/alone']).toBe('Write additionalProperties: false in the canonical schema if no other property is meant');
  });

  it('explains a merged allOf: the keyword merged into its parent, a branch keyword folded into the same one', () => {
    const schema = { type: 'object', properties: { conf: { allOf: [{ type: 'string', maxLength: 5 }, { type: 'string', pattern: '^x' }] } } };
    const rows = explain(schema, loadDialects().get('gemini')).filter((e) => e.path.startsWith('/properties/conf'));
    expect(rows.map((e) => [e.path, e.outcome, e.detail])).toEqual([
      ['/properties/conf/allOf', 'renamed', 'merged into the parent schema'],
      ['/properties/conf/allOf/0/maxLength', 'described', expect.any(String)],
      ['/properties/conf/allOf/0/type', 'kept', 'kept as a keyword'],
      ['/properties/conf/allOf/1/pattern', 'described', expect.any(String)],
      ['/properties/conf/allOf/1/type', 'renamed', 'merged with the same keyword of the schema it is merged into'],
    ]);
  });

  it('reports the null ambiguity where the null comes through a reference, or a draft-07 one', () => {
    const viaRef = {
      type: 'object',
      properties: { nick: { $ref: '#/$defs/Nick' }, name: { $ref: '#/$defs/Name' }, chain: { $ref: '#/$defs/Alias' } },
      $defs: { Nick: { type: ['string', 'null'] }, Name: { type: 'string' }, Alias: { $ref: '#/$defs/Nick' } },
    };
    const ambiguous = (schema: unknown) => convert(schema, strict).diagnostics.filter((d) => d.code === 'optional-null-ambiguous').map((d) => d.path);
    expect(ambiguous(viaRef)).toEqual(['/properties/chain', '/properties/nick']);
    const draft07 = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { nick: { $ref: '#/definitions/Nick' } }, definitions: { Nick: { type: ['string', 'null'] } } };
    expect(ambiguous(draft07)).toEqual(['/properties/nick']);
    // draft-07 ignores what stands beside $ref: the null beside it admits nothing
    const besideRef = { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { name: { $ref: '#/definitions/Name', type: ['string', 'null'] } }, definitions: { Name: { type: 'string' } } };
    expect(ambiguous(besideRef)).toEqual([]);
  });

  it('spells a root union of objects as one object and reports it; refuses other root unions', () => {
    const merged = convert({ anyOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] }] }, strict);
    expect(merged.output).toEqual({
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { type: ['string', 'null'] } },
      additionalProperties: false,
      required: ['a', 'b'],
      description: 'Must match one of the 2 alternative shapes of the canonical schema.',
    });
    // each branch, and so the merged root, leaves other properties open by default
    expect(codes(merged.diagnostics)).toEqual(['object-closed', 'root-union', 'object-closed', 'object-closed']);
    expect(merged.ok).toBe(true);
    const refused = convert({ anyOf: [{ type: 'string' }, { type: 'object' }] }, strict);
    expect(refused.ok).toBe(false);
    expect(codes(refused.diagnostics)).toEqual(['root-not-object', 'root-union', 'map-closed']);
    const forbid = dialectFrom(`rules:\n  - id: root\n    source: spec\n    root: { type: object, unions: forbid }`);
    const union = { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'string' } } }] };
    const f = convert(union, forbid);
    // a union of object shapes is an object: it gains the type, and the union is reported
    expect(f.output).toEqual({ ...union, type: 'object' });
    expect(f.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['root-union', 'error', '']]);
    const allow = dialectFrom(`rules:\n  - id: root\n    source: spec\n    root: { type: object }`);
    expect(convert(union, allow).output).toEqual({ ...union, type: 'object' });
    expect(convert(union, allow).diagnostics).toEqual([]);
    expect(codes(convert({ const: 0 }, allow).diagnostics)).toEqual(['root-not-object']);
    expect(convert({ description: 'anything' }, allow).output).toEqual({ description: 'anything', type: 'object' });
    expect(codes(convert({ description: 'anything' }, allow).diagnostics)).toEqual(['root-narrowed']);
  });
});

describe('a required name the object does not declare, where every object is closed', () => {
  const spell = (schema: unknown) => convert(schema, strict);

  it('declares it with the schema the canonical one applies to it, so the closed spelling accepts what the canonical accepts', () => {
    const open = spell({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] });
    const out = open.output as any;
    expect(Object.keys(out.properties)).toEqual(['a', 'b']);
    expect(out.required).toEqual(['a', 'b']);
    expect(ajv.validate(out, { a: 'x', b: 5 })).toBe(true);
    const map = spell({ type: 'object', required: ['team'], additionalProperties: { type: 'string', minLength: 2 } }).output as any;
    expect(map.properties.team).toEqual({ type: 'string', minLength: 2 });
    expect(map.required).toEqual(['team']);
    expect(ajv.validate(map, { team: 'ab' })).toBe(true);
    expect(ajv.validate(map, { team: 5 })).toBe(false);
  });

  it('reads a name a closed object refuses as a refused property: left out where false has no spelling, and reported as accepting nothing', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'], additionalProperties: false };
    // This test dialect spells false: exact, nothing to report.
    expect((spell(schema).output as any).properties).toEqual({ a: { type: 'string' }, b: false });
    const r = convert(schema, loadDialects().get('openai_strict'));
    const out = r.output as any;
    expect(out.properties).toEqual({ a: { type: 'string' } });
    expect(out.required).toEqual(['a']);
    expect(r.diagnostics.filter((d) => d.code === 'accepts-nothing').map((d) => d.path)).toEqual(['/required/1']);
    // With nothing else declared, no empty properties list is left behind.
    const bare = convert({ type: 'object', required: ['b'], additionalProperties: false }, loadDialects().get('gemini')).output as any;
    expect(bare.properties).toBeUndefined();
    expect(bare.required).toBeUndefined();
  });

  it('reads patterns on the linear engine: the matching one decides, several match as allOf, none leaves the closure', () => {
    const out = spell({ type: 'object', patternProperties: { '^x-': { type: 'string' }, '^y-': { type: 'integer' } }, required: ['x-team'], additionalProperties: false }).output as any;
    expect(out.properties['x-team']).toEqual({ type: 'string' });
    // Two patterns match: both apply (an allOf, spelled as the dialect spells every allOf).
    const both = { type: 'object', patternProperties: { '^x-': { type: 'integer' }, 'id$': { minimum: 1 } }, required: ['x-id'], additionalProperties: { type: 'boolean' } };
    expect((spell(both).output as any).properties['x-id']).toEqual({ allOf: [{ type: 'integer' }, { minimum: 1 }] });
    expect((convert(both, loadDialects().get('openai_strict')).output as any).properties['x-id']).toEqual({ type: 'integer', minimum: 1 });
    // An open object: a matching pattern types the name (not "Any JSON value is accepted.").
    const open = spell({ type: 'object', patternProperties: { '^x-': { type: 'number' } }, required: ['x-id', 'other'] }).output as any;
    expect(open.properties['x-id']).toEqual({ type: 'number' });
    expect(open.properties.other).toBe(true);
    const typed = { type: 'object', properties: { s: { type: 'string', required: ['q'] } } };
    expect((spell(typed).output as any).properties.s).toEqual({ type: ['string', 'null'], required: ['q'] });
  });

  it('takes every reading a pattern the linear engine declines could give, and points a name it cannot spell at its required entry', () => {
    // A look-behind is never run here: the name may or may not match it.
    const r = spell({ type: 'object', patternProperties: { '(?<=q)z': { type: 'string' } }, required: ['zz'], additionalProperties: { type: 'boolean' } });
    expect((r.output as any).properties.zz).toEqual({ anyOf: [{ type: 'string' }, { type: 'boolean' }] });
    const named = convert({ type: 'object', patternProperties: { '^x-': { type: 'number' } }, required: ['x-id'], additionalProperties: false }, loadDialects().get('gemini'));
    expect(named.diagnostics.filter((d) => d.code === 'property-name-rejected').map((d) => d.path)).toEqual(['/required/0']);
  });

  it('never touches the input, and leaves a dialect that keeps closures as authored', () => {
    const input = { type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] };
    const before = JSON.stringify(input);
    spell(input);
    expect(JSON.stringify(input)).toBe(before);
    const kept = convert(input, loadDialects().get('flat')).output as any;
    expect(Object.keys(kept.properties)).toEqual(['a']);
  });
});

describe('OpenAPI-style rules', () => {
  const r = convert(
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        i: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
        n: { type: ['string', 'null'] },
        m: { type: ['string', 'number', 'null'] },
        e: { type: 'integer', enum: [1, 2] },
        bad$name: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        o: { type: 'object', properties: { p: { type: 'object', properties: { q: { $ref: '#/$defs/Q' } } } } },
      },
      $defs: { Q: { type: 'string' } },
    },
    openapiLike,
  );
  const out = r.output as any;

  it('spells null as a flag, several types as anyOf, and references without the dollar sign', () => {
    expect(out.properties.n).toEqual({ type: 'string', nullable: true });
    // A flag needs a type beside it (Ajv-based readers refuse it otherwise), so it goes into each typed branch.
    expect(out.properties.m).toEqual({ anyOf: [{ type: 'string', nullable: true }, { type: 'number', nullable: true }] });
    expect(out.properties['bad$name']).toEqual({ type: 'string', nullable: true });
    expect(out.properties.o.properties.p.properties.q).toEqual({ ref: '#/defs/Q' });
    expect(out.defs).toEqual({ Q: { type: 'string' } });
  });

  it('drops what it cannot spell with the sentence for it', () => {
    expect(out.properties.i).toEqual({ type: 'integer', description: 'Accepted range: -2147483648 to 2147483647.' });
    expect(out.properties.e).toEqual({ type: 'integer', description: 'Must be one of: 1, 2.' });
    expect(out.description).toBe('No other properties are accepted.');
    expect(out.additionalProperties).toBeUndefined();
  });

  it('reports property names it does not accept and every limit passed', () => {
    const found = r.diagnostics.map((d) => [d.code, d.path, d.message.split(':')[0]]);
    expect(found).toEqual([
      ['limit-exceeded', '', 'object properties in total'],
      ['limit-exceeded', '', 'levels of object nesting'],
      ['limit-exceeded', '', 'optional properties'],
      ['limit-exceeded', '', 'properties with a union type'],
      ['limit-exceeded', '', 'characters of property names, definition names, enum and const values'],
      ['property-name-rejected', '/properties/bad$name', 'the property name "bad$name" does not match ^[A-Za-z_][A-Za-z0-9_]{0,63}$; renaming it would change what callers send, so it is reported'],
    ].sort((a, b) => ((a[0] as string) + a[2] < (b[0] as string) + b[2] ? -1 : 1)).map((x) => x));
  });
});

describe('other node rules', () => {
  it('spells null as anyOf, merges allOf and spells const as enum', () => {
    const d = dialectFrom(`rules:
  - id: n
    source: spec
    nulls: any-of
  - id: o
    source: spec
    objects: { optional: required-nullable }
  - id: m
    source: spec
    allOf: merge
  - id: c
    source: spec
    constAsEnum: true`);
    const out = convert(
      { type: 'object', properties: { a: { type: ['integer', 'null'], minimum: 1 }, b: { type: 'string' }, c: { const: 5 }, d: { allOf: [{ type: 'object', properties: { x: { type: 'string' } } }, { required: ['x'] }] } }, required: ['a', 'c', 'd'] },
      d,
    ).output;
    expect(out).toEqual({
      type: 'object',
      properties: {
        // The integer's bound goes into its branch, where a reader of keywords by type finds it.
        a: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
        b: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        c: { enum: [5] },
        d: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
      },
      required: ['a', 'c', 'd', 'b'],
    });
  });

  it('spells "or null" as anyOf with the other type\'s keywords, closure and values in its branch, annotations on the whole', () => {
    const d = dialectFrom(`rules:
  - id: n
    source: spec
    nulls: any-of
  - id: c
    source: spec
    objects: { closed: all }`);
    const { output, ok } = convert(
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          filter: { type: ['object', 'null'], description: 'Optional filter.', properties: { q: { type: 'string' } }, required: ['q'] },
          color: { type: ['string', 'null'], enum: ['red', null], default: 'red' },
          nothing: { type: ['string', 'null'], enum: [null] },
        },
      },
      d,
    );
    expect(ok).toBe(true);
    expect((output as { properties: unknown }).properties).toEqual({
      filter: { anyOf: [{ type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false }, { type: 'null' }], description: 'Optional filter.' },
      color: { anyOf: [{ type: 'string', enum: ['red'] }, { type: 'null' }], default: 'red' },
      // Values that leave the string none: null alone, which the enum says too.
      nothing: { type: 'null', enum: [null] },
    });
  });

  it('applies a rule only to the nodes its JSONPath selects, and a root-scoped rule only at the root', () => {
    const d = dialectFrom(
      `rules:
  - id: int-bounds
    source: spec
    given: "$..[?(@.type === 'integer')]"
    drop: [minimum, maximum]
  - id: root-closure
    source: spec
    scope: root
    drop: [additionalProperties]`,
      { notes: NOTES },
    );
    const out = convert({ type: 'object', additionalProperties: false, properties: { i: { type: 'integer', minimum: 0, maximum: 10 }, f: { type: 'number', minimum: 0 }, o: { type: 'object', additionalProperties: false } } }, d).output;
    expect(out).toEqual({
      type: 'object',
      properties: { i: { type: 'integer', description: 'Accepted range: 0 to 10.' }, f: { type: 'number', minimum: 0 }, o: { type: 'object', additionalProperties: false } },
      description: 'No other properties are accepted.',
    });
  });

  it('keeps only the root keywords a dialect admits and reports a closure it cannot carry', () => {
    const nova = loadDialects().get('nova');
    const r = convert({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', title: 'T', description: 'd', additionalProperties: false, properties: { a: { type: 'string', title: 'A' } } }, nova);
    expect(r.output).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['note-lost', ''],
      ['description-lost', '/description'],
    ]);
    expect(r.diagnostics[0]?.message).toContain('No other properties are accepted.');
    expect(r.diagnostics[1]?.message).toContain('"d"');
  });

  it('spells boolean subschemas as objects wherever a schema stands, except a false closure', () => {
    const out = convert(
      { type: 'object', properties: { a: true, b: false, c: { type: 'array', items: false, prefixItems: [true] }, d: { type: 'object', additionalProperties: true } }, additionalProperties: false },
      loadDialects().get('flat'),
    ).output;
    expect(out).toEqual({
      type: 'object',
      properties: { a: {}, b: { not: {} }, c: { type: 'array', items: { not: {} }, prefixItems: [{}] }, d: { type: 'object', additionalProperties: {} } },
      additionalProperties: false,
    });
  });

  it('reads draft-07 spellings as 2020-12 when the output does not keep $schema', () => {
    const out = convert(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { t: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false }, d: { type: 'object', dependencies: { x: ['y'], z: { required: ['w'] } } }, r: { $ref: '#/definitions/A', maxLength: 3, description: 'kept' } },
        definitions: { A: { type: 'string' } },
      },
      loadDialects().get('flat'),
    );
    expect(out.output).toEqual({
      type: 'object',
      properties: {
        t: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: { not: {} } },
        d: { type: 'object', dependentRequired: { x: ['y'] }, dependentSchemas: { z: { required: ['w'] } } },
        r: { type: 'string', description: 'kept' },
      },
    });
    expect(out.diagnostics.map((d) => [d.code, d.path])).toEqual([['draft07-ref-sibling', '/properties/r/maxLength']]);
  });

  it('says a draft-07 dependencies in words where the dialect drops dependentRequired and dependentSchemas, at /dependencies', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { card: { type: 'string' }, billing: { type: 'object' } },
      dependencies: { card: ['billing'], billing: { required: ['card'], properties: { card: { type: 'string' } } } },
    };
    for (const id of ['gemini', 'openai_strict', 'anthropic_strict', 'bedrock_strict']) {
      const r = convert(schema, loadDialects().get(id));
      const description = String((r.output as { description?: string }).description);
      expect(description, id).toContain('When card is sent, billing is required too.');
      expect(description, id).toContain('When billing is sent, card is required');
      // The dropped subschema is not walked: no warning about what the output does not hold.
      expect(r.diagnostics.filter((d) => d.path.startsWith('/dependencies')), id).toEqual([]);
      expect(explain(schema, loadDialects().get(id)).filter((x) => x.path === '/dependencies').map((x) => x.outcome), id).toEqual(['described', 'described']);
    }
  });

  it('moves a discriminated union into its branches where a branch pins the shared property to values its parent admits (unionBranches.shared)', () => {
    const shape = (kinds: unknown[]) => ({
      type: 'object',
      properties: { kind: { type: 'string', enum: ['circle', 'square'], description: 'Which shape.' }, size: { type: 'number' } },
      required: ['kind'],
      anyOf: kinds.map((k) => ({ properties: { kind: { const: k } } })),
    });
    const draft = loadDialects().get('openai_strict@2026-12-07');
    const moved = convert(shape(['circle', 'square']), draft);
    expect(codes(moved.diagnostics)).not.toContain('union-branches-kept');
    const branches = (moved.output as { anyOf: { properties: { kind: Record<string, unknown> }; required: string[] }[] }).anyOf;
    expect(branches.map((b) => b.properties.kind)).toEqual([
      { description: 'Which shape.', const: 'circle', type: 'string' },
      { description: 'Which shape.', const: 'square', type: 'string' },
    ]);
    expect(branches.map((b) => b.required.includes('kind'))).toEqual([true, true]);
    // A value the parent refuses is no narrowing of it: kept as authored and reported, as before.
    expect(codes(convert(shape(['circle', 'triangle']), draft).diagnostics)).toContain('union-branches-kept');
    // The frozen version keeps its spelling.
    expect(codes(convert(shape(['circle', 'square']), loadDialects().get('openai_strict@2026-12-06')).diagnostics)).toContain('union-branches-kept');
  });

  it('merges an allOf property one side leaves open into the other, keeping both sides\' words', () => {
    const d = loadDialects().get('anthropic_strict');
    const merged = (parent: unknown, branch: unknown) => (convert({ type: 'object', properties: { a: parent }, allOf: [{ properties: { a: branch } }] }, d).output as { properties: { a: Record<string, unknown> } }).properties.a;
    expect(merged({ description: 'parent words' }, { type: 'string', description: 'branch words' })).toEqual({ description: 'parent words branch words', type: 'string' });
    expect(merged({}, { type: 'integer' })).toEqual({ type: 'integer' });
    expect(merged({ type: 'integer', description: 'P' }, { description: 'B' })).toEqual({ type: 'integer', description: 'P B' });
    expect(String(merged({ description: 'first words' }, { description: 'second words' }).description)).toMatch(/^first words second words/);
    expect(String(merged(true, { description: 'branch words' }).description)).toMatch(/^branch words/);
  });

  it('declares no branch name where the closure beside it may accept null (the judge would keep that null)', () => {
    const schema = { type: 'object', properties: { kind: { type: 'string' } }, if: { properties: { kind: { const: 'a' } } }, then: { properties: { extra: { type: 'string' } } }, unevaluatedProperties: {} };
    const r = convert(schema, loadDialects().get('openai_strict@2026-12-06'));
    expect(Object.keys((r.output as { properties: object }).properties)).toEqual(['kind']);
    expect(r.diagnostics.some((d) => d.code === 'rule-lost' && d.path === '/unevaluatedProperties')).toBe(true);
    const closed = convert({ ...schema, unevaluatedProperties: false }, loadDialects().get('openai_strict@2026-12-06'));
    expect(Object.keys((closed.output as { properties: object }).properties)).toEqual(['kind', 'extra']);
  });

  it('explains unevaluatedProperties read as additionalProperties at the place it stands in the input', () => {
    const schema = { type: 'object', anyOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }], unevaluatedProperties: false };
    for (const id of ['anthropic_strict', 'gemini']) {
      const rows = explain(schema, loadDialects().get(id)).filter((x) => x.keyword === 'unevaluatedProperties');
      expect(rows.map((x) => x.path), id).toEqual(['/unevaluatedProperties']);
    }
  });

  it('merges an allOf branch across a closure exactly: a name one closed side does not declare is refused', () => {
    // additionalProperties sees only its own node's properties, so each closed side refuses what only the other declares.
    const closedParent = { type: 'object', properties: { b: { type: 'string' } }, allOf: [{ properties: { a: { type: 'string' } } }], additionalProperties: false };
    const closedBranch = { type: 'object', properties: { b: { type: 'string' } }, allOf: [{ properties: { a: { type: 'string' } }, additionalProperties: false }] };
    const documents = [{}, { a: 'x' }, { b: 'x' }, { a: 'x', b: 'y' }, { c: 1 }];
    for (const id of ['openai_strict', 'anthropic_strict', 'gemini']) {
      for (const [schema, kept, refused] of [[closedParent, 'b', 'a'], [closedBranch, 'a', 'b']] as const) {
        const r = convert(schema, loadDialects().get(id));
        const out = r.output as { properties: Record<string, unknown>; description?: string };
        expect(Object.keys(out.properties), id).toEqual([kept]);
        expect(out.description ?? '', id).toContain(`The property ${refused} must not be sent.`);
        expect(out.description ?? '', id).not.toMatch(/Must match all of/);
        // Where objects are closed, the spelling accepts what the canonical schema accepts (openai_strict's
        // explicit null aside); gemini spells no closure and says it in words.
        if (id === 'gemini') {
          expect(out.description, id).toContain('No other properties are accepted.');
          continue;
        }
        const canonical = ajv.compile(schema);
        const spelled = ajv.compile(out);
        for (const d of documents) {
          const sent = id === 'openai_strict' && !(kept in d) ? { ...d, [kept]: null } : d;
          expect(spelled(sent), `${id} ${JSON.stringify(d)}`).toBe(canonical(d));
        }
      }
    }
    // A branch that adds nothing the closure does not declare merges as before.
    const same = convert({ type: 'object', properties: { b: { type: 'string' } }, allOf: [{ required: ['b'] }], additionalProperties: false }, loadDialects().get('gemini')).output;
    expect(same).toEqual({ type: 'object', properties: { b: { type: 'string' } }, required: ['b'], description: 'No other properties are accepted.' });
    // A closure beside a schema-valued one, or patterns, still keeps the allOf (described).
    const patterned = convert({ type: 'object', properties: { b: { type: 'string' } }, allOf: [{ patternProperties: { '^x': { type: 'string' } } }], additionalProperties: false }, loadDialects().get('anthropic_strict')).output as { description?: string };
    expect(patterned.description).toMatch(/Must match all of/);
  });

  it('words additionalProperties {} (an empty schema, as zod writes it) as true, not as "must match {}"', () => {
    for (const id of ['openai_strict', 'gemini']) {
      const out = convert({ type: 'object', properties: { a: { type: 'string' } }, additionalProperties: {} }, loadDialects().get(id)).output as { description?: string };
      expect(out.description, id).toBe('Other properties are accepted.');
    }
  });

  it('reports a node that accepts nothing where the spelling accepts something', () => {
    const requiredAndRefused = { type: 'object', properties: { x: { $ref: '#/$defs/Base', properties: { s: { type: 'string' } }, required: ['s'] } }, $defs: { Base: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false } } };
    for (const id of ['openai_strict', 'anthropic_strict', 'gemini']) {
      const r = convert(requiredAndRefused, loadDialects().get(id));
      expect(r.diagnostics.filter((d) => d.code === 'accepts-nothing').map((d) => d.severity), id).toEqual(['warning']);
    }
    const enumOutsideType = { type: 'object', properties: { x: { type: 'string', enum: [1, 2] } } };
    const gemini = convert(enumOutsideType, loadDialects().get('gemini'));
    expect(gemini.diagnostics.filter((d) => d.code === 'accepts-nothing').map((d) => d.path)).toEqual(['/properties/x']);
    // No sentence lists values the spelled type refuses.
    expect(JSON.stringify(gemini.output)).not.toContain('One of');
    // A dialect that keeps the values spells "nothing" exactly: no report.
    expect(codes(convert(enumOutsideType, loadDialects().get('anthropic_strict')).diagnostics)).not.toContain('accepts-nothing');
  });

  it('explains every rule: kept, renamed, carried in a description, or lost', () => {
    const e = explain({ type: 'object', additionalProperties: false, properties: { i: { type: 'integer', minimum: 0, maximum: 10, format: 'date', oneOf: [{ minimum: 1 }] } } }, openapiLike);
    const by = (path: string) => e.filter((x) => x.path === path).map((x) => [x.outcome, x.detail]);
    expect(by('/properties/i/minimum')).toEqual([['described', 'Accepted range: 0 to 10.']]);
    expect(by('/additionalProperties')).toEqual([['described', 'No other properties are accepted.']]);
    expect(by('/properties/i/format')).toEqual([['kept', 'kept as a keyword']]);
    expect(e.find((x) => x.path === '/properties/i/oneOf/0/minimum')?.outcome).toBe('described');
    const nova = explain({ type: 'object', additionalProperties: false, properties: {} }, loadDialects().get('nova'));
    expect(nova.find((x) => x.keyword === 'additionalProperties')?.outcome).toBe('lost');
  });

  // Each $ref and $defs is a keyword of the input too: written out in place, re-spelled, carried in
  // a description (a cut cycle, an external reference) or kept. Before, explain left them out.
  it('explains what became of each reference and of the definitions', () => {
    const schema = {
      type: 'object',
      properties: { data: { $ref: '#/$defs/Node' }, a: { $ref: '#/$defs/A' }, x: { $ref: 'https://example.com/x.json' } },
      $defs: { A: { type: 'string' }, Node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
    };
    const fates = (dialect: string) => {
      const byPath = new Map<string, string>();
      for (const e of explain(schema, loadDialects().get(dialect))) if (e.keyword === '$ref' || e.keyword === '$defs') byPath.set(e.path, `${e.outcome}: ${e.detail}`);
      return Object.fromEntries(byPath);
    };
    const repeats = (text: string) => expect.stringMatching(new RegExp(`^described: .*Repeats the structure of Node${text}`));
    expect(fates('flat')).toEqual({
      '/$defs': 'renamed: written out in place where referenced',
      '/properties/a/$ref': 'renamed: written out in place: the schema at #/$defs/A stands here',
      '/properties/data/$ref': 'renamed: written out in place: the schema at #/$defs/Node stands here',
      '/$defs/Node/properties/children/items/$ref': repeats(', to any depth'),
      '/properties/x/$ref': expect.stringMatching(/^described: .*https:\/\/example\.com\/x\.json/),
    });
    const gemini = fates('gemini');
    expect(gemini['/$defs']).toBe('renamed: spelled defs');
    expect(gemini['/properties/a/$ref']).toBe('renamed: spelled ref: #/defs/A');
    expect(gemini['/$defs/Node/properties/children/items/$ref']).toEqual(repeats('; nested at most'));
    const openai = fates('openai_strict');
    expect(openai['/$defs']).toBeUndefined(); // kept where and as it was: silent, as in canonical
    expect(openai['/properties/data/$ref']).toBe('kept: kept as a keyword');
    expect(openai['/properties/x/$ref']).toMatch(/^described: /);
  });
});

describe('spelling a value of any type', () => {
  const d = dialectFrom(
    `rules:
  - id: any
    source: spec
    anyValue: { spell: { anyOf: [{ type: string }, { type: number }, { type: boolean }] }, inferFromEnum: true, fillItems: true }
  - id: nulls
    source: spec
    nulls: nullable-flag
  - id: refs
    source: spec
    references: { mode: keep, siblings: wrap-anyof }
  - id: optional
    source: spec
    objects: { optional: required-nullable }
  - id: enums
    source: spec
    keepWhen: { enum: { valuesOfType: [string] }, properties: { nonEmpty: true } }`,
    { notes: `${NOTES}\n  - event: any-value\n    text: "Any JSON value is accepted."` },
  );

  it('spells a typeless schema, infers a type where the schema implies one, fills missing items', () => {
    const r = convert(
      {
        type: 'object',
        properties: {
          any: { description: 'Anything.' },
          e: { enum: ['a', 'b'] },
          o: { properties: { x: { type: 'string' } }, required: ['x'] },
          list: { type: 'array' },
          ip: { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] },
        },
        required: ['any', 'e', 'o', 'list', 'ip'],
      },
      d,
    );
    const p = (r.output as any).properties;
    expect(p.any).toEqual({ description: 'Anything. Any JSON value is accepted.', anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] });
    expect(p.e).toEqual({ enum: ['a', 'b'], type: 'string' });
    expect(p.o).toEqual({ properties: { x: { type: 'string' } }, required: ['x'], type: 'object' });
    expect(p.list).toEqual({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] } });
    expect(p.ip).toEqual({ type: 'string', anyOf: [{ format: 'ipv4', type: 'string' }, { format: 'ipv6', type: 'string' }] });
  });

  it('takes null out of enum before judging its values, and wraps a nullable reference', () => {
    const r = convert(
      { type: 'object', properties: { e: { type: ['string', 'null'], enum: ['a', null] }, r: { $ref: '#/$defs/R' }, none: { type: 'object', properties: {} } }, required: ['e', 'none'], $defs: { R: { type: 'string' } } },
      d,
    );
    const p = (r.output as any).properties;
    expect(p.e).toEqual({ type: 'string', enum: ['a'], nullable: true });
    expect(p.r).toEqual({ anyOf: [{ $ref: '#/$defs/R' }], nullable: true });
    expect(p.none).toEqual({ type: 'object' });
    expect(r.diagnostics).toEqual([]);
  });

  it('reports a null-only schema, which a nullable flag cannot spell', () => {
    const r = convert({ type: 'object', properties: { n: { type: 'null' }, c: { const: null }, e: { enum: [null] } }, required: ['n', 'c', 'e'] }, d);
    expect(r.diagnostics.map((x) => [x.code, x.path])).toEqual([
      ['type-spelling', '/properties/c'],
      ['type-spelling', '/properties/e'],
      ['type-spelling', '/properties/n/type'],
    ]);
    // Not an empty enum (no schema at all) beside an any-value spelling, as before.
    const p = (r.output as any).properties;
    expect([p.n, p.c, p.e]).toEqual([{ nullable: true }, { nullable: true }, { nullable: true }]);
  });

  // A bare `nullable: true` is refused by Ajv (so by the MCP SDK client) and by gemini: where the
  // any-value spell names the branch null rides on, a null-only schema takes that branch's type and
  // the null-only sentence; a union branch is still folded into its parent's flag.
  it('spells a null-only schema with the type the spell carries null on, and says it must be null', () => {
    const carried = dialectFrom(
      `rules:
  - id: any
    source: spec
    anyValue: { spell: { anyOf: [{ type: string, nullable: true }, { type: number }] }, inferFromEnum: true }
  - id: nulls
    source: spec
    nulls: nullable-flag`,
      { notes: `${NOTES}\n  - event: null-only\n    text: "Must be null."` },
    );
    const r = convert(
      { type: 'object', properties: { n: { type: 'null', description: 'Reserved.' }, c: { const: null }, u: { anyOf: [{ type: 'null' }, { type: 'integer' }] }, kw: { nullable: true } } },
      carried,
    );
    const p = (r.output as any).properties;
    expect(p.n).toEqual({ description: 'Reserved. Must be null.', nullable: true, type: 'string' });
    expect(p.c).toEqual({ nullable: true, type: 'string', description: 'Must be null.' });
    expect(p.u).toEqual({ type: 'integer', nullable: true });
    // An author's own `nullable` keyword (OpenAPI's, an annotation in 2020-12) says nothing of null
    // alone: the node accepts any value and is spelled so, with no bare flag beside the union (before,
    // `{nullable: true}` was kept alone, which Ajv-based readers and Vertex refuse). The input itself
    // is refused: Ajv, which judges the calls, cannot compile a typeless `nullable`.
    expect(p.kw).toEqual({ anyOf: [{ type: 'string', nullable: true }, { type: 'number' }], description: 'Any JSON value is accepted.' });
    expect(r.diagnostics.map((x) => [x.code, x.path])).toEqual([
      ['type-spelling', '/properties/c'],
      ['any-value-narrowed', '/properties/kw'],
      ['invalid-schema', '/properties/kw/nullable'],
      ['type-spelling', '/properties/n/type'],
    ]);
  });

  // With null taken out into the flag, the enum's other values still decide the type; before, the
  // node was read as null-only: no type, and inside anyOf the branch (and its sentence) was folded
  // away as "null", so the spelled schema refused 2.5 with no diagnostic, or was `anyOf: []`.
  it('an enum of a value and null keeps the value, its type and its sentence, in a branch too', () => {
    const r = convert(
      { type: 'object', properties: { e: { enum: [2.5, null] }, u: { anyOf: [{ enum: [2.5, null] }, { type: 'string' }] }, one: { anyOf: [{ enum: [2.5, null] }] } }, required: ['e', 'u', 'one'] },
      d,
    );
    const p = (r.output as any).properties;
    const branch = { nullable: true, type: 'number', description: 'Must be one of: 2.5.' };
    expect(p.e).toEqual(branch);
    expect(p.u).toEqual({ anyOf: [branch, { type: 'string' }] });
    expect(p.one).toEqual({ anyOf: [branch] });
    expect(r.diagnostics).toEqual([]);
  });
});

describe('property names and limits', () => {
  it('counts for each limit alone what it counts beside all the others', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', enum: ['x', 'yy'] },
        b: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        c: { $ref: '#/$defs/Named' },
        k: { const: 'zzz' },
        e: { type: 'object', properties: { f: { type: 'boolean' } } },
      },
      required: ['a'],
      $defs: { Named: { type: 'object', properties: { d: { type: 'integer' } } } },
    };
    const limits: Record<string, number> = { properties: 1, depth: 1, enumValues: 1, totalStringLength: 1, optionalProperties: 0, unionProperties: 0 };
    const counted = (only: Record<string, number>): Record<string, number> => {
      const rule = Object.entries(only).map(([k, v]) => `${k}: ${v}`).join(', ');
      const d = dialectFrom(`rules:\n  - id: refs\n    source: spec\n    references: { mode: keep }\n  - id: limits\n    source: spec\n    limits: { ${rule} }`);
      const found: Record<string, number> = {};
      for (const x of convert(schema, d).diagnostics) {
        const m = /^(.*): (\d+), over/.exec(x.message);
        if (x.code === 'limit-exceeded' && m) found[m[1] as string] = Number(m[2]);
      }
      return found;
    };
    const all = counted(limits);
    expect(all).toEqual({
      'object properties in total': 7,
      'levels of object nesting': 2,
      'enum values in total': 2,
      // names a, b, c, k, e, f, d; the definition name Named; enum values x, yy; const zzz
      'characters of property names, definition names, enum and const values': 18,
      'optional properties': 6,
      'properties with a union type': 1,
    });
    for (const [k, v] of Object.entries(limits)) {
      const alone = counted({ [k]: v });
      expect(Object.keys(alone)).toHaveLength(1);
      const [what, n] = Object.entries(alone)[0] as [string, number];
      expect([k, n]).toEqual([k, all[what]]);
    }
  });

  it('checks property names only where the rule is scoped', () => {
    const d = dialectFrom(`rules:\n  - id: names\n    source: spec\n    scope: root\n    propertyNames: { pattern: "^[a-z]+$" }`);
    const r = convert({ type: 'object', properties: { Bad: { type: 'object', properties: { AlsoBad: { type: 'string' } } } } }, d);
    expect(r.diagnostics.map((x) => [x.code, x.path])).toEqual([['property-name-rejected', '/properties/Bad']]);
  });

  it('counts nesting per definition', () => {
    const d = dialectFrom(`rules:\n  - id: refs\n    source: spec\n    references: { mode: keep }\n  - id: limits\n    source: spec\n    limits: { depth: 2 }`);
    const ok = convert({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'object', properties: { b: { type: 'object' } } } } }, d);
    expect(ok.diagnostics).toEqual([]);
    const deep = convert({ type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object' } } } } }, d);
    expect(deep.diagnostics.map((x) => [x.code, x.severity, x.message])).toEqual([['limit-exceeded', 'error', "levels of object nesting: 3, over this dialect's limit of 2"]]);
  });
});
