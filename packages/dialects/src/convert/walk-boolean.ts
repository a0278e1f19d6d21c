/**
 * Pass 3, nodes: booleans (docs/architecture.md). `true` and `false` as schemas are kept or spelled
 * as objects. Separate because a boolean is a node with no keywords, so no keyword policy applies.
 */
import type { JsonObject } from './data.js';
import { BOOLEAN_CLOSURE_KEYWORDS } from './keywords.js';
import { policyOf } from './node-rules.js';
import type { WalkState } from './walk-state.js';
import { pointer, report } from './walk-paths.js';
import { walkObject } from './walk-node.js';

export function walkBoolean(s: WalkState, b: boolean, atRoot: boolean, keyword: string | undefined): unknown {
  if (s.plan.booleans === 'keep' || (!b && keyword !== undefined && BOOLEAN_CLOSURE_KEYWORDS.has(keyword))) return b;
  if (b) {
    // `true` is the schema that says nothing: spelled like any other typeless schema.
    const empty: JsonObject = {};
    s.madeUp.add(empty);
    return walkObject(s, empty, atRoot, undefined, keyword);
  }
  const table = atRoot ? s.plan.rootTable : s.plan.belowTable;
  if (policyOf(table, 'not').kind !== 'drop') return { not: {} };
  const text = s.plan.events.get('false-schema');
  if (text) return { description: text };
  report(s, 'rule-lost', 'warning', 'a false schema (nothing accepted) cannot be spelled in this dialect and no note carries it', pointer(s));
  return {};
}

/** The dialect spells booleans as objects but cannot spell `not`, so `false` has no spelling. */
export function falseUnspellable(s: WalkState): boolean {
  return s.plan.booleans === 'as-objects' && policyOf(s.plan.belowTable, 'not').kind === 'drop';
}
