/**
 * A JSON-RPC error a handler throws to refuse a request. The SDK's Protocol copies `code`,
 * `message` and `data` into the error response as they are; McpError would prefix the wire
 * message with "MCP error <code>:", which the client prefixes again when it rethrows.
 */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}
