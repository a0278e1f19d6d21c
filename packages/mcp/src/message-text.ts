import { ErrorCode, McpError, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * A JSON-RPC message as the JSON text a transport writes. One that JSON cannot carry (nested past
 * what JSON.stringify's stack holds, see nesting.ts) is its sender's fault, never the link's: a
 * response becomes an error response under its id, so the request it answers is not left waiting;
 * a request or notification is refused to its sender with an McpError, which a front does not
 * take for a broken connection. Nothing is half-written either way.
 */
export function messageText(message: JSONRPCMessage): string {
  try {
    return JSON.stringify(message);
  } catch (error) {
    const reason = `it cannot be written as JSON (${error instanceof Error ? error.message : String(error)})`;
    if ('id' in message && !('method' in message)) {
      return JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: ErrorCode.InternalError, message: `The answer could not be sent: ${reason}.` } });
    }
    throw new McpError(ErrorCode.InvalidParams, `The message could not be sent: ${reason}.`);
  }
}
