/**
 * Pass 3, nodes, before the keywords (docs/architecture.md): union and allOf branches beside
 * `properties`, in a dialect that closes every object or drops additionalProperties (the dialects
 * that declare a required name: walk-required.ts). A branch applies in place, to the same
 * object as its parent: `{properties: {a, b}, oneOf: [{required: [a]}, {required: [b]}]}` says
 * "a or b", and the branch says nothing of other names. Closed as written, each branch refuses
 * every name it does not declare itself, so `{required: [a]}` closed refuses the very `a` it asks
 * for, and the spelled object accepts nothing its parent describes.
 *
 * So a branch that is about the object and has no name-space of its own (no `properties` closure:
 * no additionalProperties, patternProperties or unevaluatedProperties) is read with the parent's
 * name-space: the parent's `properties` it does not declare itself, its `patternProperties` and its
 * `additionalProperties`. That accepts exactly the same objects: the parent applies those same
 * keywords to the same object, so the branch adds no condition that was not there, and it no longer
 * refuses the parent's names. The branch's own schema for a name it shares with its parent is kept
 * (both still apply: the parent keeps its own). A parent with `unevaluatedProperties` is left alone
 * (it reads what the branches evaluate) unless walk-evaluated.ts declared every name they evaluate
 * and read it as additionalProperties; so is a branch that is a reference or types no object.
 *
 * Where objects are not all closed (the dialect drops additionalProperties), a branch refuses no
 * name, but one that requires a name it does not declare is refused by readers that check
 * `required` against `properties`: such a branch takes the parent's `properties` only.
 */
import { hasOwn, isPlainObject, own, put, type JsonObject } from './data.js';
import { typeNames } from '../type-names.js';
import type { WalkState } from './walk-state.js';
import { recordOrigin, tokensOf } from './walk-paths.js';
import { rewriteNode, type KeyChange } from './walk-rewrite.js';

const BRANCHES = ['anyOf', 'oneOf', 'allOf'] as const;
const NAME_SPACE = ['additionalProperties', 'patternProperties', 'unevaluatedProperties'];
const REFERENCES = ['$ref', '$dynamicRef', '$recursiveRef'];

/** The node to walk in its place: its branches read with the parent's names; the node itself when none needs them. */
export function branchesWithParentNames(s: WalkState, node: JsonObject, closesAll: boolean): JsonObject {
  const props = own(node, 'properties');
  if (!isPlainObject(props) || hasOwn(node, 'unevaluatedProperties')) return node;
  const changes: KeyChange[] = [];
  for (const keyword of BRANCHES) {
    const branches = own(node, keyword);
    if (!Array.isArray(branches)) continue;
    let rewritten: unknown[] | undefined;
    const branchTokens = tokensOf(s, node, keyword);
    branches.forEach((b, i) => {
      if (!needsNames(b) || (!closesAll && !requiresUndeclared(b as JsonObject))) return;
      rewritten ??= branches.slice();
      rewritten[i] = withParentNames(s, node, props, b as JsonObject, closesAll);
    });
    if (rewritten === undefined) continue;
    const origins = s.origins?.get(branches);
    rewritten.forEach((_, i) => recordOrigin(s, rewritten!, String(i), origins?.get(String(i)) ?? [...branchTokens, String(i)]));
    changes.push({ key: keyword, value: rewritten, tokens: branchTokens });
  }
  return changes.length === 0 ? node : rewriteNode(s, node, changes);
}

/** A branch about the object with no name-space of its own. */
function needsNames(b: unknown): boolean {
  if (!isPlainObject(b)) return false;
  if (REFERENCES.some((k) => hasOwn(b, k)) || NAME_SPACE.some((k) => hasOwn(b, k))) return false;
  const types = typeNames(own(b, 'type'));
  return types === undefined || types.includes('object');
}

/** The branch requires a name it does not declare (a reader that checks required against properties refuses it). */
function requiresUndeclared(b: JsonObject): boolean {
  const required = own(b, 'required');
  const props = own(b, 'properties');
  return Array.isArray(required) && required.some((n) => typeof n === 'string' && !(isPlainObject(props) && hasOwn(props, n)));
}

function withParentNames(s: WalkState, parent: JsonObject, parentProps: JsonObject, branch: JsonObject, closesAll: boolean): JsonObject {
  const branchProps = own(branch, 'properties');
  if (branchProps !== undefined && !isPlainObject(branchProps)) return branch;
  const propsTokens = tokensOf(s, parent, 'properties');
  const branchOrigins = isPlainObject(branchProps) ? s.origins?.get(branchProps) : undefined;
  // The parent's names in its order, with the branch's own schema where it has one; then the branch's others.
  const names: JsonObject = {};
  for (const name in parentProps) {
    const mine = branchProps !== undefined && hasOwn(branchProps, name);
    put(names, name, mine ? branchProps[name] : parentProps[name]);
    const o = mine ? branchOrigins?.get(name) : (s.origins?.get(parentProps)?.get(name) ?? [...propsTokens, name]);
    if (o) recordOrigin(s, names, name, o);
  }
  if (isPlainObject(branchProps)) {
    for (const name in branchProps) {
      if (hasOwn(parentProps, name)) continue;
      put(names, name, branchProps[name]);
      const o = branchOrigins?.get(name);
      if (o) recordOrigin(s, names, name, o);
    }
  }
  // Where objects are not all closed, the branch's own closure is not changed: it only needs the names.
  const changes: KeyChange[] = [{ key: 'properties', value: names, madeUp: branchProps === undefined }];
  for (const k of closesAll ? NAME_SPACE : []) {
    if (hasOwn(parent, k)) changes.push({ key: k, value: parent[k], tokens: tokensOf(s, parent, k), madeUp: true });
  }
  return rewriteNode(s, branch, changes);
}
