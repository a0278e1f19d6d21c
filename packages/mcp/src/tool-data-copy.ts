import { escapeToken } from '@redouble/dialects';

/**
 * Past these, a definition is not copied: the values of a schema nesting deeper than any JSON
 * Schema needs, or a graph of shared objects that would grow past the linter's size bound once
 * written out as JSON (lint then reads the author's objects and names the bound at its pointer).
 */
const MAX_DEPTH = 5_000;
const MAX_VALUES = 200_000;

/** Thrown inside the copy: why it stopped. Located afterwards, so the copy itself builds no pointers. */
class Stop {
  constructor(readonly why: string) {}
}

/**
 * A tool definition as the JSON it is served as, or why it is none. An object member set to
 * undefined is absent, as JSON and the SDK read it (`description: cond ? text : undefined`); every
 * other value must be JSON data: a function, a symbol, a bigint, NaN, a Date or a Map is refused
 * with its pointer. The copy is private: the author may change their objects later.
 */
export type ToolDataCopy =
  /** `values`: how many JSON values it holds (its size, for work that is sliced by it). */
  | { readonly copy: Record<string, unknown>; readonly values: number }
  /** `bound`: stopped by a size or depth bound, which lint names at its pointer better than this. */
  | { readonly problem: string; readonly bound: boolean };

export function copyToolData(definition: Record<string, unknown>): ToolDataCopy {
  let values = 0;
  const copy = (value: unknown, depth: number): unknown => {
    if (++values > MAX_VALUES) throw new Stop('it is too large to copy');
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return value;
      throw new Stop('not-json');
    }
    if (typeof value !== 'object') throw new Stop('not-json');
    if (depth > MAX_DEPTH) throw new Stop('it nests too deeply to copy');
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      for (let i = 0; i < value.length; i++) out.push(copy(value[i], depth + 1));
      return out;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new Stop('not-json');
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const member = (value as Record<string, unknown>)[key];
      if (member === undefined) continue;
      // A `__proto__` member read from JSON is data: set as an own property, never as the prototype.
      if (key === '__proto__') Object.defineProperty(out, key, { value: copy(member, depth + 1), enumerable: true, writable: true, configurable: true });
      else out[key] = copy(member, depth + 1);
    }
    return out;
  };
  try {
    const copied = copy(definition, 0) as Record<string, unknown>;
    return { copy: copied, values };
  } catch (error) {
    if (error instanceof RangeError) return { problem: 'it nests too deeply to copy', bound: true };
    // A getter or proxy of the author's that throws is that tool's problem, not the registration's.
    if (!(error instanceof Stop)) return { problem: `it could not be read: ${error instanceof Error ? error.message : String(error)}`, bound: false };
    return error.why === 'not-json' ? { problem: notJsonAt(definition), bound: false } : { problem: error.why, bound: true };
  }
}

/** Where the first value that is not JSON data stands, in words. */
function notJsonAt(definition: unknown): string {
  const find = (value: unknown, at: string, inArray: boolean): string | undefined => {
    if (value === undefined) return inArray ? `undefined at ${at}` : undefined;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
    if (typeof value === 'number') return Number.isFinite(value) ? undefined : `the number ${String(value)} at ${at}`;
    if (typeof value !== 'object') return `a ${typeof value} at ${at}`;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        // A hole of a sparse array (`[, 'a']`) is no value at all: JSON would write null there.
        if (!(i in value)) return `an empty array slot at ${at}/${i}`;
        const found = find(value[i], `${at}/${i}`, true);
        if (found) return found;
      }
      return undefined;
    }
    const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
    if (proto !== Object.prototype && proto !== null) return `a ${proto.constructor?.name || 'non-plain'} object at ${at}`;
    for (const key of Object.keys(value)) {
      const found = find((value as Record<string, unknown>)[key], `${at}/${escapeToken(key)}`, false);
      if (found) return found;
    }
    return undefined;
  };
  return `it holds what is not JSON data: ${find(definition, '', false) ?? 'a value'}`;
}
