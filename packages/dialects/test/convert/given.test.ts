// `given` (docs/rule-format.md): safe per node, reported when it throws everywhere, matched on the
// canonical node or (givenNode: spelled) on the node as the walk spells it, selected in one pass.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { JSONPath } from 'jsonpath-plus';
import { describe, expect, it } from 'vitest';
import { convert, DialectError } from '@redouble/dialects';
import { compileGiven, selectAll } from '../../src/rules/jsonpath.js';
import { codes, dialectFrom } from './helpers.js';

const INTEGER_BOUNDS = `rules:
  - id: bounds-elsewhere
    source: spec
    drop: [minimum]
  - id: integer-bounds
    source: spec
    given: "$..[?(@.type === 'integer')]"
    keep: [minimum]`;

function refusal(body: string): DialectError {
  try {
    dialectFrom(body);
  } catch (err) {
    if (err instanceof DialectError) return err;
    throw err;
  }
  throw new Error('the rule file was accepted');
}

describe('given', () => {
  it('keeps the minimum in the issue\'s example, with and without a null default elsewhere', () => {
    const d = dialectFrom(INTEGER_BOUNDS);
    const withNull = { type: 'object', properties: { i: { type: 'integer', minimum: 1 }, e: { type: 'string', default: null } } };
    const without = { type: 'object', properties: { i: { type: 'integer', minimum: 1 }, e: { type: 'string' } } };
    for (const input of [withNull, without]) {
      const r = convert(input, d);
      expect((r.output as any).properties.i).toEqual({ type: 'integer', minimum: 1 });
      expect(r.diagnostics).toEqual([]);
    }
    // a number elsewhere still loses its minimum: the rule selects integers only
    const mixed = convert({ type: 'object', properties: { n: { type: 'number', minimum: 2, default: null }, i: { type: 'integer', minimum: 1 } } }, d);
    expect(mixed.output).toEqual({ type: 'object', properties: { n: { type: 'number', default: null }, i: { type: 'integer', minimum: 1 } } });
    expect(codes(mixed.diagnostics)).toEqual(['rule-lost']);
  });

  it('treats a throw on one node as a non-match for that node only', () => {
    // `@.type.startsWith` throws wherever there is no type (the properties map, the typeless node)
    const d = dialectFrom(`rules:\n  - id: g\n    source: spec\n    given: "$..[?(@.type.startsWith('int'))]"\n    drop: [minimum]`);
    const r = convert({ type: 'object', properties: { i: { type: 'integer', minimum: 1 }, any: { minimum: 3 }, s: { type: 'string', enum: [null, 'a'] } } }, d);
    expect(r.output).toEqual({ type: 'object', properties: { i: { type: 'integer' }, any: { minimum: 3 }, s: { type: 'string', enum: ['a'] } } });
    expect(codes(r.diagnostics)).toEqual(['rule-lost']);
  });

  it('reports an expression that throws on every node it is tried on, once per schema', () => {
    const d = dialectFrom(`rules:\n  - id: string-items\n    source: spec\n    given: "$..[?(@.items.type === 'string')]"\n    drop: [maxItems]`);
    const none = convert({ type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } } }, d);
    expect(none.diagnostics).toEqual([
      {
        code: 'given-failed',
        severity: 'warning',
        message: `rule "string-items": its given $..[?(@.items.type === 'string')] threw on every node it was tried on (3), so the rule applied nowhere in this schema: Cannot read properties of undefined (reading 'type')`,
        path: '',
      },
    ]);
    // where some node has items, the expression works: no report, and the rule applies
    const some = convert({ type: 'object', properties: { l: { type: 'array', items: { type: 'string' }, maxItems: 2 }, b: { type: 'string' } } }, d);
    expect(codes(some.diagnostics)).toEqual(['rule-lost']);
    expect((some.output as any).properties.l).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('refuses at load an expression outside the evaluator\'s subset, and accepts typeof, includes and startsWith', () => {
    const err = refusal(`rules:\n  - id: g\n    source: spec\n    given: "$..[?(Array.isArray(@.type))]"\n    drop: [minimum]`);
    expect(err.diagnostics.map((x) => x.message)).toEqual([
      "given: it throws on every node of a sample schema: Array is not defined (the safe evaluator's subset: docs/rule-format.md)",
    ]);
    expect(err.diagnostics[0]?.path).toMatch(/:15:12$/);
    const d = dialectFrom(`rules:
  - id: g
    source: spec
    given: "$..[?(typeof @.type === 'string' && ['integer', 'number'].includes(@.type) && @property.startsWith('n'))]"
    drop: [minimum]`);
    const r = convert({ type: 'object', properties: { n1: { type: 'integer', minimum: 1 }, n2: { type: ['integer', 'null'], minimum: 1 }, x: { type: 'number', minimum: 1 } } }, d);
    expect(r.output).toEqual({ type: 'object', properties: { n1: { type: 'integer' }, n2: { type: ['integer', 'null'], minimum: 1 }, x: { type: 'number', minimum: 1 } } });
  });

  it('matches the canonical node by default, and the node as spelled with givenNode: spelled', () => {
    // a maxLength beside a $ref whose target has a pattern: only inlining puts the two together
    const input = { type: 'object', properties: { a: { $ref: '#/$defs/P', maxLength: 5 }, b: { type: 'string', maxLength: 9 } }, $defs: { P: { type: 'string', pattern: '^x' } } };
    const rules = (on: string) => `rules:
  - id: refs
    source: spec
    references: { mode: inline }
  - id: no-lengths
    source: spec
    drop: [maxLength]
  - id: lengths-with-patterns
    source: spec
    given: "$..[?(@.pattern && @.maxLength)]"${on}
    keep: [maxLength]`;
    const canonical = convert(input, dialectFrom(rules('')));
    expect((canonical.output as any).properties.a).toEqual({ type: 'string', pattern: '^x' });
    const spelled = convert(input, dialectFrom(rules('\n    givenNode: spelled')));
    expect((spelled.output as any).properties).toEqual({ a: { type: 'string', pattern: '^x', maxLength: 5 }, b: { type: 'string' } });
    // allOf merging builds a new node: a canonical rule still holds for the node it selected
    const merged = convert({ type: 'object', properties: { m: { type: 'string', maxLength: 3, pattern: '^y', allOf: [{ minLength: 1 }] } } }, dialectFrom(`${rules('')}\n  - id: merge\n    source: spec\n    allOf: merge`));
    expect((merged.output as any).properties.m).toEqual({ type: 'string', maxLength: 3, pattern: '^y', minLength: 1 });
  });

  it('refuses givenNode without given, and a spelled given that is not one filter over every node', () => {
    expect(refusal(`rules:\n  - id: g\n    source: spec\n    givenNode: spelled\n    drop: [minimum]`).diagnostics[0]?.message).toContain('givenNode goes with a given expression');
    expect(refusal(`rules:\n  - id: g\n    source: spec\n    given: "$.properties[?(@.type)]"\n    givenNode: spelled\n    drop: [minimum]`).diagnostics[0]?.message).toBe(
      'given on the spelled node must be one filter over every node, $..[?(...)] (without @path)',
    );
  });

  it('selects in one pass exactly what jsonpath-plus selects, on a quarter of the corpus tools', () => {
    const exprs = [
      "$..[?(@.type === 'integer')]",
      "$..[?(@property === 'items' || (@parent && @parent.type === 'array'))]",
      "$..[?(@.description && @.description.length > 40)]",
      "$..[?(@parentProperty === 'properties' && @.enum)]",
      "$.properties[?(@property.startsWith('a'))]",
    ];
    const givens = exprs.map(compileGiven);
    expect(givens.map((g) => g.filter !== undefined)).toEqual([true, true, true, true, false]);
    const toolsDir = fileURLToPath(new URL('../../../../corpus/tools/', import.meta.url));
    let compared = 0;
    let selected = 0;
    const mismatches: string[] = [];
    for (const server of readdirSync(toolsDir)) {
      // a quarter of the tools: the comparison runs jsonpath-plus five times per schema
      for (const f of readdirSync(toolsDir + server).filter((x, n) => x.endsWith('.json') && n % 4 === 0)) {
        const tool = JSON.parse(readFileSync(`${toolsDir}${server}/${f}`, 'utf8'));
        const schema = tool.inputSchema;
        const { sets } = selectAll(schema, givens, 256);
        exprs.forEach((expr, i) => {
          const found = JSONPath({ path: expr, json: schema, wrap: true, eval: 'safe', ignoreEvalErrors: true }) as unknown[];
          const expected = new Set(found.filter((n) => n !== null && typeof n === 'object'));
          const got = sets[i] as Set<object>;
          // identity comparison (toEqual on sets of schemas is slow and compares by value)
          if (got.size !== expected.size || [...got].some((n) => !expected.has(n))) mismatches.push(`${server}/${f} ${expr}: ${got.size} vs ${expected.size}`);
          selected += got.size;
        });
        compared++;
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(200);
    expect(selected).toBeGreaterThan(250);
  });

  it('means what the safe evaluator means, through compiled closures or its fallback', () => {
    const doc = {
      type: 'object',
      properties: {
        a: { type: 'string', pattern: '^a', enum: ['x', 'y'], default: null },
        b: { type: ['integer', 'null'], minimum: 2, examples: [[1], { k: 1 }] },
        c: { $ref: '#/$defs/C', description: 'Hello there' },
        toString: { type: 'boolean' },
      },
      $defs: { C: { type: 'array', items: { type: 'number' }, minItems: 0 } },
    };
    const exprs = [
      "$..[?(@.type.toUpperCase() === 'STRING')]", // a method outside the compiled subset
      '$..[?(@.constructor)]', // a prototype member: refused by the evaluator
      '$..[?(@.enum && @.enum.length > 1)]',
      '$..[?(@.minimum !== undefined && -@.minimum < 0)]',
      "$..[?(/^[a-c]$/.test(@property) && typeof @.type === 'string')]",
      "$..[?(@['$ref'] && @['$ref'].startsWith('#/$defs/'))]",
      "$..[?(@property === 'toString' || (@.description && @.description.slice(0, 5) === 'Hello'))]",
      "$..[?(Array.isArray(@) ? true : @.type === 'number')]",
      "$..[?(@.minItems === 0 ? @.items.type === 'number' : false)]",
      "$..[?([1, 2].includes(@.minimum) || @.default === null)]",
    ];
    const givens = exprs.map(compileGiven);
    const { sets, counts } = selectAll(doc, givens, 256);
    exprs.forEach((expr, i) => {
      const found = JSONPath({ path: expr, json: doc, wrap: true, eval: 'safe', ignoreEvalErrors: true }) as unknown[];
      expect(sets[i], expr).toEqual(new Set(found.filter((n) => n !== null && typeof n === 'object')));
    });
    expect(sets.map((x) => x.size)).toEqual([1, 0, 1, 1, 1, 1, 2, 0, 1, 2]);
    // the prototype member and the missing Array threw on every node, so both would be reported
    expect(counts.map((c) => c.tried > 0 && c.threw === c.tried)).toEqual([false, true, false, false, false, false, false, true, false, false]);
  });
});
