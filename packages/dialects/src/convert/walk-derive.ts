/**
 * Pass 3, nodes, after objects (docs/rule-format.md, derive): keywords a reader needs that the
 * schema implies, written from a fixed set of derivations. Separate because it is the only step
 * that creates a keyword the author never wrote.
 */
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import type { Derivation } from '../rules/schema.js';

export function deriveKeywords(out: JsonObject, derive: ReadonlyMap<string, Derivation>): void {
  for (const [keyword, how] of derive) {
    if (hasOwn(out, keyword)) continue; // what the author wrote and the dialect kept stands
    const value = derived(out, how);
    if (value !== undefined) put(out, keyword, value);
  }
}

function derived(out: JsonObject, how: Derivation): unknown {
  switch (how) {
    case 'property-keys': {
      // the spelled properties, in the author's order (the walk keeps input order)
      const props = out.properties;
      if (!isPlainObject(props)) return undefined;
      const keys = Object.keys(props);
      return keys.length > 0 ? keys : undefined;
    }
  }
}
