/**
 * Visits every subschema of a JSON Schema (2020-12 or draft-07 keywords), with its pointer.
 * Only schema positions are visited: values of `enum`, `const`, `default`, `examples` and unknown
 * keywords are data, and property names are names, not keywords.
 */
import { join } from '../json-pointer.js';
import { isRecord } from './is-record.js';

const SINGLE = new Set([
  'additionalProperties', 'propertyNames', 'additionalItems', 'contains', 'not', 'if', 'then', 'else',
  'unevaluatedItems', 'unevaluatedProperties', 'contentSchema',
]);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAP = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/** Nesting beyond this is not walked: hostile input must not exhaust the stack of later passes. */
export const MAX_DEPTH = 200;

export interface WalkProblem {
  /** `too-big`: past the linter's size or depth bound (measure.ts), so not walked at all. */
  kind: 'too-deep' | 'cycle' | 'too-big';
  path: string;
  message?: string;
}

/** Returns the context its children see (e.g. the base URI after an `$id`). */
export type Visit<C> = (node: Record<string, unknown>, path: string, depth: number, context: C) => C;

/** Calls `visit` for every object subschema, parents before children, in key order. */
export function walkSchema<C = undefined>(schema: unknown, path: string, visit: Visit<C>, initial?: C): WalkProblem | undefined {
  const ancestors = new Set<object>();
  let problem: WalkProblem | undefined;

  const walk = (node: unknown, at: string, depth: number, outer: C): void => {
    if (problem || !isRecord(node)) return;
    if (depth > MAX_DEPTH) {
      problem = { kind: 'too-deep', path: at };
      return;
    }
    if (ancestors.has(node)) {
      problem = { kind: 'cycle', path: at };
      return;
    }
    ancestors.add(node);
    const context = visit(node, at, depth, outer);
    for (const key of Object.keys(node)) {
      const value = node[key];
      if (key === 'items') {
        if (Array.isArray(value)) value.forEach((v, i) => walk(v, join(join(at, key), i), depth + 1, context));
        else walk(value, join(at, key), depth + 1, context);
      } else if (SINGLE.has(key)) {
        walk(value, join(at, key), depth + 1, context);
      } else if (LIST.has(key)) {
        if (Array.isArray(value)) value.forEach((v, i) => walk(v, join(join(at, key), i), depth + 1, context));
      } else if (MAP.has(key) && isRecord(value)) {
        for (const name of Object.keys(value)) walk(value[name], join(join(at, key), name), depth + 1, context);
      }
    }
    ancestors.delete(node);
  };

  walk(schema, path, 0, initial as C);
  return problem;
}
