/**
 * The vendor dialects do what issue 3 and their pages say: one test per rule, on small inputs,
 * asserting the output, the sentence written for each dropped rule, the diagnostics, and that the
 * vendor checker accepts every output the conversion calls clean.
 */
import { describe, expect, it } from 'vitest';
import { convert, loadDialects, type ConvertResult, type Diagnostic } from '@redouble/dialects';
import { checkDialectOutput } from './checkers/index.js';

type Json = Record<string, unknown>;
const registry = loadDialects();

function run(dialect: string, schema: unknown): ConvertResult & { out: Json } {
  const d = registry.get(dialect);
  const result = convert(schema, d);
  if (result.ok) expect(checkDialectOutput(d.id, result.output), `${d.id} output refused by its checkers`).toEqual([]);
  return { ...result, out: result.output as Json };
}
function at(value: unknown, pointer: string): Json {
  let node = value;
  for (const token of pointer.split('/').slice(1)) node = (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node as Json;
}
function found(diagnostics: readonly Diagnostic[], severity: Diagnostic['severity'], path: string): boolean {
  return diagnostics.some((d) => d.severity === severity && d.path === path);
}

const optionalEverywhere = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    mode: { enum: ['a', 'b'] },
    owner: { $ref: '#/$defs/Person' },
    pick: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
  },
  required: ['name'],
  $defs: { Person: { type: 'object', properties: { id: { type: 'integer' }, nick: { type: 'string' } }, required: ['id'] } },
};

describe('openai_strict (current)', () => {
  it('is what the plain name resolves to; every version is frozen', () => {
    expect(registry.get('openai_strict').id).toBe('openai_strict@2026-12-09');
    for (const v of ['2026-12-09', '2026-12-08', '2026-12-07', '2026-12-06', '2026-12', '2026-10', '2024-08']) expect(registry.get(`openai_strict@${v}`).status).toBe('frozen');
  });
  it('marks every property required and optional ones nullable, at every depth including definitions', () => {
    const { out, ok } = run('openai_strict', optionalEverywhere);
    expect(ok).toBe(true);
    expect(out['required']).toEqual(['name', 'mode', 'owner', 'pick']);
    expect(at(out, '/properties/name')['type']).toBe('string');
    expect(at(out, '/properties/mode')['enum']).toEqual(['a', 'b', null]);
    expect(JSON.stringify(at(out, '/properties/owner'))).toContain('"type":"null"');
    const person = at(out, '/$defs/Person');
    expect(person['required']).toEqual(['id', 'nick']);
    expect(at(person, '/properties/nick')['type']).toEqual(['string', 'null']);
    expect(person['additionalProperties']).toBe(false);
  });
  it('spells oneOf as anyOf and says that only one may match', () => {
    const { out } = run('openai_strict', optionalEverywhere);
    const pick = at(out, '/properties/pick');
    expect(JSON.stringify(pick)).toContain('anyOf');
    expect(JSON.stringify(pick)).not.toContain('oneOf');
    expect(JSON.stringify(pick)).toContain('Must match exactly one of the alternatives.');
  });
  it('drops keywords off its list with their sentence, keeps the listed ones', () => {
    const { out } = run('openai_strict', {
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 2, maxLength: 8, pattern: '^[A-Z]+$' },
        site: { type: 'string', format: 'uri', description: 'Home page.' },
        day: { type: 'string', format: 'date' },
        n: { type: 'integer', minimum: 1, maximum: 9, default: 3 },
      },
      required: ['code', 'site', 'day', 'n'],
    });
    expect(at(out, '/properties/code')).toMatchObject({ pattern: '^[A-Z]+$', description: 'Length: 2 to 8 characters.' });
    expect(at(out, '/properties/site')).toEqual({ type: 'string', description: 'Home page. Must be a URI.' });
    expect(at(out, '/properties/day')['format']).toBe('date');
    expect(at(out, '/properties/n')).toMatchObject({ minimum: 1, maximum: 9, description: 'Default: 3.' });
  });
  it('reports an optional property that already admits null (omitted and null look the same)', () => {
    const { diagnostics } = run('openai_strict', { type: 'object', properties: { note: { type: ['string', 'null'] } } });
    expect(diagnostics.some((d) => d.path === '/properties/note' && d.severity !== 'info'), JSON.stringify(diagnostics)).toBe(true);
  });
  it('closes a map and reports it, with the map rule in the description', () => {
    const { out, diagnostics } = run('openai_strict', { type: 'object', properties: { tags: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['tags'] });
    expect(at(out, '/properties/tags')['additionalProperties']).toBe(false);
    expect(at(out, '/properties/tags')['description']).toBe('Other properties are accepted; each value must be a string.');
    expect(diagnostics.some((d) => d.path === '/properties/tags' && d.code === 'map-closed' && d.severity === 'warning'), JSON.stringify(diagnostics)).toBe(true);
  });
  it('reports a root union, even of object shapes, as an error', () => {
    const { ok, diagnostics } = run('openai_strict', { anyOf: [{ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }, { type: 'object', properties: { b: { type: 'integer' } } }] });
    expect(ok).toBe(false);
    expect(diagnostics.some((d) => d.severity === 'error' && d.code === 'root-union'), JSON.stringify(diagnostics)).toBe(true);
  });
  it('reports a root union with a non-object branch as an error', () => {
    const { ok, diagnostics } = run('openai_strict', { anyOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'string' }] });
    expect(ok).toBe(false);
    expect(diagnostics.some((d) => d.severity === 'error' && d.code === 'root-union'), JSON.stringify(diagnostics)).toBe(true);
  });
  it('closes an explicitly open object and reports it', () => {
    const { out, diagnostics } = run('openai_strict', { type: 'object', properties: { meta: { type: 'object', additionalProperties: true } }, required: ['meta'] });
    expect(at(out, '/properties/meta')['additionalProperties']).toBe(false);
    expect(at(out, '/properties/meta')['description']).toBe('Other properties are accepted.');
    expect(diagnostics.some((d) => d.path === '/properties/meta' && d.severity === 'warning'), JSON.stringify(diagnostics)).toBe(true);
  });
  it('spells a typeless value (any JSON value, or a boolean true) as a union of scalar types and arrays of any value, with its sentence', () => {
    const { out } = run('openai_strict', { type: 'object', properties: { value: { description: 'The value to apply.' }, extra: true, kind: { enum: ['a', 'b'] } }, required: ['value', 'extra', 'kind'] });
    const anyValue = [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }, { type: 'array', items: { $ref: '#/$defs/JsonValue' } }];
    expect(at(out, '/properties/value')).toEqual({ description: 'The value to apply. Any JSON value is accepted.', anyOf: anyValue });
    expect(at(out, '/$defs/JsonValue')).toEqual({ anyOf: anyValue });
    // The 2026-10 spelling, frozen: scalars only.
    const before = run('openai_strict@2026-10', { type: 'object', properties: { value: {} } }).out;
    expect(at(before, '/properties/value')['anyOf']).toEqual(anyValue.slice(0, 4));
    expect(at(out, '/properties/extra')['description']).toBe('Any JSON value is accepted.');
    expect(at(out, '/properties/kind')).toEqual({ enum: ['a', 'b'], type: 'string' });
  });
  it('checks its size limits: 10 levels of nesting', () => {
    let node: Json = { type: 'string' };
    for (let i = 0; i < 11; i++) node = { type: 'object', properties: { c: node }, required: ['c'] };
    const { ok, diagnostics } = run('openai_strict', node);
    expect(ok).toBe(false);
    expect(found(diagnostics, 'error', ''), JSON.stringify(diagnostics)).toBe(true);
  });
});

describe('openai_strict@2024-08 (launch subset)', () => {
  const input = { type: 'object', properties: { code: { type: 'string', pattern: '^[A-Z]+$', format: 'date' }, n: { type: 'integer', minimum: 1 }, k: { const: 'x' } }, required: ['code', 'n', 'k'] };
  it('gives a different output from the current version for the same input', () => {
    const launch = run('openai_strict@2024-08', input).out;
    const current = run('openai_strict@2026-10', input).out;
    expect(JSON.stringify(launch)).not.toBe(JSON.stringify(current));
    expect(at(launch, '/properties/code')).toEqual({ type: 'string', description: 'Must match the regular expression ^[A-Z]+$. Must be an ISO-8601 date.' });
    expect(at(launch, '/properties/n')).toEqual({ type: 'integer', description: 'Must be at least 1.' });
    expect(at(launch, '/properties/k')['enum']).toEqual(['x']);
    expect(at(current, '/properties/code')).toMatchObject({ pattern: '^[A-Z]+$', format: 'date' });
  });
  it('reports above 100 properties or 5 levels', () => {
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    expect(run('openai_strict@2024-08', wide).ok).toBe(false);
    expect(run('openai_strict@2026-10', wide).ok).toBe(true);
  });
});

describe('anthropic_strict', () => {
  it('keeps minItems 0 or 1 and drops other values with their sentence', () => {
    const { out } = run('anthropic_strict', { type: 'object', properties: { one: { type: 'array', items: { type: 'string' }, minItems: 1 }, two: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 5 } }, required: ['one', 'two'] });
    expect(at(out, '/properties/one')['minItems']).toBe(1);
    expect(at(out, '/properties/two')).toEqual({ type: 'array', items: { type: 'string' }, description: 'Between 2 and 5 items.' });
  });
  it('keeps a plain pattern and drops look-around, backreferences and word boundaries with their sentence', () => {
    const { out } = run('anthropic_strict', { type: 'object', properties: { a: { type: 'string', pattern: '^[a-z]{2,5}$' }, b: { type: 'string', pattern: '^(?=.*\\d).+$' }, c: { type: 'string', pattern: '\\bx\\b' }, d: { type: 'string', pattern: '(a)\\1' } } });
    expect(at(out, '/properties/a')['pattern']).toBe('^[a-z]{2,5}$');
    for (const key of ['b', 'c', 'd']) expect(String(at(out, `/properties/${key}`)['description'])).toContain('Must match the regular expression');
  });
  it('keeps optional properties optional and default, closes objects, drops bounds with their sentence', () => {
    const { out } = run('anthropic_strict', { type: 'object', properties: { n: { type: 'integer', minimum: -2147483648, maximum: 2147483647, default: 0 }, s: { type: 'string', maxLength: 3 } } });
    expect(out['required'] ?? []).toEqual([]);
    expect(out['additionalProperties']).toBe(false);
    expect(at(out, '/properties/n')).toEqual({ type: 'integer', default: 0, description: 'Accepted range: -2147483648 to 2147483647.' });
    expect(at(out, '/properties/s')['description']).toBe('At most 3 characters.');
  });
  it('unrolls recursion to its depth, then cuts it with its sentence', () => {
    const { out } = run('anthropic_strict', { type: 'object', properties: { root: { $ref: '#/$defs/Node' } }, $defs: { Node: { type: 'object', title: 'Node', properties: { next: { $ref: '#/$defs/Node' } } } } });
    expect(JSON.stringify(out)).toContain('Repeats the structure of Node; nested at most 3 levels here, any depth is accepted.');
    expect(at(out, '/properties/root/properties/next/properties/next/properties/next')['description']).toBe('Repeats the structure of Node; nested at most 3 levels here, any depth is accepted.');
  });
  it('reports one schema above 24 optional or 16 union-typed parameters', () => {
    const optional = { type: 'object', properties: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`o${i}`, { type: 'string' }])) };
    const unions = { type: 'object', properties: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`u${i}`, { type: ['string', 'integer'] }])), required: Array.from({ length: 17 }, (_, i) => `u${i}`) };
    expect(run('anthropic_strict', optional).diagnostics.map((d) => d.code)).toContain('limit-exceeded');
    expect(run('anthropic_strict', unions).diagnostics.map((d) => d.code)).toContain('limit-exceeded');
    expect(run('anthropic_strict', { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false }).diagnostics).toEqual([]);
  });
});

describe('bedrock_strict (extends anthropic_strict, differs where its page does)', () => {
  it('drops default and pattern with their sentences, keeps the inherited rules', () => {
    const { out } = run('bedrock_strict', { type: 'object', properties: { a: { type: 'string', default: 'x', pattern: '^x$' }, l: { type: 'array', items: { type: 'string' }, minItems: 3 } } });
    expect(at(out, '/properties/a')).toEqual({ type: 'string', description: 'Must match the regular expression ^x$. Default: "x".' });
    expect(at(out, '/properties/l')['description']).toBe('At least 3 items.');
    expect(out['additionalProperties']).toBe(false);
  });
  it('states no per-request limits', () => {
    const optional = { type: 'object', properties: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`o${i}`, { type: 'string' }])), additionalProperties: false };
    expect(run('bedrock_strict', optional).diagnostics).toEqual([]);
  });
});

describe('gemini', () => {
  it('spells references as ref/defs without the dollar sign, defs at the root', () => {
    const { out } = run('gemini', { type: 'object', properties: { p: { $ref: '#/definitions/Pet' } }, definitions: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } });
    expect(at(out, '/properties/p')).toEqual({ ref: '#/defs/Pet' });
    expect(Object.keys(out['defs'] as Json)).toEqual(['Pet']);
    expect(JSON.stringify(out)).not.toContain('$');
  });
  it('writes no type beside a nullable flag over references in an inputSchema, as Google\'s client asks (round 17)', () => {
    const defs = { E: { type: 'object', properties: { code: { type: 'string' } } }, S: { type: 'string' } };
    const { out, diagnostics } = run('gemini', { type: 'object', properties: { e: { anyOf: [{ $ref: '#/$defs/E' }, { type: 'null' }] } }, $defs: defs });
    // @google/genai throws "type and anyOf cannot be both populated" on a type beside it.
    expect(at(out, '/properties/e')).toEqual({ anyOf: [{ ref: '#/defs/E' }], nullable: true });
    // S is referenced only by the second schema: here it is left out, and said so.
    expect(diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([['definition-unreferenced', 'info', '/$defs']]);
    const mixed = run('gemini', { type: 'object', properties: { m: { anyOf: [{ $ref: '#/$defs/E' }, { $ref: '#/$defs/S' }, { type: 'null' }] } }, $defs: defs });
    expect(at(mixed.out, '/properties/m')['nullable']).toBe(true);
    expect(mixed.diagnostics.filter((d) => d.code === 'type-spelling')).toEqual([]);
  });
  it('writes the referenced type beside a nullable flag in an outputSchema, since the MCP client compiles those with Ajv, which refuses nullable without type', () => {
    const defs = { E: { type: 'object', properties: { code: { type: 'string' } } }, S: { type: 'string' } };
    const tool = (outputSchema: unknown) => ({ name: 't', inputSchema: { type: 'object' }, outputSchema });
    const d = registry.get('gemini');
    const one = convert(tool({ type: 'object', properties: { e: { anyOf: [{ $ref: '#/$defs/E' }, { type: 'null' }] } }, $defs: defs }), d);
    const out = (one.output as { outputSchema: unknown }).outputSchema;
    expect(at(out, '/properties/e')).toEqual({ anyOf: [{ ref: '#/defs/E' }], nullable: true, type: 'object' });
    expect(checkDialectOutput(d.id, out, '/outputSchema')).toEqual([]);
    const mixed = convert(tool({ type: 'object', properties: { m: { anyOf: [{ $ref: '#/$defs/E' }, { $ref: '#/$defs/S' }, { type: 'null' }] } }, $defs: defs }), d);
    expect(at((mixed.output as { outputSchema: unknown }).outputSchema, '/properties/m')['nullable']).toBeUndefined();
    expect(mixed.diagnostics.map((x) => [x.code, x.path])).toContainEqual(['type-spelling', '/outputSchema/properties/m']);
  });
  it('spells null as nullable and a multi-type array as anyOf', () => {
    const { out } = run('gemini', { type: 'object', properties: { a: { type: ['string', 'null'] }, b: { type: ['string', 'integer'] } } });
    expect(at(out, '/properties/a')).toEqual({ type: 'string', nullable: true });
    expect(at(out, '/properties/b')['anyOf']).toEqual([{ type: 'string' }, { type: 'integer' }]);
  });
  it('keeps string enums and drops other enums with their values listed', () => {
    const { out } = run('gemini', { type: 'object', properties: { s: { type: 'string', enum: ['x', 'y'] }, n: { type: 'integer', enum: [1, 2, 3] } } });
    expect(at(out, '/properties/s')['enum']).toEqual(['x', 'y']);
    expect(at(out, '/properties/n')).toEqual({ type: 'integer', description: 'One of: 1, 2, 3.' });
  });
  it('keeps format date-time only; date gets "Must be an ISO-8601 date."', () => {
    const { out } = run('gemini', { type: 'object', properties: { t: { type: 'string', format: 'date-time' }, d: { type: 'string', format: 'date' } } });
    expect(at(out, '/properties/t')['format']).toBe('date-time');
    expect(at(out, '/properties/d')).toEqual({ type: 'string', description: 'Must be an ISO-8601 date.' });
  });
  it('drops closure and integer bounds with their sentences', () => {
    const { out } = run('gemini', { type: 'object', properties: { o: { type: 'object', properties: { x: { type: 'integer', minimum: -2147483648, maximum: 2147483647 } }, additionalProperties: false } } });
    expect(at(out, '/properties/o')['description']).toBe('No other properties are accepted.');
    expect(at(out, '/properties/o/properties/x')['description']).toBe('Accepted range: -2147483648 to 2147483647.');
  });
  it('reports a parameter name the vendor does not accept, without renaming it', () => {
    const { out, diagnostics } = run('gemini', { type: 'object', properties: { 'bad-name': { type: 'string' } } });
    expect(Object.keys(out['properties'] as Json)).toEqual(['bad-name']);
    expect(diagnostics.some((d) => d.path === '/properties/bad-name'), JSON.stringify(diagnostics)).toBe(true);
  });
  it('gives every schema a type: any value, an enum without type, an array without items', () => {
    const { out } = run('gemini', { type: 'object', properties: { v: {}, e: { enum: ['x'] }, l: { type: 'array' } } });
    expect(at(out, '/properties/v')['description']).toBe('Any JSON value is accepted.');
    expect(at(out, '/properties/e')['type']).toBe('string');
    expect(at(out, '/properties/l/items')['anyOf']).toBeDefined();
  });
  it('leaves out an empty properties map (a tool with no arguments), which Vertex refuses', () => {
    const { out, ok } = run('gemini', { type: 'object', properties: {}, required: [] });
    expect(ok).toBe(true);
    expect(out['properties']).toBeUndefined();
  });
  it('gives a nullable or described reference no sibling fields', () => {
    const { out } = run('gemini', { type: 'object', properties: { p: { anyOf: [{ $ref: '#/$defs/Pet' }, { type: 'null' }], description: 'The pet.' } }, $defs: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } });
    const p = at(out, '/properties/p');
    expect(p['nullable']).toBe(true);
    expect(p['description']).toBe('The pet.');
    expect(JSON.stringify(p['anyOf'])).toBe('[{"ref":"#/defs/Pet"}]');
  });
});
