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

/**
 * The HTTP status an HTTP upstream answered with, when `error` is the SDK client transport's
 * StreamableHTTPError, and what it said. Read by its shape, not by `instanceof`: importing that
 * class loads the whole Streamable HTTP client (its auth modules included, about 10 ms), which a
 * server that never opens an HTTP upstream should not pay for at import.
 */
export function httpStatusOf(error: unknown): { status: number; said: string } | undefined {
  if (!(error instanceof Error) || !error.message.startsWith('Streamable HTTP error: ')) return undefined;
  const status = (error as Error & { code?: unknown }).code;
  if (typeof status !== 'number') return undefined;
  // The SDK's message ends with the body, which a 404 often leaves empty.
  return { status, said: error.message.replace(/^Streamable HTTP error: (Error POSTing to endpoint: )?/, '').trim() };
}
