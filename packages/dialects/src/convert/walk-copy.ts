/**
 * The read pass's guards on keyword values (docs/architecture.md, pass 1): values that are not
 * schemas are deep-copied, refusing cycles, non-JSON values and too deep nesting. Separate because
 * every pass copies values and the guards must be the same wherever a value is met.
 */
import { notJsonReason, type JsonObject } from './data.js';
import { copyJsonData, NotJson } from './json-copy.js';
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
  try {
    return copyJsonData(value, s.depth + 1, s.limits.maxDepth, []);
  } catch (err) {
    if (err instanceof NotJson) fatal(err.code, err.message, pointer(s, key === undefined ? undefined : [key]));
    throw err;
  }
}
