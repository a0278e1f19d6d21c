// Property-based: over generated schemas and documents,
// (a) decoding never widens what is accepted: whatever the judge accepts from a null-sending caller
//     is valid under the canonical schema and is the sent document with some nulls removed, and a
//     document without nulls gets exactly the canonical verdict;
// (b) a canonical document, encoded the way a null-sending caller sends it (every omitted optional
//     property that does not admit null sent as null), decodes back to itself.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = Record<string, unknown>;

// One generated schema node, with what the encoder needs to know about it.
interface Gen {
  schema: Schema;
  admitsNull: boolean;
  pair: fc.Arbitrary<{ doc: Json; enc: Json }>;
}

const NAMES = ['a', 'b', 'c', 'd'];

function leaf(): fc.Arbitrary<Gen> {
  const same = (arb: fc.Arbitrary<Json>) => arb.map((v) => ({ doc: v, enc: v }));
  return fc.oneof(
    fc.integer({ min: 1, max: 40 }).map((max): Gen => ({ schema: { type: 'string', maxLength: max }, admitsNull: false, pair: same(fc.string({ maxLength: max })) })),
    fc.integer({ min: -5, max: 2147483647 }).map((max): Gen => ({ schema: { type: 'integer', maximum: max }, admitsNull: false, pair: same(fc.integer({ min: -100, max })) })),
    fc.constant<Gen>({ schema: { type: 'boolean' }, admitsNull: false, pair: same(fc.boolean()) }),
    fc.constant<Gen>({ schema: { enum: ['x', 'y'] }, admitsNull: false, pair: same(fc.constantFrom('x', 'y')) }),
    fc.constant<Gen>({ schema: { type: ['string', 'null'] }, admitsNull: true, pair: same(fc.option(fc.string({ maxLength: 5 }), { nil: null })) }),
    fc.constant<Gen>({ schema: { anyOf: [{ type: 'number' }, { type: 'null' }] }, admitsNull: true, pair: same(fc.option(fc.integer(), { nil: null })) }),
  );
}

function objectGen(children: fc.Arbitrary<Gen>, prefix: string): fc.Arbitrary<Gen> {
  return fc
    .uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 })
    .chain((names) => fc.tuple(fc.constant(names), fc.array(children, { minLength: names.length, maxLength: names.length }), fc.array(fc.boolean(), { minLength: names.length, maxLength: names.length }), fc.boolean()))
    .map(([names, kids, req, closed]): Gen => {
      const keys = names.map((n) => prefix + n);
      const properties = Object.fromEntries(keys.map((k, i) => [k, kids[i]!.schema]));
      const required = keys.filter((_, i) => req[i]);
      const schema: Schema = { type: 'object', properties, required };
      if (closed) schema['additionalProperties'] = false;
      const slots = keys.map((k, i) =>
        kids[i]!.pair.chain((p) => (req[i] ? fc.constant({ k, p: p as { doc: Json; enc: Json } | undefined }) : fc.option(fc.constant(p), { nil: undefined }).map((o) => ({ k, p: o })))),
      );
      const pair = fc.tuple(...slots).map((entries) => {
        const doc: Record<string, Json> = {};
        const enc: Record<string, Json> = {};
        entries.forEach(({ k, p }, i) => {
          if (p) {
            doc[k] = p.doc;
            enc[k] = p.enc;
          } else if (!kids[i]!.admitsNull) {
            enc[k] = null;
          }
        });
        return { doc: doc as Json, enc: enc as Json };
      });
      return { schema, admitsNull: false, pair };
    });
}

const nodeGen: fc.Memo<Gen> = fc.memo((n) => {
  if (n <= 1) return leaf();
  const child = nodeGen(n - 1);
  return fc.oneof(
    { weight: 3, arbitrary: leaf() },
    { weight: 3, arbitrary: objectGen(child, '') },
    {
      weight: 1,
      arbitrary: child.map((items): Gen => ({
        schema: { type: 'array', items: items.schema },
        admitsNull: false,
        pair: fc.array(items.pair, { maxLength: 3 }).map((ps) => ({ doc: ps.map((p) => p.doc), enc: ps.map((p) => p.enc) })),
      })),
    },
    {
      // Alternatives as a strict dialect has them: closed objects; disjoint names keep them apart.
      weight: 1,
      arbitrary: fc.tuple(objectGen(child, 'l_'), objectGen(child, 'r_')).map(([l, r]): Gen => {
        l.schema['additionalProperties'] = false;
        r.schema['additionalProperties'] = false;
        return { schema: { anyOf: [l.schema, r.schema] }, admitsNull: false, pair: fc.oneof(l.pair, r.pair) };
      }),
    },
  );
});

/** A root object schema; some of its property schemas moved into $defs behind a $ref. */
const rootGen = fc.tuple(objectGen(nodeGen(3), ''), fc.boolean()).map(([g, useRefs]) => {
  const schema: Schema = structuredClone(g.schema);
  if (useRefs) {
    const defs: Record<string, unknown> = {};
    const props = schema['properties'] as Record<string, Schema>;
    for (const [k, v] of Object.entries(props)) {
      if (v['type'] === 'object' || v['anyOf']) {
        defs[`D_${k}`] = v;
        props[k] = { $ref: `#/$defs/D_${k}` };
      }
    }
    schema['$defs'] = defs;
  }
  return { schema, pair: g.pair };
});

const ajv = new Ajv2020({ strict: false });

function onlyNullsRemoved(value: unknown, sent: unknown): boolean {
  if (value === sent) return true;
  if (value === null || sent === null || typeof value !== 'object' || typeof sent !== 'object') return Object.is(value, sent);
  if (Array.isArray(value) || Array.isArray(sent)) {
    return Array.isArray(value) && Array.isArray(sent) && value.length === sent.length && value.every((v, i) => onlyNullsRemoved(v, sent[i]));
  }
  const v = value as Record<string, unknown>;
  const s = sent as Record<string, unknown>;
  return Object.keys(s).every((k) => (k in v ? onlyNullsRemoved(v[k], s[k]) : s[k] === null)) && Object.keys(v).every((k) => k in s);
}

/** Some nulls sprinkled into a document, at any depth. */
function sprinkleNulls(doc: Json, picks: number[]): Json {
  let i = 0;
  const walk = (v: Json): Json => {
    const pick = picks[i++ % picks.length]!;
    if (pick === 0) return null;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, Json> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x);
      if (pick === 1) out[NAMES[i % NAMES.length]!] = null;
      return out;
    }
    return v;
  };
  return walk(doc);
}

describe('decoding nulls, property-based', () => {
  it('(b) an encoded canonical document decodes back to itself', () => {
    fc.assert(
      fc.property(rootGen.chain((r) => fc.tuple(fc.constant(r.schema), r.pair)), ([schema, { doc, enc }]) => {
        expect(ajv.validate(schema, doc)).toBe(true);
        const r = createJudge({ inputSchema: schema }).checkArguments(enc, { decodeNulls: true });
        expect(r).toEqual({ ok: true, value: doc });
      }),
      { numRuns: 150 },
    );
  });

  it('(a) nothing the canonical schema refuses is accepted after decoding', () => {
    const docs = (pair: fc.Arbitrary<{ doc: Json; enc: Json }>) =>
      fc.oneof(
        pair.map((p) => p.enc),
        pair.map((p) => p.doc),
        fc.tuple(pair, fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 8 })).map(([p, picks]) => sprinkleNulls(p.enc, picks)),
        fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 2 })) as fc.Arbitrary<Json>),
      );
    fc.assert(
      fc.property(rootGen.chain((r) => fc.tuple(fc.constant(r.schema), docs(r.pair))), ([schema, sent]) => {
        const judge = createJudge({ inputSchema: schema });
        const canonical = judge.checkArguments(sent, { decodeNulls: false });
        expect(canonical.ok).toBe(ajv.validate(schema, sent));
        const decoded = judge.checkArguments(sent, { decodeNulls: true });
        if (decoded.ok) {
          expect(ajv.validate(schema, decoded.value)).toBe(true);
          expect(onlyNullsRemoved(decoded.value, sent)).toBe(true);
        }
        if (!JSON.stringify(sent).includes('null')) {
          expect(decoded.ok).toBe(canonical.ok);
          if (decoded.ok) expect(decoded.value).toBe(sent);
        }
        if (canonical.ok) expect(decoded.ok).toBe(true);
      }),
      { numRuns: 250 },
    );
  });
});
