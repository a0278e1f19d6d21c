import { ToolSchema } from '@modelcontextprotocol/sdk/types.js';

/**
 * Why a tool definition is not an MCP Tool as the SDK reads one, or undefined. An SDK client
 * checks a whole tools/list answer with this same schema, so one such tool in a list (a real server's
 * `annotations: {title: null}`) makes it refuse every tool of the list: what is not an MCP Tool is
 * found before it is served, by the SDK's own shape. `where` is the pointer into the tool.
 */
export function toolShapeProblem(tool: unknown): { where: string; message: string } | undefined {
  const parsed = ToolSchema.safeParse(tool);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  return { where: issue.path.map((p) => `/${String(p)}`).join(''), message: `not an MCP Tool: ${issue.message}` };
}
