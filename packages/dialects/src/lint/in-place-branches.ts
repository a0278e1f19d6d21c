/**
 * The subschemas an object schema applies to the same value, in place: allOf, anyOf and oneOf
 * branches, then and else, dependentSchemas (and draft-07 object dependencies) entries, and the
 * schemas they apply in turn, a local `$ref` among them ("#/$defs/Base", looked up from the
 * document root). Its `additionalProperties` sees none of the names they declare: JSON Schema's
 * most common closure mistake (`allOf: [{$ref: Base}]` beside `additionalProperties: false`).
 * `always` says the branch applies to every value (an allOf chain), so its `required` always holds.
 * A reference that is not a plain local pointer, or that cannot be resolved, is not followed here
 * (json-schema.tool-schema.valid reports the unresolved ones).
 */
import { fragmentToPointer, getAt, join } from '../json-pointer.js';
import { isRecord } from './is-record.js';

export interface InPlaceBranch {
  node: Record<string, unknown>;
  /** Pointer of the branch in the document (a reference's target where one was followed). */
  path: string;
  /** How it is reached from the object, in words: "allOf", "then", "anyOf branch 2". */
  via: string;
  always: boolean;
}

/** Branches nested deeper than this are not followed: a bound for hostile input, not met in practice. */
const MAX_NESTED = 32;

/** `documentPath`: the pointer of `document` (the schema root) in the input. */
export function inPlaceBranches(node: Record<string, unknown>, at: string, document: unknown, documentPath: string): InPlaceBranch[] {
  const found: InPlaceBranch[] = [];
  const seen = new Set<object>([node]);
  const visit = (from: Record<string, unknown>, fromAt: string, always: boolean, depth: number): void => {
    if (depth > MAX_NESTED) return;
    const add = (branch: unknown, path: string, via: string, stillAlways: boolean): void => {
      if (!isRecord(branch) || seen.has(branch)) return;
      seen.add(branch);
      found.push({ node: branch, path, via, always: stillAlways });
      visit(branch, path, stillAlways, depth + 1);
    };
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = from[k];
      if (!Array.isArray(list)) continue;
      list.forEach((b, i) => add(b, join(join(fromAt, k), i), list.length === 1 || k === 'allOf' ? k : `${k} branch ${i + 1}`, always && (k === 'allOf' || list.length === 1)));
    }
    for (const k of ['then', 'else'] as const) add(from[k], join(fromAt, k), k, false);
    for (const k of ['dependentSchemas', 'dependencies'] as const) {
      const map = from[k];
      if (!isRecord(map)) continue;
      for (const name in map) add(map[name], join(join(fromAt, k), name), `${k} of ${name}`, false);
    }
    const ref = from.$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) {
      const pointer = fragmentToPointer(ref.slice(1));
      if (pointer !== undefined) add(getAt(document, pointer), `${documentPath}${pointer}`, `$ref ${ref}`, always);
    }
  };
  visit(node, at, true, 0);
  return found;
}
