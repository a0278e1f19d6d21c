/**
 * The any-value spelling made true for the node it stands in: a typeless enum or const is spelled
 * with only the types of its values, and a `not: {type: T}` takes T out of the spelling, so no
 * "Any JSON value is accepted." stands beside a schema that accepts less. What the spelling still
 * cannot say (an object or an array where any value is accepted) is a narrowing the walk reports.
 */
import { hasOwn, isPlainObject, type JsonObject } from './data.js';
import { copyPlain } from './node-rules.js';
import { admittedTypes, typeNames } from '../type-names.js';
import type { WalkState } from './walk-state.js';

export function typeOfValue(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;
}

/** Whether a value has the JSON type a `type` name admits (an integer is a number too). */
export function typeAdmitsValue(t: string, v: unknown): boolean {
  const own = typeOfValue(v);
  return own === t || (t === 'number' && own === 'integer');
}

/** The enum or const values of a node, if it has them. */
export function valuesOf(node: JsonObject): unknown[] | undefined {
  if (Array.isArray(node.enum)) return node.enum;
  if (Object.prototype.hasOwnProperty.call(node, 'const')) return [node.const];
  return undefined;
}

/** The types a `not` excludes outright: `{type: T}` or `{type: [T, ...]}` and nothing else. */
export function excludedTypes(node: JsonObject): readonly string[] | undefined {
  const n = node.not;
  if (!isPlainObject(n) || Object.keys(n).length !== 1) return undefined;
  return typeNames(n.type);
}

/**
 * The types an `if` lets through when its `then` and `else` both name theirs (a `type`, or the
 * values of a `const` or `enum`): a value passes one of them or is refused. Undefined otherwise.
 */
export function conditionalTypes(node: JsonObject): readonly string[] | undefined {
  if (!hasOwn(node, 'if')) return undefined;
  const a = branchTypes(node.then);
  const b = a === undefined ? undefined : branchTypes(node.else);
  return a === undefined || b === undefined ? undefined : [...new Set([...a, ...b])];
}

function branchTypes(branch: unknown): readonly string[] | undefined {
  if (!isPlainObject(branch)) return undefined;
  const named = typeNames(branch.type);
  if (named !== undefined) return named;
  const values = valuesOf(branch);
  return values === undefined || values.length === 0 ? undefined : values.map(typeOfValue);
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

function typesIn(schema: unknown): readonly string[] | undefined {
  return isPlainObject(schema) ? admittedTypes(schema) : undefined;
}

const admits = (types: readonly string[], t: string): boolean => types.includes(t) || (t === 'integer' && types.includes('number'));

/**
 * The type a null-only schema is spelled with under a nullable flag, which needs a type beside it
 * (Ajv, and so the MCP SDK client, refuses a bare `nullable: true`, as vendors do): the type of the
 * spell's one branch that carries the flag ("null rides on the string branch"). Undefined when the
 * spell names no such branch.
 */
export function nullCarrierType(spell: JsonObject): string | undefined {
  const branches = Array.isArray(spell.anyOf) ? (spell.anyOf as unknown[]) : [spell];
  const carriers = branches.filter((b) => isPlainObject(b) && b.nullable === true && typeof b.type === 'string');
  return carriers.length === 1 ? ((carriers[0] as JsonObject).type as string) : undefined;
}

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
    const own = typeNames(b.type);
    if (own === undefined) return b;
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

/**
 * A copy of (part of) the any-value spell for the output. Where it references the spell's own
 * definition (`defineAs`), the definition is claimed for this output under a free name (the
 * author's definitions keep theirs) and the reference is written with that name.
 */
export function placeSpell(s: WalkState, value: unknown): unknown {
  const own = ownReference(s);
  if (own === undefined || !mentions(value, own.keyword, own.ref)) return copyPlain(value);
  if (s.anyValueName === undefined) {
    const base = own.name;
    let name = base;
    for (let i = 2; s.usedNames.has(name); i++) name = `${base}_${i}`;
    s.usedNames.add(name);
    s.anyValueName = name;
  }
  return renamed(value, own.keyword, own.ref, `${own.prefix}${s.anyValueName}`);
}

/** The definition the spell stands for, under the name this output gave it. */
export function anyValueDefinition(s: WalkState): unknown {
  const own = ownReference(s) as NonNullable<ReturnType<typeof ownReference>>;
  return renamed(s.plan.anyValue?.spell, own.keyword, own.ref, `${own.prefix}${s.anyValueName as string}`);
}

/** Whether the output still references the any-value definition this output claimed. */
export function anyValueReferenced(s: WalkState, output: unknown): boolean {
  const own = ownReference(s);
  return own !== undefined && s.anyValueName !== undefined && mentions(output, own.keyword, `${own.prefix}${s.anyValueName}`);
}

function ownReference(s: WalkState): { name: string; keyword: string; prefix: string; ref: string } | undefined {
  const name = s.plan.anyValue?.defineAs;
  const refs = s.plan.references;
  if (name === undefined || refs === undefined || refs.mode !== 'keep') return undefined;
  return { name, keyword: refs.refKeyword, prefix: refs.refPrefix, ref: `${refs.refPrefix}${name}` };
}

function mentions(value: unknown, keyword: string, ref: string): boolean {
  if (Array.isArray(value)) return value.some((v) => mentions(v, keyword, ref));
  if (!isPlainObject(value)) return false;
  for (const k in value) if (k === keyword ? value[k] === ref : mentions(value[k], keyword, ref)) return true;
  return false;
}

function renamed(value: unknown, keyword: string, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => renamed(v, keyword, from, to));
  if (!isPlainObject(value)) return value;
  const out: JsonObject = {};
  for (const k in value) out[k] = k === keyword && value[k] === from ? to : renamed(value[k], keyword, from, to);
  return out;
}
