/**
 * JSON data handling shared by the walk: own-property writes that treat `__proto__` as data, a
 * guarded deep copy (depth, cycles, non-JSON values) and the fatal stop.
 */
import type { Diagnostic } from '../diagnostics.js';

export type JsonObject = Record<string, unknown>;

/** A condition that stops the whole conversion; its diagnostic says which and where. */
export class Fatal extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/** Writes an own data property, also for the key `__proto__` (plain assignment would set the prototype). */
export function put(obj: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

const hasOwnProperty = Object.prototype.hasOwnProperty;

export function hasOwn(obj: object, key: string): boolean {
  return hasOwnProperty.call(obj, key);
}

/**
 * The own value of `key`, or undefined: what `obj[key]` gives for JSON data (no schema keyword is
 * a member of Object.prototype). Why: schema objects come in hundreds of shapes, so reading a key
 * one of them lacks is a megamorphic miss (~40 ns each over the corpus, the largest share of a
 * strict dialect's walk), while hasOwnProperty answers in a few ns. For keys most nodes lack.
 */
export function own(obj: object, key: string): unknown {
  return hasOwnProperty.call(obj, key) ? (obj as JsonObject)[key] : undefined;
}

/**
 * A copy of a token list for the walk to push onto. Built from a list that holds a string (so an
 * array of strings from the start): a bare `[]` or a spread of an empty list (the root's tokens)
 * gives an array of another elements kind, and the first push onto it changed its map under the
 * optimized walk, which was then thrown away and compiled again during later passes.
 */
export function tokenList(src: readonly string[]): string[] {
  const out = [''];
  out.length = 0;
  for (let i = 0; i < src.length; i++) out.push(src[i] as string);
  return out;
}

export function isPlainObject(v: unknown): v is JsonObject {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Why a value is not JSON data, or undefined when it is a JSON scalar. */
export function notJsonReason(v: unknown): string | undefined {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      // JSON.parse reads a numeral past the double range (1e400) as Infinity: say so, since nobody wrote "Infinity".
      return Number.isFinite(v) ? undefined : Number.isNaN(v) ? 'the number NaN is not JSON' : `the number ${String(v)} is not JSON (a numeral past ±1.8e308, such as 1e400, reads as ${String(v)})`;
    case 'undefined':
      return 'undefined is not a JSON value';
    case 'object':
      if (v === null || Array.isArray(v) || isPlainObject(v)) return undefined;
      return `a ${(v as object).constructor?.name ?? 'non-plain'} object is not JSON data`;
    default:
      return `a ${typeof v} is not a JSON value`;
  }
}

/** Shallow-merges two objects into a new one as own data properties (later keys win). */
export function merged(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k in a) put(out, k, a[k]);
  for (const k in b) put(out, k, b[k]);
  return out;
}

/** JSON text of a value, or undefined when it has none (a cycle, a BigInt): the walk reports those itself. */
export function safeStringify(v: unknown): string | undefined {
  try {
    return JSON.stringify(v);
  } catch {
    return undefined;
  }
}

/**
 * Equality of two JSON values as JSON Schema compares them (const, enum): objects by their names
 * and values in any order, arrays item by item. Bounded by depth: past it, values are unequal.
 */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 256) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i], depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !jsonEqual((a as JsonObject)[k], (b as JsonObject)[k], depth + 1)) return false;
  }
  return true;
}
