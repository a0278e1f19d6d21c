/**
 * mcp.tool.name.unique: a call names its tool, so of two tools in one list with the same name only
 * one can be called (MCP 2025-11-25: names SHOULD be unique within a server). A check of the list,
 * not of one tool: reported at each later tool's name, naming where the first stands. Only where
 * their revisions meet: an MCP Description may describe one tool per revision under one name.
 */
import { listRevisions, revisionsWithToolNames } from '../protocol.js';
import { RULE } from '../rule-catalog.js';
import { join } from '../../json-pointer.js';
import type { Reporter, ToolEntry } from '../types.js';

export function toolNamesUnique(tools: readonly ToolEntry[], reporter: Reporter): void {
  const earlier = new Map<string, ToolEntry[]>();
  for (const tool of tools) {
    if (tool.name === undefined || tool.name === '') continue;
    const same = earlier.get(tool.name);
    if (same === undefined) {
      earlier.set(tool.name, [tool]);
      continue;
    }
    same.push(tool);
    const revisions = revisionsWithToolNames(tool.scope);
    const clash = same.find((other) => other !== tool && other.scope.some((r) => revisions.includes(r)));
    if (clash === undefined) continue;
    const shared = revisions.filter((r) => clash.scope.includes(r));
    reporter.report(
      RULE.toolNameUnique,
      'warning',
      `The tool name ${JSON.stringify(tool.name)} is taken already by the tool at ${clash.path}: a call names its tool, so only one of them can be called (${listRevisions(shared)}: names are unique within a server).`,
      join(tool.path, 'name'),
    );
  }
}
