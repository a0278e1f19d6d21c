import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { DialectError } from '@redouble/dialects';
import { StdioLinesTransport } from './stdio-lines-transport.js';
import { STDIO_LINE_LIMIT } from './stdio-serve.js';

export interface StdioTransportOptions {
  /** Where requests come from; default process.stdin. */
  input?: Readable;
  /** Where answers go; default process.stdout. */
  output?: Writable;
  /** Longest line read as one message; default 10 MiB (the SDK's). A longer request is answered "too large". */
  maxLineBytes?: number;
}

/**
 * A stdio server transport to pass to `server.connect` in place of the SDK's StdioServerTransport:
 * newline-delimited JSON-RPC, as the SDK's, but a request whose envelope is wrong (`params: null`,
 * `_meta` a string) is answered with -32600 naming its JSON pointer, where the SDK's transport drops
 * it and its caller waits for ever; a line past `maxLineBytes` is skipped, its request answered "too
 * large"; an answer JSON cannot carry is an error under its id, never half-written. A batch line
 * (a JSON array) is not run: each request in it is answered -32600 under its id, or the batch once
 * under id null when it has none (stdio-batch.ts). A line that is not JSON is answered -32700 with
 * id null (no id can be read). Each of these is told to the server's onerror too, and skipped. A
 * reader that hangs up (EPIPE on the output) is told to onerror once and closes the transport;
 * answers still to send are dropped. When the input ends, the transport closes once every request
 * it read has been answered.
 */
export function createStdioTransport(options: StdioTransportOptions = {}): Transport {
  const limit = options.maxLineBytes ?? STDIO_LINE_LIMIT;
  // NaN would lift the bound (no length is past it) and 0 would drop every line: refused.
  if (!Number.isSafeInteger(limit) || limit < 1) throw new DialectError('invalid-option', `createStdioTransport: maxLineBytes must be a positive integer (got ${String(limit)})`);
  const input = options.input ?? process.stdin;
  const transport = new StdioLinesTransport(input, options.output ?? process.stdout, limit);
  // A caller closing its end of stdin ends a stdio session (MCP, stdio transport): once every
  // request read is answered, the transport closes and the Server's onclose runs, so a server that
  // holds other handles (a timer, a pool) can end too. The SDK's transport never closes there.
  input.once('end', () => void transport.whenIdle().then(() => transport.close()));
  return transport;
}
