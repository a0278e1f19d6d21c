/**
 * The any-value spelling made true for the node it stands in: a typeless enum or const is spelled
 * with only the types of its values, and a `not: {type: T}` takes T out of the spelling, so no
 * "Any JSON value is accepted." stands beside a schema that accepts less. What the spelling still
 * cannot say (an object or an array where any value is accepted) is a narrowing the walk reports.
 */
import { isPlainObject, type JsonObject } from './data.js';
import { copyPlain } from './node-rules.js';

export function typeOfValue(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
}

/** The enum or const values of a node, if it has them. */
export function valuesOf(node: JsonObject): unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum;
  if (Object.prototype.hasOwnProperty.call(node, 'const')) return [node.const];
  return undefined;
}

/** The types a `not` excludes outright: `{type: T}` or `{type: [T, ...]}` and nothing else. */
export function excludedTypes(node: JsonObject): string[] | undefined {
  const n = node.not;
  if (!isPlainObject(n) || Object.keys(n).length !== 1) return undefined;
  if (typeof n.type === 'string') return [n.type];
  if (Array.isArray(n.type) && n.type.every((t) => typeof t === 'string')) return n.type as string[];
  return undefined;
}

/**
 * A type list without the members a dropped `not: {type: T}` excludes (`number` takes `integer`
 * with it), so the spelling says what the canonical schema accepts and the "Must not be ..."
 * sentence beside it agrees with it. Undefined when nothing is taken out, or everything would be.
 */
export function withoutExcluded(types: readonly unknown[], excluded: readonly string[]): unknown[] | undefined {
  const kept = types.filter((t) => !excluded.includes(t as string) && !(t === 'integer' && excluded.includes('number')));
  return kept.length === types.length || kept.length === 0 ? undefined : kept;
}

function typesIn(schema: unknown): string[] | undefined {
  if (!isPlainObject(schema)) return undefined;
  const t = schema.type;
  const list = typeof t === 'string' ? [t] : Array.isArray(t) ? (t as string[]) : undefined;
  if (list && schema.nullable === true) return [...list, 'null'];
  return list;
}

const admits = (types: readonly string[], t: string): boolean => types.includes(t) || (t === 'integer' && types.includes('number'));

/** Does a spelling (the rule file's `spell`, narrowed or not) accept values of type `t`? */
export function spellAdmits(spell: JsonObject, t: string): boolean {
  if (Array.isArray(spell.anyOf)) return spell.anyOf.some((b) => spellAdmits(b as JsonObject, t));
  const types = typesIn(spell);
  return types === undefined || admits(types, t);
}

/**
 * The spell cut down to what the node accepts: only branches (or type-array members) that admit
 * one of `keep`, none that is wholly one of `drop`; a nullable flag goes when null is dropped.
 */
export function narrowSpell(spell: JsonObject, keep: readonly string[] | undefined, drop: readonly string[] | undefined): JsonObject {
  const fits = (t: string): boolean => (keep === undefined || keep.some((k) => admits([t], k))) && !(drop ?? []).includes(t);
  const trim = (b: JsonObject): JsonObject | undefined => {
    const types = typesIn(b);
    if (types === undefined) return b;
    const own = typeof b.type === 'string' ? [b.type] : (b.type as string[]);
    const kept = own.filter(fits);
    const nullable = b.nullable === true && fits('null');
    // A nullable flag needs a type beside it: with its type gone, the branch goes (null is then reported).
    if (kept.length === 0) return undefined;
    const out = copyPlain(b) as JsonObject;
    out.type = typeof b.type === 'string' || kept.length === 1 ? (kept[0] as string) : kept;
    if (b.nullable === true && !nullable) delete out.nullable;
    return out;
  };
  if (Array.isArray(spell.anyOf)) {
    const branches = (spell.anyOf as JsonObject[]).map(trim).filter((b): b is JsonObject => b !== undefined);
    if (branches.length === 0) return copyPlain(spell) as JsonObject;
    if (branches.length === 1) return branches[0] as JsonObject;
    const out = copyPlain(spell) as JsonObject;
    out.anyOf = branches;
    return out;
  }
  return trim(spell) ?? (copyPlain(spell) as JsonObject);
}
