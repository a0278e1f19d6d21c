/**
 * The identity dialect's fast path: one guarded deep copy of the whole input, with no keyword
 * machinery. Anything unusual (a value that is not JSON, nesting past the guard, a `$schema` the
 * meta-schema check does not read (lint/dialect.ts), a reference that does not resolve cleanly)
 * sends the schema to the full walk, which reports it with its path.
 */
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import { RefIndex } from './refs.js';
import { draftOf } from './drafts.js';
import { declaredDialect } from '../lint/dialect.js';

const BAIL = Symbol('bail');

export interface IdentityCopy {
  output: unknown;
  /** A `$ref` or `$dynamicRef` key was seen somewhere. */
  sawRef: boolean;
  /** A `$schema` other than 2020-12 / draft-07 was seen: the full walk reports it. */
  oddSchema: boolean;
}

interface CopyState {
  maxDepth: number;
  /** Objects and arrays still to copy before the full walk takes over (it counts and refuses exactly). */
  budget: number;
  sawRef: boolean;
  oddSchema: boolean;
}

// A module-level function, not a closure per call: after a full GC, fresh closures cost more
// than the copy itself.
function copyValue(v: unknown, depth: number, state: CopyState): unknown {
  if (typeof v !== 'object') {
    if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v;
    throw BAIL;
  }
  if (v === null) return null;
  // An object graph that reuses a subschema (a DAG) copies it once per use: a few dozen levels of
  // reuse would copy millions, so past the size cap the full walk, which refuses it, takes over.
  if (depth > state.maxDepth || --state.budget < 0) throw BAIL;
  if (Array.isArray(v)) {
    const n = v.length;
    // Grown by push, so it has the shape a parsed array has (see copyJsonData in json-copy.ts).
    const a: unknown[] = [];
    for (let i = 0; i < n; i++) a.push(copyValue(v[i], depth + 1, state));
    return a;
  }
  if (!isPlainObject(v)) throw BAIL;
  const o: JsonObject = {};
  for (const k in v) {
    const x = copyValue(v[k], depth + 1, state);
    if (k === '__proto__') put(o, k, x);
    else {
      if (k === '$ref' || k === '$dynamicRef') state.sawRef = true;
      else if (k === '$schema' && declaredDialect(x) === undefined) state.oddSchema = true;
      o[k] = x;
    }
  }
  return o;
}

export function identityCopy(input: unknown, maxDepth: number, maxNodes: number): IdentityCopy | undefined {
  const state: CopyState = { maxDepth, budget: maxNodes, sawRef: false, oddSchema: false };
  try {
    const output = copyValue(input, 1, state);
    return { output, sawRef: state.sawRef, oddSchema: state.oddSchema };
  } catch (err) {
    if (err === BAIL) return undefined;
    throw err;
  }
}

/**
 * True when every `$ref` string in the schema resolves locally, no chain of bare references
 * loops, and there is no `$dynamicRef`: then the identity has nothing to report about references.
 */
export function refsResolveCleanly(schema: unknown): boolean {
  // Anchors are read as the document's draft declares them (refs.ts).
  const declared = isPlainObject(schema) && hasOwn(schema, '$schema') ? schema.$schema : undefined;
  const index = new RefIndex(schema, draftOf(declared) === 'draft-07');
  const stack: unknown[] = [schema];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
      continue;
    }
    const o = v as JsonObject;
    // A `$dynamicRef` is checked by the walk (a dangling or external one is reported there).
    if (typeof o.$dynamicRef === 'string') return false;
    if (typeof o.$ref === 'string') {
      // References in a document of several resources are read by base URI: the walk reads them.
      if (index.embedsResources) return false;
      const r = index.resolve(o.$ref);
      if (r.kind !== 'local') return false;
      // a target that is itself a reference, or holds an allOf, may start a loop: let the full walk decide
      if (isPlainObject(r.target.node) && (typeof r.target.node.$ref === 'string' || hasOwn(r.target.node, 'allOf'))) return false;
    }
    for (const k in o) stack.push(o[k]);
  }
  return true;
}
