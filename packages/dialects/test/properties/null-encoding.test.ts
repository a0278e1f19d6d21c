// Law 3 as the spelled schema shows it: a dialect whose callers send null for an omitted optional
// property (`decodesNulls`) lists every property as required and lets each property the canonical
// schema leaves optional admit null, at every depth, so what its callers send is spelled as valid.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, type Dialect } from '@redouble/dialects';
import { nodePairs } from './description-pairs.js';
import { corpusTools, dialects, runs } from './fixtures.js';
import { anySchema } from './inputs.js';
import { isObject, resolvePointer } from './json-tools.js';

/** Whether a spelled schema admits null, read from its spelling (through local references). */
function admitsNull(root: unknown, schema: unknown, seen = new Set<unknown>()): boolean {
  if (schema === true) return true;
  if (!isObject(schema) || seen.has(schema)) return false;
  seen.add(schema);
  for (const k of ['$ref', 'ref']) {
    const ref = schema[k];
    if (typeof ref === 'string' && ref.startsWith('#') && !admitsNull(root, resolvePointer(root, ref), seen)) return false;
  }
  const t = schema.type;
  const typeOk = t === undefined || t === 'null' || (Array.isArray(t) && t.includes('null')) || schema.nullable === true;
  if (!typeOk) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) return false;
  if ('const' in schema && schema.const !== null) return false;
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((b) => admitsNull(root, b, new Set(seen)))) return false;
  if (Array.isArray(schema.oneOf) && !schema.oneOf.some((b) => admitsNull(root, b, new Set(seen)))) return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every((b) => admitsNull(root, b, new Set(seen)))) return false;
  return true;
}

/** Where the spelling would refuse what a caller of this dialect sends. */
function encodingProblems(schema: unknown, dialect: Dialect): string[] {
  const r = convert(schema, dialect);
  if (!r.ok || r.output === undefined) return [];
  const problems: string[] = [];
  for (const pair of nodePairs(schema, r.output)) {
    const inProps = pair.input.properties;
    const out = pair.outputs[pair.outputs.length - 1] as Record<string, unknown>;
    const outProps = out.properties;
    if (!isObject(inProps) || !isObject(outProps)) continue;
    const inRequired = Array.isArray(pair.input.required) ? pair.input.required : [];
    const outRequired = Array.isArray(out.required) ? out.required : [];
    for (const name of Object.keys(inProps)) {
      if (!Object.prototype.hasOwnProperty.call(outProps, name)) continue;
      if (!outRequired.includes(name)) problems.push(`${pair.path}: "${name}" is not listed in required`);
      if (!inRequired.includes(name) && !admitsNull(r.output, outProps[name])) problems.push(`${pair.path}: optional "${name}" does not admit null: ${JSON.stringify(outProps[name])}`);
    }
  }
  return problems;
}

const nullSenders = dialects.filter((d) => d.decodesNulls);

describe('dialects whose callers send null for an omitted optional', () => {
  it('the rule files hold at least one', () => {
    expect(nullSenders.length).toBeGreaterThan(0);
  });

  for (const dialect of nullSenders) {
    it(`${dialect.id}: every property required, every optional one admits null (generated schemas)`, () => {
      fc.assert(
        fc.property(anySchema, (schema) => {
          expect(encodingProblems(schema, dialect)).toEqual([]);
        }),
        runs(100),
      );
    });

    it(`${dialect.id}: an optional typed union admits null`, () => {
      const schema = { type: 'object', properties: { c: { type: 'string', anyOf: [{ type: 'string', maxLength: 3 }, { type: 'string', pattern: '^x' }] } } };
      expect(encodingProblems(schema, dialect)).toEqual([]);
    });

    it(`${dialect.id}: the same on sampled corpus tools`, () => {
      fc.assert(
        fc.property(fc.constantFrom(...corpusTools()), ({ file, tool }) => {
          expect(encodingProblems(tool.inputSchema, dialect).map((p) => `${file} ${p}`)).toEqual([]);
        }),
        runs(150),
      );
    });
  }
});
