import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { RequestError } from '../request-error.js';

/** JSON-RPC code for "the upstream server is not there": the SDK's own ConnectionClosed (-32000). */
export const UPSTREAM_UNAVAILABLE = ErrorCode.ConnectionClosed;

/**
 * What the caller is told when forwarding to the upstream failed. An upstream JSON-RPC error goes
 * back with its own code, message and data (without the SDK client's "MCP error N:" prefix, which
 * the caller's SDK would add a second time); a dropped connection or a failed transport becomes
 * -32000 naming the upstream, so no caller waits for an answer that cannot come.
 */
export function upstreamError(error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  if (error instanceof McpError) {
    const message = unprefixed(error);
    if (error.code === ErrorCode.ConnectionClosed) {
      return new RequestError(UPSTREAM_UNAVAILABLE, `Upstream server closed the connection before answering (${message}); it is being restarted.`);
    }
    return new RequestError(error.code, message, error.data);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RequestError(UPSTREAM_UNAVAILABLE, `Upstream server could not be reached: ${message}`);
}

/** An McpError's message as the other side sent it: without the "MCP error N:" the SDK prepends (and the receiving SDK adds again). */
export function unprefixed(error: McpError): string {
  return error.message.replace(/^MCP error -?\d+: /, '');
}
