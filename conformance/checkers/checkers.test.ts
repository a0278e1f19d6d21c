/**
 * Each checker refuses what its vendor page refuses and accepts the page's own examples. One test
 * per documented rule; examples follow the pages' own shapes.
 */
import { describe, expect, it } from 'vitest';
import {
  anthropicSdk, anthropicStrict, bedrockStrict, checkDialectOutput, checkersFor, flat, geminiSchema, mcpClientV1, nova, openaiSdk, openaiStrict, openaiStrict202408,
} from './index.js';
import { checkOutputSchema, checkTool } from './mcp-client-v1.js';
import { unsupportedRegex } from './claude-core.js';

type Json = Record<string, unknown>;
const closed = (properties: Json, extra: Json = {}): Json => ({
  type: 'object', properties, required: Object.keys(properties), additionalProperties: false, ...extra,
});
/** Asserts at least one problem at the pointer mentioning the fragment. */
function refuses(problems: string[], pointer: string, fragment: string): void {
  expect(problems.some((p) => p.startsWith(`#${pointer}:`) && p.includes(fragment)), problems.join('\n') || '(no problems)').toBe(true);
}
function nest(levels: number, leaf: Json): Json {
  let node = leaf;
  for (let i = 0; i < levels; i++) node = closed({ child: node });
  return node;
}

// The page's own examples.
const openAiWeather = closed({
  location: { type: 'string', description: 'City and country e.g. Bogotá, Colombia' },
  units: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit', null], description: 'Units the temperature will be returned in.' },
});
const openAiRecursive = {
  ...closed({ linked_list: { $ref: '#/$defs/linked_list_node' } }),
  $defs: {
    linked_list_node: closed({ value: { type: 'number' }, next: { anyOf: [{ $ref: '#/$defs/linked_list_node' }, { type: 'null' }] } }),
  },
};

describe('openai-strict (current Supported schemas)', () => {
  const check = openaiStrict.check;
  it('accepts the page examples: nullable optional field, definitions and recursion', () => {
    expect(check(openAiWeather)).toEqual([]);
    expect(check(openAiRecursive)).toEqual([]);
    expect(check(closed({ tree: { $ref: '#' } }))).toEqual([]);
  });
  it('accepts the listed string, number and array keywords and the nine formats', () => {
    const schema = closed({
      when: { type: 'string', format: 'date-time' },
      id: { type: 'string', format: 'uuid', pattern: '^[a-f0-9-]+$' },
      n: { type: 'integer', minimum: 0, maximum: 10, exclusiveMinimum: -1, exclusiveMaximum: 11, multipleOf: 1 },
      list: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
      fixed: { const: 'x' },
    });
    expect(check(schema)).toEqual([]);
  });
  it('requires additionalProperties: false on every object', () => {
    refuses(check({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] }), '/additionalProperties', 'false');
    refuses(check(closed({ inner: { type: 'object', properties: {}, additionalProperties: true } })), '/properties/inner/additionalProperties', 'false');
  });
  it('requires every property in required', () => {
    refuses(check({ ...closed({ a: { type: 'string' }, b: { type: 'string' } }), required: ['a'] }), '/required', "'b'");
  });
  it('refuses the keywords the page marks unsupported', () => {
    for (const key of ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas']) {
      refuses(check(closed({ a: { type: 'string', [key]: key === 'dependentRequired' ? {} : { type: 'string' } } })), `/properties/a/${key}`, 'not a supported keyword');
    }
  });
  it('refuses keywords not on the list: minLength, maxLength, default, title, oneOf', () => {
    for (const key of ['minLength', 'maxLength', 'default', 'title']) {
      refuses(check(closed({ a: { type: 'string', [key]: key === 'title' || key === 'default' ? 'x' : 3 } })), `/properties/a/${key}`, 'not a supported keyword');
    }
    refuses(check(closed({ a: { oneOf: [{ type: 'string' }, { type: 'number' }] } })), '/properties/a/oneOf', 'not a supported keyword');
  });
  it('refuses formats outside the nine (uri)', () => {
    refuses(check(closed({ u: { type: 'string', format: 'uri' } })), '/properties/u/format', "'uri'");
  });
  it('refuses a root that is not an object, or is anyOf', () => {
    refuses(check({ type: 'array', items: { type: 'string' } }), '/type', 'object');
    refuses(check({ anyOf: [closed({ a: { type: 'string' } }), closed({ b: { type: 'string' } })] }), '/anyOf', 'root');
  });
  it('requires each anyOf branch to be valid under the subset', () => {
    refuses(check(closed({ a: { anyOf: [{ type: 'object', properties: {} }, { type: 'null' }] } })), '/properties/a/anyOf/0/additionalProperties', 'false');
  });
  it('keeps definitions at the root, refers only to #/$defs/ or #, and gives $ref no siblings', () => {
    refuses(check(closed({ a: { $ref: '#/definitions/A' } }, { definitions: { A: { type: 'string' } } })), '/properties/a/$ref', '#/$defs/');
    refuses(check(closed({ a: { $ref: '#/$defs/Missing' } })), '/properties/a/$ref', 'does not resolve');
    expect(check(closed({ a: { $ref: '#/$defs/unix~1path' }, b: { $ref: '#/$defs/per%25cent' } }, { $defs: { 'unix/path': { type: 'string' }, 'per%cent': { type: 'string' } } }))).toEqual([]);
    refuses(check(closed({ b: { $ref: '#/$defs/per%cent' } }, { $defs: { 'per%cent': { type: 'string' } } })), '/properties/b/$ref', 'does not resolve');
    refuses(check(closed({ a: { $ref: '#/$defs/A', description: 'x' } }, { $defs: { A: { type: 'string' } } })), '/properties/a', 'sibling');
    refuses(check(closed({ a: { ...closed({}), $defs: { A: { type: 'string' } } } })), '/properties/a/$defs', 'root');
  });
  it('checks the size limits: 5,000 properties, 10 levels, 1,000 enum values, 120,000 characters, large string enums', () => {
    expect(check(nest(9, { type: 'string' }))).toEqual([]);
    refuses(check(nest(11, { type: 'string' })), '', 'levels of nesting');
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: 'string' }]));
    refuses(check(closed(many)), '', 'object properties exceed the limit of 5000');
    const enums = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`e${i}`, { type: 'integer', enum: Array.from({ length: 100 }, (_, j) => j) }]));
    refuses(check(closed(enums)), '', 'enum values exceed the limit of 1000');
    const long = Array.from({ length: 251 }, (_, i) => `${'v'.repeat(60)}${i}`);
    refuses(check(closed({ e: { type: 'string', enum: long } })), '/properties/e/enum', 'exceeds the limit of 15000');
    const names = Object.fromEntries(Array.from({ length: 1300 }, (_, i) => [`${'n'.repeat(95)}${i}`, { type: 'string' }]));
    refuses(check(closed(names)), '', 'exceed the limit of 120000');
  });
  it('refuses boolean subschemas', () => {
    refuses(check(closed({ a: true as unknown as Json })), '/properties/a', 'boolean');
  });
  it("refuses a typeless schema ('schema must have a type key')", () => {
    refuses(check(closed({ a: {} })), '/properties/a', "'type' key");
    refuses(check(closed({ a: { description: 'any JSON value' } })), '/properties/a', "'type' key");
  });
});

describe('openai-strict-2024-08 (launch subset)', () => {
  const check = openaiStrict202408.check;
  it('accepts the launch examples: nullable field, definitions and recursion', () => {
    expect(check(openAiWeather)).toEqual([]);
    expect(check(openAiRecursive)).toEqual([]);
  });
  it('refuses pattern, format, numeric bounds, item bounds and const, which the launch page did not list', () => {
    const cases: Array<[string, Json]> = [
      ['pattern', { type: 'string', pattern: '^a' }],
      ['format', { type: 'string', format: 'date' }],
      ['minimum', { type: 'number', minimum: 1 }],
      ['multipleOf', { type: 'number', multipleOf: 2 }],
      ['minItems', { type: 'array', items: { type: 'string' }, minItems: 1 }],
      ['maxItems', { type: 'array', items: { type: 'string' }, maxItems: 1 }],
      ['const', { const: 'x' }],
    ];
    for (const [key, schema] of cases) {
      refuses(check(closed({ a: schema })), `/properties/a/${key}`, 'not a supported keyword');
      expect(openaiStrict.check(closed({ a: schema }))).toEqual([]);
    }
  });
  it('limits nesting to 5 levels and properties to 100', () => {
    expect(check(nest(4, { type: 'string' }))).toEqual([]);
    refuses(check(nest(6, { type: 'string' })), '', '6 levels of nesting exceed the limit of 5');
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { type: 'string' }]));
    refuses(check(closed(many)), '', '101 object properties exceed the limit of 100');
  });
});

describe('anthropic-strict (JSON Schema limitations)', () => {
  const check = anthropicStrict.check;
  const example = closed({
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    plan: { type: 'string', enum: ['free', 'pro'], default: 'free' },
    tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
    id: { type: 'string', pattern: '^[A-Z]{2}\\d{3,5}$' },
  });
  it('accepts the supported features: formats, enum, default, minItems 1, simple pattern, internal $ref, allOf, null types', () => {
    expect(check(example)).toEqual([]);
    const withRefs = {
      ...closed({ a: { $ref: '#/$defs/A' }, b: { $ref: '#/definitions/B' }, c: { type: ['string', 'null'] }, d: { allOf: [{ type: 'string' }, { description: 'x' }] } }),
      $defs: { A: closed({ x: { type: 'integer' } }) },
      definitions: { B: { type: 'string', format: 'uri' } },
    };
    expect(check(withRefs)).toEqual([]);
  });
  it('allows optional properties (not every property has to be required)', () => {
    expect(check({ ...closed({ a: { type: 'string' }, b: { type: 'string' } }), required: ['a'] })).toEqual([]);
  });
  it('requires additionalProperties: false on every object and refuses any other value', () => {
    refuses(check({ type: 'object', properties: { a: { type: 'string' } } }), '', 'additionalProperties: false');
    refuses(check(closed({ m: { type: 'object', additionalProperties: { type: 'string' } } })), '/properties/m/additionalProperties', 'only be false');
  });
  it('refuses recursive schemas', () => {
    const recursive = { ...closed({ n: { $ref: '#/$defs/Node' } }), $defs: { Node: closed({ next: { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] } }) } };
    refuses(check(recursive), '/$defs/Node/properties/next/anyOf/0/$ref', 'recursive');
    refuses(check(closed({ self: { $ref: '#' } })), '/properties/self/$ref', 'recursive');
  });
  it('refuses external $ref', () => {
    refuses(check(closed({ a: { $ref: 'https://example.com/a.json' } })), '/properties/a/$ref', 'external');
  });
  it('refuses numeric constraints and string length constraints', () => {
    for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength']) {
      refuses(check(closed({ a: { type: 'number', [key]: 1 } })), `/properties/a/${key}`, 'not supported');
    }
  });
  it('accepts minItems 0 and 1 only, and no other array constraint', () => {
    refuses(check(closed({ a: { type: 'array', items: { type: 'string' }, minItems: 2 } })), '/properties/a/minItems', '0 and 1');
    refuses(check(closed({ a: { type: 'array', items: { type: 'string' }, maxItems: 2 } })), '/properties/a/maxItems', 'not supported');
    refuses(check(closed({ a: { type: 'array', items: { type: 'string' }, uniqueItems: true } })), '/properties/a/uniqueItems', 'not supported');
  });
  it('refuses complex types inside enums', () => {
    refuses(check(closed({ a: { enum: ['x', { y: 1 }] } })), '/properties/a/enum/1', 'complex');
  });
  it('accepts its ten formats only', () => {
    expect(check(closed({ a: { type: 'string', format: 'uri' }, b: { type: 'string', format: 'duration' } }))).toEqual([]);
    refuses(check(closed({ a: { type: 'string', format: 'int64' } })), '/properties/a/format', 'int64');
  });
  it('refuses pattern features the page lists as not working', () => {
    refuses(check(closed({ a: { type: 'string', pattern: '(a)\\1' } })), '/properties/a/pattern', 'backreferences');
    refuses(check(closed({ a: { type: 'string', pattern: '^(?=.*\\d).+$' } })), '/properties/a/pattern', 'lookahead');
    refuses(check(closed({ a: { type: 'string', pattern: '(?<!x)y' } })), '/properties/a/pattern', 'lookahead');
    refuses(check(closed({ a: { type: 'string', pattern: '\\bword\\b' } })), '/properties/a/pattern', 'word boundaries');
    expect(unsupportedRegex('^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$')).toBeUndefined();
    expect(unsupportedRegex('^a\\\\b$')).toBeUndefined();
    expect(unsupportedRegex('(?:ab)+')).toBeUndefined();
  });
  it('refuses allOf combined with $ref', () => {
    const schema = { ...closed({ a: { allOf: [{ $ref: '#/$defs/A' }, { description: 'x' }] } }), $defs: { A: { type: 'string' } } };
    refuses(check(schema), '/properties/a/allOf/0', "'allOf' combined with '$ref'");
  });
  it('refuses oneOf/anyOf/allOf at the top level and a root that is not an object', () => {
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      refuses(check({ ...closed({}), [key]: [closed({ a: { type: 'string' } })] }), `/${key}`, 'top level');
    }
    refuses(check({ type: 'string' }), '/type', 'object');
  });
  it('reports one schema above the per-request limits: 24 optional and 16 union-typed parameters', () => {
    const optional = (n: number): Json => ({ ...closed(Object.fromEntries(Array.from({ length: n }, (_, i) => [`o${i}`, { type: 'string' }]))), required: [] });
    expect(check(optional(24))).toEqual([]);
    refuses(check(optional(25)), '', '25 optional parameters exceed the limit of 24');
    const unions = closed(Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`u${i}`, i % 2 ? { type: ['string', 'null'] } : { anyOf: [{ type: 'string' }, { type: 'integer' }] }])));
    refuses(check(unions), '', '17 union-typed parameters exceed the limit of 16');
  });
  it('refuses keywords the page does not name (title, oneOf below the root)', () => {
    refuses(check(closed({ a: { type: 'string', title: 'A' } })), '/properties/a/title', 'not supported');
    refuses(check(closed({ a: { oneOf: [{ type: 'string' }, { type: 'integer' }] } })), '/properties/a/oneOf', 'not supported');
  });
});

describe('bedrock-strict (Bedrock structured outputs page)', () => {
  const check = bedrockStrict.check;
  it('accepts the shared rule set, and objects without additionalProperties as in the Converse examples', () => {
    expect(check({ type: 'object', properties: { city: { type: 'string', format: 'date' }, n: { type: ['integer', 'null'] } }, required: ['city'] })).toEqual([]);
    expect(check(closed({ tags: { type: 'array', items: { type: 'string' }, minItems: 0 } }))).toEqual([]);
  });
  it('refuses additionalProperties other than false', () => {
    refuses(check({ type: 'object', properties: {}, additionalProperties: true }), '/additionalProperties', 'only be false');
  });
  it('refuses default and pattern, which this page does not list', () => {
    refuses(check(closed({ a: { type: 'string', default: 'x' } })), '/properties/a/default', 'not supported');
    refuses(check(closed({ a: { type: 'string', pattern: '^a$' } })), '/properties/a/pattern', 'not supported');
    expect(anthropicStrict.check(closed({ a: { type: 'string', default: 'x', pattern: '^a$' } }))).toEqual([]);
  });
  it('refuses recursion, external $ref, numeric and length constraints, minItems above 1, complex enums', () => {
    refuses(check(closed({ self: { $ref: '#' } })), '/properties/self/$ref', 'recursive');
    refuses(check(closed({ a: { $ref: 'http://x/y.json' } })), '/properties/a/$ref', 'external');
    refuses(check(closed({ a: { type: 'integer', maximum: 3 } })), '/properties/a/maximum', 'not supported');
    refuses(check(closed({ a: { type: 'string', maxLength: 3 } })), '/properties/a/maxLength', 'not supported');
    refuses(check(closed({ a: { type: 'array', items: {}, minItems: 2 } })), '/properties/a/minItems', '0 and 1');
    refuses(check(closed({ a: { enum: [[1]] } })), '/properties/a/enum/0', 'complex');
  });
  it('states no per-request limits, so 25 optional parameters pass', () => {
    const optional = { type: 'object', properties: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`o${i}`, { type: 'string' }])) };
    expect(check(optional)).toEqual([]);
  });
  it('requires a top-level object', () => {
    refuses(check({ anyOf: [{ type: 'object' }] }), '/type', 'object');
  });
});

describe('gemini-schema (Vertex Schema, function-calling parameters)', () => {
  const check = geminiSchema.check;
  const example = {
    type: 'object',
    properties: {
      location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'], nullable: true },
      when: { type: 'string', format: 'date-time' },
      pets: { type: 'array', items: { ref: '#/defs/Pet' } },
      either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    },
    required: ['location'],
    defs: { Pet: { type: 'OBJECT', properties: { name: { type: 'STRING' } } } },
  };
  it('accepts the documented attributes, ref/defs without $, nullable, string enum and date-time', () => {
    expect(check(example)).toEqual([]);
  });
  it('refuses every attribute outside the list (unknown field is a 400)', () => {
    for (const key of ['additionalProperties', 'minimum', 'maximum', 'pattern', 'minLength', 'title', 'default', 'const', 'oneOf', 'allOf', '$ref', '$defs']) {
      refuses(check({ type: 'object', properties: { a: { type: 'string', [key]: 1 } } }), `/properties/a/${key}`, 'cannot find field');
    }
  });
  it('requires a single type: type arrays and "null" are refused (null is spelled nullable)', () => {
    refuses(check({ type: 'object', properties: { a: { type: ['string', 'null'] } } }), '/properties/a/type', 'not one of');
    refuses(check({ type: 'object', properties: { a: { type: 'null' } } }), '/properties/a/type', 'not one of');
  });
  it('allows type to be left out only on anyOf schemas', () => {
    refuses(check({ type: 'object', properties: { a: { description: 'anything' } } }), '/properties/a', 'anyOf');
  });
  it('keeps defs at the root and ref pointing into them, with no sibling fields', () => {
    refuses(check({ type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'string' } }, defs: {} } } }), '/properties/a/defs', 'root');
    refuses(check({ type: 'object', properties: { a: { ref: '#/$defs/A' } } }), '/properties/a/ref', '#/defs/Name');
    refuses(check({ type: 'object', properties: { a: { ref: '#/defs/Missing' } } }), '/properties/a/ref', 'no definition');
    expect(check({ type: 'object', properties: { a: { ref: '#/defs/unix~1path' }, b: { ref: '#/defs/per%25cent' } }, defs: { 'unix/path': { type: 'string' }, 'per%cent': { type: 'string' } } })).toEqual([]);
    refuses(check({ type: 'object', properties: { b: { ref: '#/defs/per%cent' } }, defs: { 'per%cent': { type: 'string' } } }), '/properties/b/ref', 'no definition');
    refuses(check({ ...example, properties: { a: { ref: '#/defs/Pet', description: 'x' } } }), '/properties/a', 'no other fields');
  });
  it('accepts only string enums, and only on STRING', () => {
    refuses(check({ type: 'object', properties: { a: { type: 'integer', enum: [1, 2] } } }), '/properties/a/enum', 'strings');
    refuses(check({ type: 'object', properties: { a: { type: 'integer', enum: ['1', '2'] } } }), '/properties/a/enum', 'only allowed for STRING');
  });
  it('accepts format date-time only (and enum) on STRING', () => {
    refuses(check({ type: 'object', properties: { a: { type: 'string', format: 'date' } } }), '/properties/a/format', "'date-time' only");
    refuses(check({ type: 'object', properties: { a: { type: 'integer', format: 'int64' } } }), '/properties/a/format', "'date-time' only");
  });
  it('needs items on ARRAY, non-empty properties on OBJECT, and required names that exist', () => {
    refuses(check({ type: 'object', properties: { a: { type: 'array' } } }), '/properties/a/items', 'missing field');
    refuses(check({ type: 'object', properties: {} }), '/properties', 'non-empty');
    refuses(check({ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }), '/required/0', 'not defined');
    expect(check({ type: 'object' })).toEqual([]);
  });
  it('needs an OBJECT parameters schema, not anyOf or a reference', () => {
    refuses(check({ type: 'string' }), '/type', 'OBJECT');
    refuses(check({ type: 'object', anyOf: [{ type: 'object' }] }), '/anyOf', 'anyOf');
  });
  it('refuses parameter names outside [A-Za-z_][A-Za-z0-9_]{0,63}', () => {
    for (const bad of ['1st', 'with-dash', 'dotted.name', 'x'.repeat(65)]) {
      refuses(check({ type: 'object', properties: { [bad]: { type: 'string' } } }), `/properties/${bad}`, 'parameter name');
    }
    expect(check({ type: 'object', properties: { _ok: { type: 'string' }, ['a'.repeat(64)]: { type: 'string' } } })).toEqual([]);
  });
});

describe('nova (Converse tool input, Nova v1)', () => {
  const check = nova.check;
  it('accepts a root of type, properties and required only, with any nested keyword', () => {
    expect(check({ type: 'object', properties: { a: { type: 'string', format: 'date', minLength: 1 } }, required: ['a'] })).toEqual([]);
  });
  it('refuses any other top-level field', () => {
    for (const key of ['additionalProperties', 'description', 'title', '$schema', '$defs']) {
      refuses(check({ type: 'object', properties: {}, [key]: key === 'additionalProperties' ? false : key === '$defs' ? {} : 'x' }), `/${key}`, 'top-level');
    }
  });
  it('refuses references anywhere, since nothing can be defined at the root', () => {
    refuses(check({ type: 'object', properties: { a: { $ref: '#/properties/b' }, b: { type: 'string' } } }), '/properties/a/$ref', 'not allowed');
  });
  it('requires a top-level object', () => {
    refuses(check({ type: 'array' }), '/type', 'object');
  });
});

describe('flat (no references; what the MCP SDK 1.x client reads)', () => {
  const check = flat.check;
  it('accepts a self-contained schema with any other keyword', () => {
    expect(check({ type: 'object', properties: { a: { type: 'string', minLength: 1, pattern: '^a' }, b: { oneOf: [{ type: 'integer' }] } }, additionalProperties: false })).toEqual([]);
  });
  it('refuses $ref, $defs and definitions anywhere', () => {
    refuses(check({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: {} } }), '/properties/a/$ref', 'no references');
    refuses(check({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: {} } }), '/$defs', 'no references');
    refuses(check({ type: 'object', definitions: {} }), '/definitions', 'no references');
  });
  it('requires a root of type object and object property subschemas', () => {
    refuses(check({ type: ['object'] }), '/type', 'object');
    refuses(check({ type: 'object', properties: { a: { type: 'object', properties: { b: true } } } }), '/properties/a/properties/b', 'boolean');
  });
});

describe('mcp-client-v1 (SDK 1.32 listTools acceptance)', () => {
  const check = mcpClientV1.check;
  it('accepts an inputSchema with type object and object properties, whatever else it holds', () => {
    expect(check({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } }, prefixItems: [] })).toEqual([]);
  });
  it('refuses a root type other than exactly "object", or a missing one', () => {
    refuses(check({ type: ['object'] }), '/type', '');
    refuses(check({ properties: {} }), '/type', '');
  });
  it('refuses a boolean property subschema', () => {
    refuses(check({ type: 'object', properties: { a: true } }), '/properties/a', '');
  });
  it('refuses an outputSchema the draft-07 validator cannot compile', () => {
    refuses(checkOutputSchema({ type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } }), '', 'cannot compile');
    refuses(checkOutputSchema({ type: 'object', properties: { a: { type: 'number', minimum: 0, exclusiveMinimum: true } } }), '', 'cannot compile');
    expect(checkOutputSchema({ type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } })).toEqual([]);
    expect(checkTool({ name: 't', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } })).toEqual([]);
  });
});

describe('index', () => {
  it('maps every rewritten dialect, and versions that follow another page revision, to their checkers plus the MCP client', () => {
    expect(checkersFor('canonical')).toEqual([]);
    for (const dialect of ['flat', 'nova', 'openai_strict', 'openai_strict@2026-10', 'openai_strict@2024-08', 'anthropic_strict', 'bedrock_strict', 'gemini']) {
      expect(checkersFor(dialect)).toContain(mcpClientV1);
    }
    expect(checkersFor('openai_strict@2024-08')).toContain(openaiStrict202408);
    expect(checkersFor('openai_strict@2026-10')).toContain(openaiStrict);
    expect(() => checkersFor('unknown_dialect')).toThrow(/no conformance checkers/);
  });
  it('prefixes each problem with the checker that found it', () => {
    const problems = checkDialectOutput('gemini', { type: 'object', properties: { a: true } });
    expect(problems.some((p) => p.startsWith('gemini-schema #/properties/a'))).toBe(true);
    expect(problems.some((p) => p.startsWith('mcp-client-v1 #/properties/a'))).toBe(true);
  });
});

describe('vendor SDK code (openai toStrictJsonSchema, Anthropic transformJSONSchema) with the written decisions', () => {
  const branches = [closed({ id: { type: 'string' } }), closed({ number: { type: 'integer' } })];
  it('anthropic-sdk: refuses what the SDK throws on (a typeless union branch) and accepts the typed spelling', () => {
    const typeless = closed({ ip: { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] } });
    refuses(anthropicSdk.check(typeless), '', 'must have a type defined');
    const typed = closed({ ip: { type: 'string', anyOf: [{ type: 'string', format: 'ipv4' }, { type: 'string', format: 'ipv6' }] } });
    expect(anthropicSdk.check(typed)).toEqual([]);
  });
  it('anthropic-sdk: default, pattern, type arrays and type beside enum differ only by decision', () => {
    const schema = closed({
      limit: { type: 'integer', default: 10, description: 'Rows.' },
      code: { type: 'string', pattern: '^[A-Z]{3}$' },
      link: { type: ['object', 'null'], ...closed({ url: { type: 'string' } }) },
      mode: { type: 'string', enum: ['fast', 'slow'] },
      empty: { type: 'object', additionalProperties: false },
    });
    expect(anthropicSdk.check(schema)).toEqual([]);
  });
  it('anthropic-sdk: a keyword the SDK moves with no decision behind it is a problem', () => {
    refuses(anthropicSdk.check(closed({ name: { type: 'string', minLength: 2 } })), '/properties/name/minLength', 'no written decision');
    refuses(anthropicSdk.check(closed({ tag: { type: 'string', title: 'Tag', examples: ['a'] } })), '/properties/tag/examples', 'removes');
  });
  it('openai-sdk: refuses a closed wrapper around a union of objects and accepts the unclosed, untyped one', () => {
    const wrapped = closed({ item: { type: 'object', anyOf: branches, additionalProperties: false } });
    refuses(openaiSdk.check(wrapped), '/properties/item', 'Object anyOf schema');
    expect(openaiSdk.check(closed({ item: { anyOf: branches } }))).toEqual([]);
  });
  it('openai-sdk: required in another order is a decided difference; an optional property is refused', () => {
    expect(openaiSdk.check({ ...closed({ a: { type: 'string' }, b: { type: 'string' } }), required: ['b', 'a'] })).toEqual([]);
    refuses(openaiSdk.check({ ...closed({ a: { type: 'string' }, b: { type: 'string' } }), required: ['a'] }), '/properties/b', 'optional');
  });
});
