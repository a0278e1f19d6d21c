import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { answerableId, jsonRpcProblem } from './check-json-rpc.js';
import { normaliseOrigin, originRefusal } from './check-origin.js';
import { RequestError } from './request-error.js';
import { dialectInUrl, withDialect } from './forward-url-dialect.js';
import { initializeDialectRefusal, initializeRequests, watchInitializeRefusal } from './http-initialize.js';
import { SessionTable, type SessionLimits } from './http-sessions.js';
import { stderrLogger, type Logger } from './logger.js';
import { readJsonBody } from './read-json-body.js';

export interface DialectHttpHandlerOptions {
  /** A fresh SDK Server for each session and each stateless request; may be async (a front waits for its upstream). */
  createServer: () => Server | Promise<Server>;
  /**
   * Streamable HTTP sessions (Mcp-Session-Id): an initialize opens one, with a Server of its own
   * that keeps a GET stream for notifications and can ask its client requests; DELETE ends it.
   * Requests without a session id are still served statelessly. Default on, 64 sessions, ended
   * after 10 minutes idle; `false` serves stateless only.
   */
  sessions?: SessionLimits | false;
  /** The one MCP endpoint; default `/mcp`. Every dialect is served here. */
  path?: string;
  /** Answer with plain JSON instead of an SSE stream; default false (the SDK's default). */
  enableJsonResponse?: boolean;
  /** Largest accepted body; default 4 MiB (the SDK's own limit). Larger ones get 413. */
  maxBodyBytes?: number;
  /** Longest wait for the whole body once the headers are in; default 30 000 ms. Slower ones get 408. */
  bodyTimeoutMs?: number;
  /**
   * Host header values to accept (e.g. `127.0.0.1:3000`); when given, any other Host is refused,
   * which keeps a local server out of reach of DNS-rebinding web pages. Default: no check.
   */
  allowedHosts?: string[];
  /**
   * Origin header values to accept (e.g. `http://localhost:6274`); any other Origin gets 403.
   * Requests without Origin (non-browser clients) always pass. Default: on a loopback address,
   * loopback origins only (`localhost`, `127.0.0.1`, `[::1]`, any port); elsewhere, only the
   * server's own origin (the one its Host header names).
   */
  allowedOrigins?: string[];
  /**
   * The dialects the servers serve (the DialectTools or DialectFront behind `createServer`): when
   * given, an `initialize` (alone or in a batch) whose URL or own `_meta` names a dialect they do
   * not serve is refused at once (400, JSON-RPC -32602 with the accepted names) and opens no
   * session, so a client whose only setting is its URL hears of a misspelt name when it connects,
   * not at its first tools/list. Default: the Server refuses such an initialize in its answer
   * (the URL's name is copied into its `_meta` as into any request's), and its session is ended.
   */
  dialects?: { accepted(): readonly string[] };
  /** Where dropped requests are noted (`debug`, when the logger has it); default: stderr with NODE_DEBUG=dialects. */
  logger?: Logger;
}

/**
 * The SDK's Streamable HTTP transport, imported on first need. Why: with the web framework under it,
 * it is about 40 ms of a process's start, and a server that serves only stdio never needs it; a
 * handler starts the import when it is created, so its first request rarely waits for it.
 */
let transportClass: typeof StreamableHTTPServerTransport | undefined;
let loading: Promise<typeof StreamableHTTPServerTransport> | undefined;
function httpTransport(): Promise<typeof StreamableHTTPServerTransport> {
  loading ??= import('@modelcontextprotocol/sdk/server/streamableHttp.js').then((m) => (transportClass = m.StreamableHTTPServerTransport));
  return loading;
}

export type NodeRequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The handler, and a way to end every session it holds (when its HTTP server shuts down). */
export type DialectHttpHandler = NodeRequestHandler & { close(): Promise<void> };

/**
 * A node:http request handler serving Streamable HTTP at one endpoint (sessions, and stateless
 * requests beside them), forwarding `?dialect=` into the `_meta` slot of every request that lacks
 * it before the SDK sees it. The promise it returns never rejects: a broken request (a client that
 * hung up, a stalled upload, a fault below) is answered if anyone still listens, else dropped and
 * noted at debug level.
 */
export function createDialectHttpHandler(options: DialectHttpHandlerOptions): DialectHttpHandler {
  // Failing here is reported by the first request that needs it.
  httpTransport().catch(() => undefined);
  const path = options.path ?? '/mcp';
  const limit = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const bodyTimeout = options.bodyTimeoutMs ?? 30_000;
  const logger = options.logger ?? stderrLogger;
  const drop = (req: IncomingMessage, why: string): void => logger.debug?.(`dialects-mcp: dropped ${req.method} ${req.url}: ${why}`);
  // Read per request, not once: a host may only learn its port after listening (see the tests).
  const origins = (): ReadonlySet<string> | undefined =>
    options.allowedOrigins && new Set(options.allowedOrigins.map((o) => normaliseOrigin(o) ?? o));
  const sessions =
    options.sessions === false
      ? undefined
      : new SessionTable(options.sessions ?? {}, (why, error) => logger.debug?.(`dialects-mcp: ${why}${error === undefined ? '' : `: ${String(error)}`}`));
  const transportOptions = () => ({
    enableJsonResponse: options.enableJsonResponse ?? false,
    allowedHosts: options.allowedHosts,
    enableDnsRebindingProtection: options.allowedHosts !== undefined,
  });

  /** A request in an open session, served by that session's own transport. */
  const inSession = async (req: IncomingMessage, res: ServerResponse, table: SessionTable, id: string, body?: unknown): Promise<void> => {
    // A GET is the client's stream for the server's notifications: not a request (http-sessions.ts).
    const session = table.use(id, req.method === 'GET' ? 'stream' : 'request');
    if (!session) return sendError(res, 404, -32001, 'Session not found: it ended (DELETE, idle, or evicted) or never existed; initialize again.');
    res.once('close', session.done);
    await session.transport.handleRequest(req, res, body);
  };

  /** An initialize without a session id: a new session, with its own Server. */
  const openSession = async (req: IncomingMessage, res: ServerResponse, table: SessionTable, body: unknown): Promise<void> => {
    if (!table.makeRoom()) return sendError(res, 503, -32000, 'Too many sessions, all busy; try again later.', { 'Retry-After': '1' });
    const server = await options.createServer();
    if (res.destroyed) {
      server.close().catch((error: unknown) => drop(req, `closing the server: ${String(error)}`));
      return;
    }
    const Transport = transportClass ?? (await httpTransport());
    const transport: StreamableHTTPServerTransport = new Transport({
      ...transportOptions(),
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => table.add(id, transport, server),
      onsessionclosed: (id) => table.forget(id),
    });
    const refused = watchInitializeRefusal(transport, body);
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
    // An initialize the SDK refused opened no session: nothing is kept.
    if (transport.sessionId === undefined) server.close().catch((error: unknown) => drop(req, `closing the server: ${String(error)}`));
    // One its Server refused did open one, which is ended once the refusal is out.
    else if (refused()) {
      const id = transport.sessionId;
      if (res.writableEnded) table.forget(id);
      else res.once('close', () => table.forget(id));
    }
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return sendError(res, 404, -32601, `Not found: the MCP endpoint is ${path}.`);
    const refusal = originRefusal(req, origins());
    if (refusal) return sendError(res, 403, -32000, refusal);
    const sessionId = req.headers['mcp-session-id'];
    if (req.method !== 'POST') {
      // Stateless: no session to resume by GET or end by DELETE.
      if (!sessions) return sendError(res, 405, -32000, 'Method not allowed: this endpoint is stateless, POST only.', { Allow: 'POST' });
      if (req.method !== 'GET' && req.method !== 'DELETE') return sendError(res, 405, -32000, 'Method not allowed: POST, GET or DELETE.', { Allow: 'POST, GET, DELETE' });
      if (typeof sessionId !== 'string') return sendError(res, 400, -32000, `Bad Request: ${req.method} needs the Mcp-Session-Id header of an open session (an initialize without one opens a session).`);
      return inSession(req, res, sessions, sessionId);
    }
    const reading = await readJsonBody(req, limit, bodyTimeout);
    if (!reading.ok) {
      if (reading.dropped) {
        drop(req, reading.message);
        // Whoever is left gets the answer, then the connection goes: its remaining bytes are not read.
        sendError(res, reading.status, reading.code, reading.message, { Connection: 'close' });
        res.once('finish', () => req.destroy());
        return;
      }
      return sendError(res, reading.status, reading.code, reading.message);
    }
    const problem = jsonRpcProblem(reading.body);
    if (problem) return sendError(res, 400, -32600, `Invalid Request: ${problem}`, {}, answerableId(reading.body));
    let urlDialect: string | undefined;
    try {
      urlDialect = dialectInUrl(url);
    } catch (error) {
      // A URL naming two dialects (forward-url-dialect.ts).
      if (!(error instanceof RequestError)) throw error;
      return sendError(res, 400, error.code, error.message, {}, answerableId(reading.body));
    }
    const body = withDialect(reading.body, urlDialect);
    const initializing = initializeRequests(reading.body).length > 0;
    if (initializing && options.dialects) {
      const refused = initializeDialectRefusal(reading.body, urlDialect, options.dialects.accepted());
      if (refused) return sendError(res, 400, refused.error.code, refused.error.message, {}, refused.id, refused.error.data);
    }
    if (sessions && typeof sessionId === 'string') return inSession(req, res, sessions, sessionId, body);
    if (sessions && initializing) return openSession(req, res, sessions, body);

    let server: Server | undefined;
    const Transport = transportClass ?? (await httpTransport());
    const transport = new Transport({ ...transportOptions(), sessionIdGenerator: undefined });
    res.on('close', () => {
      transport.close().catch((error: unknown) => drop(req, `closing the transport: ${String(error)}`));
      server?.close().catch((error: unknown) => drop(req, `closing the server: ${String(error)}`));
    });
    // May wait (a front waits for its upstream); a caller who hung up meanwhile is not served.
    server = await options.createServer();
    if (res.destroyed) {
      server.close().catch((error: unknown) => drop(req, `closing the server: ${String(error)}`));
      return;
    }
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      await serve(req, res);
    } catch (error) {
      drop(req, (error as Error)?.message ?? String(error));
      if (!res.headersSent && !res.destroyed) sendError(res, 500, -32603, `Internal error: ${(error as Error)?.message ?? String(error)}`);
      else res.destroy();
    }
  };
  return Object.assign(handler, { close: async () => sessions?.closeAll() });
}

/** `id`: the request's own, when it has a usable one (a single request refused for its envelope). */
function sendError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}, id: string | number | null = null, data?: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: data === undefined ? { code, message } : { code, message, data }, id }));
}
