import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { forwardUrlDialect } from './forward-url-dialect.js';
import { readJsonBody } from './read-json-body.js';

export interface DialectHttpHandlerOptions {
  /** A fresh SDK Server for each request (stateless Streamable HTTP cannot reuse one); may be async (a front waits for its upstream). */
  createServer: () => Server | Promise<Server>;
  /** The one MCP endpoint; default `/mcp`. Every dialect is served here. */
  path?: string;
  /** Answer with plain JSON instead of an SSE stream; default false (the SDK's default). */
  enableJsonResponse?: boolean;
  /** Largest accepted body; default 4 MiB (the SDK's own limit). */
  maxBodyBytes?: number;
  /**
   * Host header values to accept (e.g. `127.0.0.1:3000`); when given, any other Host is refused,
   * which keeps a local server out of reach of DNS-rebinding web pages. Default: no check.
   */
  allowedHosts?: string[];
}

export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * A node:http request handler serving stateless Streamable HTTP at one endpoint, forwarding
 * `?dialect=` into the `_meta` slot of every request that lacks it before the SDK sees it.
 */
export function createDialectHttpHandler(options: DialectHttpHandlerOptions): NodeRequestHandler {
  const path = options.path ?? '/mcp';
  const limit = options.maxBodyBytes ?? 4 * 1024 * 1024;
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return sendError(res, 404, -32601, `Not found: the MCP endpoint is ${path}.`);
    // Stateless: no session to resume by GET or end by DELETE.
    if (req.method !== 'POST') return sendError(res, 405, -32000, 'Method not allowed: this endpoint is stateless, POST only.', { Allow: 'POST' });
    const reading = await readJsonBody(req, limit);
    if (!reading.ok) return sendError(res, reading.status, reading.code, reading.message);

    let server: Server | undefined;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: options.enableJsonResponse ?? false,
      allowedHosts: options.allowedHosts,
      enableDnsRebindingProtection: options.allowedHosts !== undefined,
    });
    res.on('close', () => {
      void transport.close();
      void server?.close();
    });
    try {
      server = await options.createServer();
      await server.connect(transport);
      await transport.handleRequest(req, res, forwardUrlDialect(reading.body, url));
    } catch (error) {
      if (!res.headersSent) sendError(res, 500, -32603, `Internal error: ${(error as Error).message}`);
      else res.end();
    }
  };
}

function sendError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
