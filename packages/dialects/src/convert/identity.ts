/**
 * The identity dialect's fast path: one guarded deep copy of the whole input, with no keyword
 * machinery. Anything unusual (a `$ref` to check, a declared `$schema`, a value that is not JSON,
 * nesting past the guard) sends the input back to the full walk, which reports it with its path.
 */
import { isPlainObject, put, type JsonObject } from './data.js';

const BAIL = Symbol('bail');
const KNOWN_DRAFT = /^https?:\/\/json-schema\.org\/(draft-07\/schema|draft\/2020-12\/schema)#?$/;

export interface IdentityCopy {
  output: unknown;
  /** A `$ref`, or a `$schema` other than 2020-12 / draft-07, was seen: the schemas need the full walk's checks. */
  needsChecks: boolean;
}

export function identityCopy(input: unknown, maxDepth: number): IdentityCopy | undefined {
  let needsChecks = false;
  const copy = (v: unknown, depth: number): unknown => {
    if (typeof v !== 'object') {
      if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) return v;
      throw BAIL;
    }
    if (v === null) return null;
    if (depth > maxDepth) throw BAIL;
    if (Array.isArray(v)) {
      const n = v.length;
      const a: unknown[] = new Array(n);
      for (let i = 0; i < n; i++) a[i] = copy(v[i], depth + 1);
      return a;
    }
    if (!isPlainObject(v)) throw BAIL;
    const o: JsonObject = {};
    for (const k in v) {
      const x = copy(v[k], depth + 1);
      if (k === '__proto__') put(o, k, x);
      else {
        if (k === '$ref' || (k === '$schema' && !(typeof x === 'string' && KNOWN_DRAFT.test(x)))) needsChecks = true;
        o[k] = x;
      }
    }
    return o;
  };
  try {
    return { output: copy(input, 1), needsChecks };
  } catch (err) {
    if (err === BAIL) return undefined;
    throw err;
  }
}
