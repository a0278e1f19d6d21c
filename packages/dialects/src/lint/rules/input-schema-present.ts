/** mcp.tool.input-schema.present: every revision requires `inputSchema` on a Tool. */
import { RULE } from '../rule-catalog.js';
import { toolLabel, type LintRule } from '../rule-context.js';

export const inputSchemaPresent: LintRule = (tool, ctx) => {
  if ('inputSchema' in tool.tool && tool.tool.inputSchema !== undefined) return;
  ctx.report(
    RULE.inputSchemaPresent,
    'error',
    `${toolLabel(tool)} has no inputSchema; a tool without parameters declares {"type": "object", "additionalProperties": false}.`,
    tool.path,
  );
};
