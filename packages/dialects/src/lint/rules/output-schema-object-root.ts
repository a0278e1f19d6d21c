/**
 * mcp.tool.output-schema.object-root: 2025-06-18 and 2025-11-25 restrict `outputSchema` to an
 * object root (structuredContent is an object there); 2026-07-28 admits any schema.
 */
import { listRevisions, revisionsWithObjectOutputRoot } from '../protocol.js';
import { RULE } from '../rule-catalog.js';
import { isRecord, type LintRule } from '../rule-context.js';

export const outputSchemaObjectRoot: LintRule = (tool, ctx) => {
  const schema = tool.outputSchema;
  const revisions = revisionsWithObjectOutputRoot(tool.scope);
  if (!schema || revisions.length === 0) return;
  const type = isRecord(schema.value) ? schema.value.type : undefined;
  if (type === 'object') return;
  ctx.report(
    RULE.outputSchemaObjectRoot,
    'error',
    `Under ${listRevisions(revisions)} the root of outputSchema must declare "type": "object"${
      type === undefined ? '' : `, not ${JSON.stringify(type)}`
    }; any root is allowed from 2026-07-28.`,
    isRecord(schema.value) && 'type' in schema.value ? `${schema.path}/type` : schema.path,
  );
};
