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
import { hasOwn, isPlainObject, put, type JsonObject } from './data.js';
import { canMerge } from './node-rules.js';
import { mergeBranch } from './walk-merge.js';
import type { WalkState } from './walk-state.js';
import { pointer, recordOrigin, report, tokensOf } from './walk-paths.js';

/** Keywords whose meaning depends on the properties beside them: moving those would change acceptance. */
const CLOSURES = ['additionalProperties', 'unevaluatedProperties', 'patternProperties'];

export function moveIntoBranches(s: WalkState, node: JsonObject, move: readonly string[]): JsonObject {
  const moved = move.filter((k) => hasOwn(node, k));
  if (moved.length === 0) return node;
  const union = Array.isArray(node.anyOf) ? 'anyOf' : 'oneOf';
  if (Array.isArray(node.anyOf) && Array.isArray(node.oneOf)) return kept(s, node, 'it has both anyOf and oneOf');
  // A closure that moves too is merged as allOf merges one (a branch's own names it refuses are
  // written out as refused, walk-merge.ts); one that stays depends on the properties beside it.
  const closure = CLOSURES.find((k) => hasOwn(node, k) && !moved.includes(k));
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
    if (isPlainObject(b)) {
      if (!canMerge(b, part)) return kept(s, node, `branch ${i} spells one of its properties differently`);
      for (const k in b) {
        put(target, k, b[k]);
        recordOrigin(s, target, k, s.origins?.get(b)?.get(k) ?? [...branchTokens, k]);
      }
    }
    const parentTokens = tokensOf(s, node, moved[0] as string).slice(0, -1);
    mergeBranch(s, target, part, parentTokens);
    spelled.push(target);
    recordOrigin(s, spelled, String(i), branchTokens);
  }
  const out: JsonObject = {};
  for (const k in node) {
    if (moved.includes(k)) continue;
    put(out, k, k === union ? spelled : node[k]);
    recordOrigin(s, out, k, tokensOf(s, node, k));
  }
  return out;
}

function kept(s: WalkState, node: JsonObject, why: string): JsonObject {
  // An error: the rule says this dialect's reader cannot mix properties with a union in one node.
  report(s, 'union-branches-kept', 'error', `properties stand beside a union here and cannot be moved into its branches: ${why}; the node is spelled as authored, which this dialect's reader refuses`, pointer(s));
  return node;
}
