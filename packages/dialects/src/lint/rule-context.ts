import type { SchemaAnalysis } from './analyse-schema.js';
import type { Deref } from './component-refs.js';
import type { Located, Reporter, ToolEntry } from './types.js';

export interface RuleContext extends Reporter {
  /** Follows `$componentRef`s of an MCP Description (identity elsewhere). */
  deref: Deref;
  /** The analysis of one schema, shared by every rule in this run. */
  analysis(schema: Located, mode: 'dialect' | 'legacy'): SchemaAnalysis;
}

export type LintRule = (tool: ToolEntry, context: RuleContext) => void;

export { isRecord } from './is-record.js';

export const toolLabel = (tool: ToolEntry): string => (tool.name === undefined ? 'This tool' : `Tool "${tool.name}"`);

export function schemasOf(tool: ToolEntry): { key: 'inputSchema' | 'outputSchema'; schema: Located }[] {
  const out: { key: 'inputSchema' | 'outputSchema'; schema: Located }[] = [];
  if (tool.inputSchema) out.push({ key: 'inputSchema', schema: tool.inputSchema });
  if (tool.outputSchema) out.push({ key: 'outputSchema', schema: tool.outputSchema });
  return out;
}
