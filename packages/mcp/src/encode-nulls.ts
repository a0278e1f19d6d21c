/**
 * The mirror of null decoding, for results. A dialect whose callers send null for an omitted
 * optional property also spells the output schema that way (every property required, optional ones
 * nullable), and a client that validates structuredContent against that spelling refuses an object
 * that simply leaves an optional property out. So, for such a caller, each property the dialect's
 * output schema requires, that the (canonically valid) value omits and whose schema admits null, is
 * written as an explicit null: the same omission in that dialect's words.
 *
 * Guided by the dialect's own output schema; local `$ref`s are followed. Returns the value itself
 * when nothing needs filling, otherwise a copy: the handler's result is never mutated.
 */
import { admitsNull, fragmentToPointer, getAt } from '@redouble/dialects';

type Json = unknown;
type Schema = Record<string, unknown>;

const MAX_DEPTH = 128;

export function encodeNulls(value: Json, schema: unknown): Json {
  if (!isObject(schema)) return value;
  return walk(value, schema, schema, 0);
}

function walk(value: Json, node: Schema, root: Schema, depth: number): Json {
  if (depth > MAX_DEPTH) return value;
  const schema = deref(node, root);
  if (!schema) return value;
  let out = value;
  for (const branch of chosenBranches(value, schema, root)) out = walk(out, branch, root, depth + 1);
  if (Array.isArray(out)) return walkArray(out, schema, root, depth);
  if (isObject(out)) return walkObject(out, schema, root, depth);
  return out;
}

function walkObject(value: Record<string, Json>, schema: Schema, root: Schema, depth: number): Json {
  const properties = isObject(schema.properties) ? schema.properties : undefined;
  if (!properties) return value;
  let copy: Record<string, Json> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const sub = properties[key];
    if (!isObject(sub)) continue;
    const next = walk(child, sub, root, depth + 1);
    if (next !== child) (copy ??= { ...value })[key] = next;
  }
  if (Array.isArray(schema.required)) {
    for (const key of schema.required) {
      if (typeof key !== 'string' || Object.hasOwn(value, key)) continue;
      const sub = properties[key];
      if (isObject(sub) && nullAdmitted(sub, root)) (copy ??= { ...value })[key] = null;
    }
  }
  return copy ?? value;
}

function walkArray(value: Json[], schema: Schema, root: Schema, depth: number): Json {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
  const items = isObject(schema.items) ? schema.items : undefined;
  let copy: Json[] | undefined;
  value.forEach((item, i) => {
    const sub = i < prefix.length ? prefix[i] : items;
    if (!isObject(sub)) return;
    const next = walk(item, sub, root, depth + 1);
    if (next !== item) (copy ??= [...value])[i] = next;
  });
  return copy ?? value;
}

/**
 * allOf branches all apply; of anyOf/oneOf, the one branch this value fits. When several fit
 * equally, none is chosen: a wrong guess would add a property the value never had.
 */
function chosenBranches(value: Json, schema: Schema, root: Schema): Schema[] {
  const chosen = Array.isArray(schema.allOf) ? schema.allOf.filter(isObject) : [];
  for (const key of ['anyOf', 'oneOf']) {
    const branches = schema[key];
    if (!Array.isArray(branches)) continue;
    const fitting = branches.filter(isObject).filter((b) => fits(value, deref(b, root), root));
    if (fitting.length === 1) chosen.push(fitting[0]!);
  }
  return chosen;
}

/**
 * Shaped for the value, and for an object: names each of its keys, with no const or enum it breaks,
 * and each name it requires that the value omits admits null (the omission it would be written as);
 * branches that differ only in which names they require then tell themselves apart.
 */
function fits(value: Json, schema: Schema | undefined, root: Schema): boolean {
  if (!shapedFor(value, schema)) return false;
  if (!isObject(value)) return true;
  const props = schema!.properties;
  if (!isObject(props)) return false;
  const named = Object.entries(value).every(([k, v]) => {
    const sub = isObject(props[k]) ? deref(props[k] as Schema, root) : undefined;
    if (!sub) return false;
    if ('const' in sub && JSON.stringify(sub.const) !== JSON.stringify(v)) return false;
    return !(Array.isArray(sub.enum) && !sub.enum.some((e) => JSON.stringify(e) === JSON.stringify(v)));
  });
  if (!named || !Array.isArray(schema!.required)) return named;
  return schema!.required.every((k) => typeof k !== 'string' || Object.hasOwn(value, k) || (isObject(props[k]) && nullAdmitted(props[k] as Schema, root)));
}

function shapedFor(value: Json, schema: Schema | undefined): boolean {
  if (!schema) return false;
  const types = typesOf(schema);
  if (Array.isArray(value)) return types ? types.includes('array') : schema.items !== undefined || schema.prefixItems !== undefined;
  if (isObject(value)) return types ? types.includes('object') : schema.properties !== undefined;
  return false;
}

function typesOf(schema: Schema): string[] | undefined {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : undefined;
}

/** The schema admits null for certain, its local references followed. */
function nullAdmitted(schema: Schema, root: Schema): boolean {
  return admitsNull(schema, { resolve: (ref) => localTarget(ref, root) }) === 'yes';
}

/** The target of a local `$ref` (a JSON pointer into the same output schema); undefined for anything else. */
function localTarget(ref: string, root: Schema): unknown {
  if (!ref.startsWith('#')) return undefined;
  const pointer = fragmentToPointer(ref);
  return pointer === undefined ? undefined : getAt(root, pointer);
}

/** Follows a local `$ref`; anything else is left unresolved. */
function deref(node: Schema, root: Schema): Schema | undefined {
  let current: Schema = node;
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (hops > 32 || !ref.startsWith('#')) return current;
    const target = localTarget(ref, root);
    if (!isObject(target)) return undefined;
    // Siblings of $ref still apply in 2020-12; the target carries the shape.
    current = target;
  }
  return current;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
