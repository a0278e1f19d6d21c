/**
 * Pass 3, nodes: which `given` rules hold at a node (docs/rule-format.md, "given"). A canonical
 * `given` is matched by identity against the input node the walk started this node from (before
 * allOf merging and the other rewrites), from sets built in one pass when the schema's first node
 * asks; a spelled one runs its filter on the node as the walk holds it. Separate because it is the
 * only step that evaluates rule-file scripts, and it owns their failure report.
 */
import { matchesSpelled, selectAll, type GivenCount } from '../rules/jsonpath.js';
import type { JsonObject } from './data.js';
import { makeTable, type Policy, type PolicyTable } from './plan.js';
import type { WalkState } from './walk-state.js';
import { report } from './walk-paths.js';

/**
 * The node's policy table: the root or below-root table, with the `given` rules that select this
 * node. The walk asks only when the plan has `given` rules; without them it takes the base table.
 */
export function tableFor(s: WalkState, canonical: JsonObject, node: JsonObject, atRoot: boolean): PolicyTable {
  const plan = s.plan;
  const base = atRoot ? plan.rootTable : plan.belowTable;
  const given = plan.given;
  if (s.givenSets === undefined) {
    // Spelled rules are matched at each node instead; their place in the list keeps the indexes aligned.
    const selection = selectAll(s.root, given.map((g) => (g.on === 'authored' ? g.given : undefined)), s.limits.maxDepth);
    s.givenSets = selection.sets;
    s.givenCounts = selection.counts;
  }
  const sets = s.givenSets;
  const counts = s.givenCounts as GivenCount[];
  let key: string | undefined;
  for (let i = 0; i < given.length; i++) {
    const g = given[i] as (typeof given)[number];
    if ((g.scope === 'root' && !atRoot) || (g.scope === 'below-root' && atRoot)) continue;
    const hit = g.on === 'authored' ? (sets[i] as Set<object>).has(canonical) : matchesSpelled(g.given, node, s.tokens[s.tokens.length - 1], s.root, counts[i] as GivenCount);
    if (hit) key = key === undefined ? `${atRoot ? 'r' : 'b'}${i}` : `${key},${i}`;
  }
  if (key === undefined) return base;
  let table = plan.givenTables.get(key);
  if (table === undefined) {
    const policies = new Map<string, Policy>(base.policies);
    for (const i of key.slice(1).split(',')) for (const [k, p] of (given[Number(i)] as (typeof given)[number]).policies) policies.set(k, p);
    table = makeTable(policies, base.other, base.allow);
    plan.givenTables.set(key, table);
  }
  return table;
}

/** A `given` whose script threw on every node it was tried on applied nowhere: that is said, once per schema. */
export function reportGivenFailures(s: WalkState): void {
  const counts = s.givenCounts as GivenCount[];
  s.plan.given.forEach((g, i) => {
    const c = counts[i];
    if (c === undefined || c.tried === 0 || c.threw !== c.tried) return;
    report(
      s,
      'given-failed',
      'warning',
      `rule "${g.ruleId}": its given ${g.given.expr} threw on every node it was tried on (${c.tried}), so the rule applied nowhere in this schema: ${c.error ?? 'no message'}`,
      s.prefix,
    );
  });
}
