/**
 * mcp.tool.name: MCP 2025-11-25 (tools, "Tool names"; SEP-986) says a name SHOULD be 1 to 128
 * characters of ASCII letters, digits, `_`, `-` and `.`. A name outside that is refused by clients
 * and model APIs that check it (the SDK's own check uses the same pattern), and a dialect whose
 * reader takes fewer characters leaves the tool out of its list: said here, before any client
 * meets it. An empty or missing name is mcp.tool.shape's error, not this rule's.
 */
import { listRevisions, revisionsWithToolNames } from '../protocol.js';
import { RULE } from '../rule-catalog.js';
import { join } from '../../json-pointer.js';
import type { LintRule } from '../rule-context.js';

const NAME = /^[A-Za-z0-9._-]{1,128}$/;

/** What is wrong with a name, in words; undefined when nothing is. */
export function toolNameFault(name: string): string | undefined {
  if (NAME.test(name)) return undefined;
  if (name.length > 128) return `it is ${name.length} characters long (at most 128)`;
  const odd = [...new Set([...name].filter((c) => !/[A-Za-z0-9._-]/.test(c)))];
  const shown = odd.slice(0, 5).map((c) => (c === ' ' ? 'a space' : JSON.stringify(c)));
  return `it contains ${shown.join(', ')}${odd.length > 5 ? ` and ${odd.length - 5} more` : ''}; a name may hold only ASCII letters, digits, "_", "-" and "."`;
}

export const toolName: LintRule = (tool, ctx) => {
  const revisions = revisionsWithToolNames(tool.scope);
  if (tool.name === undefined || tool.name === '' || revisions.length === 0) return;
  const fault = toolNameFault(tool.name);
  if (fault === undefined) return;
  ctx.report(
    RULE.toolName,
    'warning',
    `The tool name ${JSON.stringify(tool.name)} is not one ${listRevisions(revisions)} recommends: ${fault}. Clients and model APIs that check names refuse it, and dialects whose readers take fewer characters leave the tool out.`,
    join(tool.path, 'name'),
  );
};
