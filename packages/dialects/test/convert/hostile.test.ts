import { describe, expect, it } from 'vitest';
import { convert, DialectError, loadDialects } from '@redouble/dialects';
import { codes, dialectFrom } from './helpers.js';

const registry = loadDialects();
const dialects = [registry.get('canonical'), registry.get('flat'), registry.get('nova')];

function nested(levels: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe('hostile input', () => {
  it('stops a schema nested 10,000 levels deep with a diagnostic, not a stack overflow', () => {
    for (const d of dialects) {
      const r = convert(nested(10_000), d);
      expect(r.output).toBeUndefined();
      expect(r.ok).toBe(false);
      expect(codes(r.diagnostics)).toEqual(['too-deep']);
      expect(r.diagnostics[0]?.path.startsWith('/properties/a/properties/a/')).toBe(true);
    }
  });

  it('leaves nothing of a stopped conversion to the next one (the kept walker is discarded)', () => {
    // Stopped mid-walk (deep inside a definition, at a value that is not JSON, between a union and
    // its branch): the conversions after it read as if it had never run.
    const deep = { type: 'object', properties: { r: { $ref: '#/$defs/D' } }, $defs: { D: nested(10_000) } };
    // (A member set to undefined is absent, not a stop: a function is what no JSON holds.)
    const bad = { type: 'object', properties: { a: { type: 'string' }, b: { description: () => 'x' } } };
    // Stopped between a union and its branch, where the branch would take the parent's type.
    const branch = { type: 'string', anyOf: [{ minLength: 1 }, undefined] };
    const good = { type: 'object', properties: { p: { type: 'integer', minimum: 1 }, q: { $ref: '#/$defs/Q' } }, $defs: { Q: { type: 'string', minLength: 2 } } };
    const typeless = { description: 'Any value.' };
    for (const d of [...dialects, registry.get('openai_strict'), registry.get('anthropic_strict')]) {
      const fresh = [good, typeless].map((s) => convert(s, d, {}));
      for (const stop of [deep, bad, branch]) {
        const r = convert(stop, d);
        expect(r.output, d.id).toBeUndefined();
        expect([good, typeless].map((s) => convert(s, d)), d.id).toEqual(fresh);
      }
    }
  });

  it('converts a schema at the depth guard but refuses one past it, as set by the option', () => {
    const d = registry.get('flat');
    expect(convert(nested(40), d, { maxDepth: 41 }).ok).toBe(true);
    expect(codes(convert(nested(40), d, { maxDepth: 40 }).diagnostics)).toEqual(['too-deep']);
    expect(() => convert(nested(1), d, { maxDepth: 0 })).toThrow(DialectError);
  });

  it('reports a JavaScript object that contains itself', () => {
    const schema: Record<string, any> = { type: 'object', properties: {} };
    schema.properties.self = schema;
    const data: Record<string, any> = { type: 'object', default: { a: [] } };
    data.default.a.push(data.default);
    for (const d of dialects) {
      for (const s of [schema, data]) {
        const r = convert(s, d);
        expect(r.output).toBeUndefined();
        expect(codes(r.diagnostics)).toEqual(['cyclic-object']);
      }
      // Where the cycle closes, in every dialect, not where the depth guard stopped the walk.
      expect(convert(schema, d).diagnostics[0]?.path, d.id).toBe('/properties/self');
      expect(convert({ name: 't', inputSchema: schema }, d).diagnostics[0]?.path, d.id).toBe('/inputSchema/properties/self');
    }
  });

  it('treats __proto__ and constructor as plain property names', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string","x":{"__proto__":1}},"constructor":{"type":"number"}},"required":["__proto__","constructor"]}');
    for (const d of [...dialects, registry.get('flat')]) {
      const out = convert(schema, d).output as any;
      expect(Object.getPrototypeOf(out.properties)).toBe(Object.prototype);
      expect(Object.keys(out.properties)).toEqual(['__proto__', 'constructor']);
      expect(Object.prototype.hasOwnProperty.call(out.properties, '__proto__')).toBe(true);
      expect(out.properties.__proto__.type).toBe('string');
      expect(JSON.stringify(out)).toBe(JSON.stringify(schema));
    }
    const strict = dialectFrom(`rules:\n  - id: o\n    source: spec\n    objects: { closed: all, optional: required-nullable }`);
    const out = convert(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"toString":{"type":"string"}}}'), strict).output as any;
    expect(Object.keys(out.properties)).toEqual(['__proto__', 'toString']);
    expect(out.required).toEqual(['__proto__', 'toString']);
    expect(({} as any).type).toBeUndefined();
  });

  it("guards a Tool's other fields as it guards keyword values, and reports the fault at the field", () => {
    const tool = (extra: Record<string, unknown>) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });
    const faults = (extra: Record<string, unknown>) => convert(tool(extra), registry.get('flat')).diagnostics.map((d) => [d.code, d.path]);
    const cycle: Record<string, any> = { a: {} };
    cycle.a.back = cycle;
    // The guard meets a plain value ({ x: 1 }) whose ancestors repeat: still a cycle, not depth.
    const sideways: Record<string, any> = { other: { x: 1 } };
    sideways.self = sideways;
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = { d: deep };
    expect(faults({ annotations: cycle })).toEqual([['cyclic-object', '/annotations']]);
    expect(faults({ annotations: sideways })).toEqual([['cyclic-object', '/annotations']]);
    expect(faults({ _meta: { when: new Date(0) } })).toEqual([['not-json', '/_meta']]);
    expect(faults({ _meta: { n: Number.NaN } })).toEqual([['not-json', '/_meta']]);
    expect(faults({ annotations: deep })).toEqual([['too-deep', '/annotations']]);
    const annotations = { title: 'T', hints: [1, 2.5, null] };
    const fine = convert(tool({ annotations }), registry.get('flat')).output as any;
    expect(fine).toEqual(tool({ annotations: { title: 'T', hints: [1, 2.5, null] } }));
    expect(fine.annotations).not.toBe(annotations);
    expect(fine.annotations.hints).not.toBe(annotations.hints);
  });

  it('refuses values that are not JSON data', () => {
    // (A member set to undefined is absent, as JSON reads it: undefined-members.test.ts.)
    for (const bad of [Number.NaN, Infinity, () => 1, new Date(0), 10n]) {
      const r = convert({ type: 'object', properties: { a: { type: 'number', default: bad } } }, registry.get('flat'));
      expect(r.output).toBeUndefined();
      expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([['not-json', '/properties/a/default']]);
    }
    // A numeral past the double range is read as Infinity by JSON.parse: the message says how it got there.
    const huge = convert(JSON.parse('{"type":"number","maximum":1e400}'), registry.get('flat'));
    expect(huge.diagnostics.map((d) => d.message)).toEqual(['the number Infinity is not JSON (a numeral past ±1.8e308, such as 1e400, reads as Infinity)']);
  });

  it('refuses an object graph that reuses a subschema past the size cap in every dialect, canonical too (it ran out of memory)', () => {
    // A JS caller's schema may share one object in many places; 30 levels of reuse is 2^30 nodes as JSON.
    let shared: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 30; i++) shared = { type: 'object', properties: { a: shared, b: shared } };
    for (const { id } of registry.list()) {
      const r = convert({ type: 'object', properties: { x: shared } }, registry.get(id), { maxNodes: 5_000 });
      expect(r.output, id).toBeUndefined();
      expect(codes(r.diagnostics), id).toContain('output-too-large');
    }
  });

  it('refuses an exponential inlining at the size cap, naming the definition responsible, in time linear in the cap', () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) defs[`D${i}`] = { type: 'object', properties: { l: { $ref: `#/$defs/D${i + 1}` }, r: { $ref: `#/$defs/D${i + 1}` } } };
    defs.D40 = { type: 'string' };
    const schema = { type: 'object', properties: { x: { $ref: '#/$defs/D0' } }, $defs: defs };
    const r = convert(schema, registry.get('flat'), { maxNodes: 5_000 });
    expect(r.output).toBeUndefined();
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]?.code).toBe('output-too-large');
    expect(r.diagnostics[0]?.path).toBe('/$defs/D0');
    expect(r.diagnostics[0]?.message).toMatch(/^inlining D0 \(through D1 > D2 > .*\) makes the output pass 5000 schema nodes/);
    // the same schema kept as references is small and fine
    const kept = convert(schema, dialectFrom(`rules:\n  - id: r\n    source: spec\n    references: { mode: keep }`));
    expect(kept.ok).toBe(true);
  });

  it('reports a schema that is neither an object nor a boolean', () => {
    const r = convert({ type: 'object', properties: { a: 42, b: null } }, registry.get('flat'));
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['invalid-schema', '/properties/a'],
      ['invalid-schema', '/properties/b'],
    ]);
    expect(r.output).toEqual({ type: 'object', properties: { a: 42, b: null } });
  });

  it('a JSONPath rule over a cyclic or very deep input does not crash; the walk reports the input', () => {
    const d = dialectFrom(`rules:\n  - id: g\n    source: spec\n    given: "$..[?(@.type === 'integer')]"\n    drop: [minimum]`);
    const cyclic: Record<string, any> = { type: 'object', properties: {} };
    cyclic.properties.self = cyclic;
    expect(codes(convert(cyclic, d).diagnostics)).toEqual(['cyclic-object']);
    expect(codes(convert(nested(10_000), d).diagnostics)).toEqual(['too-deep']);
    const fine = convert({ type: 'object', properties: { n: { type: 'integer', minimum: 1 }, x: { type: 'number', minimum: 1 } } }, d);
    expect(fine.output).toEqual({ type: 'object', properties: { n: { type: 'integer' }, x: { type: 'number', minimum: 1 } } });
  });

  it('refuses a value that is not a dialect', () => {
    expect(() => convert({}, {} as never)).toThrow(DialectError);
  });
});
