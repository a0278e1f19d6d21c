/**
 * The limits a vendor counts per request, over tools already spelled one at a time: a server
 * converts and serves each tool apart (one conversion per tool and dialect), so the sums that
 * convert reports at /tools of a whole tools/list are counted here from the spelled schemas, with
 * the walk's own count of a finished node (LimitCounts.countNode).
 */
import { sortDiagnosticsInPlace, type Diagnostic } from '../diagnostics.js';
import type { Dialect } from '../rules/registry.js';
import { checkDialect } from './convert.js';
import { isPlainObject, type JsonObject } from './data.js';
import { eachSubschema } from './keywords.js';
import { addTotals, checkRequestTotals, LimitCounts, requestTotals } from './limits.js';
import { planFor } from './plan.js';

/**
 * What a request that carries every one of `tools` (Tools as convert spelled them in `dialect`)
 * passes of the dialect's per-request limits: `request-limit-exceeded` warnings at /tools, the
 * same that convert gives for those tools as one tools/list. Empty where the dialect counts none.
 */
export function requestLimits(tools: readonly unknown[], dialect: Dialect): Diagnostic[] {
  checkDialect(dialect, 'requestLimits');
  const plan = planFor(dialect);
  const totals = requestTotals(plan);
  if (totals === undefined) return [];
  const counting = plan.counting;
  const defs = plan.references?.definitionsKeyword ?? '$defs';
  const counts = new LimitCounts();
  for (const tool of tools) {
    if (!isPlainObject(tool)) continue;
    totals.tools++;
    if (counting === undefined || !isPlainObject(tool.inputSchema)) continue;
    counts.reset();
    // A stack, not recursion: the spelled schema may be as deep as convert's depth bound.
    const stack: JsonObject[] = [tool.inputSchema];
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      counts.countNode(node, defs, counting);
      eachSubschema(node, (child) => {
        if (isPlainObject(child)) stack.push(child);
      });
    }
    addTotals(totals, counts);
  }
  const diags: Diagnostic[] = [];
  checkRequestTotals(plan, totals, diags);
  // In convert's order (by path, then code and message), so the two read alike.
  return sortDiagnosticsInPlace(diags);
}
