/**
 * Pass 3, nodes, before the keywords (docs/rule-format.md, unionBranches): a node that holds both
 * `properties`/`required` and an anyOf/oneOf is spelled with those keywords moved into each
 * branch, for readers that cannot mix them in one node. `P and (A or B)` is `(P and A) or (P and B)`,
 * and for oneOf exactly one `P and X` holds exactly when exactly one X does, so acceptance is
 * unchanged. `additionalProperties` may move with them: `P, closed` applied in place is each
 * branch merged with `P, closed`, as an allOf branch is merged. Where moving would change
 * acceptance (a closure that does not move, a branch that spells the same property otherwise, a
 * closure the merge cannot carry), the node is left as authored and reported.
 */
import { hasOwn, isPlainObject, jsonEqual, put, type JsonObject } from './data.js';
import { typeAdmitsValue, valuesOf } from './any-value.js';
import { typeNames } from '../type-names.js';
import { canMerge } from './node-rules.js';
import { bothWords, mergeBranch } from './walk-merge.js';
import type { WalkState } from './walk-state.js';
import { pointer, recordOrigin, report, tokensOf } from './walk-paths.js';

/** Keywords whose meaning depends on the properties beside them: moving those would change acceptance. */
const CLOSURES = ['additionalProperties', 'unevaluatedProperties', 'patternProperties'];

export function moveIntoBranches(s: WalkState, node: JsonObject, move: readonly string[], sharedValues = false, dropped: (keyword: string) => boolean = () => false): JsonObject {
  const moved = move.filter((k) => hasOwn(node, k));
  if (moved.length === 0) return node;
  const union = Array.isArray(node.anyOf) ? 'anyOf' : 'oneOf';
  if (Array.isArray(node.anyOf) && Array.isArray(node.oneOf)) return kept(s, node, 'it has both anyOf and oneOf');
  // A closure that moves too is merged as allOf merges one (a branch's own names it refuses are
  // written out as refused, walk-merge.ts); one that stays depends on the properties beside it,
  // unless the dialect drops it (its sentence stays with the node): the spelling then closes nothing.
  const closure = CLOSURES.find((k) => hasOwn(node, k) && !moved.includes(k) && !dropped(k));
  if (closure !== undefined) return kept(s, node, `its ${closure} depends on the properties beside it`);
  const part: JsonObject = {};
  for (const k of moved) put(part, k, node[k]);
  const branches = node[union] as unknown[];
  const unionTokens = tokensOf(s, node, union);
  const spelled: unknown[] = [];
  for (let i = 0; i < branches.length; i++) {
    const b = branches[i];
    const branchTokens = [...unionTokens, String(i)];
    if (b === false) {
      spelled.push(b);
      continue;
    }
    if (b !== true && !isPlainObject(b)) return kept(s, node, `branch ${i} is not a schema`);
    const target: JsonObject = {};
    const [ownPart, ownBranch] = sharedValues && isPlainObject(b) ? withBranchValues(s, part, b, tokensOf(s, node, 'properties'), branchTokens) : [part, b];
    if (isPlainObject(ownBranch)) {
      if (!canMerge(ownBranch, ownPart)) return kept(s, node, `branch ${i} spells one of its properties differently`);
      for (const k in ownBranch) {
        put(target, k, ownBranch[k]);
        recordOrigin(s, target, k, s.origins?.get(ownBranch)?.get(k) ?? [...branchTokens, k]);
      }
    }
    const parentTokens = tokensOf(s, node, moved[0] as string).slice(0, -1);
    mergeBranch(s, target, ownPart, parentTokens);
    spelled.push(target);
    recordOrigin(s, spelled, String(i), branchTokens);
  }
  const out: JsonObject = {};
  for (const k in node) {
    if (moved.includes(k)) continue;
    put(out, k, k === union ? spelled : node[k]);
    recordOrigin(s, out, k, tokensOf(s, node, k));
  }
  // Read as the node was read (an unevaluatedProperties read as additionalProperties is explained as written).
  const readAs = s.readAs?.get(node);
  if (readAs) s.readAs?.set(out, readAs);
  return out;
}

/** The keywords a discriminator's schema may hold: what it admits, and words that change nothing. */
const VALUE_KEYWORDS: ReadonlySet<string> = new Set(['type', 'enum', 'const', 'description', 'title', '$comment']);

/**
 * The moved part and the branch as they read each other: a property the branch pins to values
 * (`const`, `enum`) that the parent's schema for it all admits is, on both sides, the branch's
 * schema, since the branch then accepts no value the parent refuses and the two together accept
 * what the branch does. The parent's description comes first (law 2: the author's words are never
 * dropped). Both unchanged when no property is so pinned.
 */
function withBranchValues(s: WalkState, part: JsonObject, branch: JsonObject, propsTokens: readonly string[], branchTokens: readonly string[]): [JsonObject, JsonObject] {
  const parentProps = part.properties;
  const branchProps = branch.properties;
  if (!isPlainObject(parentProps) || !isPlainObject(branchProps)) return [part, branch];
  const branchPropsTokens = s.origins?.get(branch)?.get('properties') ?? [...branchTokens, 'properties'];
  let pinned: Map<string, JsonObject> | undefined;
  for (const name in branchProps) {
    if (!hasOwn(parentProps, name) || !pinnedWithin(parentProps[name], branchProps[name])) continue;
    const ownTokens = s.origins?.get(branchProps)?.get(name) ?? [...branchPropsTokens, name];
    const parentTokens = s.origins?.get(parentProps)?.get(name) ?? [...propsTokens, name];
    (pinned ??= new Map()).set(name, withParentWords(s, parentProps[name] as JsonObject, branchProps[name] as JsonObject, parentTokens, ownTokens));
  }
  if (pinned === undefined) return [part, branch];
  const replaced = (props: JsonObject, tokens: (n: string) => readonly string[]): JsonObject => {
    const out: JsonObject = {};
    for (const n in props) {
      put(out, n, pinned!.get(n) ?? props[n]);
      recordOrigin(s, out, n, tokens(n));
    }
    return out;
  };
  const partProps = replaced(parentProps, (n) => (pinned!.has(n) ? (s.origins?.get(branchProps)?.get(n) ?? [...branchPropsTokens, n]) : (s.origins?.get(parentProps)?.get(n) ?? [...propsTokens, n])));
  const ownProps = replaced(branchProps, (n) => s.origins?.get(branchProps)?.get(n) ?? [...branchPropsTokens, n]);
  const newPart: JsonObject = {};
  for (const k in part) put(newPart, k, k === 'properties' ? partProps : part[k]);
  const newBranch: JsonObject = {};
  for (const k in branch) {
    put(newBranch, k, k === 'properties' ? ownProps : branch[k]);
    recordOrigin(s, newBranch, k, s.origins?.get(branch)?.get(k) ?? [...branchTokens, k]);
  }
  return [newPart, newBranch];
}

/** Both are values alone (VALUE_KEYWORDS) and every value the branch pins, the parent admits. */
function pinnedWithin(parent: unknown, own: unknown): boolean {
  if (!isPlainObject(parent) || !isPlainObject(own) || jsonEqual(parent, own)) return false;
  for (const k in parent) if (!VALUE_KEYWORDS.has(k)) return false;
  for (const k in own) if (!VALUE_KEYWORDS.has(k)) return false;
  const values = valuesOf(own);
  if (values === undefined || values.length === 0) return false;
  // Both enum and const on one side: its values are their intersection, which valuesOf does not read.
  if ((Array.isArray(parent.enum) && hasOwn(parent, 'const')) || (Array.isArray(own.enum) && hasOwn(own, 'const'))) return false;
  const types = typeNames(parent.type);
  const parentValues = valuesOf(parent);
  return values.every((v) => (types === undefined || types.some((t) => typeAdmitsValue(t, v))) && (parentValues === undefined || parentValues.some((p) => jsonEqual(p, v))));
}

/**
 * The branch's schema with the parent's description ahead of its own (each key keeps its origin;
 * the joined description points where the branch's stands, or the parent's when it has none).
 */
function withParentWords(s: WalkState, parent: JsonObject, own: JsonObject, parentTokens: readonly string[], ownTokens: readonly string[]): JsonObject {
  const words = parent.description;
  if (typeof words !== 'string' || words === '' || own.description === words) return own;
  const mine = typeof own.description === 'string' && own.description !== '';
  const first: JsonObject = { description: words };
  recordOrigin(s, first, 'description', mine ? [...ownTokens, 'description'] : [...parentTokens, 'description']);
  return bothWords(s, first, parentTokens, own, ownTokens) as JsonObject;
}

function kept(s: WalkState, node: JsonObject, why: string): JsonObject {
  // An error: the rule says this dialect's reader cannot mix properties with a union in one node.
  report(s, 'union-branches-kept', 'error', `properties stand beside a union here and cannot be moved into its branches: ${why}; the node is spelled as authored, which this dialect's reader refuses`, pointer(s));
  return node;
}
