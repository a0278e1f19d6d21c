// Law 1 for the dialect that only re-spells: on schemas without reference cycles and with only
// keywords it keeps, the flat output accepts exactly what the canonical schema accepts (Ajv on both
// sides, each in its own draft), on values built from the schema and on arbitrary JSON.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '@redouble/dialects';
import { compareAcceptance, hasExternalRef, hasReferenceCycle, type Outcome } from './acceptance.js';
import { corpusTools, registry, runs } from './fixtures.js';
import { instanceArbitrary, schemaArbitrary, toDraft07 } from './schema-arbitrary.js';
import { isObject } from './json-tools.js';

const flat: Dialect = registry.get('flat');

/** Keywords this dialect removes; their meaning is not the subject here ($schema is read, not lost). */
const dropped = new Set(flat.resolved.rules.flatMap((r) => r.drop ?? []).filter((k) => k !== '$schema' && k !== '$comment'));

function usesDropped(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (isObject(v) && Object.keys(v).some((k) => dropped.has(k))) return true;
    stack.push(...Object.values(v));
  }
  return false;
}

function compare(schema: unknown, instances: readonly unknown[]): Outcome {
  return compareAcceptance(schema, flat, instances);
}

const acyclicSchema = fc
  .tuple(fc.constantFrom('none', 'acyclic' as const), fc.boolean())
  .chain(([refs, draft07]) => schemaArbitrary({ refs, depth: 3 }).map((s) => (draft07 ? toDraft07(s) : s)));

/** The same schemas with `type: "object"` at the root, as every MCP inputSchema has. */
const objectRooted = acyclicSchema.map((s) => (isObject(s) ? { ...s, type: 'object' } : { type: 'object', allOf: [s] }));

const withInstances = (schemas: fc.Arbitrary<unknown>) => schemas.chain((s) => fc.tuple(fc.constant(s), fc.array(instanceArbitrary(s, s), { minLength: 6, maxLength: 14 })));

function generatedRun(schemas: fc.Arbitrary<unknown>, minShareCompared: number): void {
  let compared = 0;
  let total = 0;
  fc.assert(
    fc.property(withInstances(schemas), ([schema, instances]) => {
      total++;
      const outcome = compare(schema, instances);
      if (outcome.compared) compared++;
      expect(outcome.disagreements).toEqual([]);
    }),
    runs(100),
  );
  // a run flat refuses (with an error) proves nothing about acceptance: enough must be compared
  expect(compared).toBeGreaterThan(total * minShareCompared);
}

describe('flat keeps acceptance unchanged', () => {
  // any root: flat refuses a root that is not an object (an error), else keeps acceptance
  it('on generated acyclic schemas', () => generatedRun(acyclicSchema, 0.2));

  it('on generated acyclic schemas whose root is an object', () => generatedRun(objectRooted, 0.5));

  it('on corpus tools without reference cycles', () => {
    const eligible = corpusTools()
      .map(({ file, tool }) => ({ file, schema: tool.inputSchema }))
      .filter(({ schema }) => isObject(schema) && !hasReferenceCycle(schema) && !hasExternalRef(schema) && !usesDropped(schema));
    expect(eligible.length).toBeGreaterThan(500);
    const sample = fc.constantFrom(...eligible).chain((e) => fc.tuple(fc.constant(e), fc.array(instanceArbitrary(e.schema, e.schema), { minLength: 6, maxLength: 14 })));
    let compared = 0;
    let total = 0;
    fc.assert(
      fc.property(sample, ([e, instances]) => {
        total++;
        const outcome = compare(e.schema, instances);
        if (outcome.compared) compared++;
        expect(outcome.disagreements.map((d) => `${e.file}: ${d}`)).toEqual([]);
      }),
      runs(100),
    );
    expect(compared).toBeGreaterThan(total / 2);
  });
});
