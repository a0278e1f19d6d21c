/** mcp.tool.input-schema.object-root: arguments are a JSON object, so the root says so. */
import { RULE } from '../rule-catalog.js';
import { isRecord, type LintRule } from '../rule-context.js';

export const inputSchemaObjectRoot: LintRule = (tool, ctx) => {
  const schema = tool.inputSchema;
  if (!schema) return;
  if (!isRecord(schema.value)) {
    ctx.report(RULE.inputSchemaObjectRoot, 'error', `inputSchema must be a JSON Schema object, not ${JSON.stringify(schema.value)}.`, schema.path);
    return;
  }
  const type = schema.value.type;
  if (type === 'object') return;
  ctx.report(
    RULE.inputSchemaObjectRoot,
    'error',
    type === undefined
      ? 'The root of inputSchema must declare "type": "object".'
      : `The root of inputSchema must declare "type": "object", not ${JSON.stringify(type)}.`,
    type === undefined ? schema.path : `${schema.path}/type`,
  );
};
