/**
 * How "or null" and several types are spelled (type arrays, anyOf, a `nullable` flag), and how an
 * optional property is made nullable for dialects whose callers send an explicit null.
 */
import { hasOwn, isPlainObject, own, put, type JsonObject } from './data.js';
import { commonTypes } from '../type-names.js';
import { ANNOTATION_KEYWORDS } from './keywords.js';
import type { Plan } from './plan.js';
import { joinWords } from './join-words.js';

/**
 * Rewrites the type spelling of one output node; returns the node to use (possibly a wrapper).
 * `nullFromValues`: null was taken out of the node's enum or const before the walk. `bareNull`: the
 * node accepts only null and nothing gives the flag a type (reported). `branch`: the node is an
 * anyOf/oneOf branch, where a null-only schema is folded into the parent.
 */
export interface TypeConflicts {
  typeConflict(message: string): void;
}

export function spellTypes(out: JsonObject, plan: Plan, nullFromValues: boolean, sink: TypeConflicts, branch = false, bareNull = false, output = false): JsonObject {
  const nulls = plan.nulls;
  if (nulls === 'nullable-flag') {
    const refs = plan.references;
    out = toNullableFlag(out, plan, refs?.siblings === 'wrap-anyof' ? refs.refKeyword : undefined);
    if (nullFromValues) out.nullable = true;
    if (bareNull && !branch) sink.typeConflict('a schema that accepts only null has no spelling with a nullable flag; it is spelled {"nullable": true}');
  }
  // nulls: any-of wraps the node last (nullAsAnyOf, after the walk has closed and described it), so
  // that what is said of the object or array lands in its branch.
  if (plan.typeArrays !== 'keep') out = typeArrayToAnyOf(out, nulls, sink);
  if (plan.typeArrays === 'any-of-only') out = typeIntoBranches(out, plan, output);
  return out;
}

/**
 * `typeArrays: any-of-only`: a `type` never stands beside `anyOf` (a vendor's client refuses "type
 * and anyOf cannot be both populated"); it moves into each branch, which says the same (`T and
 * (A or B)` is `(T and A) or (T and B)`): a branch with no type takes it, a branch of a wider type
 * takes the two's common one (number and integer: integer). A reference branch carries no sibling,
 * so its target's own type stands. In a tool's outputSchema, beside a nullable flag, the type stays:
 * Ajv, which MCP clients compile outputSchemas with, refuses `nullable` with no `type`.
 */
function typeIntoBranches(out: JsonObject, plan: Plan, output: boolean): JsonObject {
  const t = own(out, 'type');
  const anyOf = own(out, 'anyOf');
  if (typeof t !== 'string' || !Array.isArray(anyOf) || (output && own(out, 'nullable') === true)) return out;
  const refKeyword = plan.references?.refKeyword;
  out.anyOf = anyOf.map((b) => {
    if (!isPlainObject(b) || (refKeyword !== undefined && hasOwn(b, refKeyword))) return b;
    const bt = own(b, 'type');
    if (bt !== undefined && (typeof bt !== 'string' || bt === t)) return b;
    const common = typeof bt === 'string' ? commonTypes([t], [bt]) : [t];
    // Types that share no value: the canonical branch accepts nothing, and stays as it is.
    if (common.length !== 1) return b;
    const typed: JsonObject = { type: common[0] };
    for (const k in b) if (k !== 'type') put(typed, k, b[k]);
    return typed;
  });
  delete out.type;
  return out;
}

/** `plan`: its vocabulary joins a null branch's words to the parent's. `wrappedRef`: a reference under this keyword may carry no siblings, so it stays inside anyOf. */
function toNullableFlag(out: JsonObject, plan: Plan, wrappedRef?: string): JsonObject {
  let nullable = false;
  const t = own(out, 'type');
  if (t === 'null') {
    delete out.type;
    nullable = true;
  } else if (Array.isArray(t) && t.includes('null')) {
    const rest = t.filter((x) => x !== 'null');
    nullable = true;
    if (rest.length === 0) delete out.type;
    else out.type = rest.length === 1 ? rest[0] : rest;
  }
  const en = own(out, 'enum');
  if (Array.isArray(en) && en.includes(null)) {
    out.enum = en.filter((x) => x !== null);
    nullable = true;
  }
  const anyOf = own(out, 'anyOf');
  if (Array.isArray(anyOf)) {
    const branches = anyOf as unknown[];
    const rest = branches.filter((b) => !isOnlyNullable(b));
    if (rest.length < branches.length) {
      nullable = true;
      const parent = own(out, 'description');
      // One branch left: it is the node, and its own anyOf (a nested union) takes the place of the
      // one it stood in, rather than standing as a one-branch anyOf.
      const merged = rest.length === 1 && canMergeInto(out, rest[0]) && !(wrappedRef !== undefined && hasOwn(rest[0] as object, wrappedRef));
      // A null branch's own words go with it into the flag, and a merged branch's into its node:
      // said after the parent's, in the order of the branches, never dropped.
      let words = typeof parent === 'string' ? parent : '';
      for (const b of branches) {
        if (!merged && !isOnlyNullable(b)) continue;
        const its = own(b as JsonObject, 'description');
        if (typeof its === 'string') words = joinWords(plan, words, its);
      }
      // Every branch was null alone: the flag says all of it (an empty anyOf is no schema at all).
      if (rest.length === 0) delete out.anyOf;
      else if (merged) {
        delete out.anyOf;
        const branch = rest[0] as JsonObject;
        for (const k in branch) put(out, k, k === 'description' ? words : branch[k]);
      } else out.anyOf = rest;
      if (words !== '') put(out, 'description', words);
    }
  }
  if (nullable) out.nullable = true;
  return out;
}

function isOnlyNullable(b: unknown): boolean {
  if (b === null || typeof b !== 'object') return false;
  const keys = Object.keys(b);
  return keys.length > 0 && keys.every((k) => k === 'nullable' || ANNOTATION_KEYWORDS.has(k)) && (b as JsonObject).nullable === true;
}

function canMergeInto(out: JsonObject, branch: unknown): boolean {
  if (branch === null || typeof branch !== 'object' || Array.isArray(branch)) return false;
  // anyOf is the list the branch is taken from; descriptions are joined.
  for (const k in branch as JsonObject) if (hasOwn(out, k) && k !== 'nullable' && k !== 'anyOf' && k !== 'description') return false;
  return true;
}

/**
 * `nulls: any-of`: a type list with null becomes `anyOf: [{the other types, their keywords}, {type:
 * null}]`, annotations on the whole. Run on the finished node (walk-node.ts), after the closure and
 * the sentences, so that `additionalProperties: false` goes with the object into its branch.
 */
export function nullAsAnyOf(out: JsonObject, sink: TypeConflicts): JsonObject {
  const t = own(out, 'type');
  if (!Array.isArray(t) || !t.includes('null') || t.length < 2) return out;
  if (hasOwn(out, 'anyOf')) {
    sink.typeConflict('a type array with null could not become anyOf because the schema already has anyOf; the type array is kept');
    return out;
  }
  const rest = t.filter((x) => x !== 'null');
  const inner: JsonObject = { type: rest.length === 1 ? rest[0] : rest };
  const wrapper: JsonObject = {};
  // Listed values that hold nothing but null leave the other type no value: the node is null alone
  // (its enum or const kept, which says so too).
  let onlyNull: [string, unknown] | undefined;
  for (const k in out) {
    const v = out[k];
    if (k === 'type') put(wrapper, 'anyOf', [inner, { type: 'null' }]);
    // What constrains the other type goes into its branch, where a reader that reads keywords by
    // the type beside them finds it (properties beside an anyOf are read by no one's "object");
    // annotations and the node's own structure stay on the whole.
    else if (ANNOTATION_KEYWORDS.has(k) || WHOLE_NODE.has(k)) put(wrapper, k, v);
    // The null branch takes null; the other branch lists the values of its type only.
    else if (k === 'enum' && Array.isArray(v)) {
      const values = v.filter((x) => x !== null);
      if (values.length === 0) onlyNull = [k, v];
      else put(inner, k, values);
    } else if (k === 'const' && v === null) onlyNull = [k, v];
    else put(inner, k, v);
  }
  if (onlyNull) {
    const alone: JsonObject = { type: 'null' };
    put(alone, onlyNull[0], onlyNull[1]);
    for (const k in wrapper) if (k !== 'anyOf') put(alone, k, wrapper[k]);
    return alone;
  }
  return wrapper;
}

/** Keywords of a node as a whole, never of one of its types. */
const WHOLE_NODE: ReadonlySet<string> = new Set(['$id', '$schema', '$anchor', '$dynamicAnchor', '$defs', 'definitions', '$ref', '$dynamicRef']);

function typeArrayToAnyOf(out: JsonObject, nulls: Plan['nulls'], sink: TypeConflicts): JsonObject {
  const t = own(out, 'type');
  if (!Array.isArray(t)) return out;
  const rest = t.filter((x) => x !== 'null');
  if (rest.length < 2) {
    if (rest.length === 1 && t.length === 1) out.type = rest[0];
    return out;
  }
  if (hasOwn(out, 'anyOf')) {
    sink.typeConflict('a type array could not become anyOf because the schema already has anyOf; the type array is kept');
    return out;
  }
  const branches: unknown[] = rest.map((x) => ({ type: x }));
  if (t.includes('null')) {
    if (nulls === 'nullable-flag') out.nullable = true;
    else branches.push({ type: 'null' });
  }
  const wrapper: JsonObject = {};
  for (const k in out) {
    if (k === 'type') put(wrapper, 'anyOf', branches);
    else put(wrapper, k, out[k]);
  }
  return wrapper;
}

/** Makes an output property schema also accept null, in the dialect's spelling. */
export function makeNullable(s: unknown, nulls: Plan['nulls'], refKeyword: string, wrapRefs = false): unknown {
  if (s === false) return nulls === 'nullable-flag' ? { nullable: true } : { type: 'null' };
  if (s === null || typeof s !== 'object' || Array.isArray(s)) return s;
  const o = s as JsonObject;
  if (nulls === 'nullable-flag') {
    // A reference that may carry no siblings is wrapped first, so the flag stands beside anyOf.
    if (wrapRefs && hasOwn(o, refKeyword)) {
      const wrapped: JsonObject = { anyOf: [o], nullable: true };
      return wrapped;
    }
    o.nullable = true;
    return o;
  }
  const t = own(o, 'type');
  // With branches beside the type, null must pass the branches too: only a wrapper gives that.
  const composite = hasOwn(o, 'anyOf') || hasOwn(o, 'oneOf') || hasOwn(o, 'allOf');
  if (nulls !== 'any-of' && (typeof t === 'string' || Array.isArray(t)) && !hasOwn(o, 'const') && !composite) {
    o.type = Array.isArray(t) ? [...t, 'null'] : [t, 'null'];
    if (Array.isArray(own(o, 'enum'))) o.enum = [...(o.enum as unknown[]), null];
    return o;
  }
  if (nulls !== 'any-of' && t === undefined && Array.isArray(own(o, 'enum')) && !hasOwn(o, 'const')) {
    o.enum = [...(o.enum as unknown[]), null];
    return o;
  }
  if (Array.isArray(own(o, 'anyOf')) && Object.keys(o).every((k) => k === 'anyOf' || ANNOTATION_KEYWORDS.has(k))) {
    o.anyOf = [...(o.anyOf as unknown[]), { type: 'null' }];
    return o;
  }
  // A reference, a composite or a const: wrap it, keeping the annotations on the outside.
  const inner: JsonObject = {};
  const outer: JsonObject = {};
  for (const k in o) {
    if (k === 'description' || k === 'title') put(outer, k, o[k]);
    else put(inner, k, o[k]);
  }
  const wrapped: JsonObject = { anyOf: [inner, { type: 'null' }] };
  for (const k in outer) put(wrapped, k, outer[k]);
  return wrapped;
}
