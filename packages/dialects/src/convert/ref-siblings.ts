/**
 * Pass 2, references (docs/architecture.md): what stands beside a `$ref`. Where the dialect keeps
 * references, a reference with siblings is kept beside them, wrapped, or written out in place with
 * them merged into its target; these decide when it must be written out, and merge the two.
 */
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import { ANNOTATION_KEYWORDS, SILENT_KEYWORDS } from './keywords.js';
import { typeNames } from '../type-names.js';
import { canMerge } from './node-rules.js';
import { mergeBranch } from './walk-merge.js';
import type { Plan } from './plan.js';
import type { WalkState } from './walk-state.js';
import { tokensOf, recordOrigin } from './walk-paths.js';

/** Keywords that say what an object holds: beside a reference, the node they shape is the target's object too. */
const OBJECT_KEYWORDS = new Set(['properties', 'patternProperties', 'additionalProperties', 'unevaluatedProperties', 'required', 'minProperties', 'maxProperties', 'propertyNames', 'dependentRequired', 'dependentSchemas']);

/**
 * A reference whose siblings shape an object, where every object is closed or a reference with
 * siblings is wrapped in anyOf: kept beside them, a closure sees only the siblings' properties
 * (2020-12's additionalProperties ignores the target's), so the spelling would refuse every
 * property the target names; the vendors refuse an object rule such as `required` naming a
 * property the node does not declare; and at the root the wrapper is a root union. Written out in
 * place instead, merged with its siblings, the node is one object that names them all (where they
 * conflict, the allOf that applies both is merged or described as any allOf). The caller does not
 * merge again while the same reference is being merged (a target that holds it would not end).
 */
export function mergedForClosure(s: WalkState, siblings: JsonObject): boolean {
  // allOf branches beside it (merged into the node later) shape it as much as its own keywords.
  const parts = Array.isArray(siblings.allOf) ? [siblings, ...siblings.allOf] : [siblings];
  let objectLike = false;
  for (const p of parts) {
    if (!isPlainObject(p)) continue;
    // (a reference among those branches may bring an object too: merged in place, the closure counts it)
    if (typeNames(p.type)?.includes('object') === true || (p !== siblings && typeof p.$ref === 'string')) objectLike = true;
    for (const k in p) if (OBJECT_KEYWORDS.has(k)) objectLike = true;
  }
  if (!objectLike) return false;
  return s.plan.closed === 'all' || (s.plan.references as NonNullable<Plan['references']>).siblings === 'wrap-anyof';
}

/**
 * Where a reference with siblings is wrapped in anyOf, siblings spelled as an anyOf of their own
 * (an anyOf or oneOf, or a type list the dialect spells as one) would take the wrapper's place and
 * the reference would be lost, and a type beside the wrapper is one the dialect cannot spell there:
 * the reference is written out in place instead.
 */
export function wrapCollides(s: WalkState, siblings: JsonObject): boolean {
  if ((s.plan.references as NonNullable<Plan['references']>).siblings !== 'wrap-anyof') return false;
  if (hasOwn(siblings, 'anyOf') || hasOwn(siblings, 'oneOf')) return true;
  // An allOf beside the reference is merged into the node, its unions with it (round 26:
  // `allOf: [{$ref}, {anyOf: [...]}]` lost the reference's properties to the union).
  if (Array.isArray(siblings.allOf) && siblings.allOf.some((b) => isPlainObject(b) && (hasOwn(b, 'anyOf') || hasOwn(b, 'oneOf')))) return true;
  const types = typeNames(siblings.type);
  if (types === undefined) return false;
  // Where a type never stands beside anyOf (typeArrays: any-of-only; a vendor's client refuses
  // "type and anyOf cannot be both populated"), the wrapper could keep no type beside it (round 26).
  if (s.plan.typeArrays === 'any-of-only') return true;
  return s.plan.typeArrays !== 'keep' && types.filter((t) => t !== 'null').length > 1;
}

/** Whether a reference's siblings merge into its target as one node (their meta keywords and definitions aside). */
function mergesInto(target: JsonObject, siblings: JsonObject): boolean {
  let rules: JsonObject | undefined;
  for (const k in siblings) if (!SILENT_KEYWORDS.has(k)) put((rules ??= {}), k, siblings[k]);
  return rules === undefined || canMerge(target, rules);
}

/** 2020-12 applies a `$ref` and its siblings both; annotations beside it win over the target's. */
export function mergeSiblings(s: WalkState, target: unknown, targetTokens: readonly string[], siblings: JsonObject): unknown {
  const site = [...s.tokens];
  for (const k in siblings) recordOrigin(s, siblings, k, tokensOf(s, siblings, k));
  if (target === true) return siblings;
  if (!isPlainObject(target)) {
    // A false target accepts nothing whatever stands beside it; only the annotations remain to carry.
    const out: JsonObject = {};
    for (const k in siblings) {
      if (!ANNOTATION_KEYWORDS.has(k)) continue;
      put(out, k, siblings[k]);
      recordOrigin(s, out, k, tokensOf(s, siblings, k));
    }
    put(out, 'not', {});
    recordOrigin(s, out, 'not', targetTokens);
    (s.madeUpKeys ??= new WeakMap()).set(out, new Set(['not']));
    return out;
  }
  const out: JsonObject = {};
  // Properties and required of both sides merge by name, as allOf branches do (canMerge, mergeBranch).
  if (mergesInto(target, siblings)) {
    for (const k in target) {
      put(out, k, target[k]);
      recordOrigin(s, out, k, [...targetTokens, k]);
    }
    mergeBranch(s, out, siblings, site);
    for (const k in siblings) {
      if (!ANNOTATION_KEYWORDS.has(k) && !SILENT_KEYWORDS.has(k)) continue;
      put(out, k, siblings[k]);
      recordOrigin(s, out, k, tokensOf(s, siblings, k));
    }
    return out;
  }
  const rest: JsonObject = {};
  for (const k in siblings) {
    // Meta keywords and definitions beside a reference are the document's, not a rule of this node.
    const into = ANNOTATION_KEYWORDS.has(k) || SILENT_KEYWORDS.has(k) ? out : rest;
    put(into, k, siblings[k]);
    recordOrigin(s, into, k, tokensOf(s, siblings, k));
  }
  const pair = [target, rest];
  recordOrigin(s, pair, '0', targetTokens);
  recordOrigin(s, pair, '1', site);
  put(out, 'allOf', pair);
  recordOrigin(s, out, 'allOf', site);
  // The allOf is the walk's own way to apply both; explain tells of the $ref, not of a keyword the author never wrote.
  (s.madeUpKeys ??= new WeakMap()).set(out, new Set(['allOf']));
  return out;
}
