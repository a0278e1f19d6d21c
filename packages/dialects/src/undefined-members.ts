/**
 * A member set to `undefined` (`description: cond ? text : undefined`) is absent, as JSON and the
 * MCP SDK read it. convert and lint read JSON data and would call it a value that is not JSON, or a
 * keyword of the wrong type, where the MCP layer serves the same definition with the member left
 * out. Asked only after they found a fault (most inputs have none), so clean input pays nothing.
 */
import { isPlainObject, put, type JsonObject } from './convert/data.js';

/** Past this depth the input is left as it is: the callers report such nesting themselves. */
const MAX_DEPTH = 1_000;

/** Whether a plain object anywhere in `value` has a member set to undefined (bounded, cycle-safe). */
export function hasUndefinedMember(value: unknown): boolean {
  const seen = new Set<object>();
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v) || depth > MAX_DEPTH) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const item of v) stack.push([item, depth + 1]);
    } else if (isPlainObject(v)) {
      for (const k in v) {
        if (v[k] === undefined) return true;
        stack.push([v[k], depth + 1]);
      }
    }
  }
  return false;
}

/** `value` with every plain-object member set to undefined left out; shared and cyclic objects stay shared. */
export function withoutUndefinedMembers(value: unknown): unknown {
  const done = new Map<object, unknown>();
  const copy = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object' || depth > MAX_DEPTH) return v;
    const known = done.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      done.set(v, out);
      for (const item of v) out.push(copy(item, depth + 1));
      return out;
    }
    if (!isPlainObject(v)) return v;
    const out: JsonObject = {};
    done.set(v, out);
    for (const k in v) if (v[k] !== undefined) put(out, k, copy(v[k], depth + 1));
    return out;
  };
  return copy(value, 0);
}
