/**
 * The read pass's guards on keyword values (docs/architecture.md, pass 1): values that are not
 * schemas are deep-copied, refusing cycles, non-JSON values and too deep nesting. Separate because
 * every pass copies values and the guards must be the same wherever a value is met.
 */
import { isPlainObject, notJsonReason, put, type JsonObject } from './data.js';
import type { WalkState } from './walk-state.js';
import { at, pointer, fatal } from './walk-paths.js';

/** Checks (and copies) a value that stands at `node[key]`, reporting a fault at that key. */
export function copyAt(s: WalkState, value: unknown, node: JsonObject, key: string): unknown {
  const reason = value === null || typeof value === 'object' ? undefined : notJsonReason(value);
  if (reason) fatal('not-json', reason, at(s, node, key));
  return copy(s, value);
}

/** Deep copy of JSON data (values of non-schema keywords), guarded against cycles and non-JSON values. */
export function copy(s: WalkState, value: unknown, key?: string): unknown {
  // Most copied values are strings (descriptions, types, formats): returned before any other test,
  // since this runs for about every keyword the walk keeps.
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value === null || typeof value !== 'object') {
    const reason = notJsonReason(value);
    if (reason) fatal('not-json', reason, pointer(s, key === undefined ? undefined : [key]));
    return value;
  }
  return copyDeep(s, value, key, s.depth + 1, []);
}

function copyDeep(s: WalkState, value: unknown, key: string | undefined, depth: number, stack: unknown[]): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
    const reason = notJsonReason(value);
    if (reason) fatal('not-json', reason, pointer(s, key === undefined ? undefined : [key]));
    return value;
  }
  if (depth > s.limits.maxDepth) {
    const where = pointer(s, key === undefined ? undefined : [key]);
    if (new Set(stack).size < stack.length || stack.includes(value)) fatal('cyclic-object', 'a value contains itself (a JavaScript object cycle), so it is not JSON data', where);
    fatal('too-deep', `a value nests deeper than ${s.limits.maxDepth} levels`, where);
  }
  stack.push(value);
  let out: unknown;
  if (Array.isArray(value)) {
    // Grown by push, not made as new Array(n) and filled: that gives a holey array, while JSON.parse
    // gives packed ones (of small integers, doubles or other values). The code that reads arrays
    // (sentences, type spelling, counting) then meets one set of array shapes whatever made them,
    // and its optimized form is not thrown away at each shape it had not met yet.
    const arr: unknown[] = [];
    for (let i = 0; i < value.length; i++) arr.push(copyDeep(s, value[i], key, depth + 1, stack));
    out = arr;
  } else {
    if (!isPlainObject(value)) fatal('not-json', notJsonReason(value) ?? 'not JSON data', pointer(s, key === undefined ? undefined : [key]));
    const obj: JsonObject = {};
    for (const k in value) put(obj, k, copyDeep(s, value[k], key, depth + 1, stack));
    out = obj;
  }
  stack.pop();
  return out;
}
