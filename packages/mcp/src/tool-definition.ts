import type { Dialect } from '@redouble/dialects';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

/** What a tool handler learns besides its arguments. */
export interface ToolCallContext {
  /** The dialect the caller read the tool in (its arguments are already canonical). */
  dialect: Dialect;
  /** The SDK's per-request extra: abort signal, `_meta`, request info, notifications. */
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>;
}

/**
 * A tool's implementation. It receives the arguments a canonical caller would have sent: judged
 * against the canonical inputSchema, with a null-sending dialect's nulls already read as omissions.
 */
export type ToolHandler = (
  args: Record<string, unknown>,
  context: ToolCallContext,
) => CallToolResult | Promise<CallToolResult>;

/** A tool as its author writes it: the canonical MCP Tool plus its handler. A field set to undefined is absent, as in JSON. */
export interface DialectTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
  [key: string]: unknown;
  handler: ToolHandler;
}
