import type { Diagnostic } from '@redouble/dialects';
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * Why a tool definition is not an MCP Tool as the SDK reads one, as a `tool-definition-invalid`
 * error, or undefined. An SDK client checks a whole tools/list answer with this same schema, so one
 * such tool in a list (a real server's `annotations: {title: null}`) makes it refuse every tool of
 * the list: what is not an MCP Tool is found before it is served, by the SDK's own shape. `index`
 * is the tool's place in its list, `named` how the message names it.
 */
export function toolShapeProblem(tool: unknown, index: number, named: string): Diagnostic | undefined {
  const parsed = ToolSchema.safeParse(tool);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.map((p) => `/${String(p)}`).join('');
  return { code: 'tool-definition-invalid', severity: 'error', message: `${named} at ${where || '/'}: not an MCP Tool: ${issue.message}`, path: `/${index}${where}` };
}
