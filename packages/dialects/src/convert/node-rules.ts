/**
 * Small pure decisions of the nodes pass, shared by the walk: how a definition name is spelled in
 * a reference, which dropped values constrain nothing, which type a typeless schema implies, when
 * an allOf branch merges into its parent.
 */
import { escapeToken } from '../json-pointer.js';
import { hasOwn, isPlainObject, jsonEqual, type JsonObject } from './data.js';
import { ANNOTATION_KEYWORDS, RULE_KEYWORDS } from './keywords.js';
import { isNoOp } from './no-op.js';
import { DROP, type Policy, type PolicyTable } from './plan.js';
import { typeOfValue } from './any-value.js';
import { copyJsonData } from './json-copy.js';
import { commonTypes, typeNames } from '../type-names.js';

/** A definition name as a URI-fragment JSON pointer token: RFC 6901 escapes, then percent-encoding. */
export function fragmentToken(name: string): string {
  return escapeToken(name).replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/]/gu, (c) => encodeURIComponent(c));
}

/** Dropping these values loses nothing, so they need no sentence. */
export function constrainsNothing(keyword: string, value: unknown): boolean {
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') return value === true;
  if (EMPTY_MEANS_NOTHING.has(keyword)) {
    if (Array.isArray(value)) return value.length === 0;
    if (isPlainObject(value)) return Object.keys(value).length === 0;
  }
  return false;
}


/**
 * Whether some keyword of the schema constrains what it accepts (ruleConstrains): "Any JSON value
 * is accepted." is then false. The one answer convert and the sentence checker give.
 */
export function constrainsValues(node: JsonObject): boolean {
  for (const k in node) if (RULE_KEYWORDS.has(k) && ruleConstrains(k, node[k])) return true;
  return false;
}

/**
 * Rule keywords that do not decide what this node accepts: `default` (said, not applied), the
 * content keywords (annotations in 2020-12), and a reference (its target is read in its place).
 */
const NOT_DECIDING: ReadonlySet<string> = new Set(['default', 'contentEncoding', 'contentMediaType', 'contentSchema', '$ref', '$dynamicRef']);

/** Whether a rule keyword's value constrains what passes: not a no-op, nor branches that each (allOf) or one of which (anyOf) accepts every value. */
export function ruleConstrains(keyword: string, value: unknown): boolean {
  if (NOT_DECIDING.has(keyword) || constrainsNothing(keyword, value) || isNoOp(keyword, value)) return false;
  if (keyword === 'allOf' && Array.isArray(value)) return !value.every(acceptsEveryValue);
  if (keyword === 'anyOf' && Array.isArray(value)) return !value.some(acceptsEveryValue);
  return true;
}

const EMPTY_MEANS_NOTHING: ReadonlySet<string> = new Set(['properties', 'patternProperties', 'required', 'dependentRequired', 'dependentSchemas', '$defs', 'definitions']);

/**
 * A copy of rule-file data, so no two output nodes share an object. That data was checked as JSON
 * when its file was read, so no guard can fail here and no depth limit is needed.
 */
export function copyPlain(v: unknown): unknown {
  return copyJsonData(v, 1, Infinity, []);
}

export function indexOfIn(list: readonly string[], name: string, length: number): number {
  for (let i = 0; i < length; i++) if (list[i] === name) return i;
  return -1;
}

export function isArrayType(t: unknown): boolean {
  return t === 'array' || (Array.isArray(t) && t.includes('array'));
}

/** The type a typeless schema's other keywords (or its enum / const values) already imply. */
export function impliedType(out: JsonObject, fromValues: boolean, values: unknown[] | undefined = Array.isArray(out.enum) ? out.enum : undefined): string | undefined {
  if (hasOwn(out, 'properties') || hasOwn(out, 'additionalProperties') || hasOwn(out, 'patternProperties') || hasOwn(out, 'required')) return 'object';
  if (hasOwn(out, 'items') || hasOwn(out, 'prefixItems') || hasOwn(out, 'minItems') || hasOwn(out, 'maxItems')) return 'array';
  if (!fromValues || values === undefined) return undefined;
  return valuesType(values);
}

/** The one type enum or const values share (integers and numbers share number); undefined when none, or only null. */
export function valuesType(values: readonly unknown[]): string | undefined {
  if (values.length === 0) return undefined;
  let shared: string | undefined;
  for (const v of values) {
    const t = typeOfValue(v);
    if (shared === undefined || shared === t) shared = t;
    else if ((shared === 'integer' && t === 'number') || (shared === 'number' && t === 'integer')) shared = 'number';
    else return undefined;
  }
  return shared === 'null' ? undefined : shared;
}

export function policyOf(table: PolicyTable, keyword: string): Policy {
  if (table.allow && !table.allow.has(keyword)) return DROP;
  return table.policies.get(keyword) ?? table.other;
}

/** Whether `a`'s additionalProperties (when it constrains) would judge the same after `b` is merged into it: b adds no property or pattern a does not declare. */
function closureHolds(a: JsonObject, b: JsonObject): boolean {
  if (!hasOwn(a, 'additionalProperties') || a.additionalProperties === true) return true;
  if (hasOwn(b, 'patternProperties')) return false;
  const declared = isPlainObject(a.properties) ? (a.properties as JsonObject) : {};
  if (!isPlainObject(b.properties)) return true;
  for (const name in b.properties as JsonObject) if (!hasOwn(declared, name)) return false;
  return true;
}

/**
 * Two objects whose closures are `true`, `false` or absent, with no patterns or unevaluated rules:
 * merged, a name one side closes out and the other declares is refused (`false`), and the merged
 * object is closed where either side was. That is what 2020-12 applies to them both, exactly
 * (additionalProperties sees only its own node's properties, so each side refuses the other's).
 */
export function closuresMerge(a: JsonObject, b: JsonObject): boolean {
  for (const side of [a, b]) {
    if (hasOwn(side, 'patternProperties') || hasOwn(side, 'unevaluatedProperties')) return false;
    if (hasOwn(side, 'additionalProperties') && typeof side.additionalProperties !== 'boolean') return false;
  }
  return true;
}

/** An allOf branch merges into its parent when no keyword conflicts and neither side's closure would judge the other's properties differently once merged. */
export function canMerge(target: JsonObject, branch: JsonObject, deep = false, depth = 0): boolean {
  // additionalProperties sees only its own node's properties: merged, one side's closure would
  // cover the other side's properties, and the spelling would accept what the canonical refuses,
  // unless the merge writes each refused name out (closuresMerge, mergeBranch).
  const closures = closuresMerge(target, branch);
  if (!closures && (!closureHolds(target, branch) || !closureHolds(branch, target))) return false;
  for (const k in branch) {
    if (!hasOwn(target, k) || jsonEqual(target[k], branch[k]) || ANNOTATION_KEYWORDS.has(k)) continue;
    if (k === 'properties' && isPlainObject(target[k]) && isPlainObject(branch[k])) {
      const a = target[k] as JsonObject;
      for (const name in branch[k] as JsonObject) {
        const other = (branch[k] as JsonObject)[name];
        // A side that accepts every value adds nothing: the conjunction is the other side.
        if (hasOwn(a, name) && !jsonEqual(a[name], other) && !acceptsEveryValue(a[name]) && !acceptsEveryValue(other) && !(deep && mergesDeep(a[name], other, depth))) return false;
      }
      continue;
    }
    if (k === 'required' && Array.isArray(target[k]) && Array.isArray(branch[k])) continue;
    if (k === 'additionalProperties' && closures) continue;
    // Two types that share values are their common types ("number" and "integer": integer).
    if (k === 'type' && mergedType(target.type, branch.type) !== undefined) continue;
    return false;
  }
  return true;
}


/** Nested merges stop here: a bound for hostile input, not met in practice. */
const MAX_DEEP_MERGE = 16;

/**
 * With `allOf: merge-deep`: two schemas of one property that merge in turn (plain schemas, no
 * reference, no conflict by the same rule), so the property is spelled as their conjunction, with
 * every `required` of both: `{format: email}` and `{maxLength: 100}` of one string.
 */
export function mergesDeep(a: unknown, b: unknown, depth: number): boolean {
  if (!isPlainObject(a) || !isPlainObject(b) || depth >= MAX_DEEP_MERGE) return false;
  for (const side of [a, b]) if (hasOwn(side, '$ref') || hasOwn(side, '$dynamicRef') || hasOwn(side, 'allOf')) return false;
  return canMerge(a, b, true, depth + 1);
}

/** The type two merged sides hold together (one name, or a list), or undefined when either is no type or they share no value. */
export function mergedType(a: unknown, b: unknown): string | string[] | undefined {
  const x = typeNames(a);
  const y = typeNames(b);
  if (x === undefined || y === undefined) return undefined;
  const common = commonTypes(x, y);
  return common.length === 0 ? undefined : common.length === 1 ? common[0] : common;
}

/** `true`, or a schema of annotations alone (`default` aside: a dialect says it as a rule would be): every value passes it. */
export function acceptsEveryValue(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isPlainObject(schema)) return false;
  for (const k in schema) if (!ANNOTATION_KEYWORDS.has(k) || k === 'default') return false;
  return true;
}
