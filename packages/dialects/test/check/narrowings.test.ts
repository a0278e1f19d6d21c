// Issue 11 part 4: every narrowing is reported. A spelling may refuse what the canonical schema
// accepts only where its vendor cannot say more, and then the conversion says so with a warning at
// that place. The proof (narrowing-proof.ts) generates documents each schema accepts, encodes them
// as the dialect's caller sends them, and validates them against the spelling: every refusal must
// sit under a narrowing diagnostic. It runs over the corpus, the conformance cases and generated
// schemas, in every dialect version, on the same seeded documents each run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, type Dialect } from '@redouble/dialects';
import { corpusTools, dialects, SEED } from '../properties/fixtures.js';
import { anySchema } from '../properties/inputs.js';
import { isObject } from '../properties/json-tools.js';
import { canonicalLocations, proveNarrowings, readSpelling, validDocuments, type Unreported } from './narrowing-proof.js';

const repo = join(import.meta.dirname, '../../../..');
/** Documents proposed per schema (those the canonical schema refuses are left out). */
const PER_SCHEMA = 12;

interface Subject {
  name: string;
  schema: unknown;
}

/** The schemas of a conversion input: a bare schema, a Tool's two, or those of every tool of a list. */
function schemasOf(name: string, input: unknown): Subject[] {
  const tools = isObject(input) && Array.isArray(input.tools) ? input.tools : isObject(input) && 'inputSchema' in input ? [input] : undefined;
  if (!tools) return [{ name, schema: input }];
  return tools.flatMap((t, i) => {
    if (!isObject(t)) return [];
    const at = tools.length > 1 ? `${name}/tools/${i}` : name;
    return (['inputSchema', 'outputSchema'] as const).filter((k) => t[k] !== undefined).map((k) => ({ name: `${at}/${k}`, schema: t[k] }));
  });
}

const corpus = (): Subject[] => corpusTools().flatMap(({ file, tool }) => schemasOf(file, tool));
const cases = (): Subject[] => {
  const dir = join(repo, 'conformance/cases');
  return readdirSync(dir)
    .sort()
    .flatMap((c) => schemasOf(c, JSON.parse(readFileSync(join(dir, c, 'input.json'), 'utf8')) as unknown));
};
// A tool's schema is an object: a generated schema that is not one stands as a required property of
// one, its definitions and `$schema` lifted to the new root so its references still resolve.
function asObject(s: unknown): unknown {
  if (isObject(s) && s.type === 'object') return s;
  if (!isObject(s)) return { type: 'object', properties: { v: s }, required: ['v'], additionalProperties: false };
  const { $schema, $defs, definitions, ...rest } = s;
  const lifted = Object.fromEntries(Object.entries({ $schema, $defs, definitions }).filter(([, v]) => v !== undefined));
  return { ...lifted, type: 'object', properties: { v: rest }, required: ['v'], additionalProperties: false };
}
const generated = (): Subject[] => fc.sample(anySchema, { seed: SEED, numRuns: 300 }).map((schema, i) => ({ name: `generated #${i}`, schema: asObject(schema) }));

const documents = new Map<unknown, unknown[] | undefined>();
function documentsFor(subject: Subject, index: number): unknown[] | undefined {
  if (!documents.has(subject.schema)) documents.set(subject.schema, validDocuments(subject.schema, SEED + index, PER_SCHEMA));
  return documents.get(subject.schema);
}

function describeUnreported(subject: Subject, u: Unreported): string {
  const errors = u.errors.map((e) => `${e.instancePath || '/'} ${e.message} (${e.schemaPath})`).join('; ');
  return `${subject.name} in ${u.dialect}: sent ${JSON.stringify(u.sent)} refused: ${errors}`;
}

function prove(dialect: Dialect, subjects: Subject[]): { unreported: string[]; documents: number } {
  const unreported: string[] = [];
  let total = 0;
  subjects.forEach((subject, i) => {
    const docs = documentsFor(subject, i);
    if (!docs || docs.length === 0) return;
    const outcome = proveNarrowings(subject.schema, dialect, docs);
    total += outcome.documents;
    for (const u of outcome.unreported.slice(0, 2)) unreported.push(describeUnreported(subject, u));
  });
  return { unreported, documents: total };
}

describe('the narrowing proof can fail', () => {
  const openai = dialects.find((d) => d.decodesNulls) as Dialect;
  const anthropic = dialects.find((d) => d.name === 'anthropic_strict') as Dialect;

  it('reads a canonical instance location through properties, items, references and branches', () => {
    const schema = { type: 'object', properties: { list: { type: 'array', items: { $ref: '#/$defs/Node' } } }, $defs: { Node: { anyOf: [{ type: 'object', properties: { name: { type: 'string' } } }, { type: 'string' }] } } };
    expect(canonicalLocations(schema, '/list/0/name').sort()).toEqual(['/$defs/Node/anyOf/0/properties/name']);
    expect(canonicalLocations(schema, '/list/0').sort()).toEqual(['/$defs/Node', '/$defs/Node/anyOf/0', '/$defs/Node/anyOf/1', '/properties/list/items']);
    // an undeclared property of an open object: the object's own locations stand for it
    expect(canonicalLocations(schema, '/other')).toEqual(['']);
  });

  it('a type the keywords imply is a narrowing with its warning (not at the root); values decide the type first', () => {
    const schema = { type: 'object', properties: { o: { properties: { z: { type: 'string' } } }, a: { items: { type: 'string' } }, e: { additionalProperties: false, enum: ['x', 'y'] } }, required: ['o', 'a', 'e'] };
    for (const d of [anthropic, openai]) {
      const r = convert(schema, d);
      expect(r.diagnostics.filter((x) => x.code === 'type-implied').map((x) => x.path)).toEqual(['/properties/a', '/properties/o']);
      expect((r.output as { properties: { e: { type: unknown } } }).properties.e.type).toBe('string');
      const outcome = proveNarrowings(schema, d, [{ o: 'text', a: 5, e: 'x' }]);
      expect(outcome).toMatchObject({ documents: 1, reported: 1, unreported: [] });
    }
  });

  it('a narrowing with its warning is covered; the same refusal without the warning is not', () => {
    const schema = { type: 'object', properties: { v: {} }, required: ['v'] };
    const doc = [{ v: { nested: [1, 2] } }];
    const withWarning = proveNarrowings(schema, openai, doc);
    expect(convert(schema, openai).diagnostics.map((d) => d.code)).toContain('any-value-narrowed');
    expect(withWarning).toMatchObject({ documents: 1, reported: 1, unreported: [] });
    const noWarnings = proveNarrowings(schema, openai, doc, new Set());
    expect(noWarnings.reported).toBe(0);
    expect(noWarnings.unreported).toHaveLength(1);
  });

  it('reads a nullable flag and renamed references as JSON Schema', () => {
    const gemini = dialects.find((d) => d.resolved.rules.some((r) => r.nulls === 'nullable-flag')) as Dialect;
    const spelled = convert({ type: 'object', properties: { n: { $ref: '#/$defs/N' } }, $defs: { N: { type: ['string', 'null'] } } }, gemini).output;
    const read = readSpelling(spelled, gemini) as Record<string, unknown>;
    expect(JSON.stringify(read)).toContain('"$ref":"#/$defs/N"');
    expect(JSON.stringify(read)).toContain('{"type":"null"}');
  });
});

describe('every narrowing is reported', () => {
  for (const dialect of dialects) {
    it(`${dialect.id}: corpus tools`, () => {
      const { unreported, documents } = prove(dialect, corpus());
      expect(documents).toBeGreaterThan(5000);
      expect(unreported).toEqual([]);
    });

    it(`${dialect.id}: conformance cases`, () => {
      const { unreported, documents } = prove(dialect, cases());
      expect(documents).toBeGreaterThan(100);
      expect(unreported).toEqual([]);
    });

    it(`${dialect.id}: generated schemas`, () => {
      const { unreported, documents } = prove(dialect, generated());
      expect(documents).toBeGreaterThan(200);
      expect(unreported).toEqual([]);
    });
  }
});
