import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { DialectError } from '@redouble/dialects';
import { DialectFront, type DialectFrontOptions } from './front/dialect-front.js';
import { downstreamRequest } from './front/request-context.js';
import { wirePair, type MessageExtra } from './front/wire-pair.js';

/** What withDialects needs of an SDK 1.x McpServer (or low-level Server): that it can connect to a transport. */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
  isConnected?(): boolean;
}

/** The longest timer Node allows (~24.8 days): in-process, a tool runs as long as its caller waits, as it would unwrapped. */
const IN_PROCESS_TIMEOUT_MS = 2_147_483_647;

/**
 * Serves an existing McpServer's tools in every dialect. The McpServer is connected to an in-process
 * transport and spoken to as an MCP client, so what it lists (through the SDK's own zod-to-JSON-Schema
 * conversion) is the canonical schema, its own handlers run with what a canonical caller sends, and
 * tools registered, enabled, disabled or removed later arrive through its own list_changed.
 * Call `.connect(transport)` (stdio) or pass `() => front.createServer()` to createDialectHttpHandler.
 * Throws a DialectError when the server is already connected (it can serve one transport only).
 */
export function withDialects(server: ConnectableServer, options: DialectFrontOptions = {}): DialectFront {
  if (server.isConnected?.() === true) {
    throw new DialectError('invalid-option', 'withDialects needs the McpServer before it is connected: call it instead of server.connect(transport).');
  }
  return new DialectFront(
    {
      restart: false,
      clientInfo: { name: 'dialects-mcp', version: '0.1.0' },
      open: async () => {
        const [front, back] = wirePair(callerExtra);
        await server.connect(back);
        return front;
      },
    },
    { ...options, requestTimeoutMs: options.requestTimeoutMs ?? IN_PROCESS_TIMEOUT_MS },
  );
}

/** The caller's authInfo and HTTP request info, for the McpServer's handlers to see as their own. */
function callerExtra(): MessageExtra {
  const caller = downstreamRequest.getStore();
  if (!caller || (caller.authInfo === undefined && caller.requestInfo === undefined)) return undefined;
  return { authInfo: caller.authInfo, requestInfo: caller.requestInfo } as MessageExtra;
}
