// The official JSON-Schema-Test-Suite (required files, 2020-12 and draft-07) run through the judge,
// once as a canonical caller and once as a caller whose dialect sends nulls: decoding must never
// change a verdict on a document that holds no null.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../src/judge/create-judge.js';

const suite = join(import.meta.dirname, '../../../../corpus/json-schema-test-suite/tests');

// Whole files left out, and why.
const SKIPPED_FILES: Record<string, string> = {
  'refRemote.json': 'needs the remotes served at http://localhost:1234; nothing is fetched',
  'vocabulary.json': 'custom meta-schemas are remote documents',
};

// Single cases left out: documented gaps of Ajv 8, or a deliberate choice of the judge. In
// dynamicRef.json the judge passes the cases where a $dynamicRef stays in one resource (it reads it
// as $ref, judge/ajv-reading.ts); those that need a dynamic scope across resources are Ajv's gap.
const SKIPPED_CASES: Record<string, string> = {
  'A $dynamicRef resolves to the first $dynamicAnchor still in scope that is encountered when the schema is evaluated': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'A $dynamicRef without anchor in fragment behaves identical to $ref': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  "A $dynamicRef with intermediate scopes that don't include a matching $dynamicAnchor does not affect dynamic scope resolution": "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'An $anchor with the same name as a $dynamicAnchor is not used for dynamic scope resolution': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'A $dynamicRef without a matching $dynamicAnchor in the same schema resource behaves like a normal $ref to $anchor': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'A $dynamicRef with a non-matching $dynamicAnchor in the same schema resource behaves like a normal $ref to $anchor': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'A $dynamicRef that initially resolves to a schema with a matching $dynamicAnchor resolves to the first $dynamicAnchor in the dynamic scope': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'A $dynamicRef that initially resolves to a schema without a matching $dynamicAnchor behaves like a normal $ref to $anchor': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'multiple dynamic paths to the $dynamicRef keyword': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'after leaving a dynamic scope, it is not used by a $dynamicRef': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'strict-tree schema, guards against misspelled properties': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'tests for implementation dynamic anchor and reference link': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  '$ref and $dynamicAnchor are independent of order - $defs first': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  '$ref and $dynamicAnchor are independent of order - $ref first': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  '$ref to $dynamicRef finds detached $dynamicAnchor': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  '$dynamicRef skips over intermediate resources - direct reference': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  '$dynamicRef avoids the root of each schema, but scopes are still registered': "Ajv's $dynamicRef limits (dynamic scope across resources)",
  'refs with relative uris and defs': 'Ajv compile overflows the stack on this $id/$ref layout',
  'relative refs with absolute uris and defs': 'Ajv compile overflows the stack on this $id/$ref layout',
  'URN ref with nested pointer ref': 'Ajv compile overflows the stack on this $id/$ref layout',
  'unevaluatedItems with nested items': 'Ajv unevaluatedItems gap',
  'unevaluatedItems depends on adjacent contains': 'Ajv unevaluatedItems + contains gap (skipped by Ajv too)',
  'unevaluatedItems depends on multiple nested contains': 'Ajv unevaluatedItems + contains gap (skipped by Ajv too)',
  'unevaluatedItems and contains interact to control item dependency relationship': 'Ajv unevaluatedItems + contains gap',
  'unevaluatedItems with minContains = 0': 'Ajv unevaluatedItems + contains gap',
  'unevaluatedItems can see annotations from if without then and else': 'Ajv unevaluated* + if gap',
  'unevaluatedProperties can see annotations from if without then and else': 'Ajv unevaluated* + if gap',
  'unevaluatedProperties with if/then/else, then not defined': 'Ajv gap (skipped by Ajv too)',
  'unevaluatedItems with $dynamicRef': "Ajv's $dynamicRef limits",
  // Refused by lint's judge-reads and not compiled (judge/judge-gaps.ts): the suite's tests of this
  // shape pass in Ajv, but the same shape measured otherwise does not (round 27).
  'dynamic evalation inside nested refs': 'refused (judge-reads): patternProperties in some branches of a oneOf and not others',
  'unevaluatedProperties with $dynamicRef': "Ajv's $dynamicRef limits",
};

// Optional files the judge must pass too (issue 12: numbers as JSON means them). The high-precision
// comparisons in bignum.json pass because both sides round to the same double in JSON.parse; none
// is skipped.
const OPTIONAL_FILES = ['bignum.json', 'float-overflow.json'];

// The judge asserts `format` (a model must be told "must be an ISO-8601 date"), where 2020-12
// makes it an annotation by default: these tests expect the opposite on purpose.
const FORMAT_ANNOTATION_ONLY = /is only an annotation by default/;

interface SuiteCase {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

const hasNull = (v: unknown): boolean => JSON.stringify(v)?.includes('null') ?? false;

for (const [dir, draft] of [
  ['draft2020-12', '2020-12'],
  ['draft7', 'draft-07'],
] as const) {
  describe(`JSON-Schema-Test-Suite ${dir}`, () => {
    const required = readdirSync(join(suite, dir)).filter((f) => f.endsWith('.json')).sort();
    it('has the required files', () => {
      expect(required.length).toBeGreaterThanOrEqual(dir === 'draft7' ? 37 : 46);
    });
    const files = [...required, ...OPTIONAL_FILES.map((f) => `optional/${f}`)];
    for (const file of files) {
      if (SKIPPED_FILES[file]) continue;
      const cases = JSON.parse(readFileSync(join(suite, dir, file), 'utf8')) as SuiteCase[];
      it(file, () => {
        let judged = 0;
        for (const c of cases) {
          if (SKIPPED_CASES[c.description]) continue;
          // A property-escape pattern runs in the worker: a generous time, so a busy machine never decides.
          const judge = createJudge({ inputSchema: c.schema }, { requireObjectArguments: false, defaultDraft: draft, patternTimeLimitMs: 10_000 });
          for (const t of c.tests) {
            if (FORMAT_ANNOTATION_ONLY.test(t.description)) continue;
            const canonical = judge.checkArguments(t.data, { decodeNulls: false });
            expect(canonical.ok, `${c.description} / ${t.description}`).toBe(t.valid);
            const decoding = judge.checkArguments(t.data, { decodeNulls: true });
            if (!hasNull(t.data)) {
              expect(decoding.ok, `decoding changed the verdict: ${c.description} / ${t.description}`).toBe(canonical.ok);
              if (decoding.ok) expect(decoding.value).toBe(t.data);
            }
            judged++;
          }
        }
        expect(judged).toBeGreaterThan(0);
      });
    }
    it('still answers (never throws) on the skipped cases', () => {
      for (const file of files) {
        if (SKIPPED_FILES[file]) continue;
        const cases = JSON.parse(readFileSync(join(suite, dir, file), 'utf8')) as SuiteCase[];
        for (const c of cases.filter((c) => SKIPPED_CASES[c.description])) {
          const judge = createJudge({ inputSchema: c.schema }, { requireObjectArguments: false, defaultDraft: draft });
          for (const t of c.tests) expect(typeof judge.checkArguments(t.data, { decodeNulls: true }).ok).toBe('boolean');
        }
      }
    });
  });
}
