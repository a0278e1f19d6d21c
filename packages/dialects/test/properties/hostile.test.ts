// Hostile schemas through every loaded dialect: each gets a well-formed result (a diagnostic or a
// correct output), never a throw, a stack overflow or a hang. Verdicts are asserted, never times:
// a stalled engine shows as a test that does not end.
import { describe, expect, it } from 'vitest';
import { convert, DEFAULT_MAX_NODES, explain, type ConvertResult, type Dialect } from '@redouble/dialects';
import { dialects, expectWellFormed } from './fixtures.js';
import { isObject, isPlainJson } from './json-tools.js';

function run(input: unknown, dialect: Dialect, options?: { maxNodes?: number }): ConvertResult {
  const r = convert(input, dialect, options);
  expectWellFormed(r, input);
  return r;
}

function errors(r: ConvertResult): { code: string; path: string; message: string }[] {
  return r.diagnostics.filter((d) => d.severity === 'error');
}

/** Counts the objects and arrays of a value (the engine's own cap counts schema nodes, fewer). */
function countNodes(v: unknown): number {
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    n++;
    stack.push(...Object.values(x));
  }
  return n;
}

let deepObject: unknown = { type: 'string' };
for (let i = 0; i < 10_000; i++) deepObject = { type: 'object', properties: { a: deepObject } };
let deepArray: unknown = { type: 'string' };
for (let i = 0; i < 10_000; i++) deepArray = { type: 'array', items: deepArray };

const selfRef = { $ref: '#' };
const mutualCycle = { $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } };

/** D0 is a string; every D(n) is an object whose two properties both reference D(n-1). */
function exponentialChain(levels: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = { D0: { type: 'string' } };
  for (let i = 1; i <= levels; i++) $defs[`D${i}`] = { type: 'object', properties: { l: { $ref: `#/$defs/D${i - 1}` }, r: { $ref: `#/$defs/D${i - 1}` } } };
  return { type: 'object', properties: { x: { $ref: `#/$defs/D${levels}` } }, $defs };
}

/**
 * `length` definitions in a row: each an object whose one property references the next (`chain`),
 * or nothing but a reference to the next (`alias`). Deeper than any guard once inlined.
 */
function definitionChain(kind: 'chain' | 'alias', length: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) $defs[`C${i}`] = kind === 'chain' ? { type: 'object', properties: { next: { $ref: `#/$defs/C${i + 1}` } } } : { $ref: `#/$defs/C${i + 1}` };
  $defs[`C${length}`] = { type: 'string', description: 'The end.' };
  return { type: 'object', properties: { start: { $ref: '#/$defs/C0' } }, $defs };
}
// 5,000 keeps the run short; 10,000 was measured as well (1-2 s per dialect, no overflow)
const CHAIN_LENGTH = 5_000;

/** About 5 MB of JSON: 50,000 described string properties (built once, never mutated by convert). */
let wide: { schema: Record<string, unknown>; bytes: number } | undefined;
function wideSchema(): { schema: Record<string, unknown>; bytes: number } {
  if (wide) return wide;
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < 50_000; i++) properties[`property_number_${i}`] = { type: 'string', description: `Field ${i} of the record, as the author described it.`, maxLength: 100 };
  const schema = { type: 'object', description: 'A very wide record.', properties };
  wide = { schema, bytes: JSON.stringify(schema).length };
  return wide;
}

const prototypeNames = JSON.parse(
  '{"type":"object","properties":{"__proto__":{"type":"string","description":"proto"},"constructor":{"type":"number"},"prototype":{"type":"boolean"},"toString":{"type":"string"}},"required":["__proto__","constructor","prototype"]}',
) as Record<string, unknown>;

describe.each(dialects.map((d) => [d.id, d] as const))('hostile input into %s', (_id, dialect) => {
  it('10,000 levels of nested objects and of nested arrays: an error, no stack overflow', () => {
    for (const deep of [deepObject, deepArray, { type: 'object', properties: { v: deepArray } }]) {
      const r = run(deep, dialect);
      expect(r.ok).toBe(false);
      expect(errors(r).length).toBeGreaterThan(0);
    }
  });

  it('{"$ref": "#"} is refused with a diagnostic at the reference', () => {
    const r = run(selfRef, dialect);
    expect(errors(r).map((d) => d.path)).toContain('/$ref');
  });

  it('a mutual reference cycle with no way out is reported at one of its references', () => {
    const r = run(mutualCycle, dialect);
    const at = errors(r).map((d) => d.path);
    expect(at.some((p) => p === '/$ref' || p === '/$defs/A/$ref' || p === '/$defs/B/$ref')).toBe(true);
  });

  it('a JavaScript object with a cycle: no output, an error diagnostic', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    const r = run(schema, dialect);
    expect(r.output).toBeUndefined();
    expect(errors(r).length).toBeGreaterThan(0);

    const annotations: Record<string, unknown> = { title: 't' };
    annotations.again = annotations;
    const tool = { name: 'loop', inputSchema: { type: 'object' }, annotations };
    const t = run(tool, dialect);
    expect(t.output).toBeUndefined();
    expect(errors(t).length).toBeGreaterThan(0);
  });

  it('__proto__, constructor, prototype and toString stay own data properties; Object.prototype is untouched', () => {
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const r = run(prototypeNames, dialect);
    expect(r.output).toBeDefined();
    const props = (r.output as { properties: Record<string, unknown> }).properties;
    expect(Object.getPrototypeOf(props)).toBe(Object.prototype);
    expect(Object.keys(props)).toEqual(['__proto__', 'constructor', 'prototype', 'toString']);
    for (const name of Object.keys(props)) {
      const d = Object.getOwnPropertyDescriptor(props, name);
      expect(d && 'value' in d && d.enumerable).toBe(true);
      expect(isObject(d?.value)).toBe(true);
    }
    expect(JSON.parse(JSON.stringify(r.output))).toEqual(r.output);
    expect(isPlainJson(r.output)).toBe(true);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it('a reference to a definition named like a prototype member resolves only to an own definition', () => {
    const own = JSON.parse('{"type":"object","properties":{"a":{"$ref":"#/$defs/__proto__"}},"$defs":{"__proto__":{"type":"string","description":"own"}}}') as unknown;
    const r = run(own, dialect);
    expect(r.ok).toBe(true);
    expect(JSON.stringify(r.output)).toContain('own');
    // no `constructor` definition exists: the pointer must not find Object.prototype.constructor
    const missing = run({ type: 'object', properties: { a: { $ref: '#/$defs/constructor' } }, $defs: {} }, dialect);
    expect(errors(missing).map((d) => d.path)).toContain('/properties/a/$ref');
  });

  it('an exponential $defs chain (40 levels, two references each) is refused naming a definition, or kept small by references', () => {
    const schema = exponentialChain(40);
    const inlines = dialect.resolved.rules.some((rule) => rule.references?.mode === 'inline');
    for (const options of [undefined, { maxNodes: 5_000 }]) {
      const r = run(schema, dialect, options);
      if (inlines) {
        expect(r.output).toBeUndefined();
        expect(errors(r).some((d) => /\bD\d+\b/.test(d.message))).toBe(true);
      } else {
        expect(r.output).toBeDefined();
        expect(countNodes(r.output)).toBeLessThanOrEqual(options?.maxNodes ?? DEFAULT_MAX_NODES);
        expect(JSON.stringify(r.output)).toContain('D40');
      }
    }
  });

  it('a long chain of definitions: inlined past the depth guard is refused, kept references stay references', () => {
    const inlines = dialect.resolved.rules.some((rule) => rule.references?.mode === 'inline');
    for (const kind of ['chain', 'alias'] as const) {
      const schema = definitionChain(kind, CHAIN_LENGTH);
      const r = run(schema, dialect);
      if (inlines) {
        expect(r.output).toBeUndefined();
        expect(errors(r).length).toBeGreaterThan(0);
      } else {
        expect(r.output).toBeDefined();
        expect(JSON.stringify(r.output)).toContain('The end.');
      }
      if (kind === 'chain') expect(Array.isArray(explain(schema, dialect))).toBe(true);
    }
  }, 60_000);

  it('a 5 MB schema with 50,000 properties converts, every property kept', () => {
    const { schema, bytes } = wideSchema();
    expect(bytes).toBeGreaterThan(5_000_000);
    const r = run(schema, dialect);
    expect(r.output).toBeDefined();
    const props = (r.output as { properties: Record<string, unknown> }).properties;
    expect(Object.keys(props).length).toBe(50_000);
    expect(Object.keys(props)[49_999]).toBe('property_number_49999');
    // a hang guard, not a timing (a 5 MB schema on a loaded machine can pass the 5 s default)
  }, 60_000);

  it('undefined, a function, a Date, a Symbol, a BigInt at schema positions: no output, a diagnostic at the value', () => {
    // (A member set to undefined is absent, as JSON reads it: `properties: {a: undefined}` is no
    // property a, test/convert/undefined-members.test.ts. An input that is undefined is no schema.)
    const cases: [unknown, string][] = [
      [undefined, ''],
      [{ type: 'object', properties: { a: () => 1 } }, '/properties/a'],
      [{ type: 'object', properties: { a: new Date(0) } }, '/properties/a'],
      [{ type: 'object', properties: { a: Symbol('s') } }, '/properties/a'],
      [{ type: 'object', properties: { a: { type: 'string', enum: ['x', 1n] } } }, '/properties/a/enum/1'],
    ];
    for (const [input, path] of cases) {
      const r = run(input, dialect);
      expect(r.output).toBeUndefined();
      const at = errors(r).map((d) => d.path);
      // the value itself, or the schema holding it
      expect(at.some((p) => p === path || path.startsWith(p + '/'))).toBe(true);
    }
  });

  it('BigInt, NaN and Infinity in a numeric keyword: no throw, no output, a diagnostic at the value', () => {
    for (const input of [
      { type: 'object', properties: { n: { type: 'integer', minimum: 1n } } },
      { type: 'object', properties: { n: { type: 'number', minimum: Number.NaN } } },
      { type: 'object', properties: { n: { type: 'number', minimum: Number.POSITIVE_INFINITY } } },
    ]) {
      const r = run(input, dialect);
      expect(r.output).toBeUndefined();
      expect(errors(r).map((d) => d.path)).toContain('/properties/n/minimum');
    }
  });
});
