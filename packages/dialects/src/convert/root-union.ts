/**
 * A root union of object shapes spelled as one object, for a dialect whose root admits no union:
 * the properties of every branch (one anyOf where two branches spell a name differently), required
 * only where every branch requires it. It widens what the spelling describes, never what the
 * server accepts (the judge keeps the canonical union); the caller reports it.
 */
import { hasOwn, isPlainObject, jsonEqual, put, type JsonObject } from './data.js';

export function mergeRootUnion(out: JsonObject, key: string, branches: readonly JsonObject[]): JsonObject {
  const properties: JsonObject = isPlainObject(out.properties) ? { ...out.properties } : {};
  let common: Set<string> | undefined;
  for (const b of branches) {
    const props = isPlainObject(b.properties) ? b.properties : {};
    for (const name in props) {
      if (!hasOwn(properties, name)) put(properties, name, props[name]);
      else if (!jsonEqual(properties[name], props[name])) put(properties, name, { anyOf: [properties[name], props[name]] });
    }
    const req = new Set(Array.isArray(b.required) ? (b.required as string[]) : []);
    common = common ? new Set([...common].filter((n) => req.has(n))) : req;
  }
  const result: JsonObject = {};
  for (const k in out) {
    if (k === key) continue;
    put(result, k, out[k]);
  }
  put(result, 'type', 'object');
  put(result, 'properties', properties);
  const own = Array.isArray(out.required) ? (out.required as string[]) : [];
  const ownSet = new Set(own);
  const required = [...own, ...[...(common ?? [])].filter((n) => !ownSet.has(n))];
  if (required.length > 0) put(result, 'required', required);
  else delete result.required;
  return result;
}
