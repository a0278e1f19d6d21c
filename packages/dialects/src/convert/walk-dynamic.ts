/**
 * Pass 2, references (docs/architecture.md): a `$dynamicRef` in a document of one schema resource.
 * Its dynamic scope then holds no other resource that could name the same `$dynamicAnchor`, so it
 * means exactly what `$ref` to the anchor's schema means, and is spelled and described as that
 * reference (a dialect that cannot keep the keyword used to drop it and call the value "any JSON
 * value"). The judge reads it the same way (judge/ajv-reading.ts). With several resources it stays
 * the keyword it is.
 */
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';

/** Whether this schema's `$dynamicRef`s read as `$ref`: 2020-12, and no `$id` below the root. */
export function dynamicRefReadsAsRef(s: WalkState): boolean {
  s.dynamicAsRef ??= !s.draft07 && !idBelow(s.root, 0);
  return s.dynamicAsRef;
}

/** The node with its `$dynamicRef` spelled `$ref` (its pointer still the input's `$dynamicRef`). */
export function dynamicAsRef(s: WalkState, node: JsonObject): JsonObject {
  const out: JsonObject = {};
  const origin = s.origins?.get(node);
  for (const k in node) {
    const key = k === '$dynamicRef' ? '$ref' : k;
    put(out, key, node[k]);
    recordOrigin(s, out, key, origin?.get(k) ?? tokensOf(s, node, k));
  }
  const readAs = (s.readAs ??= new WeakMap());
  readAs.set(out, new Map([['$ref', '$dynamicRef']]));
  return out;
}

function idBelow(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object' || depth > 256) return false;
  if (Array.isArray(value)) return value.some((v) => idBelow(v, depth + 1));
  if (depth > 0 && isPlainObject(value) && typeof value.$id === 'string') return true;
  for (const k in value as JsonObject) if (hasOwn(value as JsonObject, k) && idBelow((value as JsonObject)[k], depth + 1)) return true;
  return false;
}
