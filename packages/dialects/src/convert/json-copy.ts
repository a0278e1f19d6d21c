/**
 * The one guarded deep copy of JSON data: keyword values the walk keeps (walk-copy.ts), a Tool's
 * fields beside its schemas (convert.ts) and rule-file data (copyPlain in node-rules.ts). It refuses what is not JSON data, a cycle
 * and nesting past the depth guard by throwing a `NotJson` that carries no path: each caller
 * knows where the value stands and reports it there. (The identity dialect's copy in identity.ts
 * is another job: it gives up instead of reporting, and notes `$ref` and `$schema` as it goes.)
 */
import { isPlainObject, notJsonReason, put, type JsonObject } from './data.js';

export type NotJsonCode = 'not-json' | 'cyclic-object' | 'too-deep';

/** Why a copy stopped. Not an Error: a fault is an answer here, and needs no stack trace. */
export class NotJson {
  constructor(
    readonly code: NotJsonCode,
    readonly message: string,
  ) {}
}

/**
 * A deep copy of `value`, which stands at nesting depth `depth` (past `maxDepth` the copy stops);
 * `stack` holds the objects being copied around it, empty at the top. Throws `NotJson`.
 */
export function copyJsonData(value: unknown, depth: number, maxDepth: number, stack: unknown[]): unknown {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
    const reason = notJsonReason(value);
    if (reason) throw new NotJson('not-json', reason);
    return value;
  }
  if (depth > maxDepth) {
    // Only here is the stack searched: a cycle is unbounded nesting, met at the guard. An object
    // that repeats in the stack is a cycle even when the value at the guard is not one of them.
    if (new Set(stack).size < stack.length || stack.includes(value)) throw new NotJson('cyclic-object', 'a value contains itself (a JavaScript object cycle), so it is not JSON data');
    throw new NotJson('too-deep', `a value nests deeper than ${maxDepth} levels`);
  }
  stack.push(value);
  let out: unknown;
  if (Array.isArray(value)) {
    // Grown by push, not made as new Array(n) and filled: that gives a holey array, while JSON.parse
    // gives packed ones (of small integers, doubles or other values). The code that reads arrays
    // (sentences, type spelling, counting) then meets one set of array shapes whatever made them,
    // and its optimized form is not thrown away at each shape it had not met yet.
    const arr: unknown[] = [];
    for (let i = 0; i < value.length; i++) arr.push(copyJsonData(value[i], depth + 1, maxDepth, stack));
    out = arr;
  } else {
    if (!isPlainObject(value)) throw new NotJson('not-json', notJsonReason(value) ?? 'not JSON data');
    const obj: JsonObject = {};
    for (const k in value) put(obj, k, copyJsonData(value[k], depth + 1, maxDepth, stack));
    out = obj;
  }
  stack.pop();
  return out;
}
