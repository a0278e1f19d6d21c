/**
 * One cheap walk over a document before it reaches Ajv: it refuses documents nested deeper or
 * holding more values than the limits (so no later recursion can overflow the stack, and a cyclic
 * JS object is refused rather than followed), and notes whether any null occurs, so a caller
 * whose dialect sends nulls pays for decoding only when there is something to decode.
 * Only containers are visited as calls; scalars are counted in their parent's loop.
 */
import { escapeToken } from '../json-pointer.js';

export const SCAN_OK = 0;
export const SCAN_HAS_NULL = 1;
export const SCAN_TOO_DEEP = 2;
export const SCAN_TOO_LARGE = 3;

// Module-level counters: scan() is synchronous and not re-entrant, and this keeps the hot walk
// free of a per-call allocation.
let nodes = 0;
let budget = 0;
let sawNull = false;

function walkContainer(value: object, depth: number, maxDepth: number): number {
  if (depth >= maxDepth) return SCAN_TOO_DEEP;
  if (Array.isArray(value)) {
    const n = value.length;
    if ((nodes += n) > budget) return SCAN_TOO_LARGE;
    for (let i = 0; i < n; i++) {
      const v: unknown = value[i];
      if (typeof v === 'object') {
        if (v === null) sawNull = true;
        else {
          const r = walkContainer(v, depth + 1, maxDepth);
          if (r !== SCAN_OK) return r;
        }
      }
    }
    return SCAN_OK;
  }
  // for-in rather than Object.keys: no array allocated per object. It would also visit enumerable
  // keys inherited from a polluted prototype, which only makes the walk longer, never wrong.
  for (const key in value) {
    if (++nodes > budget) return SCAN_TOO_LARGE;
    const v: unknown = (value as Record<string, unknown>)[key];
    if (typeof v === 'object') {
      if (v === null) sawNull = true;
      else {
        const r = walkContainer(v, depth + 1, maxDepth);
        if (r !== SCAN_OK) return r;
      }
    }
  }
  return SCAN_OK;
}

/** SCAN_OK, SCAN_HAS_NULL, SCAN_TOO_DEEP or SCAN_TOO_LARGE. */
export function scan(value: unknown, maxDepth: number, maxNodes: number): number {
  if (typeof value !== 'object') return SCAN_OK;
  if (value === null) return SCAN_HAS_NULL;
  nodes = 1;
  budget = maxNodes;
  sawNull = false;
  if (nodes > budget) return SCAN_TOO_LARGE;
  const r = walkContainer(value, 0, maxDepth);
  return r !== SCAN_OK ? r : sawNull ? SCAN_HAS_NULL : SCAN_OK;
}

/**
 * The pointer of the first container nested deeper than maxDepth. Only run after scan() refused,
 * so its bookkeeping costs nothing on the accepted path.
 */
export function locateLimit(value: unknown, maxDepth: number): string {
  return findPath(value, maxDepth, (v, depth) => v !== null && typeof v === 'object' && depth >= maxDepth) ?? '';
}

/** The pointer of the first string equal to `needle` (as a value or as a key), for errors raised inside Ajv. */
export function locateString(value: unknown, needle: string, maxDepth: number): string | undefined {
  return findPath(value, maxDepth, (v) => v === needle, (key) => key === needle);
}

/** Depth-first, in document order: the pointer of the first value (or key) the tests accept. */
function findPath(value: unknown, maxDepth: number, isHit: (v: unknown, depth: number) => boolean, isKeyHit?: (key: string) => boolean): string | undefined {
  const tokens: string[] = [];
  const visit = (v: unknown, depth: number): boolean => {
    if (isHit(v, depth)) return true;
    if (v === null || typeof v !== 'object' || depth >= maxDepth) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        tokens.push(String(i));
        if (visit(v[i], depth + 1)) return true;
        tokens.pop();
      }
      return false;
    }
    for (const key of Object.keys(v)) {
      tokens.push(escapeToken(key));
      if (isKeyHit?.(key) || visit((v as Record<string, unknown>)[key], depth + 1)) return true;
      tokens.pop();
    }
    return false;
  };
  return visit(value, 0) ? (tokens.length ? '/' + tokens.join('/') : '') : undefined;
}
