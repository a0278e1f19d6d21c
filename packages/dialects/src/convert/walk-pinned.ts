/**
 * Pass 3, nodes, before the keywords (docs/architecture.md): an object whose value is pinned by
 * `const` (or by an `enum` of objects) in a dialect that closes every object. Closed as it stands
 * (no `properties`), it would accept only `{}`, so the spelling would refuse the one value the
 * canonical schema accepts, and say "Other properties are accepted." beside it. The value already
 * names its properties, so the node is read as the same rule spelled out: each property pinned by
 * its own const, all required, no other property. That accepts exactly what the const accepts, so
 * nothing is narrowed and nothing needs a sentence, and no vendor has to read an object const. An
 * enum of objects becomes an anyOf of those shapes, one per value (a nullable spelling then adds
 * its null branch beside them).
 */
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';

/** Keywords that already say which properties the object has, or how its values are chosen. */
const SHAPED = ['properties', 'additionalProperties', 'patternProperties', 'unevaluatedProperties', 'propertyNames', 'anyOf', 'oneOf', '$ref'];

/** The node to walk in its place; the node itself when its value is not pinned to objects. */
export function pinnedObjects(s: WalkState, node: JsonObject): JsonObject {
  const c = node.const;
  const values = node.enum;
  // The common enum of strings and scalar const leave at the first look.
  if (!isPlainObject(c) && !(Array.isArray(values) && isPlainObject(values[0]))) return node;
  for (const k of SHAPED) if (hasOwn(node, k)) return node;
  const type = node.type;
  if (type !== undefined && type !== 'object') return node;
  let keyword: 'const' | 'enum';
  let pinned: readonly unknown[];
  if (hasOwn(node, 'const')) {
    // Beside an enum the two keywords keep their own meaning (both must hold): left as it stands.
    if (!isPlainObject(c) || hasOwn(node, 'enum')) return node;
    keyword = 'const';
    pinned = [c];
  } else {
    if (!Array.isArray(values) || values.length === 0) return node;
    for (const v of values) if (!isPlainObject(v)) return node;
    keyword = 'enum';
    pinned = values;
  }
  const base = tokensOf(s, node, keyword);
  const out = copyWithout(s, node, keyword);
  const readAs = (s.readAs ??= new WeakMap());
  if (pinned.length === 1) {
    spellShape(s, out, pinned[0] as JsonObject, keyword === 'const' ? base : [...base, '0']);
    readAs.set(out, new Map([['properties', keyword]]));
    return out;
  }
  const branches: JsonObject[] = [];
  pinned.forEach((v, i) => {
    const branch: JsonObject = {};
    spellShape(s, branch, v as JsonObject, [...base, String(i)]);
    recordOrigin(s, branches, String(i), [...base, String(i)]);
    branches.push(branch);
  });
  put(out, 'anyOf', branches);
  recordOrigin(s, out, 'anyOf', base);
  readAs.set(out, new Map([['anyOf', keyword]]));
  return out;
}

/** A copy of the node without `keyword`, each key keeping its input pointer. */
function copyWithout(s: WalkState, node: JsonObject, keyword: string): JsonObject {
  const out: JsonObject = {};
  const origin = s.origins?.get(node);
  for (const k in node) {
    if (k === keyword) continue;
    put(out, k, node[k]);
    recordOrigin(s, out, k, origin?.get(k) ?? tokensOf(s, node, k));
  }
  return out;
}

/** Writes the shape of one pinned object value into `into`; `at` is the value's place in the input. */
function spellShape(s: WalkState, into: JsonObject, value: JsonObject, at: readonly string[]): void {
  const properties: JsonObject = {};
  const names: string[] = [];
  for (const name in value) {
    const pinned: JsonObject = {};
    put(pinned, 'const', value[name]);
    recordOrigin(s, pinned, 'const', [...at, name]);
    put(properties, name, pinned);
    recordOrigin(s, properties, name, [...at, name]);
    names.push(name);
  }
  const keys = ['required', 'additionalProperties'];
  if (!hasOwn(into, 'type')) {
    put(into, 'type', 'object');
    recordOrigin(s, into, 'type', at);
    keys.push('type');
  }
  put(into, 'properties', properties);
  recordOrigin(s, into, 'properties', at);
  put(into, 'required', names);
  recordOrigin(s, into, 'required', at);
  put(into, 'additionalProperties', false);
  recordOrigin(s, into, 'additionalProperties', at);
  const made = (s.madeUpKeys ??= new WeakMap()).get(into);
  if (made) for (const k of keys) made.add(k);
  else s.madeUpKeys.set(into, new Set(keys));
}
