/**
 * One cheap walk over a document before it reaches Ajv: it refuses documents nested deeper or
 * holding more values than the limits (so no later recursion can overflow the stack, and a cyclic
 * JS object is refused rather than followed), and notes whether any null occurs, so a caller
 * whose dialect sends nulls pays for decoding only when there is something to decode.
 */
import { escapeToken } from '../json-pointer.js';

export const SCAN_OK = 0;
export const SCAN_HAS_NULL = 1;
export const SCAN_TOO_DEEP = 2;
export const SCAN_TOO_LARGE = 3;

interface Counter {
  nodes: number;
  hasNull: boolean;
}

function walk(value: unknown, depth: number, maxDepth: number, maxNodes: number, c: Counter): number {
  if (++c.nodes > maxNodes) return SCAN_TOO_LARGE;
  if (value === null) {
    c.hasNull = true;
    return SCAN_OK;
  }
  if (typeof value !== 'object') return SCAN_OK;
  if (depth >= maxDepth) return SCAN_TOO_DEEP;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const r = walk(value[i], depth + 1, maxDepth, maxNodes, c);
      if (r !== SCAN_OK) return r;
    }
    return SCAN_OK;
  }
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const r = walk((value as Record<string, unknown>)[key], depth + 1, maxDepth, maxNodes, c);
    if (r !== SCAN_OK) return r;
  }
  return SCAN_OK;
}

/** SCAN_OK, SCAN_HAS_NULL, SCAN_TOO_DEEP or SCAN_TOO_LARGE. */
export function scan(value: unknown, maxDepth: number, maxNodes: number): number {
  const c: Counter = { nodes: 0, hasNull: false };
  const r = walk(value, 0, maxDepth, maxNodes, c);
  return r !== SCAN_OK ? r : c.hasNull ? SCAN_HAS_NULL : SCAN_OK;
}

/**
 * The pointer of the first value that breaks a limit: the value at depth maxDepth, or the
 * (maxNodes+1)-th value. Only run after scan() refused, so its bookkeeping costs nothing on the
 * accepted path.
 */
export function locateLimit(value: unknown, maxDepth: number, maxNodes: number): string {
  let nodes = 0;
  const tokens: string[] = [];
  const visit = (v: unknown, depth: number): boolean => {
    if (++nodes > maxNodes) return true;
    if (v === null || typeof v !== 'object') return false;
    if (depth >= maxDepth) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        tokens.push(String(i));
        if (visit(v[i], depth + 1)) return true;
        tokens.pop();
      }
      return false;
    }
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      tokens.push(escapeToken(key));
      if (visit((v as Record<string, unknown>)[key], depth + 1)) return true;
      tokens.pop();
    }
    return false;
  };
  visit(value, 0);
  return tokens.length ? '/' + tokens.join('/') : '';
}

/** The pointer of the first string equal to `needle` (as a value or as a key), for errors raised inside Ajv. */
export function locateString(value: unknown, needle: string, maxDepth: number): string | undefined {
  const tokens: string[] = [];
  const visit = (v: unknown, depth: number): boolean => {
    if (v === needle) return true;
    if (v === null || typeof v !== 'object' || depth >= maxDepth) return false;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        tokens.push(String(i));
        if (visit(v[i], depth + 1)) return true;
        tokens.pop();
      }
      return false;
    }
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
      tokens.push(escapeToken(key));
      if (key === needle || visit((v as Record<string, unknown>)[key], depth + 1)) return true;
      tokens.pop();
    }
    return false;
  };
  return visit(value, 0) ? (tokens.length ? '/' + tokens.join('/') : '') : undefined;
}
