import { createJudge, type Dialect, type Judge } from '@redouble/dialects';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { INTERNAL_ERROR, INVALID_PARAMS } from './constants.js';
import type { Logger } from './logger.js';
import type { RegisteredTool } from './register-tools.js';
import { RequestError } from './request-error.js';
import type { ToolCallContext } from './tool-definition.js';

/**
 * Runs tools/call: judges the arguments against the canonical inputSchema (whatever spelling the
 * caller read), hands the handler what a canonical caller would have sent, and judges the
 * handler's structuredContent against the canonical outputSchema before it leaves.
 */
export class ToolCaller {
  private readonly tools: Map<string, RegisteredTool>;
  private readonly logger: Logger;
  // Compiled on a tool's first call: compiling every schema up front would make a large server slow to start.
  private readonly judges = new Map<string, Judge>();

  constructor(tools: Map<string, RegisteredTool>, logger: Logger) {
    this.tools = tools;
    this.logger = logger;
  }

  async call(name: string, args: unknown, dialect: Dialect, extra: ToolCallContext['extra']): Promise<CallToolResult> {
    const entry = this.tools.get(name);
    // An unknown tool is a protocol error, not a tool result (MCP 2025-11-25, tools: error handling).
    if (!entry) throw new RequestError(INVALID_PARAMS, `Unknown tool: ${name}`, { tool: name });
    const judge = this.judgeFor(entry);

    const checked = judge.checkArguments(args ?? {}, { decodeNulls: dialect.decodesNulls });
    if (!checked.ok) {
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
    return this.checkResult(entry, judge, result);
  }

  private judgeFor(entry: RegisteredTool): Judge {
    let judge = this.judges.get(entry.name);
    if (!judge) {
      judge = createJudge(entry.tool);
      this.judges.set(entry.name, judge);
    }
    return judge;
  }

  private checkResult(entry: RegisteredTool, judge: Judge, result: CallToolResult): CallToolResult {
    if (result === null || typeof result !== 'object') {
      throw this.serverFault(entry.name, 'the handler returned no result object');
    }
    // A reported tool error need not follow the output schema.
    if (result.isError === true || entry.tool.outputSchema === undefined) return withTextContent(result);
    if (result.structuredContent === undefined) {
      throw this.serverFault(entry.name, 'the tool declares an outputSchema but its result has no structuredContent');
    }
    const checked = judge.checkResult(result.structuredContent);
    if (!checked.ok) throw this.serverFault(entry.name, checked.text, checked.violations);
    return withTextContent(result);
  }

  /** The server broke its own contract: the caller is not to blame, so say so and log it. */
  private serverFault(name: string, text: string, violations?: unknown): RequestError {
    const message = `Server fault: tool "${name}" returned a result that breaks its canonical output schema: ${text}`;
    this.logger.warn(message);
    return new RequestError(INTERNAL_ERROR, message, { fault: 'server', tool: name, violations });
  }
}

/** Structured results should also be readable as text (MCP tools: structured content). */
function withTextContent(result: CallToolResult): CallToolResult {
  if (result.structuredContent === undefined || (Array.isArray(result.content) && result.content.length > 0)) return result;
  return { ...result, content: [{ type: 'text', text: JSON.stringify(result.structuredContent) }] };
}
