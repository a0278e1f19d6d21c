/**
 * Pass 2, references (docs/architecture.md): a `$dynamicRef` in a document of one schema resource.
 * Its dynamic scope then holds no other resource that could name the same `$dynamicAnchor`, so it
 * means exactly what `$ref` to the anchor's schema means, and is spelled and described as that
 * reference (a dialect that cannot keep the keyword used to drop it and call the value "any JSON
 * value"). The judge reads it the same way (judge/ajv-reading.ts). With several resources it stays
 * the keyword it is.
 */
import { put, type JsonObject } from './data.js';
import { someEntry } from '../some-entry.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';

/** Whether this schema's `$dynamicRef`s read as `$ref`: 2020-12, and no `$id` below the root. */
export function dynamicRefReadsAsRef(s: WalkState): boolean {
  // An `$id` held by any object but the root starts another resource.
  s.dynamicAsRef ??= !s.draft07 && !someEntry(s.root, (key, value, depth) => key === '$id' && depth > 0 && typeof value === 'string');
  return s.dynamicAsRef;
}

/** The node with its `$dynamicRef` spelled `$ref` (its pointer still the input's `$dynamicRef`). */
export function dynamicAsRef(s: WalkState, node: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k in node) {
    const key = k === '$dynamicRef' ? '$ref' : k;
    put(out, key, node[k]);
    recordOrigin(s, out, key, tokensOf(s, node, k));
  }
  const readAs = (s.readAs ??= new WeakMap());
  readAs.set(out, new Map([['$ref', '$dynamicRef']]));
  return out;
}
