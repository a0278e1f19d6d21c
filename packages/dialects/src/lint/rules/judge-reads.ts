/**
 * json-schema.tool-schema.judge-reads: the judge applies the schema as JSON Schema defines it.
 * Where its validator does not (judge/judge-gaps.ts: unevaluatedItems beside contains,
 * unevaluatedProperties after an if its validator misreads, $dynamicRef across resources), calls
 * would be judged against another schema than the canonical one (law 1): the tool is refused at
 * registration, where its author hears of it and of a spelling the judge reads alike.
 */
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { someEntry } from '../../some-entry.js';
import { ResourceIndex, type SchemaNode } from '../../resource-index.js';
import { judgeGap } from '../../judge/judge-gaps.js';

/** Keys without which a document has no gap: most have none of them, and are not indexed for it. */
const GAP_KEYS: ReadonlySet<string> = new Set(['unevaluatedItems', 'unevaluatedProperties', '$dynamicRef']);

export const judgeReads: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    const a = ctx.analysis(schema, 'dialect');
    // A schema that is invalid, too large, not JSON data (an object that contains itself, which a
    // scan of its entries would follow for ever) or unresolved is json-schema.tool-schema.valid's to report.
    if (a.dialect !== '2020-12' || a.walkProblem !== undefined || a.refs.some((r) => r.kind !== 'external')) continue;
    if (!someEntry(schema.value, (key) => GAP_KEYS.has(key))) continue;
    const gap = judgeGap(new ResourceIndex(schema.value as SchemaNode, a.dialect));
    if (gap !== undefined) ctx.report(RULE.judgeReads, 'error', gap.message, schema.path + gap.pointer);
  }
};
