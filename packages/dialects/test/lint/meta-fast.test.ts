// The meta-schema check's quick yes (src/lint/meta-fast.ts) may only say yes where both precompiled
// meta-schema validators say yes: proved here over the corpus, the conformance inputs,
// JSON-Schema-Test-Suite, every keyword with every kind of wrong value, mutated corpus schemas and
// generated schemas. It must also decide the common case, or it would save nothing. After a no, the
// full check over the failing subschemas alone must find what it finds over the whole schema.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAST_KEYWORDS, plainlyValid, subschemasToCheck, wrongTypeFinding } from '../../src/lint/meta-fast.js';
import { metaMessages, metaProblems, metaValidator } from '../../src/lint/meta-check.js';
import { groupAjvErrors } from '../../src/lint/ajv-errors.js';
import { corpusTools, runs } from '../properties/fixtures.js';
import { anySchema } from '../properties/inputs.js';

const repo = join(import.meta.dirname, '../../../..');
const require = createRequire(import.meta.url);
const full2020 = metaValidator('2020-12');
const full07 = metaValidator('draft-07');

/** The implication under test, as a message naming the schema when it fails. */
function quickYesHolds(schema: unknown): string | undefined {
  if (!plainlyValid(schema)) return undefined;
  if (full2020(schema) && full07(schema)) return undefined;
  return `quick yes, but the full check refuses: ${JSON.stringify(schema).slice(0, 300)}`;
}

/**
 * The other half of the speed-up: after a no, the full check sees only the failing subschemas
 * (subschemasToCheck). Its findings must be those of the full check over the whole schema, in
 * either draft; the order of the findings may differ, their set may not.
 */
function narrowingHolds(schema: unknown): string | undefined {
  if (plainlyValid(schema)) return undefined;
  for (const draft of ['2020-12', 'draft-07'] as const) {
    const whole = metaValidator(draft);
    const expected = whole(schema) ? [] : groupAjvErrors(whole.errors).map(({ pointer, message }) => `${pointer} ${message}`);
    const got = metaMessages(schema, draft).map(({ pointer, message }) => `${pointer} ${message}`);
    if (JSON.stringify(got.sort()) !== JSON.stringify(expected.sort())) {
      return `${draft}: the failing subschemas give ${JSON.stringify(got)}, the whole schema ${JSON.stringify(expected)}: ${JSON.stringify(schema).slice(0, 300)}`;
    }
  }
  return undefined;
}

/** Both properties the check rests on, for one schema. */
function checkHolds(schema: unknown): string | undefined {
  return quickYesHolds(schema) ?? narrowingHolds(schema);
}

function corpusSchemas(): unknown[] {
  const out: unknown[] = [];
  for (const { tool } of corpusTools()) for (const k of ['inputSchema', 'outputSchema']) if (k in tool) out.push(tool[k]);
  return out;
}

function conformanceSchemas(): unknown[] {
  const out: unknown[] = [];
  const cases = join(repo, 'conformance/cases');
  for (const c of readdirSync(cases).sort()) {
    const input = JSON.parse(readFileSync(join(cases, c, 'input.json'), 'utf8')) as Record<string, unknown>;
    const tools = Array.isArray(input.tools) ? (input.tools as Record<string, unknown>[]) : 'inputSchema' in input ? [input] : undefined;
    if (!tools) out.push(input);
    else for (const t of tools) for (const k of ['inputSchema', 'outputSchema']) if (k in t) out.push(t[k]);
  }
  return out;
}

function suiteSchemas(): unknown[] {
  const out: unknown[] = [];
  for (const dir of ['draft2020-12', 'draft7']) {
    const base = join(repo, 'corpus/json-schema-test-suite/tests', dir);
    for (const file of readdirSync(base).filter((f) => f.endsWith('.json')).sort()) {
      for (const c of JSON.parse(readFileSync(join(base, file), 'utf8')) as { schema: unknown }[]) out.push(c.schema);
    }
  }
  return out;
}

/** Values of every JSON kind, several of them wrong for most keywords. */
const PROBES: unknown[] = [
  null, true, false, 0, -0, 1, -1, 1.5, -2.5, 1e300, '', 'x', 'string', 'strng', 'a#b', 'a#', '#', '1bad', '^a', '(',
  [], [1], ['a'], ['a', 'a'], ['a', 1], ['string', 'null'], ['string', 'string'], ['strng'], [{}], [{}, {}], [true, false], [1, 1], [null], [[]],
  {}, { a: 1 }, { a: 'x' }, { a: {} }, { a: ['x', 'x'] }, { a: ['x'] }, { a: true }, { type: 'strng' }, { minimum: 'a' },
];

describe('meta-check quick yes and its narrowing after a no (lint/meta-fast.ts)', () => {
  it('covers exactly the keywords the 2020-12 and draft-07 meta-schemas define', () => {
    const names = new Set<string>(Object.keys(require('ajv/dist/refs/json-schema-draft-07.json').properties));
    for (const part of ['core', 'applicator', 'unevaluated', 'validation', 'meta-data', 'format-annotation', 'content']) {
      for (const k of Object.keys(require(`ajv/dist/refs/json-schema-2020-12/meta/${part}.json`).properties)) names.add(k);
    }
    for (const k of Object.keys(require('ajv/dist/refs/json-schema-2020-12/schema.json').properties)) names.add(k);
    expect([...FAST_KEYWORDS].sort()).toEqual([...names].sort());
  });

  it('never says yes where the full check says no: corpus, conformance inputs, JSON-Schema-Test-Suite', () => {
    const schemas = [...corpusSchemas(), ...conformanceSchemas(), ...suiteSchemas()];
    expect(schemas.length).toBeGreaterThan(1700);
    expect(schemas.map(checkHolds).filter(Boolean)).toEqual([]);
  });

  it('never says yes to a wrong value: every keyword with every probe value, at the root and nested', () => {
    const failures: string[] = [];
    let refused = 0;
    for (const keyword of FAST_KEYWORDS) {
      for (const value of PROBES) {
        for (const schema of [{ [keyword]: value }, { type: 'object', properties: { p: { [keyword]: value } } }, { anyOf: [{ items: { [keyword]: value } }] }]) {
          const f = checkHolds(schema);
          if (f) failures.push(f);
          if (!full2020(schema) || !full07(schema)) refused++;
        }
      }
    }
    expect(failures).toEqual([]);
    // the probes do reach the full check's refusals
    expect(refused).toBeGreaterThan(1000);
  });

  it('never says yes to a mutated corpus schema (each keyword of each node given a wrong value)', () => {
    const failures: string[] = [];
    const constrained = new Set(FAST_KEYWORDS);
    const visit = (root: unknown, node: unknown, depth: number): void => {
      if (node === null || typeof node !== 'object' || depth > 6) return;
      const obj = node as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        const saved = obj[key];
        if (constrained.has(key) && !Array.isArray(node)) {
          for (const value of PROBES) {
            obj[key] = value;
            const f = checkHolds(root);
            if (f) failures.push(`${key}: ${f}`);
          }
          obj[key] = saved;
        }
        visit(root, saved, depth + 1);
      }
    };
    // A clone per schema, mutated in place and restored key by key; every 10th schema keeps the run short.
    corpusSchemas()
      .filter((_, i) => i % 10 === 0)
      .forEach((s) => {
        const copy = structuredClone(s);
        visit(copy, copy, 0);
      });
    expect(failures).toEqual([]);
  });

  it('never says yes where the full check says no: generated schemas', () => {
    fc.assert(
      fc.property(anySchema, (schema) => {
        expect(checkHolds(schema)).toBeUndefined();
      }),
      runs(300),
    );
  });

  it('decides the common case: nearly every valid corpus schema gets the quick yes', () => {
    const valid = corpusSchemas().filter((s) => full2020(s));
    const quick = valid.filter((s) => plainlyValid(s));
    expect(quick.length / valid.length).toBeGreaterThan(0.95);
  });

  it('takes a $id at the root only; one below it (a resource or an anchor) goes to the thorough check', () => {
    expect(plainlyValid({ $id: 'https://example.com/s', type: 'object' })).toBe(true);
    expect(plainlyValid({ $id: 'https://example.com/s#frag', type: 'object' })).toBe(false);
    expect(plainlyValid({ type: 'object', properties: { a: { $id: 'https://example.com/a', type: 'string' } } })).toBe(false);
    expect(plainlyValid({ $defs: { a: { $id: '#a' } } })).toBe(false);
    // Asked twice in a row: the answer is the schema's alone, nothing carried from the last call.
    expect(plainlyValid({ $id: 'https://example.com/s', type: 'object' })).toBe(true);
  });

  it('sends the full check only the failing subschemas, the smallest that stand where their meta-schema applies directly', () => {
    const pointers = (schema: unknown, draft: '2020-12' | 'draft-07') => subschemasToCheck(schema, draft).map(([, t]) => `/${t.join('/')}`);
    const bad = { type: 'integer', exclusiveMinimum: true };
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'array', items: bad }, c: { anyOf: [{ type: 'string' }, { not: 5 }] } } };
    expect(pointers(schema, '2020-12')).toEqual(['/properties/b/items', '/properties/c/anyOf/1/not']);
    // draft-07 `items` sits in an anyOf (schema or array of schemas), so its holder is checked whole
    expect(pointers(schema, 'draft-07')).toEqual(['/properties/b', '/properties/c/anyOf/1/not']);
    // a wrong container is its holder's fault; a failure above covers those below it
    expect(pointers({ properties: { x: bad }, required: 'x' }, '2020-12')).toEqual(['/']);
    expect(pointers({ properties: 5 }, '2020-12')).toEqual(['/']);
    expect(pointers({ type: 'object', properties: { q: { type: 'string' } } }, '2020-12')).toEqual([]);
    expect(metaProblems({ properties: { b: { items: bad } } }, '/inputSchema', '2020-12').map((p) => p.path)).toEqual(['/inputSchema/properties/b/items/exclusiveMinimum']);
  });

  it('words a lone wrong JSON type itself, and leaves every other failure to the full validator', () => {
    // The common real fault: a draft-04 boolean bound, alone in its subschema.
    expect(wrongTypeFinding({ type: 'integer', exclusiveMinimum: true }, '2020-12')).toEqual({ key: 'exclusiveMinimum', message: 'must be number' });
    expect(wrongTypeFinding({ type: 'string', minLength: '3', description: 'd' }, 'draft-07')).toEqual({ key: 'minLength', message: 'must be integer' });
    expect(wrongTypeFinding({ examples: 'x' }, '2020-12')).toEqual({ key: 'examples', message: 'must be array' });
    for (const [node, draft] of [
      [{ minimum: true, maximum: 'a' }, '2020-12'], // two failures: the full validator words both
      [{ minLength: -1 }, '2020-12'], // a number of the right family, out of bounds
      [{ minLength: 1.5 }, 'draft-07'],
      [{ deprecated: 'yes' }, 'draft-07'], // draft-07 does not define it: no error at all
      [{ type: 'strng' }, '2020-12'], // an enum of names, worded by the full validator
      [{ required: 'q' }, '2020-12'],
      [{ $anchor: 5 }, '2020-12'], // left to the full check by the quick one
      [{ type: 'object' }, '2020-12'], // nothing fails
      [5, '2020-12'],
    ] as const) {
      expect(wrongTypeFinding(node, draft), JSON.stringify(node)).toBeUndefined();
    }
    expect(metaProblems({ properties: { n: { type: 'number', exclusiveMinimum: true } } }, '/inputSchema', '2020-12')).toEqual([
      {
        path: '/inputSchema/properties/n/exclusiveMinimum',
        message: 'Not a valid 2020-12 schema: "exclusiveMinimum" must be number (a boolean exclusiveMinimum is draft-04; from draft-06 on the bound itself is the number).',
      },
    ]);
    // A draft-07 tuple (TypeBox's Type.Tuple) served with no $schema: the fix is named (round 17).
    expect(metaProblems({ properties: { p: { type: 'array', items: [{ type: 'number' }], additionalItems: false } } }, '/inputSchema', '2020-12')).toEqual([
      {
        path: '/inputSchema/properties/p/items',
        message: 'Not a valid 2020-12 schema: "items" must be object or boolean (a list of item schemas is draft-07\'s tuple: write prefixItems, or declare "$schema": "http://json-schema.org/draft-07/schema#").',
      },
    ]);
    // Under draft-07 the same list is valid: no hint, no problem.
    expect(metaProblems({ properties: { p: { type: 'array', items: [{ type: 'number' }] } } }, '', 'draft-07')).toEqual([]);
  });

  it('leaves the findings of metaProblems unchanged (the quick yes only skips the full check)', () => {
    expect(metaProblems({ type: 'object', required: 'query' }, '', '2020-12').map((p) => p.path)).toEqual(['/required']);
    expect(metaProblems({ type: 'strng' }, '/inputSchema', 'draft-07').map((p) => p.path)).toEqual(['/inputSchema/type']);
    expect(metaProblems({ type: 'object', properties: { q: { type: 'string' } } }, '', '2020-12')).toEqual([]);
  });
});
