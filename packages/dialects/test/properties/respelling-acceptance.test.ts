// Law 1, for every loaded dialect whose rules only re-spell (references inlined or re-spelled in
// standard JSON Schema, boolean subschemas as objects, meta keywords and annotations dropped, a root
// rule): on acyclic object-rooted schemas whose root holds only what that root rule admits, the
// output accepts exactly what the canonical schema accepts. Which dialects qualify is read from the
// rule files, so a new re-spelling dialect is covered without naming it here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dialect, Rule } from '@redouble/dialects';
import { compareAcceptance } from './acceptance.js';
import { dialects, runs } from './fixtures.js';
import { isObject } from './json-tools.js';
import { instanceArbitrary, schemaArbitrary, toDraft07 } from './schema-arbitrary.js';

/** Keywords whose removal never changes acceptance (meta keywords and annotations). */
const HARMLESS = new Set(['$schema', '$id', '$anchor', '$dynamicAnchor', '$comment', '$vocabulary', 'title', 'description', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'default']);
const RULE_FIELDS = new Set(['id', 'source', 'description', 'scope', 'given']);

function actionOf(rule: Rule): string {
  return Object.keys(rule).find((k) => !RULE_FIELDS.has(k)) ?? '';
}

/** The root keywords the dialect admits, or undefined when it only re-spells; false when it does more. */
function respelling(dialect: Dialect): { rootKeywords: readonly string[] | undefined } | false {
  if (dialect.resolved.otherKeywords !== 'keep') return false;
  let rootKeywords: readonly string[] | undefined;
  for (const rule of dialect.resolved.rules) {
    const action = actionOf(rule);
    if (action === 'booleanSchemas') continue;
    if (action === 'drop' && (rule.drop ?? []).every((k) => HARMLESS.has(k) || k === '$dynamicRef')) continue;
    if (action === 'references') {
      const r = rule.references;
      if (r && (r.refKeyword ?? '$ref') === '$ref' && (r.definitionsKeyword ?? '$defs') === '$defs') continue;
      return false;
    }
    if (action === 'root') {
      rootKeywords = rule.root?.keywords;
      continue;
    }
    return false;
  }
  return { rootKeywords };
}

const qualifying = dialects.flatMap((d) => {
  const r = respelling(d);
  return r ? [{ dialect: d, rootKeywords: r.rootKeywords }] : [];
});

/** Acyclic schemas with an object root holding only the admitted root keywords (plus definitions and annotations). */
function schemasFor(rootKeywords: readonly string[] | undefined): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom('none', 'acyclic' as const), fc.boolean())
    .chain(([refs, draft07]) => schemaArbitrary({ refs, depth: 3 }).map((s) => (draft07 ? toDraft07(s) : s)))
    .map((s) => {
      const root: Record<string, unknown> = isObject(s) ? { ...s, type: 'object' } : { type: 'object', properties: { v: s } };
      if (rootKeywords === undefined) return root;
      const admitted = new Set([...rootKeywords, '$defs', 'definitions', ...HARMLESS]);
      for (const k of Object.keys(root)) if (!admitted.has(k)) delete root[k];
      return root;
    });
}

describe('dialects that only re-spell keep acceptance', () => {
  it('the rule files hold at least one such dialect besides the identity', () => {
    expect(qualifying.filter((q) => q.dialect.resolved.rules.length > 0).length).toBeGreaterThan(0);
  });

  for (const { dialect, rootKeywords } of qualifying) {
    it(`${dialect.id}: equal verdicts on generated schemas and values`, () => {
      let compared = 0;
      let total = 0;
      const cases = schemasFor(rootKeywords).chain((s) => fc.tuple(fc.constant(s), fc.array(instanceArbitrary(s, s), { minLength: 6, maxLength: 12 })));
      fc.assert(
        fc.property(cases, ([schema, instances]) => {
          total++;
          const outcome = compareAcceptance(schema, dialect, instances);
          if (outcome.compared) compared++;
          expect(outcome.disagreements).toEqual([]);
        }),
        runs(60),
      );
      expect(compared).toBeGreaterThan(total / 2);
    });
  }
});
