/**
 * Pass 3, nodes, before the keywords (docs/architecture.md): a value pinned by `const`, or by an
 * `enum` that lists an object, in a dialect that closes every object (or, in one with an any-value
 * spelling, an enum mixing objects with other values: see pinnedObjects). Closed as it stands, an
 * object there would accept only the properties the node names (often none), so the spelling
 * would refuse the very values the canonical schema accepts, and say "Other properties are
 * accepted." beside them. The values already name their properties, so the node is read as the
 * same rule spelled out, which accepts exactly the same values:
 *
 * - an object value: each of its properties pinned by its own const (beside the author's own
 *   subschema for it, if any), all required (with any the author required), no other property;
 * - any other value: `{const: value}`;
 * - several values: an `anyOf` with one such branch each (a nullable spelling then adds its null
 *   branch beside them).
 *
 * What the node says of the type and of properties holds for each pinned value or for none, so
 * it is folded in exactly: a value the type, the closure, the property count or a
 * dependentRequired refuses is left out (the canonical schema refuses it too), and a property's
 * own subschema (or additionalProperties') stands beside its const, so a value it refuses is
 * refused by the spelling too. A node with keywords whose meaning beside the values is not kept
 * this way (`anyOf`, `not`, `if`, a `$ref`, `patternProperties`, ...) is left as it stands, with
 * what its closure reports.
 */
import { hasOwn, isPlainObject, jsonEqual, put, type JsonObject } from './data.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';
import { typeNames } from '../type-names.js';
import { typeAdmitsValue } from './any-value.js';

/**
 * Keywords about an object's properties: folded into each pinned object value (a spelled value
 * names every property it has, so a property another one requires is either there or the value
 * is left out).
 */
const FOLDED = new Set(['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties', 'dependentRequired']);

/** Keywords whose meaning beside the pinned values this rewrite would not keep exactly. */
const KEPT_APART = ['anyOf', 'oneOf', 'allOf', 'not', 'if', 'then', 'else', 'dependentSchemas', '$ref', '$dynamicRef', 'patternProperties', 'propertyNames', 'unevaluatedProperties'];

/**
 * The node to walk in its place; the node itself when no object value is pinned. `closesAll`: the
 * dialect closes every object. Where it does not, only an enum mixing objects with other values is
 * spelled out: its values share no type, so it would take the any-value spelling, which has no
 * objects (a vendor with a fixed attribute list), and its sentence would list values the spelling
 * refuses; spelled out, each branch has its own type and says its own values.
 */
export function pinnedObjects(s: WalkState, node: JsonObject, closesAll: boolean): JsonObject {
  const c = node.const;
  const list = node.enum;
  const hasConst = hasOwn(node, 'const');
  // The common enum of strings and scalar const leave at the first look.
  if (!isPlainObject(c) && !(Array.isArray(list) && list.some(isPlainObject))) return node;
  for (const k of KEPT_APART) if (hasOwn(node, k)) return node;
  // draft-07's dependencies: folded where each names properties (dependentRequired), else kept apart.
  const deps = node.dependencies;
  if (deps !== undefined && !(isPlainObject(deps) && Object.values(deps).every(Array.isArray))) return node;
  let keyword: 'const' | 'enum';
  let values: unknown[];
  if (hasConst) {
    // Beside an enum both must hold: the const, if the enum lists it; else nothing is accepted, left as it stands.
    if (Array.isArray(list) && !list.some((v) => jsonEqual(v, c))) return node;
    keyword = 'const';
    values = [c];
  } else {
    if (!Array.isArray(list)) return node;
    keyword = 'enum';
    values = list;
  }
  const types = typeNames(node.type);
  const base = tokensOf(s, node, keyword);
  const kept: [unknown, number][] = [];
  values.forEach((v, i) => {
    if ((types === undefined || types.some((t) => typeAdmitsValue(t, v))) && (!isPlainObject(v) || objectFits(node, v))) kept.push([v, i]);
  });
  if (!kept.some(([v]) => isPlainObject(v))) return node;
  if (!closesAll && kept.every(([v]) => isPlainObject(v))) return node;

  const out: JsonObject = {};
  for (const k in node) {
    if (k === 'const' || k === 'enum' || k === 'type' || k === 'dependencies' || FOLDED.has(k)) continue;
    put(out, k, node[k]);
    recordOrigin(s, out, k, tokensOf(s, node, k));
  }
  // An enum read from a const (constAsEnum) points at that const, which has no index.
  const label = s.readAs?.get(node)?.get(keyword) ?? keyword;
  const single = label === 'const';
  const at = (i: number): readonly string[] => (single ? base : [...base, String(i)]);
  const spell = (v: unknown, i: number, into: JsonObject): void => {
    if (isPlainObject(v)) spellObject(s, node, into, v, at(i));
    else {
      put(into, 'const', v);
      recordOrigin(s, into, 'const', at(i));
    }
  };
  const readAs = (s.readAs ??= new WeakMap());
  if (kept.length === 1) {
    const [v, i] = kept[0] as [unknown, number];
    spell(v, i, out);
    readAs.set(out, new Map([['properties', label]]));
    return out;
  }
  const branches: JsonObject[] = [];
  for (const [v, i] of kept) {
    const branch: JsonObject = {};
    spell(v, i, branch);
    recordOrigin(s, branches, String(branches.length), at(i));
    branches.push(branch);
  }
  put(out, 'anyOf', branches);
  recordOrigin(s, out, 'anyOf', base);
  readAs.set(out, new Map([['anyOf', label]]));
  return out;
}

/**
 * Whether an object value passes the node's own count and closure rules (`additionalProperties:
 * false` with no property schema for one of its keys, `minProperties`, `maxProperties`) and the
 * author's own const or enum of each property: one that does not is refused by the canonical
 * schema, so it is not spelled either.
 */
function objectFits(node: JsonObject, value: JsonObject): boolean {
  const keys = Object.keys(value);
  if (typeof node.minProperties === 'number' && keys.length < node.minProperties) return false;
  if (typeof node.maxProperties === 'number' && keys.length > node.maxProperties) return false;
  for (const deps of [node.dependentRequired, node.dependencies]) {
    if (!isPlainObject(deps)) continue;
    for (const k of keys) {
      const needs = hasOwn(deps, k) ? deps[k] : undefined;
      if (Array.isArray(needs) && !needs.every((n) => typeof n === 'string' && hasOwn(value, n))) return false;
    }
  }
  const declared = isPlainObject(node.properties) ? node.properties : {};
  // A property the author pins to other values itself (its own const or enum) refuses this one.
  for (const k of keys) {
    const own = hasOwn(declared, k) ? declared[k] : undefined;
    if (!isPlainObject(own)) continue;
    if (hasOwn(own, 'const') && !jsonEqual(own.const, value[k])) return false;
    if (Array.isArray(own.enum) && !own.enum.some((e) => jsonEqual(e, value[k]))) return false;
  }
  if (node.additionalProperties !== false) return true;
  return keys.every((k) => hasOwn(declared, k));
}

/**
 * Writes one pinned object value into `into`: its properties, each pinned by its own const beside
 * the author's subschema for it; required, its keys and the author's; no other property. `at` is
 * the value's place in the input.
 */
function spellObject(s: WalkState, node: JsonObject, into: JsonObject, value: JsonObject, at: readonly string[]): void {
  const authored = isPlainObject(node.properties) ? node.properties : undefined;
  const authoredAt = authored ? tokensOf(s, node, 'properties') : undefined;
  const properties: JsonObject = {};
  const names: string[] = [];
  // A key the author's properties do not name is ruled by additionalProperties, when it is a schema.
  const other = isPlainObject(node.additionalProperties) ? node.additionalProperties : undefined;
  const otherAt = other ? tokensOf(s, node, 'additionalProperties') : undefined;
  for (const name in value) {
    const named = authored !== undefined && hasOwn(authored, name);
    const own = named ? authored[name] : other;
    const ownAt = named ? [...(authoredAt as readonly string[]), name] : otherAt;
    // The author's subschema (its description and rules) with the value pinned beside it.
    const pinned: JsonObject = {};
    if (isPlainObject(own)) {
      for (const k in own) {
        if (k === 'const') continue;
        put(pinned, k, own[k]);
        recordOrigin(s, pinned, k, [...(ownAt as readonly string[]), k]);
      }
    }
    put(pinned, 'const', value[name]);
    recordOrigin(s, pinned, 'const', [...at, name]);
    put(properties, name, own === false ? false : pinned);
    recordOrigin(s, properties, name, own !== undefined ? (ownAt as readonly string[]) : [...at, name]);
    names.push(name);
  }
  // A name the author requires that the value lacks: required still, so nothing is accepted, as in the canonical schema.
  if (Array.isArray(node.required)) for (const r of node.required) if (typeof r === 'string' && !names.includes(r)) names.push(r);
  put(into, 'type', 'object');
  put(into, 'properties', properties);
  put(into, 'required', names);
  put(into, 'additionalProperties', false);
  for (const k of ['type', 'properties', 'required', 'additionalProperties']) recordOrigin(s, into, k, at);
  (s.madeUpKeys ??= new WeakMap()).set(into, new Set(['type', 'required', 'additionalProperties']));
}
