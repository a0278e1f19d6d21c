import { createJudge, type Dialect, type Judge } from '@redouble/dialects';
import { CallToolResultSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { INTERNAL_ERROR, INVALID_PARAMS } from './constants.js';
import { encodeNulls } from './encode-nulls.js';
import type { Logger } from './logger.js';
import type { RegisteredTool } from './register-tools.js';
import { RequestError } from './request-error.js';
import type { ToolCallContext } from './tool-definition.js';
import type { ToolListCache } from './tool-list-cache.js';

/**
 * Runs tools/call: judges the arguments against the canonical inputSchema (whatever spelling the
 * caller read), hands the handler what a canonical caller would have sent, and judges the
 * handler's structuredContent against the canonical outputSchema before it leaves.
 */
export class ToolCaller {
  private readonly tools: Map<string, RegisteredTool>;
  private readonly lists: ToolListCache;
  private readonly logger: Logger;
  // Compiled on a tool's first call: compiling every schema up front would make a large server slow to start.
  private readonly judges = new Map<string, Judge>();

  constructor(tools: Map<string, RegisteredTool>, lists: ToolListCache, logger: Logger) {
    this.tools = tools;
    this.lists = lists;
    this.logger = logger;
  }

  async call(name: string, args: unknown, dialect: Dialect, extra: ToolCallContext['extra']): Promise<CallToolResult> {
    const entry = this.tools.get(name);
    // An unknown tool is a protocol error, not a tool result (MCP 2025-11-25, tools: error handling).
    if (!entry) throw new RequestError(INVALID_PARAMS, `Unknown tool: ${name}`, { tool: name });
    const judge = this.judgeFor(entry);

    const checked = judge.checkArguments(args ?? {}, { decodeNulls: dialect.decodesNulls });
    if (!checked.ok) {
      // The tool's own schema could not be applied: nothing the caller can correct.
      if (checked.fault === 'server') throw this.serverFault(name, checked.text, checked.violations);
      // Input errors go back as a tool result so the model can read them and try again (SEP-1303).
      return { content: [{ type: 'text', text: checked.text }], isError: true };
    }

    let result: CallToolResult;
    try {
      result = await entry.handler(checked.value as Record<string, unknown>, { dialect, extra });
    } catch (error) {
      if (error instanceof RequestError || error instanceof McpError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      return { content: [{ type: 'text', text: `Tool "${name}" failed: ${message}` }], isError: true };
    }
    return this.checkResult(entry, judge, result, dialect);
  }

  private judgeFor(entry: RegisteredTool): Judge {
    let judge = this.judges.get(entry.name);
    if (!judge) {
      judge = createJudge(entry.tool);
      this.judges.set(entry.name, judge);
    }
    return judge;
  }

  private checkResult(entry: RegisteredTool, judge: Judge, result: CallToolResult, dialect: Dialect): CallToolResult {
    if (result === null || typeof result !== 'object') {
      throw this.serverFault(entry.name, 'its handler returned no result object.');
    }
    // The SDK checks this only for handlers it registers itself; tools/call is answered without one.
    const shape = CallToolResultSchema.safeParse(result);
    if (!shape.success) {
      const first = shape.error.issues[0];
      throw this.serverFault(entry.name, `its handler result is not a CallToolResult (at /${first?.path.join('/') ?? ''}: ${first?.message ?? 'invalid'}).`);
    }
    // A reported tool error need not follow the output schema.
    if (result.isError === true || entry.tool.outputSchema === undefined) return withTextContent(result);
    if (result.structuredContent === undefined) {
      throw this.serverFault(entry.name, 'it declares an outputSchema, but its result has no structuredContent.');
    }
    const checked = judge.checkResult(result.structuredContent);
    if (!checked.ok) throw this.serverFault(entry.name, `its structuredContent breaks its canonical output schema. ${checked.text}`, checked.violations);
    if (!dialect.decodesNulls) return withTextContent(result);
    // Omissions go out in the caller's words, as they came in: see encode-nulls.ts.
    const spelled = this.lists.tool(dialect, entry.name)?.outputSchema;
    const structuredContent = encodeNulls(result.structuredContent, spelled) as CallToolResult['structuredContent'];
    return withTextContent(structuredContent === result.structuredContent ? result : { ...result, structuredContent });
  }

  /** The server broke its own contract: the caller is not to blame, so say so and log it. */
  private serverFault(name: string, text: string, violations?: unknown): RequestError {
    const message = `Server fault in tool "${name}", not the caller's: ${text}`;
    this.logger.warn(message);
    return new RequestError(INTERNAL_ERROR, message, { fault: 'server', tool: name, violations });
  }
}

/** Structured results should also be readable as text (MCP tools: structured content). */
function withTextContent(result: CallToolResult): CallToolResult {
  if (result.structuredContent === undefined || (Array.isArray(result.content) && result.content.length > 0)) return result;
  return { ...result, content: [{ type: 'text', text: JSON.stringify(result.structuredContent) }] };
}
