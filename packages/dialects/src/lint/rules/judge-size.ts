/**
 * json-schema.tool-schema.judge-size: a tool schema the judge compiles within its bound
 * (JUDGE_MAX_VALUES, lint/measure.ts). Compiling is one synchronous step on the server's event
 * loop, so a schema past the bound is refused at registration, where its author hears of it,
 * rather than stalling every other request for seconds at its first call. The same holds for a
 * schema whose references multiply what judging one value costs (judge-work.ts): every call that
 * fails it would stall the server, and a doubling recursion lets the caller choose for how long.
 */
import { RULE } from '../rule-catalog.js';
import type { LintRule } from '../rule-context.js';
import { checkSize, JUDGE_MAX_VALUES, JUDGE_WORDS, LINT_MAX_DEPTH, LINT_MAX_NODES } from '../measure.js';

export const judgeSize: LintRule = (tool, ctx) => {
  for (const schema of [tool.inputSchema, tool.outputSchema]) {
    if (!schema) continue;
    // One scan for the common case: within the judge's bound is within lint's too (same depth bound).
    const problem = checkSize(schema.value, schema.path, JUDGE_MAX_VALUES, LINT_MAX_DEPTH, JUDGE_WORDS);
    if (problem === undefined) {
      // Within the size bound, references can still multiply the work of judging one value (judge-work.ts).
      const work = ctx.analysis(schema, 'dialect').judgeWork;
      if (work !== undefined) ctx.report(RULE.judgeSize, 'error', work.message, work.path);
      continue;
    }
    // Past lint's own bounds (too deep, not JSON data, too many values),
    // json-schema.tool-schema.valid already refuses it, and says so.
    if (checkSize(schema.value, schema.path, LINT_MAX_NODES, LINT_MAX_DEPTH) !== undefined) continue;
    ctx.report(RULE.judgeSize, 'error', problem.message, problem.path);
  }
};
